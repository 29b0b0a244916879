"""Animals on Board positions built by hand for the scenario tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engines.animals_on_board import AnimalsOnBoardState, new_game
from engines.animals_on_board.catalog import FOOD_CRATES, SPECIES, TILES, TILES_OF, sort_tiles

NAMES = ("ann", "bob", "cy", "dee")


def tiles(text: str) -> tuple[str, ...]:
    """``"S1V1 S1V3"`` as a tile tuple in the fixed order."""
    return sort_tiles(tuple(text.split()))


def position(
    n: int,
    *,
    groups: Sequence[str] = (),
    down: str | None = None,
    down_group: int = -1,
    arks: Sequence[str] = (),
    overflow: Sequence[str] = (),
    food: Sequence[int] = (),
    removed: Sequence[str] = (),
    phase: str = "play",
    turn: int = 0,
    dropped: Sequence[bool] = (),
    seed: int | None = 1,
    options: dict[str, str] | None = None,
    **fields: object,
) -> AnimalsOnBoardState:
    """A consistent ``n``-player table: every tile not placed is in the stacks.

    With 2 or 3 players and no ``removed`` given, the last species are out.
    """
    base = new_game(NAMES[:n], seed=seed, options=options)
    if not removed:
        removed = SPECIES[len(SPECIES) - {2: 4, 3: 2, 4: 0}[n] :]
    arks_t = tuple(tiles(a) for a in arks) or tuple(() for _ in range(n))
    over_t = tuple(tiles(o) for o in overflow) or tuple(() for _ in range(n))
    groups_t = tuple(tiles(g) for g in groups)
    food_t = tuple(food) or tuple(1 for _ in range(n))
    placed = {t for per in (arks_t, over_t, groups_t) for ts in per for t in ts}
    if down is not None:
        placed.add(down)
    out = {t for s in removed for t in TILES_OF[s]}
    state = dataclasses.replace(
        base,
        phase=phase,
        round=1,
        removed=tuple(removed),
        stack=tuple(t for t in TILES if t not in placed and t not in out),
        arks=arks_t,
        overflow=over_t,
        food=food_t,
        supply=FOOD_CRATES - sum(food_t),
        groups=groups_t,
        down_group=down_group,
        down_tile=down,
        turn=turn,
        dropped=tuple(dropped) or tuple(False for _ in range(n)),
        **fields,  # type: ignore[arg-type]
    )
    problem = state.conservation_problem()
    assert problem is None, problem
    return state
