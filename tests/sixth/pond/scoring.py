"""Pond's final scores: the tricks each player took, and the last trick as tie-break."""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Outcome, ScoreLine, rank_players
from tests.sixth.pond.catalog import value


def final_outcome(
    players: Sequence[str], won: Sequence[Sequence[str]], last: int | None, scoring: str
) -> Outcome:
    """The outcome from each seat's won cards (two a trick) and the seat that took the last
    trick (None when it is not known: tied players then share the place).

    Args:
        players: the players in seat order.
        won: per seat, the cards of the tricks it took.
        last: the seat that took the last trick.
        scoring: the ``scoring`` option, ``cards`` or ``tricks``.
    """
    scores: dict[str, int] = {}
    breakdown: dict[str, tuple[ScoreLine, ...]] = {}
    last_name = None if last is None else players[last]
    for seat, player in enumerate(players):
        cards = list(won[seat])
        if scoring == "cards":
            points = sum(value(c) for c in cards)
            shown = ", ".join(f"{c} ({value(c)})" for c in cards) or "none"
            line = ScoreLine("cards won", points, shown, "pond.cards", {"cards": cards})
        else:
            points = len(cards) // 2
            line = ScoreLine(
                "tricks won", points, f"{points} tricks", "pond.tricks", {"tricks": points}
            )
        tie = ScoreLine(
            "last trick (tie-break)",
            0,
            "took the last trick" if last == seat else "",
            "pond.last_trick",
            {"last": last_name},
        )
        scores[player] = points
        breakdown[player] = (line, tie)
    ranking = rank_players(players, lambda p: (scores[p], p == last_name))
    top = [p for p in players if scores[p] == max(scores.values())]
    tiebreak = ""
    if len(top) > 1:
        tiebreak = (
            f"tied on {scores[top[0]]}: {last_name} took the last trick"
            if last_name in top
            else f"tied on {scores[top[0]]}: " + " and ".join(top) + " share the place"
        )
    return Outcome(scores, breakdown, ranking, tiebreak)
