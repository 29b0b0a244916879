"""What each player of Pond may see: the own hand; of the other hand, the deck and the
cards dealt to another, only how many. The pond and the won piles lie face up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.core import UNKNOWN, Move
from tests.sixth.pond.catalog import CARDS
from tests.sixth.pond.info import INFO, Step
from tests.sixth.pond.moves import Deal

if TYPE_CHECKING:
    from tests.sixth.pond.state import PondState


def view(state: PondState, player: str | None) -> dict[str, Any]:
    """What ``player`` sees of the table (``None``: the public table)."""
    return {
        "game": INFO.id,
        "players": list(state.players),
        "options": dict(state.options),
        "viewer": player,
        "step": str(state.step),
        "to_move": state.to_move,
        "leader": state.players[state.leader],
        "deck": len(CARDS) - state.dealt,
        "pond": list(state.pond),
        "hands": {
            p: {"count": len(h), "cards": list(h) if p == player else None}
            for p, h in zip(state.players, state.hands, strict=True)
        },
        "won": {p: list(w) for p, w in zip(state.players, state.won, strict=True)},
        "events": [e.to_json() for e in state.events],
    }


def public_move(state: PondState, move: Move, viewer: str | None) -> dict[str, Any]:
    """A card dealt shows only to the hand it goes to."""
    dealt_to = state.players[state.receivers[0]] if state.step == Step.DEAL else None
    if isinstance(move, Deal) and viewer != dealt_to:
        return {"type": Deal.TYPE, "card": UNKNOWN}
    return move.to_json()
