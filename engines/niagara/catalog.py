"""Niagara's physical pieces (the game's catalog, ``shared/rules/niagara.md`` §2-§4).

Every piece a table needs: the river mat, one bank mat per player set, 10
canoes (two per player set), 40 gems (eight of each colour), 35 paddles
(seven per set: 1-6 and the cloud), the weather marker and the life ring.
Player sets are numbered 1-5 in seating order: seat 1 plays set 1 (the rules
never depend on the colours).

Piece ids: ``C<set><canoe>`` (``C31`` is set 3's canoe 1), ``P<set><tile>``
(``P34``, ``P3C`` for the cloud), ``G<colour><n>`` (``GV1``..``GV8``),
``WEATHER``, ``RING``, ``RIVER``, ``BANK<set>``.

The river mat is laid out in millimetres so that every zone holds every piece
that can lie there at once, each tag (25 mm with its quiet zone) whole and
apart from the others, on a grid of ``PITCH_MM``:

- a river slot (``M1``-``M5``, ``L6``, ``L7``, ``R6``, ``R7``) holds all ten
  canoes, each with the gem it carries lying at its downstream side (to its
  right as the mat's labels read): ten berths of two tags;
- ``HOME`` and ``FALLS`` hold all ten canoes (empty there: a canoe banks its
  gem at home and loses it over the falls);
- each hollow holds every gem in play (eight of each colour at most: gems
  unloaded there join its own);
- each weather step holds the marker.

Columns of ``SLOT_MM`` run left to right: ``HOME`` and the main channel
``M1``-``M5`` in the second row, the left arm ``L6``-``L7`` in the top row
and the right arm ``R6``-``R7`` in the bottom row, the island between the
arms holding the blue and pink hollows both arms reach, the falls down the
right edge. The violet, clear and yellow hollows lie below ``M3``-``M5``, the
weather chart below ``HOME``-``M2``. The mat is about 1.15 x 0.65 m, printed
across several sheets.

A bank mat per set (``BANK1``..``BANK5``) lies in front of its player: the
gems they bank lie in its ``BANK`` zone, at most eight (six without a goal
met, and two canoes reaching home in the last round).
"""

from __future__ import annotations

from typing import Any

from engines.core import Catalog, Component
from engines.niagara.board import COLOUR_NAMES, COLOURS, GEM_VALUE, GEMS_PER_COLOUR, TILES

SETS = 5
PITCH_MM = 27.0
"""Centre to centre of two tags side by side: 25 mm tags (21 modules of 1 mm and the
2-module quiet zone each side) and 2 mm between."""
MARGIN_MM = 30.0
"""Border kept free for the mat's corner fiducials."""
GAP_MM = 6.0
"""Between two zones."""
INSET_MM = 4.0
"""Inside a zone, around its grid of tags."""
CANOES = 2 * SETS
BANK_MAX = 8
"""Most gems a bank can hold: six without meeting a goal, and two canoes home in the
last round."""


def _span(tags: int) -> float:
    return tags * PITCH_MM + 2 * INSET_MM


SLOT_MM = (_span(4), _span(CANOES // 2))
"""A river slot: ten berths, two across (canoe and cargo each), five down."""
ROWS = 4
COLUMNS = 9
RIVER_MAT_MM = (
    2 * MARGIN_MM + COLUMNS * SLOT_MM[0] + (COLUMNS - 1) * GAP_MM,
    2 * MARGIN_MM + ROWS * SLOT_MM[1] + (ROWS - 1) * GAP_MM,
)
"""The river mat's size, about 1.15 x 0.65 m."""
BANK_MAT_MM = (2 * MARGIN_MM + _span(4), 2 * MARGIN_MM + _span(BANK_MAX // 4))
"""A bank mat's size: eight gems, four across."""

_ZH_SETS = "一二三四五"


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def _cells(col: int, row: int, cols: int = 1, rows: int = 1) -> list[list[float]]:
    """The rectangle over ``cols`` x ``rows`` grid cells from (``col``, ``row``)."""
    w, h = SLOT_MM
    x0 = MARGIN_MM + col * (w + GAP_MM)
    y0 = MARGIN_MM + row * (h + GAP_MM)
    return _rect(x0, y0, x0 + cols * w + (cols - 1) * GAP_MM, y0 + rows * h + (rows - 1) * GAP_MM)


def river_zones() -> dict[str, list[list[float]]]:
    """Zone polygons of the river mat in millimetres, keyed by slot or hollow."""
    zones: dict[str, list[list[float]]] = {"HOME": _cells(0, 1)}
    for i in range(1, 6):
        zones[f"M{i}"] = _cells(i, 1)
    zones.update({"L6": _cells(6, 0), "L7": _cells(7, 0), "R6": _cells(6, 3), "R7": _cells(7, 3)})
    for col, colour in ((3, "V"), (4, "W"), (5, "Y")):
        zones[f"HOLLOW_{colour}"] = _cells(col, 2, rows=2)
    zones.update({"HOLLOW_B": _cells(6, 1, rows=2), "HOLLOW_P": _cells(7, 1, rows=2)})
    zones["FALLS"] = _cells(8, 0, rows=ROWS)
    (x0, y0), _, (x1, _), _ = _cells(0, 2, cols=3)
    width = (x1 - x0 - 3 * GAP_MM) / 4
    for i, value in enumerate((-1, 0, 1, 2)):
        left = x0 + i * (width + GAP_MM)
        zones[f"WEATHER{value:+d}"] = _rect(left, y0, left + width, y0 + SLOT_MM[1])
    return zones


def bank_zones() -> dict[str, list[list[float]]]:
    """Zone polygons of a bank mat in millimetres: the ``BANK`` its banked gems lie in."""
    w, h = BANK_MAT_MM
    return {"BANK": _rect(MARGIN_MM, MARGIN_MM, w - MARGIN_MM, h - MARGIN_MM)}


def _mat() -> Component:
    w, h = RIVER_MAT_MM
    return Component(
        "RIVER",
        "mat",
        {"en": "River mat", "zh-Hant": "河流版圖"},
        {"size_mm": [w, h], "zones": river_zones()},
    )


def _banks() -> list[Component]:
    w, h = BANK_MAT_MM
    return [
        Component(
            f"BANK{s}",
            "mat",
            {"en": f"Bank mat of set {s}", "zh-Hant": f"第{_ZH_SETS[s - 1]}組 寶石庫"},
            {"set": s, "size_mm": [w, h], "zones": bank_zones()},
        )
        for s in range(1, SETS + 1)
    ]


def _canoes() -> list[Component]:
    return [
        Component(
            f"C{s}{n}",
            "token",
            {"en": f"Canoe {n} of set {s}", "zh-Hant": f"第{_ZH_SETS[s - 1]}組 獨木舟{n}"},
            {"set": s, "canoe": n},
        )
        for s in range(1, SETS + 1)
        for n in (1, 2)
    ]


def _paddles() -> list[Component]:
    out = []
    for s in range(1, SETS + 1):
        for t in TILES:
            data: dict[str, Any] = {"set": s, "tile": t}
            if t == "C":
                names = {"en": f"Cloud paddle of set {s}", "zh-Hant": f"第{_ZH_SETS[s - 1]}組 雲朵"}
            else:
                data["value"] = int(t)
                names = {
                    "en": f"Paddle {t} of set {s}",
                    "zh-Hant": f"第{_ZH_SETS[s - 1]}組 船槳{t}",
                }
            out.append(Component(f"P{s}{t}", "tile", names, data))
    return out


def _gems() -> list[Component]:
    return [
        Component(
            f"G{c}{i}",
            "token",
            {
                "en": f"{COLOUR_NAMES[c]['en'].capitalize()} gem",
                "zh-Hant": f"{COLOUR_NAMES[c]['zh-Hant']}寶石",
            },
            {"colour": c, "value": GEM_VALUE[c]},
        )
        for c in COLOURS
        for i in range(1, GEMS_PER_COLOUR + 1)
    ]


def _components() -> list[Component]:
    return [
        _mat(),
        *_banks(),
        *_canoes(),
        *_gems(),
        *_paddles(),
        Component(
            "WEATHER",
            "marker",
            {"en": "Weather marker (cloud)", "zh-Hant": "天氣標示物（雲朵）"},
            {"range": [-1, 2], "start": 0},
        ),
        Component("RING", "marker", {"en": "Life ring (start player)", "zh-Hant": "救生圈"}),
    ]


CATALOG = Catalog("niagara", _components())
"""The river mat, 5 bank mats, 10 canoes, 40 gems, 35 paddles, the weather marker, the life
ring."""
