"""Noah states that differ only in cards a viewer may not see."""

from __future__ import annotations

import random
from dataclasses import replace

from engines.core import UNKNOWN, State
from engines.noah.info import Step
from engines.noah.state import NoahState


def variant(state: State, viewer: str | None, rng: random.Random) -> State | None:
    """Swap a card of a hand hidden from ``viewer`` with an undealt card."""
    assert isinstance(state, NoahState)
    if state.step == Step.OVER:
        return None
    me = state.players.index(viewer) if viewer is not None else None
    hidden = [
        i
        for i, hand in enumerate(state.hands)
        if i != me and hand and not (state.peek is not None and state.peek == (me, i))
    ]
    undealt = state.unaccounted()
    if not hidden or not undealt:
        return None
    i = rng.choice(hidden)
    old = rng.choice([c for c in state.hands[i] if c != UNKNOWN])
    new = rng.choice(undealt)
    hands = list(state.hands)
    hands[i] = tuple(sorted(c if c != old else new for c in hands[i]))
    return replace(state, hands=tuple(hands))
