"""Building on Map A: where a building may go, what it costs and what covering gives.

Rules text: ``docs/rules/ark_nova.md`` §8.1 (grid), §8.2 (Map A hexes,
bonuses, +7 appeal for covering the map), §8.4 (shapes: 6 rotations, and the
mirror image since special enclosures are printed alike on both sides) and
§8.5 (build rules; seed text "建造限制"). Fixed reading: kiosks stand at hex
distance 3 or more (ZH "至少2格" counts the spaces between).

A placement is checked rule by rule in this order, and the first broken rule
is named with its code and the hexes involved:

====================================  ===============================================
code                                  rule
====================================  ===============================================
``ark_nova.build.side``               reptile house and aviary need Build side II
``ark_nova.build.special_twice``      one of each special enclosure per zoo
``ark_nova.build.repeat``             side II: different buildings in one action
``ark_nova.build.strength``           size within the strength left
``ark_nova.build.money``              2 money per hex, paid before placing
``ark_nova.build.off_map``            every hex on Map A
``ark_nova.build.covered``            nothing covered twice
``ark_nova.build.rock``               no rock space (unless Diversity Researcher)
``ark_nova.build.water``              no water space (unless Diversity Researcher)
``ark_nova.build.upgrade_only``       "II" hexes need Build side II
``ark_nova.build.not_adjacent``       an edge shared with an existing building
``ark_nova.build.border``             a zoo's first building touches a border space
``ark_nova.build.kiosk_distance``     kiosks at hex distance 3 or more
====================================  ===============================================
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engines.ark_nova import map_a
from engines.ark_nova.board import PlayerBoard, gain_appeal, gain_reputation, gain_x_tokens
from engines.ark_nova.map_a import Hex
from engines.ark_nova.said import Said
from engines.ark_nova.zoo import DIVERSITY_RESEARCHER, Building, Zoo
from engines.core import UNKNOWN, InvalidMove, Verdict

MONEY_PER_HEX = 2
"""Each hex of a building costs 2 money (RB p.10)."""

MIN_KIOSK_DISTANCE = 3
"""Hex distance between two kiosks (RB p.10; TAG ``MINIMUM_KIOSK_DISTANCE``)."""

FULL_MAP_APPEAL = 7
PAVILION_APPEAL = 1

SHORT = {
    "kiosk": "k",
    "pavilion": "p",
    "enclosure_1": "e1",
    "enclosure_2": "e2",
    "enclosure_3": "e3",
    "enclosure_4": "e4",
    "enclosure_5": "e5",
    "petting_zoo": "pz",
    "reptile_house": "rh",
    "aviary": "av",
}
"""Short building names for the text notation (the long names are read too)."""

_BY_SHORT = {v: k for k, v in SHORT.items()}

LABELS = {
    "kiosk": "kiosk",
    "pavilion": "pavilion",
    "enclosure_1": "size-1 enclosure",
    "enclosure_2": "size-2 enclosure",
    "enclosure_3": "size-3 enclosure",
    "enclosure_4": "size-4 enclosure",
    "enclosure_5": "size-5 enclosure",
    "petting_zoo": "petting zoo",
    "reptile_house": "reptile house",
    "aviary": "large bird aviary",
}

BONUS_TEXT = {
    "reputation": "+2 reputation",
    "x_token": "+1 X-token",
    "money5": "+5 money",
    "money10": "+10 money",
    "card": "+1 card (from the deck or in reputation range)",
    "worker": "+1 association worker",
}


def hexes_text(hexes: Iterable[Hex]) -> str:
    """``[2,3] [2,4]``: hexes as the JSON writes them."""
    return " ".join(f"[{c},{r}]" for c, r in hexes)


# --------------------------------------------------------------------------- placements


_PLACEMENT = re.compile(
    r"(?P<kind>[a-z_0-9]+)@(?P<col>-?\d+),(?P<row>-?\d+)(?:r(?P<rot>[0-5]))?(?P<m>m)?"
)


@dataclass(frozen=True)
class Placement:
    """One building tile laid on Map A: shape, anchor hex, rotation, mirror.

    Notation ``e3@2,3r1`` (``m`` appended for the flipped tile); JSON
    ``{"building": "enclosure_3", "at": [2, 3], "rotation": 1}``.
    """

    building: str
    at: Hex
    rotation: int = 0
    mirror: bool = False

    def __post_init__(self) -> None:
        if self.building not in map_a.SHAPES:
            known = ", ".join(map_a.SHAPES)
            raise InvalidMove(f"cannot build {self.building!r}; buildings: {known}")
        if not 0 <= self.rotation <= 5:
            raise InvalidMove(f"rotation {self.rotation} is not 0-5")

    @property
    def shape(self) -> map_a.Shape:
        return map_a.SHAPES[self.building]

    @property
    def size(self) -> int:
        return self.shape.size

    @property
    def cells(self) -> tuple[Hex, ...]:
        return self.shape.footprint(self.at, self.rotation, self.mirror)

    @property
    def label(self) -> str:
        return f"{LABELS[self.building]} at {hexes_text([self.at])}"

    def notation(self) -> str:
        c, r = self.at
        return f"{SHORT[self.building]}@{c},{r}r{self.rotation}{'m' if self.mirror else ''}"

    @classmethod
    def from_notation(cls, text: str) -> Placement | None:
        m = _PLACEMENT.fullmatch(text.strip())
        if not m:
            return None
        kind = _BY_SHORT.get(m["kind"], m["kind"])
        if kind not in map_a.SHAPES:
            return None
        return cls(kind, (int(m["col"]), int(m["row"])), int(m["rot"] or 0), bool(m["m"]))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "building": self.building,
            "at": list(self.at),
            "rotation": self.rotation,
        }
        if self.mirror:
            out["mirror"] = True
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Placement:
        if not isinstance(obj, Mapping):
            raise InvalidMove(f"a placement is a JSON object, not {obj!r}")
        at = obj.get("at")
        if (
            not isinstance(at, list | tuple)
            or len(at) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in at)
        ):
            raise InvalidMove(f"a placement's 'at' is [col, row], not {at!r}")
        rotation = obj.get("rotation", 0)
        if isinstance(rotation, bool) or not isinstance(rotation, int):
            raise InvalidMove(f"rotation must be a whole number, not {rotation!r}")
        return cls(str(obj.get("building")), (at[0], at[1]), rotation, bool(obj.get("mirror")))

    def as_building(self) -> Building:
        return Building.standard(self.building, self.at, self.rotation, self.mirror)


# --------------------------------------------------------------------------- checking


@dataclass(frozen=True)
class Problem:
    """The first build rule a placement breaks: code, sentence, hexes involved."""

    code: str
    reason: str
    hexes: tuple[Hex, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The numbers and names of ``reason`` (``Verdict.params``)."""

    def verdict(self) -> Verdict:
        return Verdict.illegal(self.code, self.reason, **self.params)


@dataclass(frozen=True)
class Site:
    """What the build rules read from a zoo, computed once per zoo.

    Attributes:
        covered: hexes under a building.
        frontier: uncovered hexes sharing an edge with a building.
        kiosks: the kiosks' hexes.
        specials: special enclosures already built, with their hexes.
        on_terrain: Diversity Researcher (219) is played: rock and water may be covered.
        empty: the zoo has no building yet (the first one must touch the border).
    """

    covered: frozenset[Hex]
    frontier: frozenset[Hex]
    kiosks: tuple[Hex, ...]
    specials: Mapping[str, tuple[Hex, ...]]
    on_terrain: bool
    empty: bool

    @classmethod
    def of(cls, zoo: Zoo) -> Site:
        covered = zoo.covered
        frontier = frozenset(n for h in covered for n in map_a.neighbours(h)) - covered
        return cls(
            covered=covered,
            frontier=frontier,
            kiosks=tuple(h for b in zoo.buildings_of("kiosk") for h in b.cells),
            specials={
                b.kind: b.cells
                for b in zoo.buildings
                if b.kind in map_a.SHAPES and map_a.SHAPES[b.kind].special
            },
            on_terrain=DIVERSITY_RESEARCHER in zoo.sponsors,
            empty=not zoo.buildings,
        )


def check_placement(
    zoo: Zoo,
    placement: Placement,
    *,
    upgraded: bool,
    strength: int,
    built: Iterable[str] = (),
    site: Site | None = None,
) -> Problem | None:
    """The first build rule ``placement`` breaks in ``zoo``, or None when it may be built.

    Args:
        zoo: the zoo before this building (money is ``zoo.money``).
        placement: the tile and where it goes.
        upgraded: the Build card shows side II.
        strength: the strength still unused in this action.
        built: buildings already placed in this action (side II builds different ones).
        site: ``Site.of(zoo)``, when the caller checks many placements.
    """
    site = site or Site.of(zoo)
    return _rules_of_the_tile(site, placement, upgraded, strength, built, zoo.money) or (
        _rules_of_the_map(site, placement, placement.cells, upgraded)
    )


def _rules_of_the_tile(
    site: Site, p: Placement, upgraded: bool, strength: int, built: Iterable[str], money: int
) -> Problem | None:
    shape = p.shape
    what = LABELS[p.building]
    if shape.upgraded_only and not upgraded:
        return Problem(
            "ark_nova.build.side",
            f"the {p.label}: a {what} can only be built with the Build card on side II",
            p.cells,
            {"building": p.building},
        )
    if shape.special and p.building in site.specials:
        there = site.specials[p.building]
        return Problem(
            "ark_nova.build.special_twice",
            f"the zoo already has a {what}, at {hexes_text(there)}; a zoo has one",
            there,
            {"building": p.building, "hexes": hexes_text(there)},
        )
    if p.building in built:
        return Problem(
            "ark_nova.build.repeat",
            f"the {p.label}: one Build action places different buildings, not a {what} twice",
            p.cells,
            {"building": p.building},
        )
    if shape.size > strength:
        return Problem(
            "ark_nova.build.strength",
            f"the {p.label} has size {shape.size}, over the strength {strength} left for "
            "this action",
            p.cells,
            {"building": p.building, "size": shape.size, "strength": strength},
        )
    cost = MONEY_PER_HEX * shape.size
    if cost > money:
        return Problem(
            "ark_nova.build.money",
            f"the {p.label} costs {cost} money ({MONEY_PER_HEX} per hex), and only {money} "
            "are left",
            p.cells,
            {"building": p.building, "cost": cost, "per_hex": MONEY_PER_HEX, "money": money},
        )
    return None


def _rules_of_the_map(
    site: Site, p: Placement, cells: tuple[Hex, ...], upgraded: bool
) -> Problem | None:
    what = p.label
    off = tuple(h for h in cells if not map_a.on_map(h))
    if off:
        return Problem(
            "ark_nova.build.off_map",
            f"the {what} leaves Map A at {hexes_text(off)}",
            off,
            {"building": p.building, "hexes": hexes_text(off)},
        )
    under = tuple(h for h in cells if h in site.covered)
    if under:
        return Problem(
            "ark_nova.build.covered",
            f"the {what} would cover {hexes_text(under)}, already built on",
            under,
            {"building": p.building, "hexes": hexes_text(under)},
        )
    if not site.on_terrain:
        for terrain, hexes in (("rock", map_a.ROCK), ("water", map_a.WATER)):
            bad = tuple(h for h in cells if h in hexes)
            if bad:
                return Problem(
                    f"ark_nova.build.{terrain}",
                    f"the {what} would cover the {terrain} space{'s' * (len(bad) > 1)} "
                    f"{hexes_text(bad)}",
                    bad,
                    {"building": p.building, "hexes": hexes_text(bad)},
                )
    if not upgraded:
        bad = tuple(h for h in cells if h in map_a.UPGRADE_ONLY)
        if bad:
            return Problem(
                "ark_nova.build.upgrade_only",
                f"the {what} would cover {hexes_text(bad)}, a space marked II that needs the "
                "Build card on side II",
                bad,
                {"building": p.building, "hexes": hexes_text(bad)},
            )
    if site.empty:
        if not any(h in map_a.BORDER for h in cells):
            return Problem(
                "ark_nova.build.border",
                f"the zoo's first building must touch the map's border; the {what} covers "
                f"{hexes_text(cells)}, none of them a border space",
                cells,
                {"building": p.building, "hexes": hexes_text(cells)},
            )
    elif not any(h in site.frontier for h in cells):
        return Problem(
            "ark_nova.build.not_adjacent",
            f"the {what} shares no edge with a building (it covers {hexes_text(cells)})",
            cells,
            {"building": p.building, "hexes": hexes_text(cells)},
        )
    if p.building == "kiosk":
        near = tuple(k for k in site.kiosks if map_a.distance(k, cells[0]) < MIN_KIOSK_DISTANCE)
        if near:
            k = near[0]
            return Problem(
                "ark_nova.build.kiosk_distance",
                f"a kiosk at {hexes_text(cells)} would stand {map_a.distance(k, cells[0])} "
                f"from the kiosk at {hexes_text([k])}; kiosks stand at least "
                f"{MIN_KIOSK_DISTANCE} apart",
                (cells[0], *near),
                {
                    "hexes": hexes_text(cells),
                    "distance": map_a.distance(k, cells[0]),
                    "other": hexes_text([k]),
                    "least": MIN_KIOSK_DISTANCE,
                },
            )
    return None


# --------------------------------------------------------------------------- listing


@dataclass(frozen=True)
class Footprint:
    """One distinct footprint of a building on Map A, with what the map rules read of it."""

    placement: Placement
    cells: frozenset[Hex]
    terrain: bool
    upgrade_only: bool
    border: bool


@functools.cache
def footprints(building: str) -> tuple[Footprint, ...]:
    """Every distinct footprint of a building lying wholly on Map A, one placement each.

    Rotations and the mirror image giving the same hexes count once; the first
    (anchor, rotation, mirror) in hex order is kept.
    """
    seen: dict[frozenset[Hex], Footprint] = {}
    terrain = map_a.ROCK | map_a.WATER
    for anchor in map_a.HEXES:
        for mirror in (False, True):
            for rotation in range(6):
                p = Placement(building, anchor, rotation, mirror)
                cells = frozenset(p.cells)
                if cells in seen or not all(map_a.on_map(h) for h in cells):
                    continue
                seen[cells] = Footprint(
                    p,
                    cells,
                    terrain=bool(cells & terrain),
                    upgrade_only=bool(cells & map_a.UPGRADE_ONLY),
                    border=bool(cells & map_a.BORDER),
                )
    return tuple(seen.values())


def _fits(site: Site, f: Footprint, upgraded: bool) -> bool:
    """The map rules of ``_rules_of_the_map`` as one quick test (for listing)."""
    if f.cells & site.covered or (f.terrain and not site.on_terrain):
        return False
    if f.upgrade_only and not upgraded:
        return False
    if not (f.border if site.empty else f.cells & site.frontier):
        return False
    if f.placement.building == "kiosk":
        (h,) = f.cells
        return all(map_a.distance(k, h) >= MIN_KIOSK_DISTANCE for k in site.kiosks)
    return True


def legal_placements(
    zoo: Zoo,
    *,
    strength: int,
    money: int | None = None,
    upgraded: bool = False,
    built: Iterable[str] = (),
    buildings: Iterable[str] | None = None,
) -> tuple[Placement, ...]:
    """Every legal placement for a given strength and purse, one per distinct footprint.

    Args:
        zoo: the zoo to build in.
        strength: the strength left for this action.
        money: the purse (default: the zoo's money).
        upgraded: the Build card shows side II.
        built: buildings already placed in this action.
        buildings: only these kinds (default: every building shape).
    """
    purse = zoo.money if money is None else money
    site = Site.of(zoo)
    built = tuple(built)
    out: list[Placement] = []
    for kind in map_a.SHAPES if buildings is None else buildings:
        prints = footprints(kind)
        if _rules_of_the_tile(site, prints[0].placement, upgraded, strength, built, purse):
            continue
        out.extend(f.placement for f in prints if _fits(site, f, upgraded))
    return tuple(out)


# --------------------------------------------------------------------------- building


def place(zoo: Zoo, board: PlayerBoard, p: Placement) -> tuple[Zoo, PlayerBoard, tuple[Said, ...]]:
    """Lay a legal placement: pay, cover, take the bonuses covered, +7 when the map fills.

    Returns:
        The zoo and board after it, and what the building gave, fact by fact.
    """
    before = zoo.covered
    cost = MONEY_PER_HEX * p.size
    zoo = replace(zoo, money=zoo.money - cost, buildings=(*zoo.buildings, p.as_building()))
    gains = [
        Said(
            "build.paid",
            f"{p.label}: paid {cost} money",
            {"building": p.building, "at": p.at, "paid": cost},
        )
    ]
    if p.building == "pavilion":
        zoo = gain_appeal(zoo, PAVILION_APPEAL)
        gains.append(
            Said(
                "build.pavilion",
                f"+{PAVILION_APPEAL} appeal for the pavilion",
                {"appeal": PAVILION_APPEAL},
            )
        )
    for h in p.cells:
        bonus = map_a.BONUSES.get(h)
        if bonus is None or h in before:
            continue
        zoo, board = _take_bonus(zoo, board, bonus)
        text = f"{BONUS_TEXT[bonus]} from {hexes_text([h])}"
        gains.append(Said("build.bonus", text, {"bonus": bonus, "at": h}))
    if not map_a.BUILDABLE.issubset(before) and map_a.BUILDABLE.issubset(zoo.covered):
        zoo = gain_appeal(zoo, FULL_MAP_APPEAL)
        gains.append(
            Said(
                "build.full_map",
                f"+{FULL_MAP_APPEAL} appeal: every building space of Map A is covered",
                {"appeal": FULL_MAP_APPEAL},
            )
        )
    return zoo, board, tuple(gains)


def _take_bonus(zoo: Zoo, board: PlayerBoard, bonus: str) -> tuple[Zoo, PlayerBoard]:
    if bonus == "reputation":
        return gain_reputation(zoo, board, 2), board
    if bonus == "x_token":
        return gain_x_tokens(zoo, 1), board
    if bonus in ("money5", "money10"):
        return replace(zoo, money=zoo.money + (5 if bonus == "money5" else 10)), board
    if bonus == "card":
        # The table supplies which card: the hand grows by one unknown card.
        return zoo, replace(board, hand=(*board.hand, UNKNOWN))
    # An association worker: workers are not part of the zoo record yet; the event says it.
    return zoo, board
