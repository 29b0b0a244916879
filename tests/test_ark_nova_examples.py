"""The rules spec's worked examples (docs/rules/ark_nova.md §9) and the VP property."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engines import ark_nova
from engines.ark_nova import RECORD, scoring, steps
from engines.ark_nova.state import FinalTurn, SetZoo
from engines.ark_nova.zoo import Zoo

LARGE = [402, 417, 437]  # Lion, Wolf, Muskox: standard enclosures of size 4


def table(zoos: dict[str, dict[str, Any]], **options: str) -> ark_nova.ArkNovaState:
    doc = {
        "game": "ark_nova",
        "format": 1,
        "players": list(zoos),
        "options": options,
        "zoos": zoos,
        "finished": True,
    }
    return ark_nova.load_state(json.loads(json.dumps(doc)))


def test_rulebook_pair_minus_4_and_plus_9() -> None:
    state = table(
        {"blue": {"appeal": 54, "conservation": 22}, "red": {"appeal": 64, "conservation": 23}}
    )
    out = state.outcome()
    assert out is not None
    assert scoring.target(22) == 58 and scoring.target(23) == 55
    assert out.scores == {"blue": -4, "red": 9}
    assert out.winners == ("red",)


def red_zoo() -> dict[str, Any]:
    # 5 research icons: 2 from the "2 research" university, 1 on Federal Grants,
    # 2 on Science Institute.
    return {
        "appeal": 74,
        "conservation": 17,
        "reputation": 10,
        "universities": ["research2"],
        "sponsors": [220, 223],
        "final_scoring": ["003"],
    }


def blue_zoo() -> dict[str, Any]:
    return {"appeal": 80, "conservation": 12, "animals": LARGE, "final_scoring": ["001"]}


def test_two_player_example_105_98_step_by_step() -> None:
    state = ark_nova.new_game(["red", "blue"], options=RECORD)
    state = state.apply(SetZoo("blue", blue_zoo()))
    assert state.trigger is None
    state = state.apply(SetZoo("red", red_zoo()))
    assert state.trigger == "red", "appeal 74 reaches target(17) = 73"
    assert state.events[0].kind == "end_triggered"
    assert state.outcome() is None
    assert state.owed_final_turns() == ("blue",)
    state = state.apply(FinalTurn("blue"))
    out = state.outcome()
    assert out is not None
    assert out.scores == {"red": 13, "blue": -2}
    assert out.winners == ("red",)
    red = {line.label: line for line in out.breakdown["red"]}
    assert red["Research Zoo (003)"].detail.startswith("+3 CP (17 -> 20)")
    assert "5 research icons (3 on cards, 2 from universities)" in red["Research Zoo (003)"].detail
    assert red["Federal Grants (220)"].detail.startswith("+1 CP (20 -> 21)")
    assert "target 61: +13 VP (113 on the 100-based scale)" in red["Final"].detail
    blue = {line.label: line for line in out.breakdown["blue"]}
    assert blue["Large Animal Zoo (001)"].detail.startswith("+2 CP (12 -> 14)")
    assert "target 82: -2 VP (98 on the 100-based scale)" in blue["Final"].detail
    for player, lines in out.breakdown.items():
        assert sum(line.points for line in lines) == out.scores[player]


def test_two_player_example_on_the_100_based_scale() -> None:
    state = table({"red": red_zoo(), "blue": blue_zoo()}, score_scale="plus_100")
    out = state.outcome()
    assert out is not None
    assert out.scores == {"red": 113, "blue": 98}
    for player, lines in out.breakdown.items():
        assert sum(line.points for line in lines) == out.scores[player]


def test_two_player_example_with_marine_worlds_cards() -> None:
    state = table({"red": red_zoo(), "blue": blue_zoo()}, final_scoring_printing="marine_worlds")
    out = state.outcome()
    assert out is not None
    # Large Animal Zoo 1/2/3/4: 3 large animals give 3 CP -> CP 15 -> target 79 -> +1.
    assert out.scores == {"red": 13, "blue": 1}
    assert out.winners == ("red",)


@given(st.integers(0, 113), st.integers(0, 41))
def test_vp_formula_and_trigger(appeal: int, cp: int) -> None:
    vp = appeal + 2 * min(cp, 10) + 3 * max(cp - 10, 0) - 114
    assert scoring.victory_points(appeal, cp) == vp
    assert scoring.target(cp) == appeal - vp
    zoo = Zoo(appeal=appeal, conservation=cp)
    assert scoring.triggers_end(zoo) == (vp >= 0)
    state = ark_nova.new_game(["ann", "bob"], options=RECORD).apply(SetZoo("bob", zoo.to_json()))
    assert (state.trigger == "bob") == (vp >= 0)


def test_target_table_of_the_spec() -> None:
    printed = (
        "0:114 1:112 2:110 3:108 4:106 5:104 6:102 7:100 8:98 9:96 10:94 11:91 12:88 13:85 14:82 "
        "15:79 16:76 17:73 18:70 19:67 20:64 21:61 22:58 23:55 24:52 25:49 26:46 27:43 28:40 "
        "29:37 30:34 31:31 32:28 33:25 34:22 35:19 36:16 37:13 38:10 39:7 40:4 41:1"
    )
    for pair in printed.split():
        cp, tgt = pair.split(":")
        assert scoring.target(int(cp)) == int(tgt)


def test_the_turn_engine_example_reads_as_its_readme_says() -> None:
    path = Path(__file__).resolve().parent.parent / "examples" / "ark_nova" / "turns_midgame.json"
    state = ark_nova.load_state(path.read_text())
    assert state.to_move == "bob" and state.options["mode"] == "turns"
    codes = {
        "cards ann": "ark_nova.not_your_turn",
        "sponsors bob 244": "ark_nova.sponsors.level",
        "assoc bob university:research2 reputation": "ark_nova.step.one",
    }
    for text, code in codes.items():
        assert state.check(ark_nova.parse_move(text)).code == code
    # Taken one task a move, the university (value 4) leaves strength 1: no task fits, so
    # the action ends by itself; the two together are over the strength.
    whole = ark_nova.parse_move("assoc bob university:research2 reputation")
    assert steps.check_whole(state, whole).code == "ark_nova.association.strength"
    one = state.apply(ark_nova.parse_move("assoc bob university:research_reputation"))
    assert one.flow_.acting is None and "research_reputation" in one.zoo("bob").universities
    after = state.apply(ark_nova.parse_move("animals bob 458@6,1"))
    assert after.zoo("bob").appeal == state.zoo("bob").appeal + 7
    asks = [(p.ask, p.card) for p in after.flow_.pending]
    assert ("effect", 458) in asks
