"""What The Hare and the Tortoise is: names, player range and the rule options of §11.

Defaults follow ``docs/rules/hare_tortoise.md`` §11: the seed text where it
is explicit (``howl = next_phase``), otherwise the best-confirmed reading.
"""

from __future__ import annotations

from enum import StrEnum

from engines.core import GameInfo, RuleOption

INFO = GameInfo(
    id="hare_tortoise",
    names={"en": "The Hare and the Tortoise", "zh-Hant": "龜兔賽跑"},
    min_players=2,
    max_players=5,
    options=(
        RuleOption(
            "howl",
            "next_phase",
            ("next_phase", "this_phase"),
            "which race phase a wolf howl card makes wolf-only",
            {
                "next_phase": "the following race phase (seed text)",
                "this_phase": "the race phase these cards trigger (publisher blurb)",
            },
        ),
        RuleOption(
            "lamb_zero_cards",
            "0",
            ("0", "1"),
            "how far the lamb moves with no lamb card on the table",
            {"0": "it stays", "1": "1 space (cards + 1 read literally)"},
        ),
        RuleOption(
            "stream_positions",
            "table",
            ("table", "random"),
            "where the two stream tiles lie",
            {
                "table": "entered from the laid track",
                "random": "drawn by a simulated (seeded) game",
            },
        ),
        RuleOption(
            "race",
            "auto",
            ("auto", "by_hand"),
            "who moves the pawns in a race phase",
            {
                "auto": "the engine, when the last refill card is drawn",
                "by_hand": "the player who triggered it, with one race move the engine checks",
            },
        ),
    ),
)


class Phase(StrEnum):
    """The phases of a game, in order; the state document writes the value
    (``docs/formats/hare_tortoise.md``)."""

    BETS = "bets"
    """Chance: the starting bet cards dealt, one a move."""
    TRACK = "track"
    """Chance: the two stream positions of the laid track."""
    DEAL = "deal"
    """Chance: seven race cards dealt to each player, one a move."""
    KEEP = "keep"
    """Each player sets one race card aside as the second bet."""
    PLAY = "play"
    """A player's turn: 1 to 4 race cards of one animal."""
    REFILL = "refill"
    """Chance: the hand drawn back to six; a race phase runs when it is full."""
    RACE = "race"
    """Option ``race = by_hand``: the player who triggered it moves the pawns."""
    REVEAL = "reveal"
    """Chance: the table turns up the bets it only knows as ``?``."""
    OVER = "over"
    """Three animals on the podium and every bet known: the outcome."""
