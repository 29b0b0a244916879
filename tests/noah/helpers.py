"""Building Noah positions for rule scenarios."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from engines.noah import CARD_BY_ID, NoahState, new_game
from engines.noah.info import Step

PLAYERS = ("ann", "bob", "cy", "dee", "eve")


def on_ferry(*cards: str) -> tuple[tuple[str, str], ...]:
    """Cards on a ferry; a snail is written ``SNLX1/M``."""
    placed = []
    for text in cards:
        card, _, gender = text.partition("/")
        placed.append((card, gender or CARD_BY_ID[card].gender or "M"))
    return tuple(placed)


def position(
    ferry: Sequence[str] = (),
    hands: Sequence[Sequence[str]] = (),
    *,
    players: int = 4,
    options: Mapping[str, str] | None = None,
    departures: Sequence[str] = (),
    seed: int | None = 1,
    noah: int = 0,
) -> NoahState:
    """A state at the play step: ``ann`` to move, Noah on dock ``noah`` holding ``ferry``."""
    names = PLAYERS[:players]
    state = new_game(names, options=options, seed=seed)
    docks = [()] * 5
    docks[noah] = on_ferry(*ferry)
    used = {c.partition("/")[0] for c in ferry} | {c for h in hands for c in h}
    spare = iter(c for c in sorted(state.deck) if c not in used)
    filled = [tuple(sorted(h)) for h in hands]
    # Players not given a hand hold two cards nobody else uses, so no hand is empty.
    filled += [tuple(sorted((next(spare), next(spare)))) for _ in range(players - len(hands))]
    return replace(
        state,
        step=Step.PLAY,
        noah=noah,
        docks=tuple(docks),
        hands=tuple(filled),
        active=0,
        first=0,
        dealt=8 * players,
        departures=tuple(departures),
        reserve=3 - len(departures),
    )
