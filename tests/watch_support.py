"""Shared parts of the watch tests: Noah's table and camera, a scripted game followed view
by view."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

import cv2

from companion.watch.infer import Applied, Question, Sent
from companion.watch.loop import Watcher
from companion.watch.model import TableModel
from companion.watch.noah import NoahTable
from engines.core import State
from testkit.camera import MatCamera, Shot
from testkit.video import Script
from vision.types import U8Array


@cache
def noah_model() -> NoahTable:
    """Noah's table model, built once for the tests."""
    return NoahTable()


@cache
def noah_camera() -> MatCamera:
    """The camera over Noah's pentagon mat (the hand mats are for round-end photos)."""
    return MatCamera("noah", [m for m in noah_model().vision.mats if m.id == "pentagon"], Shot())


def follow_views(
    model: TableModel,
    script: Script,
    start: State | None = None,
    phone: Sequence[Sent] | None = None,
    answers: list[int] | None = None,
) -> Watcher:
    """A watcher shown the view after each change of ``script``; every change must apply.

    A question (several move sequences fit) is answered as the players would, with the
    candidate the script played; ``answers`` collects how many candidates each had.

    Args:
        model: The game's table model.
        script: The scripted game.
        start: The watcher's first state (the script's own by default).
        phone: The moves the phones send, each with its player (the script's hidden moves
            by default).
        answers: Where to count the questions; None when none may arise.
    """
    reaches = script.reaches(model)
    assert len(reaches) >= 20
    hidden = script.hidden(model) if phone is None else phone
    watcher = Watcher(model, script.start if start is None else start, list(hidden))
    for _, last in reaches:
        judged = watcher.judge(model.view(script.states[last]))
        assert judged is not None, last
        if isinstance(judged.result, Question) and answers is not None:
            done = len(watcher.moves)
            played = [
                i
                for i, c in enumerate(judged.result.candidates)
                if c == tuple(script.moves[done : done + len(c)])
            ]
            assert len(played) == 1, judged
            answers.append(len(judged.result.candidates))
            watcher.answer(played[0])
            continue
        assert isinstance(judged.result, Applied), judged
    return watcher


def same_game(watcher: Watcher, script: Script) -> None:
    """The watcher applied exactly the script's moves and reached its end."""
    assert [m.notation() for m in watcher.moves] == [m.notation() for m in script.moves]
    assert watcher.state.outcome() == script.states[-1].outcome()


def write_video(path: Path, frames: Iterable[U8Array], fps: int = 10) -> Path:
    """Record ``frames`` as a Motion-JPEG video at ``path`` (what a webcam recording holds)."""
    writer: cv2.VideoWriter | None = None
    for frame in frames:
        if writer is None:
            h, w = frame.shape[:2]
            writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), fps, (w, h))
        writer.write(frame)
    assert writer is not None, "a video needs at least one frame"
    writer.release()
    return path
