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

import cv2
import numpy as np

from printables import payload
from printables.mats import (
    ARUCO_DICTIONARY,
    CALIBRATION_FRAME_MM,
    MARKER_MM,
    calibration_markers,
    marker_table,
)
from vision.config import DEFAULT, QR_V1_MODULES, DetectConfig
from vision.detect import detect, to_grey
from vision.mats import MatSpec, find_markers, locate_mats
from vision.plane import detect_on_mats
from vision.refine import blur_model, fit_grids, grid_samples
from vision.types import FloatArray, Quad, U8Array

PIECE_TAG_MODULES = 13
"""Modules across a piece's tag: the pieces print number tags as Micro QR M2 symbols
(``printables.payload``); the calibration sheet's own tags are version 1."""

READABLE_PX_PER_MODULE = 2.5
"""Smallest module size read reliably, in pixels: ``bench/vision.py`` reads
100% of 40-tag frames at 2.5 px/module with blur sigma 1 px, 78% at 2.0."""

NUMBER_TAG_PX_PER_MODULE = 1.6
"""Smallest module size of a piece's number tag read reliably on a mat, in pixels, where
a mark's search reads it against the codebook (:func:`vision.micro.read_marks`):
``bench.codebook`` reads 100% at 1.6 px a module under blur sigma 1 px, 96% at 1.4."""

NUMBER_TAG_BLUR_PER_MODULE = 0.83
"""Largest blur sigma, as a fraction of a module, a number tag on a mat is read under:
``bench.codebook`` reads 99% at 1.8 px a module under sigma 1.5 px (0.83), 100% at 2.5
px under sigma 2 (0.8), 76% at 1.6 px under sigma 1.5 (0.94)."""

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


SHEET = MatSpec(
    "calibration",
    CALIBRATION_FRAME_MM,
    {m.id: m.corners for m in calibration_markers()},
)
"""The calibration sheet as a mat: its four markers fix its plane, where its tags are read."""


@dataclass(frozen=True)
class ViewReport:
    """What the fiducials in view say about this camera in this view.

    Attributes:
        markers: How many ArUco markers (of the calibration sheet and of every mat) were read.
        near_px_per_mm: Frame pixels per table millimetre at the nearest marker, along its
            most shortened direction (the near edge of the table).
        far_px_per_mm: The same at the farthest marker (the far edge, where the sheet lies).
        blur_px: Lens blur (Gaussian sigma, pixels) measured across the markers' edges.
        needs_px_per_module: Module size of a piece's number tag on a mat this camera
            reads reliably under that blur.
    """

    markers: int
    near_px_per_mm: float
    far_px_per_mm: float
    blur_px: float
    needs_px_per_module: float

    def px_per_module(self, tag_mm: float) -> tuple[float, float]:
        """Module size of a piece's tag of ``tag_mm`` (Micro QR M2, 13 modules across) at
        the near and the far edge."""
        module = tag_mm / PIECE_TAG_MODULES
        return self.near_px_per_mm * module, self.far_px_per_mm * module

    @property
    def tag_mm(self) -> float:
        """The piece tag size to print (``--tag-mm``, a Micro QR M2 symbol's edge): the
        smallest whose modules get what this camera needs at the far edge, in whole mm."""
        return float(math.ceil(self.needs_px_per_module * PIECE_TAG_MODULES / self.far_px_per_mm))


def _marker_scale(corners: FloatArray) -> float:
    """Frame px per mm at a 30 mm marker seen with ``corners``, along its most shortened side."""
    side = MARKER_MM
    src = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    h = cv2.getPerspectiveTransform(src, np.asarray(corners, np.float32))
    c = side / 2
    pts = cv2.perspectiveTransform(np.array([[[c, c]], [[c + 1, c]], [[c, c + 1]]], np.float64), h)
    p = pts.reshape(3, 2)
    return float(np.linalg.svd(np.column_stack([p[1] - p[0], p[2] - p[0]]), compute_uv=False).min())


def _edge_sigma(grey: FloatArray, corners: FloatArray) -> float | None:
    """Blur sigma (px) across a marker's outer edges: the 10-90% rise of the mean profile
    from its black border out to the white around it, over 2.56 (a Gaussian's)."""
    centre = corners.mean(axis=0)
    widths = []
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        along = b - a
        length = float(np.linalg.norm(along))
        if length < 12:
            continue
        normal = np.array([along[1], -along[0]]) / length
        if np.dot((a + b) / 2 - centre, normal) < 0:
            normal = -normal  # outward
        ts = np.linspace(0.3, 0.7, 12)
        # within the marker's black border cell and the white gap around it (5 mm each of
        # its 30 mm): past them lies the mat's edge or its zones
        reach = min(6.0, 0.14 * length)
        offsets = np.linspace(-reach, reach, 97)
        xs = (a[0] + ts[:, None] * along[0] + offsets[None] * normal[0]).astype(np.float32)
        ys = (a[1] + ts[:, None] * along[1] + offsets[None] * normal[1]).astype(np.float32)
        profile = cv2.remap(grey, xs, ys, cv2.INTER_LINEAR).mean(axis=0)
        lo, hi = float(profile[:12].mean()), float(profile[-12:].mean())
        if hi - lo < 40:
            continue
        rise = (profile - lo) / (hi - lo)
        t10 = float(np.interp(0.1, np.maximum.accumulate(rise), offsets))
        t90 = float(np.interp(0.9, np.maximum.accumulate(rise), offsets))
        widths.append((t90 - t10) / 2.563)
    return statistics.median(widths) if widths else None


def view_report(frame: U8Array) -> ViewReport | None:
    """Scale at the near and far edge and lens blur, from every ArUco marker in view
    (the calibration sheet's and every mat's): no tag needs to be read.

    Returns:
        None when no marker of the sheet or of a mat is in view.
    """
    grey = to_grey(frame)
    known = set(marker_table()) | {m.id for m in calibration_markers()}
    seen = {i: c for i, c in find_markers(grey, ARUCO_DICTIONARY).items() if i in known}
    if not seen:
        return None
    scales = {i: _marker_scale(c) for i, c in seen.items()}
    img = grey.astype(np.float32)
    # the lens blurs every part of the frame alike; the nearer markers' edges, many pixels
    # long and least foreshortened, measure it best
    middle = statistics.median(scales.values())
    sigmas = [
        s for i, c in seen.items() if scales[i] >= middle and (s := _edge_sigma(img, c)) is not None
    ]
    blur = float(statistics.median(sigmas)) if sigmas else 0.0
    need = max(NUMBER_TAG_PX_PER_MODULE, blur / NUMBER_TAG_BLUR_PER_MODULE)
    return ViewReport(len(seen), max(scales.values()), min(scales.values()), blur, need)


def sheet_tags(frame: U8Array, config: DetectConfig = DEFAULT) -> tuple[int, ...]:
    """Sizes (mm) of the calibration sheet's tags read on the sheet's own plane, smallest
    first: rectified through its markers, a sheet at the far edge is read as well as the
    frame allows there."""
    poses = locate_mats(frame, [SHEET])
    if not poses:
        return ()
    found = detect_on_mats(frame, poses, [SHEET], config).detected.detections
    sizes = set()
    for d in found:
        tag = payload.try_decode(d.text, game=payload.CALIBRATION)
        if isinstance(tag, payload.Tag):
            sizes.add(int(payload.CALIBRATION_CATALOG[tag.piece_id].data["size_mm"]))
    return tuple(sorted(sizes))


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
    sizes = {
        int(payload.CALIBRATION_CATALOG[tag.piece_id].data["size_mm"])
        for d in found.detections
        if isinstance(tag := payload.try_decode(d.text, game=payload.CALIBRATION), payload.Tag)
    }
    sizes |= set(sheet_tags(frame, config or DEFAULT))
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
