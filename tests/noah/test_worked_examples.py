"""The worked examples of ``docs/rules/noah.md`` §10, one test each."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.noah import Gift, MoveNoah, Play, TakeFerry, weight
from engines.noah.info import Step
from tests.noah.helpers import position


def test_1_alternating_ferry_and_female_moves_noah_to_a_neighbour() -> None:
    state = position(["CATM1"], [["KANF1", "BEAM1"], ["PARF1"]])
    after = state.apply(Play("KANF1"))
    ferry = after.docks[0]
    assert [g for _, g in ferry] == ["M", "F"]
    assert weight(ferry) == 5
    assert after.step == Step.MOVE_NOAH
    assert set(after.legal_moves()) == {MoveNoah(1), MoveNoah(4)}
    assert not after.extra
    # The next card must be male: the card before last is the cat.
    moved = after.apply(MoveNoah(1))
    assert moved.to_move == "bob"


def test_2_panda_on_an_all_female_ferry_and_the_overweight_mule() -> None:
    hand = ["PANF2", "MULF1", "CATM1"]
    state = position(["BEAF1", "PANF1", "LIOF1"], [hand, ["PARF1"]])
    assert weight(state.ferry) == 16
    assert state.check(Play("PANF2"))
    after = state.apply(Play("PANF2"))
    assert weight(after.docks[0]) == 20
    assert not after.extra, "the top card was a lion, not a panda"
    verdict = state.check(Play("MULF1"))
    assert verdict.code == "noah.overweight"
    assert "22" in (verdict.reason or "") and "21" in (verdict.reason or "")


@pytest.mark.parametrize("departures_before", [0, 1])
def test_3_woodpecker_at_exactly_13_departs(departures_before: int) -> None:
    earlier = ["bob"] * departures_before
    hand = ["WOOM1", "CATF1", "PANF1", "GIRF1"]
    state = position(["BEAM1", "KANF1", "PARM1", "KANF2"], [hand, ["PARF1"]], departures=earlier)
    assert weight(state.ferry) == 13
    after = state.apply(Play("WOOM1")).apply(MoveNoah(2))
    assert after.docks[0] == ()
    assert after.departures[-1] == "ann"
    assert after.events[0].kind == "departure"
    assert after.step == Step.GIFT
    assert after.gifts_left == departures_before + 1
    # The woodpecker as a female breaks the alternating pattern.
    female = position(["BEAM1", "KANF1", "PARM1", "KANF2"], [["WOOF1", "CATF1"], ["PARF1"]])
    assert female.check(Play("WOOF1")).code == "noah.gender"


def test_4a_three_female_cats_extra_turn_only_under_species() -> None:
    ferry, hand = ["CATF1", "CATF2"], ["CATF3", "BEAM1"]
    couple = position(ferry, [hand, ["PARF1"]]).apply(Play("CATF3"))
    assert weight(couple.docks[0]) == 6
    assert not couple.extra
    assert couple.apply(MoveNoah(1)).to_move == "bob"
    species = position(ferry, [hand, ["PARF1"]], options={"extra_turn": "species"})
    after = species.apply(Play("CATF3"))
    assert after.extra
    assert after.apply(MoveNoah(4)).to_move == "ann"


@pytest.mark.parametrize("option", ["couple", "species"])
def test_4b_opposite_cat_earns_an_extra_turn_after_noah_moves_two(option: str) -> None:
    state = position(
        ["BEAM1", "CATF1"], [["CATM1", "PANF1"], ["PARF1"]], options={"extra_turn": option}
    )
    after = state.apply(Play("CATM1"))
    assert weight(after.docks[0]) == 11
    assert after.extra
    assert set(after.legal_moves()) == {MoveNoah(2), MoveNoah(3)}
    assert after.apply(MoveNoah(3)).to_move == "ann"


def test_5_no_card_fits_so_the_player_takes_the_ferry() -> None:
    hand = ["CATF1", "PANF1", "GIRM1", "KANM1", "WOOM1"]
    state = position(["ELEM1", "RHIM1"], [hand, ["PARF1"]])
    assert weight(state.ferry) == 19
    assert state.legal_moves() == (TakeFerry(),)
    female = state.check(Play("CATF1"))
    assert female.code == "noah.gender"
    assert "take the ferry" in (female.reason or "")
    assert state.check(Play("KANM1")).code == "noah.overweight"
    woodpecker = state.check(Play("WOOM1"))
    assert woodpecker.code == "noah.overweight"
    assert "19" in (woodpecker.reason or "") and "13" in (woodpecker.reason or "")
    took = state.apply(TakeFerry())
    assert took.docks[0] == ()
    assert {"ELEM1", "RHIM1"} <= set(took.hands[0])
    assert took.step == Step.PLAY and took.to_move == "ann"
    played = took.apply(Play("ELEM1"))
    assert not played.extra, "the first card on an empty ferry earns nothing"


def test_5_taking_is_refused_while_a_card_fits() -> None:
    state = position(["ELEM1", "RHIM1"], [["CATF1", "PARM1"], ["PARF1"]])
    verdict = state.check(TakeFerry())
    assert verdict.code == "noah.must_play"
    with pytest.raises(IllegalMove) as err:
        state.apply(TakeFerry())
    assert err.value.code == "noah.must_play"


@pytest.mark.parametrize(
    ("gender", "option", "extra"),
    [("F", "couple", True), ("F", "species", True), ("M", "couple", False), ("M", "species", True)],
)
def test_6_two_snails(gender: str, option: str, extra: bool) -> None:
    state = position(["SNLX1/M"], [["SNLX2", "CATF1"], ["PARF1"]], options={"extra_turn": option})
    after = state.apply(Play("SNLX2", gender))
    assert weight(after.docks[0]) == 2
    assert after.extra is extra


def test_6_snail_needs_a_gender_and_then_takes_the_pattern() -> None:
    state = position(["SNLX1/M"], [["SNLX2"], ["PARF1"]])
    assert state.check(Play("SNLX2")).code == "noah.snail_gender"
    third = position(["CATM1", "KANF1"], [["SNLX2"], ["PARF1"]])
    assert third.check(Play("SNLX2", "F")).code == "noah.gender"
    assert third.legal_moves() == (Play("SNLX2", "M"),)


def test_7_third_departure_empties_the_hand_and_ends_the_round() -> None:
    # 4 players; ann holds 3 cards and plays the snail that completes the ferry (21).
    state = position(
        ["ELEM1", "PARM1", "RHIM1", "SNLX2/M"],
        [["SNLX1", "PANF1", "CATF1"], ["PARF1", "KANM1"], ["BEAF1"], ["GIRM1"]],
        departures=["bob", "cy"],
        options={"extra_turn": "species"},
    )
    assert weight(state.ferry) == 20
    after = state.apply(Play("SNLX1", "M"))
    assert after.extra, "snail on snail earns an extra turn under species"
    after = after.apply(MoveNoah(2))
    assert after.step == Step.GIFT and after.gifts_left == 2
    after = after.apply(Gift("PANF1", "bob")).apply(Gift("CATF1", "cy"))
    # The round ended: ann scored 0 tears, the others scored their hands.
    assert after.round == 2
    assert after.round_tears[0] == (0, 2 + 1 + 4, 0 + 1, 0)
    assert after.events[-1].kind == "round_end"
