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

from engines.core import Registry, State
from tests.games_hidden import (
    animals_on_board_hidden,
    ark_nova_hidden,
    hare_tortoise_hidden,
    niagara_hidden,
    noah_hidden,
)

Variant = Callable[[State, str | None, random.Random], State | None]

VARIANTS: Registry[Variant] = Registry("hidden-pieces hook", "tests.hidden.VARIANTS.register")
"""Every game's hook, registered once (a game that hides nothing still registers one that
answers None)."""

VARIANTS.register("noah", noah_hidden.variant)
VARIANTS.register("animals_on_board", animals_on_board_hidden.variant)
VARIANTS.register("hare_tortoise", hare_tortoise_hidden.variant)
VARIANTS.register("niagara", niagara_hidden.variant)
VARIANTS.register("ark_nova", ark_nova_hidden.variant)
