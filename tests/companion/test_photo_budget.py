"""Photo work is bounded by design: decoded within the pixel budget, read within a time cap.

A 7000 x 7000 JPEG of any content is decoded straight to 3500 x 3500 by the
JPEG decoder (no full-size pixels), a 50 MP one too; a PNG that large is
refused from its header; a PNG within its own limit is decoded and shrunk to
the budget. A reading that runs past the cap is stopped and the next one
works. ``bench.photo_cpu`` measures what each costs.
"""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest

from companion import photos
from companion.photo_reader import PhotoReader
from companion.photos import PIXEL_BUDGET, BadPhoto


def encoded(image: np.ndarray, ext: str, *params: int) -> bytes:
    ok, data = cv2.imencode(ext, image, list(params))
    assert ok
    return data.tobytes()


def checkerboard(height: int, width: int, square: int = 32) -> np.ndarray:
    board = (np.indices((height, width)).sum(axis=0) // square) % 2 * 255
    return cv2.cvtColor(board.astype(np.uint8), cv2.COLOR_GRAY2BGR)


@pytest.mark.parametrize(("height", "width"), [(7000, 7000), (6120, 8160), (3000, 4000)])
def test_a_jpeg_is_decoded_within_the_pixel_budget(height: int, width: int) -> None:
    data = encoded(checkerboard(height, width), ".jpg", cv2.IMWRITE_JPEG_QUALITY, 90)
    assert len(data) <= photos.MAX_PHOTO_BYTES
    factor = photos.reduction("JPEG", width, height)
    image = photos.decode(data)
    assert image.shape[0] * image.shape[1] <= PIXEL_BUDGET
    assert image.shape[:2] == (-(-height // factor), -(-width // factor))
    assert image.dtype == np.uint8 and image.shape[2] == 3
    # The picture is the same one, only smaller: its squares are where they were.
    small = cv2.resize(
        checkerboard(height, width), image.shape[1::-1], interpolation=cv2.INTER_AREA
    )
    assert float(np.abs(small.astype(int) - image.astype(int)).mean()) < 20


def test_a_12_mp_photo_is_decoded_whole() -> None:
    data = encoded(checkerboard(3000, 4000), ".jpg", cv2.IMWRITE_JPEG_QUALITY, 90)
    assert photos.decode(data).shape[:2] == (3000, 4000)


def test_a_large_png_is_refused_from_its_header() -> None:
    board = checkerboard(7000, 7000, square=8)[:, :, 0]
    data = encoded(board, ".png", cv2.IMWRITE_PNG_COMPRESSION, 9)
    assert len(data) < 200_000  # 49 million pixels in a small file
    with pytest.raises(BadPhoto) as refused:
        photos.decode(data)
    assert refused.value.code == "photo.too_many_pixels" and refused.value.status == 413
    assert "JPEG" in str(refused.value)


def test_a_png_within_its_limit_is_shrunk_to_the_budget() -> None:
    data = encoded(checkerboard(4000, 5000), ".png", cv2.IMWRITE_PNG_COMPRESSION, 9)
    image = photos.decode(data)
    assert image.shape[0] * image.shape[1] <= PIXEL_BUDGET
    assert abs(image.shape[1] / image.shape[0] - 5000 / 4000) < 0.01


def slow(seconds: float) -> float:
    """A reading that takes ``seconds`` (in the reading process)."""
    time.sleep(seconds)
    return seconds


def busy(seconds: float) -> float:
    """A reading that keeps a core busy for ``seconds`` of CPU (in the reading process)."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return seconds


def test_a_reading_past_its_cpu_is_ended_and_the_next_works() -> None:
    reader = PhotoReader(cap=30.0, cpu=0.5)
    try:
        assert reader.read(busy, 0.2) == 0.2  # within the CPU of one reading
        assert reader.read(busy, 0.2) == 0.2  # each reading has a budget of its own
        start = time.monotonic()
        with pytest.raises(BadPhoto) as stopped:
            reader.read(busy, 20.0)
        assert time.monotonic() - start < 10  # ended by its CPU, long before the time cap
        assert stopped.value.code == "photo.too_slow" and stopped.value.status == 503
        assert "seconds of the server" in str(stopped.value)
        assert reader.read(busy, 0.2) == 0.2  # a new reading process
    finally:
        reader.close()


def refuse(code: str) -> None:
    raise BadPhoto(code, "refused in the reading process", 422)


def test_a_reading_past_the_cap_is_stopped_and_the_next_works() -> None:
    # A cap of a few seconds: a new reading process first imports this module to run
    # ``slow``, which takes over a second on a loaded machine.
    reader = PhotoReader(cap=4.0)
    try:
        assert reader.read(slow, 0.01) == 0.01
        start = time.monotonic()
        with pytest.raises(BadPhoto) as stopped:
            reader.read(slow, 30.0)
        assert time.monotonic() - start < 15
        assert stopped.value.code == "photo.too_slow" and stopped.value.status == 503
        assert reader.read(slow, 0.01) == 0.01  # a new reading process
        with pytest.raises(BadPhoto) as refused:
            reader.read(refuse, "photo.no_mats")
        assert refused.value.code == "photo.no_mats" and refused.value.status == 422
    finally:
        reader.close()


def test_a_reading_runs_on_one_opencv_thread() -> None:
    """Each OpenCV thread of the marker search holds its own copy of the photo: the
    reading process uses one, so a photo of noise peaks in half the memory."""
    reader = PhotoReader(cap=30.0)
    try:
        assert reader.read(cv2.getNumThreads) == 1
    finally:
        reader.close()
