"""What each player may see of a game of The Hare and the Tortoise, and of each move.

Follows ``docs/rules/hare_tortoise.md`` §4-§5: race cards in a hand and the
bets are secret to their owner until the race is over (phases ``reveal`` and
``over`` show every bet); the table, the pawns, the streams and the discard
pile are public, the draw pile only as a count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.core import UNKNOWN, Move
from engines.hare_tortoise.catalog import ANIMALS, KINDS, UNK, codes_of
from engines.hare_tortoise.info import INFO, Phase
from engines.hare_tortoise.moves import Deal, DealBet, Draw, Keep

if TYPE_CHECKING:
    from engines.hare_tortoise.state import HareState


def view(state: HareState, player: str | None) -> dict[str, Any]:
    """What ``player`` sees of the table (``None``: the public table)."""
    end = state.phase in (Phase.REVEAL, Phase.OVER)
    hands: dict[str, Any] = {}
    bets: dict[str, Any] = {}
    for seat, p in enumerate(state.players):
        mine = p == player
        hand = state.hands[seat]
        hands[p] = {"count": sum(hand), "cards": codes_of(hand) if mine else None}
        start, second = state.start_bets[seat], state.second_bets[seat]
        shown = mine or end
        bets[p] = {
            "count": len(start) + (second is not None),
            "start": list(start) if shown else None,
            "second": second if shown else None,
        }
    return {
        "game": INFO.id,
        "players": list(state.players),
        "options": dict(state.options),
        "viewer": player,
        "phase": str(state.phase),
        "to_move": state.to_move,
        "turn": state.players[state.turn],
        **public_body(state),
        "deck": sum(state.deck),
        "hands": hands,
        "bets": bets,
        "events": [e.to_json() for e in state.events],
    }


def public_body(state: HareState) -> dict[str, Any]:
    """The public part of the table, shared by every view and the JSON document."""
    plays: list[dict[str, Any]] = []
    for seat, kind in state.table:
        name = state.players[seat]
        if plays and plays[-1]["player"] == name:
            plays[-1]["cards"].append(KINDS[kind])
        else:
            plays.append({"player": name, "cards": [KINDS[kind]]})
    return {
        "streams": list(state.streams),
        "positions": dict(zip(ANIMALS, state.positions, strict=True)),
        "podium": [ANIMALS[a] for a in state.podium],
        "howl_pending": state.howl_pending,
        "table": plays,
        "discard": dict(zip(KINDS[:UNK], state.discard[:UNK], strict=True)),
    }


def public_move(state: HareState, move: Move, viewer: str | None) -> dict[str, Any]:
    """Cards dealt, drawn or kept show only to their receiver."""
    if isinstance(move, DealBet | Deal | Draw | Keep):
        if isinstance(move, DealBet):
            seat = state.bet_seat()
        elif isinstance(move, Deal):
            seat = state.deal_seat()
        else:
            seat = state.turn
        if state.players[seat] != viewer:
            return {**move.to_json(), "card": UNKNOWN}
    return move.to_json()
