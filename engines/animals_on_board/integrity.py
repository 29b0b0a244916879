"""Animals on Board integrity: the conservation laws a loaded or played state keeps (§8).

Every tile lies in exactly one place (the stacks, a setup hand, an ark, an
overflow row, the centre, the box); the food crates in the supply and in
the players' stores add up to 20.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.animals_on_board.catalog import (
    FOOD_CAP,
    FOOD_CRATES,
    ORDER,
    SPECIES,
    TILES,
    TILES_OF,
    sort_tiles,
)
from engines.core import UNKNOWN

if TYPE_CHECKING:
    from engines.animals_on_board.state import AnimalsOnBoardState


def conservation_problem(state: AnimalsOnBoardState) -> str | None:
    """What breaks the conservation of tiles and food (§8), or None."""
    n = len(state.players)
    for name, per in (
        ("hands", state.hands),
        ("arks", state.arks),
        ("overflow", state.overflow),
        ("food", state.food),
        ("dropped", state.dropped),
        ("cut", state.cut),
    ):
        if len(per) != n:
            return f"{name} lists {len(per)} seats for {n} players"
    if not (0 <= state.start < n and 0 <= state.turn < n):
        return "start and turn must be seats"
    if state.supply + sum(state.food) != FOOD_CRATES:
        return f"food adds up to {state.supply + sum(state.food)}, not {FOOD_CRATES}"
    if not all(0 <= f <= FOOD_CAP for f in state.food):
        return f"a player holds 0 to {FOOD_CAP} food, not {max(state.food)}"
    foreign = [s for s in state.removed if s not in SPECIES]
    if foreign:
        return f"{foreign[0]!r} is not a species (S1 to S12)"
    if not -1 <= state.down_group < len(state.groups) or (
        (state.down_group >= 0) != (state.down_tile is not None)
    ):
        return "the face-down tile and its group disagree"
    placed = [t for t in state.placed_tiles() if t != UNKNOWN]
    strange = [t for t in placed + list(state.stack) if t not in ORDER or t == UNKNOWN]
    if strange:
        return f"{strange[0]!r} is not an animal tile (tiles are written like S3V4)"
    boxed = [t for s in state.removed for t in TILES_OF[s]]
    every = placed + boxed + list(state.stack)
    if len(every) != len(set(every)):
        dup = sort_tiles(tuple(t for t in set(every) if every.count(t) > 1))
        return f"tiles in two places: {' '.join(dup)}"
    missing = sort_tiles(tuple(set(TILES) - set(every)))
    if missing:
        return f"tiles missing: {' '.join(missing)}"
    if state.placed_tiles().count(UNKNOWN) != state.unseen:
        return "the count of unseen tiles disagrees with the table"
    return None
