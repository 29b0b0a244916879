"""The worked examples of docs/rules/hare_tortoise.md §9, and the special cases of §6-§7."""

from __future__ import annotations

import dataclasses

import pytest

from engines.hare_tortoise.state import HareState
from tests.hare_tortoise.helpers import at_race, draw_last, race, where


def line(state: HareState, animal: str) -> dict[str, object]:
    """The race event's line for ``animal``."""
    (event,) = state.events
    assert event.kind == "race"
    return next(a for a in event.data["animals"] if a["animal"] == animal)


# -- §9 worked examples ---------------------------------------------------------------


def test_example_1_basic_phase() -> None:
    after = race(table=["H", "H", "W", "F", "F", "F", "L", "L"])
    assert where(after) == {"hare": 2, "tortoise": 1, "wolf": 1, "fox": 3, "lamb": 3}
    assert line(after, "tortoise") == {
        "animal": "tortoise",
        "cards": 0,
        "from": 0,
        "to": 1,
        "steps": 1,
        "reason": "moved",
    }
    assert after.events[0].data["trigger"] == {
        "player": "ann",
        "reason": "8 cards on the table",
        "animal": None,
    }
    assert after.table == () and sum(after.discard) == 8


NAP_START = {"hare": 5, "tortoise": 3, "wolf": 5, "fox": 2, "lamb": 4}


def test_example_2_nap_while_tied_first() -> None:
    after = race(table=["H"] * 4, positions=NAP_START)
    assert after.events[0].data["trigger"]["animal"] == "hare"
    assert where(after) == {"hare": 5, "tortoise": 4, "wolf": 5, "fox": 2, "lamb": 4}
    assert line(after, "hare")["reason"] == "nap"
    assert line(after, "lamb")["reason"] == "no_move"


def test_example_2_lamb_zero_cards_option() -> None:
    after = race(table=["H"] * 4, positions=NAP_START, options={"lamb_zero_cards": "1"})
    assert where(after)["lamb"] == 5


def test_example_2_hare_not_first_runs() -> None:
    after = race(table=["H"] * 4, positions={**NAP_START, "lamb": 6})
    assert where(after)["hare"] == 7
    assert line(after, "hare")["reason"] == "moved"


def test_example_3_no_nap_on_the_start_line() -> None:
    after = race(table=["H"] * 4)
    assert where(after)["hare"] == 2 and where(after)["tortoise"] == 1


def test_example_4_nap_ignores_the_podium() -> None:
    positions = {"hare": 9, "tortoise": 7, "wolf": 8, "fox": 13, "lamb": 6}
    after = race(table=["H"] * 4, positions=positions, podium=["fox"])
    assert where(after)["hare"] == 9
    assert line(after, "hare")["reason"] == "nap"
    assert line(after, "fox")["reason"] == "skipped"


def test_example_5_lamb_stops_at_the_stream_it_enters() -> None:
    after = race(table=["L", "L", "L", "F", "F", "F", "F"], positions={"lamb": 2})
    assert where(after)["lamb"] == 4
    assert line(after, "lamb")["reason"] == "stream"


def test_example_6_lamb_leaves_its_own_stream() -> None:
    after = race(table=["L", "L", "F", "F", "F", "F"], positions={"lamb": 4})
    assert where(after)["lamb"] == 7
    assert line(after, "lamb")["reason"] == "moved"


def test_example_6_lamb_stops_at_the_next_stream() -> None:
    after = race(table=["L"] * 4, positions={"lamb": 6})
    assert where(after)["lamb"] == 9


def test_lamb_never_passes_both_streams() -> None:
    after = race(table=["L"] * 4, positions={"lamb": 1}, streams=(2, 3))
    assert where(after)["lamb"] == 2


def test_example_7_podium_follows_resolution_order() -> None:
    after = race(table=["H", "F", "F", "F", "F"], positions={"hare": 10, "tortoise": 5, "fox": 9})
    assert after.podium == (0, 3)
    assert where(after)["fox"] == 13 and where(after)["tortoise"] == 6
    assert line(after, "hare")["place"] == 1 and line(after, "fox")["place"] == 2
    assert after.events[0].data["podium"] == ["hare", "fox"]


def test_example_8_third_finisher_ends_the_race() -> None:
    positions = {"hare": 12, "fox": 14, "tortoise": 11, "lamb": 10}
    after = race(table=["T", "L", "L", "L", "L"], positions=positions, podium=["hare", "fox"])
    assert after.podium == (0, 3, 1)
    assert where(after)["lamb"] == 10
    assert line(after, "lamb")["reason"] == "race_over"
    assert after.events[0].data["race_over"] is True
    assert after.is_over and after.outcome() is not None


HOWL_K = ["W", "W!", "H", "H", "F", "F", "L", "L"]
ALL_AT_3 = dict.fromkeys(("hare", "tortoise", "wolf", "fox", "lamb"), 3)


def second_phase(after_first: HareState, table: list[str]) -> HareState:
    """Set ``table`` for the next race phase of ``after_first`` and run it."""
    setup = at_race(table=table, streams=(2, 10), options=after_first.options)
    return draw_last(
        dataclasses.replace(
            setup,
            positions=after_first.positions,
            podium=after_first.podium,
            howl_pending=after_first.howl_pending,
        )
    )


def test_example_9_howl_next_phase() -> None:
    first = race(table=HOWL_K, positions=ALL_AT_3, streams=(2, 10))
    assert where(first) == {"hare": 5, "tortoise": 4, "wolf": 4, "fox": 5, "lamb": 6}
    assert first.howl_pending and first.events[0].data["wolf_only_next"]
    second = second_phase(first, ["F"] * 4)
    assert where(second) == where(first)
    assert second.events[0].data["wolf_only"] is True
    assert line(second, "fox")["reason"] == "howl"
    assert line(second, "tortoise")["reason"] == "howl"
    assert not second.howl_pending


def test_example_9_howl_this_phase() -> None:
    options = {"howl": "this_phase"}
    first = race(table=HOWL_K, positions=ALL_AT_3, streams=(2, 10), options=options)
    assert where(first) == {**ALL_AT_3, "wolf": 4}
    assert not first.howl_pending
    second = second_phase(first, ["F"] * 4)
    assert where(second) == {**ALL_AT_3, "wolf": 4, "tortoise": 4, "fox": 7}


@pytest.mark.parametrize("howl", ["next_phase", "this_phase"])
def test_example_10_howl_with_the_wolf_on_the_podium(howl: str) -> None:
    positions = {"hare": 5, "tortoise": 5, "wolf": 12, "fox": 5, "lamb": 5}
    table = ["W!", "H", "H", "F", "F", "L", "L", "T"]
    first = race(table=table, positions=positions, podium=["wolf"], options={"howl": howl})
    affected = first
    if howl == "next_phase":
        assert where(first) == {"hare": 7, "tortoise": 6, "wolf": 12, "fox": 7, "lamb": 8}
        affected = second_phase(first, ["F", "F", "F", "F"])
        positions = where(first)
    assert where(affected) == positions
    assert affected.events[0].data["wolf_only"] is True
    assert line(affected, "wolf")["reason"] == "skipped"
    assert line(affected, "fox")["reason"] == "howl"


def over(state: HareState, starts: list[tuple[str, ...]], seconds: list[str]) -> HareState:
    return dataclasses.replace(
        state,
        phase="over",
        podium=(3, 0, 4),
        start_bets=tuple(starts),
        second_bets=tuple(seconds),
    )


def test_example_11_scoring() -> None:
    state = over(at_race(), [("F",), ("H",), ("T",)], ["F", "L", "H"])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == {"ann": 10, "bob": 5, "cy": 3}
    assert outcome.winners == ("ann",)
    assert [line.points for line in outcome.breakdown["ann"]] == [5, 5]
    assert outcome.breakdown["cy"][0].detail == "the tortoise missed the podium"


def test_example_12_tie_broken_by_the_best_placed_bet() -> None:
    state = over(at_race(players=2), [("T", "W"), ("H", "L")], ["F", "T"])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == {"ann": 5, "bob": 5}
    assert outcome.ranking == (("ann",), ("bob",))
    assert "best-placed" in outcome.tiebreak


def test_full_tie_is_a_shared_win() -> None:
    state = over(at_race(players=2), [("F", "T"), ("F", "W")], ["T", "W"])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranking == (("ann", "bob"),)
    assert "share" in outcome.tiebreak


def test_howl_card_scores_as_a_wolf_bet() -> None:
    state = dataclasses.replace(over(at_race(), [("F",), ("H",), ("T",)], ["W!", "L", "H"]))
    state = dataclasses.replace(state, podium=(2, 0, 4))
    outcome = state.outcome()
    assert outcome is not None and outcome.scores["ann"] == 5
