"""How a piece's ``data`` shows on its face: a :class:`Face` per game (its ``PrintedGame``),
and the faces of the games that print more than ``key: value``.

Noah follows ``docs/rules/noah.md`` §2: the weight large in the corner, the
gender as the colour band, the tears as drops, the power in words and the
player-count mark (4+ or 5+) in the lower-left corner, as the real cards. The
Hare and the Tortoise (``docs/rules/hare_tortoise.md`` §2) marks the 3 wolf
howl cards; Animals on Board tiles (``docs/rules/animals_on_board.md`` §2)
show their value 1-5 in the corner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.core import Component

Formatter = Callable[[Any], str | None]
"""A data value to its printed text; None or "" prints nothing."""


@dataclass(frozen=True)
class Face:
    """What a game's pieces show besides their names and tag.

    Attributes:
        corner: data key printed large in the top-left corner.
        badge: data key printed in the lower-left corner.
        hide: data keys not printed (shown otherwise: by names, colour band).
        text: per data key, how its value reads; keys without one print
            ``key: value``.
    """

    corner: str | None = None
    badge: str | None = None
    hide: frozenset[str] = frozenset()
    text: Mapping[str, Formatter] = field(default_factory=dict)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_value(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items())
    return str(value)


def _tears(value: Any) -> str:
    return "tears " + "●" * int(value) if value else "no tears"


def _mark(value: Any) -> str | None:
    return f"{value}+" if value and int(value) > 2 else None


NOAH = Face(
    corner="weight",
    badge="mark",
    hide=frozenset({"species", "species_en", "species_zh", "gender"}),
    text={"tears": _tears, "power": lambda v: str(v) or None, "mark": _mark},
)
"""Noah's cards: the weight in the corner, the player-count mark as the badge."""

ANIMALS_ON_BOARD = Face(
    corner="value",
    hide=frozenset({"species", "species_en", "species_zh", "food", "seat"}),
)
"""Animals on Board's tiles: the value in the corner."""

HARE_TORTOISE = Face(
    hide=frozenset({"kind", "bet"}),
    text={"howl": lambda v: "HOWL: the next race phase only the wolf runs" if v else None},
)
"""The Hare and the Tortoise's cards: the wolf's howl in words."""


def corner_text(face: Face, component: Component, key: str | None) -> str | None:
    """The printed value of data ``key`` of ``component`` (None when absent or empty)."""
    if key is None or key not in component.data:
        return None
    formatter = face.text.get(key)
    text = formatter(component.data[key]) if formatter else _value(component.data[key])
    return text or None


def data_lines(face: Face, component: Component) -> list[str]:
    """The data lines printed on the face of ``component``."""
    lines = []
    for key, value in component.data.items():
        if key in face.hide or key in (face.corner, face.badge):
            continue
        formatter = face.text.get(key)
        text = formatter(value) if formatter else f"{key.replace('_', ' ')}: {_value(value)}"
        if text:
            lines.append(text)
    return lines
