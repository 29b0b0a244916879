"""The Hare and the Tortoise's table as the camera sees it: track, pawns, podium, played cards.

Follows ``docs/rules/hare_tortoise.md`` §2-§7 and the mats of
``printables.mats.hare_tortoise`` (the race mat: a space per track position
and podium place, each with a spot for its tile and one per pawn) and the
catalog (one played-cards mat per seat, seat 1 on ``z1``). The view names what
the rules tell apart: a track space's tile as ``STREAM`` or ``TILE`` (the
plain tiles and the two stream tiles are alike among themselves), the pawns by
their ids (``AH`` hare ... ``AL`` lamb) on the space or podium place they
stand on, and the race cards in front of each player by kind (``H``, ``T``,
``W``, ``W!`` for a howl, ``F``, ``L``), sorted. Hands, the draw pile, the
bets until the end, and the refill never show.

With the rule option ``race = by_hand`` a race phase is the players' move:
the pawns move and the played cards go to the discard pile, one ``race`` move
the engine checks, so a lamb carried past the stream it must stop at is
refused with ``hare_tortoise.lamb_stream`` and the state stays where it was.
With ``race = auto`` the engine moves the pawns itself when the last refill
card is drawn, and a pawn put elsewhere is a change no move explains,
reported in words ("the lamb pawn arrived on space 7").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.watch.model import ZH, TableModel, View, drop_empty
from engines.core import Move, State
from engines.hare_tortoise import CATALOG
from engines.hare_tortoise.catalog import (
    ANIMAL_CODES,
    ANIMAL_ZH,
    ANIMALS,
    KIND_ANIMAL,
    KINDS,
    UNK,
)
from engines.hare_tortoise.moves import Play, Race
from engines.hare_tortoise.state import HareState
from vision.reading import TableReading

PAWNS = tuple(f"A{code}" for code in ANIMAL_CODES)
STREAM, TILE = "STREAM", "TILE"
TRACK = 11
FINISH = 12
MAX_PLAY = 4
RACE = "race"


def pawn_zone(position: int, podium_place: int | None) -> str:
    """Where a pawn stands on the race mat."""
    if podium_place is not None:
        return f"{RACE}.podium{podium_place}"
    if position <= 0:
        return f"{RACE}.start"
    if position >= FINISH:
        return f"{RACE}.finish"
    return f"{RACE}.T{position}"


def _position(zone: str) -> tuple[int, int | None] | None:
    """The position and podium place a race-mat zone stands for, or None for another zone."""
    mat, _, key = zone.partition(".")
    if mat != RACE:
        return None
    if key.startswith("podium"):
        return FINISH, int(key[6:])
    if key.startswith("T"):
        return int(key[1:]), None
    return (0 if key == "start" else FINISH), None


class HareTable(TableModel):
    """The race mat and the players' played-cards mats as a :class:`TableModel`."""

    game = "hare_tortoise"
    max_depth = 1

    def view(self, state: State) -> dict[str, tuple[str, ...]]:
        assert isinstance(state, HareState)
        out: dict[str, list[str]] = {}
        if state.streams:
            for pos in range(1, TRACK + 1):
                out[f"{RACE}.T{pos}"] = [STREAM if pos in state.streams else TILE]
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

    def refusable(
        self, state: State, seen: View
    ) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """In a race phase moved by hand: the ``race`` move of the pawns where ``seen`` shows
        them, with the played cards cleared; otherwise the cards a hand could lay."""
        assert isinstance(state, HareState)
        if state.phase != "race":
            yield from self.physical_moves(state)
            return
        move = race_seen(seen)
        if move is None:
            return
        view = {
            z: tuple(p for p in ps if p not in PAWNS)
            for z, ps in self.view(state).items()
            if not z.endswith(".played")
        }
        for zone, pieces in seen.items():
            pawns = [p for p in pieces if p in PAWNS]
            if pawns:
                view[zone] = tuple(sorted((*view.get(zone, ()), *pawns)))
        yield move, drop_empty(view)

    def zone_name(self, zone: str, lang: str = "en") -> str:
        zh = lang == ZH
        mat, _, key = zone.partition(".")
        if mat.startswith("z"):
            return f"第 {mat[1:]} 位玩家面前的牌" if zh else f"the cards in front of seat {mat[1:]}"
        if key.startswith("T"):
            return f"第 {key[1:]} 格" if zh else f"space {key[1:]}"
        if key.startswith("podium"):
            return f"頒獎台第 {key[6:]} 名" if zh else f"podium place {key[6:]}"
        if zh:
            return {"start": "起跑線", "finish": "終點線"}.get(key, key)
        return f"the {key} line"

    def piece_name(self, piece: str, lang: str = "en") -> str:
        names = ANIMAL_ZH if lang == ZH else ANIMALS
        if piece in PAWNS:
            animal = names[PAWNS.index(piece)]
            return f"{animal}棋子" if lang == ZH else f"the {animal} pawn"
        if piece in (STREAM, TILE):
            if lang == ZH:
                return "一塊溪流板塊" if piece == STREAM else "一塊賽道板塊"
            return "a stream tile" if piece == STREAM else "a track tile"
        animal = names[KIND_ANIMAL[KINDS.index(piece)]]
        return f"一張{animal}卡" if lang == ZH else f"a {animal} card"


def race_seen(seen: Mapping[str, tuple[str, ...]]) -> Race | None:
    """The ``race`` move that puts the pawns where ``seen`` shows them, or None when a pawn
    is missing, shows twice or the podium places are not filled from the first."""
    where: dict[str, tuple[int, int | None]] = {}
    for zone, pieces in seen.items():
        spot = _position(zone)
        for pawn in (p for p in pieces if p in PAWNS):
            if spot is None or pawn in where:
                return None
            where[pawn] = spot
    if len(where) != len(PAWNS):
        return None
    places = sorted((place, PAWNS.index(p)) for p, (_, place) in where.items() if place)
    if [place for place, _ in places] != list(range(1, len(places) + 1)):
        return None
    return Race(
        tuple(where[p][0] for p in PAWNS), tuple(ANIMAL_CODES[animal] for _, animal in places)
    )
