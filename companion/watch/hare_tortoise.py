"""The Hare and the Tortoise's table as the camera sees it: track, pawns, podium, played cards.

Follows ``shared/rules/hare_tortoise.md`` §2-§7 and the mats of
``printables.mats.hare_tortoise`` (the race mat) and the catalog (one
played-cards mat per seat, seat 1 on ``z1``). The view names what the rules
tell apart: a track space's tile as ``STREAM`` or ``TILE`` (the plain tiles
and the two stream tiles are alike among themselves), the pawns by their ids
(``AH`` hare ... ``AL`` lamb) on the space, finish or podium place they
stand on, and the race cards in front of each player by kind (``H``, ``T``,
``W``, ``W!`` for a howl, ``F``, ``L``), sorted. Hands, the draw pile, the
bets until the end, and the refill never show.

The race phase is not a choice: the engine moves the pawns when the last
refill card is drawn. A pawn put down where the race did not take it (a lamb
carried past a stream it must stop at) is therefore a change no move
explains, reported in words ("the lamb pawn arrived on space 7").
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.watch.model import TableModel, drop_empty
from engines.core import Move, State
from engines.hare_tortoise import CATALOG
from engines.hare_tortoise.cards import ANIMAL_CODES, ANIMALS, KIND_ANIMAL, KINDS, UNK
from engines.hare_tortoise.moves import Play
from engines.hare_tortoise.state import HareState
from vision.reading import TableReading

PAWNS = tuple(f"A{code}" for code in ANIMAL_CODES)
STREAM, TILE = "STREAM", "TILE"
TRACK = 11
FINISH = 12
MAX_PLAY = 4


def pawn_zone(position: int, podium_place: int | None) -> str:
    """Where a pawn stands on the race mat."""
    if podium_place is not None:
        return f"race.podium{podium_place}"
    if position <= 0:
        return "race.start"
    if position >= FINISH:
        return "race.finish"
    return f"race.T{position}"


class HareTable(TableModel):
    """The race mat and the players' played-cards mats as a :class:`TableModel`."""

    game = "hare_tortoise"
    max_depth = 1

    def view(self, state: State) -> dict[str, tuple[str, ...]]:
        assert isinstance(state, HareState)
        out: dict[str, list[str]] = {}
        if state.streams:
            for pos in range(1, TRACK + 1):
                out[f"race.T{pos}"] = [STREAM if pos in state.streams else TILE]
        for animal, pos in enumerate(state.positions):
            place = state.podium.index(animal) + 1 if animal in state.podium else None
            out.setdefault(pawn_zone(pos, place), []).append(PAWNS[animal])
        for seat, kind in state.table:
            out.setdefault(f"z{seat + 1}.played", []).append(KINDS[kind])
        return drop_empty({z: sorted(p) for z, p in out.items()})

    def read(self, reading: TableReading) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for zone, pieces in reading.zones.items():
            items = out.setdefault(zone, [])
            for piece in pieces:
                data = CATALOG[piece].data
                if piece in PAWNS:
                    items.append(piece)
                elif "stream" in data:
                    items.append(STREAM if data["stream"] else TILE)
                elif "kind" in data:
                    items.append(str(data["kind"]))
        return drop_empty({z: sorted(p) for z, p in out.items()})

    def physical_moves(self, state: State) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """Every 1-4 cards of one kind the player holds laid out, caps or not."""
        assert isinstance(state, HareState)
        if state.phase != "play":
            return
        view = self.view(state)
        zone = f"z{state.turn + 1}.played"
        hand = state.hands[state.turn]
        for kind in range(UNK):
            for n in range(1, min(hand[kind] + hand[UNK], MAX_PLAY) + 1):
                laid = tuple(sorted((*view.get(zone, ()), *[KINDS[kind]] * n)))
                yield Play((KINDS[kind],) * n), {**view, zone: laid}

    def zone_name(self, zone: str) -> str:
        mat, _, key = zone.partition(".")
        if mat.startswith("z"):
            return f"the cards in front of seat {mat[1:]}"
        if key.startswith("T"):
            return f"space {key[1:]}"
        if key.startswith("podium"):
            return f"podium place {key[6:]}"
        return f"the {key} line"

    def piece_name(self, piece: str) -> str:
        if piece in PAWNS:
            return f"the {ANIMALS[PAWNS.index(piece)]} pawn"
        if piece in (STREAM, TILE):
            return "a stream tile" if piece == STREAM else "a track tile"
        return f"a {ANIMALS[KIND_ANIMAL[KINDS.index(piece)]]} card"


def track_pieces() -> tuple[str, ...]:
    """Catalog ids of the eleven track tiles: plain ones, then the two streams."""
    plain = [c.id for c in CATALOG if c.data.get("stream") is False]
    streams = [c.id for c in CATALOG if c.data.get("stream") is True]
    return (*plain, *streams)
