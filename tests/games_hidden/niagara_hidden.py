"""Niagara's hidden pieces for the views test: paddles laid face down, not yet revealed."""

from __future__ import annotations

import dataclasses
import random

from engines.core import State
from engines.niagara import NiagaraState


def variant(state: State, viewer: str | None, rng: random.Random) -> State | None:
    """``state`` with another player's face-down paddle swapped for another tile in hand."""
    assert isinstance(state, NiagaraState)
    seats = [
        s
        for s, p in enumerate(state.players)
        if p != viewer and state.chosen[s] not in ("", "?") and len(state.hands[s]) > 1
    ]
    if not seats:
        return None
    seat = rng.choice(seats)
    others = [t for t in state.hands[seat] if t != state.chosen[seat]]
    chosen = list(state.chosen)
    chosen[seat] = rng.choice(others)
    return dataclasses.replace(state, chosen=tuple(chosen))
