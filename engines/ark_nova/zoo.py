"""One player's zoo as it lies on the table: tracks, played cards, association, Map A.

Rules text: ``docs/rules/ark_nova.md`` §1 (track ranges), §3 (partner zoos,
universities), §6 (what final scoring reads) and §8 (Map A, buildings). The
JSON form is documented in ``docs/formats/ark_nova.md``; ``Zoo.from_json``
checks what a reader can check without replaying the game (known cards, no
card twice, tracks in range, buildings on Map A, not overlapping, not on rock
or water unless Diversity Researcher is played, one of each special
enclosure) and raises ``ValueError`` with a sentence saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from engines.ark_nova import map_a
from engines.ark_nova.cards import ANIMALS, CONTINENTS, FINAL_SCORING, PROJECTS, SPONSORS
from engines.ark_nova.map_a import Hex

MAX_APPEAL = 113
MAX_CONSERVATION = 41
MAX_REPUTATION = 15
MAX_X_TOKENS = 5
MAX_PARTNER_ZOOS = 4
"""Two, or four with Association upgraded (rules spec §3)."""

UNIVERSITIES = {
    "research2": 2,
    "research_reputation": 1,
    "reputation_hand": 0,
}
"""University kinds and the research icons each shows (rules spec §3, "Universities")."""

DIVERSITY_RESEARCHER = 219
"""Sponsor 219 lifts the rock/water limit on building (rules spec §8.5)."""

RESISTANCE_ANIMALS = frozenset(a.number for a in ANIMALS.values() if a.ability == "resistance")
"""Animals whose ability draws 2 final-scoring cards and keeps 1 (the elephants)."""


@dataclass(frozen=True)
class Building:
    """A building on Map A.

    Attributes:
        kind: a shape name of ``map_a.SHAPES`` or ``unique`` (a sponsor's building).
        at: the anchor hex (standard shapes).
        rotation: 0-5 steps of 60 degrees.
        mirror: the tile's flipped side.
        occupied: a standard enclosure holding an animal (flipped tile).
        sponsor: the sponsor card of a unique building.
        cells: the covered hexes, computed for standard shapes, listed for unique ones.
    """

    kind: str
    cells: tuple[Hex, ...]
    at: Hex | None = None
    rotation: int = 0
    mirror: bool = False
    occupied: bool = False
    sponsor: int | None = None

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.kind, self.cells, self.at, self.rotation, self.mirror, self.occupied))

    @classmethod
    def standard(
        cls, kind: str, at: Hex, rotation: int = 0, mirror: bool = False, occupied: bool = False
    ) -> Building:
        shape = map_a.SHAPES[kind]
        cells = shape.footprint(at, rotation, mirror)
        return cls(kind, cells, at, rotation % 6, mirror, occupied)

    @classmethod
    def unique(cls, sponsor: int, cells: Iterable[Hex]) -> Building:
        return cls("unique", tuple(sorted(cells)), sponsor=sponsor)

    def to_json(self) -> dict[str, Any]:
        if self.kind == "unique":
            return {
                "building": "unique",
                "sponsor": self.sponsor,
                "hexes": [list(h) for h in self.cells],
            }
        assert self.at is not None
        out: dict[str, Any] = {
            "building": self.kind,
            "at": list(self.at),
            "rotation": self.rotation,
        }
        if self.mirror:
            out["mirror"] = True
        if self.kind in map_a.STANDARD_ENCLOSURES:
            out["occupied"] = self.occupied
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Building:
        if not isinstance(obj, Mapping):
            raise ValueError(f"a building is a JSON object, not {obj!r}")
        kind = obj.get("building")
        if kind == "unique":
            sponsor = _int(obj.get("sponsor"), "a unique building's sponsor")
            hexes = obj.get("hexes")
            if not isinstance(hexes, list) or not hexes:
                raise ValueError(f"unique building of sponsor {sponsor} needs its 'hexes'")
            return cls.unique(sponsor, (_hex(h) for h in hexes))
        if not isinstance(kind, str) or kind not in map_a.SHAPES:
            known = ", ".join([*map_a.SHAPES, "unique"])
            raise ValueError(f"unknown building {kind!r}; choose one of {known}")
        at = _hex(obj.get("at"))
        rotation = _int(obj.get("rotation", 0), f"{kind} rotation")
        if not 0 <= rotation <= 5:
            raise ValueError(f"{kind} at {list(at)}: rotation {rotation} is not 0-5")
        occupied = obj.get("occupied", False)
        if occupied and kind not in map_a.STANDARD_ENCLOSURES:
            raise ValueError(f"only a standard enclosure is 'occupied', not a {kind}")
        return cls.standard(kind, at, rotation, bool(obj.get("mirror", False)), bool(occupied))


def setup_buildings() -> tuple[Building, ...]:
    """Map A's printed start: the kiosk and the empty size-3 enclosure (rules spec §2)."""
    return (
        Building.standard("kiosk", map_a.SETUP_KIOSK),
        Building.standard("enclosure_3", map_a.SETUP_ENCLOSURE[1]),
    )


@dataclass(frozen=True)
class Zoo:
    """What one player has on the table, read for final scoring.

    Attributes:
        appeal: appeal track, 0-113.
        conservation: conservation points before final scoring, 0-41.
        reputation: reputation track, 0-15.
        money, x_tokens: what lies on the player's board.
        animals, sponsors: card numbers played into the zoo.
        partner_zoos: continents of the partner zoos (one continent icon each).
        universities: university kinds (``UNIVERSITIES``).
        projects: conservation projects supported, one entry per support
            (including projects since discarded); their count breaks ties.
        buildings: the buildings on Map A.
        final_scoring: kept final-scoring cards ("001"-"011").
        map_known: False for a zoo entered without its ``buildings``: it holds
            the setup map only so the other checks can run, and every card that
            reads Map A reports itself as not scorable (never a silent count).
    """

    appeal: int = 0
    conservation: int = 0
    reputation: int = 0
    money: int = 25
    x_tokens: int = 0
    animals: tuple[int, ...] = ()
    sponsors: tuple[int, ...] = ()
    partner_zoos: tuple[str, ...] = ()
    universities: tuple[str, ...] = ()
    projects: tuple[int, ...] = ()
    buildings: tuple[Building, ...] = field(default_factory=setup_buildings)
    final_scoring: tuple[str, ...] = ()
    map_known: bool = True

    def __post_init__(self) -> None:
        self.validate()

    # -- reading the map --------------------------------------------------------------

    @cached_property
    def covered(self) -> frozenset[Hex]:
        return frozenset(h for b in self.buildings for h in b.cells)

    def buildings_of(self, *kinds: str) -> tuple[Building, ...]:
        return tuple(b for b in self.buildings if b.kind in kinds)

    # -- checks -----------------------------------------------------------------------

    def validate(self) -> None:
        """Raise ``ValueError`` naming the first thing that cannot be on a table."""
        for name, value, top in (
            ("appeal", self.appeal, MAX_APPEAL),
            ("conservation", self.conservation, MAX_CONSERVATION),
            ("reputation", self.reputation, MAX_REPUTATION),
            ("x_tokens", self.x_tokens, MAX_X_TOKENS),
        ):
            if not 0 <= value <= top:
                raise ValueError(f"{name} {value} is off its track (0 to {top})")
        if self.money < 0:
            raise ValueError(f"money {self.money} cannot be negative")
        _cards_ok(self.animals, self.sponsors, self.projects, self.final_scoring)
        _association_ok(self.partner_zoos, self.universities)
        _buildings_ok(
            self.buildings,
            tuple(s for s in self.sponsors if s in _MAP_SPONSORS),
        )

    # The parts are checked by cached functions below: a game steps through many zoos
    # that share their cards and buildings, and each combination is checked once.

    # -- JSON -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out = {
            "appeal": self.appeal,
            "conservation": self.conservation,
            "reputation": self.reputation,
            "money": self.money,
            "x_tokens": self.x_tokens,
            "animals": list(self.animals),
            "sponsors": list(self.sponsors),
            "partner_zoos": list(self.partner_zoos),
            "universities": list(self.universities),
            "projects": list(self.projects),
            "buildings": [b.to_json() for b in self.buildings],
            "final_scoring": list(self.final_scoring),
        }
        if not self.map_known:
            del out["buildings"]
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Zoo:
        """A zoo from its JSON; missing fields take their start-of-game values.

        Raises:
            ValueError: an unknown field, a wrong type or a zoo no table can show.
        """
        if not isinstance(obj, Mapping):
            raise ValueError(f"a zoo is a JSON object, not {type(obj).__name__}")
        known = set(cls.__dataclass_fields__) - {"map_known"}
        extra = sorted(set(obj) - known)
        if extra:
            raise ValueError(
                f"a zoo has no field {extra[0]!r} (fields: {', '.join(sorted(known))})"
            )
        kwargs: dict[str, Any] = {}
        for name in ("appeal", "conservation", "reputation", "money", "x_tokens"):
            if name in obj:
                kwargs[name] = _int(obj[name], name)
        for name in ("animals", "sponsors", "projects"):
            if name in obj:
                kwargs[name] = tuple(_int(v, f"{name} entry") for v in _list(obj[name], name))
        for name in ("partner_zoos", "universities"):
            if name in obj:
                kwargs[name] = tuple(str(v) for v in _list(obj[name], name))
        if "final_scoring" in obj:
            kwargs["final_scoring"] = tuple(
                _final_id(v) for v in _list(obj["final_scoring"], "final_scoring")
            )
        if "buildings" in obj:
            kwargs["buildings"] = tuple(
                Building.from_json(b) for b in _list(obj["buildings"], "buildings")
            )
        else:
            kwargs["map_known"] = False
        return cls(**kwargs)


@lru_cache(maxsize=8192)
def _cards_ok(
    animals: tuple[int, ...],
    sponsors: tuple[int, ...],
    projects: tuple[int, ...],
    final_scoring: tuple[str, ...],
) -> None:
    for label, numbers, table in (
        ("animal", animals, ANIMALS),
        ("sponsor", sponsors, SPONSORS),
    ):
        for n in numbers:
            if n not in table:
                raise ValueError(f"there is no {label} card {n}")
            if table[n].marine_worlds:
                raise ValueError(
                    f"{label} card {n} ({table[n].name}) is a Marine Worlds card; this "
                    "companion plays and scores the base game only (animals 401-528, "
                    "sponsors 201-264): take it out of the zoo"
                )
        _no_repeats(numbers, f"{label} card")
    for n in projects:
        if n not in PROJECTS:
            raise ValueError(f"there is no conservation project {n} (101 to 132)")
    for card in final_scoring:
        if card not in FINAL_SCORING:
            raise ValueError(f"there is no final-scoring card {card!r} ('001' to '011')")
    _no_repeats(final_scoring, "final-scoring card")
    allowed = 1 + sum(1 for n in animals if n in RESISTANCE_ANIMALS)
    if len(final_scoring) > allowed:
        raise ValueError(
            f"{len(final_scoring)} final-scoring cards kept, but a zoo keeps 1 "
            f"plus 1 per elephant played ({allowed} here)"
        )


@lru_cache(maxsize=1024)
def _association_ok(partner_zoos: tuple[str, ...], universities: tuple[str, ...]) -> None:
    for continent in partner_zoos:
        if continent not in CONTINENTS:
            raise ValueError(f"partner zoo {continent!r} is not one of {', '.join(CONTINENTS)}")
    _no_repeats(partner_zoos, "partner zoo")
    if len(partner_zoos) > MAX_PARTNER_ZOOS:
        raise ValueError(f"{len(partner_zoos)} partner zoos, at most {MAX_PARTNER_ZOOS}")
    for kind in universities:
        if kind not in UNIVERSITIES:
            raise ValueError(f"university {kind!r} is not one of {', '.join(UNIVERSITIES)}")
    _no_repeats(universities, "university")


_MAP_SPONSORS = frozenset({DIVERSITY_RESEARCHER, *map_a.UNIQUE_BUILDING_SPONSORS})
"""The sponsors the building checks read: 219 and the unique buildings' own."""


@lru_cache(maxsize=8192)
def _buildings_ok(buildings: tuple[Building, ...], sponsors: tuple[int, ...]) -> None:
    seen: dict[Hex, Building] = {}
    may_cover_terrain = DIVERSITY_RESEARCHER in sponsors
    for b in buildings:
        where = f"{b.kind} at {list(b.at)}" if b.at else f"building of sponsor {b.sponsor}"
        if b.kind == "unique" and b.sponsor not in map_a.UNIQUE_BUILDING_SPONSORS:
            raise ValueError(f"sponsor {b.sponsor} has no building (243 to 257 do)")
        if b.kind == "unique" and b.sponsor not in sponsors:
            raise ValueError(f"the {where} needs sponsor {b.sponsor} played in this zoo")
        for h in b.cells:
            if not map_a.on_map(h):
                raise ValueError(f"the {where} leaves Map A at {list(h)}")
            if not may_cover_terrain and (h in map_a.ROCK or h in map_a.WATER):
                terrain = "rock" if h in map_a.ROCK else "water"
                raise ValueError(f"the {where} covers the {terrain} space {list(h)}")
            if h in seen:
                raise ValueError(f"the {where} overlaps another building at {list(h)}")
            seen[h] = b
    for kind, shape in map_a.SHAPES.items():
        if shape.special and sum(1 for b in buildings if b.kind == kind) > 1:
            raise ValueError(f"a zoo has at most one {kind}")


def _no_repeats(values: Iterable[Any], label: str) -> None:
    seen: set[Any] = set()
    for v in values:
        if v in seen:
            raise ValueError(f"{label} {v!r} is listed twice")
        seen.add(v)


def _int(value: Any, label: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{label} must be a whole number, not {value!r}")
    return value


def _list(value: Any, label: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise ValueError(f"{label} must be a list, not {value!r}")
    return list(value)


def _hex(value: Any) -> Hex:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"a hex is [col, row], not {value!r}")
    return _int(value[0], "hex column"), _int(value[1], "hex row")


def _final_id(value: Any) -> str:
    """Final-scoring ids are written "001"-"011"; a bare number 1-11 is read too."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:03d}"
    return str(value)
