"""Per-game hooks for the views test: states that differ only in hidden pieces.

``VARIANTS[game_id](state, viewer, rng)`` returns a state that differs from
``state`` only in what ``viewer`` may not see (another player's hand, the
undealt deck, a face-down tile), or None when nothing is hidden from
``viewer`` right now. The contract test asserts both states look the same to
``viewer``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engines.core import State
from tests.games_hidden import (
    animals_on_board_hidden,
    ark_nova_hidden,
    hare_tortoise_hidden,
    niagara_hidden,
    noah_hidden,
)

Variant = Callable[[State, str | None, random.Random], State | None]

VARIANTS: dict[str, Variant] = {
    "noah": noah_hidden.variant,
    "animals_on_board": animals_on_board_hidden.variant,
    "hare_tortoise": hare_tortoise_hidden.variant,
    "niagara": niagara_hidden.variant,
    "ark_nova": ark_nova_hidden.variant,
}
