"""Structured fuzzing of every command: exit 0, 1 or 2, and on 2 one line, never a traceback.

Each command gets generated arguments built from real ones and broken: state
files (real states with a field given the wrong type, cut short, nested deep,
numbers of thousands of digits, bytes that are not UTF-8), moves (a real
move's JSON broken as in ``tests/web/test_fuzz_routes.py``, or any text),
numbers for every numeric flag, photos and videos that are not images,
unicode everywhere. ``serve`` is only given arguments it must refuse (it
would otherwise start serving).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from cli import EXIT_BAD_INPUT, main

GAMES = sorted(engines.GAMES)
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
COMMANDS: tuple[str, ...] = ("games", "new", "moves", "score", "check", "apply", "quick-score")
COMMANDS += ("scan", "score-photo")
COMMANDS += ("watch", "follow", "calibrate", "print", "serve")

numbers = st.sampled_from(
    ["0", "-1", "1", "3", "1e3", "1e400", "nan", "inf", "²", "٣", "9" * 5000, "", " 2", "0x1f"]
)
texts = st.text(max_size=20) | st.sampled_from(["²", "\u202e", "🦒", "a" * 3000, "-", "--x"])
leaves = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | texts
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


def real_state(game: str) -> dict[str, Any]:
    players = ["ann", "bob", "cy", "dee"][: max(2, engines.GAMES[game].info.min_players)]
    state = engines.GAMES[game].new_game(players, seed=4)
    rng = random.Random(4)
    for _ in range(6):
        if state.to_move is None:
            break
        state = state.apply(state.chance_move() or rng.choice(state.legal_moves()))
    out: dict[str, Any] = state.to_json()
    return out


@st.composite
def state_files(draw: st.DrawFn, game: str) -> bytes:
    """A state file of ``game``, broken in one of the ways a file gets broken."""
    doc = real_state(game)
    how = draw(st.sampled_from(["field", "drop", "cut", "deep", "digits", "bytes", "whole", "ok"]))
    keys = sorted(doc)
    key = keys[draw(st.integers(0, 255)) % len(keys)]
    if how == "field":
        doc[key] = draw(values)
    elif how == "drop":
        doc.pop(key)
    elif how == "cut":
        text = json.dumps(doc)
        return text[: draw(st.integers(0, len(text)))].encode()
    elif how == "deep":
        levels = draw(st.sampled_from([41, 900, 100_000]))
        text = json.dumps({k: v for k, v in doc.items() if k != key})
        return (text[:-1] + f', "{key}": ' + "[" * levels + "]" * levels + "}").encode()
    elif how == "digits":
        text = json.dumps({k: v for k, v in doc.items() if k != key})
        number = draw(st.sampled_from(["9" * 5000, "1e400", "NaN", "-Infinity", "9" * 40]))
        return (text[:-1] + f', "{key}": {number}}}').encode()
    elif how == "bytes":
        return draw(st.binary(max_size=200))
    elif how == "whole":
        return json.dumps(draw(values)).encode()
    return json.dumps(doc).encode()


@st.composite
def moves(draw: st.DrawFn, game: str) -> str:
    """A move argument: a real move's JSON broken, its notation, or any text."""
    state = engines.GAMES[game].load_state(real_state(game))
    legal = [m for m in state.legal_moves()[:6]] or None
    how = draw(st.sampled_from(["broken", "notation", "text", "deep"]))
    if how == "text" or legal is None:
        return draw(texts)
    move = legal[draw(st.integers(0, 255)) % len(legal)]
    if how == "notation":
        return move.notation() + draw(st.sampled_from(["", " 9", "9" * 5000, "²", " x"]))
    body = move.to_json()
    if how == "deep":
        return json.dumps({**body, "x": 1})[:-1] + ', "y": ' + "[" * 100_000 + "}"
    keys = sorted(body)
    key = keys[draw(st.integers(0, 255)) % len(keys)]
    body[key] = draw(values | st.sampled_from([[], {}, 1e308, 10**40]))
    return json.dumps(body)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> int:
    """``companion ARGV`` in-process: any exception but argparse's exit fails the test."""
    try:
        status = main(argv)
    except SystemExit as stop:
        status = int(stop.code) if isinstance(stop.code, int) else EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert status in (0, 1, 2), (status, err)
    if status == EXIT_BAD_INPUT:
        assert err.count("\n") == 1 and err.startswith("companion"), (argv[:3], err[:300])
    return status


@FUZZ
@given(data=st.data())
def test_the_rules_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    game = data.draw(st.sampled_from(GAMES))
    command = data.draw(st.sampled_from(["moves", "score", "check", "apply"]))
    path = tmp_path / "state.json"
    path.write_bytes(data.draw(state_files(game)))
    argv = [command, data.draw(st.sampled_from([game, game, "nosuch"])), str(path)]
    if command in ("check", "apply"):
        argv.append(data.draw(moves(game)))
    run(argv, capsys)


@FUZZ
@given(data=st.data())
def test_new_and_games(capsys: pytest.CaptureFixture[str], data: st.DataObject) -> None:
    game = data.draw(st.sampled_from([*GAMES, "nosuch"]))
    argv = ["new", game, "--players", data.draw(texts | st.just("ann,bob,cy"))]
    if data.draw(st.booleans()):
        argv += ["--seed", data.draw(numbers)]
    for _ in range(data.draw(st.integers(0, 2))):
        argv += ["--option", data.draw(texts)]
    if data.draw(st.booleans()):
        argv = ["games", *data.draw(st.lists(texts, max_size=2))]
    run(argv, capsys)


QUICK_SCORE = json.loads(
    (Path(__file__).parents[1] / "examples/ark_nova/quick_score.json").read_text()
)


@st.composite
def quick_scores(draw: st.DrawFn) -> bytes:
    """A quick-score document: the example with a player's field broken, or a broken file."""
    doc = json.loads(json.dumps(QUICK_SCORE))
    how = draw(st.sampled_from(["field", "player", "options", "deep", "digits", "bytes", "whole"]))
    entry = doc["players"]["red"]
    keys = sorted(entry)
    key = keys[draw(st.integers(0, 255)) % len(keys)]
    if how == "field":
        entry[key] = draw(values | st.sampled_from([[], {}, 1e308, 10**40, -1, "74"]))
    elif how == "player":
        doc["players"][draw(texts)] = draw(values)
    elif how == "options":
        doc["options"] = draw(values)
    elif how == "deep":
        entry[key] = "DEEP"
        levels = draw(st.sampled_from([41, 900, 100_000]))
        return json.dumps(doc).replace('"DEEP"', "[" * levels + "]" * levels).encode()
    elif how == "digits":
        entry[key] = "BIG"
        number = draw(st.sampled_from(["9" * 5000, "1e400", "NaN", "-Infinity", "9" * 40]))
        return json.dumps(doc).replace('"BIG"', number).encode()
    elif how == "bytes":
        return draw(st.binary(max_size=200))
    else:
        return json.dumps(draw(values)).encode()
    return json.dumps(doc, ensure_ascii=False).encode()


@FUZZ
@given(data=st.data())
def test_the_quick_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    path = tmp_path / "entries.json"
    path.write_bytes(data.draw(quick_scores()))
    game = data.draw(st.sampled_from(["ark_nova", "ark_nova", "noah", "nosuch"]))
    run(["quick-score", game, str(path)], capsys)


@FUZZ
@given(data=st.data())
def test_the_vision_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    game = data.draw(st.sampled_from(GAMES))
    photo = tmp_path / data.draw(st.sampled_from(["p.jpg", "p.png", "p", "v.mp4"]))
    photo.write_bytes(
        data.draw(
            st.binary(max_size=300)
            | st.sampled_from([b"\x89PNG\r\n\x1a\n" + b"\x00" * 30, b"\xff\xd8\xff" + b"\x01" * 50])
        )
    )
    state = tmp_path / "state.json"
    state.write_bytes(data.draw(state_files(game)))
    command = data.draw(st.sampled_from(["scan", "score-photo", "calibrate", "watch", "follow"]))
    if command == "scan":
        argv = ["scan", game, str(photo), "--overlay", str(tmp_path / "o.png")]
    elif command == "score-photo":
        argv = ["score-photo", game, str(photo)]
        argv += data.draw(st.sampled_from([["--state", str(state)], ["--players", "a,b"], []]))
    elif command == "calibrate":
        argv = ["calibrate", str(photo)]
        argv += data.draw(st.sampled_from([[], ["--mm-per-px", "0.5"]])) + (
            ["--mm-per-px", data.draw(numbers)] if data.draw(st.booleans()) else []
        )
    else:
        argv = [command, game, "--camera", str(photo), "--frames", "2"]
        argv += ["--window", data.draw(numbers)] if data.draw(st.booleans()) else []
        if command == "follow" and data.draw(st.booleans()):
            # A served table: one that is not there, a file that is not a database.
            argv += ["--table", data.draw(texts), "--database"]
            argv += [data.draw(st.sampled_from([str(tmp_path / "t.sqlite"), str(photo)]))]
            argv += data.draw(st.sampled_from([[], ["--players", "a,b"], ["--seed", "1"]]))
        elif command == "follow":
            argv += ["--players", data.draw(texts | st.just("ann,bob"))]
            argv += ["--seed", data.draw(numbers)] if data.draw(st.booleans()) else []
    run(argv, capsys)


@FUZZ
@given(data=st.data())
def test_print_and_serve_refuse_what_they_cannot_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    if data.draw(st.booleans()):
        argv = ["print", data.draw(st.sampled_from(["nosuch", "²", "calibration", "noah"]))]
        argv += [
            "--tag-mm",
            data.draw(st.sampled_from(["card=1e400", "card=nan", "x=3", "card=²"])),
        ]
        argv += [
            "--paper",
            data.draw(st.sampled_from(["a4", "a5", "²"])),
            "-o",
            str(tmp_path / "o.pdf"),
        ]
    else:
        # --table without --camera, or --camera with several workers: refused before serving.
        argv = ["serve", "--port", data.draw(numbers), "--workers", data.draw(numbers)]
        argv += data.draw(
            st.sampled_from([["--table", "x"], ["--camera", "v.mp4", "--workers", "2"]])
        )
    assert run(argv, capsys) == EXIT_BAD_INPUT


def test_every_command_is_fuzzed() -> None:
    """The commands above are every command the parser has."""
    from cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert sub.choices is not None
    assert tuple(sub.choices) == COMMANDS
