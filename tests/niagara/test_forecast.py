"""The falls forecast: exact odds checked by hand and against a Monte Carlo of whole rounds."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engines.niagara import Cloud, NiagaraState, forecast, new_game, playout_move
from engines.niagara.board import HOME, LOST
from engines.niagara.forecast import monte_carlo, steps_distribution
from tests.niagara.positions import position


def at_l7_and_r7(policy: str = "alternate") -> NiagaraState:
    state = position(canoes={"ann": [("L7", None), ("R7", None)]}, options={"arm_policy": policy})
    return dataclasses.replace(state, hands=("123456C", "1C", "1"))


def test_steps_follow_the_other_players_hands_and_clouds() -> None:
    state = at_l7_and_r7()
    # ann 3; bob 1 or the cloud (up or down); cy 1: lowest 1, weather 0, +1 or -1.
    assert steps_distribution(state, 0, "3") == pytest.approx({0: 0.25, 1: 0.5, 2: 0.25})
    # ann's cloud up first: weather 1, then bob moves it to 2 or 0 half the time.
    assert steps_distribution(state, 0, "C+") == pytest.approx({1: 0.25, 2: 0.5, 3: 0.25})


def test_cloud_line_by_hand_alternate_and_random() -> None:
    line = next(x for x in forecast(at_l7_and_r7(), "ann").lines if x.move == Cloud(1))
    # Arms L, R, L: the L7 canoe drops at the first step, the R7 canoe at the second.
    assert line.survival == pytest.approx((0.0, 0.25))
    line = next(x for x in forecast(at_l7_and_r7("random"), "ann").lines if x.move == Cloud(1))
    # Each step drops a given arm's last canoe with chance 1/2: 2 steps (1/2), 3 (1/4), 1 (1/4).
    expected = 0.5 * 0.25 + 0.25 * 0.125 + 0.25 * 0.5
    assert line.survival == pytest.approx((expected, expected))


def test_lost_canoes_never_survive_and_home_canoes_always_do() -> None:
    state = position(canoes={"ann": [(LOST, None), (HOME, None)]}, weather=2)
    result = forecast(state, "ann")
    stay = [x for x in result.lines if x.move is not None and not getattr(x.move, "canoes", 1)]
    assert stay and all(x.survival == pytest.approx((0.0, 1.0)) for x in stay)
    assert {x.tile for x in result.lines} == set("123456C")


def test_a_player_who_has_acted_sees_the_flow_ahead() -> None:
    state = position(canoes={"ann": [("L7", None), (HOME, None)]}, chosen="C11")
    state = state.apply(Cloud(1))
    (line,) = forecast(state, "ann").lines
    assert line.move is None
    # bob's and cy's paddles are face down: ann only knows their hands. The L7
    # canoe survives only if neither plays a number and both clouds go down.
    assert line.survival == pytest.approx((1 / 7 * 1 / 7 * 1 / 4, 1.0))
    # Once their hands hold only the 1 they laid down, the flow is certain:
    # weather +1, lowest 1, two steps L then R: L7 goes over.
    known = dataclasses.replace(state, hands=("123456", "1", "1"))
    (line,) = forecast(known, "ann").lines
    assert line.survival == pytest.approx((0.0, 1.0))


def positions() -> list[NiagaraState]:
    """Mid-game 5-player positions from simulated games, a player about to act."""
    found = []
    for seed in (11, 12, 13):
        state = new_game(["ann", "bob", "cy", "dee", "eve"], seed=seed, options=None)
        rng = random.Random(seed)
        for _ in range(40 + seed):
            state = state.apply(playout_move(state, rng))
        while state.phase != "act" or state.turn != 2:
            state = state.apply(playout_move(state, rng))
        found.append(state)
    return found


@pytest.mark.parametrize("index", [0, 1, 2])
def test_forecast_matches_a_monte_carlo_within_one_point(index: int) -> None:
    state = positions()[index]
    player = state.to_move
    assert player is not None
    exact = forecast(state, player)
    sampled = monte_carlo(state, player, 20_000, random.Random(index))
    assert len(exact.lines) == len(sampled.lines) > 0
    worst = max(
        abs(a - b)
        for x, y in zip(exact.lines, sampled.lines, strict=True)
        for a, b in zip(x.survival, y.survival, strict=True)
    )
    assert worst < 0.01


def test_the_compared_positions_are_not_foregone() -> None:
    odds = [
        p
        for state in positions()
        for line in forecast(state, str(state.to_move)).lines
        for p in line.survival
    ]
    assert any(0.05 < p < 0.95 for p in odds)
