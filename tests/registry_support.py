"""What the layers' contract tests play through: seeded games of every registered game, and
the refusals met on the way (``tests/test_registry_*.py``)."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import engines
from engines.core import Move, Registry, State, Verdict

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
FORGED = 120
"""Moves seen elsewhere offered in each state :func:`refusals` tries."""


@cache
def states(
    game_id: str, seed: int = 1, plies: int = 400, options: tuple[tuple[str, str], ...] = ()
) -> tuple[State, ...]:
    """A seeded game of ``game_id`` at its fewest players (rule ``options`` as pairs, the
    rest at their defaults), state by state: its own playout policy or uniform picks,
    chance from the seed; only the start for a game whose engine does not play whole
    turns."""
    game = engines.GAMES[game_id]
    names = list(NAMES[: game.info.min_players])
    state = game.new_game(names, options=dict(options), seed=seed)
    out = [state]
    if not game.info.turn_engine:
        return tuple(out)
    rng = random.Random(seed)
    while not state.is_over and len(out) <= plies:
        move = state.chance_move()
        if move is None:
            policy = game.playout_move
            move = policy(state, rng) if policy else rng.choice(state.legal_moves())
        state = state.apply(move)
        out.append(state)
    return tuple(out)


@cache
def refusals(game_id: str, seed: int = 1) -> tuple[Verdict, ...]:
    """The refusals of moves legal elsewhere in :func:`states` but offered where the rules
    forbid them, as a game's pages meet them: one per code (and ``case``), from at most
    ``FORGED`` moves offered in each of 60 states spread over the game."""
    played = states(game_id, seed)
    seen: dict[str, Move] = {}
    for state in played:
        for move in state.legal_moves()[:30]:
            seen.setdefault(move.notation(), move)
    rng = random.Random(seed)
    offered = list(seen.values())
    found: dict[tuple[str, str], Verdict] = {}
    for state in played[:: max(1, len(played) // 60)]:
        legal = set(state.legal_moves())
        for move in rng.sample(offered, min(FORGED, len(offered))):
            if move in legal:
                continue
            verdict = state.check(move)
            key = (str(verdict.code), str(verdict.params.get("case", "")))
            found.setdefault(key, verdict)
    return tuple(found.values())


def check_registered(registry: Registry[Any]) -> None:
    """``registry`` holds an adapter for every game the engines know, in their order, and
    none for a game they do not; and it names a game it lacks, with where to register."""
    assert registry.missing(engines.GAMES) == [], f"register it with {registry.where}"
    assert list(registry) == list(engines.GAMES)
    assert registry.missing([*engines.GAMES, "chess"]) == ["chess"]
    with pytest.raises(KeyError, match=f"chess has no {registry.layer}; register one with"):
        registry["chess"]


@cache
def finished(game_id: str) -> tuple[State, ...]:
    """Finished games of ``game_id``: its example states that are over (``examples/<game>/``),
    and seeded games played to the end for a game whose engine plays whole turns."""
    game = engines.GAMES[game_id]
    documents = [
        json.loads(p.read_text("utf-8")) for p in sorted((EXAMPLES / game_id).glob("*.json"))
    ]
    ends = [
        state
        for doc in documents
        if doc.get("game") == game_id and (state := game.load_state(doc)).is_over
    ]
    if game.info.turn_engine:
        ends += [s for seed in (1, 2, 3) if (s := states(game_id, seed, 20_000)[-1]).is_over]
        for options in option_values(game_id):
            end = states(game_id, 1, 20_000, tuple(sorted(options.items())))[-1]
            ends += [end] if end.is_over else []
    return tuple(ends)


def option_values(game_id: str) -> list[dict[str, str]]:
    """Each choice of each rule option that is not its default, the rest at defaults."""
    return [
        {opt.name: choice}
        for opt in engines.GAMES[game_id].info.options
        for choice in opt.choices
        if choice != opt.default
    ]
