"""Builds Hare and Tortoise positions for scenario tests: a turn about to end in a race.

``at_race(...)`` returns a seeded state in the ``refill`` phase whose active
player (seat 0) lacks one card; drawing it ends the turn, so the end-of-turn
check runs on the given table. Every other card lies in hands, bets and the
draw pile, so the 81 race cards add up.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from engines.hare_tortoise import new_game
from engines.hare_tortoise.catalog import ANIMALS, FULL_DECK, KIND_INDEX, UNK, ZERO
from engines.hare_tortoise.moves import Draw
from engines.hare_tortoise.state import HareState

NAMES = ("ann", "bob", "cy", "dee", "eve")


def _take(pool: list[int], count: int) -> tuple[int, ...]:
    """``count`` cards from the kinds with most cards left in ``pool``."""
    out = [0] * len(pool)
    for _ in range(count):
        kind = max(range(UNK), key=lambda k: pool[k])
        pool[kind] -= 1
        out[kind] += 1
    return tuple(out)


def at_race(
    *,
    table: Sequence[str] = (),
    positions: Mapping[str, int] | None = None,
    podium: Sequence[str] = (),
    streams: tuple[int, int] = (4, 9),
    howl_pending: bool = False,
    options: Mapping[str, Any] | None = None,
    players: int = 3,
) -> HareState:
    """A state where drawing one card (``draw_last``) ends ann's turn with ``table``."""
    state = new_game(NAMES[:players], options=options, seed=0)
    pool = list(FULL_DECK)
    kinds = [KIND_INDEX[c] for c in table]
    for kind in kinds:
        pool[kind] -= 1
    hands = tuple(_take(pool, 5 if seat == 0 else 6) for seat in range(players))
    seconds = tuple(
        next(code for code in ("H", "T", "W", "F", "L") if pool[KIND_INDEX[code]] > 0)
        for _ in range(players)
    )
    for code in seconds:
        pool[KIND_INDEX[code]] -= 1
    pos = {a: 0 for a in ANIMALS}
    pos.update(positions or {})
    bets = 2 if players == 2 else 1
    starts = tuple(
        tuple("HTWFL"[(seat * bets + i) % 5] for i in range(bets)) for seat in range(players)
    )
    return dataclasses.replace(
        state,
        phase="refill",
        turn=0,
        streams=tuple(sorted(streams)),
        positions=tuple(pos[a] for a in ANIMALS),
        podium=tuple(ANIMALS.index(a) for a in podium),
        howl_pending=howl_pending,
        hands=hands,
        start_bets=starts,
        second_bets=seconds,
        deck=tuple(pool),
        discard=ZERO,
        table=tuple((i % players, k) for i, k in enumerate(kinds)),
    )


def draw_last(state: HareState) -> HareState:
    """Apply the draw that completes the active hand (a kind left in the pile)."""
    kind = max(range(UNK), key=lambda k: state.deck[k])
    return state.apply(Draw(("H", "T", "W", "W!", "F", "L")[kind]))


def race(**kwargs: Any) -> HareState:
    """The state right after the race phase that ``at_race(**kwargs)`` sets up."""
    return draw_last(at_race(**kwargs))


def where(state: HareState) -> dict[str, int]:
    """Positions by animal name."""
    return dict(zip(ANIMALS, state.positions, strict=True))
