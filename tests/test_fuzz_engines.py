"""Fuzzing every engine: bad moves and broken state files get clear errors, never crashes.

``parse_move`` either reads a move or raises ``InvalidMove``; ``load_state``
either loads or raises ``InvalidState``; ``check`` answers any readable move
with a verdict and never raises.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines.core import InvalidMove, InvalidState, Move, State

GAMES = sorted(engines.GAMES)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 100) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@cache
def sample_states(game_id: str) -> tuple[State, ...]:
    """A few states from a seeded random game (its start, middle and end)."""
    module = engines.GAMES[game_id]
    info = module.info
    state = module.new_game(
        [f"p{i}" for i in range(info.min_players + 1)][: info.max_players], seed=3
    )
    states = [state]
    if info.turn_engine:
        rng = random.Random(3)
        while not state.is_over and len(states) < 400:
            state = state.apply(state.chance_move() or rng.choice(state.legal_moves()))
            states.append(state)
    return (*states[:: max(1, len(states) // 8)], states[-1])


@cache
def move_types(game_id: str) -> tuple[str, ...]:
    seen: set[str] = set()
    for state in sample_states(game_id):
        for move in state.legal_moves()[:50]:
            seen.add(move.TYPE)
    return tuple(sorted(seen)) or ("none",)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_move_is_read_or_refused_and_checking_never_raises(game_id: str, data: Any) -> None:
    module = engines.GAMES[game_id]
    kind = data.draw(st.sampled_from(move_types(game_id)))
    fields = data.draw(st.dictionaries(st.text(max_size=8), json_values, max_size=4))
    if data.draw(st.booleans()):
        # Keep the real field names of a legal move, with fuzzed values.
        legal = [m for s in sample_states(game_id) for m in s.legal_moves()[:5]]
        if legal:
            template = data.draw(st.sampled_from(legal)).to_json()
            fields = {k: data.draw(json_values) for k in template if k != "type"}
    raw: Any = data.draw(
        st.sampled_from(["dict", "json", "text"]).map(
            lambda how: (
                {"type": kind, **fields}
                if how == "dict"
                else json.dumps({"type": kind, **fields})
                if how == "json"
                else data.draw(st.text(max_size=20))
            )
        )
    )
    try:
        move = module.parse_move(raw)
    except InvalidMove as exc:
        assert str(exc)
        return
    assert isinstance(move, Move)
    for state in sample_states(game_id):
        verdict = state.check(move)
        if not verdict:
            assert verdict.code and verdict.code.startswith(game_id + ".") and verdict.reason


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_broken_state_file_is_refused_with_a_reason(game_id: str, data: Any) -> None:
    module = engines.GAMES[game_id]
    states = sample_states(game_id)
    doc = data.draw(st.sampled_from(states)).to_json()
    key = data.draw(st.sampled_from(sorted(doc)))
    action = data.draw(st.sampled_from(["drop", "replace", "truncate"]))
    if action == "drop":
        del doc[key]
    elif action == "replace":
        doc[key] = data.draw(json_values)
    else:
        text = json.dumps(doc)
        cut = data.draw(st.integers(0, len(text)))
        try:
            doc = json.loads(text[:cut])
        except json.JSONDecodeError:
            with pytest.raises(InvalidState):
                module.load_state(text[:cut])
            return
    try:
        state = module.load_state(doc)
    except InvalidState as exc:
        assert str(exc)
        return
    # What loads must be usable: views, moves and checks answer without crashing.
    state.view(None)
    for move in state.legal_moves()[:20]:
        state.check(move)
