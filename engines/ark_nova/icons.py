"""What a zoo shows for final scoring: icon counts and the map conditions.

Rules text: ``docs/rules/ark_nova.md`` §6.3: count the top-edge icons of
played animals and sponsors *including rock/water requirement icons*, plus
one continent icon per partner zoo and the research icons of universities.
The map conditions (covered, border, connected, empty spaces) read Map A
(§8) through ``engines.ark_nova.map_a``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engines.ark_nova import map_a
from engines.ark_nova.cards import ANIMALS, CATEGORIES, CONTINENTS, SPONSORS
from engines.ark_nova.zoo import UNIVERSITIES, Zoo


@dataclass(frozen=True)
class IconCount:
    """How many icons of one kind a zoo shows, and where they come from."""

    icon: str
    cards: int = 0
    partner_zoos: int = 0
    universities: int = 0

    @property
    def total(self) -> int:
        return self.cards + self.partner_zoos + self.universities

    def explain(self) -> str:
        """E.g. ``5 research icons (3 on cards, 2 from universities)``."""
        parts = [
            f"{n} {where}"
            for n, where in (
                (self.cards, "on cards"),
                (self.partner_zoos, "from partner zoos"),
                (self.universities, "from universities"),
            )
            if n
        ]
        label = self.icon.replace("_", " ")
        text = f"{self.total} {label} icon{'s' if self.total != 1 else ''}"
        return f"{text} ({', '.join(parts)})" if len(parts) > 1 else text


def card_icons(zoo: Zoo) -> Counter[str]:
    """Icons on the zoo's played animals and sponsors."""
    counts: Counter[str] = Counter()
    for n in zoo.animals:
        counts.update(ANIMALS[n].icons)
    for n in zoo.sponsors:
        counts.update(SPONSORS[n].icons)
    return counts


def icon_count(zoo: Zoo, icon: str) -> IconCount:
    """All icons of one kind, cards, partner zoos and universities."""
    return IconCount(
        icon,
        cards=card_icons(zoo)[icon],
        partner_zoos=sum(1 for c in zoo.partner_zoos if c == icon),
        universities=sum(UNIVERSITIES[u] for u in zoo.universities) if icon == "research" else 0,
    )


def all_icons(zoo: Zoo) -> Counter[str]:
    """Every icon count of the zoo (cards + partner zoos + universities)."""
    counts = card_icons(zoo)
    counts.update(zoo.partner_zoos)
    counts["research"] += sum(UNIVERSITIES[u] for u in zoo.universities)
    return counts


def different(zoo: Zoo, kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The icon kinds of ``kinds`` the zoo shows at least once."""
    counts = all_icons(zoo)
    return tuple(k for k in kinds if counts[k] > 0)


def different_categories(zoo: Zoo) -> tuple[str, ...]:
    return different(zoo, CATEGORIES)


def different_continents(zoo: Zoo) -> tuple[str, ...]:
    return different(zoo, CONTINENTS)


def large_animals(zoo: Zoo) -> tuple[int, ...]:
    return tuple(n for n in zoo.animals if ANIMALS[n].large)


def small_animals(zoo: Zoo) -> tuple[int, ...]:
    return tuple(n for n in zoo.animals if ANIMALS[n].small)


# --------------------------------------------------------------------------- the map


def map_covered(zoo: Zoo) -> bool:
    """Every building space of Map A is covered (the +7 appeal, Engineer, Side Entrance)."""
    return zoo.covered >= map_a.BUILDABLE


def border_covered(zoo: Zoo) -> bool:
    """Every border building space is covered (Archaeologist, Architectural Zoo)."""
    return zoo.covered >= map_a.BUILDABLE_BORDER


def unconnected(zoo: Zoo, spaces: frozenset[map_a.Hex]) -> tuple[map_a.Hex, ...]:
    """The spaces of ``spaces`` with no building on or next to them."""
    covered = zoo.covered
    return tuple(sorted(h for h in spaces if not map_a.connected_to_buildings(h, covered)))


def empty_building_spaces(zoo: Zoo) -> int:
    """Uncovered spaces that are neither rock nor water (Naturalists' Zoo)."""
    return len(map_a.BUILDABLE - zoo.covered)


def isolated_bonus_spaces(zoo: Zoo) -> tuple[map_a.Hex, ...]:
    """Uncovered placement-bonus spaces with no building next to them."""
    return unconnected(zoo, frozenset(map_a.BONUSES))
