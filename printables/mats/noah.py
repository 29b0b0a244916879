"""Noah's board as a mat: a pentagon with 5 docks, printed 1-5 clockwise from the top.

Follows ``docs/rules/noah.md`` §3 (5 docks on the 5 edges of a pentagon,
numbered clockwise; 3 reserve ferries in the centre). A dock's zone keeps the
engine's number (``dock0`` ... ``dock4``, ``data["dock"]`` 0-4) and prints the
one players count and every page says (``companion.sentences.noah.dock_number``).
Each dock holds one ferry card (63 x 88 mm) with the animals played onto it
fanned below, so a dock is 80 x 120 mm, its long side pointing out from the
pentagon's edge.

One hand mat per seat (``hand1`` ... ``hand5``, the catalog's ``HAND1`` ...):
at a round end each player lays their hand out face up on theirs, so a photo
scores the round (``companion.watch.photo``).
"""

from __future__ import annotations

import math

from engines.noah.catalog import HAND_ZONE_MM
from printables.mats.geometry import BAND_MM, MatLayout, Point, Zone, rect, rotated_rect

DOCK_W, DOCK_H = 80.0, 120.0
EDGE = 100.0  # pentagon edge: two docks' inner corners stay apart (2 * 40 < 100)
GAP = 4.0


def _pentagon() -> MatLayout:
    apothem = EDGE / (2 * math.tan(math.pi / 5))
    radius = EDGE / (2 * math.sin(math.pi / 5))
    raw: list[tuple[str, str, str, tuple[Point, ...], dict[str, int]]] = []
    corners = tuple(
        (
            radius * math.cos(-math.pi / 2 + math.pi / 5 + 2 * math.pi * k / 5),
            radius * math.sin(-math.pi / 2 + math.pi / 5 + 2 * math.pi * k / 5),
        )
        for k in range(-1, 4)
    )
    raw.append(("centre", "reserve ferries", "備用渡船", corners, {}))
    for dock in range(5):
        theta = -math.pi / 2 + 2 * math.pi * dock / 5
        dist = apothem + GAP + DOCK_H / 2
        poly = rotated_rect(
            dist * math.cos(theta), dist * math.sin(theta), DOCK_W, DOCK_H, theta + math.pi / 2
        )
        number = dock + 1  # as players count (companion.sentences.noah.dock_number)
        raw.append((f"dock{dock}", f"dock {number}", f"碼頭 {number}", poly, {"dock": dock}))
    xs = [p[0] for *_, poly, _ in raw for p in poly]
    ys = [p[1] for *_, poly, _ in raw for p in poly]
    dx, dy = BAND_MM + 5 - min(xs), BAND_MM + 5 - min(ys)
    zones = tuple(
        Zone(
            key,
            label,
            tuple((round(x + dx, 3), round(y + dy, 3)) for x, y in poly),
            "centre" if key == "centre" else "dock",
            zh,
            data,
        )
        for key, label, zh, poly, data in raw
    )
    width = max(xs) - min(xs) + 2 * (BAND_MM + 5)
    height = max(ys) - min(ys) + 2 * (BAND_MM + 5)
    return MatLayout(
        "noah",
        "pentagon",
        {"en": "Noah board: pentagon with 5 docks", "zh-Hant": "諾亞 五角形碼頭圖板"},
        round(width, 1),
        round(height, 1),
        zones,
        aliases=("board", "pentagon", "mat"),
    )


def _hand(seat: int) -> MatLayout:
    w, h = HAND_ZONE_MM
    edge = BAND_MM + 5
    zone = Zone("hand", "hand", rect(edge, edge, w, h), "hand", "手牌", {"seat": seat})
    return MatLayout(
        "noah",
        f"hand{seat}",
        {"en": f"Noah hand mat, seat {seat}", "zh-Hant": f"諾亞 攤牌區 座位 {seat}"},
        w + 2 * edge,
        h + 2 * edge,
        (zone,),
    )


MATS = (_pentagon(), *(_hand(seat) for seat in range(1, 6)))
