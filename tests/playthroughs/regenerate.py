"""Write the recorded playthroughs anew: ``python -m tests.playthroughs.regenerate [game ...]``.

Run it after an intended change of a game's rules or state document, then
review the diff of ``tests/playthroughs/`` before committing it. Files of
games or options that no longer exist are removed. The sixth game of the tests
(``tests/sixth``) is registered first, as every test run registers it.
"""

from __future__ import annotations

import argparse

from tests import sixth
from tests.playthroughs import DIR, cases, write


def main(argv: list[str] | None = None) -> None:
    sixth.register()  # the test game's recordings are kept as the five games' are
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="only these game ids (default: every game)")
    args = parser.parse_args(argv)
    chosen = [c for c in cases() if not args.games or c.game in args.games]
    for case in chosen:
        write(case)
    kept = {c.path for c in cases()}
    stale = [p for p in DIR.glob("*/*.txt") if p not in kept]
    for path in stale:
        path.unlink()
    print(f"wrote {len(chosen)} playthroughs, removed {len(stale)} stale files under {DIR}")


if __name__ == "__main__":
    main()
