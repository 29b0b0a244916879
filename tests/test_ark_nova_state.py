"""Ark Nova table state: JSON round trips, moves, the final round, views, the CLI."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import cli
from engines import ark_nova
from engines.ark_nova import RECORD
from engines.ark_nova.state import ArkNovaState, FinalTurn, KeepFinalScoring, SetZoo
from engines.ark_nova.zoo import Building, Zoo
from engines.core import CHANCE, IllegalMove, InvalidMove, InvalidSetup, InvalidState
from tests.games_hidden.ark_nova_hidden import variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "ark_nova"


def roundtrip(state: ArkNovaState) -> None:
    doc = state.to_json()
    again = ark_nova.load_state(json.loads(json.dumps(doc)))
    assert again == state
    assert again.to_json() == doc


def test_new_game_holds_one_setup_zoo_per_player() -> None:
    state = ark_nova.new_game(["ann", "bob", "cy"], options=RECORD)
    assert [z.appeal for z in state.zoos] == [0, 1, 2]
    for zoo in state.zoos:
        assert zoo.money == 25
        assert {b.kind for b in zoo.buildings} == {"kiosk", "enclosure_3"}
        assert zoo.covered == {(0, 3), (0, 4), (0, 5), (1, 5)}
    assert state.to_move == "ann" and state.outcome() is None
    roundtrip(state)
    assert ark_nova.INFO.turn_engine


@pytest.mark.parametrize("players", [["solo"], ["a", "b", "c", "d", "e"]])
def test_player_counts(players: list[str]) -> None:
    with pytest.raises(InvalidSetup):
        ark_nova.new_game(players)


def test_moves_roundtrip_json_and_notation() -> None:
    moves = [
        SetZoo("ann", Zoo(appeal=30, animals=(401,)).to_json()),
        SetZoo("bob", {"appeal": 99}, during_break=True),
        KeepFinalScoring("ann", ("003", "007")),
        KeepFinalScoring("bob", ()),
        FinalTurn("bob"),
    ]
    for move in moves:
        assert ark_nova.parse_move(move.to_json()) == move
        assert ark_nova.parse_move(json.dumps(move.to_json())) == move
        assert ark_nova.parse_move(move.notation()) == move
    assert ark_nova.parse_move("keep ann 001,009") == KeepFinalScoring("ann", ("001", "009"))
    with pytest.raises(InvalidMove):
        ark_nova.parse_move("build ann enclosure_3")


def test_state_with_every_field_roundtrips() -> None:
    doc = json.loads((EXAMPLES / "four_player.json").read_text())
    state = ark_nova.load_state(doc)
    roundtrip(state)
    mid = ark_nova.new_game(["ann", "bob"], options=RECORD).apply(
        SetZoo("ann", {"appeal": 60, "conservation": 30})
    )
    assert mid.trigger == "ann"
    roundtrip(mid)
    roundtrip(mid.apply(KeepFinalScoring("bob", ("010",))))


def test_final_round_after_a_trigger() -> None:
    state = ark_nova.new_game(["ann", "bob", "cy"], options=RECORD)
    verdict = state.check(FinalTurn("bob"))
    assert not verdict and verdict.code == "ark_nova.no_final_round"
    state = state.apply(SetZoo("bob", {"appeal": 94, "conservation": 10}))
    assert state.trigger == "bob" and state.owed_final_turns() == ("cy", "ann")
    assert state.to_move == "cy"
    verdict = state.check(FinalTurn("bob"))
    assert verdict.code == "ark_nova.trigger_player"
    state = state.apply(FinalTurn("cy"))
    with pytest.raises(IllegalMove) as err:
        state.apply(FinalTurn("cy"))
    assert err.value.code == "ark_nova.final_turn_taken"
    state = state.apply(FinalTurn("ann"))
    assert state.is_over and state.legal_moves() == ()
    assert state.events[0].kind == "game_over"
    assert state.check(FinalTurn("bob")).code == "ark_nova.game_over"


def test_every_player_records_their_own_zoo_on_a_recorded_table() -> None:
    """mode=record: each player enters their own zoo from their own seat; a move is made
    by the player it names, and each player's own moves are listed."""
    state = ark_nova.new_game(["ann", "bob", "cy"], options=RECORD)
    assert state.movers() == ("ann", "bob", "cy")
    bob = SetZoo("bob", {**state.zoo("bob").to_json(), "appeal": 20})
    assert state.mover_of(bob) == "bob" and state.mover_of(FinalTurn("cy")) == "cy"
    assert state.mover_of(KeepFinalScoring("ann", ("003",))) == "ann"
    listed = state.legal_moves()
    for player in state.players:
        assert SetZoo(player, state.zoo(player).to_json()) in listed
        assert any(m.TYPE == "build" and m.player == player for m in listed)
    after = state.apply(bob).apply(SetZoo("cy", {"appeal": 30}))
    assert after.zoo("bob").appeal == 20 and after.zoo("cy").appeal == 30
    assert after.movers() == ("ann", "bob", "cy")
    # Once the end is triggered the owed final turns are listed; at the end nobody moves.
    over = after.apply(SetZoo("cy", {"appeal": 94, "conservation": 10}))
    over = over.apply(FinalTurn("ann")).apply(FinalTurn("bob"))
    assert over.is_over and over.movers() == () and over.mover_of(FinalTurn("ann")) is None


def test_a_game_played_turn_by_turn_has_one_mover() -> None:
    state = ark_nova.new_game(["ann", "bob"], seed=1)
    assert state.movers() == ()  # the setup's chance
    while state.to_move == CHANCE:
        move = state.chance_move()
        assert move is not None and state.mover_of(move) == CHANCE
        state = state.apply(move)
    assert state.movers() == (state.to_move,)
    assert all(state.mover_of(m) == state.to_move for m in state.legal_moves())


def test_a_trigger_during_a_break_gives_everyone_a_turn() -> None:
    state = ark_nova.new_game(["ann", "bob"], options=RECORD)
    state = state.apply(SetZoo("ann", {"appeal": 94, "conservation": 10}, during_break=True))
    assert state.owed_final_turns() == ("bob", "ann")
    state = state.apply(FinalTurn("bob"))
    assert not state.is_over
    assert state.apply(FinalTurn("ann")).is_over


def test_only_the_first_zoo_to_reach_its_target_triggers() -> None:
    state = ark_nova.new_game(["ann", "bob"], options=RECORD)
    state = state.apply(SetZoo("ann", {"appeal": 94, "conservation": 10}))
    state = state.apply(SetZoo("bob", {"appeal": 113, "conservation": 20}))
    assert state.trigger == "ann"


def test_illegal_zoo_facts_are_refused_with_a_reason() -> None:
    state = ark_nova.new_game(["ann", "bob"], options=RECORD)
    cases: list[tuple[Any, str, str]] = [
        (SetZoo("ann", {"appeal": 120}), "ark_nova.bad_zoo", "off its track"),
        (SetZoo("ann", {"animals": [999]}), "ark_nova.bad_zoo", "no animal card 999"),
        (SetZoo("ann", {"animals": [401, 401]}), "ark_nova.bad_zoo", "listed twice"),
        (SetZoo("ann", {"colour": "red"}), "ark_nova.bad_zoo", "no field 'colour'"),
        (SetZoo("cy", {}), "ark_nova.unknown_player", "not at this table"),
        (KeepFinalScoring("ann", ("012",)), "ark_nova.unknown_card", "no final-scoring card"),
        (
            KeepFinalScoring("ann", ("001", "002")),
            "ark_nova.final_scoring",
            "1 plus 1 per elephant",
        ),
    ]
    for move, code, words in cases:
        verdict = state.check(move)
        assert not verdict and verdict.code == code and verdict.reason and words in verdict.reason
    elephant = state.apply(SetZoo("ann", {"animals": [426]}))
    assert elephant.check(KeepFinalScoring("ann", ("001", "002")))


@pytest.mark.parametrize(
    ("building", "words"),
    [
        ({"building": "enclosure_2", "at": [1, 1]}, "covers the rock space"),
        ({"building": "enclosure_1", "at": [8, 0]}, "covers the water space"),
        ({"building": "enclosure_2", "at": [8, 3], "rotation": 1}, "leaves Map A"),
        ({"building": "kiosk", "at": [0, 4]}, "overlaps"),
        ({"building": "unique", "sponsor": 243, "hexes": [[4, 4]]}, "needs sponsor 243"),
        ({"building": "unique", "sponsor": 220, "hexes": [[4, 4]]}, "has no building"),
        ({"building": "tower", "at": [4, 4]}, "unknown building"),
        ({"building": "kiosk", "at": [4, 4], "occupied": True}, "only a standard enclosure"),
    ],
)
def test_buildings_that_cannot_lie_on_map_a(building: dict[str, Any], words: str) -> None:
    setup = [b.to_json() for b in Zoo().buildings]
    with pytest.raises(ValueError, match=words):
        Zoo.from_json({"buildings": [*setup, building]})


def test_diversity_researcher_may_cover_rock_and_water() -> None:
    zoo = Zoo.from_json(
        {"sponsors": [219], "buildings": [{"building": "enclosure_1", "at": [1, 1]}]}
    )
    assert (1, 1) in zoo.covered
    assert Building.from_json(zoo.buildings[0].to_json()) == zoo.buildings[0]


def test_views_hide_kept_final_scoring_cards_until_the_end() -> None:
    state = ark_nova.new_game(["ann", "bob"], options=RECORD)
    state = state.apply(KeepFinalScoring("ann", ("007",)))
    state = state.apply(KeepFinalScoring("bob", ("011",)))
    assert state.view("ann")["zoos"]["ann"]["final_scoring"] == ["007"]
    assert state.view("ann")["zoos"]["bob"]["final_scoring"] == 1
    assert state.view(None)["zoos"]["ann"]["final_scoring"] == 1
    json.dumps(state.view(None))
    rng = random.Random(3)
    for viewer in (None, "ann", "bob"):
        other = variant(state, viewer, rng)
        assert other is not None and other != state
        assert other.view(viewer) == state.view(viewer)
    assert state.public_move(KeepFinalScoring("ann", ("007",)), "bob")["cards"] == 1
    over = state.apply(SetZoo("ann", {"appeal": 94, "conservation": 10, "final_scoring": ["007"]}))
    over = over.apply(FinalTurn("bob"))
    assert over.view("ann")["zoos"]["bob"]["final_scoring"] == ["011"]
    assert variant(over, "ann", rng) is None


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"zoos": {"ann": {}}}, "one zoo per player"),
        ({"final_turns": ["bob"]}, "no player triggered"),
        ({"finished": True}, "never triggered"),
        ({"zoos": {"ann": {}, "bob": {"appeal": -1}}}, "bob's zoo"),
    ],
)
def test_broken_documents_say_what_is_wrong(change: dict[str, Any], words: str) -> None:
    doc = ark_nova.new_game(["ann", "bob"], options=RECORD).to_json() | change
    with pytest.raises(InvalidState, match=words):
        ark_nova.load_state(doc)


def test_a_hand_written_document_needs_only_game_format_players_and_zoos() -> None:
    doc = {
        "game": "ark_nova",
        "format": 1,
        "players": ["ann", "bob"],
        "zoos": {
            "ann": {"appeal": 64, "conservation": 23},
            "bob": {"appeal": 54, "conservation": 22},
        },
        "finished": True,
    }
    state = ark_nova.load_state(json.dumps(doc))
    assert state.trigger == "ann" and state.final_turns == ("bob",)
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == {"ann": 9, "bob": -4}


def test_ties_are_broken_by_projects_supported_then_shared() -> None:
    zoos = {
        "ann": {"appeal": 94, "conservation": 10, "projects": [101, 102]},
        "bob": {"appeal": 94, "conservation": 10, "projects": [103]},
        "cy": {"appeal": 94, "conservation": 10, "projects": [104]},
    }
    doc = {"game": "ark_nova", "format": 1, "players": list(zoos), "zoos": zoos, "finished": True}
    outcome = ark_nova.load_state(doc).outcome()
    assert outcome is not None
    assert outcome.ranking == (("ann",), ("bob", "cy"))
    assert "ann 2, bob 1, cy 1" in outcome.tiebreak and "share the place" in outcome.tiebreak


def test_appeal_and_cp_are_clamped_at_the_track_ends() -> None:
    zoos = {
        "ann": {"appeal": 111, "conservation": 40, "sponsors": [214, 220], "x_tokens": 5,
                "reputation": 12, "final_scoring": ["007"]},
        "bob": {},
    }  # fmt: skip
    doc = {"game": "ark_nova", "format": 1, "players": list(zoos), "zoos": zoos, "finished": True}
    outcome = ark_nova.load_state(doc).outcome()
    assert outcome is not None
    # Appeal 111 + 5 stops at 113; CP 40 + 3 + 1 stops at 41: 113 - target(41) = 112.
    assert outcome.scores["ann"] == 112
    assert sum(line.points for line in outcome.breakdown["ann"]) == 112


@pytest.mark.parametrize(
    ("name", "scores", "ranking"),
    [
        ("two_player.json", {"red": 13, "blue": -2}, [["red"], ["blue"]]),
        (
            "four_player.json",
            {"ann": 10, "bob": 16, "cy": -3, "dee": 10},
            [["bob"], ["dee"], ["ann"], ["cy"]],
        ),
    ],
)
def test_examples_score_as_documented(
    name: str, scores: dict[str, int], ranking: list[list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["score", "ark_nova", str(EXAMPLES / name)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] is True
    assert out["scores"] == scores
    assert [tier["players"] for tier in out["ranking"]] == ranking
    for player, lines in out["breakdown"].items():
        assert sum(line["points"] for line in lines) == scores[player]
    readme = (EXAMPLES / "README.md").read_text()
    for player, vp in scores.items():
        assert f"| {player} | {vp:+d} |" in readme


def test_cli_reports_a_broken_document(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "zoos.json"
    path.write_text(
        json.dumps({"game": "ark_nova", "format": 1, "players": ["a", "b"], "zoos": {}})
    )
    assert cli.main(["score", "ark_nova", str(path)]) == 2
    assert "one zoo per player" in capsys.readouterr().err


def test_no_move_list_shows_another_players_kept_cards_or_hand() -> None:
    # Issue 19: the player to move saw the others' kept final-scoring cards in its moves.
    # Each player's moves are listed for them (every player records their own zoo); the
    # moves a seat is shown are the ones it makes (``mover_of``).
    state = ark_nova.new_game(["ann", "bob"], options=RECORD)
    bob = replace(state.zoo("bob"), final_scoring=("007",))
    row = ("cards", "animals", "build", "association", "sponsors")
    hand = replace(state.board("bob"), hand=(404, 408), actions=row)
    state = state.with_player("bob", bob, hand)
    anns = [m for m in state.legal_moves() if state.mover_of(m) == "ann"]
    listed = json.dumps([m.to_json() for m in anns])
    assert '"007"' not in listed
    assert not [m for m in anns if getattr(m, "player", "") == "bob"]
    assert "404" not in listed and "408" not in listed
    bobs = [m for m in state.legal_moves() if state.mover_of(m) == "bob"]
    assert KeepFinalScoring("bob", ("007",)) in bobs
    assert any(m.TYPE == "animals" and m.plays[0].card == 408 for m in bobs)
    # Bob's own moves may still be checked and applied.
    assert state.check(ark_nova.parse_move("animals bob 408@0,4"))
