"""The calibration sheet: tags from 15 to 60 mm, a slanted-edge target, a scale bar and
fiducials, so the companion can measure what the user's camera reads.

Follows ``docs/design.md`` ("Size matters and is physics"): lay the sheet at
the far edge of the table; the smallest tag the camera decodes there is the
tag size to print. The slanted edge (a square turned 5 degrees, as ISO 12233)
measures the camera's blur; the four ArUco markers
(``printables.mats.CALIBRATION_MARKERS``) give the sheet's frame in mm, so
the pixels per module of each tag follow from the homography.
"""

from __future__ import annotations

import math

from printables import payload
from printables.fonts import Fonts
from printables.mat_sheets import paste_marker
from printables.mats.geometry import (
    CALIBRATION_FRAME_MM,
    CALIBRATION_MARGIN_MM,
    MARKER_GAP_MM,
    MARKER_MM,
    calibration_markers,
)
from printables.pdf import Page
from printables.pieces import tag_block_mm
from printables.settings import Settings
from printables.sheet import BLACK, GREY, Sheet

SLANT_DEGREES = 5.0
"""Tilt of the slanted-edge square (ISO 12233 asks a few degrees off the pixel grid)."""

SLANT_MM = 40.0
"""Edge of the slanted-edge square."""

SCALE_BAR_MM = 100.0
"""A bar of this length checks the printer did not scale the page."""


def calibration_pages(settings: Settings, fonts: Fonts) -> list[Page]:
    """The calibration sheet(s): every size of ``payload.CALIBRATION_SIZES_MM`` once."""
    width, height = CALIBRATION_FRAME_MM
    band = CALIBRATION_MARGIN_MM + MARKER_MM + MARKER_GAP_MM
    sizes = sorted(payload.CALIBRATION_SIZES_MM, reverse=True)
    pages: list[Page] = []
    sheet = _new(settings, fonts)
    side = CALIBRATION_MARGIN_MM + 2  # rows clear the corner markers; they use the full width
    x, y, shelf = side, band, 0.0
    first = True
    for size in sizes:
        _, block = tag_block_mm(sheet, size)
        cell_w, cell_h = block + 4, block + 7
        if x + cell_w > width - side:
            x, y, shelf = side, y + shelf, 0.0
        if y + cell_h > height - band - (60 if first else 0):
            if first:
                _extras(sheet)
                first = False
            pages.append(sheet.page())
            sheet = _new(settings, fonts)
            x, y, shelf = side, band, 0.0
        edge, block = tag_block_mm(sheet, size)
        component = payload.CALIBRATION_CATALOG[f"T{size}"]
        sheet.tag(
            payload.encode(payload.CALIBRATION, component.id),
            x + (block - edge) / 2,
            y + (block - edge) / 2,
            size,
        )
        sheet.text(x + block / 2, y + block + 1, f"{size} mm", size_mm=3.0, anchor="ma")
        x += cell_w
        shelf = max(shelf, cell_h)
    if first:
        _extras(sheet)
    pages.append(sheet.page())
    return pages


def _new(settings: Settings, fonts: Fonts) -> Sheet:
    sheet = Sheet.paper(settings, fonts)
    for marker in calibration_markers():
        paste_marker(sheet, marker.id, *marker.corners[0])
    top = CALIBRATION_MARGIN_MM
    title_x = top + MARKER_MM + 4
    sheet.text(title_x, top + 2, "Camera calibration sheet", size_mm=5.0)
    sheet.text(
        title_x,
        top + 10,
        "Lay it at the far edge of the table; print the smallest tag size your camera reads.",
        size_mm=2.6,
        colour=GREY,
        max_width_mm=CALIBRATION_FRAME_MM[0] - 2 * title_x,
    )
    if fonts.cjk and not settings.english_only:
        sheet.text(
            title_x,
            top + 15,
            "相機校準頁：放在桌子最遠處，選擇相機能讀取的最小標籤尺寸。",
            size_mm=2.8,
            chinese=True,
            colour=GREY,
        )
    return sheet


def _extras(sheet: Sheet) -> None:
    """The slanted-edge square and the scale bar, in the lower part of the first page."""
    width, height = CALIBRATION_FRAME_MM
    base = height - CALIBRATION_MARGIN_MM - MARKER_MM - 55
    half = SLANT_MM / 2
    cx, cy = CALIBRATION_MARGIN_MM + MARKER_MM + MARKER_GAP_MM + half + 5, base + 25
    angle = math.radians(SLANT_DEGREES)
    corners = []
    for dx, dy in ((-half, -half), (half, -half), (half, half), (-half, half)):
        corners.append(
            (
                cx + dx * math.cos(angle) - dy * math.sin(angle),
                cy + dx * math.sin(angle) + dy * math.cos(angle),
            )
        )
    sheet.polygon(corners, outline=BLACK, fill=BLACK, width_mm=0.1)
    sheet.text(
        cx, cy + half + 5, f"slanted edge, {SLANT_DEGREES:g} degrees", size_mm=2.6, anchor="ma"
    )
    bx = cx + half + 15
    sheet.rect(bx, cy - 2, SCALE_BAR_MM / 2, 4, outline=BLACK, fill=BLACK, width_mm=0.1)
    sheet.rect(bx + SCALE_BAR_MM / 2, cy - 2, SCALE_BAR_MM / 2, 4, outline=BLACK, width_mm=0.3)
    if bx + SCALE_BAR_MM > width - CALIBRATION_MARGIN_MM:
        raise ValueError("the scale bar does not fit the calibration frame")
    sheet.text(
        bx,
        cy + 5,
        f"{SCALE_BAR_MM:g} mm: check the printer did not scale the page",
        size_mm=2.6,
        max_width_mm=SCALE_BAR_MM,
    )
