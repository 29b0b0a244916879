"""Ark Nova's identity and rule options (``docs/rules/ark_nova.md`` §13).

Defaults follow the seed text where it is explicit; the other published
readings are the alternatives. ``mode`` chooses between the turn engine and a
recorded table.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from engines.core import GameInfo, RuleOption

INFO = GameInfo(
    id="ark_nova",
    names={"en": "Ark Nova", "zh-Hant": "方舟動物園"},
    min_players=2,
    max_players=4,
    options=(
        RuleOption(
            "final_scoring_printing",
            "first",
            ("first", "marine_worlds"),
            "Which printing of the final-scoring cards is in the box",
            {
                "first": "first printing (rulebook v1.0 thresholds)",
                "marine_worlds": "revised copies shipped with Marine Worlds",
            },
        ),
        RuleOption(
            "base_projects_face_up",
            "seed",
            ("seed", "rulebook"),
            "How many base conservation projects lie face up",
            {"seed": "4 for every player count", "rulebook": "4 with 4 players, else 3"},
        ),
        RuleOption(
            "mode",
            "turns",
            ("turns", "record"),
            "Whether the companion plays every turn or records the zoos as they lie",
            {
                "turns": "turn by turn: setup, the five actions, breaks and the end, checked",
                "record": "the table records each zoo; the companion checks builds and "
                "animals and scores the end",
            },
        ),
        RuleOption(
            "score_scale",
            "rulebook",
            ("rulebook", "plus_100"),
            "How the final score is shown",
            {"rulebook": "victory points (appeal minus target)", "plus_100": "VP + 100 (BGA)"},
        ),
    ),
)

RECORD: Mapping[str, str] = MappingProxyType({"mode": "record"})
"""The options of a recorded table (``mode`` ``record``): zoos as they lie, no turns."""


class Phase(StrEnum):
    """Where the game stands."""

    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


class Step(StrEnum):
    """Where a turn stands once its owed items are resolved."""

    ACTION = "action"
    """The player to move chooses an action."""
    AFTER = "after"
    """The action is done: refill the display."""
    TURN_END = "turn_end"
    """The display is refilled: a break, the end, or the next player."""
    BREAK = "break"
    """The break's hand-limit discards are done: the rest of the break."""
    NEXT = "next"
    """The turn (and any break) is over: the next player."""


class Ask(StrEnum):
    """What a pending item asks for."""

    START = "start"
    ROW = "row"
    DEAL_TILE = "deal_tile"
    DEAL_PROJECT = "deal_project"
    DEAL_DISPLAY = "deal_display"
    DEAL_HAND = "deal_hand"
    DEAL_FINAL = "deal_final"
    DISCARD = "discard"
    KEEP_FINAL = "keep_final"
    REWARD = "reward"
    EFFECT = "effect"
