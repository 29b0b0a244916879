"""The worked examples and special cases of ``shared/rules/hare_tortoise.md`` (§5-§9)."""

from __future__ import annotations

import dataclasses

import pytest

from engines.core import IllegalMove
from engines.hare_tortoise.cards import KIND_INDEX
from engines.hare_tortoise.moves import Draw, Play, Reshuffle
from engines.hare_tortoise.state import HareState
from tests.hare_tortoise_build import at_race, draw_last, race, where


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
    assert after.events[0].data["trigger"] == {"player": "ann", "reason": "8 cards on the table"}
    assert after.table == () and sum(after.discard) == 8


NAP_START = {"hare": 5, "tortoise": 3, "wolf": 5, "fox": 2, "lamb": 4}


def test_example_2_nap_while_tied_first() -> None:
    after = race(table=["H"] * 4, positions=NAP_START)
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


# -- §5 card play ---------------------------------------------------------------------


def playing(table: list[str], hand: dict[str, int] | None = None) -> HareState:
    """ann to play with ``table`` already on it."""
    state = dataclasses.replace(at_race(table=table), phase="play")
    if hand is not None:
        counts = [0] * 7
        for code, n in hand.items():
            counts[KIND_INDEX[code]] = n
        deck = list(state.deck)
        for k in range(7):
            deck[k] += state.hands[0][k] - counts[k]
        state = dataclasses.replace(
            state, hands=(tuple(counts), *state.hands[1:]), deck=tuple(deck)
        )
    return state


@pytest.mark.parametrize(
    ("table", "cards", "code"),
    [
        ([], [], "no_cards"),
        ([], ["H"] * 5, "too_many_cards"),
        ([], ["H", "T"], "mixed_animals"),
        (["T", "T", "T", "W", "W", "W", "L"], ["H", "H"], "table_full"),
        (["H", "H", "H"], ["H", "H"], "animal_full"),
        ([], ["W!"], "not_in_hand"),
        ([], ["?"], "unknown_card"),
    ],
)
def test_illegal_plays(table: list[str], cards: list[str], code: str) -> None:
    state = playing(table, {"H": 4, "T": 1, "W": 1})
    verdict = state.check(Play(tuple(cards)))
    assert not verdict and verdict.code == "hare_tortoise." + code
    with pytest.raises(IllegalMove) as err:
        state.apply(Play(tuple(cards)))
    assert err.value.code == verdict.code


def test_caps_messages_carry_the_numbers() -> None:
    state = playing(["H", "H", "H"], {"H": 4})
    verdict = state.check(Play(("H", "H")))
    assert verdict.reason == (
        "the table holds 3 hare cards; 2 more would pass the limit of 4 per animal"
    )


def test_wolf_and_howl_cards_play_together() -> None:
    state = playing([], {"W": 2, "W!": 1, "H": 3})
    assert Play(("W!", "W", "W")) in state.legal_moves()
    after = state.apply(Play(("W", "W!")))
    assert after.phase == "refill" and len(after.table) == 2


def test_cards_of_a_podium_animal_may_be_played() -> None:
    state = dataclasses.replace(
        playing([], {"F": 3, "H": 3}), podium=(3,), positions=(0, 0, 0, 12, 0)
    )
    assert state.check(Play(("F", "F", "F")))


def test_a_play_always_exists_below_the_trigger() -> None:
    state = playing(["H", "H", "H", "T", "T", "T", "W"], {"H": 3, "T": 3})
    assert set(state.legal_moves()) == {Play(("H",)), Play(("T",))}
    state = playing(["F", "F", "F", "T", "T", "T", "W"], {"L": 6})
    assert state.legal_moves() == (Play(("L",)),)


def test_no_race_below_the_trigger() -> None:
    after = draw_last(at_race(table=["H", "H", "H", "T", "T", "T", "W"]))
    assert after.phase == "play" and after.events == () and len(after.table) == 7
    assert after.to_move == "bob"


def test_race_at_exactly_four_of_one_animal() -> None:
    after = draw_last(at_race(table=["F", "F", "F", "F"]))
    assert after.events[0].data["trigger"]["reason"] == "4 fox cards on the table"


def test_next_player_after_a_race_follows_the_trigger_player() -> None:
    state = dataclasses.replace(at_race(table=["F"] * 4), turn=2)
    hands = list(state.hands)
    hands[0], hands[2] = hands[2], hands[0]
    after = draw_last(dataclasses.replace(state, hands=tuple(hands)))
    assert after.events[0].data["trigger"]["player"] == "cy"
    assert after.to_move == "ann"


def test_refill_to_six_then_reshuffle_the_discard() -> None:
    state = playing([], {"H": 2, "T": 2, "L": 2})
    discard = state.deck
    state = dataclasses.replace(state, deck=(0,) * 7, discard=discard)
    after = state.apply(Play(("L", "L")))
    assert after.legal_moves() == (Reshuffle(),)
    assert after.check(after.legal_moves()[0])
    refused = after.check(Play(("H",)))
    assert refused.code == "hare_tortoise.wrong_phase"
    assert after.check(Draw("H")).code == "hare_tortoise.deck_empty"
    shuffled = after.apply(Reshuffle())
    assert shuffled.deck == discard and sum(shuffled.discard) == 0
    done = draw_last(draw_last(shuffled))
    assert sum(done.hands[0]) == 6 and done.to_move == "bob"
