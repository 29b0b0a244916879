"""Mat geometry types: zones as polygons in millimetres and the ArUco fiducials that fix the frame.

Every mat has its own frame: origin at the mat's top-left corner, x to the
right, y down, in millimetres (``docs/design.md``, "Components and tags").
A band around the edge (``BAND_MM``) carries ArUco markers from
``ARUCO_DICTIONARY`` (``cv2.aruco``), each ``MARKER_MM`` wide: one at every
corner and more along long edges. Every marker id is unique across all mats, so
a camera that sees any marker knows which mat it is on and where it lies;
the four corners of every seen marker give the homography from image pixels
to mat millimetres. Zones lie inside the band, never under a marker.

Pure Python, no drawing code; ``printables.mats`` gathers every game's mats.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Point = tuple[float, float]

ARUCO_DICTIONARY = "DICT_4X4_250"
"""``cv2.aruco`` predefined dictionary of every fiducial (4x4 bits: large cells at a distance)."""

MARKER_MM = 30.0
"""Printed marker edge including its one-cell black border. 6 cells of 5 mm: a 1080p
camera over a 100 cm table sees about 10 px per cell, plenty for ArUco (needs ~4)."""

MARKER_GAP_MM = 5.0
"""White space between a marker and the mat edge, and between a marker and the zones."""

BAND_MM = MARKER_MM + 2 * MARKER_GAP_MM
"""Width of the marker band around every mat; zones start inside it."""

MAX_MARKER_SPACING_MM = 220.0
"""Markers along an edge are at most this far apart, so any A4 sheet of a tiled mat
that touches the edge shows at least one whole marker."""

CALIBRATION_MARKERS = (246, 247, 248, 249)
"""Marker ids of the calibration sheet (TL, TR, BR, BL), outside every mat's range."""

CALIBRATION_FRAME_MM = (210.0, 279.4)
"""The part of the page the calibration sheet uses, from the page's top-left corner: the
area A4 (210 x 297) and Letter (215.9 x 279.4) share, so both print the same sheet."""

CALIBRATION_MARGIN_MM = 6.0
"""Distance of the calibration markers from the frame's edges."""


@dataclass(frozen=True)
class Zone:
    """A named area of a mat where pieces lie.

    Attributes:
        key: stable name, unique on its mat (``dock0``, ``M3``, ``hex_4_2``).
        label: English text printed in the zone.
        label_zh: Traditional Chinese text printed under it ("" for none).
        polygon: corners in mat millimetres, clockwise on paper.
        kind: what the zone is for (``dock``, ``slot``, ``hollow``, ``hex``, ...).
        data: rules facts about the zone (a hex's class, a slot's distance).
    """

    key: str
    label: str
    polygon: tuple[Point, ...]
    kind: str = "area"
    label_zh: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)

    @property
    def centre(self) -> Point:
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    def contains(self, point: Point) -> bool:
        """True when ``point`` (mat mm) lies inside the polygon (even-odd rule)."""
        x, y = point
        inside = False
        pts = self.polygon
        for i in range(len(pts)):
            (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % len(pts)]
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
        return inside


@dataclass(frozen=True)
class Marker:
    """One printed ArUco fiducial: its id and its corners in mat mm (TL, TR, BR, BL)."""

    id: int
    corners: tuple[Point, Point, Point, Point]


@dataclass(frozen=True)
class MatLayout:
    """One printable mat: size, zones and fiducials.

    Attributes:
        game: the game id.
        key: stable name within the game (``pentagon``, ``ark2``, ``map_a``).
        names: English and Traditional Chinese names.
        width_mm, height_mm: the whole mat, marker band included.
        zones: where pieces go.
        aliases: words that find this mat's component in a catalog by its
            English name (``printables.mats.from_catalog.match``).
        first_marker: id of the first fiducial (set by the registry).
        piece_id: the catalog id of the mat, printed as its tag (None: no tag).
        catalog_offset: where the catalog's origin lies on the printed mat (mm),
            for mats whose geometry comes from the catalog; (0, 0) otherwise.
    """

    game: str
    key: str
    names: Mapping[str, str]
    width_mm: float
    height_mm: float
    zones: tuple[Zone, ...]
    aliases: tuple[str, ...] = ()
    first_marker: int = 0
    piece_id: str | None = None
    catalog_offset: Point = (0.0, 0.0)

    def to_catalog(self, point: Point) -> Point:
        """Mat millimetres to the catalog's own frame (they differ by ``catalog_offset``)."""
        return (point[0] - self.catalog_offset[0], point[1] - self.catalog_offset[1])

    def zone(self, key: str) -> Zone:
        for zone in self.zones:
            if zone.key == key:
                return zone
        raise KeyError(key)

    def zone_at(self, point: Point) -> Zone | None:
        """The zone containing ``point`` (mat mm), or None."""
        for zone in self.zones:
            if zone.contains(point):
                return zone
        return None

    @property
    def markers(self) -> tuple[Marker, ...]:
        """The fiducials in the band: corners first, then along the edges."""
        return tuple(
            Marker(self.first_marker + i, _square(x, y))
            for i, (x, y) in enumerate(marker_spots(self))
        )

    @property
    def tag_spot(self) -> tuple[Point, float]:
        """Top-left corner and edge (mm) of the mat's own QR tag: in the top band, centred."""
        size = MARKER_MM - 2 * 2.0
        return ((self.width_mm - size) / 2, MARKER_GAP_MM + 2.0), size


def calibration_markers() -> tuple[Marker, ...]:
    """The calibration sheet's fiducials with their corners in mm from the page's top-left."""
    w, h = CALIBRATION_FRAME_MM
    lo = CALIBRATION_MARGIN_MM
    hi_x, hi_y = w - lo - MARKER_MM, h - lo - MARKER_MM
    spots = ((lo, lo), (hi_x, lo), (hi_x, hi_y), (lo, hi_y))
    return tuple(
        Marker(i, _square(x, y)) for i, (x, y) in zip(CALIBRATION_MARKERS, spots, strict=True)
    )


def _square(x: float, y: float) -> tuple[Point, Point, Point, Point]:
    s = MARKER_MM
    return ((x, y), (x + s, y), (x + s, y + s), (x, y + s))


def _spread(length: float) -> list[float]:
    """Marker origins along an edge of ``length`` mm: both ends, evenly between."""
    lo, hi = MARKER_GAP_MM, length - MARKER_GAP_MM - MARKER_MM
    gaps = max(1, math.ceil((hi - lo) / MAX_MARKER_SPACING_MM))
    return [lo + (hi - lo) * i / gaps for i in range(gaps + 1)]


def marker_spots(mat: MatLayout) -> list[Point]:
    """Top-left corners (mm) of the mat's markers, in id order.

    Corners TL, TR, BR, BL first; then the bottom, left and right edges; the top
    edge's middle is kept for the title and the mat's tag.
    """
    xs = _spread(mat.width_mm)
    ys = _spread(mat.height_mm)
    left, right = xs[0], xs[-1]
    top, bottom = ys[0], ys[-1]
    spots = [(left, top), (right, top), (right, bottom), (left, bottom)]
    spots += [(x, bottom) for x in xs[1:-1]]
    spots += [(left, y) for y in ys[1:-1]]
    spots += [(right, y) for y in ys[1:-1]]
    return spots


def rect(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    """A rectangle's corners, clockwise from top-left."""
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def rotated_rect(cx: float, cy: float, w: float, h: float, angle: float) -> tuple[Point, ...]:
    """Corners of a ``w`` x ``h`` rectangle centred on (``cx``, ``cy``), turned by ``angle`` rad."""
    ca, sa = math.cos(angle), math.sin(angle)
    out = []
    for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        out.append((round(cx + dx * ca - dy * sa, 3), round(cy + dx * sa + dy * ca, 3)))
    return tuple(out)
