"""The 30 base sponsors that score at the end of the game, one small rule each.

Rules text: ``docs/rules/ark_nova.md`` §6.4 lists 27 (TORB ``triggers``
holding ``end``, a single source); 258 Native Seabirds, 259 Native Lizards and
260 Native Farm Animals score at the end as well (their card text: "each 2
unconnected water / rock spaces: 1 CP", "each group of 6 spaces without
buildings: 1 CP"), though TORB marks them ``immediate``. Each rule's facts (what it counts, its
thresholds, its gain) follow TORB ``cards.jsonl`` (and ENDER's English locale
where TORB has only the Marine Worlds reprint: 208, 225, 226, 261); its label is
the project's own. Rules marked ``verified=False``
rest on one source whose wording another source does not show; the report
and ``docs/formats/ark_nova.md`` list them.

"Connected" water, rock and bonus spaces: a space with a building on or next
to it (``map_a.connected_to_buildings``), rules spec §14 item 2.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

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
    params: Mapping[str, Any] = field(default_factory=dict)
    """The facts ``why`` says: ``count`` (what the card counts, as many as there are),
    ``needs`` (a final-scoring card's thresholds), ``met`` and ``beaten`` (Architectural
    and Diverse Species Zoo), ``right`` (the player on the right), ``entered`` (a count
    typed in)."""


Count = Callable[[Zoo], tuple[int, str]]
"""What a rule counts in a zoo, with the words for the breakdown."""

Reward = Callable[[int], tuple[int, int]]
"""(CP, appeal) a rule gives for its count."""


@dataclass(frozen=True)
class EndRule:
    """An end-game sponsor: its printed rule, what it counts and what the count gives.

    ``count`` reads a zoo; ``reward`` turns the count into (CP, appeal), so the
    same rule scores a whole zoo and a count typed into the quick score
    (``quick``). A yes/no rule counts 1 when its condition holds.
    """

    number: int
    text: str
    counts: str
    count: Count
    reward: Reward
    verified: bool = True
    map_based: bool = False
    """The rule reads the buildings on Map A: it cannot score a zoo whose
    buildings were not entered (``Zoo.map_known``)."""

    @property
    def source(self) -> str:
        return f"{SPONSORS[self.number].name} ({self.number})"

    def gain(self, zoo: Zoo) -> Gain:
        if self.map_based and not zoo.map_known:
            return Gain(self.source, 0, 0, NOT_SCORABLE, scorable=False)
        n, why = self.count(zoo)
        cp, appeal = self.reward(n)
        return Gain(self.source, cp, appeal, why, params={"count": n})

    def gain_of_count(self, n: int) -> Gain:
        cp, appeal = self.reward(n)
        why = f"{n} ({self.counts}), as entered"
        return Gain(self.source, cp, appeal, why, params={"count": n, "entered": True})


NOT_SCORABLE = "not scorable: this card reads Map A, and the zoo's buildings were not entered"
"""The breakdown's words for a map-based card of a zoo entered without buildings."""


def _steps(*steps: int) -> Reward:
    """1 CP per threshold of ``steps`` the count reaches."""
    return lambda n: (sum(1 for s in steps if n >= s), 0)


def _per(every: int, cp: int = 0, appeal: int = 0, most: int | None = None) -> Reward:
    """``cp`` and ``appeal`` per ``every`` counted (at most ``most`` times)."""

    def reward(n: int) -> tuple[int, int]:
        times = n // every if most is None else min(n // every, most)
        return cp * times, appeal * times

    return reward


def _icons(icon: str) -> Count:
    def count(zoo: Zoo) -> tuple[int, str]:
        c = icons.icon_count(zoo, icon)
        return c.total, c.explain()

    return count


def _different(kind: str) -> Count:
    def count(zoo: Zoo) -> tuple[int, str]:
        found = (
            icons.different_categories(zoo)
            if kind == "category"
            else icons.different_continents(zoo)
        )
        shown = ", ".join(f.replace("_", " ") for f in found) or "none"
        return len(found), f"{len(found)} different {kind} icons ({shown})"

    return count


def _universities(zoo: Zoo) -> tuple[int, str]:
    n = len(zoo.universities)
    return n, f"{n} universit{'y' if n == 1 else 'ies'}"


def _reputation(zoo: Zoo) -> tuple[int, str]:
    return zoo.reputation, f"reputation {zoo.reputation}"


def _projects(zoo: Zoo) -> tuple[int, str]:
    n = len(zoo.projects)
    return n, f"{n} conservation project supports"


def _kiosks(zoo: Zoo) -> tuple[int, str]:
    n = len(zoo.buildings_of("kiosk"))
    return n, f"{n} kiosks"


def _small_enclosures(zoo: Zoo) -> tuple[int, str]:
    n = sum(1 for b in zoo.buildings_of("enclosure_1") if b.occupied)
    return n, f"{n} occupied 1-space enclosures"


def _x_tokens(zoo: Zoo) -> tuple[int, str]:
    return zoo.x_tokens, f"{zoo.x_tokens} X-tokens"


def _map_covered(zoo: Zoo) -> tuple[int, str]:
    done = icons.map_covered(zoo)
    left = len(map_a.BUILDABLE - zoo.covered)
    return int(done), "map completely covered" if done else f"{left} building spaces uncovered"


DIVERSITY_PAIRS = 3
"""Diversity Researcher (219) counts at most 3 pairs of water and rock icons (+6 appeal)."""


def _water_rock_pairs(zoo: Zoo) -> tuple[int, str]:
    water = icons.icon_count(zoo, "water").total
    rock = icons.icon_count(zoo, "rock").total
    pairs = min(water, rock)
    return pairs, (
        f"{pairs} pairs of water and rock icons ({water} water, {rock} rock; "
        f"at most {DIVERSITY_PAIRS} pairs count)"
    )


def _border(zoo: Zoo) -> tuple[int, str]:
    left = len(map_a.BUILDABLE_BORDER - zoo.covered)
    return int(left == 0), (
        "all border spaces covered" if left == 0 else f"{left} border spaces uncovered"
    )


def _connected(terrain: str) -> Count:
    spaces = map_a.WATER if terrain == "water" else map_a.ROCK

    def count(zoo: Zoo) -> tuple[int, str]:
        loose = icons.unconnected(zoo, spaces)
        if not loose:
            return 1, f"all {terrain} spaces connected to buildings"
        return 0, f"{len(loose)} {terrain} spaces with no building next to them"

    return count


def _unconnected(terrain: str) -> Count:
    spaces = map_a.WATER if terrain == "water" else map_a.ROCK

    def count(zoo: Zoo) -> tuple[int, str]:
        n = len(icons.unconnected(zoo, spaces))
        return n, f"{n} {terrain} spaces with no building next to them"

    return count


def _empty_spaces(zoo: Zoo) -> tuple[int, str]:
    n = icons.empty_building_spaces(zoo)
    return n, f"{n} building spaces without buildings"


def _isolated_bonuses(zoo: Zoo) -> tuple[int, str]:
    n = len(icons.isolated_bonus_spaces(zoo))
    return n, f"{n} unconnected placement-bonus spaces"


_RESEARCH = "research icons"
_UNIVERSITIES = "universities"
_PROJECTS = "conservation project supports"
_MET = "1 if met, else 0"

_RULES = (
    EndRule(201, "1 / 2 CP for 3 / 6 research icons", _RESEARCH, _icons("research"), _steps(3, 6)),
    EndRule(203, "1 CP for 3 universities", _UNIVERSITIES, _universities, _steps(3),
            verified=False),
    EndRule(208, "1 CP for 5 different animal category icons", "different category icons",
            _different("category"), _steps(5)),
    EndRule(209, "1 CP for 3 universities", _UNIVERSITIES, _universities, _steps(3),
            verified=False),
    EndRule(210, "1 CP for 5 kiosks", "kiosks", _kiosks, _steps(5), verified=False,
            map_based=True),
    EndRule(211, "1 CP for 5 occupied 1-space enclosures", "occupied 1-space enclosures",
            _small_enclosures, _steps(5), map_based=True),
    EndRule(214, "1 appeal per X-token", "X-tokens", _x_tokens, _per(1, appeal=1),
            verified=False),
    EndRule(215, "1 CP for 5 supports of conservation projects", _PROJECTS, _projects, _steps(5)),
    EndRule(216, "1 CP with 9 or more reputation", "reputation", _reputation, _steps(9),
            verified=False),
    EndRule(217, "5 appeal if the zoo map is completely covered", f"map covered, {_MET}",
            _map_covered, _per(1, appeal=5, most=1), verified=False, map_based=True),
    EndRule(218, "1 CP for 5 supports of conservation projects", _PROJECTS, _projects, _steps(5)),
    EndRule(219, "2 appeal per pair of water and rock icons, at most 3 pairs",
            "pairs of water and rock icons", _water_rock_pairs,
            _per(1, appeal=2, most=DIVERSITY_PAIRS), verified=False),
    EndRule(220, "1 CP with 9 or more reputation", "reputation", _reputation, _steps(9)),
    EndRule(221, "1 CP if all border spaces are covered", f"border covered, {_MET}", _border,
            _steps(1), verified=False, map_based=True),
    EndRule(225, "1 CP for 5 different continent icons", "different continent icons",
            _different("continent"), _steps(5)),
    EndRule(226, "1 CP for 5 different continent icons", "different continent icons",
            _different("continent"), _steps(5)),
    EndRule(241, "1 CP if all water spaces are connected", f"water connected, {_MET}",
            _connected("water"), _steps(1), map_based=True),
    EndRule(242, "1 CP if all rock spaces are connected", f"rock connected, {_MET}",
            _connected("rock"), _steps(1), map_based=True),
    EndRule(243, "1 CP for 6 herbivore icons", "herbivore icons", _icons("herbivore"), _steps(6)),
    EndRule(244, "1 CP for 6 bird icons", "bird icons", _icons("bird"), _steps(6)),
    EndRule(245, "1 CP for 6 water icons", "water icons", _icons("water"), _steps(6)),
    EndRule(246, "1 CP for 6 rock icons", "rock icons", _icons("rock"), _steps(6)),
    EndRule(247, "1 CP for 6 primate icons", "primate icons", _icons("primate"), _steps(6)),
    EndRule(251, "1 / 2 CP for 3 / 6 bear icons", "bear icons", _icons("bear"), _steps(3, 6)),
    EndRule(257, "5 appeal if the zoo map is completely covered", f"map covered, {_MET}",
            _map_covered, _per(1, appeal=5, most=1), map_based=True),
    EndRule(258, "1 CP per 2 unconnected water spaces", "unconnected water spaces",
            _unconnected("water"), _per(2, cp=1), map_based=True),
    EndRule(259, "1 CP per 2 unconnected rock spaces", "unconnected rock spaces",
            _unconnected("rock"), _per(2, cp=1), map_based=True),
    EndRule(260, "1 CP per group of 6 building spaces without buildings",
            "building spaces without buildings", _empty_spaces, _per(6, cp=1), verified=False,
            map_based=True),
    EndRule(261, "1 CP for 5 different animal category icons", "different category icons",
            _different("category"), _steps(5)),
    EndRule(264, "1 CP per 2 unconnected placement-bonus spaces",
            "unconnected placement-bonus spaces", _isolated_bonuses, _per(2, cp=1),
            map_based=True),
)  # fmt: skip

ENDGAME_SPONSORS: Mapping[int, EndRule] = MappingProxyType({r.number: r for r in _RULES})
"""Sponsor number -> its end-of-game rule (30 base sponsors)."""


def endgame_gains(zoo: Zoo) -> tuple[Gain, ...]:
    """The end-of-game gain of each played end-game sponsor, by card number."""
    return tuple(
        ENDGAME_SPONSORS[n].gain(zoo) for n in sorted(zoo.sponsors) if n in ENDGAME_SPONSORS
    )
