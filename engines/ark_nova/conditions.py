"""Play conditions of animal cards (the left side of the card), keyed as data.

Rules text: ``docs/rules/ark_nova.md`` §3 "Animal placement" (left-side
conditions: icons, partner zoo, Animals II) and §10 (the card data holds no
conditions: 63 base animals carry one; they are keyed by hand, entry by
entry, from a source named beside each). Seed text: "检视卡牌左侧的打出条件，
如长鼻猴需2个灵长类图标才能打出" (Proboscis Monkey needs 2 primate icons).

A card that is not keyed here has a condition the companion does not know;
its play is reported as *unchecked*, never silently passed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engines.ark_nova import icons
from engines.ark_nova.board import PlayerBoard
from engines.ark_nova.cards import ANIMALS, ICONS
from engines.ark_nova.zoo import Zoo

KINDS = ("icons", "partner_zoo", "animals_ii", "reputation")


@dataclass(frozen=True)
class Condition:
    """One requirement printed on the left of a card.

    Attributes:
        kind: ``icons`` (at least ``count`` icons of ``what`` in the zoo),
            ``partner_zoo`` (a partner zoo of continent ``what``),
            ``animals_ii`` (the Animals card on side II) or ``reputation``
            (at least ``count`` reputation).
        what: the icon or continent, when the kind needs one.
        count: the threshold, when the kind needs one.
    """

    kind: str
    what: str = ""
    count: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown condition kind {self.kind!r}")
        if self.kind == "icons" and self.what not in ICONS:
            raise ValueError(f"unknown icon {self.what!r}")

    def text(self) -> str:
        if self.kind == "icons":
            label = self.what.replace("_", " ")
            return f"{self.count} {label} icon{'s' * (self.count != 1)}"
        if self.kind == "partner_zoo":
            return f"a partner zoo in {self.what.title()}"
        if self.kind == "animals_ii":
            return "the Animals card upgraded (side II)"
        return f"reputation {self.count}"

    def shortfall(self, zoo: Zoo, board: PlayerBoard) -> str | None:
        """None when the condition holds; else what the zoo shows instead."""
        if self.kind == "icons":
            have = icons.icon_count(zoo, self.what).total
            return None if have >= self.count else f"the zoo shows {have}"
        if self.kind == "partner_zoo":
            return None if self.what in zoo.partner_zoos else "no such partner zoo"
        if self.kind == "animals_ii":
            return None if board.side("animals") == 2 else "the Animals card shows side I"
        return None if zoo.reputation >= self.count else f"reputation is {zoo.reputation}"


@dataclass(frozen=True)
class Keyed:
    """The conditions of one card and where they were read."""

    conditions: tuple[Condition, ...]
    source: str


CONDITIONS: Mapping[int, Keyed] = MappingProxyType(
    {
        451: Keyed((Condition("icons", "primate", 2),), "seed text (长鼻猴需2个灵长类图标)"),
    }
)
"""Keyed play conditions by animal number. An empty tuple would mean "no condition"."""


@dataclass(frozen=True)
class Finding:
    """The verdict on a card's conditions: broken ones, or unchecked when not keyed."""

    broken: tuple[tuple[Condition, str], ...] = ()
    unchecked: bool = False


def review(card: int, zoo: Zoo, board: PlayerBoard) -> Finding:
    """Which of ``card``'s play conditions the zoo misses, or that they are not keyed."""
    keyed = CONDITIONS.get(card)
    if keyed is None:
        return Finding(unchecked=True)
    broken = []
    for cond in keyed.conditions:
        short = cond.shortfall(zoo, board)
        if short is not None:
            broken.append((cond, short))
    return Finding(tuple(broken))


def unchecked_text(card: int) -> str:
    a = ANIMALS[card]
    return (
        f"the play condition of {a.name} ({card}) is not keyed in the companion: "
        "check the left side of the card"
    )
