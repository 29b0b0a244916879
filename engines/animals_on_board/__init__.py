"""Animals on Board (諾亞鬧方舟): hidden arks, a centre herd that only splits, Noah's pairs.

Rules: ``docs/rules/animals_on_board.md`` (seed text: the Swan Panasia
edition), options ``food_cap``, ``overflow_tiles``, ``removed_species``. The
state format is ``docs/formats/animals_on_board.md``.
"""

from __future__ import annotations

from engines.animals_on_board.advisor import Keep, Tally, best_keeps, legal_keeps, noah_pairs, tally
from engines.animals_on_board.catalog import CATALOG, SPECIES, SPECIES_NAMES, TILES
from engines.animals_on_board.moves import (
    Cut,
    Draw,
    Give,
    Merge,
    Pass,
    Remove,
    Reveal,
    Split,
    Take,
    parse_move,
)
from engines.animals_on_board.state import INFO, AnimalsOnBoardState, load_state, new_game
from engines.core import Game

State = AnimalsOnBoardState


GAME = Game(
    info=INFO,
    catalog=CATALOG,
    new_game=new_game,
    parse_move=parse_move,
    load_state=load_state,
)
"""Animals On Board's engine as ``engines.GAMES`` holds it."""


__all__ = [
    "CATALOG",
    "GAME",
    "INFO",
    "SPECIES",
    "SPECIES_NAMES",
    "TILES",
    "AnimalsOnBoardState",
    "Cut",
    "Draw",
    "Give",
    "Keep",
    "Merge",
    "Pass",
    "Remove",
    "Reveal",
    "Split",
    "State",
    "Take",
    "Tally",
    "best_keeps",
    "legal_keeps",
    "load_state",
    "new_game",
    "noah_pairs",
    "parse_move",
    "tally",
]
