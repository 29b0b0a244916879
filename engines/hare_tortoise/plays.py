"""Every play of 1-4 cards of one animal, built once: ``legal_moves`` hands out these objects.

Follows ``docs/rules/hare_tortoise.md`` §5.1-§5.2 (1-4 cards of one animal;
the wolf's cards may mix plain and howl cards).
"""

from __future__ import annotations

from engines.hare_tortoise.catalog import (
    FULL_DECK,
    HOWL,
    KIND_ANIMAL,
    KIND_INDEX,
    KINDS,
    MAX_ANIMAL,
    UNK,
    WOLF,
)
from engines.hare_tortoise.moves import Play

WOLF_KIND = KIND_INDEX["W"]


PlayRow = tuple[Play, int, int, tuple[tuple[int, int], ...]]


def play_table() -> tuple[PlayRow, ...]:
    """Every play a full hand could make: (move, animal, card count, needs per kind)."""
    out: list[PlayRow] = []
    for kind, code in enumerate(KINDS[:UNK]):
        if kind == HOWL:
            continue
        animal = KIND_ANIMAL[kind]
        for k in range(1, MAX_ANIMAL + 1):
            if animal != WOLF:
                out.append((Play((code,) * k), animal, k, ((kind, k),)))
                continue
            for howls in range(min(k, FULL_DECK[HOWL]) + 1):
                needs = tuple((kd, c) for kd, c in ((kind, k - howls), (HOWL, howls)) if c)
                move = Play(("W",) * (k - howls) + ("W!",) * howls)
                out.append((move, animal, k, needs))
    return tuple(out)


PLAYS = play_table()
SINGLE = {
    KIND_INDEX[code]: tuple(Play((code,) * c) for c in range(MAX_ANIMAL + 1)) for code in "HTFL"
}
"""Plays of 0-4 cards of one non-wolf kind (index 0 unused)."""
WOLF_PLAYS = tuple(
    tuple(Play(("W",) * w + ("W!",) * x) for x in range(FULL_DECK[HOWL] + 1))
    for w in range(MAX_ANIMAL + 1)
)
"""Wolf plays by plain wolf cards, then howl cards (the empty play unused)."""
