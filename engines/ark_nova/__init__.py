"""Ark Nova (base game, Map A): the whole game turn by turn, checked and scored.

Rules text: ``docs/rules/ark_nova.md`` (seed ``002_d4ebc6ce59aa2949.txt``).
A turn engine (``INFO.turn_engine``): setup dealt by the table or the seed,
the five action cards at every strength on both sides with X-tokens, the
association, sponsors, track rewards, breaks with income and the end at the
moment the markers meet (``flow``, ``turns``, ``association``,
``sponsoring``); card effects as data (``effects``): what the engine does not
resolve is asked of the table with the card's words. Final scores with a
line-by-line breakdown (``scoring``, ``endgame``), the quick score of a game
played off the app (``quick``) and, with option ``mode=record``, a table that
records its zoos as they lie. Options: ``mode`` (``turns`` | ``record``),
``final_scoring_printing`` (``first`` | ``marine_worlds``),
``base_projects_face_up`` (``seed`` | ``rulebook``), ``score_scale``
(``rulebook`` | ``plus_100``). State format: ``docs/formats/ark_nova.md``.
"""

from __future__ import annotations

from engines.ark_nova.catalog import CATALOG
from engines.ark_nova.info import INFO, RECORD
from engines.ark_nova.moves import (
    AnimalsAction,
    BreakDiscard,
    BuildAction,
    SetBoard,
    SetDisplay,
    Snap,
    XTokenAction,
)
from engines.ark_nova.playout import playout_move
from engines.ark_nova.state import (
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
