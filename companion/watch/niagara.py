"""Niagara's table as the camera sees it: canoes and gems on the river, the hollows, the
weather, and each player's banked gems.

Follows ``shared/rules/niagara.md`` §3-§10 and the mats of the catalog
(``engines.niagara.catalog``): the river mat (zones ``HOME``, ``M1``-``M5``,
``L6``, ``L7``, ``R6``, ``R7``, the falls, the five hollows and the weather
chart) and a bank mat per seat (seat 1 banks on ``bank1``).

A view names each canoe by its tag (``C21``: seat 2's first canoe) in the zone
it floats on (a canoe lost over the falls lies on ``FALLS``) with the gem it
carries (``C21+Y``), every gem in a hollow or a bank by colour (``GEM-Y``), and
the weather marker on its step.

The physical convention for cargo: **a gem riding a canoe lies at the canoe's
downstream side**, its tag just to the right of the canoe's tag as the mat's
labels read (the river flows left to right). A gem tag within ``CARGO_MM`` of a
canoe's tag, more to its right than above or below it, rides in that canoe
(each canoe takes the nearest such gem; a gem in a hollow or on a bank mat
never rides). A gem lying loose on a river slot shows as a gem there, which no
state explains. Paddle tiles are chosen face down: they reach the companion
from the phones.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cached_property

from companion.watch.camera import grid
from companion.watch.model import PlacedTag, TableModel, drop_empty
from engines.core import Move, State
from engines.niagara import CATALOG
from engines.niagara.board import COLOUR_NAMES, COLOURS
from engines.niagara.catalog import CANOES, PITCH_MM
from engines.niagara.state import NiagaraState
from vision.reading import Placement, TableReading
from vision.types import Point

RIVER = "river"
WEATHER = "WEATHER"
CARGO_MM = 40.0
"""Farthest a gem's tag lies from the tag of the canoe it rides in (side by side: 27 mm)."""


def slot_zone(slot: str) -> str:
    """The river mat's zone of a canoe's slot (``LOST`` lies on the falls)."""
    return f"{RIVER}.FALLS" if slot == "LOST" else f"{RIVER}.{slot}"


def weather_zone(weather: int) -> str:
    return f"{RIVER}.WEATHER{weather:+d}"


def bank_zone(seat: int) -> str:
    """The zone of the bank mat of ``seat`` (1-based) where its banked gems lie."""
    return f"bank{seat}.BANK"


def gem(colour: str) -> str:
    return f"GEM-{colour}"


def _colour(piece: str) -> str:
    return str(CATALOG[piece].data["colour"])


def _rides(canoe: Point, gem_at: Point) -> bool:
    """True when a gem's tag at ``gem_at`` lies at the downstream side of a canoe at ``canoe``."""
    dx, dy = gem_at[0] - canoe[0], gem_at[1] - canoe[1]
    return dx > abs(dy) and math.hypot(dx, dy) <= CARGO_MM


def _load(
    canoes: Sequence[Placement], gems: Sequence[Placement]
) -> tuple[dict[str, str], list[Placement]]:
    """Canoe id -> colour of the gem riding in it, and the gems left loose.

    Pairs the closest canoe and gem first; each canoe carries one gem at most.
    """
    pairs = sorted(
        (math.dist(c.mm, g.mm), i, j)
        for i, c in enumerate(canoes)
        for j, g in enumerate(gems)
        if c.mm is not None and g.mm is not None and c.mat == g.mat and _rides(c.mm, g.mm)
    )
    cargo: dict[str, str] = {}
    taken: set[int] = set()
    for _, i, j in pairs:
        if canoes[i].piece not in cargo and j not in taken:
            cargo[canoes[i].piece] = _colour(gems[j].piece)
            taken.add(j)
    return cargo, [g for j, g in enumerate(gems) if j not in taken]


def _holds_gems(zone: str) -> bool:
    """True for a hollow or a bank: gems lying there are in it, never riding."""
    key = zone.partition(".")[2]
    return key.startswith("HOLLOW_") or key == "BANK"


class NiagaraTable(TableModel):
    """The river mat and the bank mats as a :class:`TableModel`."""

    game = "niagara"
    max_depth = 1

    def view(self, state: State) -> dict[str, tuple[str, ...]]:
        assert isinstance(state, NiagaraState)
        out: dict[str, list[str]] = {}
        for seat, canoes in enumerate(state.canoes, start=1):
            for k, canoe in enumerate(canoes, start=1):
                name = f"C{seat}{k}"
                loaded = name if canoe.gem is None else f"{name}+{canoe.gem}"
                out.setdefault(slot_zone(canoe.slot), []).append(loaded)
        for colour, hollow in zip(COLOURS, state.hollows, strict=True):
            out.setdefault(f"{RIVER}.HOLLOW_{colour}", []).extend(gem(c) for c in hollow)
        for seat, bank in enumerate(state.banks, start=1):
            out.setdefault(bank_zone(seat), []).extend(gem(c) for c in bank)
        out.setdefault(weather_zone(state.weather), []).append(WEATHER)
        return drop_empty({z: sorted(p) for z, p in out.items()})

    def read(self, reading: TableReading) -> dict[str, tuple[str, ...]]:
        up = [p for p in reading.placements if not p.back and p.piece in CATALOG]
        canoes = [p for p in up if "canoe" in CATALOG[p.piece].data and p.zone is not None]
        gems = [p for p in up if "colour" in CATALOG[p.piece].data]
        kept = [g for g in gems if g.zone is not None and _holds_gems(g.zone)]
        cargo, loose = _load(canoes, [g for g in gems if g not in kept])
        out: dict[str, list[str]] = {}
        for c in canoes:
            assert c.zone is not None
            name = f"{c.piece}+{cargo[c.piece]}" if c.piece in cargo else c.piece
            out.setdefault(c.zone, []).append(name)
        for g in (*kept, *loose):
            if g.zone is not None:
                out.setdefault(g.zone, []).append(gem(_colour(g.piece)))
        for p in up:
            if p.piece == WEATHER and p.zone is not None:
                out.setdefault(p.zone, []).append(WEATHER)
        return drop_empty({z: sorted(p) for z, p in out.items()})

    def physical_moves(self, state: State) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """None beyond the legal ones: a paddle's distance is on a face-down tile, so a canoe
        moved too far is told by the words of the mismatch, not by a move to check."""
        return ()

    def zone_name(self, zone: str) -> str:
        mat, _, key = zone.partition(".")
        if key == "BANK":
            return f"the bank of seat {mat[4:]}"
        if key.startswith("HOLLOW_"):
            return f"the {COLOUR_NAMES[key[7:]]['en']} hollow"
        if key.startswith("WEATHER"):
            return f"weather step {key[7:]}"
        return {"HOME": "the landing", "FALLS": "the falls"}.get(key, f"river space {key}")

    def piece_name(self, piece: str) -> str:
        if piece.startswith("GEM-"):
            return f"a {COLOUR_NAMES[piece[4:]]['en']} gem"
        if piece == WEATHER:
            return "the weather marker"
        canoe, _, cargo = piece.partition("+")
        if cargo:
            return f"canoe {canoe} carrying a {COLOUR_NAMES[cargo]['en']} gem"
        return f"canoe {canoe}"

    @cached_property
    def _polygons(self) -> dict[str, tuple[str, Sequence[Point]]]:
        """Zone id -> its mat and outline in that mat's millimetres."""
        return {z.id: (m.id, z.polygon) for m in self.vision.mats for z in m.zones}

    def tags(self, state: NiagaraState) -> list[PlacedTag]:
        """Every tag on the table when it shows ``state``, as players lay them.

        Each canoe keeps its own berth in whatever zone it is in (seat 1's canoe 1 the
        first, two berths a row), its gem at its downstream side; gems in a hollow or a
        bank in rows; the weather marker in the middle of its step. Gem tags of a colour
        are dealt ``G<colour>1`` onwards in that order.

        Raises:
            ValueError: the pieces do not fit their zones.
        """
        out: list[PlacedTag] = []
        dealt = dict.fromkeys(COLOURS, 0)

        def deal(colour: str) -> str:
            dealt[colour] += 1
            return f"G{colour}{dealt[colour]}"

        for seat, canoes in enumerate(state.canoes):
            for k, canoe in enumerate(canoes):
                mat, polygon = self._polygons[slot_zone(canoe.slot)]
                spots = grid(polygon, 2 * CANOES, PITCH_MM)
                berth = 2 * seat + k
                first = (berth // 2) * 4 + 2 * (berth % 2)
                out.append(PlacedTag(f"C{seat + 1}{k + 1}", mat, spots[first]))
                if canoe.gem is not None:
                    out.append(PlacedTag(deal(canoe.gem), mat, spots[first + 1]))
        heaps = [(f"{RIVER}.HOLLOW_{c}", h) for c, h in zip(COLOURS, state.hollows, strict=True)]
        heaps += [(bank_zone(s), b) for s, b in enumerate(state.banks, start=1)]
        for zone, gems in heaps:
            mat, polygon = self._polygons[zone]
            for colour, spot in zip(gems, grid(polygon, len(gems), PITCH_MM), strict=True):
                out.append(PlacedTag(deal(colour), mat, spot))
        mat, polygon = self._polygons[weather_zone(state.weather)]
        xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
        out.append(PlacedTag(WEATHER, mat, ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)))
        return out
