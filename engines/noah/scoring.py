"""Noah: tears at the end of a round, the end of the game, and its outcome.

Follows ``docs/rules/noah.md`` §7 (seed text ``001_be788f962c07f759.txt``):
each player adds the tears on the cards left in hand (an empty hand scores 0),
the game lasts 3 rounds, the fewest tears in total win and tied players share
the win. Rule option ``end_at_26`` (§11) instead ends the game after the round
in which someone reaches 26 or more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import Event, Outcome, ScoreLine, rank_players
from engines.noah.catalog import CARD_BY_ID

ROUNDS, END_SCORE = 3, 26


def hand_tears(hands: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """The tears on the cards in each hand."""
    return tuple(sum(CARD_BY_ID[c].tears for c in h) for h in hands)


def round_end_event(
    round_no: int,
    players: Sequence[str],
    hands: Sequence[Sequence[str]],
    tears: Sequence[int],
) -> Event:
    """The event that says what each player's hand scored this round."""
    text = ", ".join(f"{p} {t}" for p, t in zip(players, tears, strict=True))
    return Event(
        "round_end",
        f"round {round_no} ends; tears this round: {text}",
        {
            "round": round_no,
            "tears": dict(zip(players, tears, strict=True)),
            "hands": {p: list(h) for p, h in zip(players, hands, strict=True)},
        },
    )


def game_ends(options: Mapping[str, Any], round_no: int, scores: Sequence[int]) -> bool:
    """Whether the game ends after round ``round_no`` with these total scores."""
    if options["end_at_26"] == "on":
        return max(scores) >= END_SCORE
    return round_no >= ROUNDS


def final_outcome(
    players: Sequence[str],
    scores: Sequence[int],
    round_tears: Sequence[Sequence[int]],
    round_hands: Sequence[Sequence[Sequence[str]]],
) -> Outcome:
    """The outcome of a finished game: each round's tears, the fewest in total wins.

    Args:
        players: The players in seat order.
        scores: Each player's total tears.
        round_tears: Per finished round, each player's tears.
        round_hands: Per finished round, each player's hand when it ended (the breakdown
            names the cards; a round without hands is shown without them).
    """
    breakdown: dict[str, tuple[ScoreLine, ...]] = {}
    for i, p in enumerate(players):
        lines = []
        for r, tears in enumerate(round_tears):
            hand = round_hands[r][i] if r < len(round_hands) else ()
            detail = ", ".join(
                f"{CARD_BY_ID[c].species.en} {c} ({CARD_BY_ID[c].tears})" for c in hand
            )
            lines.append(
                ScoreLine(
                    f"round {r + 1}",
                    tears[i],
                    f"tears in hand: {detail}" if detail else "empty hand: no tears",
                    "noah.round",
                    {"round": r + 1, "tears": tears[i], "cards": list(hand)},
                )
            )
        breakdown[p] = tuple(lines)
    total = dict(zip(players, scores, strict=True))
    ranking = rank_players(players, key=lambda p: total[p], reverse=False)
    tiebreak = ""
    if len(ranking[0]) > 1:
        tiebreak = "tied for the fewest tears: " + " and ".join(ranking[0]) + " share the win"
    return Outcome(total, breakdown, ranking, tiebreak, higher_wins=False)
