"""Niagara's physical pieces (the game's catalog, ``docs/rules/niagara.md`` §2-§4).

Every piece a table needs: the river mat, one bank mat per player set, 10
canoes (two per player set), 40 gems (eight of each colour), 35 paddles
(seven per set: 1-6 and the cloud), the weather marker and the life ring.
Player sets are numbered 1-5 in seating order: seat 1 plays set 1 (the rules
never depend on the colours).

Piece ids: ``C<set><canoe>`` (``C31`` is set 3's canoe 1), ``P<set><tile>``
(``P34``, ``P3C`` for the cloud), ``G<colour><n>`` (``GV1``..``GV8``),
``WEATHER``, ``RING``, ``RIVER``, ``BANK<set>``.

The river mat is laid out in millimetres for one 1080p camera over the whole
table (the river beside three or four bank mats at about 1.6 px/mm, or the
river alone at 2.4 px/mm), each tag a printed 28 mm tag (21 modules of 4/3
mm and the 2-module quiet zone each side: 33.3 mm) whole and apart from the
others, on a grid of ``PITCH_MM``:

- a river slot (``M1``-``M5``, ``L6``, ``L7``, ``R6``, ``R7``) holds a crowd
  of ``BERTHS`` canoes, each with the gem it carries lying at its right as
  the mat's labels read: six berths of two tags, two across and three down
  (canoes without cargo fill the spots loaded ones leave free);
- ``HOME`` and ``FALLS`` hold all ten canoes, one tag each (empty there: a
  canoe banks its gem on reaching home, and a canoe lost over the falls
  drops its gem back into that gem's hollow);
- a hollow is a pile area beside the slot that reaches it (the blue and pink
  ones on the island between the arms): its gems lie heaped, as in the
  boxed game, and the camera does not count them (the engine knows them);
- each weather step holds the marker.

Slots are cells of ``SLOT_MM`` in four columns and three rows; the river
runs from ``HOME`` (top, second column) left to ``M1``, down the first
column to ``M3``, back right along the bottom to ``M4`` and up to ``M5`` in
the middle, where it forks around the island (third column, middle) into
the left arm ``L6``-``L7`` along the top and the right arm ``R6``-``R7``
along the bottom; both arms end in ``FALLS`` (fourth column, middle). The
island carries the weather chart above the blue and pink hollows; the
violet, clear and yellow hollows are strips of ``HOLLOW_MM`` beside ``M3``,
``M4`` and ``M5``. The mat is 748 x 424 mm with its marker band, printed on
a few sheets.

A bank mat per set (``BANK1``..``BANK5``) lies in front of its player: the
gems they bank lie in its ``BANK`` zone, at most eight (six without a goal
met, and two canoes reaching home in the last round).
"""

from __future__ import annotations

from typing import Any

from engines.core import Catalog, Component
from engines.niagara.board import COLOUR_NAMES, COLOURS, GEM_VALUE, GEMS_PER_COLOUR, TILES

SETS = 5
PITCH_MM = 36.0
"""Centre to centre of two tags side by side: 28 mm tags (33.3 mm with their quiet zone)
and 2.7 mm between."""
MARGIN_MM = 40.0
"""Border kept free for the mat's marker band (``printables.mats.geometry.BAND_MM``)."""
GAP_MM = 4.0
"""Between two zones."""
INSET_MM = 2.0
"""Inside a zone, around its grid of tags."""
HOLLOW_MM = 28.0
"""Width of the violet, clear and yellow hollows' strips: a heap of gems, not read."""
CANOES = 2 * SETS
BERTHS = 6
"""Canoes a river slot holds, each with its cargo beside it."""
BANK_MAX = 8
"""Most gems a bank can hold: six without meeting a goal, and two canoes home in the
last round."""


def _span(tags: int) -> float:
    return tags * PITCH_MM + 2 * INSET_MM


SLOT_MM = (_span(4), _span(BERTHS // 2))
"""A river slot: six berths, two across (canoe and cargo each), three down; HOME and the
falls have twelve tag spots on the same cell."""
ROWS = 3
_COLUMN_X = (
    HOLLOW_MM + GAP_MM,
    HOLLOW_MM + SLOT_MM[0] + 2 * GAP_MM,
    2 * HOLLOW_MM + 2 * SLOT_MM[0] + 4 * GAP_MM,
    2 * HOLLOW_MM + 3 * SLOT_MM[0] + 5 * GAP_MM,
)
"""Left edge of each column of cells past the margin: a hollow strip left of the first
and of the third column."""
RIVER_MAT_MM = (
    2 * MARGIN_MM + _COLUMN_X[-1] + SLOT_MM[0],
    2 * MARGIN_MM + ROWS * SLOT_MM[1] + (ROWS - 1) * GAP_MM,
)
"""The river mat's size, marker band included: 748 x 424 mm."""
BANK_MAT_MM = (2 * MARGIN_MM + _span(4), 2 * MARGIN_MM + _span(BANK_MAX // 4))
"""A bank mat's size: eight gems, four across."""

_ZH_SETS = "一二三四五"


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def _cell(col: int, row: int) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) of the cell in column ``col`` and row ``row``."""
    x0 = MARGIN_MM + _COLUMN_X[col]
    y0 = MARGIN_MM + row * (SLOT_MM[1] + GAP_MM)
    return x0, y0, x0 + SLOT_MM[0], y0 + SLOT_MM[1]


def _strip(before_col: int, row: int) -> list[list[float]]:
    """A hollow's strip just left of the cell in column ``before_col`` and row ``row``."""
    x0, y0, _, y1 = _cell(before_col, row)
    return _rect(x0 - GAP_MM - HOLLOW_MM, y0, x0 - GAP_MM, y1)


def river_zones() -> dict[str, list[list[float]]]:
    """Zone polygons of the river mat in millimetres, keyed by slot or hollow."""
    cells = {
        "M1": (0, 0),
        "HOME": (1, 0),
        "L6": (2, 0),
        "L7": (3, 0),
        "M2": (0, 1),
        "M5": (1, 1),
        "FALLS": (3, 1),
        "M3": (0, 2),
        "M4": (1, 2),
        "R6": (2, 2),
        "R7": (3, 2),
    }
    zones = {name: _rect(*_cell(col, row)) for name, (col, row) in cells.items()}
    zones.update(HOLLOW_V=_strip(0, 2), HOLLOW_W=_strip(2, 2), HOLLOW_Y=_strip(2, 1))
    x0, y0, x1, y1 = _cell(2, 1)  # the island between the arms
    step = (x1 - x0) / 4
    for i, value in enumerate((-1, 0, 1, 2)):
        zones[f"WEATHER{value:+d}"] = _rect(x0 + i * step, y0, x0 + (i + 1) * step, y0 + _span(1))
    middle = (x0 + x1) / 2
    zones["HOLLOW_B"] = _rect(x0, y0 + _span(1) + GAP_MM, middle - GAP_MM / 2, y1)
    zones["HOLLOW_P"] = _rect(middle + GAP_MM / 2, y0 + _span(1) + GAP_MM, x1, y1)
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
