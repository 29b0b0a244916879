"""Pond's identity, rule options and steps.

Pond (池塘) is the sixth game of ``docs/adding-a-game.md``: a game of the tests,
not shipped, as small as a game can be and still have every part the
companion handles. Two players; twelve frog cards valued 1 to 12. Two cards
are dealt to each hand (hidden from the other player); the leader lays a
card on the pond, the other follows, and must play higher than the lead when
they hold a higher card; the higher card takes the trick. Each trick's winner,
then its loser, draws a card while the deck lasts; the winner leads next. The
game ends when the hands are empty. Rule option ``scoring``: ``cards`` (a
trick scores the values of its two cards) or ``tricks`` (1 point per trick).
Tied players: whoever took the last trick wins.
"""

from __future__ import annotations

from enum import StrEnum

from engines.core import GameInfo, RuleOption

INFO = GameInfo(
    id="pond",
    names={"en": "Pond", "zh-Hant": "池塘"},
    min_players=2,
    max_players=2,
    options=(
        RuleOption(
            "scoring",
            "cards",
            ("cards", "tricks"),
            "What a trick scores.",
            {"cards": "the values of its two cards", "tricks": "1 point"},
        ),
    ),
)


class Step(StrEnum):
    """The steps of Pond's state machine."""

    DEAL = "deal"
    """Chance: the next card into a hand (at the start, and after each trick)."""
    PLAY = "play"
    """The player to move lays a card on the pond."""
    OVER = "over"
    """The hands are empty: the outcome."""
