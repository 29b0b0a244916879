"""Plain summaries of the games for listings (web, CLI)."""

from __future__ import annotations

from typing import Any

import engines


def game_summaries() -> list[dict[str, Any]]:
    """One JSON-ready summary per game, in the registry's order."""
    return [m.GAME.to_json() for m in engines.GAMES.values()]
