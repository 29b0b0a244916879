"""Noah's identity and rule options (``docs/rules/noah.md`` §11).

Defaults follow the seed text where it is explicit; the other published
readings are the alternatives.
"""

from __future__ import annotations

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
