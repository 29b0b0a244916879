"""Noah's table as the camera sees it: the pentagon's five docks and the reserve in the centre.

Follows ``docs/rules/noah.md`` §3-§5 and the pentagon mat of
``printables.mats.noah``. A dock shows its ferry card, the animals played
onto it in the order played (read outward from the pentagon) and the Noah
pawn when he stands there; the centre shows the reserve ferries. The eight
ferry cards are alike to the rules, so a view names each ``FERRY``. A snail's
gender is the end placed upward (§6): its tag upright counts as male, turned
half round as female, and the view names it ``SNLX1:M`` or ``SNLX1:F``.
Hands, gifts, steals and the deal never show on the table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from companion.watch.model import PlacedTag, TableModel, drop_empty, zones_in_order
from engines.core import UNKNOWN, Event, Move, State
from engines.noah import catalog
from engines.noah.info import Step
from engines.noah.moves import MoveNoah, Play, TakeFerry
from engines.noah.state import NoahState
from printables.mats import layout
from vision.reading import TableReading

FERRY, NOAH = "FERRY", "NOAH"
MAT = layout("noah", "pentagon")

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


def _dock(zone: str) -> int | None:
    """The dock a zone id names (``pentagon.dock3`` -> 3), or None."""
    key = zone.rpartition(".")[2]
    return int(key[4:]) if key.startswith("dock") else None


def _zone(dock: int) -> str:
    return f"{MAT.key}.dock{dock}"


def _turn(zone: str) -> float:
    """How far a card lying along dock ``zone`` is turned on the mat, degrees (dock 0: 0)."""
    dock = _dock(zone)
    return 0.0 if dock is None else 360.0 * dock / catalog.DOCKS


def _snail(card: str) -> bool:
    return catalog.CARD_BY_ID[card].species.code == catalog.SNAIL


def _gender(angle: float) -> str:
    """A snail's gender from its tag's turn within its dock: upright male, half round female."""
    return catalog.FEMALE if 90 < angle % 360 < 270 else catalog.MALE


def card_name(card: str, gender: str) -> str:
    """A card as the view names it: a snail with the gender its upward end shows."""
    return f"{card}:{gender}" if _snail(card) else card


class NoahTable(TableModel):
    """Noah's pentagon, docks and reserve as a :class:`TableModel`."""

    game = "noah"
    max_depth = 2

    def view(self, state: State) -> dict[str, tuple[str, ...]]:
        assert isinstance(state, NoahState)
        out: dict[str, list[str]] = {f"{MAT.key}.centre": [FERRY] * state.reserve}
        for dock, ferry in enumerate(state.docks):
            items: list[str] = []
            if ferry is not None:
                items.append(FERRY)
                items.extend(card_name(c, g) for c, g in ferry)
            if state.noah == dock:
                items.append(NOAH)
            out[_zone(dock)] = items
        return drop_empty(out)

    def read(self, reading: TableReading) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for zone, pieces in zones_in_order(reading).items():
            ferries = [FERRY for p, _ in pieces if p in catalog.FERRY_IDS]
            animals = [
                card_name(p, _gender(angle - _turn(zone)))
                for p, angle in pieces
                if p in catalog.CARD_BY_ID
            ]
            noah = [NOAH for p, _ in pieces if p == NOAH]
            out[zone] = [*ferries, *animals, *noah]
        return drop_empty(out)

    def physical_moves(self, state: State) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        assert isinstance(state, NoahState)
        view = self.view(state)
        if state.step == Step.PLAY:
            yield from self._plays(state, view)
        elif state.step == Step.MOVE_NOAH:
            for dock in range(catalog.DOCKS):
                yield MoveNoah(dock), _with_noah(view, dock)

    def _plays(
        self, state: NoahState, view: Mapping[str, tuple[str, ...]]
    ) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """Any card of the hand laid on Noah's ferry (and Noah moved anywhere, or not)."""
        me = state.active
        hand = set(state.hands[me]) - {UNKNOWN}
        if UNKNOWN in state.hands[me]:
            hand |= set(state.unaccounted())
        opponent = state.players[(me + 1) % len(state.players)]
        assert state.noah is not None
        zone = _zone(state.noah)
        for card in sorted(hand):
            species = catalog.CARD_BY_ID[card].species.code
            target = opponent if species in (catalog.GIRAFFE, catalog.LION) else None
            for gender in catalog.GENDERS if _snail(card) else (None,):
                move = Play(card, gender, target)
                shown = card_name(card, gender or catalog.CARD_BY_ID[card].gender or "")
                items = [p for p in view.get(zone, ()) if p != NOAH]
                laid = {**view, zone: (*items, shown, NOAH)}
                yield move, dict(laid)
                for dock in range(catalog.DOCKS):
                    if dock != state.noah:
                        yield move, _with_noah({**laid, zone: (*items, shown)}, dock)
        yield TakeFerry(), {**view, zone: (FERRY, NOAH)}

    def zone_name(self, zone: str) -> str:
        dock = _dock(zone)
        return "the centre" if dock is None else f"ferry {dock}"

    def piece_name(self, piece: str) -> str:
        if piece == FERRY:
            return "a ferry card"
        if piece == NOAH:
            return "Noah"
        card = catalog.CARD_BY_ID[piece.split(":")[0]]
        return f"a card ({card.species.en})"


def _with_noah(view: Mapping[str, tuple[str, ...]], dock: int) -> dict[str, tuple[str, ...]]:
    out = {z: tuple(p for p in ps if p != NOAH) for z, ps in view.items()}
    key = _zone(dock)
    out[key] = (*out.get(key, ()), NOAH)
    return drop_empty(out)


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

            turn = _turn(_zone(dock))
            if ferry is not None and dock in self.at_dock:
                out.append(PlacedTag(self.at_dock[dock], MAT.key, at(_INNER, -_COLUMN), turn))
                for k, (card, gender) in enumerate(ferry):
                    side = -_COLUMN if k % 2 == 0 else _COLUMN
                    half = 180.0 if _snail(card) and gender == catalog.FEMALE else 0.0
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
