"""What each player may see of a Noah state, and of each move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.core import UNKNOWN, Move
from engines.noah.ferry import limit, required_gender, weight
from engines.noah.info import INFO, Step
from engines.noah.moves import Deal, Gift, GiveBack, Steal

if TYPE_CHECKING:
    from engines.noah.state import NoahState


def view(state: NoahState, player: str | None) -> dict[str, Any]:
    me = state.seat_of(player)
    hands: dict[str, Any] = {}
    for i, p in enumerate(state.players):
        hand = state.hands[i] if i < len(state.hands) else ()
        seen = i == me or (state.peek is not None and state.peek == (me, i))
        reveal_all = state.step == Step.OVER
        hands[p] = {
            "count": len(hand),
            "cards": list(hand) if (seen or reveal_all) else None,
        }
    docks: list[dict[str, Any]] = []
    for d, ferry in enumerate(state.docks):
        if ferry is None:
            docks.append({"dock": d, "ferry": False})
            continue
        docks.append(
            {
                "dock": d,
                "ferry": True,
                "cards": [{"card": c, "gender": g} for c, g in ferry],
                "weight": weight(ferry),
                "limit": limit(ferry),
                "next_gender": required_gender(ferry),
            }
        )
    return {
        "game": INFO.id,
        "viewer": player,
        "round": state.round,
        "step": str(state.step),
        "to_move": state.to_move,
        "active": state.players[state.active],
        "first": state.players[state.first] if state.first is not None else None,
        "noah": state.noah,
        "docks": docks,
        "reserve": state.reserve,
        "departures": list(state.departures),
        "departed": list(state.departed),
        "hands": hands,
        "undealt": state.undealt_count(),
        "played": state.played,
        "target": state.players[state.target] if state.target is not None else None,
        "gifts_left": state.gifts_left,
        "scores": dict(zip(state.players, state.scores, strict=True)),
        "round_tears": [list(t) for t in state.round_tears],
        "round_hands": [[list(h) for h in r] for r in state.round_hands],
        "options": dict(state.options),
    }


def public_move(state: NoahState, move: Move, viewer: str | None) -> dict[str, Any]:
    secret_to: tuple[int | None, ...] = ()
    if isinstance(move, Deal):
        secret_to = (state.dealt % len(state.players),)
    elif isinstance(move, Steal | GiveBack):
        secret_to = (state.active, state.target)
    elif isinstance(move, Gift):
        secret_to = (state.active, state.seat_of(move.to))
    else:
        return move.to_json()
    if state.seat_of(viewer) in secret_to:
        return move.to_json()
    hidden = move.to_json()
    hidden["card"] = UNKNOWN
    return hidden
