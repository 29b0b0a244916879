"""Noah's identity and rule options (``docs/rules/noah.md`` §11).

Defaults follow the seed text where it is explicit; the other published
readings are the alternatives.
"""

from __future__ import annotations

from enum import StrEnum

from engines.core import GameInfo, RuleOption

INFO = GameInfo(
    id="noah",
    names={"en": "Noah", "zh-Hant": "挪亞方舟"},
    min_players=2,
    max_players=5,
    options=(
        RuleOption(
            "extra_turn",
            "couple",
            ("couple", "species"),
            "When playing a card earns another turn.",
            {
                "couple": "same species as the top card and the opposite gender (seed text)",
                "species": "same species as the top card, any gender (publisher, BGA)",
            },
        ),
        RuleOption(
            "noah_round_start",
            "keep",
            ("keep", "any"),
            "Where Noah starts rounds 2 and 3.",
            {"keep": "where the last round left him", "any": "on any ferry, chosen at the table"},
        ),
        RuleOption(
            "starting_snail_gender",
            "table",
            ("table", "random"),
            "The gender of a snail dealt face up onto a ferry at round start.",
            {"table": "the end facing up, entered at the table", "random": "drawn at random"},
        ),
        RuleOption(
            "round_start_tie",
            "table",
            ("table", "random"),
            "Who starts rounds 2 and 3 when several players have the most points.",
            {"table": "the table decides", "random": "drawn at random"},
        ),
        RuleOption(
            "end_at_26",
            "off",
            ("off", "on"),
            "How long the game lasts.",
            {"off": "exactly 3 rounds", "on": "until someone has 26 or more after a round"},
        ),
        RuleOption(
            "promo_cards",
            "none",
            ("none",),
            "Official promo cards (frog, crocodile, roommates ferry); none are in this engine.",
            {"none": "the base game's 47 animal cards"},
        ),
    ),
)


class Step(StrEnum):
    """The steps of Noah's state machine; the state document writes the value
    (``docs/formats/noah.md``). Each choice and each piece of chance is a move of
    its own step."""

    SETUP_FERRY = "ferry"
    """Chance: a face-up card dealt onto the next dock at round start."""
    SETUP_DEAL = "deal"
    """Chance: the next hand card."""
    SETUP_NOAH = "place"
    """Chance (a table input): the dock Noah starts on."""
    SETUP_FIRST = "first"
    """Chance (a table input): the round's start player."""
    PLAY = "play"
    """The player to move plays a card, or takes the ferry's cards."""
    STEAL = "steal"
    """Chance: the card the lion draws from its opponent's hand."""
    GIVEBACK = "giveback"
    """The lion's player gives one card back."""
    MOVE_NOAH = "noah"
    """The player moves Noah (none after a mule)."""
    GIFT = "gift"
    """After a departure, one card given to an opponent per card owed."""
    REVEAL = "reveal"
    """At a round end, the unknown cards of a hand named."""
    OVER = "over"
    """The game has ended: the outcome."""
