"""The typed game object each engine registers once in ``engines.GAMES``.

A :class:`Game` says what a game is (its info and catalog) and how to start,
read and load it; optional hooks are fields that are ``None`` when the game
has none, so callers never probe a module for names.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engines.core.components import Catalog
from engines.core.info import GameInfo
from engines.core.moves import Move
from engines.core.state import State


class NewGame(Protocol):
    """``new_game(players, *, options=None, seed=None)``: a game at its first move."""

    def __call__(
        self,
        players: Sequence[str],
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> State: ...


PlayoutMove = Callable[[State, random.Random], Move]
"""A legal move for simulations, for a game whose uniformly random play does not end."""

Advice = Callable[[State, str], dict[str, Any] | None]
"""What the companion can tell a player before choosing (JSON-ready), or None."""


@dataclass(frozen=True)
class Game:
    """One game's engine, as every upper layer finds it.

    Attributes:
        info: id, names, player range and rule options.
        catalog: every physical piece with a stable id.
        new_game: a new state (raises ``InvalidSetup``).
        parse_move: a move from a JSON dict, JSON text or notation (raises
            ``InvalidMove``).
        load_state: a state from its JSON document (raises ``InvalidState``).
        playout_move: optional simulation policy (contract playouts, benches).
        advice: optional advice for the player to move (Niagara's falls forecast).
    """

    info: GameInfo
    catalog: Catalog
    new_game: NewGame
    parse_move: Callable[[Any], Move]
    load_state: Callable[[Any], State]
    playout_move: PlayoutMove | None = None
    advice: Advice | None = None

    @property
    def id(self) -> str:
        return self.info.id
