"""Noah (挪亞方舟), Cathala & Maublanc 2012: the rules engine and its pieces.

Rules: ``docs/rules/noah.md``; seed text ``001_be788f962c07f759.txt``.
State and move JSON: ``docs/formats/noah.md``.
"""

from __future__ import annotations

from engines.core import Game
from engines.noah.catalog import CARD_BY_ID, CARDS, CATALOG, SPECIES, deck_for
from engines.noah.ferry import limit, required_gender, weight
from engines.noah.moves import (
    Deal,
    FerryCard,
    First,
    Gift,
    GiveBack,
    MoveNoah,
    PlaceNoah,
    Play,
    Reveal,
    Steal,
    TakeFerry,
    parse_move,
)
from engines.noah.state import INFO, NoahState, load_state, new_game

State = NoahState


GAME = Game(
    info=INFO,
    catalog=CATALOG,
    new_game=new_game,
    parse_move=parse_move,
    load_state=load_state,
)
"""Noah's engine as ``engines.GAMES`` holds it."""


__all__ = [
    "CARDS",
    "CARD_BY_ID",
    "CATALOG",
    "GAME",
    "INFO",
    "SPECIES",
    "Deal",
    "FerryCard",
    "First",
    "Gift",
    "GiveBack",
    "MoveNoah",
    "NoahState",
    "PlaceNoah",
    "Play",
    "Reveal",
    "State",
    "Steal",
    "TakeFerry",
    "deck_for",
    "limit",
    "load_state",
    "new_game",
    "parse_move",
    "required_gender",
    "weight",
]
