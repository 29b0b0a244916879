"""The example states in ``examples/niagara/`` with ``companion apply`` and ``companion score``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli import main
from engines.niagara import load_state

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "niagara"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(list(argv))
    out = capsys.readouterr().out
    return code, json.loads(out)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_every_example_loads_and_round_trips(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    state = load_state(doc)
    assert state.to_json() == doc


def test_apply_a_robbery(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run(capsys, "apply", "niagara", str(EXAMPLES / "robbing.json"), "2 1:M5>M3*bob/1")
    assert code == 0
    assert doc["seats"]["ann"]["canoes"][0] == {"slot": "M3", "gem": "Y"}
    assert doc["seats"]["bob"]["canoes"][0] == {"slot": "M3", "gem": None}
    assert doc["seats"]["ann"]["revealed"] == "2"


def test_apply_refuses_an_illegal_move_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run(capsys, "apply", "niagara", str(EXAMPLES / "robbing.json"), "2 1:M5>M4")
    assert code == 1
    assert doc["code"] == "niagara.points"
    assert "takes 1 points" in doc["reason"]


def test_apply_the_arm_the_river_took(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "flow-table.json")
    code, doc = run(capsys, "apply", "niagara", path, "arm L")
    assert code == 0
    assert doc["flow"]["arms"] == "L"
    assert doc["events"][0]["kind"] == "flow_step"


def test_score_the_last_round_after_it_is_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = str(EXAMPLES / "last-round.json")
    code, doc = run(capsys, "score", "niagara", state)
    assert code == 0 and doc["over"] is False
    for move in ("1 1:M1>H", "1 1:M1>H", "cloud-"):
        code, after = run(capsys, "apply", "niagara", state, move)
        assert code == 0
        state = str(tmp_path / "state.json")
        Path(state).write_text(json.dumps(after), encoding="utf-8")
    code, doc = run(capsys, "score", "niagara", state)
    assert doc["over"] is True
    assert doc["winners"] == ["ann", "bob"]
    assert doc["breakdown"]["ann"][0]["label"] == "goal: 5 different colours"
    assert doc["breakdown"]["bob"][0]["label"] == "goal: 7 gems"


def test_score_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run(capsys, "score", "niagara", str(EXAMPLES / "game-over.json"))
    assert code == 0
    assert doc["over"] is True
    assert doc["ranking"] == [
        {"rank": 1, "players": ["ann", "bob"]},
        {"rank": 3, "players": ["cy"]},
    ]
    assert doc["tiebreak"] == "ann and bob met a goal in the same round and share the win"
