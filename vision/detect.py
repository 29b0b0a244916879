"""Detect stage: every QR code in a frame, with its text and corners.

Passes, each adding what the previous ones missed (merged by position):

1. zxing-cpp on the grey frame;
2. zxing-cpp on copies upscaled by ``DetectConfig.upscale`` (small codes) of
   the busy regions of the frame the first pass did not read;
3. ZBar through pyzbar, when asked for and the system ``libzbar0`` loads;
4. refinement (:mod:`vision.refine`): finder-pattern triples that no pass
   read are rectified on a fitted version-1 module grid and decoded again.

The stage decodes only: whether a text is one of our tags is decided later by
the payload module.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from types import ModuleType

import cv2
import numpy as np
import zxingcpp

from vision.config import DEFAULT, DetectConfig
from vision.types import Quad, U8Array

_QR_FAMILY = zxingcpp.barcode_formats_from_str("QRCode")
# zxing-cpp's QR family also holds Micro QR and rMQR, whose weak error detection
# turns wood grain and art into short false reads; they are dropped after reading
# (asking for "QRCodeModel2" alone breaks zxing-cpp 3.1's pure-symbol mode)
_NOT_TAGS = frozenset({zxingcpp.BarcodeFormat.MicroQRCode, zxingcpp.BarcodeFormat.RMQRCode})

_CROP_PAD = 8  # pixels of margin around a busy box in the upscaled pass

STAGES = ("zxing", "zxing-upscaled", "zbar", "refine")
"""Names of the detect passes, in the order they run."""


@dataclass(frozen=True)
class Detection:
    """One decoded QR code.

    Attributes:
        text: The decoded text.
        corners: The symbol's corners in frame pixels, top-left of the code
            first, then clockwise as printed.
        stage: The pass that read it (one of :data:`STAGES`).
        ec_level: Error-correction level the symbol declares (``L``, ``M``,
            ``Q``, ``H``), or ``""`` when the backend does not say.
        version: QR version when the stage knows it (the refinement reads
            version 1 only), else 0.
    """

    text: str
    corners: Quad
    stage: str
    ec_level: str = ""
    version: int = 0

    @cached_property
    def center(self) -> tuple[float, float]:
        """The symbol's centre in frame pixels."""
        return (
            sum(x for x, _ in self.corners) / 4,
            sum(y for _, y in self.corners) / 4,
        )

    @cached_property
    def side(self) -> float:
        """Mean side length of the symbol in frame pixels."""
        c = self.corners
        return sum(math.dist(c[i], c[i - 1]) for i in range(4)) / 4

    def to_json(self) -> dict[str, object]:
        """JSON form: text, corners as ``[[x, y], ...]``, stage, ec level, version."""
        return {
            "text": self.text,
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "stage": self.stage,
            "ec_level": self.ec_level,
            "version": self.version,
        }


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


def _quad_from_position(pos: zxingcpp.Position, scale: float, offset: tuple[float, float]) -> Quad:
    pts = (pos.top_left, pos.top_right, pos.bottom_right, pos.bottom_left)
    return tuple((p.x / scale + offset[0], p.y / scale + offset[1]) for p in pts)  # type: ignore[return-value]


def zxing_read(
    grey: U8Array,
    *,
    scale: float = 1.0,
    offset: tuple[float, float] = (0, 0),
    stage: str = "zxing",
    pure: bool = False,
) -> list[Detection]:
    """Read every QR code with zxing-cpp.

    Args:
        grey: 8-bit grey image.
        scale: The image's scale relative to the frame; corners are divided
            by it so they are in frame pixels.
        offset: Frame position of the image's top-left pixel (for crops).
        stage: Stage name recorded on each detection.
        pure: The image holds one clean, upright symbol (rendered by the
            refinement), which lets zxing-cpp skip detection.

    Returns:
        The detections, possibly empty.
    """
    found = zxingcpp.read_barcodes(
        grey,
        formats=_QR_FAMILY,
        try_rotate=False,  # QR finder patterns are found at any angle anyway
        try_downscale=scale <= 1.0,
        try_invert=False,  # tags are printed dark on light
        is_pure=pure,
        text_mode=zxingcpp.TextMode.Plain,  # the text as encoded, control characters kept
    )
    return [
        Detection(
            text=b.text,
            corners=_quad_from_position(b.position, scale, offset),
            stage=stage,
            ec_level=b.ec_level or "",
        )
        for b in found
        if b.valid and b.format not in _NOT_TAGS
    ]


@cache
def _pyzbar() -> ModuleType | None:
    """The pyzbar module when the system ZBar library loads, else None."""
    try:
        from pyzbar import pyzbar
    except (ImportError, OSError):
        return None
    return pyzbar


def zbar_available() -> bool:
    """True when pyzbar can load the system ZBar library (``libzbar0``)."""
    return _pyzbar() is not None


def zbar_read(
    grey: U8Array, *, scale: float = 1.0, offset: tuple[float, float] = (0, 0)
) -> list[Detection]:
    """Read every QR code with ZBar; empty when the library is missing.

    Args:
        grey: 8-bit grey image.
        scale: The image's scale relative to the frame.
        offset: Frame position of the image's top-left pixel (for crops).

    Returns:
        The detections, possibly empty.
    """
    zbar = _pyzbar()
    if zbar is None:
        return []
    h, w = grey.shape[:2]
    found = zbar.decode(
        (np.ascontiguousarray(grey).tobytes(), w, h), symbols=[zbar.ZBarSymbol.QRCODE]
    )
    out = []
    for sym in found:
        pts = [(p.x / scale + offset[0], p.y / scale + offset[1]) for p in sym.polygon]
        if len(pts) != 4:
            rect = cv2.minAreaRect(np.array(pts, np.float32))
            pts = [(float(x), float(y)) for x, y in cv2.boxPoints(rect)]
        try:
            text = sym.data.decode("utf-8")
        except UnicodeDecodeError:
            text = sym.data.decode("latin-1")
        out.append(Detection(text=text, corners=tuple(pts), stage="zbar"))  # type: ignore[arg-type]
    return out


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


def upscaled_read(
    grey: U8Array, boxes: Sequence[tuple[int, int, int, int]], f: float
) -> list[Detection]:
    """zxing-cpp on upscaled crops of the frame: the small codes it misses at 1x.

    Only the busy boxes no earlier pass read are upscaled (on a table of
    tags they are a tenth of the frame), each widened by a quiet zone of
    :data:`_CROP_PAD` pixels.

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
        big = cv2.resize(grey[y0:y1, x0:x1], None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR)
        found += zxing_read(big, scale=f, offset=(x0, y0), stage="zxing-upscaled")
    return found


def detect(frame: U8Array, config: DetectConfig = DEFAULT) -> DetectResult:
    """Every QR code in the frame, through all configured passes.

    Args:
        frame: BGR, BGRA or grey 8-bit image.
        config: Thresholds and switches.

    Returns:
        The merged detections, with the refinement's unread symbols and the
        time of each pass.
    """
    from vision import refine  # the refinement decodes through zxing_read above

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
        passes.append(upscaled_read(grey, boxes, config.upscale))
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
        candidates = outcome.candidates
        unread = tuple(_scaled_quad(q, 1 / f) for q in outcome.unread)
        seconds["refine"] = time.process_time() - t
    return DetectResult(tuple(merged), candidates, unread, seconds)
