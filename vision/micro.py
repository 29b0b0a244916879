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

A Micro QR symbol is kept only when it is shaped as a number tag
(:func:`vision.decoders.zxing_read`), and its text is validated by the payload module.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import cv2
import numpy as np

from vision.config import DetectConfig
from vision.decoders import Detection
from vision.refine import (
    MICRO_N,
    Finder,
    _descend,
    _feedback,
    _layout,
    _sample,
    _scores,
    _unit,
    decode_samples,
    grid_samples,
    polish_grids,
    unread_finders,
)
from vision.types import FloatArray, Quad, U8Array

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
