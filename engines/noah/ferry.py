"""Noah's ferries: their weight, their limit and the gender the next card must have.

Follows ``docs/rules/noah.md`` §5 step 1 (seed text ``001_be788f962c07f759.txt``):
a ferry carries 21 at most, 13 with a woodpecker aboard or being played; once
two cards lie on it, each new card has the gender of the card two below it.
Shared by the checks, the state and the views.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.noah.catalog import CARD_BY_ID, WOODPECKER

LIMIT, WOODPECKER_LIMIT = 21, 13

Placed = tuple[str, str]
"""A card on a ferry with the gender it counts as: ``("SNLX1", "F")``."""


def weight(ferry: Sequence[Placed]) -> int:
    """Total weight of the animals on a ferry."""
    return sum(CARD_BY_ID[c].weight for c, _ in ferry)


def limit(ferry: Sequence[Placed], card: str | None = None) -> int:
    """The ferry's weight limit: 13 with a woodpecker aboard (or being played), else 21."""
    if card is not None and CARD_BY_ID[card].species.code == WOODPECKER:
        return WOODPECKER_LIMIT
    for c, _ in ferry:
        if CARD_BY_ID[c].species.code == WOODPECKER:
            return WOODPECKER_LIMIT
    return LIMIT


def required_gender(ferry: Sequence[Placed]) -> str | None:
    """The gender the next card must have, or None while the ferry holds < 2 cards."""
    return ferry[-2][1] if len(ferry) >= 2 else None
