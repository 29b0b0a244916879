"""Corrupt input at the command line: exit 2 and one line on stderr, never a traceback.

The cases that once printed a traceback: a move whose ``type`` is a list
(``companion check noah examples/noah/mid-round.json '{"type": []}'``), and
state files that are not UTF-8, nest 100,000 deep or hold an integer over
4,300 digits; besides them, a seed too large to keep and numbers in the
wrong form for every numeric flag.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engines
from cli import EXIT_BAD_INPUT, EXIT_READER_GONE, main
from companion import games
from engines.core import InvalidMove, InvalidState

ROOT = Path(__file__).resolve().parents[1]
MID_ROUND = str(ROOT / "examples" / "noah" / "mid-round.json")
GAMES = sorted(engines.GAMES)


def one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``companion ARGV`` in-process: exit 2 and one line on stderr, which is returned."""
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse's own refusals
        status = int(stop.code or 0)
    err = capsys.readouterr().err
    assert status == EXIT_BAD_INPUT, err
    assert err.count("\n") == 1 and err.startswith("companion"), err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("kind", ["[]", "{}", "[1]", '{"a": 1}', "1.5", "true", "null"])
def test_a_move_type_that_is_not_text(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line(["check", "noah", MID_ROUND, '{"type": ' + kind + "}"], capsys)
    assert "no move type" in err


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", [[], {}, [["x"]], {"type": "x"}])
def test_every_game_reads_a_non_text_type_as_an_invalid_move(game_id: str, kind: object) -> None:
    with pytest.raises(InvalidMove, match="no move type"):
        engines.GAMES[game_id].parse_move({"type": kind})


CORRUPT = {
    "not-utf8": b"\xff\xfe{\x00",
    "latin1": '{"game": "noah", "players": ["Zoë"]}'.encode("latin-1"),
    "deep-array": b"[" * 100_000,
    "deep-object": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "deep-but-parses": b"[" * 900 + b"]" * 900,
    "huge-integer": b'{"game": "noah", "format": 1, "seed": ' + b"9" * 5000 + b"}",
    "long-integer": b'{"game": "noah", "format": 1, "ply": ' + b"9" * 4000 + b"}",
    "infinity": b'{"game": "noah", "format": 1, "ply": 1e400}',
    "nan": b'{"game": "noah", "format": NaN}',
}


@pytest.mark.parametrize("name", sorted(CORRUPT))
@pytest.mark.parametrize("command", ["score", "moves", "check", "apply"])
def test_a_corrupt_state_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, command: str
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(CORRUPT[name])
    for game_id in GAMES:
        argv = [command, game_id, str(path)] + (["take"] if command in ("check", "apply") else [])
        err = one_line(argv, capsys)
        assert str(path) in err or "cannot be read" in err or "state" in err


@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_every_game_refuses_a_corrupt_document_as_an_invalid_state(name: str) -> None:
    """``companion.games.load``, which the command line and the app load states with."""
    for game_id in GAMES:
        for document in (CORRUPT[name], CORRUPT[name].decode("utf-8", "replace")):
            with pytest.raises(InvalidState):
                games.load(game_id, document)


def test_a_deep_document_already_parsed_is_refused_too() -> None:
    deep: object = "x"
    for _ in range(5000):
        deep = [deep]
    for game_id in GAMES:
        with pytest.raises(InvalidState, match="nested deeper"):
            engines.GAMES[game_id].load_state({"game": game_id, "format": 1, "players": deep})
        with pytest.raises(InvalidMove, match="nested deeper"):
            engines.GAMES[game_id].parse_move({"type": "x", "card": deep})


@pytest.mark.parametrize(
    "argv",
    [
        ["new", "noah", "--players", "a,b", "--seed", "9" * 5000],
        ["new", "noah", "--players", "a,b", "--seed", str(2**63)],
        ["new", "noah", "--players", "a,b", "--seed", "-1"],
        ["new", "noah", "--players", "a,b", "--seed", "²"],
        ["follow", "noah", "--players", "a,b", "--camera", "x", "--seed", "1e3"],
        ["follow", "noah", "--players", "a,b", "--camera", "x", "--window", "0"],
        ["watch", "noah", "--camera", "x", "--frames", "9" * 5000],
        ["calibrate", "x.png", "--mm-per-px", "inf"],
        ["calibrate", "x.png", "--mm-per-px", "nan"],
        ["serve", "--port", "99999"],
        ["serve", "--port", "٣"],
        ["nosuch"],
        [],
    ],
)
def test_numbers_and_commands_in_the_wrong_form(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    one_line(argv, capsys)


def test_a_move_nested_deep_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line(
        ["check", "noah", MID_ROUND, '{"type": "play", "card": ' + "[" * 100_000], capsys
    )
    assert "nested deeper" in err or "not valid JSON" in err
    json.loads(Path(MID_ROUND).read_text())  # the example itself is fine


def test_a_reader_that_leaves_gets_no_traceback() -> None:
    """``companion games | head -1``: the reader closes the pipe before the output is written."""
    read, write = os.pipe()
    os.close(read)
    result = subprocess.run(
        [sys.executable, "-m", "cli", "games"],
        stdout=write,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        timeout=120,
    )
    os.close(write)
    assert "Traceback" not in result.stderr
    assert result.stderr == ""
    assert result.returncode == EXIT_READER_GONE
