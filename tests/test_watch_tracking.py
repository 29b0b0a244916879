"""Tracking over frames: a piece read once stays known, and a watcher that loses sight of a
piece gets back in step.

- Voting a still table (``vision.voting.vote``): a piece read in one frame of six stays
  while no other piece is read where it lay.
- A filmed Noah game whose Noah token cannot be read for several moves in a row (its tag
  blurred past reading wherever it stands) is followed move for move: where the token was
  read before and has not moved, its place is unchanged and it stays known; where it moved
  to a dock the camera sees only as a symbol it cannot read, the one move sequence whose
  table has every piece seen and the token on that symbol is applied, no wrong move.
"""

from __future__ import annotations

import dataclasses
from functools import cache

import cv2
import numpy as np
import pytest

from companion.watch.infer import Applied, Mismatch
from companion.watch.loop import Watcher
from companion.watch.noah import NOAH
from engines import noah
from testkit.scenes.noah import script_tags
from testkit.tags import PlacedTag
from testkit.video import Script, film, play
from tests.watch_support import noah_camera as camera
from tests.watch_support import noah_model as model
from vision.pipeline import read_frame
from vision.voting import vote


@cache
def script() -> Script:
    return play(noah.new_game(["Ann", "Ben"], seed=11), 60, seed=11)


def test_a_still_table_read_over_frames_keeps_a_piece_read_once() -> None:
    s = script()
    tags = script_tags(s.start, s.moves)[-1]
    full = read_frame(camera().frame(tags), model().vision).reading
    piece = next(p.piece for p in full.placements if p.piece != "NOAH")
    zone = next(z for z, ps in full.zones.items() if piece in ps)
    without = dataclasses.replace(
        full,
        zones={**full.zones, zone: tuple(p for p in full.zones[zone] if p != piece)},
        placements=tuple(p for p in full.placements if p.piece != piece),
    )
    voted = vote([without, without, full, without, without, without])
    assert piece in voted.zones[zone] and voted.zones == full.zones


def _blurred(frame: np.ndarray, outline: np.ndarray) -> np.ndarray:
    """The frame with one tag blurred past reading (a glare, a finger's shadow)."""
    out = frame.copy()
    x0, y0 = np.floor(outline.min(axis=0)).astype(int)
    x1, y1 = np.ceil(outline.max(axis=0)).astype(int)
    out[y0:y1, x0:x1] = cv2.GaussianBlur(out[y0:y1, x0:x1], (0, 0), 2.5)
    return out


def test_a_watcher_that_misses_a_piece_for_a_few_views_gets_back_in_step() -> None:
    s = script()
    t = model()
    reaches = s.reaches(t)
    every = script_tags(s.start, s.moves)
    stills = [0, *(last + 1 for _, last in reaches)]
    lost = set(stills[4:10])  # six still views in a row: Noah's token not readable
    cam = camera()

    def frames() -> list[np.ndarray]:
        out = []
        for k, index in enumerate(stills):
            for frame in film(cam, every.__getitem__, [index], hands=0, still=3, seed=k):
                token: PlacedTag | None = next((g for g in every[index] if g.piece == NOAH), None)
                if index in lost and token is not None:
                    frame = _blurred(frame, cam.outline(token))
                out.append(frame)
                out.append(frame)
            out.append(np.zeros_like(out[-1]))  # a hand over the whole table between views
        return out

    watcher = Watcher(t, s.start, list(s.hidden(t)))
    judged = watcher.follow(frames())
    assert not any(isinstance(j.result, Mismatch) for j in judged)
    assert all(isinstance(j.result, Applied) for j in judged)
    assert tuple(watcher.moves) == s.moves[: len(watcher.moves)]
    assert watcher.state == s.states[len(watcher.moves) - 1]
    assert len(watcher.moves) >= stills[-1] - 2  # every visible move, the phones' ones too


def test_a_piece_read_once_stays_known_when_the_exposure_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The camera's exposure (or the room's light) changes between two views of a still
    table, and the second reading lacks Noah's token (a tag at the edge of reading, lost to
    the sensor's noise): its place looks the same, only darker, so the token stays where it
    was read. Where another card lies on its place, it does not."""
    s = script()
    every = script_tags(s.start, s.moves)
    index = next(i for i in range(10, len(s.moves)) if any(g.piece == NOAH for g in every[i]))
    tags = every[index]
    cam = camera()
    first = cam.frame(tags)
    darker = np.clip(first.astype(np.float32) * 0.8 + 6, 0, 255).astype(np.uint8)
    full = read_frame(first, model().vision)
    token = next(p for p in full.reading.placements if p.piece == NOAH)
    lost = dataclasses.replace(
        full,
        reading=dataclasses.replace(
            full.reading,
            placements=tuple(p for p in full.reading.placements if p.piece != NOAH),
            zones={z: tuple(p for p in ps if p != NOAH) for z, ps in full.reading.zones.items()},
        ),
    )
    results = iter([full, lost, lost])
    monkeypatch.setattr("companion.watch.loop.read_frame", lambda image, vision: next(results))
    watcher = Watcher(model(), s.states[index - 1] if index else s.start)
    for frame in (first, first, first, np.zeros_like(first), darker, darker, darker):
        watcher.feed(frame)
    assert watcher.reads == 2
    assert watcher.last_reading is not None and NOAH in watcher.last_reading.pieces()
    covered = darker.copy()
    x0, y0 = np.floor(np.min(token.corners, axis=0)).astype(int)
    x1, y1 = np.ceil(np.max(token.corners, axis=0)).astype(int)
    covered[y0:y1, x0:x1] = cv2.flip(covered[y0:y1, x0:x1], 1)  # another tag over its place
    for frame in (np.zeros_like(first), covered, covered, covered):
        watcher.feed(frame)
    assert watcher.reads == 3
    assert watcher.last_reading is not None and NOAH not in watcher.last_reading.pieces()
