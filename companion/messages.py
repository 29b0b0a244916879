"""The messages registry: each game's words in Traditional Chinese, beside its engine's English.

An engine speaks English and keeps, beside each sentence, the data it is built
from: a refusal's ``code`` and ``params``, a score line's ``code`` and
``params``, an event's ``kind`` and ``data``. One :class:`Messages` per game
id, registered once (``companion.builtin`` registers the five games;
``docs/adding-a-game.md``), holds the zh-Hant templates those are filled into
and the words a param may hold. ``companion.reasons`` fills the refusals;
the phone pages fill score lines and events from the same registry.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.core import Registry


@dataclass(frozen=True)
class Messages:
    """One game's words in Traditional Chinese.

    Attributes:
        refusals: a template per refusal code (``<game>.<rule>``), or per
            ``<code>/<case>`` for one case of a code, with ``{param}`` placeholders.
        words: the zh-Hant word of a param value that is not a piece id (a
            gender, an animal's code, a river slot); piece ids are named from
            the catalog.
        name: the zh-Hant name of a piece id the catalog lacks (Ark Nova's
            expansion animals), or None when the catalog names every piece.
        lines: a template per score line code (``ScoreLine.code``), filled
            with the line's ``params``; empty until the phone pages say the
            breakdown in Chinese.
        events: a template per event kind (``Event.kind``), filled with the
            event's ``data``; empty until the phone pages say the history in
            Chinese.
    """

    refusals: Mapping[str, str]
    words: Mapping[str, str]
    name: Callable[[str], str | None] | None
    lines: Mapping[str, str]
    events: Mapping[str, str]


MESSAGES: Registry[Messages] = Registry("messages", "companion.messages.register")
"""Every game's messages by game id."""


def register(game_id: str, messages: Messages) -> Messages:
    """Register the words of ``game_id`` (once per game).

    Raises:
        ValueError: the game is registered already, or a refusal template names a
            code of another game.
    """
    foreign = [k for k in messages.refusals if not k.startswith(f"{game_id}.")]
    if foreign:
        raise ValueError(f"{game_id} messages hold templates of other codes: {foreign}")
    return MESSAGES.register(game_id, messages)


def fields(template: str) -> set[str]:
    """The ``{param}`` placeholders of a template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
