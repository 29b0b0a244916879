"""Niagara in a synthetic scene: canoes and their cargo on the river, the hollows' heaps,
the weather marker and each player's banked gems.

The pieces of a state laid as players lay them on the river and bank mats of the
catalog (``engines.niagara.catalog``), for :mod:`testkit.camera` to photograph;
the table model that reads them back is :mod:`companion.watch.niagara`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from companion.watch.niagara import RIVER, WEATHER, bank_zone, slot_zone, weather_zone
from engines.niagara.board import COLOURS
from engines.niagara.catalog import PITCH_MM
from engines.niagara.state import NiagaraState
from testkit.tags import PlacedTag, grid
from vision.games import game_vision
from vision.types import Point

PILE = 2
"""Gems of a hollow the synthetic table shows on its heap (read and ignored)."""


def _spots(polygon: Sequence[Point]) -> list[Point]:
    """Every tag spot of a zone, row by row (an even number across: berths of two)."""
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    across = int((max(xs) - min(xs)) // PITCH_MM)
    return grid(polygon, across * int((max(ys) - min(ys)) // PITCH_MM), PITCH_MM)


@cache
def _polygons() -> dict[str, tuple[str, Sequence[Point]]]:
    """Zone id -> its mat and outline in that mat's millimetres."""
    return {z.id: (m.id, z.polygon) for m in game_vision("niagara").mats for z in m.zones}


def table_tags(state: NiagaraState) -> list[PlacedTag]:
    """Every tag on the table when it shows ``state``, as players lay them.

    In each zone the loaded canoes take its berths in seat order (the canoe's tag, its
    gem's tag at its right), the empty canoes the spots left over; banked gems lie in
    rows; each hollow's heap shows up to ``PILE`` of its gems, askew (read, and ignored);
    the weather marker lies in the middle of its step. Gem tags of a colour are dealt
    ``G<colour>1`` onwards in that order.

    Raises:
        ValueError: the pieces do not fit their zones.
    """
    out: list[PlacedTag] = []
    dealt = dict.fromkeys(COLOURS, 0)

    def deal(colour: str) -> str:
        dealt[colour] += 1
        return f"G{colour}{dealt[colour]}"

    crowds: dict[str, list[tuple[str, str | None]]] = {}
    for seat, canoes in enumerate(state.canoes, start=1):
        for k, canoe in enumerate(canoes, start=1):
            crowds.setdefault(slot_zone(canoe.slot), []).append((f"C{seat}{k}", canoe.gem))
    for zone, crowd in crowds.items():
        mat, polygon = _polygons()[zone]
        spots = _spots(polygon)
        loaded = [(c, g) for c, g in crowd if g is not None]
        if len(crowd) + len(loaded) > len(spots):
            raise ValueError(f"{len(crowd)} canoes ({len(loaded)} loaded) crowd {zone}")
        free = list(range(len(spots)))
        for berth, (canoe_id, colour) in enumerate(loaded):
            assert colour is not None
            first = 2 * berth
            out.append(PlacedTag(canoe_id, mat, spots[first]))
            out.append(PlacedTag(deal(colour), mat, spots[first + 1]))
            free.remove(first)
            free.remove(first + 1)
        empty = [c for c, g in crowd if g is None]
        for canoe_id, index in zip(empty, free, strict=False):
            out.append(PlacedTag(canoe_id, mat, spots[index]))
    for seat, bank in enumerate(state.banks, start=1):
        mat, polygon = _polygons()[bank_zone(seat)]
        for colour, spot in zip(bank, grid(polygon, len(bank), PITCH_MM), strict=True):
            out.append(PlacedTag(deal(colour), mat, spot))
    for colour, hollow in zip(COLOURS, state.hollows, strict=True):
        mat, polygon = _polygons()[f"{RIVER}.HOLLOW_{colour}"]
        heap = hollow[:PILE]
        for k, (piece, spot) in enumerate(
            zip(heap, grid(polygon, len(heap), PITCH_MM), strict=True)
        ):
            out.append(PlacedTag(deal(piece), mat, spot, angle=8.0 if k % 2 else -8.0))
    mat, polygon = _polygons()[weather_zone(state.weather)]
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    out.append(PlacedTag(WEATHER, mat, ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)))
    return out
