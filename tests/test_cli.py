"""The ``companion`` command line, run as a real subprocess where it matters."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cli import main
from tests.noah.helpers import position

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = (
    *("games", "new", "moves", "score", "check", "apply", "quick-score"),
    *("scan", "score-photo", "watch", "follow", "calibrate", "print", "serve"),
)
"""Every command of ``companion``, in the order ``--help`` lists them."""


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=ROOT,
        check=False,
    )


def test_check_an_overweight_play_says_both_weights(tmp_path: Path) -> None:
    state = position(["BEAF1", "PANF1", "LIOF1"], [["MULF1", "PANF2"], ["PARF1"]])
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state.to_json()))
    done = run("check", "noah", str(path), "MULF1")
    assert done.returncode == 1, done.stderr
    answer = json.loads(done.stdout)
    assert answer["legal"] is False
    assert answer["code"] == "noah.overweight"
    assert "22" in answer["reason"] and "21" in answer["reason"]
    legal = run("check", "noah", str(path), "PANF2")
    assert legal.returncode == 0 and json.loads(legal.stdout)["legal"] is True


def test_new_moves_apply_score_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "noah", "--players", "ann,bob,cy", "--seed", "3"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["game"] == "noah" and state["step"] == "play"
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state))
    assert main(["moves", "noah", str(path)]) == 0
    moves = json.loads(capsys.readouterr().out)
    assert moves["to_move"] in ("ann", "bob", "cy") and moves["moves"]
    first = moves["moves"][0]["notation"]
    assert main(["apply", "noah", str(path), first]) == 0
    after = json.loads(capsys.readouterr().out)
    assert after["ply"] > state["ply"]
    assert main(["score", "noah", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["over"] is False


def test_bad_input_exits_2_with_one_line(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"game": "niagara", "format": 1}))
    done = run("score", "noah", str(other))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "not of 'noah'" in done.stderr
    missing = run("score", "noah", str(tmp_path / "none.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    state = position(["CATM1"], [["KANF1"], ["PARF1"]])
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state.to_json()))
    unreadable = run("check", "noah", str(path), "hop to it")
    assert unreadable.returncode == 2 and "cannot read 'hop to it'" in unreadable.stderr
    bad_option = run("new", "noah", "--players", "a,b", "--option", "extra_turn=never")
    assert bad_option.returncode == 2 and "extra_turn" in bad_option.stderr


def test_apply_of_an_illegal_move_exits_1(tmp_path: Path) -> None:
    state = position(["CATM1", "KANF1"], [["CATF1", "PARM1"], ["PARF1"]])
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state.to_json()))
    done = run("apply", "noah", str(path), "CATF1")
    assert done.returncode == 1
    assert json.loads(done.stdout)["code"] == "noah.gender"


@pytest.mark.parametrize("example", sorted((ROOT / "examples" / "noah").glob("*.json")))
def test_examples_load_and_score(example: Path) -> None:
    done = run("score", "noah", str(example))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    if example.stem.startswith("end"):
        assert answer["over"] is True and answer["winners"]
    else:
        assert answer["over"] is False
        moves = run("moves", "noah", str(example))
        assert moves.returncode == 0 and json.loads(moves.stdout)["moves"]


def test_the_installed_companion_command_lists_every_command() -> None:
    script = Path(sys.executable).parent / "companion"
    done = subprocess.run([str(script), "--help"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    listed = re.search(r"\{([a-z,-]+)\}", done.stdout)
    assert listed is not None, done.stdout
    assert tuple(listed[1].split(",")) == COMMANDS
    for command in COMMANDS:
        assert re.search(rf"^    {command} +\S", done.stdout, re.M), command  # with its help
    assert run("--help").stdout == done.stdout  # python -m cli is the same command
