"""The Hare and the Tortoise (Gun-Hee Kim, Iello 2014): card play, race phases, bets.

Follows ``docs/rules/hare_tortoise.md`` (seed text
``docs/rules/seeds/003_9a6d2c2d3064ebe6.txt``) with its rule options ``howl``
(``next_phase`` by default, ``this_phase``), ``lamb_zero_cards`` (``0`` by
default, ``1``), ``stream_positions`` (``table`` by default, ``random``) and
``race`` (``auto`` by default: the engine moves the pawns; ``by_hand``: the
player who triggered a race phase moves them with a ``race`` move, and a pawn
put on the wrong spot is refused, e.g. ``hare_tortoise.lamb_stream``).
The "+2" speed-token variant is not implemented (spec §10). The JSON format is
documented in ``docs/formats/hare_tortoise.md``.
"""

from __future__ import annotations

from engines.core import Game
from engines.hare_tortoise.catalog import CATALOG
from engines.hare_tortoise.info import INFO
from engines.hare_tortoise.moves import MOVE_KINDS, parse_move, track_from_tiles
from engines.hare_tortoise.state import HareState, load_state, new_game

GAME = Game(
    info=INFO,
    catalog=CATALOG,
    new_game=new_game,
    parse_move=parse_move,
    load_state=load_state,
)
"""Hare Tortoise's engine as ``engines.GAMES`` holds it."""


__all__ = [
    "CATALOG",
    "GAME",
    "INFO",
    "MOVE_KINDS",
    "HareState",
    "load_state",
    "new_game",
    "parse_move",
    "track_from_tiles",
]
