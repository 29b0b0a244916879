"""Build Niagara positions for tests: canoes, banks and weather where a scenario needs them."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from engines.niagara import NiagaraState, new_game
from engines.niagara.board import COLOURS, Canoe, remove_gem

PLAYERS = ("ann", "bob", "cy")


def position(
    *,
    players: Sequence[str] = PLAYERS,
    canoes: Mapping[str, Sequence[tuple[str, str | None]]] | None = None,
    banks: Mapping[str, str] | None = None,
    weather: int = 0,
    last_arm: str | None = None,
    chosen: Sequence[str] | None = None,
    seed: int | None = 1,
    options: Mapping[str, str] | None = None,
) -> NiagaraState:
    """A position; gems on canoes and in banks are taken from their hollows.

    With ``chosen`` every player has laid that paddle down and the first player
    is about to reveal (phase ``act``); without it, the first player is about to
    choose.
    """
    state = new_game(list(players), seed=seed, options=options)
    fleets = list(state.canoes)
    bank_list = list(state.banks)
    hollows = list(state.hollows)
    for seat, p in enumerate(players):
        if canoes and p in canoes:
            fleets[seat] = tuple(Canoe(slot, gem) for slot, gem in canoes[p])
        if banks and p in banks:
            bank_list[seat] = banks[p]
    for gem in "".join(bank_list) + "".join(c.gem or "" for f in fleets for c in f):
        i = COLOURS.index(gem)
        hollows[i] = remove_gem(hollows[i], gem)
    state = dataclasses.replace(
        state,
        canoes=tuple(fleets),
        banks=tuple(bank_list),
        hollows=tuple(hollows),
        weather=weather,
        last_arm=last_arm,
    )
    if chosen is not None:
        state = dataclasses.replace(state, chosen=tuple(chosen), phase="act")
    state.check_gems()
    return state
