"""The decode stage on real phone photos: ZXing's blackbox QR sets at four rotations.

The thresholds are ZXing's own (``tests/data/qr-photos/README.md``); the
decode stage must read at least as many. Expected texts are stored with
``\\n`` line ends, as git checked them out; QR payloads often carry ``\\r\\n``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import pytest

from vision.capture import read_image
from vision.detect import detect
from vision.types import U8Array

ZXING_THRESHOLDS = {
    "qrcode-1": (17, 14, 17, 14),
    "qrcode-2": (32, 30, 31, 31),
    "qrcode-3": (38, 39, 36, 39),
    "qrcode-4": (36, 35, 35, 35),
    "qrcode-5": (19, 19, 19, 19),
    "qrcode-6": (15, 14, 13, 14),
}
ROTATIONS = (None, cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE)


def _photos() -> Path:
    return Path(__file__).resolve().parent / "data" / "qr-photos"


@cache
def _set(name: str) -> tuple[tuple[U8Array, str], ...]:
    return tuple(
        (read_image(png), png.with_suffix(".txt").read_text(encoding="utf-8"))
        for png in sorted((_photos() / name).glob("*.png"))
    )


def test_thresholds_match_the_readme() -> None:
    readme = (_photos() / "README.md").read_text(encoding="utf-8")
    for name, counts in ZXING_THRESHOLDS.items():
        row = next(line for line in readme.splitlines() if line.startswith(f"| {name} |"))
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert tuple(int(c) for c in cells[2:6]) == counts
        assert int(cells[1]) == len(_set(name))


@pytest.mark.parametrize("name", sorted(ZXING_THRESHOLDS))
@pytest.mark.parametrize("turn", range(4), ids=lambda t: f"{90 * t}deg")
def test_reads_at_least_as_many_as_zxing(name: str, turn: int) -> None:
    read = 0
    for image, expected in _set(name):
        rotated = image if ROTATIONS[turn] is None else cv2.rotate(image, ROTATIONS[turn])
        texts = {d.text.replace("\r\n", "\n") for d in detect(rotated).detections}
        read += expected in texts
    assert read >= ZXING_THRESHOLDS[name][turn]


def test_multi_code_photo_reads_all_four() -> None:
    image = read_image(_photos() / "multi-qrcode-1" / "1.png")
    assert len(detect(image).detections) == 4
