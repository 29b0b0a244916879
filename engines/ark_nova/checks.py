"""Ark Nova: whether a move is legal now, and why not (a stable code and a sentence).

Rules text: ``docs/rules/ark_nova.md``. A game played turn by turn is checked by
``turns`` (what is owed, then the actions of the player whose turn it is); a
recorded table by ``actions`` (Build, Animals, X-token, snap, break discards,
boards and display) and here: a zoo read from JSON, the kept final-scoring cards
and the final round (§5: after the trigger every other player takes one more
turn, every player after a trigger in a break).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engines.ark_nova import actions, moves, turns
from engines.ark_nova.cards import FINAL_SCORING
from engines.ark_nova.moves import FinalTurn, KeepFinalScoring, SetZoo
from engines.ark_nova.zoo import Zoo
from engines.core import LEGAL, Move, Verdict

if TYPE_CHECKING:
    from engines.ark_nova.state import ArkNovaState


def check(state: ArkNovaState, move: Move) -> Verdict:
    """The verdict on ``move`` while the game is not over (``ArkNovaState._check``)."""
    player = getattr(move, "player", None)
    if player is not None and player not in state.players:
        return Verdict.illegal(
            "ark_nova.unknown_player",
            f"{player!r} is not at this table ({', '.join(state.players)})",
            player=str(player),
            players=list(state.players),
        )
    if state.flow is not None:
        return turns.check(state, move)
    if isinstance(move, moves.SetDisplay):
        return actions.check(state, move)
    if player is None:
        return Verdict.illegal(
            "ark_nova.unknown_move",
            f"{move.notation()} is not a move of a recorded table (it is played turn by turn)",
        )
    if isinstance(move, moves.ACTION_MOVES):
        return actions.check(state, move)
    if isinstance(move, SetZoo):
        try:
            Zoo.from_json(move.zoo)
        except ValueError as exc:
            return Verdict.illegal("ark_nova.bad_zoo", f"{player}'s zoo: {exc}", player=player)
        return LEGAL
    if isinstance(move, KeepFinalScoring):
        return _check_keep(state, move)
    if isinstance(move, FinalTurn):
        return _check_final_turn(state, move)
    return Verdict.illegal("ark_nova.unknown_move", f"{move!r} is not an Ark Nova move")


def _check_keep(state: ArkNovaState, move: KeepFinalScoring) -> Verdict:
    for card in move.cards:
        if card not in FINAL_SCORING:
            return Verdict.illegal(
                "ark_nova.unknown_card",
                f"there is no final-scoring card {card!r} ('001' to '011')",
                card=card,
            )
    try:
        replace(state.zoo(move.player), final_scoring=move.cards)
    except ValueError as exc:
        return Verdict.illegal(
            "ark_nova.final_scoring", f"{move.player}: {exc}", player=move.player
        )
    return LEGAL


def _check_final_turn(state: ArkNovaState, move: FinalTurn) -> Verdict:
    if state.trigger is None:
        return Verdict.illegal(
            "ark_nova.no_final_round",
            "no zoo has reached its target yet, so there is no final round",
        )
    if move.player in state.final_turns:
        return Verdict.illegal(
            "ark_nova.final_turn_taken",
            f"{move.player} has already taken their last turn",
            player=move.player,
        )
    if move.player not in state.owed_final_turns():
        return Verdict.illegal(
            "ark_nova.trigger_player",
            f"{move.player} triggered the end outside a break and takes no further turn",
            player=move.player,
        )
    return LEGAL
