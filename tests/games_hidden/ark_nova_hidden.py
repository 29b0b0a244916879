"""Ark Nova's hidden pieces: the final-scoring cards each player keeps face down.

``variant`` swaps another player's kept card for a different one while the
game is not over; everything else in a zoo lies open on the table.
"""

from __future__ import annotations

import random
from dataclasses import replace

from engines.ark_nova.cards import FINAL_SCORING
from engines.ark_nova.state import ArkNovaState
from engines.core import State


def variant(state: State, viewer: str | None, rng: random.Random) -> State | None:
    """``state`` with one other player's kept final-scoring card changed, or None."""
    assert isinstance(state, ArkNovaState)
    if state.finished:
        return None
    others = [p for p in state.players if p != viewer]
    rng.shuffle(others)
    for player in others:
        zoo = state.zoo(player)
        if not zoo.final_scoring:
            continue
        kept = zoo.final_scoring[0]
        other = rng.choice([c for c in FINAL_SCORING if c not in zoo.final_scoring and c != kept])
        changed = replace(zoo, final_scoring=(other, *zoo.final_scoring[1:]))
        return state._with_zoo(player, changed)
    return None
