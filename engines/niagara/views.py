"""What each player may see of a Niagara position, and of each move.

Follows ``docs/rules/niagara.md`` §6: a paddle laid face down is hidden from
the other players until it is revealed; everything else on the table (canoes,
gems, banks, hands of paddles, the weather and the river) is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.core import Move
from engines.niagara import river
from engines.niagara.board import COLOURS, Canoe
from engines.niagara.info import Phase
from engines.niagara.moves import Choose

if TYPE_CHECKING:
    from engines.niagara.state import NiagaraState


def view(state: NiagaraState, player: str | None) -> dict[str, Any]:
    """What ``player`` sees (``None``: the public table): a paddle laid down shows as
    ``hidden`` to the others until it is revealed; the rest is public."""
    seats = []
    for seat, p in enumerate(state.players):
        chosen = state.chosen[seat]
        if chosen and player != p and chosen != "?":
            chosen = "hidden"
        seats.append(
            {
                "player": p,
                "canoes": [canoe_json(c) for c in state.canoes[seat]],
                "bank": state.banks[seat],
                "hand": state.hands[seat],
                "chosen": chosen,
                "revealed": state.revealed[seat],
            }
        )
    out = {
        "game": state.INFO.id,
        "viewer": player,
        "to_move": state.to_move,
        "phase": str(state.phase),
        "round": state.round,
        "life_ring": state.players[state.ring],
        "weather": state.weather,
        "last_arm": state.last_arm,
        "river": river_json(state.discs),
        "hollows": dict(zip(COLOURS, state.hollows, strict=True)),
        "seats": seats,
        "flow": {"steps": state.flow_total, "arms": state.flow_arms},
        "options": dict(state.options),
    }
    if state.phase == Phase.FLOW and state.options["arm_policy"] == "alternate":
        out["suggested_arm"] = river.suggested_arm(state.last_arm)
    return out


def public_move(state: NiagaraState, move: Move, viewer: str | None) -> dict[str, Any]:
    """A paddle laid face down shows as ``?`` to everyone but its owner."""
    if isinstance(move, Choose) and viewer != state.to_move:
        return Choose("?").to_json()
    return move.to_json()


def canoe_json(canoe: Canoe) -> dict[str, Any]:
    """A canoe as the views and the state document write it."""
    return {"slot": canoe.slot, "gem": canoe.gem}


def river_json(discs: tuple[int, ...]) -> dict[str, int]:
    """The river's discs by slot, as the views and the state document write them."""
    out = dict(zip(river.DISC_SLOTS, discs, strict=False))
    out["waiting"] = discs[river.WAITING]
    return out
