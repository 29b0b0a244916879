"""Animals on Board: the game's identity and rule options, and the wording of refusals.

Options follow ``docs/rules/animals_on_board.md`` §11: the seed text's
reading is the default, the other published reading a named choice.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from engines.core import GameInfo, RuleOption, Verdict

GAME_ID = "animals_on_board"

INFO = GameInfo(
    id=GAME_ID,
    names={"en": "Animals on Board", "zh-Hant": "諾亞鬧方舟"},
    min_players=2,
    max_players=4,
    options=(
        RuleOption(
            "food_cap",
            "return_then_take",
            ("return_then_take", "drop_to_four"),
            "A player holding 5 food splits a group.",
            {
                "return_then_take": "return one crate, take one: stay at 5 (seed text)",
                "drop_to_four": "return one crate: drop to 4 (BBLOG's reading)",
            },
        ),
        RuleOption(
            "overflow_tiles",
            "face_up",
            ("face_up", "face_down"),
            "Tiles beyond the tenth on an ark.",
            {
                "face_up": "lie face up in front of the ark, public (seed text)",
                "face_down": "lie face down, hidden like the ark",
            },
        ),
        RuleOption(
            "removed_species",
            "chosen",
            ("chosen", "random"),
            "The species left out with 2 or 3 players.",
            {
                "chosen": "the players choose them; the start player enters them",
                "random": "drawn by chance (the table, or a seeded game's generator)",
            },
        ),
    ),
)


class Phase(StrEnum):
    """The phases of a game, in order; the state document writes the value
    (``docs/formats/animals_on_board.md``)."""

    REMOVE = "remove"
    """2 or 3 players: the species left out (the start player, or chance)."""
    DEAL = "deal"
    """Chance: the setup draws, 3 per seat."""
    GIVE = "give"
    """Each player gives two of the three drawn tiles to the centre."""
    REFILL = "refill"
    """Chance: the centre filled to its face-up count, then one tile face down."""
    PLAY = "play"
    """A player splits a group, takes one or passes."""
    REVEAL = "reveal"
    """The departure of a table game: a hidden tile on an ark named."""
    CUT = "cut"
    """The departure: an ark of more than 10 tiles cut to 10."""
    OVER = "over"
    """The arks have sailed: the outcome."""


ILLEGAL = GAME_ID + "."


def illegal(code: str, reason: str, **params: Any) -> Verdict:
    """A refusal with the stable code ``animals_on_board.<code>`` and its ``params``."""
    return Verdict.illegal(ILLEGAL + code, reason, **params)


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 tile``, ``3 tiles`` (``words`` for an irregular plural)."""
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"
