"""Animals on Board's state document (format 1, ``docs/formats/animals_on_board.md``).

The game fields are the state's own fields, written as JSON; reading them
back checks the conservation of tiles and food (``integrity``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engines.animals_on_board.info import GAME_ID, Phase
from engines.core import InvalidState, State, jsonable, read_member

if TYPE_CHECKING:
    from engines.animals_on_board.state import AnimalsOnBoardState

_COMMON_FIELDS = frozenset(f.name for f in dataclasses.fields(State))
"""Fields every state writes in the JSON header (``State.to_json``)."""


def body_json(state: AnimalsOnBoardState) -> dict[str, Any]:
    """The game fields of the state document: every field of the state, as JSON."""
    return {
        f.name: jsonable(getattr(state, f.name))
        for f in dataclasses.fields(state)
        if f.name not in _COMMON_FIELDS
    }


def from_body(
    cls: type[AnimalsOnBoardState], common: dict[str, Any], body: Mapping[str, Any]
) -> AnimalsOnBoardState:
    """A state from the common fields and the game fields; tiles and food must add up."""

    def tiles(value: Any) -> tuple[str, ...]:
        return tuple(str(t) for t in value)

    def per_seat(value: Any) -> tuple[tuple[str, ...], ...]:
        return tuple(tiles(v) for v in value)

    down_tile = body["down_tile"]
    state = cls(
        **common,
        phase=read_member(Phase, body["phase"], "phase"),
        round=int(body["round"]),
        removed=tiles(body["removed"]),
        stack=tiles(body["stack"]),
        unseen=int(body["unseen"]),
        hands=per_seat(body["hands"]),
        arks=per_seat(body["arks"]),
        overflow=per_seat(body["overflow"]),
        food=tuple(int(f) for f in body["food"]),
        supply=int(body["supply"]),
        groups=per_seat(body["groups"]),
        down_group=int(body["down_group"]),
        down_tile=None if down_tile is None else str(down_tile),
        start=int(body["start"]),
        turn=int(body["turn"]),
        dropped=tuple(bool(d) for d in body["dropped"]),
        final_turn=bool(body["final_turn"]),
        passes=int(body["passes"]),
        cut=per_seat(body["cut"]),
    )
    problem = state.conservation_problem()
    if problem:
        raise InvalidState(f"broken {GAME_ID} state: {problem}")
    return state
