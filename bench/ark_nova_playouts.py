"""Ark Nova turn engine: seeded playouts to the end, and the time to list legal moves.

Run: ``.venv/bin/python -m bench.ark_nova_playouts [--games 20]``. Targets (issue 19):
seeded playouts to the end for 2, 3 and 4 players at >= 1,000 engine steps per CPU
second, and listing the legal moves of any position in <= 50 ms.

- Playouts: ``GAME.playout_move`` (the game's policy: chance by the seed, an action
  kind drawn and one of its moves) and, for comparison, uniformly random legal moves
  over the full ``legal_moves()``. A step is one applied move, chance included.
- Listing: ``legal_moves()`` timed on every 3rd position of the policy games (chance
  points included), reported as median, 95th percentile and maximum.

Times are CPU time of this process (``time.process_time``), so a busy machine does not
skew them; measured, never asserted by a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engines import ark_nova
from engines.ark_nova.state import ArkNovaState

NAMES = ("ann", "bob", "cy", "dee")


def playouts(players: int, games: int, policy: bool) -> tuple[float, float, list[ArkNovaState]]:
    """(steps per CPU second, mean steps per game, some positions) over seeded games."""
    steps = 0
    seen: list[ArkNovaState] = []
    cpu = 0.0
    for seed in range(games):
        state = ark_nova.new_game(list(NAMES[:players]), seed=seed)
        rng = random.Random(seed)
        start = time.process_time()
        n = 0
        while not state.is_over:
            if policy:
                move = ark_nova.GAME.playout_move(state, rng)  # type: ignore[misc]
            else:
                move = state.chance_move() or rng.choice(state.legal_moves())
            state = state.apply(move)
            n += 1
            if policy and n % 3 == 0:
                seen.append(state)
        cpu += time.process_time() - start
        steps += n
    return steps / cpu, steps / games, seen


def listing_ms(states: list[ArkNovaState]) -> tuple[float, float, float, int]:
    """(median, 95th percentile, max) CPU ms of ``legal_moves()``, and the most moves."""
    times = []
    most = 0
    for state in states:
        start = time.process_time()
        moves = state.legal_moves()
        times.append((time.process_time() - start) * 1000)
        most = max(most, len(moves))
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))], times[-1], most


def report(games: int = 20) -> None:
    print(f"\nark_nova playouts to the end ({games} seeded games per row; CPU time)")
    print(f"{'players':>7} {'policy':>8} {'steps/s':>9} {'steps/game':>11}")
    positions: list[ArkNovaState] = []
    for n in (2, 3, 4):
        for policy in (True, False):
            rate, mean, seen = playouts(n, games if policy else max(1, games // 4), policy)
            positions += seen
            label = "policy" if policy else "uniform"
            print(f"{n:>7} {label:>8} {rate:>9,.0f} {mean:>11,.0f}")
    median, p95, worst, most = listing_ms(positions)
    print(
        f"legal_moves() over {len(positions)} positions: median {median:.2f} ms, "
        f"95th percentile {p95:.2f} ms, max {worst:.2f} ms (at most {most} moves)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="policy games per player count")
    report(parser.parse_args().games)


if __name__ == "__main__":
    main()
