"""Parts of a page that several phones are shown alike, drawn once: kept by what they show.

A fragment is a template drawn from a few values alone (JSON data: a drawing's
geometry, the history's lines) and the page's language, never from the request
or the viewer unless they are among the values. Its HTML is kept per worker
keyed by the template, the language and the values themselves (as JSON, in
the order they were built: the same code builds the same values in the same
order, and values that differ never share a key), so the phones of a table
that are shown the same board or the same history share one drawing of it, and
a fragment given any other value is drawn anew: what depends on the viewer is
in the key, so nothing drawn for one phone reaches another that would be shown
something else. Templates call
``fragment("template.html", name=value, ...)``; the template sees the values,
``lang``, ``_`` and, when a ``game`` value is given, ``name`` (a piece's name).

A history line is the smallest such part: a seat's history is its own (the
lines differ between the seats of most games), but from one version to the
next 24 of its 25 lines are the ones the same phone was shown before. Each
line's HTML is kept by its words (``history_line(h)``: number, who, the move,
what it caused, how many times), so a page draws only the lines it has not
drawn before.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from web import labels
from web.i18n import translate
from web.kept import Kept

FRAGMENTS = 512
"""Fragments kept per worker (least recently used out): about 2 per table and version in
play (a board with the tap targets of the player to move, and without) and the public
history of the board and host pages, at a few kB each."""

LINES = 16_384
"""History lines kept per worker as HTML (a few hundred bytes each): a page shows 25, and
4 phones at each of 128 tables is about 13,000."""

LINE = "_history_line.html"
"""The template of one history line, drawn from ``h`` (an entry of ``web.present.history``)."""


class Fragments:
    """The drawn fragments of one app, at most ``size`` of them."""

    def __init__(self, app: Flask, size: int = FRAGMENTS) -> None:
        self._app = app
        self._kept: Kept[tuple[str, str, str], Markup] = Kept(size)
        self._lines: Kept[tuple[Any, ...], Markup] = Kept(LINES)

    def draw(self, template: str, lang: str, values: dict[str, Any]) -> Markup:
        """``template`` drawn from ``values`` in ``lang`` (kept, or drawn and kept)."""
        key = (template, lang, json.dumps(values, separators=(",", ":")))
        return self._drawn(self._kept, key, template, lang, values)

    def line(self, lang: str, h: dict[str, Any]) -> Markup:
        """The history entry ``h`` as a list item in ``lang`` (kept, or drawn and kept)."""
        key = (lang, h["n"], h["actor"], h["label"], tuple(h["events"]), h["times"])
        return self._drawn(self._lines, key, LINE, lang, {"h": h})

    def _drawn(
        self, kept: Kept[Any, Markup], key: Any, template: str, lang: str, values: dict[str, Any]
    ) -> Markup:
        """What ``kept`` holds under ``key``, else ``template`` drawn from ``values``, kept."""
        found = kept.get(key)
        if found is None:
            template_of = self._app.jinja_env.get_template(template)
            found = Markup(template_of.render(_helpers(lang, values)))
            kept.put(key, found)
        return found

    def __len__(self) -> int:
        return len(self._kept)


def _helpers(lang: str, values: dict[str, Any]) -> dict[str, Any]:
    """What a fragment's template sees: its values, the language and its words."""

    def say(key: str, **words: object) -> str:
        return translate(key, lang, **words)

    helpers: dict[str, Any] = {**values, "lang": lang, "_": say}
    game = values.get("game")
    if isinstance(game, str):
        helpers["name"] = lambda pid: labels.name_of(game, pid, lang)
    return helpers


def init_app(app: Flask) -> None:
    """Keep the app's fragments (``app.extensions["fragments"]``) and give templates
    ``fragment(template, **values)`` and ``history_line(h)``, drawn in the page's ``lang``."""
    fragments = Fragments(app)
    app.extensions["fragments"] = fragments

    @pass_context
    def fragment(context: Context, template: str, **values: Any) -> Markup:
        return fragments.draw(template, str(context["lang"]), values)

    @pass_context
    def history_line(context: Context, h: dict[str, Any]) -> Markup:
        return fragments.line(str(context["lang"]), h)

    app.jinja_env.globals["fragment"] = fragment
    app.jinja_env.globals["history_line"] = history_line
