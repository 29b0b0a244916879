"""The river flow on its own (``niagara.md`` §8-§9, worked examples 2-6)."""

from __future__ import annotations

import pytest

from engines.niagara import river
from engines.niagara.board import COLOURS, HOME, LOST, Canoe, remove_gem


def make_river(slots: list[tuple[str, str | None]], last_arm: str | None = None) -> river.River:
    hollows = [c * 7 for c in COLOURS]
    for _, gem in slots:
        if gem:
            i = COLOURS.index(gem)
            hollows[i] = remove_gem(hollows[i], gem)
    fleet = tuple(Canoe(s, g) for s, g in slots)
    return river.River(tuple(range(1, 11)), (fleet,), tuple(hollows), last_arm)


def test_current_with_only_clouds_is_the_weather() -> None:
    # Example 2: weather 0, clouds up (+1), up (+2), down (+1): N empty, W = +1.
    weather = 0
    for shift in (1, 1, -1):
        weather += shift
    assert river.current([], weather) == 1
    assert river.steps_of(river.current([], weather)) == 1
    assert river.steps_of(river.current([], 0)) == 0
    assert river.steps_of(river.current([], -1)) == 0


def test_weather_minus_one_with_a_one_played_gives_no_flow() -> None:
    # Example 3.
    c = river.current([1, 4, 6], -1)
    assert c == 0
    assert river.steps_of(c) == 0


def test_eight_steps_is_the_most() -> None:
    # Example 4.
    assert river.current([6, 6, 6], 2) == 8
    assert river.steps_of(8) == 8


def test_alternating_arms() -> None:
    # Example 5: last arm R, c = 3 -> L, R, L; a canoe at M5 goes L6, stays, L7.
    arms = river.alternate_arms("R", 3)
    assert arms == ("L", "R", "L")
    assert river.alternate_arms(None, 2) == ("L", "R")
    state = make_river([("M5", None), ("L7", None)], last_arm="R")
    seen = []
    lost = []
    for arm in arms:
        state, done = river.step(state, arm)
        seen.append(state.canoes[0][0].slot)
        lost.append([loss.canoe for loss in done.lost])
    assert seen == ["L6", "L6", "L7"]
    assert lost == [[2], [], []]  # the canoe starting at L7 goes over at step 1
    assert state.last_arm == "L"


def test_a_canoe_goes_over_with_its_gem() -> None:
    # Example 6: a canoe at R7 carries a pink gem; one step into R drops it.
    start = make_river([("R7", "P")])
    assert start.hollows[4] == "PPPPPP"
    result = river.flow(start, ["R"])
    assert result.river.canoes[0][0] == Canoe(LOST, None)
    assert result.lost == (river.Loss(0, 1, "P"),)
    assert result.river.hollows[4] == "PPPPPPP"


def test_one_step_moves_main_channel_and_one_arm_only() -> None:
    start = make_river(
        [("M1", None), ("M5", None), ("L6", "V"), ("R6", None), ("R7", "B"), (HOME, None)]
    )
    after, done = river.step(start, "R")
    slots = [c.slot for c in after.canoes[0]]
    assert slots == ["M2", "R6", "L6", "R7", LOST, HOME]
    assert done.dropped_disc == 9  # the disc in R7
    assert [loss.gem for loss in done.lost] == ["B"]


def test_discs_shift_and_the_dropped_disc_waits_above_the_rope() -> None:
    start = make_river([])
    after, done = river.step(start, "L")
    # M1..M5, L6, L7, R6, R7, waiting
    assert start.discs == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert after.discs == (10, 1, 2, 3, 4, 5, 6, 8, 9, 7)
    assert done.dropped_disc == 7
    assert sorted(after.discs) == sorted(start.discs)


def test_a_step_needs_an_arm() -> None:
    with pytest.raises(ValueError, match="L or R"):
        river.step(make_river([]), "X")


def test_slot_after_follows_the_steps() -> None:
    assert river.slot_after("M4", ("L", "R", "R")) == "R7"
    assert river.slot_after("M4", ("L", "R", "R", "R")) == LOST
    assert river.slot_after(HOME, ("L",) * 8) == HOME
