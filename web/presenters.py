"""The web's registry: how the pages show each game.

One :class:`Presenter` per game id, registered once (``web.builtin`` registers
the five games; ``docs/adding-a-game.md``): its moves in words, its table as
SVG geometry and the templates that draw it, and the words those templates
say. A part a game does not have is None, said so where it is registered: a
move without words is its notation with the pieces' names, a table without a
drawing is its view as a list. This module imports no game's presenter: every
module that looks a game up may import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, FileSystemLoader, TemplateNotFound

from companion.games import Registry

MoveLabel = Callable[[Mapping[str, Any], str], str]
"""A move's JSON (as the viewer may see it) in words, in a language (``en``, ``zh-Hant``)."""

Drawing = Callable[[Mapping[str, Any]], dict[str, Any]]
"""A player's view to the geometry its table template draws (SVG units, 360 wide)."""

GENERIC_TABLE = "games/generic.html"
"""The table of a game without a drawing: its view as a list."""

GENERIC_SEAT = "games/generic_seat.html"
"""The seat panel of a game without one: nothing beyond the view."""


@dataclass(frozen=True)
class Presenter:
    """How the pages show one game.

    Attributes:
        label: its moves in words; None: a move is its notation, with the
            names of the pieces it names.
        drawing: its table's geometry from a view; None: the view as a list.
        table_template: the template that draws the table from ``drawing``
            (and ``view``); None: ``games/generic.html``.
        seat_template: the template of a seat's own panel (a hand as tap
            targets); None: ``games/generic_seat.html``.
        templates: the folder the game's templates are found in when they are
            not the app's own (``web/templates``); None for the app's.
        words: what its templates say, per message key: (English,
            Traditional Chinese), with ``{name}`` placeholders; the keys are the
            game's own (no other game or the app uses them).
        own_moves: the seat template offers the moves itself (by touching the
            pieces it draws): the seat page lists no move buttons of its own.
        quick_score: the endpoint of its page that scores a game played off the
            app, linked from the home page; None: no such page.
    """

    label: MoveLabel | None
    drawing: Drawing | None
    table_template: str | None
    seat_template: str | None
    templates: Path | None
    words: Mapping[str, tuple[str, str]]
    own_moves: bool = False
    quick_score: str | None = None


PRESENTERS: Registry[Presenter] = Registry("web presenter", "web.presenters.register")
"""Every game's presenter by game id."""


def register(game_id: str, presenter: Presenter) -> Presenter:
    """Register how the pages show ``game_id`` (once per game).

    Raises:
        ValueError: the game is registered already, or one of its words' keys is
            another game's.
    """
    for other, known in PRESENTERS.items():
        shared = sorted(set(known.words) & set(presenter.words))
        if shared:
            raise ValueError(f"{game_id} words {shared} are {other}'s already")
    registered = PRESENTERS.register(game_id, presenter)
    _WORDS.update(presenter.words)
    return registered


_WORDS: dict[str, tuple[str, str]] = {}
"""Every registered game's page words by key (a key is one game's: :func:`register`)."""


def word(key: str) -> tuple[str, str] | None:
    """A game's page word (English, Traditional Chinese), or None when no game has it."""
    return _WORDS.get(key)


class GameTemplates(BaseLoader):
    """The templates of games whose ``Presenter.templates`` is a folder of their own,
    looked up when a page asks for one (a game registered after the app was made
    is found too)."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        for known in PRESENTERS.values():
            if known.templates is not None and (known.templates / template).is_file():
                return FileSystemLoader(known.templates).get_source(environment, template)
        raise TemplateNotFound(template)

    def list_templates(self) -> list[str]:
        """Every template of the games registered now (:func:`web.warm` compiles them)."""
        return sorted(
            {
                name
                for known in PRESENTERS.values()
                if known.templates is not None
                for name in FileSystemLoader(known.templates).list_templates()
            }
        )
