"""The engine contract every game keeps (see ``docs/engines.md``).

Each game is a package ``engines/<game>/``; its state is an immutable
dataclass built on :class:`State`, its moves frozen dataclasses built on
:class:`Move`. The contract lives in small modules re-exported here:
:mod:`~engines.core.errors` (errors and verdicts),
:mod:`~engines.core.documents` (JSON documents and numbers read within
bounds), :mod:`~engines.core.info` (game info and rule options),
:mod:`~engines.core.moves` (moves and their reader),
:mod:`~engines.core.outcome` (scores and events),
:mod:`~engines.core.state` (the state base),
:mod:`~engines.core.setup` (players, options and seed of a new game),
:mod:`~engines.core.chance` (chance outcomes with their probabilities),
:mod:`~engines.core.components` (the catalog of physical pieces),
:mod:`~engines.core.game` (the typed :class:`Game` each engine registers) and
:mod:`~engines.core.registry` (the :class:`Registry` each upper layer keeps of
its adapters per game).

Pure Python, no I/O, no third-party imports: the whole rules layer is fast to
test and safe to import anywhere.
"""

from __future__ import annotations

from engines.core.chance import NO_CHANCE, ChanceOutcomes
from engines.core.components import PIECE_KINDS, Catalog, Component
from engines.core.documents import DocumentError, nesting, read_json, whole_number
from engines.core.errors import (
    LEGAL,
    EngineError,
    GameOver,
    IllegalMove,
    InvalidMove,
    InvalidSetup,
    InvalidState,
    Verdict,
)
from engines.core.game import Game, NewGame
from engines.core.info import CHANCE, LANGUAGES, UNKNOWN, GameInfo, RuleOption
from engines.core.moves import Move, MoveCodec, frozen, jsonable
from engines.core.outcome import Event, Outcome, ScoreLine, rank_players
from engines.core.registry import Registry
from engines.core.setup import SEED_LIMIT, Setup, check_seed
from engines.core.state import State, advance, play_random, read_member

__all__ = [
    "CHANCE",
    "LANGUAGES",
    "LEGAL",
    "NO_CHANCE",
    "PIECE_KINDS",
    "SEED_LIMIT",
    "UNKNOWN",
    "Catalog",
    "ChanceOutcomes",
    "Component",
    "DocumentError",
    "EngineError",
    "Event",
    "Game",
    "GameInfo",
    "GameOver",
    "IllegalMove",
    "InvalidMove",
    "InvalidSetup",
    "InvalidState",
    "Move",
    "MoveCodec",
    "NewGame",
    "Outcome",
    "Registry",
    "RuleOption",
    "ScoreLine",
    "Setup",
    "State",
    "Verdict",
    "advance",
    "check_seed",
    "frozen",
    "jsonable",
    "nesting",
    "play_random",
    "rank_players",
    "read_json",
    "read_member",
    "whole_number",
]
