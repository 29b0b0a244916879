"""Micro QR M2 number tags through the detect stage (``vision.micro``, ``vision.decoders``).

Frames of ``bench.micro_qr`` (39 tags on paper turned at random, a third of them Micro QR
M2 number tags, lens blur sigma 1.5 px, sensor noise, JPEG 80): the grid fit reads the
number tags zxing-cpp misses, and nothing false; Micro QR that is not shaped as a number
tag is not kept.
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import zxingcpp

from bench.micro_qr import frame, micro_matrix
from engines.noah import catalog
from printables import payload
from vision.config import DEFAULT
from vision.decoders import zxing_read
from vision.detect import detect


def _read(scale: float, micro: bool) -> tuple[int, int, int]:
    """(number tags, of them read, false texts) over two frames at ``scale`` px per mm of a
    25 mm footprint (Micro QR M2: 2.9 px a module at 2.0)."""
    texts = [payload.encode("noah", c.id) for c in catalog.CATALOG if c.kind == "card"][:39]
    config = dataclasses.replace(DEFAULT, micro=micro)
    total = read = false = 0
    for seed in range(2):
        grey, placed = frame(texts, scale, 25.0, 1.5, seed)
        got = {d.text for d in detect(grey, config).detections}
        numbers = [p for p in placed if p.kind == "m2"]
        total += len(numbers)
        read += sum(p.text in got for p in numbers)
        false += len(got - {p.text for p in placed})
    return total, read, false


def test_the_micro_grid_fit_reads_number_tags_near_the_limit() -> None:
    total, with_fit, false = _read(1.85, micro=True)  # 2.7 px a module
    _, without, false_without = _read(1.85, micro=False)
    assert false == false_without == 0
    assert with_fit >= 0.7 * total and with_fit > without


def test_a_micro_qr_code_that_is_no_number_tag_is_not_kept() -> None:
    def image(text: str) -> np.ndarray:
        bits = micro_matrix(text)
        big = np.kron(np.where(bits > 0, 0, 255), np.ones((8, 8))).astype(np.uint8)
        return np.asarray(cv2.copyMakeBorder(big, 24, 24, 24, 24, cv2.BORDER_CONSTANT, value=255))

    assert [d.symbol for d in zxing_read(image("100687"))] == ["micro"]
    assert zxingcpp.read_barcodes(image("HELLO"))  # zxing-cpp reads it...
    assert zxing_read(image("HELLO")) == []  # ...but it is no number tag
