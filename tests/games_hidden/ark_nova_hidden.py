"""Ark Nova's hidden pieces: hands, the final-scoring cards each player holds, the deck.

``variant`` changes one of them for a player other than the viewer while the
game is not over: a card in their hand swapped with one still in the deck, a
final-scoring card they hold swapped with an undealt one, or (a recorded table)
the final-scoring card they keep. Everything in a zoo lies open on the table.
"""

from __future__ import annotations

import random
from dataclasses import replace

from engines.ark_nova.cards import FINAL_SCORING
from engines.ark_nova.flow import Flow
from engines.ark_nova.state import ArkNovaState
from engines.core import State


def variant(state: State, viewer: str | None, rng: random.Random) -> State | None:
    """``state`` with one other player's secret changed, or None."""
    assert isinstance(state, ArkNovaState)
    if state.finished:
        return None
    others = [p for p in state.players if p != viewer]
    rng.shuffle(others)
    for player in others:
        changed = _hand(state, player, rng) or _final_hand(state, player, rng)
        if changed is not None:
            return changed
        zoo = state.zoo(player)
        if state.flow is None and zoo.final_scoring:
            kept = zoo.final_scoring[0]
            other = rng.choice([c for c in FINAL_SCORING if c not in zoo.final_scoring])
            assert other != kept
            changed_zoo = replace(zoo, final_scoring=(other, *zoo.final_scoring[1:]))
            return state._with_zoo(player, changed_zoo)
    return None


def _hand(state: ArkNovaState, player: str, rng: random.Random) -> ArkNovaState | None:
    flow = state.flow
    board = state.board(player)
    known = [c for c in board.hand if isinstance(c, int)]
    if flow is None or not flow.deck or not known:
        return None
    old = rng.choice(known)
    new = rng.choice(flow.deck)
    hand = list(board.hand)
    hand[hand.index(old)] = new
    deck = tuple(sorted((*(c for c in flow.deck if c != new), old)))
    state = state.with_player(player, state.zoo(player), replace(board, hand=tuple(hand)))
    return replace(state, flow=replace(flow, deck=deck))


def _final_hand(state: ArkNovaState, player: str, rng: random.Random) -> ArkNovaState | None:
    flow = state.flow
    if flow is None or not flow.final_deck:
        return None
    i = state.players.index(player)
    held = flow.final_hands[i]
    if not held or state.zoo(player).final_scoring:
        return None
    new = rng.choice(flow.final_deck)
    hand = (new, *held[1:])
    deck = tuple(sorted((*(c for c in flow.final_deck if c != new), held[0])))
    return replace(
        state,
        flow=replace(flow, final_hands=Flow.set_at(flow.final_hands, i, hand), final_deck=deck),
    )
