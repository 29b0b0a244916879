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
import pytest
import zxingcpp

from bench.micro_qr import frame, micro_matrix
from engines.noah import catalog
from printables import payload
from testkit.number_tags import number_tag_strip
from testkit.table_photo import Camera, optics
from vision.config import DEFAULT
from vision.decoders import Detection, zxing_read
from vision.detect import detect, to_grey
from vision.games import number_tags
from vision.micro import read_marks


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


BOOK = number_tags()


def test_a_number_tag_past_every_decoder_is_read_against_the_codebook() -> None:
    texts = [payload.encode_number("noah", p) for p in payload.numbers("noah")[:12]]
    read = misread = 0
    for seed in range(2):
        # 1.8 px a module under blur 1.5: no decoder reads one (bench.codebook)
        grey, boxes = number_tag_strip(texts, 1.8, seed)
        assert not detect(grey).detections
        for i, d in read_marks(grey, boxes, BOOK, DEFAULT):
            if d.text == texts[i]:
                read += 1
                assert _side(d) == pytest.approx(13 * 1.8, rel=0.1)  # its corners as printed
            else:
                misread += 1
    assert misread == 0
    assert read >= 0.9 * 2 * len(texts)


def _side(d: Detection) -> float:
    corners = np.asarray(d.corners)
    return float(np.mean(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1)))


def test_the_codebook_reads_what_it_holds_and_nothing_else() -> None:
    # another game's tags are read as that game's (and refused as foreign pieces later)
    ark = [payload.encode_number("ark_nova", p) for p in payload.numbers("ark_nova")[:8]]
    grey, boxes = number_tag_strip(ark, 2.0, 3)
    assert {d.text for _, d in read_marks(grey, boxes, BOOK, DEFAULT)} <= set(ark)
    assert len(read_marks(grey, boxes, BOOK, DEFAULT)) >= 7
    # symbols shaped as number tags that no game prints (game digits 6-9) read as nothing
    foreign = [
        f"{d}{n:03d}" + payload.mod97_checks(f"{d}{n:03d}") for d in (6, 9) for n in (1, 7, 42, 512)
    ]
    for module_px in (1.6, 2.0, 2.5):
        grey, boxes = number_tag_strip(foreign, module_px, 5)
        assert read_marks(grey, boxes, BOOK, DEFAULT) == []
    # nor does texture
    rng = np.random.default_rng(4)
    noise = cv2.resize(rng.uniform(0, 255, (60, 400)).astype(np.float32), (1600, 240))
    texture = to_grey(optics(cv2.GaussianBlur(noise, (0, 0), 1.0), Camera(), rng))
    squares = [(40.0 + 150 * k, 60.0, 40.0 + 150 * k + 40, 100.0) for k in range(10)]
    assert read_marks(texture, squares, BOOK, DEFAULT) == []
