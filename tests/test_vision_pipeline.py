"""The orchestrator: a frame to a reading, a stream of frames to voted readings."""

from __future__ import annotations

from testkit.synth import render_mat_scene
from tests.test_vision_reading import MAT, TABLE, parse
from vision.capture import Frame
from vision.pipeline import GameVision, read_frame, watch

GAME = GameVision("noah", parse, (MAT,))


def test_read_frame_places_every_piece() -> None:
    scene = render_mat_scene(MAT, TABLE)
    result = read_frame(scene.image, GAME)
    assert result.reading.zones == {"dock.1": ("D4",), "ferry.1": ("A1", "B2", "C3")}
    assert [p.mat for p in result.poses] == ["pentagon"]
    assert len(result.detected.detections) == len(TABLE)


def test_watch_reports_once_per_change_and_ignores_a_passing_hand() -> None:
    still = render_mat_scene(MAT, TABLE).image
    hand = render_mat_scene(MAT, TABLE, hands=[0]).image
    moved_table = [TABLE[1], TABLE[2], ("NOAHC3", (300.0, 100.0), 0.0), *TABLE[3:]]
    moved = render_mat_scene(MAT, moved_table).image
    images = [still] * 3 + [hand] + [still] * 2 + [moved] * 4
    frames = [Frame(img, "test", i) for i, img in enumerate(images)]
    readings = list(watch(frames, GAME, window=4))
    assert [r.zones for r in readings] == [
        {"dock.1": ("D4",), "ferry.1": ("A1", "B2", "C3")},
        {"dock.1": ("C3", "D4"), "ferry.1": ("A1", "B2")},
    ]
    assert all(r.frames == 4 for r in readings)
