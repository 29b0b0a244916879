"""Capture: image files, uploads, video files and cameras, with clear errors."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.capture import CaptureError, VideoSource, decode_image, frames, read_image, to_bgr8
from vision.types import U8Array


def _png(image: U8Array) -> bytes:
    ok, buf = cv2.imencode(".png", image)
    assert ok
    return buf.tobytes()


def test_upload_round_trips_pixels() -> None:
    image = np.random.default_rng(1).integers(0, 256, (40, 60, 3), dtype=np.uint8)
    assert np.array_equal(decode_image(_png(image)), image)


def test_grey_alpha_and_16_bit_images_become_bgr8() -> None:
    grey = np.full((10, 12), 200, np.uint8)
    assert decode_image(_png(grey)).shape == (10, 12, 3)
    rgba = np.zeros((10, 12, 4), np.uint8)
    rgba[..., 1] = 255
    out = decode_image(_png(rgba))
    assert out.shape == (10, 12, 3) and out[0, 0, 1] == 255
    deep = np.full((4, 4), 65535, np.uint16)
    assert to_bgr8(deep).max() == 255


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "is empty"),
        (b"not an image at all", "corrupt, truncated"),
        (_png(np.zeros((50, 50, 3), np.uint8))[:60], "corrupt, truncated"),
    ],
)
def test_corrupt_upload_says_what_is_wrong(data: bytes, words: str) -> None:
    with pytest.raises(CaptureError, match=words):
        decode_image(data, "photo.jpg")


def test_missing_image_file(tmp_path: Path) -> None:
    with pytest.raises(CaptureError, match="does not exist"):
        read_image(tmp_path / "nope.png")


def test_image_file_is_one_frame(tmp_path: Path) -> None:
    path = tmp_path / "table.png"
    path.write_bytes(_png(np.full((8, 8, 3), 7, np.uint8)))
    got = list(frames(path))
    assert len(got) == 1 and got[0].size == (8, 8) and got[0].source == str(path)


def test_video_file_frames_in_order(tmp_path: Path) -> None:
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 5, (64, 48))
    for level in (0, 100, 200):
        writer.write(np.full((48, 64, 3), level, np.uint8))
    writer.release()
    got = list(frames(str(path)))
    assert [f.index for f in got] == [0, 1, 2]
    assert [round(float(f.image.mean()) / 100) for f in got] == [0, 1, 2]
    assert len(list(frames(str(path), limit=2))) == 2


def test_unknown_file_kind_and_missing_video(tmp_path: Path) -> None:
    with pytest.raises(CaptureError, match="neither an image"):
        list(frames(str(tmp_path / "notes.txt")))
    with pytest.raises(CaptureError, match="does not exist"):
        VideoSource(str(tmp_path / "gone.mp4"))


def test_corrupt_video_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.mp4"
    path.write_bytes(b"\x00" * 300)
    with pytest.raises(CaptureError, match="cannot open"):
        VideoSource(str(path))


def test_absent_camera_is_reported() -> None:
    with pytest.raises(CaptureError, match="cannot open camera 63"):
        VideoSource(63)
