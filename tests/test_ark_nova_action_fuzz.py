"""Fuzzed Ark Nova action moves: read or refused with ``InvalidMove``; ``check`` never raises."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.ark_nova import load_state, parse_move
from engines.ark_nova.moves import ACTION_MOVES
from engines.core import InvalidMove

STATE = load_state(
    (Path(__file__).resolve().parents[1] / "examples/ark_nova/build_midgame.json").read_text()
)
TEMPLATES = {
    "build": {
        "player": "ann",
        "buildings": [{"building": "kiosk", "at": [3, 5]}],
        "x": 0,
        "moves": [{"card": 473, "spaces": 1}],
    },
    "animals": {"player": "ann", "plays": [{"card": 449, "enclosure": [0, 5]}], "x": 0},
    "x_token": {"player": "ann", "card": "build"},
    "snap": {"player": "ann", "folder": 2, "x": 0},
    "discard": {"player": "ann", "cards": [451]},
    "board": {"player": "ann", "board": {"hand": [451]}},
    "display": {"cards": [470, "?"]},
}
values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 600) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_action_moves_are_read_or_refused(data: Any) -> None:
    kind = data.draw(st.sampled_from(sorted(TEMPLATES)))
    template = TEMPLATES[kind]
    fields = {k: data.draw(st.one_of(st.just(v), values)) for k, v in template.items()}
    if kind in ("build", "animals"):
        key = "buildings" if kind == "build" else "plays"
        inner = template[key][0]
        fields[key] = [
            {k: data.draw(st.one_of(st.just(v), values)) for k, v in inner.items()}
            for _ in range(data.draw(st.integers(0, 2)))
        ]
    raw = {"type": kind, **fields}
    text = data.draw(st.booleans())
    try:
        move = parse_move(json.dumps(raw) if text else raw)
    except InvalidMove:
        return
    assert type(move) in ACTION_MOVES
    verdict = STATE.check(move)
    assert verdict.legal or (verdict.code or "").startswith("ark_nova.")
    assert parse_move(move.to_json()) == move
    if re.fullmatch(r"\S+", getattr(move, "player", "-")):
        assert parse_move(move.notation()) == move


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_fuzzed_notation_is_read_or_refused(text: str) -> None:
    for prefix in ("build ann ", "animals ann ", "snap ann ", "discard ann ", "display "):
        try:
            move = parse_move(prefix + text)
        except InvalidMove:
            continue
        STATE.check(move)
