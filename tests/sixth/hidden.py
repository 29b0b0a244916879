"""Pond's hook for the views test (``tests/hidden.py``): a state that differs from a
given one only in what a viewer may not see (a card of another hand, one in the deck)."""

from __future__ import annotations

import random

from engines.core import UNKNOWN, State
from tests.sixth.pond import PondState


def variant(state: State, viewer: str | None, rng: random.Random) -> State | None:
    """``state`` with a hidden card swapped for another hidden one, or None when ``viewer``
    sees every card there is."""
    assert isinstance(state, PondState)
    deck = [c for c in state.unseen() if all(c not in h for h in state.hands)]
    hands = [list(h) for h in state.hands]
    hidden = [
        (seat, i)
        for seat, hand in enumerate(hands)
        if state.players[seat] != viewer
        for i, card in enumerate(hand)
        if card != UNKNOWN
    ]
    if not hidden:
        return None
    seat, i = rng.choice(hidden)
    others = [(s, j) for s, j in hidden if s != seat]
    if deck:
        hands[seat][i] = rng.choice(deck)
    elif others:
        s, j = rng.choice(others)
        hands[seat][i], hands[s][j] = hands[s][j], hands[seat][i]
    else:
        return None
    return state.evolve(hands=tuple(tuple(h) for h in hands))
