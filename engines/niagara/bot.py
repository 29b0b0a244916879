"""A simple Niagara player for simulations: careful canoes, greedy for gems.

Uniformly random moves almost never end a game of Niagara (measured: no
3-player game in 20,000 moves reached a goal): random canoes drift over the
falls long before they bank seven gems. Simulations, benchmarks and the
contract playouts use this policy instead. It still plays only legal moves and
keeps some randomness, so playouts remain varied:

* choosing: a low paddle when a canoe of its own is close to the falls,
  otherwise any paddle;
* the cloud: down, unless the chart is at its bottom;
* a canoe action: the one whose result scores best (gems banked, gems carried
  upstream, canoes kept away from the falls), ties and near-ties at random;
* no buy-back unless both canoes are lost.
"""

from __future__ import annotations

import random

from engines.core import Move
from engines.niagara.board import CLOUD, DIST, HOME, LOST, WEATHER_MIN, Canoe
from engines.niagara.checks import paddle_options
from engines.niagara.info import Phase
from engines.niagara.moves import Choose, Cloud
from engines.niagara.state import NiagaraState

DANGER = 5
"""A canoe this far from HOME or further is close to the falls."""


def _value(before: tuple[Canoe, ...], after: tuple[Canoe, ...]) -> float:
    score = 0.0
    for old, new in zip(before, after, strict=True):
        if new.slot == LOST:
            score -= 10 if old.slot != LOST else 0
            continue
        if new.slot == HOME:
            score += 12 if old.gem else 0
            continue
        d = DIST[new.slot]
        if new.gem:
            score += 6 - d
        else:
            score += 2 if 3 <= d <= 5 else 0
        score -= 3 * max(0, d - DANGER)
    return score


def playout_move(state: NiagaraState, rng: random.Random) -> Move:
    """A legal move for the player to move (the river's arm from the seeded policy)."""
    chance = state.chance_move()
    if chance is not None:
        return chance
    seat = state.seat
    fleet = state.canoes[seat]
    if state.phase == Phase.CHOOSE:
        hand = state.hands[seat]
        danger = any(c.slot not in (HOME, LOST) and DIST[c.slot] >= DANGER for c in fleet)
        if danger and len(hand) > 1:
            low = sorted(hand, key=lambda t: 0 if t == CLOUD else int(t))[:2]
            return Choose(rng.choice(low))
        return Choose(rng.choice(hand))
    tile = rng.choice(state.tiles_to_reveal(seat))
    both_lost = all(c.slot == LOST for c in fleet)
    if tile == CLOUD:
        clouds = [m for m in state.actions(seat, tile) if isinstance(m, Cloud)]
        down = [m for m in clouds if m.shift < 0 or state.weather == WEATHER_MIN]
        pick = [m for m in down if bool(m.buy) == both_lost] or down or clouds
        return rng.choice(pick)
    best: list[Move] = []
    top = -1e9
    for move, after in paddle_options(state.table, state.players, seat, int(tile)):
        if move.buy and not both_lost:
            continue
        value = _value(fleet, after) + rng.random()
        if value > top + 1:
            best, top = [move], value
        elif value > top - 1:
            best.append(move)
            top = max(top, value)
    if not best:
        best = state.actions(seat, tile)
    return rng.choice(best)
