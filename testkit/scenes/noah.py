"""Noah's pentagon in a synthetic scene: which ferry card lies where, and each tag's spot.

The pieces of a state laid as players lay them on the pentagon mat of
``printables.mats.noah``, for :mod:`testkit.camera` to photograph; the
table model that reads them back is :mod:`companion.watch.noah`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.watch.noah import MAT, NOAH, dock_turn, dock_zone, is_snail
from engines.core import Event, Move, State
from engines.noah import catalog
from engines.noah.state import NoahState
from testkit.tags import PlacedTag

# Where a synthetic scene lays pieces in a dock, in mm along the dock's outward axis
# and across it: two columns of 21 mm tags (with their quiet zones, 25 mm), each
# card half a tag (and a little) further out than the one before, as cards fanned
# down a dock.
_INNER, _FIRST, _STEP, _COLUMN = -52.0, -25.0, 13.5, 14.0


def _centroid(points: Iterable[tuple[float, float]]) -> tuple[float, float]:
    pts = list(points)
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


_CENTRE = _centroid(MAT.zone("centre").polygon)


def _axis(dock: int) -> tuple[float, float]:
    """Unit vector from the pentagon's centre out through ``dock``."""
    cx, cy = _centroid(MAT.zone(f"dock{dock}").polygon)
    dx, dy = cx - _CENTRE[0], cy - _CENTRE[1]
    n = math.hypot(dx, dy)
    return dx / n, dy / n


@dataclass
class NoahScene:
    """Which physical ferry card lies where, as a scripted game goes on, and where tags go.

    The rules do not tell the eight ferry cards apart; a synthetic scene must,
    so it deals ``FERRY1``-``FERRY5`` to the docks and keeps ``FERRY6``-``FERRY8``
    in the centre each round, and moves a reserve card to a dock whose ferry
    departs.
    """

    at_dock: dict[int, str] = field(default_factory=dict)
    reserve: list[str] = field(default_factory=list)
    round: int = 0

    def follow(self, state: NoahState, events: Iterable[Event] = ()) -> None:
        """Bring the ferry cards up to ``state`` after a move that caused ``events``."""
        if state.round != self.round:
            self.round = state.round
            self.at_dock = {d: catalog.FERRY_IDS[d] for d in range(catalog.DOCKS)}
            self.reserve = list(catalog.FERRY_IDS[catalog.DOCKS :])
        for event in events:
            if event.kind == "departure":
                dock = int(event.data["dock"])
                if state.docks[dock] is not None and self.reserve:
                    self.at_dock[dock] = self.reserve.pop(0)
                else:
                    self.at_dock.pop(dock, None)

    def tags(self, state: NoahState) -> list[PlacedTag]:
        """Every tag on the pentagon when the table shows ``state``."""
        out: list[PlacedTag] = []
        cx, cy = _CENTRE
        spots = ((-32.0, -12.0), (0.0, 22.0), (32.0, -12.0))
        for spare, (dx, dy) in zip(self.reserve, spots, strict=False):
            out.append(PlacedTag(spare, MAT.key, (cx + dx, cy + dy)))
        for dock, ferry in enumerate(state.docks):
            ax, ay = _axis(dock)
            dcx, dcy = _centroid(MAT.zone(f"dock{dock}").polygon)

            def at(along: float, across: float) -> tuple[float, float]:
                return dcx + ax * along - ay * across, dcy + ay * along + ax * across  # noqa: B023

            turn = dock_turn(dock_zone(dock))
            if ferry is not None and dock in self.at_dock:
                out.append(PlacedTag(self.at_dock[dock], MAT.key, at(_INNER, -_COLUMN), turn))
                for k, (card, gender) in enumerate(ferry):
                    side = -_COLUMN if k % 2 == 0 else _COLUMN
                    half = 180.0 if is_snail(card) and gender == catalog.FEMALE else 0.0
                    spot = at(_FIRST + _STEP * k, side)
                    out.append(PlacedTag(card, MAT.key, spot, (turn + half) % 360))
            if state.noah == dock:
                out.append(PlacedTag(NOAH, MAT.key, at(_INNER, _COLUMN), turn))
        return out


def script_tags(start: State, moves: Iterable[Move]) -> list[list[PlacedTag]]:
    """The tags on the table at the start and after each move of a scripted game."""
    assert isinstance(start, NoahState)
    scene = NoahScene()
    state = start
    scene.follow(state)
    out = [scene.tags(state)]
    for move in moves:
        state = state.apply(move)
        scene.follow(state, state.events)
        out.append(scene.tags(state))
    return out
