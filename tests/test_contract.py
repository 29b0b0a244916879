"""The contract every engine keeps, run for every game in ``engines.GAMES``."""

from __future__ import annotations

import json
import random

import pytest

import engines
from engines.core import CHANCE, Game, IllegalMove, InvalidState, Move, State
from tests.hidden import VARIANTS

ALL = sorted(engines.GAMES)
TURN = [g for g in ALL if engines.GAMES[g].info.turn_engine]
COUNTS = [
    (g, n)
    for g in TURN
    for n in range(engines.GAMES[g].info.min_players, engines.GAMES[g].info.max_players + 1)
]
PLAYOUTS = 200
LONG_GAMES = {"ark_nova": (10, 1)}
"""Games whose playouts run to about a thousand moves: (playouts per player count, seeds
walked step by step) instead of (200, 3), so the suite stays within minutes; the
bench (``bench/ark_nova_playouts.py``) plays many more."""
NAMES = ["ann", "bob", "cy", "dee", "eve", "fay"]


def players(n: int) -> list[str]:
    return NAMES[:n]


def mod(game_id: str) -> Game:
    return engines.GAMES[game_id]


def playout_move(module: Game, state: State, rng: random.Random) -> Move:
    """The next move of a playout: the game's own ``playout_move`` policy when it has
    one (a game whose uniformly random play never ends, such as Niagara, where
    random canoes drown before anyone banks a goal), else chance or a uniform pick.
    Either way only legal moves are played; every step test still samples
    ``legal_moves()`` uniformly."""
    policy = module.playout_move
    if policy is not None:
        move: Move = policy(state, rng)
        return move
    return state.chance_move() or rng.choice(state.legal_moves())


def roundtrip(module: Game, state: State) -> None:
    doc = state.to_json()
    text = json.dumps(doc)
    again = module.load_state(json.loads(text))
    assert again == state
    assert again.to_json() == doc


def move_roundtrip(module: Game, move: Move) -> None:
    assert module.parse_move(move.to_json()) == move
    assert module.parse_move(json.dumps(move.to_json())) == move
    assert module.parse_move(move.notation()) == move, move.notation()


@pytest.mark.parametrize("game_id", ALL)
def test_game_info(game_id: str) -> None:
    info = mod(game_id).info
    assert info.id == game_id
    assert info.names["en"] and info.names["zh-Hant"]
    assert 1 <= info.min_players <= info.max_players
    for opt in info.options:
        assert opt.default in opt.choices, opt
    assert len(mod(game_id).catalog) > 0


@pytest.mark.parametrize(("game_id", "n"), COUNTS)
def test_random_playouts_reach_an_outcome(game_id: str, n: int) -> None:
    module = mod(game_id)
    for seed in range(LONG_GAMES.get(game_id, (PLAYOUTS, 3))[0]):
        end = module.new_game(players(n), seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not end.is_over and steps < 20_000:
            end = end.apply(playout_move(module, end, rng))
            steps += 1
        assert end.is_over, f"seed {seed}: no end after {steps} moves"
        outcome = end.outcome()
        assert outcome is not None
        assert set(outcome.scores) == set(end.players)
        assert sorted(p for tier in outcome.ranking for p in tier) == sorted(end.players)
        for p in end.players:
            lines = outcome.breakdown[p]
            assert sum(line.points for line in lines) == pytest.approx(outcome.scores[p])


def walk(module: Game, n: int, seed: int) -> list[State]:
    """The states of one seeded random game, first to last."""
    state = module.new_game(players(n), seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over and len(states) < 5000:
        state = state.apply(playout_move(module, state, rng))
        states.append(state)
    return states


@pytest.mark.parametrize(("game_id", "n"), COUNTS)
def test_every_step_keeps_the_contract(game_id: str, n: int) -> None:
    module = mod(game_id)
    rng = random.Random(99)
    for seed in range(LONG_GAMES.get(game_id, (PLAYOUTS, 3))[1]):
        seen: dict[str, Move] = {}
        for state in walk(module, n, seed):
            before = state.to_json()
            roundtrip(module, state)
            legal = state.legal_moves()
            if state.is_over:
                assert legal == ()
                assert state.outcome() is not None
                continue
            assert state.outcome() is None
            assert legal, "a game that is not over offers a move"
            assert state.to_move == CHANCE or state.to_move in state.players
            for move in rng.sample(legal, min(len(legal), 12)):
                move_roundtrip(module, move)
                assert state.check(move), (move, state.check(move))
                state.apply(move)
                seen.setdefault(move.notation(), move)
            assert state.to_json() == before, "apply changed the state it was called on"
            legal_set = set(legal)
            forged = [m for m in seen.values() if m not in legal_set]
            for move in rng.sample(forged, min(len(forged), 12)):
                verdict = state.check(move)
                assert not verdict, f"{move.notation()} is legal but not in legal_moves()"
                assert verdict.code and verdict.code.startswith(game_id + ".")
                assert verdict.reason
                with pytest.raises(IllegalMove) as err:
                    state.apply(move)
                assert err.value.code == verdict.code
            for viewer in (None, *state.players):
                json.dumps(state.view(viewer))


@pytest.mark.parametrize(("game_id", "n"), COUNTS)
def test_views_leak_nothing(game_id: str, n: int) -> None:
    module = mod(game_id)
    variant = VARIANTS[game_id]
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        for state in walk(module, n, seed)[::5]:
            for viewer in (None, *state.players):
                other = variant(state, viewer, rng)
                if other is None:
                    continue
                assert other != state
                assert other.view(viewer) == state.view(viewer), viewer
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("game_id", ALL)
def test_bad_state_documents_are_refused(game_id: str) -> None:
    module = mod(game_id)
    info = module.info
    state = module.new_game(players(info.min_players), seed=1)
    doc = state.to_json()
    other = next((g for g in ALL if g != game_id), "chess")
    for broken, words in [
        ({**doc, "game": other}, "not of"),
        ({**doc, "format": doc["format"] + 1}, "newer"),
        ({k: v for k, v in doc.items() if k != "players"}, "broken"),
        ("{not json", "not valid JSON"),
        ([1, 2], "JSON object"),
    ]:
        with pytest.raises(InvalidState, match=words):
            module.load_state(broken)


@pytest.mark.parametrize("game_id", ALL)
def test_games_holds_one_typed_game_object(game_id: str) -> None:
    game = mod(game_id)
    assert isinstance(game, Game)
    assert game.id == game_id == game.info.id
    state = game.new_game(players(game.info.min_players))
    assert type(state).INFO is game.info
    assert game.load_state(state.to_json()) == state
