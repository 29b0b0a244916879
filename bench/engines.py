"""Random-playout speed of every engine: moves applied per second on one core.

Run: ``.venv/bin/python -m bench.engines [--seconds 3]``. Chance moves count
as steps (they are applied like any other move). Rates are per CPU second of
this process (``time.process_time``), so a busy machine does not skew them.
Engines that do not play whole turns yet (``INFO.turn_engine`` False) are
measured on scoring their finished example games in ``examples/<game>/``.
Then the time to list every legal Ark Nova build (``bench.ark_nova_build``).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import engines
from bench import ark_nova_build
from engines.core import play_random


def steps_per_second(game_id: str, players: int, seconds: float) -> tuple[float, int]:
    """Moves per second over seeded random games for about ``seconds``."""
    module = engines.GAMES[game_id]
    names = [f"p{i}" for i in range(players)]
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = module.new_game(names, seed=games)
        _, n = play_random(state, random.Random(games))
        steps += n
        games += 1
    return steps / (time.process_time() - start), games


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def scores_per_second(game_id: str, seconds: float) -> tuple[float, int]:
    """Whole-table final scores per second over the game's example files."""
    module = engines.GAMES[game_id]
    states = [module.load_state(p.read_text()) for p in sorted((EXAMPLES / game_id).glob("*.json"))]
    states = [s for s in states if s.is_over]
    if not states:
        return 0.0, 0
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        states[done % len(states)].outcome()
        done += 1
    return done / (time.process_time() - start), len(states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and count")
    args = parser.parse_args()
    print(f"{'game':<18} {'players':>7} {'steps/s':>10} {'games':>6}")
    for game_id, module in engines.GAMES.items():
        if not module.info.turn_engine:
            rate, files = scores_per_second(game_id, args.seconds)
            print(f"{game_id:<18} {'score':>7} {rate:>10,.0f} {files:>6}  (tables scored/s, files)")
            continue
        for n in range(module.info.min_players, module.info.max_players + 1):
            rate, games = steps_per_second(game_id, n, args.seconds)
            print(f"{game_id:<18} {n:>7} {rate:>10,.0f} {games:>6}")
    ark_nova_build.report()


if __name__ == "__main__":
    main()
