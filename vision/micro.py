"""Refinement for Micro QR M2 symbols: the pieces' number tags the decoders missed.

A number tag (``printables.payload``) is a Micro QR M2 symbol: 13 x 13 modules with
one finder pattern in its top-left corner, the finder's separator, timing patterns
along the top row and the left column, and a light quiet zone: 130 modules of its
15 x 15 grid (quiet ring included) are fixed by the standard. The refinement of
version-1 tags (:mod:`vision.refine`) reads it the same way:

1. **Candidates**: every finder pattern in a busy region no decoder read
   (:func:`vision.refine.find_finders`) gives the symbol's four possible places
   (the symbol lies right and below its finder, turned by a quarter turn each), at
   the finder's orientation (the 4-fold mean of the gradient directions around it)
   and its module size (and 15% either side: the finder's box measures it roughly).
2. **Grid fit**: the start whose fixed modules correlate best with the standard's is
   refined by the same coordinate descent on the four corners.
3. **Equalize and decode**: the 15 x 15 module centres are sampled, the blur model is
   fitted on the fixed modules and inverted by decision feedback, and the bits are
   redrawn as a clean symbol that zxing-cpp decodes (Reed-Solomon fixes the rest).
4. Symbols that fit but do not decode are re-fitted on all their modules (the data
   modules as read so far) and decoded again.

What no decoder reads on a mat, a dark patch of a tag's size, is read against the
codebook of every printed number tag (:func:`read_marks`): the grid fitted around the
patch, each codeword tried through the blur model, the likeliest taken only when it
explains the grid far better than any other.

A Micro QR symbol is kept only when it is shaped as a number tag
(:func:`vision.decoders.zxing_read`), and its text is validated by the payload module.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache

import cv2
import numpy as np

from printables.payload import MICRO_EC_LEVEL
from printables.qr import matrix
from vision.config import DetectConfig
from vision.decoders import Detection
from vision.refine import (
    MICRO_N,
    Finder,
    _descend,
    _feedback,
    _layout,
    _neighbours,
    _sample,
    _scores,
    _unit,
    decode_samples,
    grid_samples,
    polish_grids,
    unread_finders,
)
from vision.types import Box, FloatArray, Quad, U8Array

_SCALES = (0.85, 1.0, 1.15)
"""Module sizes tried around a finder's estimate (its box gives it within about 15%)."""


def _orientation(img: FloatArray, finder: Finder) -> float:
    """The finder's turn modulo a quarter turn, radians: the 4-fold circular mean of the
    gradient directions in the 7 x 7 modules around its centre, weighted by strength."""
    r = max(2, round(4 * finder.module))
    h, w = img.shape
    x0, x1 = max(0, int(finder.x) - r), min(w, int(finder.x) + r + 1)
    y0, y1 = max(0, int(finder.y) - r), min(h, int(finder.y) + r + 1)
    patch = img[y0:y1, x0:x1]
    if patch.shape[0] < 3 or patch.shape[1] < 3:
        return 0.0
    gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1, ksize=3)
    weight = gx * gx + gy * gy
    phi = np.arctan2(gy, gx)
    c, s = float((weight * np.cos(4 * phi)).sum()), float((weight * np.sin(4 * phi)).sum())
    return float(np.arctan2(s, c) / 4)


def _starts(img: FloatArray, finders: Sequence[Finder]) -> FloatArray:
    """Outlines (F, 12, 4, 2) of each finder's symbol: 4 quarter turns x 3 module sizes,
    the finder at module (3.5, 3.5), top-left of the code first, clockwise on screen."""
    out = np.zeros((len(finders), 4 * len(_SCALES), 4, 2))
    unit = np.array([[0, 0], [MICRO_N, 0], [MICRO_N, MICRO_N], [0, MICRO_N]], np.float64) - 3.5
    for i, f in enumerate(finders):
        theta = _orientation(img, f)
        k = 0
        for quarter in range(4):
            a = theta + quarter * np.pi / 2
            rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
            for scale in _SCALES:
                out[i, k] = (unit * f.module * scale) @ rot.T + (f.x, f.y)
                k += 1
    return out


def refine_micro(
    grey: U8Array, known: list[Detection], config: DetectConfig, cells: U8Array | None = None
) -> list[Detection]:
    """Find and decode the Micro QR M2 symbols the decoders missed.

    Args:
        grey: The image, 8-bit grey.
        known: What the earlier passes read (their finders are skipped).
        config: Thresholds (``min_outline_score``, ``min_pattern_score``,
            ``max_candidates`` as for version 1).
        cells: The image's busy cells (:func:`vision.refine.busy_cells`), when computed.

    Returns:
        The new detections.
    """
    finders = unread_finders(grey, known, config, cells)
    if not finders:
        return []
    finders = finders[: config.max_candidates]
    img = grey.astype(np.float32)
    known_grid, value, coords = _layout(MICRO_N)
    expected = _unit(value[known_grid])
    starts = _starts(img, finders)
    f, k = starts.shape[:2]
    scores = _scores(_sample(img, starts.reshape(-1, 4, 2), coords, MICRO_N), expected)
    scores = scores.reshape(f, k)
    pick = np.argmax(scores, axis=1)
    best = starts[np.arange(f), pick]
    score = scores[np.arange(f), pick]
    go = score >= config.min_outline_score
    if not go.any():
        return []
    quads, fitted = _descend(img, best[go], score[go], coords, expected[None], 0.25, MICRO_N)
    order = [int(i) for i in np.argsort(-fitted) if fitted[i] >= config.min_pattern_score]
    if not order:
        return []
    found: list[Detection] = []
    failed = _decode(img, quads[order], found)
    if failed:
        _decode(img, polish_grids(img, np.stack(failed), MICRO_N), found)
    return found


def _decode(img: FloatArray, quads: FloatArray, found: list[Detection]) -> list[FloatArray]:
    """Decode fitted outlines into ``found`` (one symbol a place); returns those that fail."""
    failed: list[FloatArray] = []
    grids = grid_samples(img, quads, MICRO_N)
    for quad, grid, first in zip(quads, grids, _feedback(grids, MICRO_N), strict=True):
        cx, cy = quad.mean(axis=0)
        if any(np.hypot(d.center[0] - cx, d.center[1] - cy) < 0.5 * d.side for d in found):
            continue
        read = decode_samples(grid, first, MICRO_N)
        if read is None:
            failed.append(quad)
            continue
        corners: Quad = tuple((float(x), float(y)) for x, y in quad)  # type: ignore[assignment]
        found.append(dataclasses.replace(read, corners=corners, stage="refine"))
    return failed


# --- number tags read against the codebook of every printed tag ----------------------

_MARK_SCALES = (0.8, 0.9, 1.0, 1.1)
"""Symbol sizes tried around a mark's estimate (its dark patch spans the symbol and some
of the blur around it)."""

_MARK_FITS = 2
"""Best-correlating starts of a mark refined by the grid fit (4 or 8 read no more of the
table photos' tags than 2)."""

_MARK_TRIES = 2
"""Best-fitting grids of a mark fitted against the codebook."""


@dataclasses.dataclass(frozen=True)
class CodebookFit:
    """The codeword that explains a sampled grid best.

    Attributes:
        index: Its place in the codebook.
        margin: How much worse the second best fits, in units of the best one's residual
            variance (an F-like ratio: ``(SSE_2 - SSE_1) / (SSE_1 / dof)``).
        fit: Share of the grid's variance the best codeword explains (R squared).
    """

    index: int
    margin: float
    fit: float


@cache
def _codebook_light(texts: tuple[str, ...]) -> FloatArray:
    """Each number tag's (n + 2)-square grid, quiet ring included: 1 light, 0 dark."""
    g = MICRO_N + 2
    light = np.ones((len(texts), g, g))
    for i, text in enumerate(texts):
        light[i, 1:-1, 1:-1] = np.where(np.array(matrix(text), bool), 0.0, 1.0)
    return light


@cache
def _codebook(texts: tuple[str, ...]) -> tuple[FloatArray, FloatArray]:
    """Each number tag's regressors over its (n + 2)-square grid, quiet ring included: its
    modules (1 light), the sums of their side and corner neighbours (light beyond the
    grid) and a constant, as rows (K 4, M) float32; and the inverse of each one's normal
    matrix (K, 4, 4)."""
    light = _codebook_light(texts)
    side, corner = _neighbours(light)
    design = np.stack([light, side, corner, np.ones_like(light)], axis=-1)
    design = design.reshape(len(texts), -1, 4)
    rows = np.ascontiguousarray(design.transpose(0, 2, 1).reshape(-1, design.shape[1]), np.float32)
    return rows, np.linalg.inv(np.einsum("kmi,kmj->kij", design, design))


def prepare(texts: tuple[str, ...]) -> None:
    """Draw the codebook of ``texts`` now (753 number tags: about 0.2 s), not on the first
    reading."""
    _codebook(texts)


def codebook_fits(samples: FloatArray, texts: tuple[str, ...]) -> list[CodebookFit]:
    """The codeword of ``texts`` that best explains each sampled grid (P, n + 2, n + 2).

    Each codeword is tried through the blur model of :func:`vision.refine.blur_model`
    (each sample its module plus its neighbours' spill, plus a level), its four
    coefficients fitted by least squares to the grid; the codeword whose fit leaves the
    least residual is the most likely one under Gaussian noise. Its margin over the
    runner-up says how sure that is.
    """
    rows, inverse = _codebook(texts)
    flat = samples.reshape(len(samples), -1)
    k = len(inverse)
    # one product for every codeword and grid, (K 4, M) @ (M, P); by einsum, not matmul:
    # a BLAS product leaves its threads spinning, on the cores the other readings need
    xty = np.einsum("km,pm->kp", rows, flat.astype(np.float32))
    xty = np.asarray(xty, np.float64).reshape(k, 4, -1)
    beta = np.einsum("kij,kjp->kip", inverse, xty)  # (K, 4, P)
    sse = (np.einsum("pm,pm->p", flat, flat)[None] - (xty * beta).sum(axis=1)).T  # (P, K)
    sse = np.where(beta[:, 0].T > 0, sse, np.inf)  # a light module is lighter than a dark one
    out: list[CodebookFit] = []
    dof = flat.shape[1] - 4
    for row, s in zip(flat, sse, strict=True):
        first, second = np.argsort(s)[:2]
        best = max(float(s[first]), 1e-9)
        spread = float(((row - row.mean()) ** 2).sum())
        margin = (float(s[second]) - best) / (best / dof)
        out.append(CodebookFit(int(first), margin, 1 - best / max(spread, 1e-9)))
    return out


def _mark_starts(img: FloatArray, box: Box) -> FloatArray:
    """Outlines (S, 4, 2) of the symbol a dark patch (``box``: x0, y0, x1, y1) may be: its
    turn modulo a quarter turn from the gradients around it, each quarter turn, sizes
    around the patch's, and centres up to a module off the patch's."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    # the gradients over the patch's box, as over a finder of an eighth of its size
    theta = _orientation(img, Finder(float(centre[0]), float(centre[1]), max(w, h) / 8))
    side0 = max(w, h) / (abs(np.cos(theta)) + abs(np.sin(theta)))
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float64) - 0.5
    turns = theta + np.arange(4) * np.pi / 2
    cos, sin = np.cos(turns), np.sin(turns)
    rot = np.stack([np.stack([cos, -sin], -1), np.stack([sin, cos], -1)], -2)  # (4, 2, 2)
    sides = side0 * np.asarray(_MARK_SCALES)
    shapes = np.einsum("qij,cj->qci", rot, unit)[:, None] * sides[None, :, None, None]
    offsets = np.array([(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)], np.float64)
    shifts = offsets[None, :, None, :] * (sides / MICRO_N)[:, None, None, None]  # (S, 9, 1, 2)
    out = shapes[:, :, None] + shifts[None] + centre  # (4, S, 9, 4, 2)
    return out.reshape(-1, 4, 2)


def read_marks(
    grey: U8Array,
    boxes: Sequence[Box],
    texts: tuple[str, ...],
    config: DetectConfig,
) -> list[tuple[int, Detection]]:
    """Read dark patches no decoder read as number tags of a known set.

    A tag too small or too blurred for any decoder (its finder pattern lost, or its
    Reed-Solomon code overwhelmed) still shows most of its modules' light and dark. For
    each patch the symbol's grid is fitted on its fixed modules from starts around the
    patch (:func:`_mark_starts`), and the best grids are tried against every number tag
    that may lie there (``texts``, :func:`codebook_fits`): the one that explains the grid
    far better than any other (``config.min_codebook_margin``) and explains most of it
    (``config.min_codebook_fit``) is taken.

    Args:
        grey: The image (a mat's plane), 8-bit grey.
        boxes: The patches, x0, y0, x1, y1 in ``grey``'s pixels.
        texts: The number tags that may lie there.
        config: Thresholds.

    Returns:
        Each patch read, by its index in ``boxes``, with what it holds.
    """
    if not boxes or not texts:
        return []
    img = grey.astype(np.float32)
    known, value, coords = _layout(MICRO_N)
    expected = _unit(value[known])[None]
    starts = np.stack([_mark_starts(img, box) for box in boxes])  # (B, S, 4, 2)
    b, k = starts.shape[:2]
    scores = _scores(_sample(img, starts.reshape(-1, 4, 2), coords, MICRO_N), expected)
    pick = np.argsort(-scores.reshape(b, k), axis=1)[:, :_MARK_FITS]
    rows = np.arange(b)[:, None]
    quads, fitted = _descend(
        img,
        starts[rows, pick].reshape(-1, 4, 2),
        scores.reshape(b, k)[rows, pick].reshape(-1),
        coords,
        expected,
        0.25,
        MICRO_N,
    )
    quads, fitted = quads.reshape(b, _MARK_FITS, 4, 2), fitted.reshape(b, _MARK_FITS)
    tries = quads[rows, np.argsort(-fitted, axis=1)[:, :_MARK_TRIES]]  # (B, T, 4, 2)
    samples = grid_samples(img, tries.reshape(-1, 4, 2), MICRO_N)
    fits = codebook_fits(samples, texts)
    taken: list[tuple[int, FloatArray, int]] = []
    for i in range(b):
        j = max(range(_MARK_TRIES), key=lambda t: fits[i * _MARK_TRIES + t].margin)
        got = fits[i * _MARK_TRIES + j]
        if got.margin >= config.min_codebook_margin and got.fit >= config.min_codebook_fit:
            taken.append((i, tries[i, j], got.index))
    if not taken:
        return []
    # the grid re-fitted on all its modules, the codeword's: its corners as the decoders' are
    light = _codebook_light(texts)[[index for _, _, index in taken]]
    polished = polish_grids(img, np.stack([q for _, q, _ in taken]), MICRO_N, light)
    found: list[tuple[int, Detection]] = []
    for (i, _, index), quad in zip(taken, polished, strict=True):
        corners: Quad = tuple((float(x), float(y)) for x, y in quad)  # type: ignore[assignment]
        found.append((i, Detection(texts[index], corners, "codebook", MICRO_EC_LEVEL, 0, "micro")))
    return found
