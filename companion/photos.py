"""Photos of the table from a phone: refuse what cannot be read, quickly, then find the mats.

A photo is checked in the cheapest order: its size in bytes, then its header
(format and pixel dimensions, read by Pillow without decoding: a 20000 x 20000
"decompression bomb" is refused before a single pixel is unpacked), then the
full decode (a truncated or damaged file is refused), then the ArUco fiducials
printed on every mat (``printables.mats``): a photo with no mat of the table's
game in it cannot be read and is refused with what to do instead.

Limits: ``MAX_PHOTO_BYTES`` (a 12 MP JPEG is 3-8 MB) and ``MAX_PIXELS`` (a
48 MP phone camera is 8000 x 6000). Decoding is done in grey at once: the mats'
fiducials need nothing more.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from companion.sessions import SessionError
from printables.mats import ARUCO_DICTIONARY, MatLayout, marker_table

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


@dataclass(frozen=True)
class MatSeen:
    """A mat of the table's game found in a photo, by how many of its fiducials showed."""

    key: str
    name: str
    markers: int
    of: int


@dataclass(frozen=True)
class Photo:
    """A readable photo: its format and size, and the mats found in it."""

    format: str
    width: int
    height: int
    mats: tuple[MatSeen, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "format": self.format,
            "width": self.width,
            "height": self.height,
            "mats": [
                {"key": m.key, "name": m.name, "markers": m.markers, "of": m.of} for m in self.mats
            ],
        }


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


def decode_grey(data: bytes) -> np.ndarray:
    """The photo in grey, fully decoded; call :func:`header` first.

    Raises:
        BadPhoto: the file is truncated or damaged.
    """
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()  # a truncated file raises here (Pillow does not pad it)
            grey = np.asarray(image.convert("L"))
    except (OSError, ValueError, SyntaxError) as exc:
        raise BadPhoto(
            "photo.damaged", "the photo is damaged or cut short; send it again", 400
        ) from exc
    return grey


@cache
def _detector() -> cv2.aruco.ArucoDetector:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICTIONARY))
    return cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())


def find_mats(grey: np.ndarray, game: str) -> tuple[MatSeen, ...]:
    """The mats of ``game`` whose fiducials show in ``grey``.

    Raises:
        BadPhoto: no mat of ``game`` shows (with the other game's mats it saw, if any).
    """
    _, ids, _ = _detector().detectMarkers(grey)
    table = marker_table()
    seen: dict[str, tuple[MatLayout, set[int]]] = {}
    others: set[str] = set()
    for marker_id in [] if ids is None else [int(i) for i in ids.flatten()]:
        if marker_id not in table:
            continue
        mat, _ = table[marker_id]
        if mat.game != game:
            others.add(mat.game)
            continue
        seen.setdefault(mat.key, (mat, set()))[1].add(marker_id)
    if not seen:
        if others:
            names = ", ".join(sorted(others))
            raise BadPhoto(
                "photo.foreign_mats", f"the photo shows mats of {names}, not of {game}", 422
            )
        raise BadPhoto(
            "photo.no_mats",
            "no mat shows in the photo: take it from above with the whole mat, "
            "its black corner squares included, in the picture",
            422,
        )
    return tuple(
        MatSeen(key, str(mat.names.get("en", key)), len(found), len(mat.markers))
        for key, (mat, found) in sorted(seen.items())
    )


def inspect(data: bytes, game: str) -> Photo:
    """Check a photo of a table of ``game``: readable, not too big, mats in it.

    Raises:
        BadPhoto: with a code and a reason for the phone (see :func:`header`,
            :func:`decode_grey`, :func:`find_mats`).
    """
    kind, width, height = header(data)
    grey = decode_grey(data)
    return Photo(kind, width, height, find_mats(grey, game))
