"""Detect stage: every QR code in a frame, with its text and corners.

Passes, each adding what the previous ones missed (merged by position):

1. zxing-cpp on the grey frame;
2. zxing-cpp on copies upscaled by ``DetectConfig.upscale`` (small codes) of
   the busy regions of the frame the first pass did not read;
3. ZBar through pyzbar, when asked for and the system ``libzbar0`` loads;
4. refinement (:mod:`vision.refine`): finder-pattern triples that no pass
   read are rectified on a fitted version-1 module grid and decoded again;
5. the same for single finder patterns as Micro QR M2 symbols (:mod:`vision.micro`).

The stage decodes only: whether a text is one of our tags is decided later by
the payload module.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision import refine
from vision.config import DEFAULT, DetectConfig
from vision.decoders import Detection, zbar_available, zbar_read, zxing_read
from vision.micro import refine_micro
from vision.types import Quad, U8Array

_CROP_PAD = 8  # pixels of margin around a busy box in the upscaled pass


@dataclass(frozen=True)
class DetectResult:
    """What the detect stage found in one frame.

    Attributes:
        detections: Every code read, merged across passes.
        candidates: Symbol outlines the refinement examined.
        unread: Outlines that looked like a version-1 symbol (their fixed
            patterns matched) but whose data could not be decoded: tags that
            are there but unreadable (too small, too blurred, partly covered).
        seconds: Time spent per pass.
    """

    detections: tuple[Detection, ...]
    candidates: int = 0
    unread: tuple[Quad, ...] = ()
    seconds: dict[str, float] = field(default_factory=dict)


def to_grey(frame: U8Array) -> U8Array:
    """The frame as 8-bit grey (a grey frame is returned as is)."""
    if frame.ndim == 2:
        return frame
    if frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2GRAY)
    return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)


def merge(groups: Iterable[Sequence[Detection]]) -> list[Detection]:
    """Merge detections of several passes: one per symbol position.

    Two detections are the same symbol when their centres are closer than
    half the smaller one's side. The earlier pass wins, so a symbol keeps the
    corners of the pass that read it at the frame's own resolution.

    Args:
        groups: Detections per pass, in priority order.

    Returns:
        The merged detections.
    """
    passes = [list(group) for group in groups]
    total = sum(len(group) for group in passes)
    xs, ys, sides = np.empty(total), np.empty(total), np.empty(total)
    kept: list[Detection] = []
    for group in passes:
        for d in group:
            (cx, cy), side = d.center, d.side
            n = len(kept)
            near = np.hypot(xs[:n] - cx, ys[:n] - cy) < 0.5 * np.minimum(sides[:n], side)
            if near.any():
                continue
            xs[n], ys[n], sides[n] = cx, cy, side
            kept.append(d)
    return kept


def _scaled_quad(q: Quad, f: float) -> Quad:
    return tuple((x * f, y * f) for x, y in q)  # type: ignore[return-value]


def _scaled(d: Detection, f: float) -> Detection:
    """The detection with its corners scaled by ``f`` (for a resized frame)."""
    return d if f == 1.0 else dataclasses.replace(d, corners=_scaled_quad(d.corners, f))


BlurAt = Callable[[float, float], float]
"""The lens blur (Gaussian sigma, in the image's pixels) at an image point: constant on a
frame; on a rectified mat plane the frame's blur stretched as the plane stretches there."""


def upscaled_read(
    grey: U8Array,
    boxes: Sequence[tuple[int, int, int, int]],
    f: float,
    blur_at: BlurAt | None = None,
    config: DetectConfig = DEFAULT,
) -> list[Detection]:
    """zxing-cpp on upscaled, sharpened crops of the frame: the small codes it misses at 1x.

    Only the busy boxes no earlier pass read are upscaled (on a table of
    tags they are a tenth of the frame), each widened by a quiet zone of
    :data:`_CROP_PAD` pixels, by cubic interpolation, then sharpened against
    the lens blur (:func:`sharpened`).

    Args:
        grey: The frame, 8-bit grey.
        boxes: Boxes ``(x0, y0, x1, y1)`` in frame pixels.
        f: The upscaling factor.

    Returns:
        The detections, in frame pixels.
    """
    h, w = grey.shape[:2]
    found: list[Detection] = []
    for x0, y0, x1, y1 in boxes:
        x0, y0 = max(0, x0 - _CROP_PAD), max(0, y0 - _CROP_PAD)
        x1, y1 = min(w, x1 + _CROP_PAD), min(h, y1 + _CROP_PAD)
        big = cv2.resize(grey[y0:y1, x0:x1], None, fx=f, fy=f, interpolation=cv2.INTER_CUBIC)
        blur = config.lens_blur_px if blur_at is None else blur_at((x0 + x1) / 2, (y0 + y1) / 2)
        found += zxing_read(
            sharpened(big, blur * f, config), scale=f, offset=(x0, y0), stage="zxing-upscaled"
        )
    return found


def sharpened(image: U8Array, sigma: float, config: DetectConfig = DEFAULT) -> U8Array:
    """An unsharp mask matched to the lens blur: ``image`` plus ``config.sharpen`` times
    what a Gaussian of the blur's ``sigma`` (in ``image`` pixels) takes away."""
    if config.sharpen <= 0:
        return image
    img = image.astype(np.float32)
    blurred = cv2.GaussianBlur(img, (0, 0), sigma)
    return np.clip(img + config.sharpen * (img - blurred) + 0.5, 0, 255).astype(np.uint8)


def detect(
    frame: U8Array, config: DetectConfig = DEFAULT, blur_at: BlurAt | None = None
) -> DetectResult:
    """Every QR code in the frame, through all configured passes.

    Args:
        frame: BGR, BGRA or grey 8-bit image.
        config: Thresholds and switches.
        blur_at: The lens blur where the upscaled pass sharpens (a mat plane's,
            :mod:`vision.plane`); ``config.lens_blur_px`` everywhere by default.

    Returns:
        The merged detections, with the refinement's unread symbols and the
        time of each pass.
    """
    grey = to_grey(frame)
    seconds: dict[str, float] = {}
    passes: list[list[Detection]] = []

    t = time.process_time()
    passes.append(zxing_read(grey))
    seconds["zxing"] = time.process_time() - t

    # the gradient cells of the frame: where the upscaled pass and the
    # refinement look for what the first pass did not read
    t = time.process_time()
    cells = refine.busy_cells(grey) if grey.size <= config.upscale_max_pixels else None
    if config.upscale > 1 and cells is not None:
        boxes = refine.textured_regions(grey, passes[0], config, cells)
        passes.append(upscaled_read(grey, boxes, config.upscale, blur_at, config))
        seconds["zxing-upscaled"] = time.process_time() - t

    if config.use_pyzbar and zbar_available():
        t = time.process_time()
        passes.append(zbar_read(grey))
        seconds["zbar"] = time.process_time() - t

    merged = merge(passes)
    candidates = 0
    unread: tuple[Quad, ...] = ()
    if config.refine:
        t = time.process_time()
        f = 0.5 if grey.size > config.upscale_max_pixels else 1.0
        small = (
            grey if f == 1.0 else cv2.resize(grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        )
        outcome = refine.refine(small, [_scaled(d, f) for d in merged], config, cells)
        merged = merge([merged, [_scaled(d, 1 / f) for d in outcome.detections]])
        if config.micro:
            micro = refine_micro(small, [_scaled(d, f) for d in merged], config, cells)
            merged = merge([merged, [_scaled(d, 1 / f) for d in micro]])
        candidates = outcome.candidates
        unread = tuple(_scaled_quad(q, 1 / f) for q in outcome.unread)
        seconds["refine"] = time.process_time() - t
    return DetectResult(tuple(merged), candidates, unread, seconds)
