"""Ark Nova (base game, Map A): exact final scores from the zoos on the table.

Rules text: ``docs/rules/ark_nova.md`` (seed ``002_d4ebc6ce59aa2949.txt``).
Not yet a turn engine (``INFO.turn_engine`` is False): the state holds one
zoo per player; moves record zoo facts and the final round; ``outcome()``
scores every zoo with a line-by-line breakdown. The Build and Animals actions,
the X-token action, the Cards action's snap and the break's hand limit are
checked at the table (``actions``, ``build``, ``animals``). Options:
``final_scoring_printing`` (``first`` | ``marine_worlds``),
``base_projects_face_up`` (``seed`` | ``rulebook``), ``score_scale``
(``rulebook`` | ``plus_100``). State format: ``docs/formats/ark_nova.md``.
"""

from __future__ import annotations

from engines.ark_nova.actions import (
    AnimalsAction,
    BreakDiscard,
    BuildAction,
    SetBoard,
    SetDisplay,
    Snap,
    XTokenAction,
)
from engines.ark_nova.catalog import CATALOG
from engines.ark_nova.playout import playout_move
from engines.ark_nova.state import (
    INFO,
    RECORD,
    ArkNovaState,
    FinalTurn,
    KeepFinalScoring,
    SetZoo,
    load_state,
    new_game,
    parse_move,
)
from engines.core import Game

GAME = Game(
    info=INFO,
    catalog=CATALOG,
    new_game=new_game,
    parse_move=parse_move,
    load_state=load_state,
    playout_move=playout_move,
)
"""Ark Nova's engine as ``engines.GAMES`` holds it."""


__all__ = [
    "CATALOG",
    "GAME",
    "INFO",
    "RECORD",
    "AnimalsAction",
    "ArkNovaState",
    "BreakDiscard",
    "BuildAction",
    "FinalTurn",
    "KeepFinalScoring",
    "SetBoard",
    "SetDisplay",
    "SetZoo",
    "Snap",
    "XTokenAction",
    "load_state",
    "new_game",
    "parse_move",
]
