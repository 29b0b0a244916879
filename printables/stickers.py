"""Sticker sheets: one tag with a small label per piece, for players who own the game.

Labels follow a commercial sheet (``Settings.labels``: Avery L7160 on A4,
Avery 5160 on Letter) or, with ``full``, a grid cut from full-sheet sticker
paper with cut marks. Each label: the tag on the left, the piece's English
name, Chinese name and id on the right (Ark Nova cards are found by their
number, which is the id's digits). A piece wearing a back also gets one back
sticker, to stick on the back of that very piece.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.core import Catalog, Component
from printables import payload, qr
from printables.cards import Grid, footer
from printables.fonts import Fonts
from printables.pieces import backs_of, fit_tag_mm, tag_block_mm
from printables.settings import LABEL_SHEETS, Settings
from printables.sheet import GREY, LIGHT, Progress, Sheet


@dataclass(frozen=True)
class Sticker:
    """One label to print: which tag, and the text beside it."""

    payload: str
    kind: str
    title: str
    chinese: str
    note: str


def stickers_for(game: str, catalog: Catalog, pieces: Sequence[Component]) -> list[Sticker]:
    """The labels for ``pieces``: one each, plus one back sticker per piece that wears a back."""
    backs = backs_of(catalog)
    out: list[Sticker] = []
    for comp in pieces:
        out.append(
            Sticker(
                payload.printed(game, comp),
                comp.kind,
                comp.names.get("en", comp.id),
                comp.names.get("zh-Hant", ""),
                f"{comp.kind} {comp.id}",
            )
        )
    for comp in pieces:
        back = backs.get(comp.id)
        if back is not None:
            out.append(
                Sticker(
                    payload.printed(game, back),
                    "back",
                    back.names.get("en", back.id),
                    back.names.get("zh-Hant", ""),
                    f"back of {comp.id}",
                )
            )
    return out


def label_grid(settings: Settings) -> tuple[Grid, float, float, bool]:
    """(grid of label origins, label width, label height, draw cut marks) for the settings."""
    if settings.labels in LABEL_SHEETS:
        sheet = LABEL_SHEETS[settings.labels]
        grid = Grid(
            sheet.columns,
            sheet.rows,
            sheet.left_mm,
            sheet.top_mm,
            sheet.pitch_x_mm,
            sheet.pitch_y_mm,
        )
        return grid, sheet.width_mm, sheet.height_mm, False
    paper = settings.sheet
    # pieces wear number tags (Micro QR, 13 modules); a back sticker shrinks to the label
    tag = max(settings.tag_mm[k] for k in ("card", "tile"))
    across = qr.MICRO_MODULES
    module_block = tag * (across + 2 * qr.QUIET_MODULES) / across + 2.0  # 1 mm padding
    height = round(module_block + 0.5, 1)
    width = height + 28.0
    cols = max(1, int((paper.width_mm - 2 * paper.margin_mm) // width))
    rows = max(1, int((paper.height_mm - 2 * paper.margin_mm - 4) // height))
    left = (paper.width_mm - cols * width) / 2
    top = (paper.height_mm - rows * height) / 2
    return Grid(cols, rows, left, top, width, height), width, height, True


def draw_sticker(
    sheet: Sheet, sticker: Sticker, x: float, y: float, w: float, h: float, tag_mm: float
) -> None:
    """One label: tag at the left, names and id at the right."""
    pad = 1.0
    across = qr.modules(sticker.payload)
    size = fit_tag_mm(sheet, tag_mm, min(h, w * 0.6) - 2 * pad, across)
    edge, block = tag_block_mm(sheet, size, across)
    sheet.tag(sticker.payload, x + pad + (block - edge) / 2, y + (h - edge) / 2, size)
    tx = x + pad + block + 0.5
    room = w - (tx - x) - pad
    cursor = y + max(pad, h / 2 - 7)
    cursor += 1.25 * sheet.text(tx, cursor, sticker.title, size_mm=3.2, max_width_mm=room)
    if sticker.chinese and sheet.fonts.cjk and not sheet.settings.english_only:
        cursor += 1.25 * sheet.text(
            tx, cursor, sticker.chinese, size_mm=3.2, chinese=True, max_width_mm=room
        )
    sheet.text(tx, cursor, sticker.note, size_mm=2.4, colour=GREY, max_width_mm=room)


def sticker_sheets(
    game: str,
    catalog: Catalog,
    pieces: Sequence[Component],
    settings: Settings,
    fonts: Fonts,
    *,
    progress: Progress | None = None,
) -> list[Sheet]:
    """Sticker sheets for ``pieces`` (and their backs), in catalog order."""
    grid, width, height, marks = label_grid(settings)
    stickers = stickers_for(game, catalog, pieces)
    sheets: list[Sheet] = []
    for start in range(0, len(stickers), grid.per_sheet):
        chunk = stickers[start : start + grid.per_sheet]
        sheet = Sheet.paper(settings, fonts)
        for i, sticker in enumerate(chunk):
            x, y = grid.cell(i)
            if marks:
                sheet.rect(x, y, width, height, outline=LIGHT, width_mm=0.15)
            draw_sticker(sheet, sticker, x, y, width, height, settings.tag_mm[sticker.kind])
        if marks:
            rows = -(-len(chunk) // grid.columns)
            cols = grid.columns if rows > 1 else len(chunk)
            sheet.cut_marks(
                [grid.left + c * width for c in range(cols + 1)],
                [grid.top + r * height for r in range(rows + 1)],
            )
            footer(sheet, grid, f"{game} stickers {start // grid.per_sheet + 1}")
        sheets.append(sheet)
        if progress is not None:
            progress()
    return sheets
