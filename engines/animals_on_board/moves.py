"""Animals on Board moves: their JSON form and their short text notation.

Player moves (``docs/rules/animals_on_board.md`` §5, §7), as notation and JSON:

- ``split 0 bdf`` / ``{"type": "split", "group": 0, "part": "bdf"}``: Action A,
  group 0's tiles b, d and f form a new group; take 1 food.
- ``take 2`` / ``{"type": "take", "group": 2}``: Action B, pay 1 food per tile,
  take group 2 onto the ark and drop out of the round.
- ``pass`` / ``{"type": "pass"}``: neither action is possible.
- ``give S1V3 S4V5`` / ``{"type": "give", "tiles": [...]}``: setup, these two
  of the three drawn tiles go to the centre, the third onto the ark.
- ``reveal S3V4`` / ``{"type": "reveal", "tile": "S3V4"}``: departure of a
  table game, one hidden tile on the ark named (one move per hidden tile).
- ``cut S1V1 S5V2`` / ``{"type": "cut", "tiles": [...]}``: departure, these
  tiles go back to the box so that exactly 10 sail.
- ``remove S11`` / ``{"type": "remove", "species": "S11"}``: setup with 2 or 3
  players, a species left out.

Chance (the table, or a seeded game's generator): ``draw S3V4`` (a tile
drawn from the stacks; ``draw ?`` for a tile nobody at the table has seen).

Tiles in a group are lettered ``a``, ``b``, ``c``... in the order the views
list them (fixed tile order, the face-down tile last). A split names the
tiles of the part that moves away; tile ``a`` always stays, so every split
has exactly one spelling.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import ClassVar

from engines.animals_on_board.catalog import ORDER, SPECIES, sort_tiles
from engines.core import UNKNOWN, InvalidMove, Move, MoveCodec

LETTERS = string.ascii_lowercase[:13]
"""Position letters inside one group; a group never holds more than 13 tiles."""


def _tiles_field(kind: str, tiles: object) -> tuple[str, ...]:
    if not isinstance(tiles, tuple) or not all(isinstance(t, str) for t in tiles):
        raise InvalidMove(f"a {kind!r} move lists tiles as text, not {tiles!r}")
    for t in tiles:
        if t not in ORDER or t == UNKNOWN:
            raise InvalidMove(f"{t!r} is not an animal tile (tiles are written like S3V4)")
    if len(set(tiles)) != len(tiles):
        raise InvalidMove(f"a {kind!r} move names a tile twice: {' '.join(tiles)}")
    return sort_tiles(tiles)


def _words(text: str, keyword: str) -> list[str] | None:
    words = text.split()
    if not words or words[0].lower() != keyword:
        return None
    return words[1:]


def _one_word(text: str, keyword: str, example: str) -> str | None:
    """The single word after ``keyword``, None when ``text`` is another move."""
    rest = _words(text, keyword)
    if rest is None:
        return None
    if len(rest) != 1:
        raise InvalidMove(f"write it as {example!r}, not {text!r}")
    return rest[0]


@dataclass(frozen=True)
class _OneTile(Move):
    """A move that names one tile: ``<type> S3V4``."""

    UNKNOWN_OK: ClassVar[bool] = False
    tile: str

    def __post_init__(self) -> None:
        if self.tile not in ORDER or (self.tile == UNKNOWN and not self.UNKNOWN_OK):
            raise InvalidMove(f"{self.tile!r} is not an animal tile (tiles are written like S3V4)")

    def notation(self) -> str:
        return f"{self.TYPE} {self.tile}"

    @classmethod
    def from_notation(cls, text: str) -> _OneTile | None:
        word = _one_word(text, cls.TYPE, f"{cls.TYPE} S3V4")
        return None if word is None else cls(word.upper())


@dataclass(frozen=True)
class Draw(_OneTile):
    """Chance: a tile drawn from the stacks to where the rules send it next (``?``: unseen)."""

    TYPE: ClassVar[str] = "draw"
    UNKNOWN_OK: ClassVar[bool] = True


@dataclass(frozen=True)
class Remove(Move):
    """Setup with 2 or 3 players: one species goes back to the box (§3)."""

    TYPE: ClassVar[str] = "remove"
    species: str

    def __post_init__(self) -> None:
        if self.species not in SPECIES:
            raise InvalidMove(f"{self.species!r} is not a species (S1 to S12)")

    def notation(self) -> str:
        return f"remove {self.species}"

    @classmethod
    def from_notation(cls, text: str) -> Remove | None:
        word = _one_word(text, cls.TYPE, "remove S11")
        return None if word is None else cls(word.upper())


@dataclass(frozen=True)
class _TileList(Move):
    """A move that names a set of tiles (kept in the fixed tile order)."""

    tiles: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _tiles_field(self.TYPE, self.tiles))

    def notation(self) -> str:
        return " ".join((self.TYPE, *self.tiles))

    @classmethod
    def from_notation(cls, text: str) -> _TileList | None:
        rest = _words(text, cls.TYPE)
        if rest is None:
            return None
        return cls(tuple(t.upper() for t in rest))


@dataclass(frozen=True)
class Give(_TileList):
    """Setup: two of the three drawn tiles go face up to the centre; the third onto the ark."""

    TYPE: ClassVar[str] = "give"


@dataclass(frozen=True)
class Reveal(_OneTile):
    """Departure in a table game: one hidden tile on the mover's ark, named."""

    TYPE: ClassVar[str] = "reveal"


@dataclass(frozen=True)
class Cut(_TileList):
    """Departure: tiles sent back to the box so exactly 10 sail, leaving no pair (§7)."""

    TYPE: ClassVar[str] = "cut"


def _group_field(group: object) -> None:
    if not isinstance(group, int) or isinstance(group, bool) or group < 0:
        raise InvalidMove(f"a group is numbered 0, 1, 2..., not {group!r}")


def _part_field(kind: str, part: object) -> str:
    """Tile letters of a group, sorted."""
    if not isinstance(part, str) or not part or any(c not in LETTERS for c in part):
        raise InvalidMove(f"a {kind} names tiles by letters a to m, not {part!r}")
    if len(set(part)) != len(part):
        raise InvalidMove(f"a {kind} names a tile twice: {part!r}")
    return "".join(sorted(part))


@dataclass(frozen=True)
class Split(Move):
    """Action A: the lettered tiles ``part`` of group ``group`` form a new group."""

    TYPE: ClassVar[str] = "split"
    group: int
    part: str

    def __post_init__(self) -> None:
        _group_field(self.group)
        object.__setattr__(self, "part", _part_field(self.TYPE, self.part))

    @property
    def mask(self) -> int:
        """The part as a bit mask of positions in the group."""
        m = 0
        for c in self.part:
            m |= 1 << (ord(c) - 97)
        return m

    def notation(self) -> str:
        return f"split {self.group} {self.part}"

    @classmethod
    def from_notation(cls, text: str) -> Split | None:
        rest = _words(text, cls.TYPE)
        if rest is None:
            return None
        if len(rest) != 2 or not rest[0].isdigit():
            raise InvalidMove(f"write a split as 'split 0 bdf' (group, tiles), not {text!r}")
        return cls(int(rest[0]), rest[1].lower())


@dataclass(frozen=True)
class Merge(Move):
    """Tiles ``part`` of group ``group`` laid with group ``into``: never allowed (§5).

    The rules never merge groups; this move exists so that a hand or a phone that
    does it is refused with a code (``animals_on_board.merge``), not misread. The
    part may name every tile of the group (two groups pushed together).
    """

    TYPE: ClassVar[str] = "merge"
    group: int
    part: str
    into: int

    def __post_init__(self) -> None:
        _group_field(self.group)
        _group_field(self.into)
        if self.group == self.into:
            raise InvalidMove(f"a merge joins two groups, not group {self.group} with itself")
        object.__setattr__(self, "part", _part_field(self.TYPE, self.part))

    def notation(self) -> str:
        return f"merge {self.group} {self.part} {self.into}"

    @classmethod
    def from_notation(cls, text: str) -> Merge | None:
        rest = _words(text, cls.TYPE)
        if rest is None:
            return None
        if len(rest) != 3 or not rest[0].isdigit() or not rest[2].isdigit():
            raise InvalidMove(
                f"write a merge as 'merge 0 bd 2' (group, tiles, other group), not {text!r}"
            )
        return cls(int(rest[0]), rest[1].lower(), int(rest[2]))


@dataclass(frozen=True)
class Take(Move):
    """Action B: take the whole group ``group`` onto the ark, paying 1 food per tile."""

    TYPE: ClassVar[str] = "take"
    group: int

    def __post_init__(self) -> None:
        _group_field(self.group)

    def notation(self) -> str:
        return f"take {self.group}"

    @classmethod
    def from_notation(cls, text: str) -> Take | None:
        word = _one_word(text, cls.TYPE, "take 2")
        if word is None:
            return None
        if not word.isdigit():
            raise InvalidMove(f"write a take as 'take 2' (the group), not {text!r}")
        return cls(int(word))


@dataclass(frozen=True)
class Pass(Move):
    """Neither action is possible (all groups single tiles, too little food)."""

    TYPE: ClassVar[str] = "pass"

    def notation(self) -> str:
        return "pass"

    @classmethod
    def from_notation(cls, text: str) -> Pass | None:
        rest = _words(text, cls.TYPE)
        if rest is None:
            return None
        if rest:
            raise InvalidMove(f"a pass is written 'pass', not {text!r}")
        return cls()


CODEC = MoveCodec("animals_on_board", (Draw, Remove, Give, Split, Take, Pass, Reveal, Cut, Merge))


def parse_move(obj: object) -> Move:
    """A move from its JSON (dict or text) or its notation.

    Raises:
        InvalidMove: the input does not read as an Animals on Board move.
    """
    return CODEC.parse(obj)


def _parts(n: int) -> tuple[str, ...]:
    """The part of every split of an n-tile group, tile ``a`` staying (2^(n-1) - 1 of them)."""
    return tuple(
        "".join(LETTERS[i] for i in range(n) if mask >> i & 1) for mask in range(2, 1 << n, 2)
    )


_PARTS = {n: _parts(n) for n in range(2, len(LETTERS) + 1)}
_SPLITS: dict[tuple[int, int], tuple[Split, ...]] = {}


def splits_of(group: int, size: int) -> tuple[Split, ...]:
    """Every split of group ``group`` holding ``size`` tiles (shared, built once)."""
    key = (group, size)
    found = _SPLITS.get(key)
    if found is None:
        found = tuple(Split(group, p) for p in _PARTS.get(size, ()))
        _SPLITS[key] = found
    return found


TAKES: tuple[Take, ...] = tuple(Take(g) for g in range(13))
"""``take 0`` .. ``take 12``: the centre never holds more than 13 groups."""
DRAWS: dict[str, Draw] = {t: Draw(t) for t in ORDER}
PASS = Pass()
