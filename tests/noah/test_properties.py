"""Property tests: every card of the deck is always somewhere, exactly once."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import UNKNOWN
from engines.noah import new_game
from engines.noah.info import Step
from engines.noah.state import NoahState


def undealt_expected(state: NoahState) -> int:
    """Cards still in the undealt stack, from the setup counters alone."""
    on_docks_at_setup = sum(1 for f in state.docks if f) if state.step == Step.SETUP_FERRY else 5
    return len(state.deck) - on_docks_at_setup - state.dealt


def assert_conserved(state: NoahState) -> None:
    deck = set(state.deck)
    places: list[str] = []
    for hand in state.hands:
        places.extend(c for c in hand if c != UNKNOWN)
    for ferry in state.docks:
        places.extend(c for c, _ in ferry or ())
    places.extend(state.departed)
    assert len(places) == len(set(places)), "a card is in two places"
    assert set(places) <= deck
    in_hands = sum(len(h) for h in state.hands)
    on_table = sum(len(f or ()) for f in state.docks) + len(state.departed)
    assert in_hands + on_table + undealt_expected(state) == len(deck)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), pick=st.integers(0, 10**6))
def test_every_card_is_somewhere_at_every_step(seed: int, players: int, pick: int) -> None:
    state = new_game([f"p{i}" for i in range(players)], seed=seed)
    rng = random.Random(pick)
    assert len(state.deck) == {2: 31, 3: 31, 4: 39, 5: 47}[players]
    while not state.is_over:
        assert_conserved(state)
        move = state.chance_move() or rng.choice(state.legal_moves())
        state = state.apply(move)
    assert_conserved(state)
