"""Animals on Board: swap one tile the viewer cannot see with a tile still in the stacks.

Hidden from a viewer: the other players' arks and setup draws (until the
arks depart), the overflow when it lies face down, the face-down tile in the
centre, and which tiles are still in the stacks.
"""

from __future__ import annotations

import dataclasses
import random

from engines.animals_on_board import AnimalsOnBoardState
from engines.animals_on_board.catalog import sort_tiles
from engines.core import UNKNOWN, State


def variant(state: State, viewer: str | None, rng: random.Random) -> State | None:
    """``state`` with one hidden tile exchanged for a stack tile, or None."""
    assert isinstance(state, AnimalsOnBoardState)
    stack = list(state.stack)
    if not stack:
        return None
    seat = state.players.index(viewer) if viewer is not None else -1
    open_arks = state.phase in ("reveal", "cut", "over")
    slots: list[tuple[str, int, str]] = []
    for i in range(len(state.players)):
        if i == seat:
            continue
        slots += [("hands", i, t) for t in state.hands[i] if t != UNKNOWN]
        if not open_arks:
            slots += [("arks", i, t) for t in state.arks[i] if t != UNKNOWN]
            if state.options["overflow_tiles"] == "face_down":
                slots += [("overflow", i, t) for t in state.overflow[i]]
    if state.down_tile not in (None, UNKNOWN):
        slots.append(("down_tile", -1, str(state.down_tile)))
    if not slots:
        return None
    where, i, old = rng.choice(slots)
    new = rng.choice(stack)
    stack[stack.index(new)] = old
    changes: dict[str, object] = {"stack": sort_tiles(stack)}
    if where == "down_tile":
        changes["down_tile"] = new
    else:
        per = list(getattr(state, where))
        per[i] = sort_tiles([new if t == old else t for t in per[i]])
        changes[where] = tuple(per)
    return dataclasses.replace(state, **changes)  # type: ignore[arg-type]
