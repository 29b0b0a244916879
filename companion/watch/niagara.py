"""Niagara's table as the camera sees it: canoes and gems on the river, the hollows, the weather.

Follows ``shared/rules/niagara.md`` §3-§9 and the river mat of the catalog
(zones ``HOME``, ``M1``-``M5``, ``L6``, ``L7``, ``R6``, ``R7``, the falls, the
five hollows and the weather chart). A view names each canoe by its tag
(``C21``: seat 2's first canoe) in the zone it floats on (a canoe lost over
the falls lies on ``FALLS``) with the gem it carries (``C21+Y``: the gem's
tag lies on the canoe's), every gem in a hollow by colour (``GEM-Y``), and
the weather marker on its step. Paddle tiles are chosen face down and banked gems sit in front of
their owner, off the mat: both reach the companion from the phones.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from companion.watch.model import TableModel, drop_empty
from engines.core import Move, State
from engines.niagara import CATALOG
from engines.niagara.state import NiagaraState
from vision.reading import Placement, TableReading

WEATHER = "WEATHER"
CARGO_MM = 30.0
"""A gem whose tag lies this close to a canoe's tag rides in it (a canoe token is 32 mm)."""


def slot_zone(slot: str) -> str:
    """The river mat's zone of a canoe's slot (``LOST`` lies on the falls)."""
    return "river.FALLS" if slot == "LOST" else f"river.{slot}"


def weather_zone(weather: int) -> str:
    return f"river.WEATHER{weather:+d}"


def gem(colour: str) -> str:
    return f"GEM-{colour}"


def _load(
    canoes: Sequence[Placement], gems: Sequence[Placement]
) -> tuple[dict[str, str], list[Placement]]:
    """Canoe id -> colour of the gem riding in it (the nearest gem tag within ``CARGO_MM``
    of the canoe's tag), and the gems left lying loose."""
    cargo: dict[str, str] = {}
    loose = list(gems)
    for c in canoes:
        if c.mm is None:
            continue
        spot = c.mm
        near = [(math.dist(g.mm, spot), k) for k, g in enumerate(loose) if g.mm is not None]
        near = [(d, k) for d, k in near if d < CARGO_MM]
        if near:
            best = loose.pop(min(near)[1])
            cargo[c.piece] = str(CATALOG[best.piece].data["colour"])
    return cargo, loose


class NiagaraTable(TableModel):
    """The river mat as a :class:`TableModel`."""

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
        for hollow in state.hollows:
            if hollow:
                out.setdefault(f"river.HOLLOW_{hollow[0]}", []).extend(gem(c) for c in hollow)
        out.setdefault(weather_zone(state.weather), []).append(WEATHER)
        return drop_empty({z: sorted(p) for z, p in out.items()})

    def read(self, reading: TableReading) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for zone in reading.zones:
            here = [p for p in reading.placements if p.zone == zone and not p.back]
            canoes = [p for p in here if "canoe" in CATALOG[p.piece].data]
            gems = [p for p in here if "colour" in CATALOG[p.piece].data]
            cargo, loose = _load(canoes, gems)
            items = out.setdefault(zone, [])
            for c in canoes:
                items.append(f"{c.piece}+{cargo[c.piece]}" if c.piece in cargo else c.piece)
            items.extend(gem(str(CATALOG[g.piece].data["colour"])) for g in loose)
            items.extend(WEATHER for p in here if p.piece == WEATHER)
        return drop_empty({z: sorted(p) for z, p in out.items()})

    def physical_moves(self, state: State) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """None beyond the legal ones: a paddle's distance is on a face-down tile, so a canoe
        moved too far is told by the words of the mismatch, not by a move to check."""
        return ()

    def zone_name(self, zone: str) -> str:
        key = zone.partition(".")[2]
        if key.startswith("HOLLOW_"):
            return f"the {key[7:]} hollow"
        if key.startswith("WEATHER"):
            return f"weather step {key[7:]}"
        return {"HOME": "the landing", "FALLS": "the falls"}.get(key, f"river space {key}")

    def piece_name(self, piece: str) -> str:
        if piece.startswith("GEM-"):
            return f"a {piece[4:]} gem"
        if piece == WEATHER:
            return "the weather marker"
        return f"canoe {piece}"
