"""Every rule of Pond once: ``check(state, move)`` gives the verdict on a move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core import LEGAL, UNKNOWN, Move, Verdict
from tests.sixth.pond.catalog import CARDS, value
from tests.sixth.pond.info import Step
from tests.sixth.pond.moves import Deal, Play

if TYPE_CHECKING:
    from tests.sixth.pond.state import PondState


def check(state: PondState, move: Move) -> Verdict:
    """Whether ``move`` is legal in ``state`` (a game not over), and why not."""
    if isinstance(move, Deal):
        return _deal(state, move)
    if isinstance(move, Play):
        return _play(state, move)
    return Verdict.illegal("pond.unknown_move", f"{move} is not a move of Pond", move=str(move))


def _deal(state: PondState, move: Deal) -> Verdict:
    if state.step != Step.DEAL:
        player = state.players[state.seat_to_play()]
        return Verdict.illegal(
            "pond.wrong_step", f"no card is owed to a hand: {player} plays", player=player
        )
    if move.card == UNKNOWN:
        if state.table_mode:
            return LEGAL
        return Verdict.illegal(
            "pond.unseen", "a simulated game knows every card: name the one dealt"
        )
    if move.card not in state.unseen():
        return Verdict.illegal(
            "pond.not_in_deck",
            f"{move.card} is not in the deck: it is on the table or in a hand",
            card_id=move.card,
        )
    return LEGAL


def _play(state: PondState, move: Play) -> Verdict:
    if state.step != Step.PLAY:
        return Verdict.illegal("pond.deal_first", "a card is still owed to a hand: deal it first")
    seat = state.seat_to_play()
    player = state.players[seat]
    if move.card not in CARDS:
        return Verdict.illegal(
            "pond.no_such_card",
            f"there is no frog card {move.card}: the cards are F1 to F12",
            card=move.card,
        )
    hand = state.hands[seat]
    if move.card not in hand and not (UNKNOWN in hand and move.card in state.unseen()):
        return Verdict.illegal(
            "pond.not_in_hand",
            f"{player} does not hold {move.card}",
            card_id=move.card,
            player=player,
        )
    if state.pond:
        lead = state.pond[0]
        higher = [c for c in hand if c != UNKNOWN and value(c) > value(lead)]
        if value(move.card) < value(lead) and higher:
            return Verdict.illegal(
                "pond.must_beat",
                f"{move.card} is lower than the lead {lead}, and {player} holds "
                f"{min(higher, key=value)}, which beats it",
                card_id=move.card,
                lead_id=lead,
                higher_id=min(higher, key=value),
                player=player,
            )
    return LEGAL
