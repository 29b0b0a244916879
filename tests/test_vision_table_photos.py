"""Table photos rendered from the real printed PDF: the small version of ``bench.table_photos``.

Noah's set is printed (``--what all``), rasterized by poppler and photographed by a pinhole
camera from a chair (4K, 45 degrees) and from above (1080p): every piece read is the right
piece in the right zone, no piece is false, and no piece is missed in silence (every tag
not read is listed on its zone). An empty table gives no unread symbol at all. With the
calibration sheet at the far edge of the table, ``companion calibrate`` answers with the
tag size to print, and the sheet's tags of about that size are read there.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from bench.table_photos import PRINTED, photo, read_pipeline, read_zxing, scene
from companion.watch.loop import picture
from printables import payload
from printables.settings import Settings
from testkit.printed import PrintedSet, printed_set
from testkit.table_photo import TablePhoto, camera, lay_out, photograph
from testkit.tags import PlacedTag
from vision.calibrate import SHEET
from vision.games import game_vision
from vision.overlay import (
    NUMBER_TAG_PX_PER_MODULE,
    READABLE,
    UNREADABLE,
    ZoneSight,
    tag_mm_read,
    zone_sights,
)
from vision.pipeline import FrameResult, GameVision, read_frame


@cache
def _noah(cache_dir: str) -> PrintedSet:
    return printed_set("noah", PRINTED["noah"], dpi=150, cache=Path(cache_dir))


@pytest.fixture(scope="module")
def noah(tmp_path_factory: pytest.TempPathFactory) -> PrintedSet:
    return _noah(str(tmp_path_factory.mktemp("printed")))


def test_the_printed_set_holds_every_mat_and_every_piece_tag(noah: PrintedSet) -> None:
    assert set(noah.mats) == {m.id for m in game_vision("noah").mats} | {"calibration"}
    made = scene("noah")
    pieces = {t.piece for t in made.tags(len(made.script.moves))}
    assert pieces <= set(noah.texts)
    assert all(payload.is_number_tag(noah.texts[p]) for p in pieces)  # Micro QR on pieces


def test_a_seated_4k_photo_is_read_right_and_misses_nothing_in_silence(noah: PrintedSet) -> None:
    shot = photo("noah", camera("4k", 45), noah)
    ours, alone = read_pipeline(shot, "noah"), read_zxing(shot, "noah")
    assert ours.pieces == len(shot.tags) == 23
    assert ours.false == 0 and ours.silent == 0
    assert ours.right_zone == ours.read >= alone.read
    assert ours.read >= 22  # measured 23 of 23 at 3.4 to 6.0 px a module (Micro QR M2)
    reading = read_frame(shot.image, game_vision("noah")).reading
    mat_tags = {m.tag for m in game_vision("noah").mats}
    assert not {p.piece for p in reading.placements} & mat_tags  # the mat's tag is no piece
    read = {p.piece for p in reading.placements}
    for truth in shot.tags:
        if truth.piece not in read:
            assert reading.unread_in(truth.zone or "") >= 1, truth


def test_tags_too_small_to_read_are_each_reported_on_their_zone(noah: PrintedSet) -> None:
    # 1.7 px a module at the far docks, under a lens blur of 3 px: some tags past reading
    shot = photo("noah", camera("1080p", 45, blur_sigma=3.0), noah)
    ours = read_pipeline(shot, "noah")
    assert ours.false == 0 and ours.silent == 0
    reading = read_frame(shot.image, game_vision("noah")).reading
    assert "vision.unreadable_tag" in reading.issue_codes()
    zones = {t.zone for t in shot.tags if t.zone}
    assert {u.zone for u in reading.unread} >= zones - {p.zone for p in reading.placements}


def test_an_empty_table_shows_no_unread_symbol(noah: PrintedSet) -> None:
    made = scene("noah")
    table = lay_out(made.model.vision.mats, made.camera.rows)
    for cam in (camera("1080p", 0), camera("4k", 55)):
        reading = read_frame(photograph(noah, table, [], cam).image, game_vision("noah")).reading
        assert reading.mats == ("pentagon",)
        assert reading.unread == () and reading.placements == (), cam


def _calibrate(noah: PrintedSet, res: str, tilt: float, tmp: Path) -> dict[str, object]:
    made = scene("noah")
    table = lay_out([*made.model.vision.mats, SHEET], [["calibration"], ["pentagon"]])
    path = tmp / f"sheet-{res}.png"
    cv2.imwrite(str(path), photograph(noah, table, [], camera(res, tilt)).image)
    out = subprocess.run(
        [sys.executable, "-m", "cli", "calibrate", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    report: dict[str, object] = json.loads(out.stdout)
    return report


def test_calibrate_answers_with_a_tag_size_with_the_sheet_at_the_far_edge(
    noah: PrintedSet, tmp_path: Path
) -> None:
    report = _calibrate(noah, "1080p", 45, tmp_path)
    view = report["view"]
    assert isinstance(view, dict)
    assert view["blur_px"] == pytest.approx(1.5, abs=0.25)  # the camera's lens blur
    assert view["far_px_per_mm"] < view["near_px_per_mm"] / 2  # 45 degrees from a chair
    # 1.8 px a module of a 13-module Micro QR tag (what the codebook reads under blur 1.5)
    # at the far edge's 0.55 px per mm: a tag a card carries
    tag = view["print_tag_mm"]
    assert isinstance(tag, float) and 38 <= tag <= 48
    assert view["advice"].startswith(f"print tags of {tag:g} mm")
    # Noah's cards printed at that size, laid on the mat where the sheet lay: every card read
    printed = printed_set("noah", {"card": tag}, dpi=150, cache=tmp_path / "printed")
    made = scene("noah")
    table = lay_out([*made.model.vision.mats, SHEET], [["pentagon"], ["calibration"]])
    cards: list[PlacedTag] = []
    for t in made.tags(len(made.script.moves)):
        if t.piece != "NOAH" and all(math.dist(t.mm, c.mm) > 1.6 * tag for c in cards):
            cards.append(t)
    shot = photograph(printed, table, cards, camera("1080p", 45))
    assert len(cards) >= 4 and all(t.in_frame for t in shot.tags)
    ours = read_pipeline(shot, "noah")
    assert ours.read == ours.right_zone == len(cards) and ours.false == 0
    seated = _calibrate(noah, "4k", 45, tmp_path)
    view = seated["view"]
    assert isinstance(view, dict) and 15 <= view["print_tag_mm"] <= 28


def _sights(shot: TablePhoto, vision: GameVision) -> tuple[FrameResult, list[ZoneSight]]:
    result = read_frame(shot.image, vision)
    tag_mm = tag_mm_read(result.reading, result.poses)
    # under a lens blur of 3 px (1.5 modules) the codebook's grid fits read an edge up to 7%
    # short; under 1.5 px within 0.7 mm
    assert tag_mm is not None
    assert tag_mm == pytest.approx(Settings.for_game("noah").tag_mm["card"], abs=1.5)
    h, w = shot.image.shape[:2]
    sights = zone_sights(
        result.reading, result.poses, vision.mats, tag_mm, (w, h), vision.tag_modules
    )
    return result, sights


def _tint(shot: TablePhoto, result: FrameResult, vision: GameVision, sight: ZoneSight) -> int:
    """+1 where the live picture tints the zone green, -1 where red."""
    h, w = shot.image.shape[:2]
    shown = picture(shot.image, result.reading, None, result.poses, vision)
    inside = np.zeros((h, w), np.uint8)
    cv2.fillPoly(inside, [np.round(np.asarray(sight.outline)).astype(np.int32)], 255)
    before = cv2.mean(shot.image, inside)[:3]
    after = cv2.mean(shown, inside)[:3]
    return 1 if after[1] - before[1] > after[2] - before[2] else -1


def test_the_live_view_tints_each_zone_by_whether_its_tags_can_be_read(noah: PrintedSet) -> None:
    vision = game_vision("noah")
    zones = {z.id for m in vision.mats if m.id == "pentagon" for z in m.zones}  # the mat in view
    seated = photo("noah", camera("4k", 45), noah)  # every tag read (tag size measured)
    result, sights = _sights(seated, vision)
    assert {s.zone for s in sights} == zones
    readable = [s for s in sights if s.state == READABLE]
    assert readable and all(s.px_per_module >= NUMBER_TAG_PX_PER_MODULE[1] for s in readable)
    assert _tint(seated, result, vision, readable[0]) == 1  # green
    shot = photo("noah", camera("1080p", 45, blur_sigma=3.0), noah)  # some tags are missed
    result, sights = _sights(shot, vision)
    read = {p.piece for p in result.reading.placements}
    missed = {t.zone for t in shot.tags if t.piece not in read}
    assert missed and all(s.state == UNREADABLE for s in sights if s.zone in missed)
    assert _tint(shot, result, vision, next(s for s in sights if s.zone in missed)) == -1  # red
    top = photo("noah", camera("1080p", 45, blur_sigma=5.0), noah)  # nothing reads
    result = read_frame(top.image, vision)
    assert tag_mm_read(result.reading, result.poses) is None
    h, w = top.image.shape[:2]
    sights = zone_sights(
        result.reading, result.poses, vision.mats, vision.tag_mm, (w, h), vision.tag_modules
    )
    assert {s.zone for s in sights} == zones and {s.state for s in sights} == {UNREADABLE}
