"""Niagara move notation and JSON: readable, and every form round-trips."""

from __future__ import annotations

import json

import pytest

from engines.core import InvalidMove, InvalidState
from engines.niagara import Arm, CanoePlan, Choose, Cloud, Paddle, load_state, new_game, parse_move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("choose 4", Choose("4")),
        ("choose C", Choose("C")),
        ("choose ?", Choose("?")),
        ("cloud+", Cloud(1)),
        ("cloud- buy:V", Cloud(-1, "V")),
        ("arm L", Arm("L")),
        ("6 1:H>M4+W", Paddle(6, (CanoePlan(1, "HOME", "M4", (), ("+W",)),))),
        (
            "5 1:M2>L6 2:-VM4>M3",
            Paddle(
                5,
                (CanoePlan(1, "M2", "L6"), CanoePlan(2, "M4", "M3", ("-V",))),
            ),
        ),
        ("4 2:M5>M3*bob/1", Paddle(4, (CanoePlan(2, "M5", "M3", rob=("bob", 1)),))),
        ("4 1:M4-V+W", Paddle(4, (CanoePlan(1, "M4", "M4", (), ("-V", "+W")),))),
        ("3 buy:P 1:H>M3", Paddle(3, (CanoePlan(1, "HOME", "M3"),), "P")),
        ("3 1:L6>X", Paddle(3, (CanoePlan(1, "L6", "FALLS"),))),
        ("3", Paddle(3)),
    ],
)
def test_notation_reads_and_writes(text: str, move: object) -> None:
    parsed = parse_move(text)
    assert parsed == move
    assert parsed.notation() == text
    assert parse_move(parsed.to_json()) == parsed
    assert parse_move(json.dumps(parsed.to_json())) == parsed


def test_a_plan_without_a_move_keeps_its_loads_after_the_slot() -> None:
    assert parse_move("4 1:-V+WM4") == parse_move("4 1:M4-V+W")


def test_robbed_names_with_odd_characters_round_trip() -> None:
    move = Paddle(2, (CanoePlan(1, "M5", "M3", rob=("Mary Ann/2", 2)),))
    assert parse_move(move.notation()) == move
    assert " " not in move.notation().split(" ", 1)[1]


def test_paddle_json_is_structured() -> None:
    move = parse_move("6 buy:V 1:H>M4+W")
    assert move.to_json() == {
        "type": "paddle",
        "tile": 6,
        "canoes": [
            {"canoe": 1, "start": "HOME", "end": "M4", "pre": [], "post": ["+W"], "rob": None}
        ],
        "buy": "V",
    }


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("7 1:H>M4", "cannot read"),
        ("choose 9", "cannot read"),
        ("6 3:H>M4", "cannot read"),
        ("6 1:H>M9", "cannot read"),
        ("arm X", "cannot read"),
        ('{"type": "arm", "arm": "X"}', "L or R"),
        ('{"type": "paddle", "tile": 0}', "1 to 6"),
        ('{"type": "paddle", "tile": 3, "canoes": [{"canoe": 1}]}', "start"),
        ('{"type": "cloud", "shift": 2}', r"\+1 or -1"),
        ('{"type": "cloud", "shift": 1, "buy": "Q"}', "colour"),
        ('{"type": "choose", "tile": 4}', "tile"),
        ('{"type": "swim"}', "no move type"),
    ],
)
def test_unreadable_moves_are_refused_with_the_input(text: str, words: str) -> None:
    with pytest.raises(InvalidMove, match=words):
        parse_move(text)


def test_state_json_round_trips_and_is_checked() -> None:
    state = new_game(["ann", "bob", "cy"], seed=4)
    doc = state.to_json()
    assert load_state(json.dumps(doc)) == state
    assert doc["seats"]["ann"]["canoes"] == [
        {"slot": "HOME", "gem": None},
        {"slot": "HOME", "gem": None},
    ]
    broken = json.loads(json.dumps(doc))
    broken["hollows"]["V"] = "VVVVVV"
    with pytest.raises(InvalidState, match="6 V gems"):
        load_state(broken)
    broken = json.loads(json.dumps(doc))
    broken["weather"] = 3
    with pytest.raises(InvalidState, match="off the chart"):
        load_state(broken)
    broken = json.loads(json.dumps(doc))
    broken["seats"]["ann"]["canoes"][0] = {"slot": "M9", "gem": None}
    with pytest.raises(InvalidState, match="M9"):
        load_state(broken)
