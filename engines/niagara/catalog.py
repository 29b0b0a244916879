"""Niagara's physical pieces (the game's catalog, ``shared/rules/niagara.md`` §2-§4).

Every piece a table needs: the river mat, 10 canoes (two per player set), 40
gems (eight of each colour), 35 paddles (seven per set: 1-6 and the cloud),
the weather marker and the life ring. Player sets are numbered 1-5 in seating
order: seat 1 plays set 1 (the rules never depend on the colours).

Piece ids: ``C<set><canoe>`` (``C31`` is set 3's canoe 1), ``P<set><tile>``
(``P34``, ``P3C`` for the cloud), ``G<colour><n>`` (``GV1``..``GV8``),
``WEATHER``, ``RING``, ``RIVER``.

The river mat is laid out in millimetres for a 600 x 380 mm sheet (printed
across several pages): HOME and the main channel M1-M5 run left to right in
the middle row, the left arm above and the right arm below, the falls on the
right edge. The violet, clear and yellow hollows sit below M3-M5; the blue and
pink hollows sit on the island between the arms, beside L6/R6 and L7/R7 which
both reach them. The weather chart is in the lower left.
"""

from __future__ import annotations

from typing import Any

from engines.core import Catalog, Component
from engines.niagara.board import COLOUR_NAMES, COLOURS, GEM_VALUE, GEMS_PER_COLOUR, TILES

SETS = 5
RIVER_MAT_MM = (600.0, 380.0)
"""The river mat's size; A2-ish so up to ten tagged canoes fit on a slot."""
MARGIN_MM = 30.0
"""Border kept free for the mat's corner fiducials."""
SLOT_MM = 60.0
"""Width of one river column (a 20 mm canoe tag fits twice side by side with room)."""
ROWS_MM = ((30.0, 110.0), (150.0, 230.0), (270.0, 350.0))
"""Top and bottom of the left-arm row, the main row and the right-arm row."""

_ZH_SETS = "一二三四五"


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def _column(i: int) -> tuple[float, float]:
    x0 = MARGIN_MM + SLOT_MM * i
    return x0, x0 + SLOT_MM


def _cell(col: int, row: int) -> list[list[float]]:
    x0, x1 = _column(col)
    y0, y1 = ROWS_MM[row]
    return _rect(x0, y0, x1, y1)


def river_zones() -> dict[str, list[list[float]]]:
    """Zone polygons of the river mat in millimetres, keyed by slot or hollow."""
    zones: dict[str, list[list[float]]] = {"HOME": _cell(0, 1)}
    for i in range(1, 6):
        zones[f"M{i}"] = _cell(i, 1)
    zones.update({"L6": _cell(6, 0), "L7": _cell(7, 0), "R6": _cell(6, 2), "R7": _cell(7, 2)})
    zones.update({"HOLLOW_V": _cell(3, 2), "HOLLOW_W": _cell(4, 2), "HOLLOW_Y": _cell(5, 2)})
    zones.update({"HOLLOW_B": _cell(6, 1), "HOLLOW_P": _cell(7, 1)})
    x0, x1 = _column(8)
    zones["FALLS"] = _rect(x0, ROWS_MM[0][0], x1, ROWS_MM[2][1])
    y0, y1 = ROWS_MM[2]
    width = (_column(2)[1] - MARGIN_MM) / 4
    for i, value in enumerate((-1, 0, 1, 2)):
        left = MARGIN_MM + width * i
        zones[f"WEATHER{value:+d}"] = _rect(left, y0, left + width, y1)
    return zones


def _mat() -> Component:
    w, h = RIVER_MAT_MM
    return Component(
        "RIVER",
        "mat",
        {"en": "River mat", "zh-Hant": "河流版圖"},
        {"size_mm": [w, h], "zones": river_zones()},
    )


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
"""The river mat, 10 canoes, 40 gems, 35 paddles, the weather marker and the life ring."""
