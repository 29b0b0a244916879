"""Pond (池塘): the sixth game, a game of the tests (``docs/adding-a-game.md``).

An engine in the one layout of ``docs/engines.md``: ``info`` (the rules, the
option, the steps), ``catalog``, ``moves``, ``state``, ``checks``, ``scoring``,
``views``, ``storage``, and ``tricks`` (who takes a trick, shared by the state,
the checks and the camera's table model). It is pure Python, as an engine
under ``engines/`` would be.
"""

from __future__ import annotations

from engines.core import Game
from tests.sixth.pond.catalog import CARDS, CATALOG
from tests.sixth.pond.info import INFO, Step
from tests.sixth.pond.moves import Deal, Play, parse_move
from tests.sixth.pond.state import PondState, load_state, new_game

GAME = Game(
    info=INFO,
    catalog=CATALOG,
    new_game=new_game,
    parse_move=parse_move,
    load_state=load_state,
)
"""Pond's engine, for ``engines.register``."""

__all__ = [
    "CARDS",
    "CATALOG",
    "GAME",
    "INFO",
    "Deal",
    "Play",
    "PondState",
    "Step",
    "load_state",
    "new_game",
    "parse_move",
]
