"""Full replacement pieces on paper: grids per kind, cut marks, duplex backs.

Pieces of one kind share a size (``Settings.piece_mm``; poker cards 63 x 88 mm
by default) and sit edge to edge, so one straight cut separates two pieces.
A sheet whose pieces wear a back is followed by its back sheet, mirrored for
long-edge duplex printing: the piece at column c of the front sits at column
(columns - 1 - c) of the back, because the sheet turns over its long edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.core import Catalog, Component
from printables.fonts import Fonts
from printables.pieces import backs_of, draw_back, draw_piece
from printables.settings import Settings
from printables.sheet import GREY, Progress, Sheet


@dataclass(frozen=True)
class Grid:
    """Pieces of one size on a sheet: ``columns`` x ``rows`` from (``left``, ``top``) mm."""

    columns: int
    rows: int
    left: float
    top: float
    width: float
    height: float

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    def cell(self, index: int) -> tuple[float, float]:
        """Top-left corner (mm) of cell ``index``, row by row."""
        row, col = divmod(index, self.columns)
        return self.left + col * self.width, self.top + row * self.height

    def mirrored(self, index: int, page_width: float) -> tuple[float, float]:
        """Where the back of cell ``index`` goes on the back sheet (long-edge duplex)."""
        x, y = self.cell(index)
        return page_width - x - self.width, y


def grid_for(settings: Settings, width: float, height: float) -> Grid:
    """The centred grid of ``width`` x ``height`` mm pieces inside the paper's margins.

    A piece wider or taller than the printable area is turned sideways first.
    """
    paper = settings.sheet
    usable_w = paper.width_mm - 2 * paper.margin_mm
    usable_h = paper.height_mm - 2 * paper.margin_mm
    if width > usable_w or height > usable_h:
        width, height = height, width
    cols = max(1, int(usable_w // width))
    rows = max(1, int(usable_h // height))
    left = (paper.width_mm - cols * width) / 2
    top = (paper.height_mm - rows * height) / 2
    return Grid(cols, rows, left, top, width, height)


def footer(sheet: Sheet, grid: Grid, text: str) -> None:
    """A small note in the bottom margin, between the first two cut lines."""
    x0 = grid.left + (grid.width if grid.columns > 2 else 0)
    span = grid.width - 4 if grid.columns > 1 else grid.width
    y = min(grid.top + grid.rows * grid.height + 1.5, sheet.height_mm - 3)
    sheet.text(x0 + 2, y, text, size_mm=2.2, colour=GREY, max_width_mm=span)


def card_sheets(
    game: str,
    catalog: Catalog,
    pieces: Sequence[Component],
    settings: Settings,
    fonts: Fonts,
    *,
    progress: Progress | None = None,
) -> list[Sheet]:
    """Front sheets (each followed by its back sheet when its pieces wear backs).

    Args:
        pieces: what to print, in catalog order; they group by kind.
    """
    backs = backs_of(catalog)
    sheets: list[Sheet] = []
    kinds: list[str] = []
    for comp in pieces:
        if comp.kind not in kinds:
            kinds.append(comp.kind)
    for kind in kinds:
        group = [c for c in pieces if c.kind == kind]
        grid = grid_for(settings, *settings.piece_mm[kind])
        tag_mm = settings.tag_mm[kind]
        for start in range(0, len(group), grid.per_sheet):
            chunk = group[start : start + grid.per_sheet]
            front = Sheet.paper(settings, fonts)
            for i, comp in enumerate(chunk):
                x, y = grid.cell(i)
                if comp.kind == "back":
                    draw_back(front, game, comp, x, y, grid.width, grid.height, tag_mm=tag_mm)
                else:
                    draw_piece(front, game, comp, x, y, grid.width, grid.height, tag_mm=tag_mm)
            _marks(front, grid, len(chunk))
            has_backs = any(c.id in backs for c in chunk)
            note = f"{game} {kind} {start // grid.per_sheet + 1}"
            footer(
                front, grid, note + (": print double-sided, flip on long edge" if has_backs else "")
            )
            sheets.append(front)
            if has_backs:
                back_sheet = Sheet.paper(settings, fonts)
                back_tag = settings.tag_mm["back"]
                for i, comp in enumerate(chunk):
                    back = backs.get(comp.id)
                    if back is not None:
                        x, y = grid.mirrored(i, settings.sheet.width_mm)
                        draw_back(
                            back_sheet, game, back, x, y, grid.width, grid.height, tag_mm=back_tag
                        )
                footer(back_sheet, grid, f"{note}, backs")
                sheets.append(back_sheet)
            if progress is not None:
                progress()
    return sheets


def _marks(sheet: Sheet, grid: Grid, used: int) -> None:
    rows = -(-used // grid.columns)
    cols = grid.columns if rows > 1 else used
    xs = [grid.left + c * grid.width for c in range(cols + 1)]
    ys = [grid.top + r * grid.height for r in range(rows + 1)]
    sheet.cut_marks(xs, ys)
