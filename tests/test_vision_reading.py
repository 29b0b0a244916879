"""Mats, placement, zones, issues, voting and overlay on a synthetic mat photo.

The payload grammar here is a stand-in for the printables' one (``NOAH`` +
piece id, ``NOAHBK`` for a card back): assembly takes the parser as an
argument and does not depend on the grammar.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import cv2
import numpy as np
import pytest

from testkit.synth import MatScene, render_mat_scene
from vision.assemble import ParsedTag, RejectedPayload, assemble, validate
from vision.detect import detect
from vision.mats import MatPose, MatSpec, Zone, locate_mats
from vision.overlay import GREEN, RED, draw
from vision.reading import InvalidReading, TableReading, Unread
from vision.types import Quad
from vision.voting import carry, vote

CATALOG = {"A1", "B2", "C3", "D4", "E5"}


def parse(text: str) -> ParsedTag:
    if not text.startswith("NOAH"):
        raise RejectedPayload("vision.foreign_code", f"{text!r} is not a noah tag")
    piece = text[4:]
    if piece == "BK":
        return ParsedTag("BACK", back=True)
    if piece not in CATALOG:
        raise RejectedPayload("vision.unknown_piece", f"noah has no piece {piece!r}")
    return ParsedTag(piece)


def _marker(x: float, y: float) -> Quad:
    return ((x, y), (x + 40, y), (x + 40, y + 40), (x, y + 40))


MAT = MatSpec(
    "pentagon",
    (420.0, 297.0),
    {0: _marker(5, 5), 1: _marker(375, 5), 2: _marker(375, 252), 3: _marker(5, 252)},
    zones=(
        Zone("ferry.1", ((60, 60), (230, 60), (230, 140), (60, 140)), order=(1.0, 0.0), capacity=3),
        Zone("dock.1", ((250, 60), (360, 60), (360, 240), (250, 240))),
    ),
)
# ferry cards placed right to left on purpose: the reading orders them left to right
TABLE = [
    ("NOAHC3", (200.0, 100.0), 3.0),
    ("NOAHA1", (90.0, 100.0), -4.0),
    ("NOAHB2", (145.0, 100.0), 0.0),
    ("NOAHD4", (300.0, 150.0), 30.0),
    ("NOAHBK", (300.0, 210.0), 0.0),
]


def _read(
    scene_tags: list[tuple[str, tuple[float, float], float]], **kw: Any
) -> tuple[MatScene, list[MatPose], TableReading]:
    scene = render_mat_scene(MAT, scene_tags, **kw)
    found = detect(scene.image)
    poses = locate_mats(scene.image, [MAT])
    reading = assemble(
        "noah",
        validate(found.detections, parse),
        poses,
        [MAT],
        unread=found.unread,
        size=(scene.image.shape[1], scene.image.shape[0]),
    )
    return scene, poses, reading


def test_reading_equals_ground_truth_with_order_and_backs() -> None:
    _, poses, reading = _read(TABLE)
    assert [p.mat for p in poses] == ["pentagon"] and poses[0].error_mm < 0.5
    assert reading.zones == {"dock.1": ("D4",), "ferry.1": ("A1", "B2", "C3")}
    assert reading.backs == {"dock.1": 1}
    assert reading.issues == ()
    placed = {p.piece: p for p in reading.placements}
    assert np.allclose(placed["A1"].mm, (90, 100), atol=1.0)
    assert abs((placed["D4"].angle - 30 + 180) % 360 - 180) < 3


def test_covered_piece_is_missing_not_guessed() -> None:
    _, _, reading = _read(TABLE, hands=[3])
    assert "D4" not in reading.pieces()
    assert reading.zones["ferry.1"] == ("A1", "B2", "C3")


def test_duplicate_foreign_and_outside_pieces_are_all_listed() -> None:
    messy = [
        *TABLE[:3],
        ("NOAHA1", (300.0, 100.0), 0.0),  # A1 again, on the dock
        ("https://example.com", (300.0, 200.0), 0.0),  # not a tag
        ("NOAHE5", (150.0, 230.0), 0.0),  # on the mat, in no zone
        ("NOAHZZ", (90.0, 200.0), 0.0),  # noah grammar, no such piece
    ]
    _, _, reading = _read(messy)
    codes = reading.issue_codes()
    assert {
        "vision.duplicate_piece",
        "vision.foreign_code",
        "vision.outside_zones",
        "vision.unknown_piece",
    } <= codes
    dup = next(i for i in reading.issues if i.code == "vision.duplicate_piece")
    assert dup.pieces == ("A1",) and len(dup.corners) == 2
    outside = next(i for i in reading.issues if i.code == "vision.outside_zones")
    assert outside.pieces == ("E5",)
    assert reading.foreign_codes == 1


def test_zone_over_capacity_is_an_impossible_count() -> None:
    crowded = [*TABLE[:3], ("NOAHE5", (120.0, 125.0), 0.0)]
    _, _, reading = _read(crowded, module_mm=1.0)
    issue = next(i for i in reading.issues if i.code == "vision.impossible_count")
    assert set(issue.pieces) == {"A1", "B2", "C3", "E5"}


def test_reading_json_round_trips_and_refuses_other_formats() -> None:
    _, _, reading = _read(TABLE)
    again = TableReading.from_json(reading.dumps())
    assert again.to_json() == reading.to_json()
    with pytest.raises(InvalidReading, match="format 99"):
        TableReading.from_json({**reading.to_json(), "format": 99})
    with pytest.raises(InvalidReading, match="not a table reading"):
        TableReading.from_json({"format": 1})


def test_vote_drops_a_flicker_and_keeps_a_piece_hidden_briefly() -> None:
    _, _, full = _read(TABLE)
    without_d4 = dataclasses.replace(
        full,
        zones={**full.zones, "dock.1": ()},
        placements=tuple(p for p in full.placements if p.piece != "D4"),
    )
    ghost = dataclasses.replace(
        full,
        placements=(*full.placements, dataclasses.replace(full.placements[0], piece="E5")),
    )
    frames = [full] * 6 + [without_d4] * 3 + [ghost]
    voted = vote(frames)
    assert voted.frames == 10
    assert voted.zones == full.zones and "E5" not in voted.pieces()
    assert voted.backs == {"dock.1": 1}
    with pytest.raises(ValueError, match="no readings"):
        vote([])


def test_a_symbol_not_read_stays_unless_a_piece_known_lies_there() -> None:
    """Voting keeps the last frame's symbols not read, but one lying on a piece another frame
    read; carrying a piece kept from before takes the symbol on it away too."""
    _, _, full = _read(TABLE)
    d4 = next(p for p in full.placements if p.piece == "D4")
    elsewhere = tuple((x + 500.0, y) for x, y in d4.corners)
    symbols = (Unread(d4.corners, d4.mat, d4.zone, d4.mm), Unread(elsewhere))  # type: ignore[arg-type]
    lost = dataclasses.replace(
        full,
        zones={**full.zones, "dock.1": ()},
        placements=tuple(p for p in full.placements if p.piece != "D4"),
        unread=symbols,
        unread_tags=2,
    )
    voted = vote([full, lost])
    assert "D4" in voted.pieces() and voted.unread == symbols[1:] and voted.unread_tags == 1
    kept = carry(lost, [d4], [])
    assert "D4" in kept.pieces() and kept.unread == symbols[1:] and kept.unread_tags == 1


def test_overlay_boxes_placed_green_and_rejected_red() -> None:
    messy = [*TABLE[:2], ("https://example.com", (300.0, 200.0), 0.0)]
    scene, poses, reading = _read(messy)
    out = draw(scene.image, reading, tuple(poses))
    assert out.shape == scene.image.shape and not np.array_equal(out, scene.image)
    for piece_corners, colour in (
        (reading.placements[0].corners, GREEN),
        (reading.issues[0].corners[0], RED),
    ):
        x, y = np.round(piece_corners[0]).astype(int)
        patch = out[y - 2 : y + 3, x - 2 : x + 3].reshape(-1, 3)
        assert any(np.abs(patch.astype(int) - colour).max(axis=1) < 40)


def test_a_picture_for_a_page_has_boxes_and_no_words() -> None:
    """``labels=False`` (the pictures pages show) draws the boxes and outlines alone: no id,
    code or mat name written beside them, where ``labels=True`` (the command line) does."""
    messy = [*TABLE[:2], ("https://example.com", (300.0, 200.0), 0.0)]
    scene, poses, reading = _read(messy)
    quads = [
        *(pose.outline for pose in poses),
        *(quad for issue in reading.issues for quad in issue.corners),
        *(p.corners for p in reading.placements),
    ]
    near = np.zeros(scene.image.shape[:2], np.uint8)
    for quad in quads:
        pts = np.round(np.asarray(quad, np.float64)).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(near, [pts], True, 255, 8)

    def changed_away_from_the_boxes(labels: bool) -> int:
        out = draw(scene.image, reading, tuple(poses), labels=labels)
        changed = np.abs(out.astype(int) - scene.image.astype(int)).max(axis=2) > 0
        return int((changed & (near == 0)).sum())

    assert changed_away_from_the_boxes(False) == 0
    assert changed_away_from_the_boxes(True) > 100  # the words above the boxes


def test_every_issue_code_has_an_overlay_label() -> None:
    from vision.overlay import LABELS
    from vision.reading import ISSUE_CODES

    assert set(LABELS) == set(ISSUE_CODES)
