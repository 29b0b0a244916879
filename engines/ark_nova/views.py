"""What each player may see of an Ark Nova state, and of each move.

Everything in a zoo lies open on the table except the kept final-scoring
cards (hidden until the end); another player's hand is a count; in the turn
engine's flow the other players' final-scoring cards and the seeded deck are
counts, and what is owed carries the card's words (``docs/formats/ark_nova.md``
"Views").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.ark_nova import scoring
from engines.ark_nova.info import INFO, Ask
from engines.ark_nova.moves import Deal, KeepFinalScoring, SetBoard, SetZoo
from engines.ark_nova.turns import effect_words
from engines.core import UNKNOWN, Move

if TYPE_CHECKING:
    from engines.ark_nova.state import ArkNovaState


def view(state: ArkNovaState, player: str | None) -> dict[str, Any]:
    """Everything is public but the kept final-scoring cards, hidden until the end."""
    zoos: dict[str, Any] = {}
    for p, zoo in state.zoo_map.items():
        doc = zoo.to_json()
        doc["vp"] = scoring.victory_points(zoo.appeal, zoo.conservation)
        doc["target"] = scoring.target(zoo.conservation)
        if p != player and not state.finished:
            doc["final_scoring"] = len(zoo.final_scoring)
        zoos[p] = doc
    return {
        "game": INFO.id,
        "players": list(state.players),
        "options": dict(state.options),
        "viewer": player,
        "zoos": zoos,
        "trigger": state.trigger,
        "trigger_in_break": state.trigger_in_break,
        "final_turns": list(state.final_turns),
        "owed_final_turns": list(state.owed_final_turns()),
        "finished": state.finished,
        **_table_view(state, player),
        **({"flow": _flow_view(state, player)} if state.flow is not None else {}),
    }


def public_move(state: ArkNovaState, move: Move, viewer: str | None) -> dict[str, Any]:
    """``move`` (applied to ``state``) as ``viewer`` may see it: another player's dealt card,
    kept final-scoring card and hand are hidden."""
    if state.flow is not None and state.flow.pending and isinstance(move, Deal | KeepFinalScoring):
        item = state.flow.pending[0]
        if item.player and item.player != viewer and item.ask != Ask.DEAL_DISPLAY:
            if isinstance(move, Deal):
                return {"type": move.TYPE, "card": UNKNOWN}
            return {"type": move.TYPE, "player": move.player, "cards": len(move.cards)}
        if isinstance(move, Deal):
            return move.to_json()
    if isinstance(move, SetBoard) and move.player != viewer:
        return _public_board_move(move)
    if isinstance(move, KeepFinalScoring) and move.player != viewer:
        return {"type": move.TYPE, "player": move.player, "cards": len(move.cards)}
    if isinstance(move, SetZoo) and move.player != viewer:
        doc = dict(move.to_json())
        doc["zoo"] = {k: v for k, v in move.zoo.items() if k != "final_scoring"}
        return doc
    return move.to_json()


def _flow_view(state: ArkNovaState, viewer: str | None) -> dict[str, Any]:
    """The turn engine's table as ``viewer`` sees it: other players' final-scoring cards
    and the deck's contents are counts; what is owed names its player and kind only."""
    f = state.flow_
    doc = f.to_json(state.players)
    doc["deck"] = None if f.deck is None else len(f.deck)
    doc["final_deck"] = None if f.final_deck is None else len(f.final_deck)
    doc["final_hands"] = {
        p: list(h) if p == viewer or state.finished else len(h)
        for p, h in zip(state.players, f.final_hands, strict=True)
    }
    doc["pending"] = [
        {**item.to_json(), "words": effect_words(item)}
        if item.ask == Ask.EFFECT
        else item.to_json()
        for item in f.pending
    ]
    return doc


def _table_view(state: ArkNovaState, viewer: str | None) -> dict[str, Any]:
    """Boards and display as ``viewer`` sees them: another player's hand is a count."""
    boards: dict[str, Any] = {}
    for p, board in zip(state.players, state.boards, strict=True):
        doc = board.to_json()
        if p != viewer:
            doc["hand"] = len(board.hand)
        boards[p] = doc
    return {"boards": boards, "display": list(state.display)}


def _public_board_move(move: SetBoard) -> dict[str, Any]:
    """A ``board`` move as the other players see it: the hand as a count."""
    doc = move.to_json()
    hand = move.board.get("hand")
    if isinstance(hand, list | tuple):
        doc["board"] = {**move.board, "hand": len(hand)}
    return doc
