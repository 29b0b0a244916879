"""Hidden-piece variants for The Hare and the Tortoise (see ``tests/hidden.py``).

Hidden from a viewer: other players' hands, their bets until the end, the
composition of the draw pile and the undealt starting bet cards.
"""

from __future__ import annotations

import dataclasses
import random

from engines.core import State
from engines.hare_tortoise.catalog import ANIMAL_CODES, UNK
from engines.hare_tortoise.state import HareState


def _swap_with_deck(state: HareState, seat: int, rng: random.Random) -> HareState | None:
    """Trade one card of ``seat``'s hand for a different kind from the draw pile."""
    hand = state.hands[seat]
    pairs = [(k, j) for k in range(UNK) for j in range(UNK) if k != j and hand[k] and state.deck[j]]
    if not pairs:
        return None
    k, j = rng.choice(pairs)
    new_hand = list(hand)
    new_hand[k] -= 1
    new_hand[j] += 1
    deck = list(state.deck)
    deck[j] -= 1
    deck[k] += 1
    hands = list(state.hands)
    hands[seat] = tuple(new_hand)
    return dataclasses.replace(state, hands=tuple(hands), deck=tuple(deck))


def _swap_bet(state: HareState, seat: int, rng: random.Random) -> HareState | None:
    """Trade ``seat``'s first starting bet for a bet card nobody was dealt."""
    bets = state.start_bets[seat]
    free = [a for a in ANIMAL_CODES if all(a not in b for b in state.start_bets)]
    if not bets or not free:
        return None
    start = list(state.start_bets)
    start[seat] = (rng.choice(free), *bets[1:])
    return dataclasses.replace(state, start_bets=tuple(start))


def variant(state: State, viewer: str | None, rng: random.Random) -> State | None:
    """A state that differs from ``state`` only in what ``viewer`` may not see."""
    assert isinstance(state, HareState)
    others = [s for s, p in enumerate(state.players) if p != viewer]
    rng.shuffle(others)
    bets_hidden = state.phase not in ("reveal", "over")
    for seat in others:
        options = [_swap_with_deck(state, seat, rng)]
        if bets_hidden:
            options.append(_swap_bet(state, seat, rng))
        found = [o for o in options if o is not None]
        if found:
            return rng.choice(found)
    return None
