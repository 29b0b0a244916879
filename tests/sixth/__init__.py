"""The sixth game: Pond (``tests/sixth/pond``), a game of the tests registered in every
layer, the way ``docs/adding-a-game.md`` adds a game.

Nothing of the product names it: :func:`register` adds it through each layer's
public registry, and ``tests/conftest.py`` calls it before any test is
collected, so every contract test and every page test that runs over the
registered games runs over Pond too.
"""

from __future__ import annotations

import engines
from companion import messages as companion_messages
from companion import registry as companion_registry
from printables import registry as printables_registry
from tests.end_photos import END_PHOTOS
from tests.hidden import VARIANTS
from tests.sixth import hidden, messages, pages, photos, printing, watching
from tests.sixth.pond import GAME
from web import presenters


def register() -> None:
    """Register Pond in every layer, once per process (a second call changes nothing)."""
    if GAME.id in engines.GAMES:
        return
    engines.register(GAME)
    printables_registry.register(GAME.id, printing.PRINTED)
    companion_registry.register(GAME.id, watching.COMPANION)
    companion_messages.register(GAME.id, messages.MESSAGES)
    presenters.register(GAME.id, pages.PRESENTER)
    VARIANTS.register(GAME.id, hidden.variant)
    END_PHOTOS.register(GAME.id, photos.pond_photo)
