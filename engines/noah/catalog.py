"""Noah's pieces: 47 animal cards, 8 ferries, the card back, the pentagon mat and the
hand mats.

Card data follows ``docs/rules/noah.md`` §2 (BGA-CODE counts per gender and
player count; totals 31 / 39 / 47 confirmed). The copies marked 4+ and 5+ are
the extra copies beyond the 2-3 player deck; which physical copies carry the
marks is unverified (NOAH-Q1), only the counts matter to the rules.

Card ids: species code (3 letters) + gender (``M``, ``F``, ``X`` for the
double-ended snail) + copy number, e.g. ``CATF3``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engines.core import Catalog, Component

MALE, FEMALE = "M", "F"
GENDERS = (MALE, FEMALE)
GENDER_WORDS = {MALE: "male", FEMALE: "female"}

SNAIL, GIRAFFE, MULE, LION, WOODPECKER = "SNL", "GIR", "MUL", "LIO", "WOO"


@dataclass(frozen=True, slots=True)
class Species:
    """One of the twelve animal species and what its cards show."""

    code: str
    en: str
    zh: str
    weight: int
    tears: int
    power: str
    counts: tuple[int, int, int]
    """Cards per gender with 2-3, 4 and 5 players (the snail: cards in all)."""


SPECIES: tuple[Species, ...] = (
    Species(SNAIL, "Snail", "蝸牛", 1, 2, "gender chosen when played", (3, 3, 5)),
    Species(GIRAFFE, "Giraffe", "長頸鹿", 8, 0, "look at one opponent's hand", (1, 1, 1)),
    Species(MULE, "Mule", "驢仔", 6, 1, "Noah does not move", (1, 1, 2)),
    Species(LION, "Lion", "獅子", 5, 1, "take a random card, give one back", (1, 2, 2)),
    Species(WOODPECKER, "Woodpecker", "啄木鳥", 0, 2, "ferry limit 13", (1, 1, 1)),
    Species("CAT", "Cat", "貓", 2, 1, "", (2, 3, 3)),
    Species("ELE", "Elephant", "大象", 10, 0, "", (1, 1, 1)),
    Species("PAN", "Panda", "熊貓", 4, 4, "", (1, 2, 3)),
    Species("PAR", "Parrot", "鸚鵡", 0, 2, "", (2, 2, 3)),
    Species("KAN", "Kangaroo", "袋鼠", 3, 1, "", (2, 3, 3)),
    Species("RHI", "Rhinoceros", "犀牛", 9, 0, "", (1, 1, 1)),
    Species("BEA", "Bear", "熊", 7, 0, "", (1, 1, 1)),
)
SPECIES_BY_CODE = {s.code: s for s in SPECIES}


@dataclass(frozen=True, slots=True)
class Card:
    """One animal card."""

    id: str
    species: Species
    gender: str | None
    """``M`` or ``F``; None for the snail, whose gender is chosen when played."""
    mark: int
    """Smallest player count the card is used with: 2 (unmarked), 4 or 5."""

    @property
    def weight(self) -> int:
        return self.species.weight

    @property
    def tears(self) -> int:
        return self.species.tears


def _cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for sp in SPECIES:
        low, four, five = sp.counts
        genders: tuple[str | None, ...] = (None,) if sp.code == SNAIL else GENDERS
        for gender in genders:
            for copy in range(1, five + 1):
                mark = 2 if copy <= low else 4 if copy <= four else 5
                code = "X" if gender is None else gender
                cards.append(Card(f"{sp.code}{code}{copy}", sp, gender, mark))
    return tuple(cards)


CARDS: tuple[Card, ...] = _cards()
CARD_BY_ID: dict[str, Card] = {c.id: c for c in CARDS}


@cache
def deck_for(players: int) -> tuple[str, ...]:
    """Card ids used with ``players`` players (31, 31, 39 or 47 cards)."""
    return tuple(c.id for c in CARDS if c.mark <= max(players, 2))


FERRIES = 8
DOCKS = 5
RESERVE = FERRIES - DOCKS
"""Ferries left in the centre at round start, once every dock holds one."""
HAND = 8
"""Cards dealt to each player at round start."""
LAST_DEPARTURE = 4
"""The round ends after the fourth departure (or when a hand is empty)."""
FERRY_IDS = tuple(f"FERRY{i}" for i in range(1, FERRIES + 1))


def _components() -> list[Component]:
    comps = []
    for c in CARDS:
        sp = c.species
        gender_en = {"M": "male", "F": "female", None: "male or female"}[c.gender]
        gender_zh = {"M": "雄", "F": "雌", None: "雌雄皆可"}[c.gender]
        comps.append(
            Component(
                c.id,
                "card",
                {"en": f"{sp.en} ({gender_en})", "zh-Hant": f"{sp.zh}（{gender_zh}）"},
                {
                    "species": sp.code,
                    "species_en": sp.en,
                    "species_zh": sp.zh,
                    "weight": sp.weight,
                    "tears": sp.tears,
                    "gender": c.gender,
                    "power": sp.power,
                    "mark": c.mark,
                },
            )
        )
    for fid in FERRY_IDS:
        comps.append(Component(fid, "card", {"en": "Ferry", "zh-Hant": "駁船"}, {"capacity": 21}))
    comps.append(Component("BACK", "back", {"en": "Animal card back", "zh-Hant": "動物牌背面"}))
    comps.append(
        Component(
            "MAT",
            "mat",
            {"en": "Pentagon board with 5 docks", "zh-Hant": "五邊形計分圖板"},
            {"docks": DOCKS},
        )
    )
    comps.append(Component("NOAH", "token", {"en": "Noah pawn", "zh-Hant": "挪亞標記"}))
    comps += [
        Component(
            f"HAND{seat}",
            "mat",
            {"en": f"hand laid out, seat {seat}", "zh-Hant": f"攤牌區，座位 {seat}"},
            {"seat": seat, "layout": f"hand{seat}"},
        )
        for seat in range(1, 6)
    ]
    return comps


HAND_ZONE_MM = (240.0, 120.0)
"""Where a player lays out their hand face up at a round end (issue 11: scored from a
photo; the layout is ``printables.mats.noah``): 18 cards fanned in 3 rows of 6, each
card's tag showing, 40 mm apart (a hand held 12 cards at most at a round end in 24
seeded games of 2-5 players)."""


CATALOG = Catalog("noah", _components())
