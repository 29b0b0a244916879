"""A game's printed set as a camera would see it: the pages of ``companion print GAME --what
all`` rasterized with ``pdftoppm``, the mats glued back together from their sheets, and
every tag found on the pages with the paper around it.

The pixels come from the real PDF (the printables' own output, rasterized by poppler), not
from a model of it: a tag's neighbourhood holds whatever the page prints there (the
card's text, the label's names, the mat's zone outlines). Test support: not installed.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import cv2
import numpy as np
import zxingcpp

from printables import document, payload, qr
from printables.mat_sheets import FLAP_MM, tiling
from printables.mats import (
    ARUCO_DICTIONARY,
    CALIBRATION_FRAME_MM,
    CALIBRATION_MARKERS,
    MatLayout,
    mats_for,
)
from printables.settings import Settings
from vision.mats import find_markers
from vision.types import U8Array

_QR = zxingcpp.barcode_formats_from_str("QRCode")

PDFTOPPM = "pdftoppm"
"""poppler's rasterizer (Debian ``poppler-utils``)."""


@dataclass(frozen=True)
class PrintedTag:
    """One tag as printed, with the paper around it.

    Attributes:
        text: The tag's payload.
        image: Grey pixels of the page around the tag (the tag centred).
        side_px: The symbol's edge in ``image`` pixels (quiet zone not included).
    """

    text: str
    image: U8Array
    side_px: float


@dataclass(frozen=True)
class PrintedSet:
    """A game's printed pages, rasterized.

    Attributes:
        game: Game id.
        dpi: Raster resolution.
        mats: Mat key -> the whole mat, grey, at ``dpi``; ``calibration`` is the first
            page of the calibration sheet (its largest tags), cut to the sheet's frame.
        tags: Payload -> the printed tag with its surroundings (one per payload: the
            backs of many cards print the same back tag).
    """

    game: str
    dpi: int
    mats: Mapping[str, U8Array]
    tags: Mapping[str, PrintedTag]

    @property
    def px_per_mm(self) -> float:
        return self.dpi / 25.4

    @cached_property
    def texts(self) -> Mapping[str, str]:
        """Piece id -> the payload printed on it (a number tag or a text tag)."""
        out: dict[str, str] = {}
        for text in self.tags:
            tag = payload.try_decode(text, game=self.game)
            if isinstance(tag, payload.Tag):
                out[tag.piece_id] = text
        return out


def _pdf(game: str, settings: Settings) -> bytes:
    job = document.Job(game, "all", settings, document.catalog_for(game))
    return document.build_pdf(job)


def rasterize(pdf: bytes, dpi: int, folder: Path) -> list[U8Array]:
    """The pages of ``pdf`` as grey images, through ``pdftoppm``.

    Raises:
        RuntimeError: poppler's ``pdftoppm`` is not installed.
    """
    if shutil.which(PDFTOPPM) is None:
        raise RuntimeError("pdftoppm is missing: apt-get install poppler-utils")
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "set.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        [PDFTOPPM, "-r", str(dpi), "-gray", str(source), str(folder / "page")],
        check=True,
        capture_output=True,
    )
    return read_pages(folder)


def read_pages(folder: Path) -> list[U8Array]:
    """The grey pages ``pdftoppm`` wrote in ``folder``, in page order."""
    paths = sorted(folder.glob("page-*.pgm"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    pages = []
    for path in paths:
        image = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
        if image is None:
            raise RuntimeError(f"pdftoppm wrote an unreadable page {path}")
        pages.append(np.asarray(image))
    return pages


def _mat_sheets(
    pages: list[U8Array], mats: tuple[MatLayout, ...], settings: Settings, dpi: int
) -> dict[str, U8Array]:
    """Each mat glued back from its sheets: sheet 1 is the page with the mat's first
    marker, the next pages are its other sheets in row order (``printables.mat_sheets``)."""
    s = dpi / 25.4
    firsts: dict[int, str] = {m.markers[0].id: m.key for m in mats}
    out: dict[str, U8Array] = {}
    paper = settings.sheet
    for index, page in enumerate(pages):
        seen = find_markers(page, ARUCO_DICTIONARY)
        keys = [firsts[i] for i in seen if i in firsts]
        if not keys:
            continue
        mat = next(m for m in mats if m.key == keys[0])
        plan = tiling(mat, settings)
        whole = np.full((round(mat.height_mm * s), round(mat.width_mm * s)), 255, np.uint8)
        rows, cols = len(plan.ys) - 1, len(plan.xs) - 1
        for k in range(rows * cols):
            r, c = divmod(k, cols)
            sheet = pages[index + k]
            x0, y0 = plan.xs[c], plan.ys[r]
            x1 = min(plan.xs[c + 1] + (FLAP_MM if c + 1 < cols else 0), mat.width_mm)
            y1 = min(plan.ys[r + 1] + (FLAP_MM if r + 1 < rows else 0), mat.height_mm)
            left, top = round(paper.margin_mm * s), round((paper.margin_mm + 4) * s)
            w, h = round((x1 - x0) * s), round((y1 - y0) * s)
            px, py = round(x0 * s), round(y0 * s)
            w, h = min(w, whole.shape[1] - px), min(h, whole.shape[0] - py)
            whole[py : py + h, px : px + w] = sheet[top : top + h, left : left + w]
        out[mat.key] = whole
    for page in pages:
        if CALIBRATION_MARKERS[0] in find_markers(page, ARUCO_DICTIONARY):
            sheet_w, sheet_h = CALIBRATION_FRAME_MM
            out["calibration"] = np.ascontiguousarray(
                page[: round(sheet_h * s), : round(sheet_w * s)]
            )
            break
    return out


def _tags(pages: list[U8Array], game: str, dpi: int) -> dict[str, PrintedTag]:
    """Every tag of the game on the pages, cut out with a margin of paper around it."""
    out: dict[str, PrintedTag] = {}
    for page in pages:
        for found in zxingcpp.read_barcodes(page, formats=_QR):
            if found.text in out or not isinstance(
                payload.try_decode(found.text, game=game), payload.Tag
            ):
                continue
            p = found.position
            pts = np.array(
                [(q.x, q.y) for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)],
                np.float64,
            )
            side = float(np.mean(np.linalg.norm(pts - np.roll(pts, 1, axis=0), axis=1)))
            cx, cy = pts.mean(axis=0)
            # the quiet zone and two modules of paper
            half = int(side * (0.5 + 4 / qr.modules(found.text))) + 2
            x0, y0 = int(cx) - half, int(cy) - half
            crop = np.full((2 * half, 2 * half), 255, np.uint8)
            sx0, sy0 = max(x0, 0), max(y0, 0)
            sx1, sy1 = min(x0 + 2 * half, page.shape[1]), min(y0 + 2 * half, page.shape[0])
            crop[sy0 - y0 : sy1 - y0, sx0 - x0 : sx1 - x0] = page[sy0:sy1, sx0:sx1]
            out[found.text] = PrintedTag(found.text, crop, side)
    return out


def printed_set(
    game: str,
    tag_mm: Mapping[str, float] | None = None,
    *,
    dpi: int = 200,
    cache: Path | None = None,
) -> PrintedSet:
    """Print ``game`` (``--what all``, A4), rasterize it and cut out its mats and tags.

    Args:
        game: Game id.
        tag_mm: Tag sizes per piece kind over the defaults (``--tag-mm KIND=MM``).
        dpi: Raster resolution: about 1.5 times the finest camera scale wanted.
        cache: Folder keeping the rasterized pages between runs (keyed by the PDF's
            bytes and the resolution); a temporary folder when None.
    """
    settings = Settings.for_game(game, tag_mm)
    pdf = _pdf(game, settings)
    key = hashlib.sha256(pdf + str(dpi).encode()).hexdigest()[:16]
    if cache is not None:
        folder = cache / f"{game}-{key}"
        done = folder / "done"
        if done.exists():
            pages = read_pages(folder)
        else:
            pages = rasterize(pdf, dpi, folder)
            done.write_text("ok")
    else:
        with tempfile.TemporaryDirectory(prefix="printed-") as tmp:
            pages = rasterize(pdf, dpi, Path(tmp))
    mats = mats_for(game, document.catalog_for(game))
    return PrintedSet(game, dpi, _mat_sheets(pages, mats, settings, dpi), _tags(pages, game, dpi))
