"""Positions of the Ark Nova turn engine for the scenario tests: a seeded game past its
setup, then the scenario's row, hand, purse and tracks laid on the table."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines import ark_nova
from engines.ark_nova import map_a, steps
from engines.ark_nova.flow import Flow
from engines.ark_nova.info import Phase
from engines.ark_nova.moves import BuildAction
from engines.ark_nova.state import ArkNovaState
from engines.ark_nova.zoo import Zoo
from engines.core import Move

NAMES = ("ann", "bob", "cy", "dee")
ROW = ("animals", "cards", "build", "association", "sponsors")


def started(n: int = 2, seed: int = 1) -> ArkNovaState:
    """A seeded game right after its setup (chance by the seed, each player's first keep)."""
    state = ark_nova.new_game(list(NAMES[:n]), seed=seed)
    assert state.flow is not None
    while state.flow.phase == Phase.SETUP:
        state = state.apply(state.chance_move() or state.legal_moves()[0])
        assert state.flow is not None
    return state


def position(
    *,
    n: int = 2,
    player: str = "ann",
    slot: dict[str, int] | None = None,
    upgraded: tuple[str, ...] = (),
    hand: tuple[Any, ...] | None = None,
    display: tuple[Any, ...] | None = None,
    flow: dict[str, Any] | None = None,
    **zoo: Any,
) -> ArkNovaState:
    """``player`` to act, with action cards put in the slots asked (``{"cards": 5}``), the
    rest in the default order, side II for ``upgraded``; zoo fields as keywords."""
    state = started(n)
    row = _row(slot or {})
    board = replace(state.board(player), actions=row, upgraded=upgraded)
    if hand is not None:
        board = replace(board, hand=hand)
    state = state.with_player(player, replace(state.zoo(player), **zoo), board)
    f = state.flow
    assert f is not None
    f = replace(f, turn=state.players.index(player), **(flow or {}))
    state = replace(state, flow=f)
    if display is not None:
        state = replace(state, display=display)
    return state


def _row(slot: dict[str, int]) -> tuple[str, ...]:
    row: list[str | None] = [None] * 5
    for action, s in slot.items():
        row[s - 1] = action
    rest = iter(a for a in ROW if a not in slot)
    return tuple(a if a is not None else next(rest) for a in row)


def resolve(state: ArkNovaState, limit: int = 200) -> ArkNovaState:
    """Deal what chance owes (seeded), until a player must decide."""
    for _ in range(limit):
        move = state.chance_move()
        if move is None:
            return state
        state = state.apply(move)
    raise AssertionError("chance did not stop")


def asks(state: ArkNovaState) -> list[tuple[str, str, int]]:
    """What is owed, as (ask, player, n)."""
    assert state.flow is not None
    return [(str(p.ask), p.player, p.n) for p in state.flow.pending]


def flow_of(state: ArkNovaState) -> Flow:
    assert state.flow is not None
    return state.flow


def play(state: ArkNovaState, move: str | Move) -> ArkNovaState:
    """``state`` after ``move``; a whole action typed at once is played step by step."""
    return steps.play_whole(state, ark_nova.parse_move(move) if isinstance(move, str) else move)


# Seed text 4.(4) "动物转移" (rules spec §8.5 item 7): zoos whose standard enclosures hold
# animals that may move into a new reptile house or aviary.


def reptiles(*animals: int, strength: int = 5, x_tokens: int = 0) -> ArkNovaState:
    """Ann with the setup size-3 enclosure and a size-2 one, both occupied by ``animals``,
    the Build card on side II at ``strength``."""
    doc = {
        "animals": list(animals),
        "buildings": [
            {"building": "kiosk", "at": [0, 3]},
            {"building": "enclosure_3", "at": [0, 5], "occupied": True},
            {"building": "enclosure_2", "at": [1, 4], "occupied": True},
        ],
    }
    zoo = Zoo.from_json(doc)
    return position(
        slot={"build": strength},
        upgraded=("build",),
        money=40,
        x_tokens=x_tokens,
        animals=zoo.animals,
        buildings=zoo.buildings,
    )


def with_house(state: ArkNovaState, kind: str = "reptile_house") -> ArkNovaState:
    """``state`` after the first listed placement of ``kind`` that borders water."""
    water = set(map_a.WATER)
    move = next(
        m
        for m in state.legal_moves()
        if isinstance(m, BuildAction)
        and m.buildings
        and m.buildings[0].building == kind
        and any(n in water for h in m.buildings[0].cells for n in map_a.neighbours(h))
    )
    return state.apply(move)
