"""The 30 base sponsors that score at the end of the game, one small rule each.

Rules text: ``docs/rules/ark_nova.md`` §6.4 lists 27 (TORB ``triggers``
holding ``end``, a single source); 258 Native Seabirds, 259 Native Lizards and
260 Native Farm Animals score at the end as well (their card text: "each 2
unconnected water / rock spaces: 1 CP", "each group of 6 spaces without
buildings: 1 CP"), though TORB marks them ``immediate``. Each rule's wording follows the card text
of TORB ``cards.jsonl`` (and ENDER's English locale where TORB has only the
Marine Worlds reprint: 208, 225, 226, 261). Rules marked ``verified=False``
rest on one source whose wording another source does not show; the report
and ``docs/formats/ark_nova.md`` list them.

"Connected" water, rock and bonus spaces: a space with a building on or next
to it (``map_a.connected_to_buildings``), rules spec §14 item 2.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engines.ark_nova import icons, map_a
from engines.ark_nova.cards import SPONSORS
from engines.ark_nova.zoo import Zoo


@dataclass(frozen=True)
class Gain:
    """What one end-of-game effect adds to a zoo, and why."""

    source: str
    cp: int = 0
    appeal: int = 0
    why: str = ""
    scorable: bool = True
    """False when the card could not be scored from what was entered."""


@dataclass(frozen=True)
class EndRule:
    """An end-game sponsor: its printed rule and how it scores a zoo."""

    number: int
    text: str
    score: Callable[[Zoo], tuple[int, int, str]]
    verified: bool = True
    map_based: bool = False
    """The rule reads the buildings on Map A: it cannot score a zoo whose
    buildings were not entered (``Zoo.map_known``)."""

    def gain(self, zoo: Zoo) -> Gain:
        source = f"{SPONSORS[self.number].name} ({self.number})"
        if self.map_based and not zoo.map_known:
            return Gain(source, 0, 0, NOT_SCORABLE, scorable=False)
        cp, appeal, why = self.score(zoo)
        return Gain(source, cp, appeal, why)


NOT_SCORABLE = "not scorable: this card reads Map A, and the zoo's buildings were not entered"
"""The breakdown's words for a map-based card of a zoo entered without buildings."""


def _icons_for_cp(icon: str, steps: tuple[int, ...]) -> Callable[[Zoo], tuple[int, int, str]]:
    """1 CP per threshold of ``steps`` reached by the icon count."""

    def score(zoo: Zoo) -> tuple[int, int, str]:
        count = icons.icon_count(zoo, icon)
        return sum(1 for s in steps if count.total >= s), 0, count.explain()

    return score


def _different(kind: str, need: int) -> Callable[[Zoo], tuple[int, int, str]]:
    def score(zoo: Zoo) -> tuple[int, int, str]:
        found = (
            icons.different_categories(zoo)
            if kind == "category"
            else icons.different_continents(zoo)
        )
        shown = ", ".join(f.replace("_", " ") for f in found) or "none"
        return int(len(found) >= need), 0, f"{len(found)} different {kind} icons ({shown})"

    return score


def _universities(zoo: Zoo) -> tuple[int, int, str]:
    n = len(zoo.universities)
    return int(n >= 3), 0, f"{n} universit{'y' if n == 1 else 'ies'}"


def _reputation(zoo: Zoo) -> tuple[int, int, str]:
    return int(zoo.reputation >= 9), 0, f"reputation {zoo.reputation}"


def _projects(zoo: Zoo) -> tuple[int, int, str]:
    n = len(zoo.projects)
    return int(n >= 5), 0, f"{n} conservation project supports"


def _kiosks(zoo: Zoo) -> tuple[int, int, str]:
    n = len(zoo.buildings_of("kiosk"))
    return int(n >= 5), 0, f"{n} kiosks"


def _small_enclosures(zoo: Zoo) -> tuple[int, int, str]:
    n = sum(1 for b in zoo.buildings_of("enclosure_1") if b.occupied)
    return int(n >= 5), 0, f"{n} occupied 1-space enclosures"


def _x_tokens(zoo: Zoo) -> tuple[int, int, str]:
    return 0, zoo.x_tokens, f"{zoo.x_tokens} X-tokens"


def _map_covered_appeal(zoo: Zoo) -> tuple[int, int, str]:
    done = icons.map_covered(zoo)
    left = len(map_a.BUILDABLE - zoo.covered)
    return (
        0,
        5 if done else 0,
        "map completely covered" if done else f"{left} building spaces uncovered",
    )


DIVERSITY_PAIRS = 3
"""Diversity Researcher (219) counts at most 3 pairs of water and rock icons (+6 appeal)."""


def _water_rock_pairs(zoo: Zoo) -> tuple[int, int, str]:
    water = icons.icon_count(zoo, "water").total
    rock = icons.icon_count(zoo, "rock").total
    pairs = min(water, rock, DIVERSITY_PAIRS)
    return (
        0,
        2 * pairs,
        f"{pairs} pairs of water and rock icons ({water} water, {rock} rock; "
        f"at most {DIVERSITY_PAIRS} pairs count)",
    )


def _border(zoo: Zoo) -> tuple[int, int, str]:
    left = len(map_a.BUILDABLE_BORDER - zoo.covered)
    return (
        int(left == 0),
        0,
        "all border spaces covered" if left == 0 else f"{left} border spaces uncovered",
    )


def _connected(terrain: str) -> Callable[[Zoo], tuple[int, int, str]]:
    spaces = map_a.WATER if terrain == "water" else map_a.ROCK

    def score(zoo: Zoo) -> tuple[int, int, str]:
        loose = icons.unconnected(zoo, spaces)
        if not loose:
            return 1, 0, f"all {terrain} spaces connected to buildings"
        return 0, 0, f"{len(loose)} {terrain} spaces with no building next to them"

    return score


def _unconnected_pairs(terrain: str) -> Callable[[Zoo], tuple[int, int, str]]:
    spaces = map_a.WATER if terrain == "water" else map_a.ROCK

    def score(zoo: Zoo) -> tuple[int, int, str]:
        n = len(icons.unconnected(zoo, spaces))
        return n // 2, 0, f"{n} {terrain} spaces with no building next to them"

    return score


def _empty_groups(zoo: Zoo) -> tuple[int, int, str]:
    n = icons.empty_building_spaces(zoo)
    return n // 6, 0, f"{n} building spaces without buildings"


def _isolated_bonuses(zoo: Zoo) -> tuple[int, int, str]:
    n = len(icons.isolated_bonus_spaces(zoo))
    return n // 2, 0, f"{n} unconnected placement-bonus spaces"


_RULES = (
    EndRule(201, "1 / 2 CP for 3 / 6 research icons", _icons_for_cp("research", (3, 6))),
    EndRule(203, "1 CP for 3 universities", _universities, verified=False),
    EndRule(208, "1 CP for 5 different animal category icons", _different("category", 5)),
    EndRule(209, "1 CP for 3 universities", _universities, verified=False),
    EndRule(210, "1 CP for 5 kiosks", _kiosks, verified=False, map_based=True),
    EndRule(211, "1 CP for 5 occupied 1-space enclosures", _small_enclosures, map_based=True),
    EndRule(214, "1 appeal per X-token", _x_tokens, verified=False),
    EndRule(215, "1 CP for 5 supports of conservation projects", _projects),
    EndRule(216, "1 CP with 9 or more reputation", _reputation, verified=False),
    EndRule(
        217,
        "5 appeal if the zoo map is completely covered",
        _map_covered_appeal,
        verified=False,
        map_based=True,
    ),
    EndRule(218, "1 CP for 5 supports of conservation projects", _projects),
    EndRule(219, "2 appeal per pair of water and rock icons", _water_rock_pairs, verified=False),
    EndRule(220, "1 CP with 9 or more reputation", _reputation),
    EndRule(221, "1 CP if all border spaces are covered", _border, verified=False, map_based=True),
    EndRule(225, "1 CP for 5 different continent icons", _different("continent", 5)),
    EndRule(226, "1 CP for 5 different continent icons", _different("continent", 5)),
    EndRule(241, "1 CP if all water spaces are connected", _connected("water"), map_based=True),
    EndRule(242, "1 CP if all rock spaces are connected", _connected("rock"), map_based=True),
    EndRule(243, "1 CP for 6 herbivore icons", _icons_for_cp("herbivore", (6,))),
    EndRule(244, "1 CP for 6 bird icons", _icons_for_cp("bird", (6,))),
    EndRule(245, "1 CP for 6 water icons", _icons_for_cp("water", (6,))),
    EndRule(246, "1 CP for 6 rock icons", _icons_for_cp("rock", (6,))),
    EndRule(247, "1 CP for 6 primate icons", _icons_for_cp("primate", (6,))),
    EndRule(251, "1 / 2 CP for 3 / 6 bear icons", _icons_for_cp("bear", (3, 6))),
    EndRule(
        257, "5 appeal if the zoo map is completely covered", _map_covered_appeal, map_based=True
    ),
    EndRule(261, "1 CP for 5 different animal category icons", _different("category", 5)),
    EndRule(
        264, "1 CP per 2 unconnected placement-bonus spaces", _isolated_bonuses, map_based=True
    ),
    EndRule(
        258, "1 CP per 2 unconnected water spaces", _unconnected_pairs("water"), map_based=True
    ),
    EndRule(259, "1 CP per 2 unconnected rock spaces", _unconnected_pairs("rock"), map_based=True),
    EndRule(
        260,
        "1 CP per group of 6 building spaces without buildings",
        _empty_groups,
        verified=False,
        map_based=True,
    ),
)

ENDGAME_SPONSORS: Mapping[int, EndRule] = MappingProxyType({r.number: r for r in _RULES})
"""Sponsor number -> its end-of-game rule (30 base sponsors)."""


def endgame_gains(zoo: Zoo) -> tuple[Gain, ...]:
    """The end-of-game gain of each played end-game sponsor, by card number."""
    return tuple(
        ENDGAME_SPONSORS[n].gain(zoo) for n in sorted(zoo.sponsors) if n in ENDGAME_SPONSORS
    )
