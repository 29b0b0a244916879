"""The river flow of Niagara as a pure function of the board (``niagara.md`` §8-§9).

The current is the lowest number played plus the weather (the weather alone
when only clouds were played); each step pushes a fresh disc in at the rope,
moves the main channel down one slot and pushes the disc from ``M5`` into one
arm, whose last disc drops over the fall with every canoe on it. Carried gems
go back to the hollow of their colour. Canoes at HOME never move.

Which arm a step takes is a chance outcome the table supplies; simulations
use the rule option ``arm_policy`` (``alternate`` by default: the opposite of
the last arm, ``L`` first). Nothing here draws a random number: a caller with
a generator passes the arms it drew.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engines.niagara.board import ARM_SLOTS, ARMS, COLOURS, HOME, LOST, MAIN, Canoe, add_gem

DISC_SLOTS = (*MAIN, "L6", "L7", "R6", "R7")
"""Order of ``River.discs``; a tenth entry is the disc waiting above the rope."""
WAITING = len(DISC_SLOTS)
SPARE_DISCS = 2
"""Discs 11 and 12 of the box stay aside (§2: 12 discs, 9 in the bed, one waiting)."""

_INDEX = {s: i for i, s in enumerate(DISC_SLOTS)}

_DOWN: dict[str, dict[str, str]] = {}
for _arm in ARMS:
    _six, _seven = ARM_SLOTS[_arm]
    _DOWN[_arm] = {MAIN[i]: MAIN[i + 1] for i in range(len(MAIN) - 1)}
    _DOWN[_arm].update({"M5": _six, _six: _seven, _seven: LOST})
"""Where a canoe moves in one step into each arm (absent: it stays)."""


def current(numbers: Iterable[int], weather: int) -> int:
    """The round's current: lowest number plus weather, or the weather alone (§8.1)."""
    played = list(numbers)
    return (min(played) + weather) if played else weather


def steps_of(current_value: int) -> int:
    """Flow steps for a current: 0 when it is 0 or less."""
    return max(0, current_value)


def suggested_arm(last_arm: str | None) -> str:
    """The ``alternate`` policy's arm: the opposite of the last one, L first."""
    return "R" if last_arm == "L" else "L"


def alternate_arms(last_arm: str | None, steps: int) -> tuple[str, ...]:
    """The arms of ``steps`` steps under the ``alternate`` policy."""
    arms: list[str] = []
    for _ in range(steps):
        last_arm = suggested_arm(last_arm)
        arms.append(last_arm)
    return tuple(arms)


@dataclass(frozen=True, slots=True)
class Loss:
    """A canoe that went over a fall, and the gem that went back to its hollow."""

    seat: int
    canoe: int
    gem: str | None


@dataclass(frozen=True, slots=True)
class River:
    """What the flow touches: discs, canoes, gem hollows and the last arm.

    Attributes:
        discs: disc ids in ``DISC_SLOTS`` order, then the waiting disc.
        canoes: per seat, that player's canoes.
        hollows: gems in each hollow (colour letters), in ``COLOURS`` order.
        last_arm: the arm of the latest flow step, None before the first.
    """

    discs: tuple[int, ...]
    canoes: tuple[tuple[Canoe, ...], ...]
    hollows: tuple[str, ...]
    last_arm: str | None


@dataclass(frozen=True, slots=True)
class FlowStep:
    """One flow step: its arm, the disc that dropped and the canoes lost with it."""

    arm: str
    dropped_disc: int
    lost: tuple[Loss, ...]


@dataclass(frozen=True, slots=True)
class Flow:
    """A whole flow: the river after it and what every step did."""

    river: River
    steps: tuple[FlowStep, ...]

    @property
    def lost(self) -> tuple[Loss, ...]:
        return tuple(loss for step in self.steps for loss in step.lost)


def step(river: River, arm: str) -> tuple[River, FlowStep]:
    """One flow step into ``arm`` (``L`` or ``R``).

    Raises:
        ValueError: ``arm`` is not ``L`` or ``R``.
    """
    if arm not in ARMS:
        raise ValueError(f"a flow step goes into arm L or R, not {arm!r}")
    six, seven = ARM_SLOTS[arm]
    d = list(river.discs)
    dropped = d[_INDEX[seven]]
    d[_INDEX[seven]] = d[_INDEX[six]]
    d[_INDEX[six]] = d[_INDEX["M5"]]
    for i in range(len(MAIN) - 1, 0, -1):
        d[i] = d[i - 1]
    d[0] = d[WAITING]
    d[WAITING] = dropped
    moves = _DOWN[arm]
    hollows = list(river.hollows)
    lost: list[Loss] = []
    fleets: list[tuple[Canoe, ...]] = []
    for seat, fleet in enumerate(river.canoes):
        moved: list[Canoe] = []
        for number, canoe in enumerate(fleet, start=1):
            to = moves.get(canoe.slot)
            if to is None:
                moved.append(canoe)
            elif to == LOST:
                if canoe.gem is not None:
                    i = COLOURS.index(canoe.gem)
                    hollows[i] = add_gem(hollows[i], canoe.gem)
                lost.append(Loss(seat, number, canoe.gem))
                moved.append(Canoe(LOST, None))
            else:
                moved.append(Canoe(to, canoe.gem))
        fleets.append(tuple(moved))
    after = River(tuple(d), tuple(fleets), tuple(hollows), arm)
    return after, FlowStep(arm, dropped, tuple(lost))


def flow(river: River, arms: Sequence[str]) -> Flow:
    """Run one flow step per entry of ``arms``."""
    steps: list[FlowStep] = []
    for arm in arms:
        river, done = step(river, arm)
        steps.append(done)
    return Flow(river, tuple(steps))


def slot_after(slot: str, arms: Sequence[str]) -> str:
    """Where a single canoe at ``slot`` ends after steps into ``arms`` (LOST if over)."""
    for arm in arms:
        if slot in (HOME, LOST):
            return slot
        slot = _DOWN[arm].get(slot, slot)
    return slot
