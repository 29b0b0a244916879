"""Plain summaries of the games and their pieces for listings (web, CLI)."""

from __future__ import annotations

from functools import cache
from typing import Any

import engines


def game_summaries() -> list[dict[str, Any]]:
    """One JSON-ready summary per game, in the registry's order."""
    return [m.info.to_json() for m in engines.GAMES.values()]


@cache
def _pieces(game_id: str) -> dict[str, Any]:
    return {c.id: c for c in engines.game(game_id).catalog}


def piece(game_id: str, piece_id: str) -> dict[str, Any] | None:
    """A piece of ``game_id``'s catalog as ``{"id", "kind", "names", "data"}``, or None."""
    comp = _pieces(game_id).get(piece_id)
    if comp is None:
        return None
    return {"id": comp.id, "kind": comp.kind, "names": dict(comp.names), "data": dict(comp.data)}


def piece_name(game_id: str, piece_id: str, lang: str = "en") -> str | None:
    """The display name of a piece in ``lang`` (English when missing), or None."""
    comp = _pieces(game_id).get(piece_id)
    if comp is None:
        return None
    return str(comp.names.get(lang) or comp.names["en"])
