"""Photos of the table from a phone: refuse what cannot be read before decoding it.

:func:`header` checks in the cheapest order: the size in bytes, then the
file's header (format and pixel dimensions, read by Pillow without decoding,
so a 20000 x 20000 "decompression bomb" is refused before a single pixel is
unpacked). ``companion.scanning`` calls it before vision decodes the photo,
and refuses a photo in which vision finds no mat.

Limits: ``MAX_PHOTO_BYTES`` (a 12 MP JPEG is 3-8 MB) and ``MAX_PIXELS`` (a
48 MP phone camera is 8000 x 6000).
"""

from __future__ import annotations

import io
import warnings

from PIL import Image, UnidentifiedImageError

from companion.sessions import SessionError

MAX_PHOTO_BYTES = 12 * 1024 * 1024
"""The largest photo accepted (the web app's upload limit is the same)."""

MAX_PIXELS = 50_000_000
"""The most pixels a photo may have: a 48 MP phone camera fits, a 20000 x 20000 bomb does not."""

MAX_SIDE = 12_000
"""The longest side a photo may have, in pixels."""

FORMATS = ("JPEG", "PNG", "WEBP")
"""What phone cameras and screenshots produce."""


class BadPhoto(SessionError):
    """A photo the companion cannot read; ``code`` says which check refused it."""

    def __init__(self, code: str, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.code = code
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
        raise BadPhoto("photo.too_large", f"the photo is larger than {limit} MB", 413)
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


def _too_many_pixels(size: str) -> BadPhoto:
    return BadPhoto(
        "photo.too_many_pixels",
        f"the photo is {size} pixels; the companion reads photos of up to "
        f"{MAX_PIXELS // 1_000_000} million pixels, {MAX_SIDE} a side (a phone camera's own)",
        413,
    )
