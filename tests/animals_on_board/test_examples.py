"""The example files of ``examples/animals_on_board/`` load, and the CLI scores the end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli import main
from engines import UNKNOWN
from engines.animals_on_board import Cut, load_state

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "animals_on_board"


@pytest.mark.parametrize("name", ["start.json", "table.json", "departure.json", "end.json"])
def test_examples_load_and_round_trip(name: str) -> None:
    doc = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    state = load_state(doc)
    assert state.to_json() == doc
    assert state.conservation_problem() is None


def test_start_is_the_first_setup_choice_of_a_seeded_game() -> None:
    state = load_state((EXAMPLES / "start.json").read_text(encoding="utf-8"))
    assert state.phase == "give" and state.to_move == "ann" and state.seed is not None
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.legal_moves()) == 3


def test_table_example_keeps_hidden_tiles_unknown() -> None:
    state = load_state((EXAMPLES / "table.json").read_text(encoding="utf-8"))
    assert state.table_mode and state.down_tile == UNKNOWN
    assert all(ark == (UNKNOWN,) for ark in state.arks)
    assert state.unseen == 4


def test_departure_offers_the_best_cut_first() -> None:
    state = load_state((EXAMPLES / "departure.json").read_text(encoding="utf-8"))
    assert state.phase == "cut" and state.to_move == "bob"
    assert state.legal_moves()[0] == Cut(("S10V1", "S10V2"))


def test_companion_scores_the_end_with_the_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "animals_on_board", str(EXAMPLES / "end.json")]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["over"] is True
    assert result["scores"] == {"ann": 49, "bob": 50, "cy": 30}
    assert [tier["players"] for tier in result["ranking"]] == [["bob"], ["ann"], ["cy"]]
    labels = [line["label"] for line in result["breakdown"]["ann"]]
    assert labels[:5] == ["pairs to Noah", "tiles cut", "singles", "herds", "food"]
    ann = {line["label"]: line for line in result["breakdown"]["ann"]}
    assert ann["pairs to Noah"]["detail"] == "S2V2 S2V4"
    bob = {line["label"]: line for line in result["breakdown"]["bob"]}
    assert bob["tiles cut"]["detail"] == "S10V1 S10V2"
