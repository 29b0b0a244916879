"""The table reading: what vision hands the game, as plain, versioned JSON data.

A :class:`TableReading` says which piece lies in which zone of which mat, in
the order the rules care about, how many face-down backs each zone holds,
and what did not add up (:class:`Issue`). A messy table gives a reading with
issues, never an exception. The format is documented in
``docs/formats/reading.md``; :data:`FORMAT` is its version.

The stages after detection work on these records:
validate payloads (:class:`Sighting`) → locate mats (:class:`vision.mats.MatPose`)
→ map tags to mat millimetres and assign zones (:class:`Placement`) →
assemble the reading → vote over frames (:func:`vision.voting.vote`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from vision.types import Point, Quad

FORMAT = 1
"""Version of the reading's JSON form; a reader refuses newer versions."""

ISSUE_CODES = {
    "vision.foreign_code": "a QR code that is not one of this game's tags",
    "vision.unknown_piece": "a tag of this game naming a piece its catalog does not have",
    "vision.duplicate_piece": "the same piece seen at two places",
    "vision.outside_zones": "a piece on no zone of any mat",
    "vision.no_mat": "a piece seen where no mat was found",
    "vision.impossible_count": "a zone holding more pieces than the rules allow",
    "vision.unreadable_tag": "a tag seen but too small or blurred to decode",
    "vision.mat_cut": "a mat only partly in the frame",
    "vision.missing_piece": "a zone holding fewer pieces than the game says it holds",
}
"""Every issue code with what it means; codes are stable, messages may change."""


class InvalidReading(ValueError):
    """A reading's JSON is broken, of another format version, or inconsistent."""


def _quad_json(q: Quad) -> list[list[float]]:
    return [[round(x, 1), round(y, 1)] for x, y in q]


def _quad(obj: Any) -> Quad:
    pts = tuple((float(x), float(y)) for x, y in obj)
    if len(pts) != 4:
        raise InvalidReading(f"a quad has 4 corners, not {len(pts)}")
    return pts


@dataclass(frozen=True)
class Sighting:
    """A decoded code after payload validation.

    Attributes:
        text: The decoded text.
        corners: Its corners in frame pixels, top-left of the code first.
        piece: The catalog id it names, or None when it is not a valid tag
            of this game.
        back: True for a card-back tag (a face-down card: counted, not named).
        reason: Why it is not a valid tag ("" when it is).
        code: The issue code when it is not valid (``vision.foreign_code``
            or ``vision.unknown_piece``), else "".
    """

    text: str
    corners: Quad
    piece: str | None
    back: bool = False
    reason: str = ""
    code: str = ""


@dataclass(frozen=True)
class Placement:
    """One valid tag placed on the table.

    Attributes:
        piece: Catalog id, or the back kind for a face-down back.
        corners: The tag's corners in frame pixels.
        mat: The mat it lies on, or None when no mat holds it.
        mm: Its centre in that mat's millimetres (x right, y down as printed).
        angle: Rotation of the tag on the mat in degrees, 0 = upright as printed.
        zone: The zone holding it, or None.
        back: True for a face-down back.
    """

    piece: str
    corners: Quad
    mat: str | None = None
    mm: Point | None = None
    angle: float = 0.0
    zone: str | None = None
    back: bool = False

    def to_json(self) -> dict[str, Any]:
        """JSON form (see ``docs/formats/reading.md``)."""
        return {
            "piece": self.piece,
            "back": self.back,
            "mat": self.mat,
            "zone": self.zone,
            "mm": None if self.mm is None else [round(self.mm[0], 1), round(self.mm[1], 1)],
            "angle": round(self.angle, 1),
            "corners": _quad_json(self.corners),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Placement:
        """The placement from its JSON form."""
        mm = obj.get("mm")
        return cls(
            piece=str(obj["piece"]),
            corners=_quad(obj["corners"]),
            mat=obj.get("mat"),
            mm=None if mm is None else (float(mm[0]), float(mm[1])),
            angle=float(obj.get("angle", 0.0)),
            zone=obj.get("zone"),
            back=bool(obj.get("back", False)),
        )


@dataclass(frozen=True)
class Issue:
    """Something on the table that does not add up.

    Attributes:
        code: One of :data:`ISSUE_CODES`.
        message: A sentence a player understands, with the names and numbers.
        pieces: The pieces concerned (catalog ids), if any.
        corners: Where in the frame, for the overlay (one quad per place).
        zones: The zones concerned (``<mat>.<zone>``), if any: where to look again.
        mats: The mats concerned, if any.
    """

    code: str
    message: str
    pieces: tuple[str, ...] = ()
    corners: tuple[Quad, ...] = ()
    zones: tuple[str, ...] = ()
    mats: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.code not in ISSUE_CODES:
            raise ValueError(f"unknown issue code {self.code!r}")

    @property
    def key(self) -> tuple[str, tuple[str, ...]]:
        """What makes two frames' issues the same issue: the code and the pieces."""
        return self.code, tuple(sorted(self.pieces))

    def to_json(self) -> dict[str, Any]:
        """JSON form (see ``docs/formats/reading.md``)."""
        return {
            "code": self.code,
            "message": self.message,
            "pieces": list(self.pieces),
            "corners": [_quad_json(q) for q in self.corners],
            "zones": list(self.zones),
            "mats": list(self.mats),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Issue:
        """The issue from its JSON form."""
        return cls(
            code=str(obj["code"]),
            message=str(obj["message"]),
            pieces=tuple(str(p) for p in obj.get("pieces", ())),
            corners=tuple(_quad(q) for q in obj.get("corners", ())),
            zones=tuple(str(z) for z in obj.get("zones", ())),
            mats=tuple(str(m) for m in obj.get("mats", ())),
        )


@dataclass(frozen=True)
class Unread:
    """A tag-like symbol seen where it lies and not decoded.

    Attributes:
        corners: Its outline in frame pixels.
        mat: The mat it lies on, or None.
        zone: The zone holding it, or None.
        mm: Its centre in that mat's millimetres, or None.
    """

    corners: Quad
    mat: str | None = None
    zone: str | None = None
    mm: Point | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON form (see ``docs/formats/reading.md``)."""
        return {
            "mat": self.mat,
            "zone": self.zone,
            "mm": None if self.mm is None else [round(self.mm[0], 1), round(self.mm[1], 1)],
            "corners": _quad_json(self.corners),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Unread:
        """The unread symbol from its JSON form."""
        mm = obj.get("mm")
        return cls(
            corners=_quad(obj["corners"]),
            mat=obj.get("mat"),
            zone=obj.get("zone"),
            mm=None if mm is None else (float(mm[0]), float(mm[1])),
        )


@dataclass(frozen=True)
class TableReading:
    """Everything read from one frame (or voted over several).

    Attributes:
        game: Game id (``noah``, ``ark_nova``, ...).
        zones: Per zone id, the pieces in it, in the zone's order.
        backs: Per zone id, how many face-down backs it holds.
        placements: Every valid tag, placed.
        issues: What did not add up.
        mats: Ids of the mats found.
        foreign_codes: How many codes were not this game's tags.
        unread_tags: How many symbols looked like tags but did not decode.
        unread: Each of those symbols, where it lies (its mat and zone).
        frames: How many frames this reading summarizes (1 for one photo).
        size: Frame width and height in pixels.
    """

    game: str
    zones: Mapping[str, tuple[str, ...]]
    backs: Mapping[str, int] = field(default_factory=dict)
    placements: tuple[Placement, ...] = ()
    issues: tuple[Issue, ...] = ()
    mats: tuple[str, ...] = ()
    foreign_codes: int = 0
    unread_tags: int = 0
    unread: tuple[Unread, ...] = ()
    frames: int = 1
    size: tuple[int, int] = (0, 0)

    def pieces(self) -> frozenset[str]:
        """Every piece placed in some zone."""
        return frozenset(p for pieces in self.zones.values() for p in pieces)

    def unread_in(self, zone: str) -> int:
        """How many unread symbols lie in ``zone``."""
        return sum(u.zone == zone for u in self.unread)

    def issue_codes(self) -> frozenset[str]:
        """The codes of the issues, for quick checks."""
        return frozenset(i.code for i in self.issues)

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form (``docs/formats/reading.md``)."""
        return {
            "format": FORMAT,
            "game": self.game,
            "frames": self.frames,
            "size": list(self.size),
            "mats": list(self.mats),
            "zones": {z: list(p) for z, p in self.zones.items()},
            "backs": dict(self.backs),
            "foreign_codes": self.foreign_codes,
            "unread_tags": self.unread_tags,
            "unread": [u.to_json() for u in self.unread],
            "issues": [i.to_json() for i in self.issues],
            "placements": [p.to_json() for p in self.placements],
        }

    def dumps(self) -> str:
        """The JSON text, keys in the documented order."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=2)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any] | str) -> TableReading:
        """A reading from its JSON form (dict or text).

        Raises:
            InvalidReading: If it is broken or of a newer format.
        """
        try:
            data = json.loads(obj) if isinstance(obj, str) else obj
            if data.get("format") != FORMAT:
                raise InvalidReading(
                    f"reading format {data.get('format')!r} is not {FORMAT}; "
                    "update the companion to read it"
                )
            w, h = data.get("size", (0, 0))
            return cls(
                game=str(data["game"]),
                zones={str(z): tuple(str(p) for p in ps) for z, ps in data["zones"].items()},
                backs={str(z): int(n) for z, n in data.get("backs", {}).items()},
                placements=tuple(Placement.from_json(p) for p in data.get("placements", ())),
                issues=tuple(Issue.from_json(i) for i in data.get("issues", ())),
                mats=tuple(str(m) for m in data.get("mats", ())),
                foreign_codes=int(data.get("foreign_codes", 0)),
                unread_tags=int(data.get("unread_tags", 0)),
                unread=tuple(Unread.from_json(u) for u in data.get("unread", ())),
                frames=int(data.get("frames", 1)),
                size=(int(w), int(h)),
            )
        except InvalidReading:
            raise
        except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
            # LookupError: a list too short (a corner with one coordinate);
            # ArithmeticError: an infinite size or count.
            raise InvalidReading(f"not a table reading: {exc}") from exc


def sort_zone(placements: Sequence[Placement], axis: Point | None) -> tuple[str, ...]:
    """The pieces of one zone in the zone's reading order.

    Args:
        placements: Face-up placements in the zone (with mat millimetres).
        axis: Direction in mat millimetres along which the rules read the
            zone (a ferry's cards left to right: ``(1, 0)``), or None when
            order does not matter (sorted by id so readings compare equal).

    Returns:
        The piece ids in order.
    """
    if axis is None:
        return tuple(sorted(p.piece for p in placements))

    def along(p: Placement) -> float:
        x, y = p.mm if p.mm is not None else (0.0, 0.0)
        return x * axis[0] + y * axis[1]

    return tuple(p.piece for p in sorted(placements, key=along))
