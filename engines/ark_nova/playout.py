"""A playout policy for simulations: legal moves that bring a game to its end quickly.

Uniformly random Ark Nova ends, but slowly (about a thousand moves and every move
list built in full). The policy (``GAME.playout_move``, used by the contract
playouts and ``bench/ark_nova_playouts.py``) resolves chance with the state's
generator and, when a player chooses an action, draws an action kind (animals
and building most often) and then one of that kind's legal moves, so only that
kind's moves are listed; an action under way takes one of its next steps or ``done``.
On a recorded table (``mode=record``) a player drawn among the movers records their
own zoo with more appeal until the markers meet, then the owed final turns, so a
simulation of a recorded table ends too. Every move it returns is legal.
"""

from __future__ import annotations

import random

from engines.ark_nova import turns
from engines.ark_nova.moves import FinalTurn, SetZoo
from engines.ark_nova.state import ArkNovaState
from engines.ark_nova.zoo import MAX_APPEAL, MAX_CONSERVATION
from engines.core import Move, State

WEIGHTS = {"animals": 6, "build": 4, "association": 4, "sponsors": 2, "cards": 2, "x_token": 1}
WEIGHTS |= {"x_spend": 1}
"""How often each action kind is tried first."""


def playout_move(state: State, rng: random.Random) -> Move:
    """A legal move of ``state`` for a simulation."""
    assert isinstance(state, ArkNovaState)
    chance = state.chance_move()
    if chance is not None:
        return chance
    flow = state.flow
    if flow is None:
        return _recorded(state, rng)
    if flow.pending or flow.acting is not None:
        return rng.choice(state.legal_moves())
    player = state.players[flow.turn]
    kinds = list(WEIGHTS)
    weights = [WEIGHTS[k] for k in kinds]
    while kinds:
        kind = rng.choices(kinds, weights)[0]
        moves = turns.LISTERS[kind](state, player)
        if moves:
            return rng.choice(moves)
        i = kinds.index(kind)
        del kinds[i], weights[i]
    return rng.choice(state.legal_moves())


def _recorded(state: ArkNovaState, rng: random.Random) -> Move:
    """A recorded table: a player records their own zoo with more appeal and CP; after the
    trigger, the owed final turns."""
    owed = state.owed_final_turns()
    if owed:
        return FinalTurn(owed[0])
    player = rng.choice(state.movers())
    zoo = state.zoo(player)
    appeal = min(MAX_APPEAL, zoo.appeal + rng.randint(5, 15))
    cp = min(MAX_CONSERVATION, zoo.conservation + rng.randint(0, 2))
    return SetZoo(player, {**zoo.to_json(), "appeal": appeal, "conservation": cp})
