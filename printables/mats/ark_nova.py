"""Ark Nova's Map A as a mat: the 58 hexes with their classes, and the 5 action-card slots.

Follows ``shared/rules/ark_nova.md`` §8.1-§8.2: 9 columns of flat-topped hexes,
even columns 6 hexes, odd columns 7 sitting half a hex higher, offset
coordinates (col, row) with row 0 at the top; the hex classes are the spec's
transcription of Map A (marked there "verify once on a physical Map A"). The
hex side (19 mm) is this mat's choice: building tiles must be tagged with
stickers and laid on it; the physical tile size is unverified.
"""

from __future__ import annotations

import math

from printables.mats import BAND_MM, MatLayout, Point, Zone, rect

B = BAND_MM + 5
SIDE = 19.0
ROW = math.sqrt(3) * SIDE
ACTION_W, ACTION_H = 60.0, 90.0

CLASSES: dict[tuple[int, int], str] = {
    **{h: "rock" for h in [(1, 0), (1, 1), (1, 6), (2, 1), (3, 0), (5, 2), (6, 4)]},
    **{
        h: "water" for h in [(2, 0), (2, 5), (3, 6), (4, 0), (5, 4), (6, 3), (7, 0), (8, 0), (8, 1)]
    },
    **{h: "build_ii" for h in [(7, 6), (8, 5)]},
    **{h: "reputation_2" for h in [(0, 0), (7, 5)]},
    **{h: "x_token" for h in [(0, 1), (4, 3), (5, 0)]},
    **{h: "money_5" for h in [(3, 1), (2, 4)]},
    (8, 2): "money_10",
    **{h: "card" for h in [(2, 2), (5, 3), (5, 5)]},
    (7, 1): "worker",
    (0, 3): "setup_kiosk",
    **{h: "setup_enclosure" for h in [(0, 4), (0, 5), (1, 5)]},
}
"""Hex class by (col, row), from the spec's §8.2 table; every other hex is plain."""

LABELS = {
    "rock": "rock",
    "water": "water",
    "build_ii": "II",
    "reputation_2": "+2 rep",
    "x_token": "X",
    "money_5": "$5",
    "money_10": "$10",
    "card": "card",
    "worker": "worker",
    "setup_kiosk": "kiosk",
    "setup_enclosure": "encl.",
    "plain": "",
}


def hex_corners(cx: float, cy: float) -> tuple[Point, ...]:
    """A flat-topped hex's corners, clockwise from the left corner."""
    return tuple(
        (
            round(cx + SIDE * math.cos(math.radians(a)), 3),
            round(cy + SIDE * math.sin(math.radians(a)), 3),
        )
        for a in (180, 240, 300, 0, 60, 120)
    )


def _map_a() -> MatLayout:
    zones = []
    for col in range(9):
        for row in range(7 if col % 2 else 6):
            cx = B + SIDE + col * 1.5 * SIDE
            cy = B + ROW / 2 + row * ROW + (0 if col % 2 else ROW / 2)
            cls = CLASSES.get((col, row), "plain")
            zones.append(
                Zone(
                    f"hex_{col}_{row}",
                    LABELS[cls],
                    hex_corners(cx, cy),
                    "hex",
                    "",
                    {"col": col, "row": row, "class": cls},
                )
            )
    map_h = 7 * ROW
    top = B + map_h + 8
    for slot in range(1, 6):
        zones.append(
            Zone(
                f"action{slot}",
                f"action slot {slot}",
                rect(B + (slot - 1) * (ACTION_W + 6), top, ACTION_W, ACTION_H),
                "action",
                f"行動卡 {slot}",
                {"strength": slot},
            )
        )
    width = 2 * B + max(14 * SIDE, 5 * ACTION_W + 24)
    return MatLayout(
        "ark_nova",
        "map_a",
        {"en": "Ark Nova Map A and action cards", "zh-Hant": "方舟動物園 地圖 A 與行動卡"},
        round(width, 1),
        round(top + ACTION_H + B, 1),
        tuple(zones),
        aliases=("map", "zoo", "player board"),
    )


MATS = (_map_a(),)
