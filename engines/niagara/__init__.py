"""Niagara (Zoch 2004): canoes, gems, weather and the river flow.

Rules text: ``docs/rules/niagara.md`` (seed ``docs/rules/seeds/004_e5bfedb6f666e593.txt``).
Options: ``arm_policy`` (default ``alternate``), ``gems_per_hollow`` (``7``),
``tiebreak`` (``shared``). The river flow is its own pure module
(:mod:`engines.niagara.river`); :func:`forecast` tells a player how likely each
canoe is to survive this round's flow for every action they could take.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core import Game, Move
from engines.core import State as CoreState
from engines.niagara.bot import playout_move
from engines.niagara.catalog import CATALOG
from engines.niagara.forecast import Forecast, ForecastLine, forecast
from engines.niagara.info import INFO
from engines.niagara.moves import Arm, CanoePlan, Choose, Cloud, Paddle, parse_move
from engines.niagara.state import NiagaraState, load_state, new_game

State = NiagaraState


def _playout_move(state: CoreState, rng: random.Random) -> Move:
    """:func:`playout_move` on a Niagara state."""
    assert isinstance(state, NiagaraState)
    return playout_move(state, rng)


def _advice(state: CoreState, player: str) -> dict[str, Any] | None:
    """The falls forecast of ``player`` when it is their turn, as JSON."""
    assert isinstance(state, NiagaraState)
    if state.to_move != player:
        return None
    result: dict[str, Any] = forecast(state, player).to_json()
    return result


GAME = Game(
    info=INFO,
    catalog=CATALOG,
    new_game=new_game,
    parse_move=parse_move,
    load_state=load_state,
    playout_move=_playout_move,
    advice=_advice,
)
"""Niagara's engine as ``engines.GAMES`` holds it."""


__all__ = [
    "CATALOG",
    "GAME",
    "INFO",
    "Arm",
    "CanoePlan",
    "Choose",
    "Cloud",
    "Forecast",
    "ForecastLine",
    "NiagaraState",
    "Paddle",
    "State",
    "forecast",
    "load_state",
    "new_game",
    "parse_move",
    "playout_move",
]
