"""Niagara (Zoch 2004): canoes, gems, weather and the river flow.

Rules text: ``docs/rules/niagara.md`` (seed ``docs/rules/seeds/004_e5bfedb6f666e593.txt``).
Options: ``arm_policy`` (default ``alternate``), ``gems_per_hollow`` (``7``),
``tiebreak`` (``shared``). The river flow is its own pure module
(:mod:`engines.niagara.river`); :func:`forecast` tells a player how likely each
canoe is to survive this round's flow for every action they could take.
"""

from __future__ import annotations

from engines.niagara.bot import playout_move
from engines.niagara.catalog import CATALOG
from engines.niagara.forecast import Forecast, ForecastLine, forecast
from engines.niagara.moves import Arm, CanoePlan, Choose, Cloud, Paddle, parse_move
from engines.niagara.rules import GAME
from engines.niagara.state import NiagaraState, load_state, new_game

State = NiagaraState

__all__ = [
    "CATALOG",
    "GAME",
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
