"""Photos of the table from a phone: refuse what cannot be read before decoding it.

:func:`header` checks in the cheapest order: the size in bytes, then the
file's header (format and pixel dimensions, read by Pillow without decoding,
so a 20000 x 20000 "decompression bomb" is refused before a single pixel is
unpacked). :func:`decode` then decodes within ``PIXEL_BUDGET``: a JPEG
larger than that is decoded reduced by the JPEG decoder itself (1/2, 1/4,
1/8), so a photo of any content under the size limit costs the same as a
12 MP one. ``companion.scanning`` calls it before vision reads the photo,
and refuses a photo in which vision finds no mat.

Limits: ``MAX_PHOTO_BYTES`` (a 12 MP JPEG is 3-8 MB) and ``MAX_PIXELS`` (a
48 MP phone camera is 8000 x 6000).
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Mapping
from typing import Any

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from companion.sessions import SessionError
from vision.types import U8Array

MAX_PHOTO_BYTES = 12 * 1024 * 1024
"""The largest photo accepted (the web app's upload limit is the same)."""

MAX_PIXELS = 50_000_000
"""The most pixels a photo may have: a 48 MP phone camera fits, a 20000 x 20000 bomb does not."""

MAX_SIDE = 12_000
"""The longest side a photo may have, in pixels."""

FORMATS = ("JPEG", "PNG", "WEBP")
"""What phone cameras and screenshots produce."""

PIXEL_BUDGET = 4096 * 3072
"""The most pixels a photo is decoded to (12.6 million): a 12 MP phone photo is read
whole; the reader finds tags down to about 2-3 pixels per QR module, and a table photo
with more pixels than this only costs time and memory. Larger JPEGs are decoded at
1/2, 1/4 or 1/8 of their size in the JPEG decoder itself (no full-size pixels)."""

LOSSLESS_PIXELS = 2 * PIXEL_BUDGET
"""The most pixels a PNG or WebP may have: they have no reduced decoding, so they are
decoded whole (at most 75 MB of pixels) and then shrunk to the budget. A phone camera
writes JPEG; a larger PNG is a screenshot of a screenshot, or an attack."""

_REDUCED = {
    1: cv2.IMREAD_COLOR,
    2: cv2.IMREAD_REDUCED_COLOR_2,
    4: cv2.IMREAD_REDUCED_COLOR_4,
    8: cv2.IMREAD_REDUCED_COLOR_8,
}
"""OpenCV's decode flag per reduction (colour, turned upright from EXIF)."""


class BadPhoto(SessionError):
    """A photo the companion cannot read; ``code`` says which check refused it."""

    def __init__(
        self,
        code: str,
        reason: str,
        status: int = 400,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(reason, code=code, params=params)
        self.code: str = code
        self.status = status


def header(data: bytes) -> tuple[str, int, int]:
    """Format, width and height from the file's header alone (nothing is decoded).

    Raises:
        BadPhoto: empty, over ``MAX_PHOTO_BYTES``, not an image, another format,
            or more pixels than ``MAX_PIXELS`` / ``MAX_SIDE``.
    """
    if not data:
        raise BadPhoto("photo.empty", "the upload is empty; take the photo again")
    if len(data) > MAX_PHOTO_BYTES:
        limit = MAX_PHOTO_BYTES // (1024 * 1024)
        raise BadPhoto(
            "photo.too_large", f"the photo is larger than {limit} MB", 413, {"limit": limit}
        )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                kind, (width, height) = str(image.format), image.size
    except Image.DecompressionBombError as exc:  # Pillow's own guard, far past MAX_PIXELS
        raise _too_many_pixels("more than 100 million") from exc
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise BadPhoto(
            "photo.not_an_image", "the upload is not a photo (JPEG, PNG or WebP)", 415
        ) from exc
    if kind not in FORMATS:
        raise BadPhoto("photo.format", f"a {kind} image cannot be read; send a JPEG or PNG", 415)
    if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
        raise _too_many_pixels(f"{width} x {height}")
    return kind, width, height


def reduction(kind: str, width: int, height: int) -> int:
    """By how much a photo of ``width`` x ``height`` is shrunk as it is decoded (1, 2, 4 or 8).

    Raises:
        BadPhoto: ``photo.too_many_pixels`` for a PNG or WebP over ``LOSSLESS_PIXELS``.
    """
    if kind != "JPEG":
        if width * height > LOSSLESS_PIXELS:
            raise BadPhoto(
                "photo.too_many_pixels",
                f"a {kind} of {width} x {height} pixels is more than the companion reads "
                f"({LOSSLESS_PIXELS // 1_000_000} million pixels for PNG and WebP); send the "
                "camera's own JPEG photo",
                413,
                {"limit": LOSSLESS_PIXELS // 1_000_000},
            )
        return 1
    for factor in _REDUCED:
        if -(-width // factor) * -(-height // factor) <= PIXEL_BUDGET:
            return factor
    return 8  # within MAX_PIXELS, an eighth always fits the budget


def decode(data: bytes) -> U8Array:
    """The pixels of an uploaded photo, at most ``PIXEL_BUDGET`` of them.

    The header is checked first (:func:`header`), then the reduction chosen from
    it (:func:`reduction`), so a large JPEG is decoded straight to the size the
    reader needs and never held at full size.

    Raises:
        BadPhoto: the codes of :func:`header` and :func:`reduction`, or
            ``photo.damaged`` for a file that does not decode.
    """
    kind, width, height = header(data)
    factor = reduction(kind, width, height)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), _REDUCED[factor])
    if image is None:
        raise BadPhoto(
            "photo.damaged",
            f"the photo is corrupt or truncated ({len(data)} bytes): take it again",
        )
    shown_h, shown_w = image.shape[:2]
    if shown_w * shown_h > PIXEL_BUDGET:  # a whole PNG or WebP: shrink it to the budget
        scale = (PIXEL_BUDGET / (shown_w * shown_h)) ** 0.5
        size = (max(1, int(shown_w * scale)), max(1, int(shown_h * scale)))
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(image)


def _too_many_pixels(size: str) -> BadPhoto:
    return BadPhoto(
        "photo.too_many_pixels",
        f"the photo is {size} pixels; the companion reads photos of up to "
        f"{MAX_PIXELS // 1_000_000} million pixels, {MAX_SIDE} a side (a phone camera's own)",
        413,
        {"limit": MAX_PIXELS // 1_000_000},
    )
