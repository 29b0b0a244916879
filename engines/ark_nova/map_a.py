"""Map A as data: the 58-hex grid, its terrain, bonuses and the building shapes.

Rules text: ``docs/rules/ark_nova.md`` §8.1 (grid and coordinates), §8.2
(hex table, transcribed from the Chinese-edition map image: verify once on a
physical Map A) and §8.4 (building shapes, axial cells in the TabletopGames
convention). The build checks (issue 7) build on this module; scoring uses
the terrain, the border and the covered hexes.

Coordinates: ``(col, row)`` offset hexes, row 0 at the top, 9 flat-topped
columns; even columns hold 6 hexes, odd columns 7 and sit half a hex higher.
Axial: ``q = col``, ``r = row - (col + 1) // 2``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType

Hex = tuple[int, int]
"""An offset hex ``(col, row)``."""

COLUMNS = 9


def column_height(col: int) -> int:
    """Hexes in a column: 6 in even columns, 7 in odd ones."""
    return 7 if col % 2 else 6


HEXES: tuple[Hex, ...] = tuple((c, r) for c in range(COLUMNS) for r in range(column_height(c)))
"""All 58 hexes, column by column."""

_HEX_SET = frozenset(HEXES)

ROCK: frozenset[Hex] = frozenset({(1, 0), (1, 1), (1, 6), (2, 1), (3, 0), (5, 2), (6, 4)})
WATER: frozenset[Hex] = frozenset(
    {(2, 0), (2, 5), (3, 6), (4, 0), (5, 4), (6, 3), (7, 0), (8, 0), (8, 1)}
)
UPGRADE_ONLY: frozenset[Hex] = frozenset({(7, 6), (8, 5)})
"""Hexes that need the upgraded Build card (side II)."""

BONUS_KINDS = ("reputation", "x_token", "money5", "money10", "card", "worker")
BONUSES = MappingProxyType(
    {
        (0, 0): "reputation",
        (7, 5): "reputation",
        (0, 1): "x_token",
        (4, 3): "x_token",
        (5, 0): "x_token",
        (3, 1): "money5",
        (2, 4): "money5",
        (8, 2): "money10",
        (2, 2): "card",
        (5, 3): "card",
        (5, 5): "card",
        (7, 1): "worker",
    }
)
"""Placement bonuses, taken once when the hex is covered (none on rock or water)."""

SETUP_KIOSK: Hex = (0, 3)
SETUP_ENCLOSURE: tuple[Hex, ...] = ((0, 4), (0, 5), (1, 5))
"""The size-3 enclosure printed on Map A; it touches the setup kiosk."""


def is_border(h: Hex) -> bool:
    """A hex with an edge on the map's edge: columns 0 and 8, the top and bottom of each column."""
    col, row = h
    return col in (0, COLUMNS - 1) or row in (0, column_height(col) - 1)


BORDER: frozenset[Hex] = frozenset(h for h in HEXES if is_border(h))
"""The 26 border spaces."""

BUILDABLE: frozenset[Hex] = frozenset(h for h in HEXES if h not in ROCK and h not in WATER)
"""The 42 building spaces (everything but rock and water)."""

BUILDABLE_BORDER: frozenset[Hex] = BORDER & BUILDABLE
"""The 16 border spaces a building can cover."""


def on_map(h: Hex) -> bool:
    return h in _HEX_SET


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The hexes sharing an edge with ``h``, on the map."""
    col, row = h
    if col % 2 == 0:
        cand = [(col, row - 1), (col, row + 1), (col - 1, row), (col - 1, row + 1),
                (col + 1, row), (col + 1, row + 1)]  # fmt: skip
    else:
        cand = [(col, row - 1), (col, row + 1), (col - 1, row - 1), (col - 1, row),
                (col + 1, row - 1), (col + 1, row)]  # fmt: skip
    return tuple(c for c in cand if c in _HEX_SET)


def to_axial(h: Hex) -> tuple[int, int]:
    col, row = h
    return col, row - (col + 1) // 2


def from_axial(q: int, r: int) -> Hex:
    return q, r + (q + 1) // 2


def distance(a: Hex, b: Hex) -> int:
    """Hex distance (steps from hex to hex)."""
    aq, ar = to_axial(a)
    bq, br = to_axial(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# --------------------------------------------------------------------------- buildings


@dataclass(frozen=True)
class Shape:
    """A building's footprint in axial cells relative to its anchor (0, 0)."""

    name: str
    size: int
    cells: tuple[tuple[int, int], ...]
    special: bool = False
    upgraded_only: bool = False

    def footprint(self, anchor: Hex, rotation: int = 0, mirror: bool = False) -> tuple[Hex, ...]:
        """The offset hexes covered with the anchor on ``anchor``.

        ``rotation`` turns by 60 degrees clockwise steps (0-5) about the anchor;
        ``mirror`` reflects the shape first (legal for every tile: special
        enclosures are printed alike on both sides, rules spec §8.4).
        """
        aq, ar = to_axial(anchor)
        out = []
        for q, r in self.cells:
            if mirror:
                q, r = q + r, -r
            for _ in range(rotation % 6):
                q, r = -r, q + r
            out.append(from_axial(aq + q, ar + r))
        return tuple(out)


SHAPES = MappingProxyType(
    {
        s.name: s
        for s in (
            Shape("kiosk", 1, ((0, 0),)),
            Shape("pavilion", 1, ((0, 0),)),
            Shape("enclosure_1", 1, ((0, 0),)),
            Shape("enclosure_2", 2, ((0, 0), (0, -1))),
            Shape("enclosure_3", 3, ((0, 0), (0, -1), (1, -1))),
            Shape("enclosure_4", 4, ((0, 0), (0, -1), (1, -2), (1, -1))),
            Shape("enclosure_5", 5, ((0, 0), (0, -1), (0, -2), (1, -2), (1, -1))),
            Shape("petting_zoo", 3, ((0, 0), (0, -1), (1, -2)), special=True),
            Shape(
                "reptile_house",
                5,
                ((0, 0), (0, -1), (1, -1), (2, -2), (2, -1)),
                special=True,
                upgraded_only=True,
            ),
            Shape(
                "aviary",
                5,
                ((0, 0), (0, -1), (1, -2), (1, -1), (2, -1)),
                special=True,
                upgraded_only=True,
            ),
        )
    }
)
"""Every standard building shape (§8.4); unique sponsor buildings list their hexes."""

UNIQUE_BUILDING_SPONSORS = tuple(range(243, 258))
"""Sponsors 243-257 each come with a unique building tile (rules spec §8.4)."""

STANDARD_ENCLOSURES = ("enclosure_1", "enclosure_2", "enclosure_3", "enclosure_4", "enclosure_5")


def orientations(shape: Shape, anchor: Hex) -> tuple[tuple[Hex, ...], ...]:
    """Every distinct footprint of ``shape`` anchored on ``anchor`` (6 rotations x mirror)."""
    seen: dict[frozenset[Hex], tuple[Hex, ...]] = {}
    for mirror in (False, True):
        for rotation in range(6):
            cells = shape.footprint(anchor, rotation, mirror)
            seen.setdefault(frozenset(cells), cells)
    return tuple(seen.values())


def connected_to_buildings(h: Hex, covered: Iterable[Hex]) -> bool:
    """A hex "connected" to the zoo: covered itself, or sharing an edge with a covered hex.

    The reading used for water/rock spaces (Architectural Zoo, Hydrologist,
    Geologist) and placement-bonus spaces (Free-Range New World Monkeys);
    rules spec §14 item 2 asks to confirm it on the cards.
    """
    cov = covered if isinstance(covered, frozenset | set) else frozenset(covered)
    return h in cov or any(n in cov for n in neighbours(h))


# --------------------------------------------------------------------------- geometry (mm)

HEX_SIDE_MM = 22.0
"""Printed hex side (corner radius) of the Map A mat; 44 mm across corners, 38.1 mm across
flats: big enough for a 15 mm sticker tag on a building tile (docs/printing.md)."""

MAT_MARGIN_MM = 25.0
"""Free border around the grid for the fiducials and alignment marks."""


def hex_center_mm(h: Hex) -> tuple[float, float]:
    """Centre of a hex in mat millimetres (x right, y down, origin at the mat's corner)."""
    col, row = h
    s = HEX_SIDE_MM
    height = math.sqrt(3) * s
    x = MAT_MARGIN_MM + s + 1.5 * s * col
    # Odd columns sit half a hex higher than even ones.
    y = MAT_MARGIN_MM + height / 2 + height * row + (0 if col % 2 else height / 2)
    return round(x, 2), round(y, 2)


def hex_corners_mm(h: Hex) -> tuple[tuple[float, float], ...]:
    """The six corners of a flat-topped hex, clockwise from the right-hand corner."""
    cx, cy = hex_center_mm(h)
    s = HEX_SIDE_MM
    return tuple(
        (round(cx + s * math.cos(math.radians(60 * k)), 2),
         round(cy + s * math.sin(math.radians(60 * k)), 2))
        for k in range(6)
    )  # fmt: skip


def grid_size_mm() -> tuple[float, float]:
    """Width and height of the grid plus margins (the mat's map area)."""
    s = HEX_SIDE_MM
    width = 2 * MAT_MARGIN_MM + 2 * s + 1.5 * s * (COLUMNS - 1)
    height = 2 * MAT_MARGIN_MM + math.sqrt(3) * s * 7
    return round(width, 2), round(height, 2)
