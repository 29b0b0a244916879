"""Animals on Board views: what each player may see of the table.

Hidden (``docs/rules/animals_on_board.md`` §5): the tiles on other players'
arks (their count is public), the setup draws, the centre's face-down tile,
the overflow when option ``overflow_tiles`` is ``face_down``, and the order
of the stacks. From the departure on every ark is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.animals_on_board.info import GAME_ID, Phase
from engines.animals_on_board.moves import LETTERS, Draw, Give, Split, Take
from engines.core import UNKNOWN, Move

if TYPE_CHECKING:
    from engines.animals_on_board.state import AnimalsOnBoardState

OPEN_PHASES = (Phase.REVEAL, Phase.CUT, Phase.OVER)
"""Phases in which the arks have departed and are shown."""


def view(state: AnimalsOnBoardState, player: str | None) -> dict[str, Any]:
    """The table as ``player`` sees it (``None``: the public table)."""
    seat = state.players.index(player) if player is not None else -1
    open_arks = state.phase in OPEN_PHASES
    overflow_open = state.options["overflow_tiles"] == "face_up"
    seats = []
    for i, name in enumerate(state.players):
        mine = i == seat
        entry: dict[str, Any] = {
            "player": name,
            "food": state.food[i],
            "tiles": len(state.holding(i)),
            "dropped": state.dropped[i],
            "start_flag": i == state.start,
            "hand": len(state.hands[i]),
        }
        if mine or open_arks:
            entry["ark"] = list(state.arks[i])
        if mine or open_arks or overflow_open:
            entry["overflow"] = list(state.overflow[i])
        if mine:
            entry["hand_tiles"] = list(state.hands[i])
        if open_arks:
            entry["cut"] = list(state.cut[i])
        seats.append(entry)
    centre = []
    for g, tiles in enumerate(state.groups):
        shown = list(tiles) + ([UNKNOWN] if g == state.down_group else [])
        centre.append({"group": g, "tiles": shown, "letters": LETTERS[: len(shown)]})
    out: dict[str, Any] = {
        "game": GAME_ID,
        "viewer": player,
        "phase": str(state.phase),
        "round": state.round,
        "to_move": state.to_move,
        "final_turn": state.final_turn,
        "options": dict(state.options),
        "players": seats,
        "centre": centre,
        "stack": len(state.stack) - state.unseen,
        "supply": state.supply,
        "removed": list(state.removed),
        "events": [e.to_json() for e in state.events],
    }
    if state.phase == Phase.CUT:
        advice = state.advice(state.turn)
        out["advice"] = [
            {
                "keep": list(k.tiles),
                "cut": list(k.cut_from(state.after_pairs(state.turn))),
                "points": k.points,
                "species": k.species,
            }
            for k in advice
        ]
    return out


def public_move(state: AnimalsOnBoardState, move: Move, viewer: str | None) -> dict[str, Any]:
    """``move`` as ``viewer`` sees it.

    A draw into another player's hand or face down, and a setup give, show
    ``?``; a split or a take lists the group's tiles (the face-down one as ``?``).
    """
    if isinstance(move, Draw) and state.draw_is_hidden():
        owner = state.players[state.turn] if state.phase == Phase.DEAL else None
        if viewer is None or viewer != owner:
            return Draw(UNKNOWN).to_json()
    if isinstance(move, Give) and (viewer is None or viewer != state.players[state.turn]):
        return {"type": Give.TYPE, "tiles": [UNKNOWN, UNKNOWN]}
    out = move.to_json()
    if isinstance(move, Split | Take) and state.check(move):
        out["tiles"] = [
            UNKNOWN if i == len(state.groups[move.group]) else t
            for i, t in enumerate(state.group_tiles(move.group))
        ]
    return out
