"""Niagara's seat by touch: the paddles and canoe plans are the engine's legal moves, no more."""

from __future__ import annotations

import random

import engines
from companion.niagara_seat import plan_key, seat_board
from engines.core import State


def played(seed: int, moves: int) -> State:
    """A three-player Niagara table after ``moves`` moves of the game's own playout."""
    game = engines.GAMES["niagara"]
    state = game.new_game(["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    assert game.playout_move is not None
    for _ in range(moves):
        if state.to_move is None:
            break
        state = state.apply(game.playout_move(state, rng))
    return state


def test_only_the_player_to_move_gets_the_paddles() -> None:
    state = played(3, 0)
    others = [p for p in state.players if p != state.to_move]
    assert all(seat_board(state, p, {}) is None for p in others)
    assert seat_board(state, str(state.to_move), {}) is not None


def test_the_listed_moves_are_the_legal_moves_each_with_its_canoes_plans() -> None:
    acted = 0
    for seed in range(4):
        for n in range(0, 90, 3):
            state = played(seed, n)
            player = state.to_move
            if player is None or player not in state.players:
                continue
            board = seat_board(state, str(player), {})
            assert board is not None
            legal = [m.to_json() for m in state.legal_moves()]
            if board["phase"] == "choose":
                assert sorted(t["choose"]["tile"] for t in board["tiles"]) == sorted(
                    m["tile"] for m in legal
                )
                assert all(t["moves"] == [] for t in board["tiles"])
                continue
            acted += 1
            listed = [m["move"] for t in board["tiles"] for m in t["moves"]]
            assert sorted(map(str, listed)) == sorted(map(str, legal))
            for tile in board["tiles"]:
                offered = {p["key"] for p in tile["plans"]}
                for m in tile["moves"]:
                    by_canoe = {p["canoe"]: p for p in m["move"].get("canoes", [])}
                    keys = m["plans"].split()
                    assert keys == [plan_key(c, by_canoe.get(c)) for c in (1, 2)]
                    for c, key in enumerate(keys, start=1):
                        slot = board["canoes"][c - 1]["slot"]
                        assert key in offered or (c not in by_canoe and slot == "LOST")
                    for p in tile["plans"]:
                        if p["key"] in keys and p["afloat"] is not None:
                            assert 0 <= p["afloat"] <= m["survival"][p["canoe"] - 1] + 1e-9
    assert acted > 10


def test_a_canoe_that_goes_over_the_falls_is_offered_as_sure_to_be_lost() -> None:
    for n in range(0, 120):
        state = played(3, n)
        player = state.to_move
        if player not in state.players:
            continue
        board = seat_board(state, str(player), {})
        if board and board["phase"] == "act":
            over = [p for t in board["tiles"] for p in t["plans"] if p["end"] == "FALLS"]
            if over:
                assert all(p["afloat"] == 0 for p in over)
                return
    raise AssertionError("no canoe could paddle over the falls in 120 moves")
