"""Rules engines for the five games, all keeping one contract (``docs/engines.md``).

``GAMES`` maps a game id to its :class:`~engines.core.Game`: info, catalog,
``new_game``, ``parse_move``, ``load_state`` and the optional hooks. The five
games are registered here; a game from elsewhere (the test game of
``docs/adding-a-game.md``) joins them with :func:`register`.
"""

from __future__ import annotations

from engines import animals_on_board, ark_nova, hare_tortoise, niagara, noah
from engines.core import (
    CHANCE,
    LEGAL,
    UNKNOWN,
    Catalog,
    Component,
    EngineError,
    Event,
    Game,
    GameInfo,
    GameOver,
    IllegalMove,
    InvalidMove,
    InvalidSetup,
    InvalidState,
    Move,
    Outcome,
    RuleOption,
    ScoreLine,
    State,
    Verdict,
    advance,
    play_random,
)

GAMES: dict[str, Game] = {}
"""Every game's engine by game id, in the order registered (the five, then any other)."""


def register(engine: Game) -> Game:
    """Add a game's engine to ``GAMES``: once per game.

    Raises:
        ValueError: a game of that id is registered already.
    """
    if engine.id in GAMES:
        raise ValueError(f"a game {engine.id!r} is registered already; a game registers once")
    GAMES[engine.id] = engine
    return engine


register(noah.GAME)
register(animals_on_board.GAME)
register(hare_tortoise.GAME)
register(niagara.GAME)
register(ark_nova.GAME)


def game(game_id: str) -> Game:
    """The engine of ``game_id``.

    Raises:
        InvalidSetup: no such game.
    """
    try:
        return GAMES[game_id]
    except KeyError:
        raise InvalidSetup(
            f"unknown game {game_id!r}; choose one of {', '.join(GAMES)}",
            code="setup.unknown_game",
            params={"game": game_id},
        ) from None


__all__ = [
    "CHANCE",
    "GAMES",
    "LEGAL",
    "UNKNOWN",
    "Catalog",
    "Component",
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
    "Outcome",
    "RuleOption",
    "ScoreLine",
    "State",
    "Verdict",
    "advance",
    "game",
    "play_random",
    "register",
]
