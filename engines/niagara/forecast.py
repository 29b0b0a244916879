"""The falls forecast: how likely each canoe is to survive this round's flow.

For the player about to choose (or act), every legal action with every paddle
they may still reveal, and for each of their canoes the probability that it is
still afloat after this round's river flow (``docs/rules/niagara.md`` §8).
Computed exactly: the tiles of the players who have not revealed yet are
uniform over their hands (from this player's point of view: a paddle laid face
down is unknown), a cloud of theirs moves the weather up or down with equal
chance (the only way at an edge of the chart), and the arms follow the rule
option ``arm_policy`` (``alternate`` is deterministic; ``random`` and ``ask``
count both arms of each step as equally likely).

The player's own cloud moves the weather the way the action says; if the
chart's edge has been reached by then, it moves the only way left.

Other players' actions never move this player's canoes (robbing takes a gem,
not a canoe), so survival depends only on where the action leaves the canoes
and on the number of flow steps. :func:`monte_carlo` estimates the same
numbers by simulating whole rounds with the river module, as a cross-check.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

from engines.core import Move
from engines.niagara import river
from engines.niagara.board import CLOUD, HOME, LOST, RIVER, WEATHER_MAX, WEATHER_MIN, Canoe
from engines.niagara.checks import paddle_options, resolve_cloud
from engines.niagara.info import Phase
from engines.niagara.moves import Cloud
from engines.niagara.state import NiagaraState

Fleet = tuple[Canoe, ...]
NO_NUMBER = 99
"""The lowest number so far when only clouds were revealed."""


@dataclass(frozen=True)
class ForecastLine:
    """One action and the survival chance of each of the player's canoes after it.

    ``move`` is None when the player has already acted this round (then the line
    is about the canoes as they are).
    """

    tile: str
    move: Move | None
    survival: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "move": self.move.notation() if self.move else None,
            "survival": list(self.survival),
        }


@dataclass(frozen=True)
class Forecast:
    """Every line of a player's forecast, and the flow steps each reveal may lead to.

    ``steps`` maps a reveal (``"4"``, ``"C+"``, ``"C-"``, or ``""`` once the player
    has acted) to the probability of each number of flow steps.
    """

    player: str
    policy: str
    lines: tuple[ForecastLine, ...]
    steps: dict[str, dict[int, float]]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "arm_policy": self.policy,
            "steps": {k: {str(n): p for n, p in v.items()} for k, v in self.steps.items()},
            "lines": [line.to_json() for line in self.lines],
        }


def _options(state: NiagaraState, seat: int) -> Iterator[tuple[str, str, Move | None, Fleet]]:
    """(tile, reveal key, move, fleet after) for each action ``seat`` may take."""
    if state.phase in (Phase.FLOW, Phase.OVER) or state.revealed[seat]:
        yield "", "", None, state.canoes[seat]
        return
    table = state.table
    for tile in state.tiles_to_reveal(seat):
        if tile == CLOUD:
            for move in state.actions(seat, tile):
                assert isinstance(move, Cloud)
                after = resolve_cloud(table, seat, move)
                key = "C+" if move.shift > 0 else "C-"
                yield tile, key, move, after.canoes[seat]
        else:
            for paddle, fleet in paddle_options(table, state.players, seat, int(tile)):
                yield tile, tile, paddle, fleet


def _pending(state: NiagaraState, seat: int) -> list[int]:
    """Seats still to reveal this round, in turn order (``seat`` among them if it is)."""
    if state.phase in (Phase.FLOW, Phase.OVER):
        return []
    return [s for s in state.order() if not state.revealed[s]]


def _own(key: str) -> tuple[int | None, int]:
    """(number, cloud shift) of the player's own reveal ``key``."""
    if key.startswith(CLOUD):
        return None, 1 if key == "C+" else -1
    return int(key), 0


def _shift(weather: int, wanted: int) -> int:
    after = weather + wanted
    return after if WEATHER_MIN <= after <= WEATHER_MAX else weather - wanted


def steps_distribution(state: NiagaraState, seat: int, key: str) -> dict[int, float]:
    """Probability of each number of flow steps this round, ``seat`` revealing ``key``."""
    if state.phase == Phase.OVER:
        return {0: 1.0}
    if state.phase == Phase.FLOW:
        return {state.flow_total - len(state.flow_arms): 1.0}
    numbers = state.numbers()
    dist: dict[tuple[int, int], float] = {(min(numbers, default=NO_NUMBER), state.weather): 1.0}
    for s in _pending(state, seat):
        nxt: dict[tuple[int, int], float] = {}
        for (low, weather), p in dist.items():
            if s == seat:
                number, wanted = _own(key)
                if number is None:
                    outcomes = [((low, _shift(weather, wanted)), p)]
                else:
                    outcomes = [((min(low, number), weather), p)]
            else:
                hand = state.hands[s]
                share = p / len(hand)
                outcomes = []
                for tile in hand:
                    if tile != CLOUD:
                        outcomes.append(((min(low, int(tile)), weather), share))
                        continue
                    ways = [
                        w for w in (weather + 1, weather - 1) if WEATHER_MIN <= w <= WEATHER_MAX
                    ]
                    outcomes += [((low, w), share / len(ways)) for w in ways]
            for k, q in outcomes:
                nxt[k] = nxt.get(k, 0.0) + q
        dist = nxt
    steps: dict[int, float] = {}
    for (low, weather), p in dist.items():
        n = river.steps_of(weather if low == NO_NUMBER else low + weather)
        steps[n] = steps.get(n, 0.0) + p
    return dict(sorted(steps.items()))


@cache
def survival(slot: str, steps: int, policy: str, last_arm: str | None) -> float:
    """Chance a canoe at ``slot`` is still afloat after ``steps`` flow steps."""
    if slot == LOST:
        return 0.0
    if slot == HOME or steps == 0:
        return 1.0
    if policy == "alternate":
        arms = river.alternate_arms(last_arm, steps)
        return 0.0 if river.slot_after(slot, arms) == LOST else 1.0
    afloat = sum(river.slot_after(slot, arms) != LOST for arms in product(river.ARMS, repeat=steps))
    return afloat / 2**steps


def forecast(state: NiagaraState, player: str) -> Forecast:
    """The falls forecast of ``player`` (see the module docstring).

    Raises:
        ValueError: ``player`` is not in the game.
    """
    seat = state.players.index(player)
    policy = state.options["arm_policy"]
    dists: dict[str, dict[int, float]] = {}
    memo: dict[tuple[str, Fleet], tuple[float, ...]] = {}
    lines: list[ForecastLine] = []
    for tile, key, move, fleet in _options(state, seat):
        if key not in dists:
            dists[key] = steps_distribution(state, seat, key)
        odds = memo.get((key, fleet))
        if odds is None:
            odds = tuple(
                sum(p * survival(c.slot, n, policy, state.last_arm) for n, p in dists[key].items())
                for c in fleet
            )
            memo[(key, fleet)] = odds
        lines.append(ForecastLine(tile, move, odds))
    return Forecast(player, policy, tuple(lines), dists)


def monte_carlo(state: NiagaraState, player: str, rounds: int, rng: random.Random) -> Forecast:
    """The forecast estimated by simulating ``rounds`` rounds per reveal (a cross-check).

    Each simulated round draws the unrevealed players' paddles from their hands
    and their clouds' direction, lets the weather move in turn order, finds the
    current with :func:`river.current`, draws the arms by the policy and runs
    :func:`river.flow` on a probe canoe at every river slot; a canoe's estimate
    is how often the probe at its slot stayed afloat.
    """
    seat = state.players.index(player)
    policy = state.options["arm_policy"]
    options = list(_options(state, seat))
    probe = (tuple(Canoe(slot) for slot in RIVER),)
    start = river.River(state.discs, probe, state.hollows, state.last_arm)
    afloat: dict[str, dict[str, float]] = {}
    for key in dict.fromkeys(k for _, k, _, _ in options):
        counts = dict.fromkeys(RIVER, 0)
        for _ in range(rounds):
            steps = _sample_steps(state, seat, key, rng)
            if policy == "alternate":
                arms: tuple[str, ...] = river.alternate_arms(state.last_arm, steps)
            else:
                arms = tuple(rng.choice(river.ARMS) for _ in range(steps))
            after = river.flow(start, arms).river
            for slot, canoe in zip(RIVER, after.canoes[0], strict=True):
                counts[slot] += canoe.slot != LOST
        afloat[key] = {slot: c / rounds for slot, c in counts.items()}
        afloat[key].update({HOME: 1.0, LOST: 0.0})
    lines = tuple(ForecastLine(t, m, tuple(afloat[k][c.slot] for c in f)) for t, k, m, f in options)
    return Forecast(player, policy, lines, {})


def _sample_steps(state: NiagaraState, seat: int, key: str, rng: random.Random) -> int:
    if state.phase == Phase.FLOW:
        return state.flow_total - len(state.flow_arms)
    if state.phase == Phase.OVER:
        return 0
    numbers = list(state.numbers())
    weather = state.weather
    for s in _pending(state, seat):
        if s == seat:
            number, wanted = _own(key)
            if number is None:
                weather = _shift(weather, wanted)
            else:
                numbers.append(number)
            continue
        tile = rng.choice(state.hands[s])
        if tile == CLOUD:
            weather = _shift(weather, rng.choice((1, -1)))
        else:
            numbers.append(int(tile))
    return river.steps_of(river.current(numbers, weather))
