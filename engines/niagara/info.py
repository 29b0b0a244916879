"""Niagara's identity and rule options (``docs/rules/niagara.md`` §1, §14)."""

from __future__ import annotations

from enum import StrEnum

from engines.core import GameInfo, RuleOption

INFO = GameInfo(
    id="niagara",
    names={"en": "Niagara", "zh-Hant": "尼加拉瓜"},
    min_players=3,
    max_players=5,
    options=(
        RuleOption(
            "arm_policy",
            "alternate",
            ("alternate", "random", "ask"),
            "which arm of the fork each flow step takes when the engine suggests or simulates it",
            {
                "alternate": "the opposite of the last arm, left first (seed: usually one "
                "left, one right)",
                "random": "left or right with equal chance each step",
                "ask": "no suggestion: the table enters each step (simulations draw at random)",
            },
        ),
        RuleOption(
            "gems_per_hollow",
            "7",
            ("7", "8"),
            "gems of its colour in each hollow at setup",
            {"7": "seven, the eighth of each colour is a spare", "8": "all eight"},
        ),
        RuleOption(
            "tiebreak",
            "shared",
            ("shared", "gem_value"),
            "what happens when several players meet a goal in the same round",
            {
                "shared": "they share the win (seed text)",
                "gem_value": "the highest summed gem value wins (violet 1 ... pink 5, BGA)",
            },
        ),
    ),
)


class Phase(StrEnum):
    """The phases of a round, then the end; the state document writes the value
    (``docs/formats/niagara.md``)."""

    CHOOSE = "choose"
    """Each player lays a paddle face down, in turn order from the life ring."""
    ACT = "act"
    """Each player reveals the paddle and acts, in the same order."""
    FLOW = "flow"
    """Chance: the river flows, one arm a step."""
    OVER = "over"
    """Someone met a goal: the outcome."""
