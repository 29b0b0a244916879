"""Niagara's board as data: slots, gem hollows, gems, paddles and the weather chart.

Follows ``docs/rules/niagara.md`` §2-§4 and §10: a landing ``HOME``, the main
channel ``M1``-``M5``, the fork into the arms ``L6``-``L7`` and ``R6``-``R7``,
five gem hollows (violet at ``M3``, clear at ``M4``, yellow at ``M5``, blue at
``L6``/``R6``, pink at ``L7``/``R7``; §15 N-1) and the weather chart -1..+2.

Distances count slots from ``HOME`` (1 point each); a canoe leaving an arm's
last slot downstream goes over that arm's fall.
"""

from __future__ import annotations

from typing import NamedTuple

HOME = "HOME"
"""The landing above the rope: canoes start here and bank their gems here."""
LOST = "LOST"
"""Where a canoe is after going over the falls (until bought back)."""
FALLS = "FALLS"
"""The end of a canoe's own move that carries it over the falls."""

MAIN = ("M1", "M2", "M3", "M4", "M5")
ARMS = ("L", "R")
ARM_SLOTS: dict[str, tuple[str, str]] = {"L": ("L6", "L7"), "R": ("R6", "R7")}
RIVER = (*MAIN, "L6", "L7", "R6", "R7")
"""The nine river slots, each holding one disc."""
SLOTS = (HOME, *RIVER, LOST)
"""Every place a canoe can be."""

DIST: dict[str, int] = {HOME: 0, **{s: i + 1 for i, s in enumerate(MAIN)}}
DIST.update({"L6": 6, "L7": 7, "R6": 6, "R7": 7})
"""Slots from HOME; 8 or more downstream is over the falls."""
FALLS_DIST = 8

ARM_OF: dict[str, str] = {"L6": "L", "L7": "L", "R6": "R", "R7": "R"}

COLOURS = "VWYBP"
"""Gem colours: violet, clear (white), yellow, blue, pink; also the hollows' order."""
COLOUR_NAMES: dict[str, dict[str, str]] = {
    "V": {"en": "violet", "zh-Hant": "紫色"},
    "W": {"en": "clear", "zh-Hant": "透明"},
    "Y": {"en": "yellow", "zh-Hant": "黃色"},
    "B": {"en": "blue", "zh-Hant": "藍色"},
    "P": {"en": "pink", "zh-Hant": "粉紅色"},
}
GEM_VALUE: dict[str, int] = {"V": 1, "W": 2, "Y": 3, "B": 4, "P": 5}
"""BGA's gem values, used by the ``gem_value`` tie-break (§10)."""
GEMS_PER_COLOUR = 8
"""Gems of each colour in the box (§2); the ones not in a hollow are spares."""

HOLLOW_AT: dict[str, int] = {"M3": 0, "M4": 1, "M5": 2, "L6": 3, "R6": 3, "L7": 4, "R7": 4}
"""The hollow a slot reaches, as an index into ``COLOURS`` (its own colour)."""
HOLLOW_SLOTS: dict[str, tuple[str, ...]] = {
    "V": ("M3",),
    "W": ("M4",),
    "Y": ("M5",),
    "B": ("L6", "R6"),
    "P": ("L7", "R7"),
}

TILES = "123456C"
"""A player's seven paddles: 1 to 6 and the cloud (``C``)."""
CLOUD = "C"
WEATHER_MIN, WEATHER_MAX = -1, 2
WEATHER_START = 0

GOAL_COLOURS = 5
GOAL_SAME = 4
GOAL_TOTAL = 7

_ORDER = {c: i for i, c in enumerate(COLOURS)}


class Canoe(NamedTuple):
    """One canoe: where it is and the gem it carries (None when empty)."""

    slot: str
    gem: str | None = None


def gems_sorted(gems: str) -> str:
    """Gem letters in the fixed colour order (violet first)."""
    return "".join(sorted(gems, key=_ORDER.__getitem__))


def add_gem(gems: str, colour: str) -> str:
    """``gems`` with one more ``colour``, kept in colour order."""
    return gems_sorted(gems + colour)


def remove_gem(gems: str, colour: str) -> str:
    """``gems`` with one ``colour`` fewer (the caller makes sure it is there)."""
    i = gems.index(colour)
    return gems[:i] + gems[i + 1 :]


def downstream(start: str, k: int, arm: str | None) -> str:
    """Where a canoe at ``start`` ends after ``k`` points downstream.

    ``arm`` is the arm chosen below ``M5`` (ignored when the canoe is already in
    an arm or never passes ``M5``). Returns ``FALLS`` when the canoe goes over.
    """
    target = DIST[start] + k
    if target >= FALLS_DIST:
        return FALLS
    if target <= len(MAIN):
        return MAIN[target - 1]
    side = ARM_OF.get(start, arm)
    assert side is not None, "a path past M5 needs an arm"
    return ARM_SLOTS[side][target - 6]


def upstream(start: str, k: int) -> str:
    """Where a canoe at ``start`` ends after ``k`` points upstream (HOME stops it)."""
    target = DIST[start] - k
    if target <= 0:
        return HOME
    if target == 6:
        return ARM_SLOTS[ARM_OF[start]][0]
    return MAIN[target - 1]


def crosses_fork(start: str, k: int) -> bool:
    """True when ``k`` points downstream from ``start`` end in an arm chosen at M5."""
    return start not in ARM_OF and 6 <= DIST[start] + k < FALLS_DIST


def goal(bank: str) -> tuple[str, str | None] | None:
    """The goal a bank of gems meets, as data, or None (§10): ``("colours", None)`` for 5
    different colours, ``("same", colour)`` for 4 of one colour, ``("total", None)`` for 7."""
    if len(set(bank)) >= GOAL_COLOURS:
        return ("colours", None)
    for c in COLOURS:
        if bank.count(c) >= GOAL_SAME:
            return ("same", c)
    if len(bank) >= GOAL_TOTAL:
        return ("total", None)
    return None


def goal_met(bank: str) -> str | None:
    """The goal a bank of gems meets, in words, or None (§10)."""
    met = goal(bank)
    if met is None:
        return None
    kind, colour = met
    if kind == "colours":
        return f"{GOAL_COLOURS} different colours"
    if kind == "same" and colour is not None:
        return f"{GOAL_SAME} {COLOUR_NAMES[colour]['en']} gems"
    return f"{GOAL_TOTAL} gems"


def gem_value(bank: str) -> int:
    """Summed BGA value of banked gems (violet 1 ... pink 5)."""
    return sum(GEM_VALUE[c] for c in bank)
