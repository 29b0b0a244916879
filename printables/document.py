"""What to print for a game, and the PDF of it: ``cards``, ``stickers``, ``mats``,
``calibration`` or ``all``.

Driven by the game's catalog (``engines.<game>.CATALOG``) and its mats
(``printables.mats``):

* ``cards``: every card, tile, token and marker as a full replacement piece,
  with duplex backs; boards and mats without printed geometry as labels.
* ``stickers``: the same pieces as stickers for a game the player owns.
* ``mats``: each mat of the game, tiled over sheets, with fiducials; a
  catalog component of kind ``mat`` or ``board`` carries its tag on its mat
  (``printables.mats.mats_for``).
* ``calibration``: the camera calibration sheet.
* ``all``: the game's pieces once (as cards; as stickers where a piece's
  ``data["print"]`` says so, and for a game whose ``PrintedGame.stickers`` says
  the players own its pieces: Ark Nova, issue 8), its mats and the calibration
  sheet.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import engines
from engines.core import Catalog, Component
from printables import WHATS, payload, pdf
from printables.calibration import calibration_pages
from printables.cards import card_sheets, grid_for
from printables.fonts import Fonts, system_fonts
from printables.mat_sheets import mat_pages, tiling
from printables.mats import mats_for
from printables.pieces import backs_of
from printables.registry import PRINTED
from printables.settings import Settings
from printables.stickers import label_grid, sticker_sheets, stickers_for

Progress = Callable[[int, int], None]
"""Called with (steps done, steps in the job) as the job goes; a step is a sheet of
pieces or stickers, a mat sheet, or the calibration sheet."""


@dataclass(frozen=True)
class Job:
    """One print job: which game, what, on which settings, from which catalog."""

    game: str
    what: str
    settings: Settings
    catalog: Catalog

    def __post_init__(self) -> None:
        if self.what not in WHATS:
            raise ValueError(f"cannot print {self.what!r}; choose one of {', '.join(WHATS)}")

    @property
    def sections(self) -> tuple[str, ...]:
        if self.what == "all":
            return ("cards", "stickers", "mats", "calibration")
        return (self.what,)

    def pieces(self, section: str) -> list[Component]:
        """The pieces a ``cards`` or ``stickers`` section prints.

        Printing ``all``, each piece goes where ``data["print"]`` says (``card``
        or ``sticker``), else where its game prints (``PrintedGame.stickers``).
        """
        pieces = pieces_for(self.game, self.catalog)
        if self.what != "all":
            return pieces
        default = "sticker" if PRINTED[self.game].stickers else "card"
        wanted = section.removesuffix("s")
        return [c for c in pieces if c.data.get("print", default) == wanted]


def catalog_for(game: str) -> Catalog:
    """The catalog of ``game`` from its engine.

    Raises:
        ValueError: no such game, or it has no catalog yet.
    """
    catalog = payload.catalog_of(game) if game != payload.CALIBRATION else None
    if catalog is None:
        known = ", ".join(g for g in engines.GAMES if payload.catalog_of(g) is not None)
        raise ValueError(f"no catalog for game {game!r}; games with one: {known or 'none yet'}")
    return catalog


def pieces_for(game: str, catalog: Catalog) -> list[Component]:
    """Pieces the ``cards`` and ``stickers`` modes print, in catalog order.

    Left out: backs worn by some piece (they print on that piece's back) and
    mats or boards that print as a mat.
    """
    worn = {back.id for back in backs_of(catalog).values()}
    on_mats = {mat.piece_id for mat in mats_for(game, catalog)}
    return [c for c in catalog if c.id not in worn and c.id not in on_mats]


def page_count(job: Job) -> int:
    """How many progress steps the job takes (see ``Progress``)."""
    total = 0
    for section in job.sections:
        if section == "cards":
            pieces = job.pieces(section)
            for kind in dict.fromkeys(c.kind for c in pieces):
                grid = grid_for(job.settings, *job.settings.piece_mm[kind])
                total += math.ceil(sum(1 for c in pieces if c.kind == kind) / grid.per_sheet)
        elif section == "stickers":
            grid = label_grid(job.settings)[0]
            stickers = stickers_for(job.game, job.catalog, job.pieces(section))
            total += math.ceil(len(stickers) / grid.per_sheet)
        elif section == "mats":
            total += sum(tiling(m, job.settings).count for m in mats_for(job.game, job.catalog))
        else:
            total += 1
    return total


def render(
    job: Job, *, fonts: Fonts | None = None, progress: Progress | None = None
) -> list[pdf.Page]:
    """Every page of ``job``, in order."""
    fonts = fonts or system_fonts(english_only=job.settings.english_only)
    total = page_count(job)
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(min(done, total), total)

    pages: list[pdf.Page] = []
    for section in job.sections:
        if section in ("cards", "stickers"):
            draw = card_sheets if section == "cards" else sticker_sheets
            pieces = job.pieces(section)
            sheets = draw(job.game, job.catalog, pieces, job.settings, fonts, progress=step)
            pages += [s.page() for s in sheets]
        elif section == "mats":
            for mat in mats_for(job.game, job.catalog):
                pages += mat_pages(mat, job.settings, fonts, progress=step)
        else:
            pages += calibration_pages(job.settings, fonts)
            step()
    return pages


def build_pdf(job: Job, *, fonts: Fonts | None = None, progress: Progress | None = None) -> bytes:
    """The PDF of ``job``: deterministic, the same bytes for the same job."""
    pages = render(job, fonts=fonts, progress=progress)
    return pdf.write(pages, title=f"{job.game} {job.what} ({job.settings.paper})")
