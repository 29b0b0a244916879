"""Capture stage: frames from a webcam, a stream URL, a video file, image files or uploads.

Every source yields :class:`Frame` records of 8-bit BGR pixels. Anything that
cannot be read raises :class:`CaptureError` with a sentence saying what was
wrong and what to try, never an OpenCV assertion or a silent ``None``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

import cv2
import numpy as np

from vision.types import U8Array

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"})
VIDEO_SUFFIXES = frozenset({".mp4", ".avi", ".mov", ".mkv", ".webm", ".m4v", ".mjpeg"})
RESOLUTIONS = {"720p": (1280, 720), "1080p": (1920, 1080), "4k": (3840, 2160)}
"""Camera modes a user can ask for by name."""

_MAX_FAILED_READS = 25  # a webcam may drop a few frames while it adjusts exposure


class CaptureError(Exception):
    """A source cannot be opened or read; the message says why and what to try."""


@dataclass(frozen=True)
class Frame:
    """One captured image.

    Attributes:
        image: BGR pixels, uint8, shape (height, width, 3).
        source: Where it came from (a path, ``camera 0``, a URL, ``upload``).
        index: Position in its source, from 0.
        time: Capture time in seconds (``time.monotonic``), for voting windows.
    """

    image: U8Array
    source: str
    index: int = 0
    time: float = 0.0

    @property
    def size(self) -> tuple[int, int]:
        """Width and height in pixels."""
        return int(self.image.shape[1]), int(self.image.shape[0])


def to_bgr8(image: U8Array, name: str = "image") -> U8Array:
    """Any decoded image as 8-bit BGR: grey, alpha and 16-bit images are converted.

    Args:
        image: Array from OpenCV or numpy.
        name: What to call it in an error.

    Returns:
        A uint8 (H, W, 3) array.

    Raises:
        CaptureError: If it is not an image shape.
    """
    if image.ndim not in (2, 3) or image.size == 0:
        raise CaptureError(f"{name} is not an image (array of shape {image.shape})")
    if image.dtype == np.uint16:
        image = (image >> 8).astype(np.uint8)
    elif image.dtype != np.uint8:
        lo, hi = float(image.min()), float(image.max())
        image = ((image - lo) * (255.0 / max(hi - lo, 1e-12))).astype(np.uint8)
    if image.ndim == 2:
        return np.asarray(cv2.cvtColor(image, cv2.COLOR_GRAY2BGR))
    if image.shape[2] == 4:
        return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGRA2BGR))
    if image.shape[2] == 1:
        return np.asarray(cv2.cvtColor(image, cv2.COLOR_GRAY2BGR))
    return np.asarray(image)


def decode_image(data: bytes, name: str = "upload") -> U8Array:
    """Decode an uploaded image (a phone photo: JPEG, PNG, WebP ...).

    Phone photos are turned upright from their EXIF orientation.

    Args:
        data: The file's bytes.
        name: What to call it in an error.

    Returns:
        BGR pixels.

    Raises:
        CaptureError: If the bytes are empty, corrupt or not an image.
    """
    if not data:
        raise CaptureError(f"{name} is empty: no image was sent")
    buf = np.frombuffer(data, np.uint8)
    image = cv2.imdecode(buf, cv2.IMREAD_UNCHANGED)
    if image is None:
        raise CaptureError(
            f"{name} is not an image that can be decoded ({len(data)} bytes): "
            "the file is corrupt, truncated or in an unsupported format; send a JPEG or PNG"
        )
    if image.ndim == 3 and image.shape[2] >= 3:
        # IMREAD_UNCHANGED keeps alpha and depth but ignores EXIF; decode upright too
        upright = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        if upright is not None and upright.shape[:2] != image.shape[:2]:
            image = upright
    return to_bgr8(image, name)


def read_image(path: str | Path) -> U8Array:
    """Read an image file.

    Args:
        path: The file.

    Returns:
        BGR pixels.

    Raises:
        CaptureError: If the file is missing, unreadable or not an image.
    """
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise CaptureError(f"image {p} does not exist") from None
    except OSError as exc:
        raise CaptureError(f"cannot read image {p}: {exc.strerror}") from exc
    return decode_image(data, f"image {p}")


class VideoSource:
    """Frames from a camera index, a stream URL or a video file (``cv2.VideoCapture``).

    Use as a context manager, or call :meth:`close`. Iterating yields frames
    until a file ends; a camera or stream that stops delivering raises
    :class:`CaptureError`.
    """

    def __init__(self, spec: int | str, *, resolution: str | None = None) -> None:
        """Open the source.

        Args:
            spec: Camera index (``0``), stream URL (``rtsp://...``,
                ``http://phone:8080/video``) or video file path.
            resolution: For cameras, a mode of :data:`RESOLUTIONS` to ask for.

        Raises:
            CaptureError: If it cannot be opened.
        """
        self.live = isinstance(spec, int) or "://" in str(spec)
        if isinstance(spec, int):
            self.name = f"camera {spec}"
        else:
            self.name = str(spec)
            if not self.live and not Path(spec).is_file():
                raise CaptureError(f"video {spec} does not exist")
        self._cap = cv2.VideoCapture(spec)
        if not self._cap.isOpened():
            self._cap.release()
            hint = (
                "check that it is plugged in and not used by another program"
                if isinstance(spec, int)
                else "check the address and that the stream is running"
                if self.live
                else "the file is corrupt or its codec is not supported"
            )
            raise CaptureError(f"cannot open {self.name}: {hint}")
        if resolution is not None:
            if resolution not in RESOLUTIONS:
                raise CaptureError(
                    f"unknown resolution {resolution!r}; use one of {', '.join(RESOLUTIONS)}"
                )
            w, h = RESOLUTIONS[resolution]
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, w)
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, h)
        self._index = 0

    def read(self) -> Frame | None:
        """The next frame, or None at the end of a video file.

        Raises:
            CaptureError: If a camera or stream stops delivering frames.
        """
        for _ in range(_MAX_FAILED_READS if self.live else 1):
            ok, image = self._cap.read()
            if ok and image is not None:
                frame = Frame(to_bgr8(image, self.name), self.name, self._index, time.monotonic())
                self._index += 1
                return frame
        if self.live:
            raise CaptureError(f"{self.name} stopped delivering frames")
        return None

    def __iter__(self) -> Iterator[Frame]:
        while (frame := self.read()) is not None:
            yield frame

    def close(self) -> None:
        """Release the camera or file."""
        self._cap.release()

    def __enter__(self) -> VideoSource:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def frames(spec: str | int | Path, *, limit: int | None = None) -> Iterator[Frame]:
    """Frames from whatever ``spec`` names: an image file, a video file, a camera or a URL.

    A string of digits is a camera index. Image files give one frame.

    Args:
        spec: The source.
        limit: Stop after this many frames.

    Yields:
        Frames in order.

    Raises:
        CaptureError: If the source cannot be opened or read.
    """
    if isinstance(spec, Path):
        spec = str(spec)
    if isinstance(spec, str) and spec.isdigit():
        spec = int(spec)
    if isinstance(spec, str) and "://" not in spec and Path(spec).suffix.lower() in IMAGE_SUFFIXES:
        yield Frame(read_image(spec), str(spec), 0, time.monotonic())
        return
    if (
        isinstance(spec, str)
        and "://" not in spec
        and Path(spec).suffix.lower() not in (VIDEO_SUFFIXES)
    ):
        raise CaptureError(
            f"{spec} is neither an image ({', '.join(sorted(IMAGE_SUFFIXES))}) nor a video "
            f"({', '.join(sorted(VIDEO_SUFFIXES))}) file"
        )
    with VideoSource(spec) as source:
        for n, frame in enumerate(source):
            if limit is not None and n >= limit:
                return
            yield frame
