"""Rules engines for the five games, all keeping one contract (``docs/engines.md``).

``GAMES`` maps a game id to its :class:`~engines.core.Game`: info, catalog,
``new_game``, ``parse_move``, ``load_state`` and the optional hooks.
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

GAMES: dict[str, Game] = {
    g.id: g for g in (m.GAME for m in (noah, animals_on_board, hare_tortoise, niagara, ark_nova))
}


def game(game_id: str) -> Game:
    """The engine of ``game_id``.

    Raises:
        InvalidSetup: no such game.
    """
    try:
        return GAMES[game_id]
    except KeyError:
        raise InvalidSetup(f"unknown game {game_id!r}; choose one of {', '.join(GAMES)}") from None


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
]
