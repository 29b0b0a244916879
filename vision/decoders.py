"""The QR decoders the detect stage and its refinement share: zxing-cpp and ZBar.

Each reads a grey image (a frame, an upscaled crop, or a symbol the
refinement redrew) and returns :class:`Detection` records in frame pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, cached_property
from types import ModuleType

import cv2
import numpy as np
import zxingcpp

from vision.types import Quad, U8Array

_QR_FAMILY = zxingcpp.barcode_formats_from_str("QRCode")
_MICRO = zxingcpp.BarcodeFormat.MicroQRCode
# zxing-cpp's QR family also holds Micro QR and rMQR, whose weak error detection
# turns wood grain and art into short false reads. rMQR is dropped after reading
# (asking for "QRCodeModel2" alone breaks zxing-cpp 3.1's pure-symbol mode); a
# Micro QR symbol is kept only as the tags print it: an M2 symbol at level M
# holding digits alone (``printables.payload``'s number tags), which texture
# seldom mimics and the payload's check digits then test.
_NOT_TAGS = frozenset({zxingcpp.BarcodeFormat.RMQRCode})
MICRO_VERSION = "M2"
"""The only Micro QR symbol kept: the number tags' (13 x 13 modules)."""

STAGES = ("zxing", "zxing-upscaled", "zbar", "refine", "codebook")
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
        symbol: ``qr``, or ``micro`` for a Micro QR symbol.
    """

    text: str
    corners: Quad
    stage: str
    ec_level: str = ""
    version: int = 0
    symbol: str = "qr"

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
            "symbol": self.symbol,
        }


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
            symbol="micro" if b.format == _MICRO else "qr",
        )
        for b in found
        if b.valid and b.format not in _NOT_TAGS and (b.format != _MICRO or _number_tag(b))
    ]


def _number_tag(b: zxingcpp.Barcode) -> bool:
    """True when a Micro QR symbol is shaped as a number tag: M2, digits only."""
    extra = b.extra
    version = extra.get("Version") if isinstance(extra, dict) else None
    return version == MICRO_VERSION and b.text.isascii() and b.text.isdigit()


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
