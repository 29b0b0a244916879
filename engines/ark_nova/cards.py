"""Ark Nova card data: animals, sponsors, conservation projects, final-scoring cards.

Rules text: ``docs/rules/ark_nova.md`` §6.3 (final scoring cards, both
printings), §6.5 (conservation projects) and §10 (card data and its patch
list). Animals and sponsors come from ``carddata`` (PixelT, MIT); ``PATCHES``
corrects the known gaps of that source, each entry with its reason. Marine
Worlds cards are kept and marked (``marine_worlds``); the base game holds 128
animals (401-528) and 64 sponsors (201-264).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engines.ark_nova import names_zh
from engines.ark_nova.carddata import ANIMAL_ROWS, SPONSOR_ROWS

CATEGORIES = ("bird", "herbivore", "predator", "reptile", "primate", "sea_animal")
"""Animal category icons (sea animals come with Marine Worlds)."""

CONTINENTS = ("africa", "europe", "asia", "australia", "americas")
"""Continent icons, also the continents of partner zoos."""

OTHER_ICONS = ("research", "rock", "water", "bear", "petting")
"""Other icons counted at the end: research, rock/water needs, bear, petting-zoo animal."""

ICONS = CATEGORIES + CONTINENTS + OTHER_ICONS

_TYPE_CODES = {
    1: "bird",
    2: "herbivore",
    3: "predator",
    4: "reptile",
    5: "primate",
    6: "sea_animal",
}
_AREA_CODES = {1: "africa", 2: "europe", 3: "asia", 4: "australia", 5: "americas"}


def _freeze(counts: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType({k: v for k, v in counts.items() if v})


@dataclass(frozen=True)
class Patch:
    """One correction of the source data.

    Attributes:
        card: card number.
        field: ``icon:<icon>`` (that icon's count on the card) or ``price``.
        value: the corrected value.
        reason: why, and which sources agree.
        verified: False while the value still needs a look at the physical card.
    """

    card: int
    field: str
    value: int
    reason: str
    verified: bool = True


PATCHES: tuple[Patch, ...] = (
    # Doubled icons the source stores once (rules spec §10; TORB lists both icons).
    Patch(401, "icon:predator", 2, "Cheetah prints 2 predator icons"),
    Patch(426, "icon:africa", 2, "African Bush Elephant prints 2 Africa icons"),
    Patch(431, "icon:asia", 2, "Asian Elephant prints 2 Asia icons"),
    Patch(436, "icon:americas", 2, "American Bison prints 2 Americas icons"),
    Patch(441, "icon:europe", 2, "European Bison prints 2 Europe icons"),
    Patch(446, "icon:australia", 2, "Dugong prints 2 Australia icons"),
    Patch(457, "icon:primate", 2, "Mandrill prints 2 primate icons"),
    # Rock/water needs of 2 that the source's 0/1 flags cannot hold.
    Patch(407, "icon:water", 2, "Sumatran Tiger needs 2 water spaces"),
    Patch(446, "icon:water", 2, "Dugong needs 2 water spaces"),
    Patch(515, "icon:water", 2, "Australian Pelican needs 2 water spaces"),
    Patch(444, "icon:rock", 2, "Alpine Ibex needs 2 rock spaces"),
    # Conflicting values between sources.
    Patch(463, "price", 11, "price 14 in the source, 11 in ENDER and TORB", verified=False),
    Patch(482, "icon:water", 1, "kept at 1 (source, TORB); ENDER has 0", verified=False),
    # Sponsors: multiplicities the source cannot hold.
    Patch(223, "icon:research", 2, "Science Institute prints 2 research icons"),
    Patch(245, "icon:water", 2, "Aquarium needs 2 water spaces (2 water icons)"),
    Patch(246, "icon:rock", 2, "Cable Car needs 2 rock spaces (2 rock icons)"),
    # Sponsorship cards: the source's type is the card's condition, not an icon on it.
    Patch(231, "icon:primate", 0, "the primate icon is Sponsorship: Primates' condition"),
    Patch(232, "icon:reptile", 0, "the reptile icon is Sponsorship: Reptiles' condition"),
    Patch(233, "icon:bird", 0, "the bird icon is Sponsorship: Vultures' condition"),
    Patch(234, "icon:predator", 0, "the predator icon is Sponsorship: Lions' condition"),
    Patch(235, "icon:herbivore", 0, "the herbivore icon is Sponsorship: Elephants' condition"),
)


NAME_FIXES = {
    # Spelling slips in the source's English names (the cards print these).
    466: "Bolivian Red Howler",
    501: "Indian Peafowl",
    528: "Bennett's Wallaby",
    205: "Gorilla Field Research",
    252: "Spotted Hyena Compound",
}

_SMALL_WORDS = frozenset({"on", "in", "the", "of", "and"})


def display_name(number: int, name: str) -> str:
    """The card's English name: spelling fixed, each word capitalised ("Science Lab")."""
    name = NAME_FIXES.get(number, name)
    words = name.split(" ")
    return " ".join(
        w if (i and w in _SMALL_WORDS) or not w[:1].islower() else w[:1].upper() + w[1:]
        for i, w in enumerate(words)
    )


def _patches_for(card: int) -> tuple[Patch, ...]:
    return tuple(p for p in PATCHES if p.card == card)


@dataclass(frozen=True)
class Animal:
    """An animal card as printed (after patches).

    Attributes:
        number: 401-528 base, 529-560 Marine Worlds.
        icons: icon counts on the card's top edge, including rock/water needs.
        size: standard enclosure size (0: petting-zoo animal, no standard enclosure).
        reptile_house: may live in the reptile house; ``aviary`` likewise.
        petting: petting-zoo animal (petting zoo only).
    """

    number: int
    name: str
    marine_worlds: bool
    icons: Mapping[str, int]
    size: int
    reptile_house: bool
    aviary: bool
    petting: bool
    price: int
    appeal: int
    conservation: int
    reputation: int
    ability: str
    patched: tuple[Patch, ...] = field(default=(), compare=False)

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(c for c in CATEGORIES if self.icons.get(c)) + (
            ("petting",) if self.petting else ()
        )

    @property
    def continents(self) -> tuple[str, ...]:
        return tuple(c for c in CONTINENTS if self.icons.get(c))

    @property
    def large(self) -> bool:
        """Needs a standard enclosure of size 4 or more (the "large animal" icon)."""
        return self.size >= 4

    @property
    def small(self) -> bool:
        """Needs a standard enclosure of size 1 or 2 (the "small animal" icon)."""
        return 1 <= self.size <= 2

    @property
    def name_zh(self) -> str:
        return names_zh.ANIMALS.get(self.number, self.name)


@dataclass(frozen=True)
class Sponsor:
    """A sponsor card as printed (after patches); ``level`` is its strength."""

    number: int
    name: str
    marine_worlds: bool
    level: int
    icons: Mapping[str, int]
    conservation: int
    reputation: int
    patched: tuple[Patch, ...] = field(default=(), compare=False)

    @property
    def name_zh(self) -> str:
        return names_zh.SPONSORS.get(self.number, self.name)


def _apply_patches(number: int, icons: dict[str, int], price: int) -> tuple[dict[str, int], int]:
    for patch in _patches_for(number):
        if patch.field == "price":
            price = patch.value
        else:
            icons[patch.field.removeprefix("icon:")] = patch.value
    return icons, price


def _build_animals() -> dict[int, Animal]:
    out: dict[int, Animal] = {}
    for row in ANIMAL_ROWS:
        (num, name, marine, types, area, size, rock, water, aviary, terrarium, pet, bear) = row[:12]
        price, appeal, conservation, reputation, science, action = row[12:]
        icons: dict[str, int] = {}
        for code in types:
            icons[_TYPE_CODES[code]] = icons.get(_TYPE_CODES[code], 0) + 1
        if area:
            icons[_AREA_CODES[area]] = 1
        icons.update(rock=rock, water=water, bear=bear, petting=pet, research=int(science))
        icons, price = _apply_patches(num, icons, price)
        out[num] = Animal(
            number=num,
            name=display_name(num, name),
            marine_worlds=marine,
            icons=_freeze(icons),
            size=size,
            reptile_house=bool(terrarium),
            aviary=bool(aviary),
            petting=bool(pet),
            price=price,
            appeal=appeal,
            conservation=conservation,
            reputation=reputation,
            ability=action,
            patched=_patches_for(num),
        )
    return out


def _build_sponsors() -> dict[int, Sponsor]:
    out: dict[int, Sponsor] = {}
    for row in SPONSOR_ROWS:
        num, name, marine, level, types, area, rock, water, pet, bear, science = row[:11]
        conservation, reputation = row[11:]
        icons: dict[str, int] = {}
        for code in types:
            icons[_TYPE_CODES[code]] = icons.get(_TYPE_CODES[code], 0) + 1
        if area:
            icons[_AREA_CODES[area]] = 1
        icons.update(rock=rock, water=water, bear=bear, petting=pet, research=science)
        icons, _ = _apply_patches(num, icons, 0)
        out[num] = Sponsor(
            number=num,
            name=display_name(num, name),
            marine_worlds=marine,
            level=level,
            icons=_freeze(icons),
            conservation=conservation,
            reputation=reputation,
            patched=_patches_for(num),
        )
    return out


ANIMALS: Mapping[int, Animal] = MappingProxyType(_build_animals())
SPONSORS: Mapping[int, Sponsor] = MappingProxyType(_build_sponsors())
BASE_ANIMALS = tuple(a for a in ANIMALS.values() if not a.marine_worlds)
BASE_SPONSORS = tuple(s for s in SPONSORS.values() if not s.marine_worlds)


# --------------------------------------------------------------------------- projects


@dataclass(frozen=True)
class Project:
    """A conservation project: three levels of (condition, CP), best first.

    ``levels`` are (threshold, CP) pairs; ``counts`` says what the threshold
    counts (icons of a kind, different categories, enclosure size of the
    released animal, ...). ``extra`` holds rewards beyond CP.
    """

    number: int
    name: str
    counts: str
    levels: tuple[tuple[int, int], ...]
    extra: str = ""
    verified: bool = True

    @property
    def base(self) -> bool:
        """Base projects (101-112) lie beside the board; 113-132 are in the Zoo deck."""
        return self.number <= 112

    @property
    def name_zh(self) -> str:
        return names_zh.PROJECTS[self.number]


_FIVE_THREE_TWO = ((5, 5), (4, 3), (2, 2))
_FIVE_FOUR_TWO = ((5, 5), (4, 4), (2, 2))
_RELEASE = ((4, 5), (3, 4), (2, 3))
_COLLECT = ((5, 4), (4, 3), (2, 2))
BREEDING = ((2, 2), (1, 2), (2, 0))
"""Breeding programmes 123-127: (CP, reputation) per level, best first (TORB, one source)."""
_BREEDING = tuple((1, cp) for cp, _ in BREEDING)

PROJECTS: Mapping[int, Project] = MappingProxyType(
    {
        p.number: p
        for p in (
            Project(101, "Species Diversity", "different category icons", ((5, 5), (4, 3), (3, 2))),
            Project(
                102, "Habitat Diversity", "different continent icons", ((5, 5), (4, 3), (3, 2))
            ),
            Project(103, "Africa", "africa icons", _FIVE_THREE_TWO),
            Project(104, "Americas", "americas icons", _FIVE_THREE_TWO),
            Project(105, "Australia", "australia icons", _FIVE_FOUR_TWO),
            Project(106, "Asia", "asia icons", _FIVE_THREE_TWO),
            Project(107, "Europe", "europe icons", _FIVE_FOUR_TWO),
            Project(108, "Primates", "primate icons", _FIVE_FOUR_TWO),
            Project(109, "Reptiles", "reptile icons", _FIVE_FOUR_TWO),
            Project(110, "Predators", "predator icons", _FIVE_FOUR_TWO),
            Project(111, "Herbivores", "herbivore icons", _FIVE_FOUR_TWO),
            Project(112, "Birds", "bird icons", _FIVE_FOUR_TWO),
            Project(113, "Bavarian Forest National Park", "release: europe", _RELEASE, "+1 rep"),
            Project(114, "Yosemite National Park", "release: americas", _RELEASE, "+1 rep"),
            Project(115, "Angthong National Park", "release: asia", _RELEASE, "+1 rep"),
            Project(116, "Serengeti National Park", "release: africa", _RELEASE, "+1 rep"),
            Project(117, "Blue Mountains National Park", "release: australia", _RELEASE, "+1 rep"),
            Project(118, "Savanna", "release: predator", _RELEASE, "+1 rep"),
            Project(119, "Low Mountain Range", "release: bird", _RELEASE, "+1 rep"),
            Project(120, "Bamboo Forest", "release: herbivore", _RELEASE, "+1 rep"),
            Project(121, "Sea Cave", "release: reptile", _RELEASE, "+1 rep"),
            Project(122, "Jungle", "release: primate", _RELEASE, "+1 rep"),
            Project(123, "Bird Breeding Program", "breeding: bird", _BREEDING, "+2 rep", False),
            Project(
                124, "Predator Breeding Program", "breeding: predator", _BREEDING, "+2 rep", False
            ),
            Project(
                125, "Reptile Breeding Program", "breeding: reptile", _BREEDING, "+2 rep", False
            ),
            Project(
                126, "Herbivore Breeding Program", "breeding: herbivore", _BREEDING, "+2 rep", False
            ),
            Project(
                127, "Primate Breeding Program", "breeding: primate", _BREEDING, "+2 rep", False
            ),
            Project(128, "Aquatic", "water icons", _COLLECT),
            # Middle level disputed: 4 (ENDER) or 3 (TORB) rock icons; provisional 4.
            Project(129, "Geological", "rock icons", _COLLECT, verified=False),
            Project(130, "Small Animals", "small animals", ((8, 4), (5, 3), (2, 2))),
            Project(131, "Large Animals", "large animals", ((4, 4), (3, 3), (2, 2))),
            Project(132, "Research", "research icons", _COLLECT),
        )
    }
)


# --------------------------------------------------------------------------- final scoring


@dataclass(frozen=True)
class FinalScoringCard:
    """A final-scoring card, its thresholds for 1/2/3/4 CP in both printings.

    ``first`` holds the first printing (rulebook v1.0), ``marine_worlds`` the
    revised copies shipped with Marine Worlds; both empty for the two cards
    scored by their own rule (004 Architectural, 009 Diverse Species).
    """

    id: str
    name: str
    counts: str
    first: tuple[int, int, int, int] | tuple[()]
    marine_worlds: tuple[int, int, int, int] | tuple[()]

    def thresholds(self, printing: str) -> tuple[int, ...]:
        return self.marine_worlds if printing == "marine_worlds" else self.first

    @property
    def name_zh(self) -> str:
        return names_zh.FINAL_SCORING[self.id]


FINAL_SCORING: Mapping[str, FinalScoringCard] = MappingProxyType(
    {
        c.id: c
        for c in (
            FinalScoringCard(
                "001", "Large Animal Zoo", "large animals", (1, 2, 4, 5), (1, 2, 3, 4)
            ),
            FinalScoringCard(
                "002", "Small Animal Zoo", "small animals", (3, 6, 8, 10), (3, 6, 8, 10)
            ),
            FinalScoringCard("003", "Research Zoo", "research icons", (3, 4, 5, 6), (3, 4, 5, 7)),
            FinalScoringCard("004", "Architectural Zoo", "map conditions", (), ()),
            FinalScoringCard(
                "005", "Conservation Zoo", "projects supported", (3, 4, 5, 6), (2, 3, 4, 5)
            ),
            FinalScoringCard(
                "006", "Naturalists' Zoo", "empty building spaces", (6, 12, 18, 24), (6, 12, 18, 24)
            ),
            FinalScoringCard("007", "Favorite Zoo", "reputation", (6, 9, 12, 15), (6, 9, 12, 15)),
            FinalScoringCard("008", "Sponsored Zoo", "sponsor cards", (3, 6, 8, 10), (3, 5, 7, 9)),
            FinalScoringCard("009", "Diverse Species Zoo", "categories beating your right", (), ()),
            FinalScoringCard("010", "Climbing Park", "rock icons", (1, 3, 5, 7), (1, 3, 5, 6)),
            FinalScoringCard("011", "Aquatic Park", "water icons", (2, 4, 6, 8), (2, 4, 6, 7)),
        )
    }
)
