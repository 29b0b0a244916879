"""The pieces of The Hare and the Tortoise: animals, race-card kinds and the catalog.

Follows ``docs/rules/hare_tortoise.md`` §2 (components) and §3 (track model).
The engine counts race cards by *kind*: the five animals, with the wolf split
into plain wolf cards (``W``) and the three howl cards (``W!``). The catalog
gives each of the 81 physical race cards its own id for the tags; its
``kind`` data field is the engine's card code.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.core import UNKNOWN, Catalog, Component

ANIMALS = ("hare", "tortoise", "wolf", "fox", "lamb")
"""The five animals in resolution order (§6)."""

ANIMAL_CODES = ("H", "T", "W", "F", "L")
"""One-letter code per animal (starting bet cards use these)."""

ANIMAL_ZH = ("兔子", "烏龜", "野狼", "狐狸", "綿羊")
HARE, TORTOISE, WOLF, FOX, LAMB = range(5)

KINDS = ("H", "T", "W", "W!", "F", "L", UNKNOWN)
"""Race-card codes; index 3 is the wolf howl card, the last slot an unknown card."""

HOWL = 3
UNK = 6
NKINDS = 7
KIND_ANIMAL = (HARE, TORTOISE, WOLF, WOLF, FOX, LAMB)
"""Animal index of each known race-card kind."""

FULL_DECK = (18, 17, 13, 3, 15, 15, 0)
"""Race cards per kind: hare 18, tortoise 17, wolf 16 of which 3 howl, fox 15, lamb 15 (§2)."""

RACE_CARDS = sum(FULL_DECK)
KIND_INDEX = {code: i for i, code in enumerate(KINDS)}
ANIMAL_INDEX = {code: i for i, code in enumerate(ANIMAL_CODES)}
for _i, _name in enumerate(ANIMALS):
    ANIMAL_INDEX[_name] = _i

TRACK_TILES = 11
"""Positions 1..11 are the tiles; 0 is the start line (§3)."""
FINISH = 12
"""Any position at or past 12 has crossed the finish line."""
HAND_SIZE = 6
DEALT = 7
MAX_TABLE = 8
MAX_ANIMAL = 4
PODIUM_POINTS = (5, 3, 2)
"""Points of a bet on the 1st, 2nd and 3rd animal (§7)."""

Counts = tuple[int, ...]
"""Cards per kind, indexed like ``KINDS``."""

ZERO: Counts = (0,) * NKINDS
COLOURS = ("brown", "green", "black", "yellow", "blue")
COLOURS_ZH = ("棕色", "綠色", "黑色", "黃色", "藍色")


def card_name(code: str) -> str:
    """English name of a race-card code (``W!`` is a wolf howl card)."""
    if code == "W!":
        return "wolf (howl)"
    if code == UNKNOWN:
        return "unknown card"
    return ANIMALS[ANIMAL_CODES.index(code)]


def cards_of(codes: Iterable[str]) -> Counts:
    """Counts per kind of a list of card codes."""
    lst = [0] * NKINDS
    for code in codes:
        lst[KIND_INDEX[code]] += 1
    return tuple(lst)


def codes_of(counts: Counts) -> list[str]:
    """The card codes of ``counts``, in ``KINDS`` order."""
    return [KINDS[k] for k in range(NKINDS) for _ in range(counts[k])]


def _race_cards() -> list[Component]:
    out: list[Component] = []
    for kind, count in enumerate(FULL_DECK[:UNK]):
        code = KINDS[kind]
        animal = KIND_ANIMAL[kind]
        for i in range(count):
            if kind == HOWL:
                cid = f"WX{i + 1}"
            elif kind == KIND_INDEX["W"]:
                cid = f"W{i + 1:02d}"
            else:
                cid = f"{code}{i + 1:02d}"
            out.append(
                Component(
                    cid,
                    "card",
                    {
                        "en": f"{ANIMALS[animal]} race card" + (" (howl)" if kind == HOWL else ""),
                        "zh-Hant": f"{ANIMAL_ZH[animal]}賽跑卡"
                        + ("（狼嚎）" if kind == HOWL else ""),
                    },
                    {"kind": code, "animal": ANIMALS[animal], "howl": kind == HOWL},
                )
            )
    return out


def _bet_cards() -> list[Component]:
    return [
        Component(
            f"B{code}",
            "card",
            {"en": f"{name} starting bet", "zh-Hant": f"{zh}下注卡"},
            {"bet": code, "animal": name},
        )
        for code, name, zh in zip(ANIMAL_CODES, ANIMALS, ANIMAL_ZH, strict=True)
    ]


def _track() -> list[Component]:
    tiles = [
        Component(
            f"P{i}",
            "tile",
            {"en": f"track tile {i} (plain)", "zh-Hant": f"賽道圖板 {i}"},
            {"stream": False, "faces": ["straight", "bend"]},
        )
        for i in range(1, 10)
    ]
    tiles += [
        Component(
            f"S{i}",
            "tile",
            {"en": f"stream tile {i}", "zh-Hant": f"溪水賽道圖板 {i}"},
            {"stream": True},
        )
        for i in (1, 2)
    ]
    return [
        Component("START", "tile", {"en": "start line", "zh-Hant": "起跑線"}, {"position": 0}),
        *tiles,
        Component(
            "FINISH", "tile", {"en": "finish line", "zh-Hant": "終點線"}, {"position": FINISH}
        ),
        Component("PODIUM", "board", {"en": "podium", "zh-Hant": "頒獎台"}, {"places": [1, 2, 3]}),
    ]


def _pawns() -> list[Component]:
    return [
        Component(
            f"A{code}",
            "token",
            {"en": f"{name} pawn", "zh-Hant": f"{zh}棋子"},
            {"animal": name, "colour": colour, "colour_zh": colour_zh},
        )
        for code, name, zh, colour, colour_zh in zip(
            ANIMAL_CODES, ANIMALS, ANIMAL_ZH, COLOURS, COLOURS_ZH, strict=True
        )
    ]


PLAY_ZONE_MM = (200.0, 100.0)
"""Played-card zone: room for 4 poker cards (63 x 88 mm) side by side, overlapped."""


def _zones() -> list[Component]:
    width, height = PLAY_ZONE_MM
    return [
        Component(
            f"Z{seat}",
            "mat",
            {"en": f"played cards, seat {seat}", "zh-Hant": f"出牌區，座位 {seat}"},
            {
                "seat": seat,
                "size_mm": [width, height],
                "zones": {"played": [[0, 0], [width, 0], [width, height], [0, height]]},
            },
        )
        for seat in range(1, 6)
    ]


CATALOG = Catalog(
    "hare_tortoise",
    [
        *_race_cards(),
        *_bet_cards(),
        Component("BACK", "back", {"en": "race card back", "zh-Hant": "賽跑卡背面"}),
        Component("BETBACK", "back", {"en": "bet card back", "zh-Hant": "下注卡背面"}),
        *_track(),
        *_pawns(),
        *_zones(),
    ],
)
"""Every physical piece: 81 race cards (howl marked), 5 bet cards, card backs,
11 track tiles (2 streams), start and finish lines, the podium, 5 pawns and
the per-seat played-card zones."""
