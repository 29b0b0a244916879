"""Reading a synthetic Noah photo with the real tags and the real pentagon mat."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from printables import payload
from testkit.synth import MatScene, render_mat_scene
from vision.assemble import RejectedPayload
from vision.games import game_vision
from vision.overlay import draw
from vision.pipeline import read_frame
from vision.types import FloatArray, U8Array

NOAH = game_vision("noah")
PENTAGON = NOAH.mats[0]


def _dock(n: int) -> tuple[FloatArray, FloatArray]:
    zone = next(z for z in PENTAGON.zones if z.id == f"pentagon.dock{n}")
    assert zone.order is not None
    return np.mean(zone.polygon, axis=0), np.array(zone.order)


def _on_dock(n: int, piece: str, outward_mm: float) -> tuple[str, tuple[float, float], float]:
    centre, out = _dock(n)
    x, y = centre + outward_mm * out
    angle = float(np.degrees(np.arctan2(out[0], -out[1])))  # cards face out of the pentagon
    return payload.encode("noah", piece), (float(x), float(y)), angle


# dock 0: a ferry with two animals fanned outward; dock 2: a ferry and a face-down card;
# dock 3: a ferry with an animal a hand covers
TABLE = [
    _on_dock(0, "GIRM1", 38.0),
    _on_dock(0, "FERRY1", -36.0),
    _on_dock(0, "LIOM1", 1.0),
    _on_dock(2, "FERRY2", -30.0),
    _on_dock(2, "BACK", 15.0),
    _on_dock(3, "FERRY3", -30.0),
    _on_dock(3, "MULM1", 15.0),
]


@cache
def _photo() -> MatScene:
    # a 4K phone photo of the 48 cm mat at 4.4 px/mm: 0.9 mm modules are 4 px
    return render_mat_scene(
        PENTAGON, TABLE, module_mm=0.9, px_per_mm=4.4, width=3840, height=2160, hands=[6]
    )


def test_noah_reading_equals_the_table_with_ferry_order() -> None:
    result = read_frame(_photo().image, NOAH)
    reading = result.reading
    assert reading.zones == {
        "pentagon.dock0": ("FERRY1", "LIOM1", "GIRM1"),
        "pentagon.dock2": ("FERRY2",),
        "pentagon.dock3": ("FERRY3",),
    }
    assert reading.backs == {"pentagon.dock2": 1}
    assert "MULM1" not in reading.pieces()  # covered: missing, not guessed
    assert reading.issues == ()
    assert [p.mat for p in result.poses] == ["pentagon"]


def test_tags_of_another_game_and_unknown_pieces_are_told_apart() -> None:
    niagara_tag = "NIX1" + payload.check_character("NIX1")
    with pytest.raises(RejectedPayload, match="not of noah") as foreign:
        NOAH.parse(niagara_tag)
    assert foreign.value.code == "vision.foreign_code"
    with pytest.raises(RejectedPayload) as unknown:
        NOAH.parse("NOZZZ" + payload.check_character("NOZZZ"))
    assert unknown.value.code == "vision.unknown_piece"
    assert NOAH.parse(payload.encode("noah", "BACK")).back


def test_companion_scan_prints_the_ferries_in_order_and_writes_the_overlay(tmp_path: Path) -> None:
    photo = tmp_path / "noah.jpg"
    cv2.imwrite(str(photo), _photo().image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    overlay = tmp_path / "overlay.png"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "cli",
            "scan",
            "noah",
            str(photo),
            "--overlay",
            str(overlay),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    reading = json.loads(out.stdout)
    assert reading["zones"]["pentagon.dock0"] == ["FERRY1", "LIOM1", "GIRM1"]
    drawn = cv2.imread(str(overlay))
    assert drawn is not None and drawn.shape == _photo().image.shape


def test_overlay_outlines_the_mat() -> None:
    result = read_frame(_photo().image, NOAH)
    out = draw(_photo().image, result.reading, result.poses)
    x, y = np.round(result.poses[0].outline[0]).astype(int)
    patch = out[y - 3 : y + 4, x - 3 : x + 4].reshape(-1, 3).astype(int)
    assert any(np.abs(patch - (220, 120, 30)).max(axis=1) < 40)


def test_companion_watch_prints_a_reading_per_change(tmp_path: Path) -> None:
    def frame(pieces: list[tuple[str, float]]) -> U8Array:
        table = [_on_dock(0, piece, at) for piece, at in pieces]
        return render_mat_scene(
            PENTAGON, table, module_mm=1.95, px_per_mm=2.05, width=1920, height=1080
        ).image

    before = frame([("FERRY1", -30.0), ("LIOM1", 28.0)])
    after = frame([("FERRY1", -30.0)])
    video = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 5, (1920, 1080))
    for image in [before] * 3 + [after] * 3:
        writer.write(image)
    writer.release()
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "cli",
            "watch",
            "noah",
            "--camera",
            str(video),
            "--window",
            "2",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    readings = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["zones"] for r in readings] == [
        {"pentagon.dock0": ["FERRY1", "LIOM1"]},
        {"pentagon.dock0": ["FERRY1"]},
    ]


def test_companion_watch_reports_a_missing_camera() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cli", "watch", "noah", "--camera", "57"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 2 and "cannot open camera 57" in out.stderr
