"""Properties of Niagara that hold in every position: gems, discs, the flow's direction,
and a move generator that agrees with the rule checker exactly."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import CHANCE
from engines.niagara import Arm, CanoePlan, NiagaraState, Paddle, new_game, playout_move, river
from engines.niagara.board import (
    COLOURS,
    DIST,
    FALLS,
    GEMS_PER_COLOUR,
    HOME,
    LOST,
    RIVER,
    SLOTS,
    Canoe,
)
from tests.niagara.positions import position

NAMES = ["ann", "bob", "cy", "dee", "eve"]
TOTAL_GEMS = GEMS_PER_COLOUR * len(COLOURS)


def check_invariants(state: NiagaraState) -> None:
    spares = GEMS_PER_COLOUR - int(state.options["gems_per_hollow"])
    counts = state.gem_count()
    assert sum(counts.values()) + spares * len(COLOURS) == TOTAL_GEMS
    assert all(n == GEMS_PER_COLOUR - spares for n in counts.values())
    assert len(set(state.discs)) == len(state.discs) == len(river.DISC_SLOTS) + 1
    for fleet in state.canoes:
        for canoe in fleet:
            assert canoe.slot in SLOTS
            assert canoe.gem is None or canoe.slot in RIVER


def upstream_of(before: str, after: str) -> bool:
    """True when a canoe went from river slot ``before`` to a slot nearer HOME."""
    return after != LOST and DIST[after] < DIST[before]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    n=st.integers(3, 5),
    gems=st.sampled_from(["7", "8"]),
    policy=st.sampled_from(["alternate", "random"]),
    uniform=st.booleans(),
)
def test_gems_discs_and_flow_direction_over_a_game(
    seed: int, n: int, gems: str, policy: str, uniform: bool
) -> None:
    state = new_game(NAMES[:n], seed=seed, options={"gems_per_hollow": gems, "arm_policy": policy})
    rng = random.Random(seed)
    for _ in range(400):
        if state.is_over:
            break
        check_invariants(state)
        if uniform:
            move = state.chance_move() or rng.choice(state.legal_moves())
        else:
            move = playout_move(state, rng)
        after = state.apply(move)
        if isinstance(move, Arm):
            assert state.to_move == CHANCE
            returned = {e.data["player"] for e in after.events if e.kind == "free_return"}
            for p, old_fleet, new_fleet in zip(
                state.players, state.canoes, after.canoes, strict=True
            ):
                for old, new in zip(old_fleet, new_fleet, strict=True):
                    if new.slot == HOME and old.slot != HOME:
                        # over the falls, then the free return (both lost, no gem)
                        assert p in returned
                    elif old.slot in (HOME, LOST):
                        assert new.slot == old.slot
                    else:
                        assert not upstream_of(old.slot, new.slot), (old, new)
        state = after
    check_invariants(state)


@settings(max_examples=50, deadline=None)
@given(
    slots=st.lists(
        st.tuples(st.sampled_from((HOME, *RIVER, LOST)), st.sampled_from([None, *COLOURS])),
        min_size=1,
        max_size=10,
    ),
    arms=st.lists(st.sampled_from(river.ARMS), max_size=8),
)
def test_the_flow_alone_keeps_gems_and_discs_and_never_goes_upstream(
    slots: list[tuple[str, str | None]], arms: list[str]
) -> None:
    fleet = tuple(Canoe(s, g if s in RIVER else None) for s, g in slots)
    start = river.River(tuple(range(1, 11)), (fleet,), ("",) * 5, None)
    result = river.flow(start, arms)
    carried = "".join(c.gem or "" for c in fleet)
    after = "".join(result.river.hollows) + "".join(c.gem or "" for c in result.river.canoes[0])
    assert sorted(after) == sorted(carried)
    assert sorted(result.river.discs) == list(range(1, 11))
    for old, new in zip(fleet, result.river.canoes[0], strict=True):
        if old.slot in (HOME, LOST):
            assert new == old
        elif new.slot != LOST:
            assert DIST[new.slot] >= DIST[old.slot]
            assert DIST[new.slot] - DIST[old.slot] <= len(arms)
    assert len(result.lost) == sum(1 for c in result.river.canoes[0] if c.slot == LOST) - sum(
        1 for c in fleet if c.slot == LOST
    )


_OPS = [f"{sign}{c}" for sign in "-+" for c in COLOURS]
_SEQS = [()] + [(a,) for a in _OPS] + [(a, b) for a in _OPS for b in _OPS]


def brute_force_plans(state: NiagaraState, tile: int) -> set[Paddle]:
    """Every single-canoe paddle move of canoe 1 the checker accepts, found by trying all."""
    seat = state.seat
    start = state.canoes[seat][0].slot
    robs: list[tuple[str, int] | None] = [None]
    robs += [(p, k) for p in state.players if p != state.players[seat] for k in (1, 2)]
    found: set[Paddle] = set()
    ends = [HOME, *RIVER, FALLS]
    for end, rob in itertools.product(ends, robs):
        for pre in _SEQS:
            for post in _SEQS:
                if len(pre) + len(post) > 2:
                    continue
                move = Paddle(tile, (CanoePlan(1, start, end, pre, post, rob),))
                if state.check(move):
                    found.add(move)
    if state.check(Paddle(tile)):
        found.add(Paddle(tile))
    return found


@settings(max_examples=20, deadline=None)
@given(
    slot=st.sampled_from((HOME, *RIVER)),
    gem=st.sampled_from([None, *COLOURS]),
    tile=st.integers(1, 6),
    victim=st.sampled_from((HOME, *RIVER)),
    victim_gem=st.sampled_from([None, *COLOURS]),
)
def test_legal_moves_are_exactly_what_the_checker_accepts(
    slot: str, gem: str | None, tile: int, victim: str, victim_gem: str | None
) -> None:
    state = position(
        canoes={
            "ann": [(slot, gem if slot in RIVER else None), (LOST, None)],
            "bob": [(victim, victim_gem if victim in RIVER else None), (HOME, None)],
        },
        chosen=[str(tile), "1", "1"],
    )
    listed = set(state.legal_moves())
    assert len(listed) == len(state.legal_moves()), "no move is listed twice"
    assert listed == brute_force_plans(state, tile)
