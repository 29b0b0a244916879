"""Game-level operations the CLI and the web app share: new, moves, check, apply, score.

Each takes and returns plain JSON-ready data, so callers never touch engine
internals. The engine names the web needs (errors, ``CHANCE``, the ``Registry`` a
layer keeps of its adapters) come from here too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import engines
from engines.core import (
    CHANCE,
    UNKNOWN,
    DocumentError,
    EngineError,
    IllegalMove,
    InvalidMove,
    InvalidSetup,
    InvalidState,
    Registry,
    State,
    advance,
    read_json,
    whole_number,
)

__all__ = [
    "CHANCE",
    "UNKNOWN",
    "DocumentError",
    "EngineError",
    "IllegalMove",
    "InvalidMove",
    "InvalidSetup",
    "InvalidState",
    "Registry",
    "State",
    "advice",
    "apply",
    "game",
    "load",
    "new_state",
    "notation",
    "read_json",
    "score",
    "whole_number",
]


def game(game_id: str) -> engines.Game:
    """The engine of ``game_id`` (raises ``InvalidSetup`` when unknown)."""
    return engines.game(game_id)


def new_state(
    game_id: str,
    players: Sequence[str],
    *,
    options: Mapping[str, str] | None = None,
    seed: int | None = None,
) -> State:
    """A new game; a seeded one is advanced through its opening chance points."""
    state: State = game(game_id).new_game(list(players), options=options, seed=seed)
    return advance(state)


def load(game_id: str, document: Any) -> State:
    """A state of ``game_id`` from its JSON document, as text, bytes or parsed.

    Text is read once here within the bounds of ``engines.core.documents`` (depth,
    digits, finite numbers, UTF-8), so no engine sees a document Python's ``json``
    would answer with a ``RecursionError`` or a ``ValueError`` of its own.

    Raises:
        InvalidState: the document cannot be read, or is not a state of ``game_id``.
    """
    if isinstance(document, str | bytes):
        try:
            document = read_json(document)
        except DocumentError as exc:
            raise InvalidState(f"the state cannot be read: {exc}") from exc
    state: State = game(game_id).load_state(document)
    return state


def apply(state: State, move_text: Any) -> State:
    """Apply a move given as JSON or notation; a seeded game then resolves its chance."""
    move = game(state.INFO.id).parse_move(move_text)
    return advance(state.apply(move))


def score(state: State) -> dict[str, Any]:
    """The outcome as JSON, or what is still needed before the game can be scored."""
    outcome = state.outcome()
    if outcome is None:
        return {
            "over": False,
            "to_move": state.to_move,
            "message": "the game is not over yet; no final score",
        }
    return {"over": True, **outcome.to_json()}


def advice(state: State, player: str) -> dict[str, Any] | None:
    """What the companion can tell ``player`` before choosing, as JSON, or None.

    The game's own ``advice`` hook (Niagara: the falls forecast, each legal
    action with the survival chance of each of the player's canoes).
    """
    hook = game(state.INFO.id).advice
    return hook(state, player) if hook is not None else None


def notation(game_id: str, move_json: Mapping[str, Any]) -> str:
    """The text notation of a move given as JSON.

    A move as another player sees it (``public_move``) may not parse: then its
    type and plain fields are written out, and hidden pieces show as ``?``.
    """
    try:
        return str(game(game_id).parse_move(dict(move_json)).notation())
    except EngineError:
        parts = [str(move_json.get("type", "?"))]
        for key, value in move_json.items():
            if key == "type" or value is None:
                continue
            if isinstance(value, list | tuple):
                value = " ".join(str(v) for v in value)
            elif isinstance(value, Mapping):
                value = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
            parts.append(f"{key} {value}")
        return " · ".join(parts)
