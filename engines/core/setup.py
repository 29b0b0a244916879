"""The setup every ``new_game`` starts from: players, rule options and seed, checked once.

``GameInfo.setup(players, options=..., seed=...)`` returns a :class:`Setup`
or raises ``InvalidSetup``; a game's ``new_game`` builds its first state from
the setup's fields and adds only what the game itself lays out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engines.core.errors import InvalidSetup

SEED_LIMIT = 2**63
"""Seeds are whole numbers with ``0 <= seed < SEED_LIMIT``: a signed 64-bit integer,
so a table's seed fits the companion's database (SQLite and PostgreSQL ``BIGINT``)."""


def check_seed(seed: object) -> int | None:
    """``seed`` when it is a valid seed, None for a table game (no seed).

    Raises:
        InvalidSetup: a bool, a value that is not a whole number, or a number
            outside ``0 <= seed < 2**63``.
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidSetup(
            f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not {seed!r}",
            code="setup.seed",
            params={"high": SEED_LIMIT - 1},
        )
    if not 0 <= seed < SEED_LIMIT:
        raise InvalidSetup(
            f"the seed {seed} is out of range; use a number from 0 to {SEED_LIMIT - 1}",
            code="setup.seed",
            params={"high": SEED_LIMIT - 1},
        )
    return seed


@dataclass(frozen=True)
class Setup:
    """What a new game starts with, every part checked.

    Attributes:
        players: the names, stripped, in seating order (clockwise).
        options: every rule option of the game, defaults filled in.
        seed: the seed of a simulated game, None when the table supplies chance.
    """

    players: tuple[str, ...]
    options: Mapping[str, str]
    seed: int | None

    @property
    def count(self) -> int:
        """How many players sit at the table."""
        return len(self.players)
