"""Play conditions of animal cards (the left side of the card), keyed as data.

Rules text: ``docs/rules/ark_nova.md`` §3 "Animal placement" (left-side
conditions: icons, partner zoo, Animals II) and §10 (63 base animals carry
one). Seed text: "检视卡牌左侧的打出条件，如长鼻猴需2个灵长类图标才能打出"
(Proboscis Monkey needs 2 primate icons). Every base animal is keyed from
``carddata.texts`` (source named there): an icon tag once per icon needed
(``science`` is a research icon), ``partner-zoo`` a partner zoo of the
animal's continent, ``animals-ii`` the Animals card upgraded, and the minimum
reputation. Marine Worlds animals are refused before their conditions are read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engines.ark_nova import icons
from engines.ark_nova.board import PlayerBoard
from engines.ark_nova.carddata.texts import ANIMAL_TEXT
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


def _keyed(card: int, requires: tuple[str, ...], reputation: int) -> Keyed:
    conditions: list[Condition] = []
    for tag, count in Counter(requires).items():
        if tag == "partner-zoo":
            conditions += [Condition("partner_zoo", c) for c in ANIMALS[card].continents]
        elif tag == "animals-ii":
            conditions.append(Condition("animals_ii"))
        else:
            conditions.append(Condition("icons", "research" if tag == "science" else tag, count))
    if reputation:
        conditions.append(Condition("reputation", count=reputation))
    source = "TORB cards.jsonl requires"
    if card == 451:
        source += "; seed text (长鼻猴需2个灵长类图标)"
    return Keyed(tuple(conditions), source)


CONDITIONS: Mapping[int, Keyed] = MappingProxyType(
    {card: _keyed(card, requires, rep) for card, _, requires, rep in ANIMAL_TEXT}
)
"""Keyed play conditions by animal number; an empty tuple means "no condition"."""


def review(card: int, zoo: Zoo, board: PlayerBoard) -> tuple[tuple[Condition, str], ...]:
    """The play conditions of base animal ``card`` the zoo misses, with what it shows."""
    broken = []
    for cond in CONDITIONS[card].conditions:
        short = cond.shortfall(zoo, board)
        if short is not None:
            broken.append((cond, short))
    return tuple(broken)
