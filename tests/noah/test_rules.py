"""Noah rules beyond the worked examples: powers, rounds, options, table mode."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from engines.core import CHANCE, UNKNOWN, InvalidSetup, advance, play_random
from engines.noah import (
    Deal,
    FerryCard,
    First,
    GiveBack,
    MoveNoah,
    PlaceNoah,
    Play,
    Reveal,
    Steal,
    deck_for,
    new_game,
    weight,
)
from engines.noah.info import Step
from tests.noah.helpers import position


def test_deck_sizes_follow_the_player_count_marks() -> None:
    assert [len(deck_for(n)) for n in (2, 3, 4, 5)] == [31, 31, 39, 47]
    assert "PANF3" in deck_for(5) and "PANF3" not in deck_for(4)
    assert "CATM3" in deck_for(4) and "CATM3" not in deck_for(3)


def test_mule_keeps_noah_on_his_dock() -> None:
    state = position(["CATM1"], [["MULF1", "PANF1"]])
    after = state.apply(Play("MULF1"))
    assert after.noah == 0
    assert after.step == Step.PLAY and after.to_move == "bob"


def test_mule_completing_a_ferry_leaves_noah_on_the_new_empty_ferry() -> None:
    state = position(["ELEM1", "KANF1", "CATM1"], [["MULF1", "PANF1"]])
    assert weight(state.ferry) == 15
    after = state.apply(Play("MULF1"))
    assert after.noah == 0 and after.docks[0] == ()
    assert after.departures == ("ann",)
    assert after.reserve == 2


def test_giraffe_shows_the_target_hand_until_the_turn_ends() -> None:
    state = position([], [["GIRM1", "PANF1"], ["PARF1", "KANM1"], ["CATF1", "BEAF1"]], players=3)
    assert state.check(Play("GIRM1")).code == "noah.target"
    assert state.check(Play("GIRM1", target="ann")).code == "noah.target"
    after = state.apply(Play("GIRM1", target="bob"))
    assert after.view("ann")["hands"]["bob"]["cards"] == ["KANM1", "PARF1"]
    assert after.view("ann")["hands"]["cy"]["cards"] is None
    assert after.view("cy")["hands"]["bob"]["cards"] is None
    done = after.apply(MoveNoah(2))
    assert done.view("ann")["hands"]["bob"]["cards"] is None


def test_lion_steals_at_random_then_gives_one_back() -> None:
    state = position([], [["LIOM1", "PANF1"], ["PARF1", "KANM1"]], players=2)
    after = state.apply(Play("LIOM1", target="bob"))
    assert after.step == Step.STEAL and after.to_move == CHANCE
    assert set(after.legal_moves()) == {Steal("KANM1"), Steal("PARF1")}
    assert after.check(Steal("CATF1")).code == "noah.not_in_hand"
    stolen = after.apply(Steal("PARF1"))
    assert stolen.step == Step.GIVEBACK and stolen.to_move == "ann"
    assert stolen.hands == (("PANF1", "PARF1"), ("KANM1",))
    back = stolen.apply(GiveBack("PARF1"))
    assert back.hands == (("PANF1",), ("KANM1", "PARF1"))
    assert back.step == Step.MOVE_NOAH
    # The public sees neither card; the two players involved see both.
    assert stolen.public_move(GiveBack("PARF1"), "bob")["card"] == "PARF1"
    assert after.public_move(Steal("PARF1"), None)["card"] == UNKNOWN


def test_the_lion_draws_each_card_alike_and_an_unknown_one_as_any_unaccounted_card() -> None:
    seeded = position([], [["LIOM1", "PANF1"], ["PARF1", "KANM1"]], players=2)
    after = seeded.apply(Play("LIOM1", target="bob"))
    assert dict(after.chance_outcomes()) == {
        Steal("KANM1"): Fraction(1, 2),
        Steal("PARF1"): Fraction(1, 2),
    }
    table = position([], [["LIOM1", "PANF1"], ["PARF1", UNKNOWN]], players=2, seed=None)
    after = table.apply(Play("LIOM1", target="bob"))
    odds = dict(after.chance_outcomes())
    pool = after.unaccounted()
    assert Steal(UNKNOWN) in after.legal_moves() and Steal(UNKNOWN) not in odds
    assert odds[Steal("PARF1")] == Fraction(1, 2)
    assert set(odds) == {Steal("PARF1"), *(Steal(c) for c in pool)}
    assert all(odds[Steal(c)] == Fraction(1, 2 * len(pool)) for c in pool)


def test_fourth_departure_ends_the_round() -> None:
    state = position(
        ["ELEM1", "RHIM1"], [["CATM1", "PANF1"], ["KANF1"]], departures=["bob", "cy", "ann"]
    )
    assert state.reserve == 0
    after = state.apply(Play("CATM1")).apply(MoveNoah(2))
    assert after.docks[0] is None, "no ferry is left to replace the fourth"
    assert after.step == "gift" and after.gifts_left == 1
    after = after.apply(after.legal_moves()[0])
    assert after.round == 2


def test_round_two_starts_with_the_most_points_and_keeps_noah() -> None:
    state = position(["ELEM1", "RHIM1"], [["CATM1"], ["PANF1"], ["KANF1"]], players=3)
    state = replace(state, scores=(3, 9, 9))
    ended = state.apply(Play("CATM1")).apply(MoveNoah(3))
    assert ended.round == 2 and ended.scores == (3, 13, 10)
    started = advance(ended)
    assert started.noah == 3, "Noah stays where the last round left him"
    assert started.to_move == "bob", "bob has the most points"


def test_a_tie_for_most_points_is_a_table_input() -> None:
    state = position(["ELEM1", "RHIM1"], [["CATM1"], ["CATF1"], ["KANF1"]], players=3)
    state = replace(state, scores=(3, 9, 9))
    started = state.apply(Play("CATM1")).apply(MoveNoah(3))
    assert started.scores == (3, 10, 10)
    while started.step != Step.SETUP_FIRST:
        move = started.chance_move()
        assert move is not None, "the tie must stop at a table input"
        started = started.apply(move)
    assert set(started.legal_moves()) == {First("bob"), First("cy")}
    assert started.check(First("ann")).code == "noah.start_player"


def test_three_rounds_then_the_lowest_total_wins() -> None:
    state = new_game(["ann", "bob", "cy"], seed=5)
    end, _ = play_random(state, random.Random(5))
    outcome = end.outcome()
    assert outcome is not None and end.step == Step.OVER
    assert len(end.round_tears) == 3
    best = min(outcome.scores.values())
    assert {p for p, s in outcome.scores.items() if s == best} == set(outcome.winners)
    assert not outcome.higher_wins


def test_end_at_26_plays_until_someone_reaches_26() -> None:
    for seed in range(20):
        state = new_game(["ann", "bob", "cy", "dee"], seed=seed, options={"end_at_26": "on"})
        end, _ = play_random(state, random.Random(seed))
        totals = end.scores
        assert max(totals) >= 26
        before = [sum(r[i] for r in end.round_tears[:-1]) for i in range(4)]
        assert max(before) < 26


def test_unknown_rule_option_and_player_count_are_refused() -> None:
    with pytest.raises(InvalidSetup, match="no rule option"):
        new_game(["a", "b"], options={"speed": "fast"})
    with pytest.raises(InvalidSetup, match="cannot be"):
        new_game(["a", "b"], options={"extra_turn": "always"})
    with pytest.raises(InvalidSetup, match="2 to 5 players"):
        new_game(["a"])


def test_table_mode_deals_unknown_cards_and_reveals_them_at_round_end() -> None:
    state = new_game(["ann", "bob"])
    assert state.to_move == CHANCE and state.chance_move() is None
    # The table deals five face-up ferry cards; a snail needs its upward end.
    assert state.check(FerryCard("SNLX1")).code == "noah.snail_gender"
    for card in ["CATM1", "SNLX1/F", "BEAF1", "PANM1", "KANF1"]:
        c, _, g = card.partition("/")
        state = state.apply(FerryCard(c, g or None))
    assert state.check(FerryCard("CATM2")).code == "noah.wrong_step"
    # ann enters her hand; bob's stays unknown.
    ann = ["CATF1", "PARM1", "PARF1", "GIRM1", "ELEM1", "RHIM1", "WOOM1", "LIOM1"]
    for i in range(16):
        state = state.apply(Deal(ann[i // 2]) if i % 2 == 0 else Deal(UNKNOWN))
    assert state.hands[1] == (UNKNOWN,) * 8
    state = state.apply(PlaceNoah(0)).apply(First("bob"))
    # bob plays a card the table had not seen: it must be unaccounted for.
    assert state.check(Play("CATF1")).code == "noah.not_in_hand"
    state = state.apply(Play("KANM1"))
    assert state.hands[1].count(UNKNOWN) == 7
    assert "KANM1" not in state.unaccounted()


def test_table_mode_round_end_asks_for_the_unknown_cards() -> None:
    state = position(
        ["ELEM1", "RHIM1"], [["CATM1"], [UNKNOWN, UNKNOWN], ["KANF1"]], players=3, seed=None
    )
    ended = state.apply(Play("CATM1")).apply(MoveNoah(2))
    assert ended.step == Step.REVEAL and ended.to_move == "bob"
    assert ended.check(Reveal("ELEM1")).code == "noah.reveal"
    revealed = ended.apply(Reveal("PANF1")).apply(Reveal("CATF1"))
    assert revealed.round == 2
    assert revealed.round_tears[0] == (0, 4 + 1, 1)
