"""Time of ``companion print GAME --what all`` (issue 8: Ark Nova under 30 s).

Run: ``.venv/bin/python -m bench.printables [GAME ...] [--paper a4|letter]``;
without games, every game with a catalog. Reports wall and CPU seconds, pages
and PDF size; the PDF is written to a temporary file as the CLI would.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import tempfile
import time
from pathlib import Path

from cli import main as companion


def time_print(game: str, paper: str) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, bytes) of one ``companion print GAME --what all``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"{game}.pdf"
        wall, cpu = time.perf_counter(), time.process_time()
        with contextlib.redirect_stdout(io.StringIO()):
            code = companion(
                ["print", game, "--what", "all", "--paper", paper, "--quiet", "-o", str(out)]
            )
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if code != 0:
            raise SystemExit(f"companion print {game} failed with exit status {code}")
        return wall, cpu, out.stat().st_size


def main() -> None:
    from printables.document import catalog_for
    from printables.registry import PRINTED

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="games to print (default: all with a catalog)")
    parser.add_argument("--paper", choices=["a4", "letter"], default="a4")
    args = parser.parse_args()
    games = args.games
    if not games:
        games = []
        for game in PRINTED:
            try:
                catalog_for(game)
            except ValueError:
                continue
            games.append(game)
    rows = [(game, *time_print(game, args.paper)) for game in games]
    print(f"{'game':<18} {'wall s':>7} {'cpu s':>7} {'MB':>6}")
    for game, wall, cpu, size in rows:
        print(f"{game:<18} {wall:>7.2f} {cpu:>7.2f} {size / 1e6:>6.1f}")


if __name__ == "__main__":
    main()
