"""The one rule the state, the checks and the camera's table model share: who takes a trick."""

from __future__ import annotations

from tests.sixth.pond.catalog import value


def taker(leader: int, lead: str, follow: str) -> int:
    """The seat that takes a trick: the higher card's (seats 0 and 1; ``leader`` led)."""
    return 1 - leader if value(follow) > value(lead) else leader
