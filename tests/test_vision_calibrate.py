"""Calibration: module size and blur measured from a photo of tags."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from printables import payload
from printables.mats import CALIBRATION_FRAME_MM, calibration_markers
from testkit.synth import SceneSpec, render_mat_scene, render_scene
from vision.calibrate import (
    READABLE_PX_PER_MODULE,
    CameraReport,
    blur_in_modules,
    measure,
    neighbour_spill,
)
from vision.mats import MatSpec


def _effective_blur(lens: float) -> float:
    # the renderer's anti-aliasing (~0.45 px) and pixel integration (~0.29 px) add to the lens
    return math.sqrt(lens**2 + 0.45**2 + 0.29**2)


@pytest.mark.parametrize("lens", [0.8, 1.6])
def test_blur_and_module_size_are_measured(lens: float) -> None:
    spec = SceneSpec(width=960, height=540, tags=6, px_per_module=4.0, blur_sigma=lens, seed=1)
    report = measure(render_scene(spec).image)
    assert len(report.tags) == 6
    assert all(abs(t.px_per_module - 4.0) < 0.25 for t in report.tags)
    assert abs(report.blur_px - _effective_blur(lens)) < 0.25


def test_a_blurred_camera_needs_larger_modules() -> None:
    sharp = SceneSpec(width=960, height=540, tags=6, px_per_module=4.0, blur_sigma=0.6, seed=2)
    soft = SceneSpec(width=960, height=540, tags=6, px_per_module=4.0, blur_sigma=2.0, seed=2)
    assert measure(render_scene(sharp).image).min_px_per_module == READABLE_PX_PER_MODULE
    assert measure(render_scene(soft).image).min_px_per_module > 4.0


def test_spill_inverts_to_sigma() -> None:
    for sigma in (0.2, 0.4, 0.7):
        assert abs(blur_in_modules(neighbour_spill(sigma)) - sigma) < 0.01


def test_smallest_tag_in_millimetres() -> None:
    report = CameraReport((), 1.0, 2.5)
    # a 1080p webcam over a 100 cm wide table: 0.52 mm per pixel
    assert report.smallest_tag_mm(1000 / 1920) == pytest.approx(2.5 * 21 * 1000 / 1920)


def test_companion_calibrate_prints_the_camera_report(tmp_path: Path) -> None:
    spec = SceneSpec(width=960, height=540, tags=6, px_per_module=4.0, blur_sigma=0.8, seed=1)
    photo = tmp_path / "sheet.png"
    cv2.imwrite(str(photo), render_scene(spec).image)
    out = subprocess.run(
        [sys.executable, "-m", "cli", "calibrate", str(photo), "--mm-per-px", "0.5"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["tags"] == 6 and report["needs_px_per_module"] == 2.5
    assert report["smallest_tag_mm"] == pytest.approx(2.5 * 21 * 0.5, abs=0.1)


def test_companion_calibrate_refuses_a_photo_without_tags(tmp_path: Path) -> None:
    photo = tmp_path / "blank.png"
    cv2.imwrite(str(photo), np.full((100, 100, 3), 255, np.uint8))
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8 not really")
    for path, words in ((photo, "no version-1 tag and no marker"), (broken, "corrupt")):
        out = subprocess.run(
            [sys.executable, "-m", "cli", "calibrate", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert out.returncode == 2 and words in out.stderr


def test_calibration_sheet_gives_the_scale_and_the_smallest_tag() -> None:

    sheet = MatSpec(
        "calibration",
        CALIBRATION_FRAME_MM,
        {m.id: m.corners for m in calibration_markers()},
    )
    sizes = {20: (60.0, 80.0), 28: (140.0, 80.0), 40: (100.0, 170.0)}
    texts = {size: payload.encode(payload.CALIBRATION, f"T{size}") for size in sizes}
    scene = render_mat_scene(
        sheet,
        [(texts[size], spot, 0.0) for size, spot in sizes.items()],
        px_per_mm=3.0,
        tag_modules_mm={texts[size]: size / 21 for size in sizes},
    )
    report = measure(scene.image)
    assert report.sheet_tags_mm == (20, 28, 40)
    assert report.mm_per_px == pytest.approx(1 / 3, rel=0.05)
    # sharp camera: 2.5 px per module, 21 modules, 1/3 mm per pixel
    assert report.smallest_tag_mm(report.mm_per_px) == pytest.approx(17.5, rel=0.06)
