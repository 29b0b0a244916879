"""The Hare and the Tortoise in a synthetic scene: each tag's spot on the race mat and
the played-cards mats.

The pieces of a state laid as players lay them on the mats of
``printables.mats.hare_tortoise`` and the catalog, for :mod:`testkit.camera` to
photograph; the table model that reads them back is
:mod:`companion.watch.hare_tortoise`.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.watch.hare_tortoise import PAWNS, RACE, TRACK, pawn_zone
from engines.core import Move, State
from engines.hare_tortoise import CATALOG
from engines.hare_tortoise.catalog import KINDS, UNK
from engines.hare_tortoise.state import HareState
from printables.mats.hare_tortoise import SPOTS, space_origin
from testkit.tags import PlacedTag
from vision.games import game_vision

CARD_PITCH = 36.0
"""Distance between the race cards' tags laid in a played-cards zone, mm: a 28 mm tag
(the default printed size) with its quiet zone, and 3 mm of table (as the race mat's
``PITCH``). Five cards a row, two rows: more than the 8 cards a race phase allows."""

TRACK_TILES = (
    tuple(c.id for c in CATALOG if c.data.get("stream") is False),
    tuple(c.id for c in CATALOG if c.data.get("stream") is True),
)
"""Catalog ids of the plain track tiles and of the two stream tiles."""

RACE_CARDS = tuple(
    tuple(c.id for c in CATALOG if c.data.get("kind") == code) for code in KINDS[:UNK]
)
"""Catalog ids of the race cards, per card kind (``KINDS`` order)."""


def table_tags(state: HareState) -> list[PlacedTag]:
    """Every tag on the table when it shows ``state``: the tiles and pawns on their
    spots of the race mat, the race cards in front of the players who played them."""
    out: list[PlacedTag] = []

    def on(key: str, spot: int, piece: str) -> None:
        x, y = space_origin(key)
        out.append(PlacedTag(piece, RACE, (x + SPOTS[spot][0], y + SPOTS[spot][1])))

    plain, streams = list(TRACK_TILES[0]), list(TRACK_TILES[1])
    for pos in range(1, TRACK + 1) if state.streams else ():
        on(f"T{pos}", 0, (streams if pos in state.streams else plain).pop(0))
    for animal, pos in enumerate(state.positions):
        place = state.podium.index(animal) + 1 if animal in state.podium else None
        on(pawn_zone(pos, place).partition(".")[2], animal + 1, PAWNS[animal])
    seats: dict[int, list[str]] = {}
    used = [0] * UNK
    for seat, kind in state.table:
        seats.setdefault(seat, []).append(RACE_CARDS[kind][used[kind]])
        used[kind] += 1
    for seat, cards in seats.items():
        mat = f"z{seat + 1}"
        zone = next(
            z for m in game_vision("hare_tortoise").mats for z in m.zones if z.id == f"{mat}.played"
        )
        xs = [x for x, _ in zone.polygon]
        x0 = min(xs) + CARD_PITCH / 2 + 2
        y0 = min(y for _, y in zone.polygon) + CARD_PITCH / 2 + 2
        columns = int((max(xs) - min(xs)) // CARD_PITCH)
        for k, card in enumerate(cards):
            spot = (x0 + (k % columns) * CARD_PITCH, y0 + (k // columns) * CARD_PITCH)
            out.append(PlacedTag(card, mat, spot))
    return out


def script_tags(start: State, moves: Iterable[Move]) -> list[list[PlacedTag]]:
    """The tags on the table at the start and after each move of a scripted game."""
    assert isinstance(start, HareState)
    out = [table_tags(start)]
    state = start
    for move in moves:
        state = state.apply(move)
        assert isinstance(state, HareState)
        out.append(table_tags(state))
    return out
