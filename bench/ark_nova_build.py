"""Time to list every legal build for a mid-game Ark Nova zoo (target: under 50 ms).

Run: ``.venv/bin/python -m bench.ark_nova_build [--repeat 50]`` (also printed by
``bench.engines``). The zoo is ``examples/ark_nova/build_midgame.json`` (Ann: 8
buildings on 18 hexes). Times are CPU milliseconds per call
(``time.process_time``); "first" includes building the footprint tables,
which happens once per process.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from engines.ark_nova import build, load_state

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "ark_nova" / "build_midgame.json"


def _ms(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return (time.process_time() - start) * 1000


def measure(repeat: int) -> list[tuple[str, int, float, float]]:
    """(what, how many listed, first call ms, median ms) for the listings measured."""
    state = load_state(EXAMPLE.read_text(encoding="utf-8"))
    zoo = state.zoo("ann")
    cases: list[tuple[str, Callable[[], tuple[object, ...]]]] = [
        (
            "legal builds, strength 5, side II",
            lambda: build.legal_placements(zoo, strength=5, upgraded=True),
        ),
        (
            "legal builds, strength 10, side II",
            lambda: build.legal_placements(zoo, strength=10, money=99, upgraded=True),
        ),
        ("legal_moves() of the 2-player table", state.legal_moves),
    ]
    rows = []
    for label, call in cases:
        first = _ms(call)
        times = [_ms(call) for _ in range(repeat)]
        rows.append((label, len(call()), first, statistics.median(times)))
    return rows


def report(repeat: int = 50) -> None:
    print(f"\nark_nova builds on {EXAMPLE.name} (CPU ms per call)")
    print(f"{'listing':<38} {'moves':>6} {'first':>8} {'median':>8}")
    for label, count, first, median in measure(repeat):
        print(f"{label:<38} {count:>6} {first:>8.2f} {median:>8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50, help="calls timed per listing")
    report(parser.parse_args().repeat)


if __name__ == "__main__":
    main()
