"""Mats on paper: the whole mat drawn once, then cut into sheets that overlap and align.

The geometry comes from ``printables.mats``. A mat larger than the paper's
printable area is tiled: each sheet shows its own cell of the mat plus a
10 mm glue flap on its right and bottom (where a neighbour follows). The
neighbour is trimmed along its dashed cut line and laid on the flap, its edge
on the flap's seam line, between the alignment ticks. Seams never cross a
fiducial or the mat's tag, so every marker prints whole on one sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image

from printables import payload
from printables.fonts import Fonts
from printables.mats import ARUCO_DICTIONARY, MARKER_GAP_MM, MARKER_MM, MatLayout, Zone
from printables.pdf import Page
from printables.settings import Settings
from printables.sheet import BLACK, GREY, Colour, Progress, Sheet

FLAP_MM = 10.0
"""Overlap between neighbouring sheets of a tiled mat (glue flap)."""

_FILL: dict[str, Colour] = {
    "dock": (235, 243, 252),
    "centre": (245, 245, 235),
    "slot": (225, 240, 250),
    "home": (235, 245, 230),
    "rope": (240, 240, 240),
    "falls": (250, 230, 230),
    "podium": (252, 245, 220),
    "space": (245, 250, 240),
}
_GEMS: dict[str, Colour] = {
    "violet": (225, 210, 245),
    "clear": (245, 245, 245),
    "yellow": (252, 245, 200),
    "blue": (210, 225, 250),
    "pink": (250, 215, 230),
}
_HEXES: dict[str, Colour] = {"rock": (215, 210, 205), "water": (205, 225, 245)}


def _fill(zone: Zone) -> Colour:
    if zone.kind == "hollow":
        return _GEMS.get(str(zone.data.get("gem")), (240, 240, 240))
    if zone.kind == "hex":
        terrain = zone.data.get("class", zone.data.get("terrain"))
        return _HEXES.get(str(terrain), (248, 248, 244))
    return _FILL.get(zone.kind, (246, 246, 246))


def marker_image(marker_id: int, cell_px: int) -> np.ndarray:
    """The ArUco marker ``marker_id`` with its black border: 6 cells of ``cell_px`` pixels."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICTIONARY))
    image: np.ndarray = cv2.aruco.generateImageMarker(
        dictionary, marker_id, 6 * cell_px, borderBits=1
    )
    return image


def paste_marker(sheet: Sheet, marker_id: int, x_mm: float, y_mm: float) -> None:
    """Draw marker ``marker_id`` with its top-left corner at (``x_mm``, ``y_mm``)."""
    cell = max(1, round(sheet.px(MARKER_MM) / 6))
    tile = Image.fromarray(marker_image(marker_id, cell)).convert("RGB")
    sheet.image.paste(tile, (sheet.px(x_mm), sheet.px(y_mm)))


def draw_mat(mat: MatLayout, settings: Settings, fonts: Fonts) -> Sheet:
    """The whole mat as one raster, in its own frame (mm from its top-left corner).

    The mat's catalog id (``mat.piece_id``), when it has one, prints as its tag
    in the top band.
    """
    sheet = Sheet(settings, fonts, mat.width_mm, mat.height_mm)
    sheet.rect(0, 0, mat.width_mm, mat.height_mm, outline=GREY, width_mm=0.3)
    chinese = bool(fonts.cjk) and not settings.english_only
    for zone in mat.zones:
        sheet.polygon(list(zone.polygon), outline=BLACK, fill=_fill(zone), width_mm=0.4)
        cx, cy = zone.centre
        xs = [p[0] for p in zone.polygon]
        room = max(xs) - min(xs) - 2
        size = 3.2 if zone.kind == "hex" else 4.0
        sheet.text(cx, cy, zone.label, size_mm=size, anchor="mm", max_width_mm=room)
        if zone.label_zh and chinese:
            sheet.text(
                cx,
                cy + size * 1.3,
                zone.label_zh,
                size_mm=size,
                chinese=True,
                anchor="mm",
                max_width_mm=room,
            )
    for marker in mat.markers:
        x, y = marker.corners[0]
        paste_marker(sheet, marker.id, x, y)
    (tx, ty), tag_size = mat.tag_spot
    if mat.piece_id is not None:
        sheet.tag(payload.encode(mat.game, mat.piece_id), tx, ty, tag_size)
    title_x = MARKER_GAP_MM + MARKER_MM + 4
    room = tx - title_x - 4
    sheet.text(title_x, MARKER_GAP_MM + 4, mat.names["en"], size_mm=4.5, max_width_mm=room)
    if chinese:
        sheet.text(
            title_x,
            MARKER_GAP_MM + 11,
            mat.names["zh-Hant"],
            size_mm=4.5,
            chinese=True,
            max_width_mm=room,
        )
    first, last = mat.markers[0].id, mat.markers[-1].id
    note = f"{mat.width_mm:.0f} x {mat.height_mm:.0f} mm; markers {first}-{last}"
    sheet.text(
        tx + tag_size + 6, MARKER_GAP_MM + 4, note, size_mm=2.6, colour=GREY, max_width_mm=room
    )
    return sheet


@dataclass(frozen=True)
class Tiling:
    """How a mat splits into sheets: seam positions (mm) and the paper's orientation."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    landscape: bool

    @property
    def count(self) -> int:
        return (len(self.xs) - 1) * (len(self.ys) - 1)


def _seams(
    length: float, usable: float, forbidden: Sequence[tuple[float, float]]
) -> tuple[float, ...] | None:
    seams = [0.0]
    while length - seams[-1] > usable:
        cut = seams[-1] + usable - FLAP_MM
        moved = True
        while moved:
            moved = False
            for lo, hi in forbidden:
                if lo - 1 < cut < hi + 1:
                    cut = lo - 1
                    moved = True
        if cut <= seams[-1] + 20:
            return None
        seams.append(round(cut, 2))
    seams.append(length)
    return tuple(seams)


def tiling(mat: MatLayout, settings: Settings) -> Tiling:
    """The fewest sheets that carry the mat, portrait or landscape.

    Raises:
        ValueError: the mat cannot be tiled on this paper without cutting a marker.
    """
    paper = settings.sheet
    spans_x = [(m.corners[0][0], m.corners[1][0]) for m in mat.markers]
    spans_y = [(m.corners[0][1], m.corners[3][1]) for m in mat.markers]
    (tx, ty), size = mat.tag_spot
    spans_x.append((tx - 2, tx + size + 2))
    spans_y.append((ty - 2, ty + size + 2))
    best: Tiling | None = None
    for landscape in (False, True):
        w, h = (paper.height_mm, paper.width_mm) if landscape else (paper.width_mm, paper.height_mm)
        xs = _seams(mat.width_mm, w - 2 * paper.margin_mm, spans_x)
        ys = _seams(mat.height_mm, h - 2 * paper.margin_mm - 6, spans_y)
        if xs is None or ys is None:
            continue
        option = Tiling(xs, ys, landscape)
        if best is None or option.count < best.count:
            best = option
    if best is None:
        raise ValueError(f"mat {mat.key!r} cannot be tiled on {paper.name} paper")
    return best


def mat_pages(
    mat: MatLayout,
    settings: Settings,
    fonts: Fonts,
    *,
    progress: Progress | None = None,
) -> list[Page]:
    """The sheets of ``mat`` on the settings' paper, row by row."""
    whole = draw_mat(mat, settings, fonts)
    plan = tiling(mat, settings)
    paper = settings.sheet
    pw, ph = (
        (paper.height_mm, paper.width_mm) if plan.landscape else (paper.width_mm, paper.height_mm)
    )
    rows, cols = len(plan.ys) - 1, len(plan.xs) - 1
    pages: list[Page] = []
    for r in range(rows):
        for c in range(cols):
            x0, y0 = plan.xs[c], plan.ys[r]
            x1 = plan.xs[c + 1] + (FLAP_MM if c + 1 < cols else 0)
            y1 = plan.ys[r + 1] + (FLAP_MM if r + 1 < rows else 0)
            x1, y1 = min(x1, mat.width_mm), min(y1, mat.height_mm)
            sheet = Sheet(settings, fonts, pw, ph)
            sheet.coloured = whole.coloured
            crop = whole.image.crop((whole.px(x0), whole.px(y0), whole.px(x1), whole.px(y1)))
            left, top = paper.margin_mm, paper.margin_mm + 4
            sheet.image.paste(crop, (sheet.px(left), sheet.px(top)))
            _seam_marks(
                sheet, left, top, x0, y0, x1, y1, plan.xs[c + 1], plan.ys[r + 1], c, r, cols, rows
            )
            where = f"sheet {r * cols + c + 1} of {rows * cols} (row {r + 1}, column {c + 1})"
            label = f"{mat.names['en']}: {where}"
            sheet.text(
                left,
                paper.margin_mm - 1,
                label,
                size_mm=2.6,
                colour=GREY,
                max_width_mm=pw - 2 * left,
            )
            pages.append(sheet.page())
            if progress is not None:
                progress()
    return pages


def _seam_marks(
    sheet: Sheet,
    left: float,
    top: float,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    seam_x: float,
    seam_y: float,
    c: int,
    r: int,
    cols: int,
    rows: int,
) -> None:
    """Cut lines where this sheet goes over a neighbour; seam lines and ticks on its flaps."""
    w, h = x1 - x0, y1 - y0
    if c > 0:  # trim this edge, then lay it on the left neighbour's flap
        _dashed(sheet, left, top - 3, left, top + h + 3)
    if r > 0:
        _dashed(sheet, left - 3, top, left + w + 3, top)
    if c + 1 < cols:
        sx = left + seam_x - x0
        _dashed(sheet, sx, top, sx, top + h, colour=GREY)
        for frac in (0.25, 0.5, 0.75):
            y = top + h * frac
            sheet.line(sx - 3, y, sx + 3, y, colour=BLACK, width_mm=0.3)
    if r + 1 < rows:
        sy = top + seam_y - y0
        _dashed(sheet, left, sy, left + w, sy, colour=GREY)
        for frac in (0.25, 0.5, 0.75):
            x = left + w * frac
            sheet.line(x, sy - 3, x, sy + 3, colour=BLACK, width_mm=0.3)


def _dashed(
    sheet: Sheet, x0: float, y0: float, x1: float, y1: float, *, colour: Colour = BLACK
) -> None:
    length = max(abs(x1 - x0), abs(y1 - y0))
    steps = max(1, int(length // 4))
    for i in range(0, steps, 2):
        a, b = i / steps, min(1.0, (i + 1) / steps)
        sheet.line(
            x0 + (x1 - x0) * a,
            y0 + (y1 - y0) * a,
            x0 + (x1 - x0) * b,
            y0 + (y1 - y0) * b,
            colour=colour,
        )
