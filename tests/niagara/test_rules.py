"""Niagara rule scenarios: the spec's worked examples (§12) and its fixed readings (§14-§15)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from engines.core import CHANCE, IllegalMove
from engines.niagara import Arm, NiagaraState, Paddle, parse_move
from engines.niagara.board import HOME, LOST, Canoe
from tests.niagara.positions import position


def verdict_code(state: NiagaraState, text: str) -> str | None:
    verdict = state.check(parse_move(text))
    return verdict.code


def play(state: NiagaraState, *texts: str) -> NiagaraState:
    for text in texts:
        state = state.apply(parse_move(text))
    return state


def finish_flow(state: NiagaraState) -> NiagaraState:
    while state.to_move == CHANCE:
        move = state.chance_move()
        assert move is not None
        state = state.apply(move)
    return state


# --------------------------------------------------------------------- worked examples


def test_example_1_movement_and_loading() -> None:
    state = position(chosen="611")
    assert verdict_code(state, "6 1:H>M4+W") is None
    assert verdict_code(state, "6 1:H>L6") is None
    assert verdict_code(state, "6 1:H>R6") is None
    # Three to violet, load, one more: the load is never in the middle of a move.
    assert verdict_code(state, "6 1:H>M3+V") == "niagara.points"
    # Every legal single-canoe plan loads at the start or the end only.
    for move in state.legal_moves():
        assert isinstance(move, Paddle)
        for plan in move.canoes:
            assert not plan.pre  # nothing to load at HOME


def test_example_2_only_clouds_flow_one_step() -> None:
    state = position(chosen="CCC")
    state = play(state, "cloud+", "cloud+", "cloud-")
    assert state.weather == 1
    assert state.to_move == CHANCE
    assert state.flow_total == 1
    current = next(e for e in state.events if e.kind == "current")
    assert current.data == {"current": 1, "steps": 1, "numbers": [], "weather": 1}


def test_example_3_weather_minus_one_with_a_one_is_no_flow() -> None:
    state = position(weather=-1, chosen="146")
    state = play(state, "1 1:H>M1", "4 1:H>M4", "6 1:H>L6")
    current = next(e for e in state.events if e.kind == "current")
    assert current.data["current"] == 0 and current.data["steps"] == 0
    flow = next(e for e in state.events if e.kind == "flow")
    assert flow.data == {"steps": 0, "arms": [], "canoes_lost": [], "gems_returned": []}
    assert state.phase == "choose" and state.round == 2
    assert state.to_move == "bob"  # the life ring passed to the left
    assert state.canoes[2][0] == Canoe("L6")


def test_example_4_eight_steps() -> None:
    state = position(weather=2, chosen="666")
    state = play(state, "6 1:H>L6", "6 1:H>L6", "6 1:H>R6")
    assert state.flow_total == 8
    state = finish_flow(state)
    flow = next(e for e in state.events if e.kind == "flow")
    assert flow.data["steps"] == 8
    assert flow.data["arms"] == list("LRLRLRLR")
    assert sorted((x["player"], x["canoe"]) for x in flow.data["canoes_lost"]) == [
        ("ann", 1),
        ("bob", 1),
        ("cy", 1),
    ]


def test_example_5_alternating_arms_through_the_engine() -> None:
    state = position(
        canoes={"ann": [("M5", None), ("L7", None)]}, weather=1, last_arm="R", chosen="C11"
    )
    # ann's river canoes would have to move on a number, so she plays the cloud.
    state = play(state, "cloud+", "1 1:H>M1", "1 1:H>M1")
    assert state.flow_total == 3  # lowest 1 + weather 2
    arms = []
    slots = []
    for _ in range(3):
        move = state.chance_move()
        assert move is not None
        arms.append(move.notation())
        state = state.apply(move)
        slots.append((state.canoes[0][0].slot, state.canoes[0][1].slot))
    assert arms == ["arm L", "arm R", "arm L"]
    assert slots == [("L6", LOST), ("L6", LOST), ("L7", LOST)]


@pytest.mark.parametrize(
    ("policy", "odds"),
    [
        ("alternate", {Arm("L"): Fraction(1)}),
        ("random", {Arm("L"): Fraction(1, 2), Arm("R"): Fraction(1, 2)}),
        ("ask", {Arm("L"): Fraction(1, 2), Arm("R"): Fraction(1, 2)}),
    ],
)
def test_the_arm_of_a_flow_step_by_the_arm_policy(policy: str, odds: dict[Arm, Fraction]) -> None:
    state = position(
        canoes={"ann": [("M5", None), ("L7", None)]},
        weather=1,
        last_arm="R",
        chosen="C11",
        options={"arm_policy": policy},
    )
    state = play(state, "cloud+", "1 1:H>M1", "1 1:H>M1")
    assert state.to_move == CHANCE and set(state.legal_moves()) == {Arm("L"), Arm("R")}
    assert dict(state.chance_outcomes()) == odds
    assert state.chance_move() in odds


def test_example_6_carried_over_with_its_gem() -> None:
    state = position(canoes={"bob": [("R7", "P"), (HOME, None)]}, last_arm="L", chosen="1C1")
    pink_before = state.hollows[4]
    state = play(state, "1 1:H>M1", "cloud+", "1 1:H>M1")
    assert state.flow_total == 2
    state = state.apply(parse_move("arm R"))
    assert state.canoes[1][0] == Canoe(LOST)
    assert state.hollows[4] == pink_before + "P"
    state = state.apply(parse_move("arm L"))
    flow = next(e for e in state.events if e.kind == "flow")
    assert flow.data["arms"] == ["R", "L"]
    assert flow.data["canoes_lost"] == [{"player": "bob", "canoe": 1, "gem": "P"}]
    assert flow.data["gems_returned"] == ["P"]


def test_example_7_robbing() -> None:
    state = position(
        canoes={"ann": [("M5", None), (HOME, None)], "bob": [("M3", "Y"), ("M4", "W")]},
        chosen="266",
    )
    assert verdict_code(state, "2 1:M5>M3*bob/1") is None
    after = play(state, "2 1:M5>M3*bob/1")
    assert after.canoes[0][0] == Canoe("M3", "Y")
    assert after.canoes[1][0] == Canoe("M3", None)
    # Robbing is optional, and A cannot stop early at M4 to rob there.
    assert verdict_code(state, "2 1:M5>M3") is None
    assert verdict_code(state, "2 1:M5>M4*bob/2") == "niagara.points"
    # Only after an upstream move, and only what is there.
    assert verdict_code(state, "2 1:M5>M3*bob/2") == "niagara.rob_nothing"


def test_example_8_swap_without_moving() -> None:
    state = position(canoes={"ann": [("M4", "V"), (HOME, None)]}, chosen="411")
    assert verdict_code(state, "4 1:M4-V+W") is None
    after = play(state, "4 1:M4-V+W")
    assert after.canoes[0][0] == Canoe("M4", "W")
    assert "V" in after.hollows[1]
    clear = position(canoes={"ann": [("M4", "W"), (HOME, None)]}, chosen="211")
    assert verdict_code(clear, "2 1:M4-W") == "niagara.unload_own_colour"


@pytest.mark.parametrize(
    ("tiebreak", "ranking"),
    [("shared", (("ann", "bob"), ("cy",))), ("gem_value", (("ann",), ("bob",), ("cy",)))],
)
def test_example_9_several_winners(tiebreak: str, ranking: tuple[tuple[str, ...], ...]) -> None:
    state = position(
        canoes={"ann": [("M1", "P"), (HOME, None)], "bob": [("M1", "Y"), (HOME, None)]},
        banks={"ann": "VWYB", "bob": "VVVWWY"},
        chosen="11C",
        options={"tiebreak": tiebreak},
    )
    state = play(state, "1 1:M1>H")
    assert state.banks[0] == "VWYBP"
    assert state.outcome() is None  # the round goes on
    state = play(state, "1 1:M1>H", "cloud-")
    assert state.is_over
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranking == ranking
    assert outcome.scores == {"ann": 1, "bob": 1, "cy": 0}
    if tiebreak == "gem_value":
        assert "ann 15" in outcome.tiebreak and "bob 13" in outcome.tiebreak
    else:
        assert "share" in outcome.tiebreak


# --------------------------------------------------------------------- fixed readings


def test_clouds_are_ignored_for_the_lowest_number() -> None:
    state = position(chosen="C3C")
    state = play(state, "cloud+", "3 1:H>M3", "cloud+")
    assert state.weather == 2
    assert state.flow_total == 5  # 3 + 2, the clouds are not zero


def test_unload_before_and_load_after_the_move() -> None:
    state = position(canoes={"ann": [("M5", "V"), (HOME, None)]}, chosen="511")
    assert verdict_code(state, "5 1:-VM5>L6+B") is None
    after = play(state, "5 1:-VM5>L6+B")
    assert after.canoes[0][0] == Canoe("L6", "B")
    assert "V" in after.hollows[2]


def test_load_then_unload_is_refused() -> None:
    state = position(canoes={"ann": [("M3", None), (HOME, None)]}, chosen="511")
    assert verdict_code(state, "5 1:+VM3>M4-V") == "niagara.load_then_unload"


def test_a_swap_takes_another_colour() -> None:
    state = position(canoes={"ann": [("M4", "V"), (HOME, None)]}, chosen="411")
    assert verdict_code(state, "4 1:M4-V+V") == "niagara.load_same_colour"


def test_gems_never_pass_between_a_players_canoes() -> None:
    state = position(canoes={"ann": [("M4", "V"), ("M4", None)]}, chosen="211")
    assert verdict_code(state, "2 1:M4-V 2:M4+V") == "niagara.pass_gem"
    assert verdict_code(state, "2 1:M4-V 2:M4+W") is None


def test_robbing_only_another_players_canoe_and_it_ends_the_action() -> None:
    state = position(canoes={"ann": [("M5", None), ("M3", "Y")]}, chosen="211")
    assert verdict_code(state, "2 1:M5>M3*ann/2 2:M3>M1") == "niagara.rob_own"
    other = position(
        canoes={"ann": [("L7", None), (HOME, None)], "bob": [("M5", "Y"), (HOME, None)]},
        chosen="211",
    )
    assert verdict_code(other, "2 1:L7>M5*bob/1") is None
    longer = dataclasses.replace(other, chosen=("4", "1", "1"))
    assert verdict_code(longer, "4 1:L7>M5-Y*bob/1") == "niagara.rob_then_ops"
    full = position(
        canoes={"ann": [("L7", "P"), (HOME, None)], "bob": [("M5", "Y"), (HOME, None)]},
        chosen="211",
    )
    assert verdict_code(full, "2 1:L7>M5*bob/1") == "niagara.rob_full"
    down = position(
        canoes={"ann": [("M3", None), (HOME, None)], "bob": [("M5", "Y"), (HOME, None)]},
        chosen="211",
    )
    assert verdict_code(down, "2 1:M3>M5*bob/1") == "niagara.rob_upstream"


def test_both_canoes_at_home_at_least_one_launches() -> None:
    state = position(chosen="311")
    assert verdict_code(state, "3") == "niagara.must_launch"
    assert verdict_code(state, "3 1:H>M3 2:H>M3") is None
    assert verdict_code(state, "3 2:H>M3") is None


def test_river_canoes_must_act_and_spend_every_point() -> None:
    state = position(canoes={"ann": [("M2", None), ("L6", None)]}, chosen="311")
    assert verdict_code(state, "3 1:M2>M5") == "niagara.must_move"
    assert verdict_code(state, "3 1:M2>M5 2:L6>X") is None  # over the falls by its own move
    assert verdict_code(state, "3 1:M2>M5 2:L6>L7") == "niagara.points"
    assert verdict_code(state, "3 1:M2>M5 2:L6>R7") == "niagara.path"
    assert verdict_code(state, "3 1:M2>H 2:L6>M3") is None  # HOME stops it; 1 point lost


def test_one_lost_and_one_at_home_may_stay() -> None:  # N-3
    state = position(canoes={"ann": [(LOST, None), (HOME, None)]}, chosen="311")
    assert verdict_code(state, "3") is None
    assert verdict_code(state, "3 2:H>M3") is None


def test_buy_back_one_canoe_at_the_start_of_the_turn() -> None:
    state = position(
        canoes={"ann": [(LOST, None), (LOST, None)]}, banks={"ann": "VW"}, chosen="311"
    )
    assert verdict_code(state, "3 1:H>M3") == "niagara.canoe_lost"
    assert verdict_code(state, "3 buy:V 1:H>M3") is None  # N-2: launch at once
    assert verdict_code(state, "3 buy:V 2:H>M3") == "niagara.canoe_lost"  # one canoe a turn
    assert verdict_code(state, "3 buy:Y") == "niagara.buy_no_gem"
    after = play(state, "3 buy:W")
    assert after.banks[0] == "V"
    assert after.canoes[0] == (Canoe(HOME), Canoe(LOST))
    assert "W" in after.hollows[1]
    clouds = position(
        canoes={"ann": [(LOST, None), ("M2", None)]}, banks={"ann": "V"}, chosen="C11"
    )
    assert verdict_code(clouds, "cloud- buy:V") is None  # any tile


def test_free_return_when_both_canoes_are_lost_and_no_gem() -> None:
    state = position(canoes={"bob": [(LOST, None), ("R7", None)]}, last_arm="L", chosen="C11")
    state = play(state, "cloud+", "1 2:R7>X")
    assert state.canoes[1] == (Canoe(HOME), Canoe(LOST))
    assert [e.kind for e in state.events] == ["action", "free_return"]


def test_reveal_the_tile_laid_down() -> None:
    state = position(chosen="311")
    assert verdict_code(state, "4 1:H>M4") == "niagara.wrong_tile"
    assert verdict_code(state, "cloud+") == "niagara.wrong_tile"


def test_the_weather_chart_has_edges() -> None:
    state = position(weather=2, chosen="C11")
    assert verdict_code(state, "cloud+") == "niagara.weather_edge"
    assert verdict_code(state, "cloud-") is None


def test_paddles_return_to_hand_after_seven_rounds() -> None:
    state = position()
    state = dataclasses.replace(state, hands=("1", "1", "1"))
    state = play(state, "choose 1", "choose 1", "choose 1")
    state = play(state, "1 1:H>M1", "1 1:H>M1", "1 1:H>M1")
    state = finish_flow(state)
    assert state.hands == ("123456C",) * 3
    assert state.round == 2


def test_choosing_is_secret_until_revealed() -> None:
    state = position()
    move = parse_move("choose 4")
    assert state.public_move(move, "bob") == {"type": "choose", "tile": "?"}
    assert state.public_move(move, "ann") == move.to_json()
    after = state.apply(move)
    assert after.view("bob")["seats"][0]["chosen"] == "hidden"
    assert after.view("ann")["seats"][0]["chosen"] == "4"
    assert after.view(None)["seats"][0]["chosen"] == "hidden"


def test_table_mode_takes_unseen_paddles_and_the_arm_from_the_table() -> None:
    state = position(seed=None)
    assert verdict_code(state, "choose ?") is None
    state = play(state, "choose ?", "choose 2", "choose ?")
    assert verdict_code(state, "5 1:H>M5") is None  # an unseen tile: any in hand
    state = play(state, "5 1:H>M5", "2 1:H>M2", "6 1:H>L6")
    assert state.to_move == CHANCE
    assert state.chance_move() is None  # the table says what the river did
    state = play(state, "arm R", "arm R")
    assert state.canoes[0][0].slot == "R7"
    seeded = position()
    assert verdict_code(seeded, "choose ?") == "niagara.unseen_tile"


def test_illegal_moves_raise_with_the_same_code() -> None:
    state = position(chosen="311")
    with pytest.raises(IllegalMove) as err:
        state.apply(parse_move("3"))
    assert err.value.code == "niagara.must_launch"
    assert "at least one" in err.value.reason
