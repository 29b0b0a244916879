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

import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from engines.core import Registry


class Sentences(Protocol):
    """A game's events and score lines as sentences with names, in both languages.

    Each method answers None for a code it does not word; the caller then
    fills the zh-Hant template of :class:`Messages` or keeps the engine's
    English.
    """

    def event(self, kind: str, data: Mapping[str, Any], lang: str) -> str | None:
        """An event (``Event.kind`` and ``Event.data``) in ``lang``."""

    def line(self, code: str, params: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
        """A score line (``ScoreLine.code`` and ``params``): its row label and its detail."""

    def tiebreak(self, lang: str) -> str | None:
        """What decides a tie on the score in ``lang`` ("more species on the ark"), or
        None when tied players share the place."""

    def points(self, n: int | float, lang: str) -> str | None:
        """A total ``n`` as the game counts it in ``lang`` ("11 tears", "a goal met"), or
        None when it counts points."""


Said = Callable[[str, Mapping[str, Any], str], Mapping[str, Any]]
"""A refusal's code, its params and a language to its params as players say them there."""


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
        sentences: the game's events, score lines and tie-break in both
            languages (``companion.sentences``), or None: the zh-Hant
            templates above, else the engine's English.
        options: per rule option name, its question in zh-Hant and each
            choice's explanation; an option missing here is said in English.
        english: an English template per refusal code (or ``<code>/<case>``) whose
            engine sentence counts or names things the engine's way (a dock or a group
            from 0, tiles by letter, a hex as ``[col,row]``, a reward by its key): said
            instead of that sentence, filled like the zh-Hant ones.
        said: a refusal's params (given its code) as players say them in a language (a
            dock or a group counted from 1, hexes in words), with any words the
            templates need besides; None: the params as the engine gives them.
    """

    refusals: Mapping[str, str]
    words: Mapping[str, str]
    name: Callable[[str], str | None] | None
    lines: Mapping[str, str]
    events: Mapping[str, str]
    sentences: Sentences | None = None
    options: Mapping[str, tuple[str, Mapping[str, str]]] = field(default_factory=dict)
    english: Mapping[str, str] = field(default_factory=dict)
    said: Said | None = None


MESSAGES: Registry[Messages] = Registry("messages", "companion.messages.register")
"""Every game's messages by game id."""


def register(game_id: str, messages: Messages) -> Messages:
    """Register the words of ``game_id`` (once per game).

    Raises:
        ValueError: the game is registered already, or a refusal template names a
            code of another game.
    """
    foreign = [
        k for k in (*messages.refusals, *messages.english) if not k.startswith(f"{game_id}.")
    ]
    if foreign:
        raise ValueError(f"{game_id} messages hold templates of other codes: {foreign}")
    return MESSAGES.register(game_id, messages)


_CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef"
"""Chinese characters and punctuation, the full-width forms （）：、 included."""
_GAP = re.compile(f"(?<=[{_CJK}]) +(?=[{_CJK}])")


def typeset_zh(text: str) -> str:
    """Chinese as it is typeset: no space between two Chinese characters (a template's
    ``{player} 的`` filled with 「小明」 reads 「小明的」); a space beside a Latin word or a
    number stays (「Ann 的」, 「第 3 回合」)."""
    return _GAP.sub("", text)


def fields(template: str) -> set[str]:
    """The ``{param}`` placeholders of a template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def option_words(game_id: str, option: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A rule option's JSON (``RuleOption.to_json()``) with its question and its choices'
    explanations in ``lang`` (English where the game's messages lack them)."""
    messages = MESSAGES.get(game_id)
    said = messages.options.get(str(option["name"])) if messages is not None else None
    if lang != "zh-Hant" or said is None:
        return dict(option)
    text, choices = said
    return {
        **option,
        "text": text,
        "choice_text": {c: choices.get(c, t) for c, t in option["choice_text"].items()},
    }
