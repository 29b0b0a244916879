"""Camera calibration: how large the tags must be for this camera to read them.

From a photo of tags (the printables' calibration sheet, or any table of
tags) each version-1 tag is measured: its size in pixels per module and the
lens blur, estimated from how much each module's grey level spills into its
neighbours (the refinement's blur model, fitted on the tag's fixed modules).
The bench's measurements then say which module size this camera needs.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

import numpy as np

from printables import payload
from printables.mats import ARUCO_DICTIONARY, calibration_markers
from vision.config import QR_V1_MODULES, DetectConfig
from vision.detect import detect, to_grey
from vision.mats import find_markers
from vision.refine import blur_model, fit_grids, grid_samples
from vision.types import Quad, U8Array

READABLE_PX_PER_MODULE = 2.5
"""Smallest module size read reliably, in pixels: ``bench/vision.py`` reads
100% of 40-tag frames at 2.5 px/module with blur sigma 1 px, 78% at 2.0."""

READABLE_BLUR_PER_MODULE = 0.46
"""Largest blur sigma, as a fraction of a module, read reliably: the bench
reads 100% at 3.25 px/module with sigma 1.5 px (0.46), 78% at 2 px/module with
sigma 1 px (0.5) and none at 2 px/module with sigma 1.5 px (0.75)."""


@dataclass(frozen=True)
class TagMeasure:
    """One tag as the camera sees it.

    Attributes:
        text: Its payload.
        corners: Its corners in frame pixels.
        px_per_module: Module size in pixels.
        blur_px: Lens blur as a Gaussian sigma in pixels.
    """

    text: str
    corners: Quad
    px_per_module: float
    blur_px: float


@dataclass(frozen=True)
class CameraReport:
    """What a calibration photo says about the camera.

    Attributes:
        tags: Every version-1 tag measured.
        blur_px: Median blur sigma over the tags, in pixels.
        min_px_per_module: Module size, in pixels, this camera reads reliably.
        mm_per_px: Millimetres per pixel on the calibration sheet, from its
            ArUco markers' printed size, or None when they are not in view.
        sheet_tags_mm: Sizes (mm) of the calibration sheet's tags that were
            read, smallest first.
    """

    tags: tuple[TagMeasure, ...]
    blur_px: float
    min_px_per_module: float
    mm_per_px: float | None = None
    sheet_tags_mm: tuple[int, ...] = ()

    def smallest_tag_mm(self, mm_per_px: float) -> float:
        """Side of the smallest version-1 tag read reliably, in millimetres.

        Args:
            mm_per_px: Table millimetres per image pixel where the tag lies
                (at the far edge of the table for a tilted camera).
        """
        return self.min_px_per_module * mm_per_px * QR_V1_MODULES


def neighbour_spill(sigma: float) -> float:
    """Side-neighbour to self weight of a module centre under Gaussian blur (sigma in modules)."""

    def cell(i: int) -> float:
        a = (i + 0.5) / (sigma * math.sqrt(2))
        b = (i - 0.5) / (sigma * math.sqrt(2))
        return 0.5 * (math.erf(a) - math.erf(b))

    return cell(1) / cell(0)


_SIGMAS = np.linspace(0.05, 1.5, 300)
_SPILLS = np.array([neighbour_spill(float(s)) for s in _SIGMAS])


def blur_in_modules(spill: float) -> float:
    """The Gaussian sigma, in modules, whose neighbour-to-self weight is ``spill``."""
    return float(np.interp(spill, _SPILLS, _SIGMAS))


def measure(frame: U8Array, config: DetectConfig | None = None) -> CameraReport:
    """Measure the tags of a calibration photo.

    Args:
        frame: The photo, BGR or grey.
        config: Detect thresholds (the defaults when omitted).

    Returns:
        The measures and the module size this camera needs.
    """
    found = detect(frame, config) if config is not None else detect(frame)
    img = to_grey(frame).astype(np.float32)
    tags: list[TagMeasure] = []
    if found.detections:
        quads = np.array([d.corners for d in found.detections], np.float64)
        fitted, scores = fit_grids(img, quads)
        full, fit = blur_model()
        samples = grid_samples(img, fitted)
        for d, quad, score, grid in zip(found.detections, fitted, scores, samples, strict=True):
            if score < 0.7:  # not a version-1 symbol: its module size is unknown
                continue
            c_self, c_side, _, _ = fit @ grid[full]
            if c_self <= 0:
                continue
            side = float(np.mean(np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)))
            ppm = side / QR_V1_MODULES
            sigma = blur_in_modules(max(0.0, c_side / c_self)) * ppm
            tags.append(TagMeasure(d.text, d.corners, ppm, sigma))
    blur = statistics.median(t.blur_px for t in tags) if tags else 0.0
    need = max(READABLE_PX_PER_MODULE, blur / READABLE_BLUR_PER_MODULE)
    sizes = []
    for d in found.detections:
        tag = payload.try_decode(d.text, game=payload.CALIBRATION)
        if isinstance(tag, payload.Tag):
            sizes.append(int(payload.CALIBRATION_CATALOG[tag.piece_id].data["size_mm"]))
    return CameraReport(tuple(tags), blur, need, sheet_scale(frame), tuple(sorted(sizes)))


def sheet_scale(frame: U8Array) -> float | None:
    """Millimetres per pixel on the calibration sheet, from its markers' edges.

    Returns:
        The mean over every edge of every sheet marker in view, or None.
    """
    printed = {m.id: np.asarray(m.corners, np.float64) for m in calibration_markers()}
    seen = find_markers(frame, ARUCO_DICTIONARY)
    ratios = []
    for marker_id, corners in seen.items():
        if marker_id not in printed:
            continue
        mm = np.linalg.norm(printed[marker_id] - np.roll(printed[marker_id], 1, axis=0), axis=1)
        px = np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1)
        ratios.extend(mm / px)
    return float(np.mean(ratios)) if ratios else None
