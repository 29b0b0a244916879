"""The companion's registry: what it does for each game beyond the engine.

One :class:`CompanionGame` per game id, registered once (``companion.builtin``
registers the five games; ``docs/adding-a-game.md``): the watch adapter that
projects a state onto the game's mats and reads a table back, the scorer of a
photo of the end-of-game layout, the board data only the rules can give a
player's page, and the quick score of a game played off the app. A part a game
does not have is None, said so where it is registered. This module imports no
game: every module that looks a game up may import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engines.core import Outcome, Registry, State
from vision.reading import TableReading

if TYPE_CHECKING:
    from companion.watch.model import TableModel

PhotoScorer = Callable[[TableReading, Sequence[str], State | None], Outcome]
"""The final scores of the end-of-game layout a reading shows, for the players in seat
order and the game as followed (None when the photo is all there is); raises
``companion.watch.photo.PhotoError`` for a layout that is incomplete or not an end."""

BoardExtra = Callable[[State, str, Mapping[str, str]], dict[str, Any] | None]
"""Board data for ``player``'s page that the view cannot give (Ark Nova: the hexes a
building may cover), from the page's query arguments; None when there is none."""

QuickScorer = Callable[[str], dict[str, Any]]
"""The scores of a game played off the app, from the text of what the table typed in
(JSON-ready); raises ``ValueError`` saying what to fix in a text it cannot score."""


@dataclass(frozen=True)
class CompanionGame:
    """What the companion does for one game.

    Attributes:
        table_model: makes the game's watch adapter (a ``TableModel``: the
            camera's view of a state and of a reading); None when the camera
            does not follow the game's moves.
        photo_scorer: scores a photo of the end-of-game layout; None when a
            photo does not score the game.
        board: extra board data for a player's page; None when the view says
            all a page draws.
        quick_score: scores a game played off the app from what the table types
            in (``companion quick-score``); None when the game has none.
    """

    table_model: Callable[[], TableModel] | None
    photo_scorer: PhotoScorer | None
    board: BoardExtra | None
    quick_score: QuickScorer | None


COMPANION: Registry[CompanionGame] = Registry("companion adapter", "companion.registry.register")
"""Every game's companion adapter by game id."""


def register(game_id: str, adapter: CompanionGame) -> CompanionGame:
    """Register what the companion does for ``game_id`` (once per game).

    Raises:
        ValueError: the game is registered already.
    """
    return COMPANION.register(game_id, adapter)


def watched() -> tuple[str, ...]:
    """The games whose moves the companion infers from the table."""
    return tuple(g for g, a in COMPANION.items() if a.table_model is not None)


def table_model(game: str) -> TableModel:
    """A new watch adapter of ``game``.

    Raises:
        KeyError: the companion does not watch that game's moves.
    """
    adapter = COMPANION.get(game)
    make = adapter.table_model if adapter is not None else None
    if make is None:
        raise KeyError(f"moves of {game} are not inferred from the table")
    return make()


def photo_scorer(game: str) -> PhotoScorer | None:
    """The scorer of a photo of ``game``'s end, or None when a photo does not score it."""
    adapter = COMPANION.get(game)
    return adapter.photo_scorer if adapter is not None else None


def scored_games() -> tuple[str, ...]:
    """The games a photo of the end scores."""
    return tuple(g for g, a in COMPANION.items() if a.photo_scorer is not None)


def quick_scorer(game: str) -> QuickScorer | None:
    """The quick score of ``game``, or None when it has none."""
    adapter = COMPANION.get(game)
    return adapter.quick_score if adapter is not None else None


def quick_scored() -> tuple[str, ...]:
    """The games with a quick score."""
    return tuple(g for g, a in COMPANION.items() if a.quick_score is not None)


def board(state: State, player: str, args: Mapping[str, str]) -> dict[str, Any] | None:
    """Extra board data for ``player``'s page, or None when the game has none (or the
    player does not play at this table)."""
    adapter = COMPANION.get(state.INFO.id)
    extra = adapter.board if adapter is not None else None
    if extra is None or player not in state.players:
        return None
    return extra(state, player, args)
