"""The live loop of the app: a camera follows one table while the app serves it.

``companion serve --camera SRC`` gives the app a :class:`Camera` (a camera
index, a stream URL or a video file). The host of a table starts following
it (or ``--table ID`` does at start); a background thread then captures
frames, waits for a still view (hands over the table are ignored), reads and
infers with :class:`companion.watch.loop.Watcher`, and applies what it
inferred to the table's event log through :meth:`TableStore.submit`, the
same path and version check as a phone's move, as the player to move (or the
host for a chance outcome the table shows). A move a phone or the host made
meanwhile is picked up before the next view is judged.

What the loop concluded last is kept for the pages (:meth:`LiveTable.status`):
the move applied, the engine's code and reason of an illegal move (the table
stays at its last legal state until the piece is taken back), the candidate
moves of an ambiguous change (a question the players answer with
:meth:`LiveTable.answer`), or what does not add up. The host page shows the
live picture (:meth:`LiveTable.jpeg`: tags boxed, the last change written on
top), and scores the latest still view (:meth:`LiveTable.still`) as a photo of
the end of the game (``companion.photo_score``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import cv2

from companion.registry import table_model, watched
from companion.sessions import HOST, Conflict, SessionError, Table, TableStore
from companion.watch.infer import Applied, Inference, Question
from companion.watch.loop import Watcher, headline, picture
from engines.core import CHANCE, EngineError, Move
from vision.capture import CaptureError, VideoSource
from vision.games import warm
from vision.mats import MatPose
from vision.reading import TableReading
from vision.types import U8Array

JPEG_QUALITY = 70
"""Quality of the live picture: a 1080p overlay in about 150 kB."""


class LiveError(SessionError):
    """The live loop cannot do what was asked (no camera, another table followed, no question)."""

    status = 409


@dataclass(frozen=True)
class Camera:
    """The camera the app was started with.

    Attributes:
        source: Camera index, stream URL or video file path.
        resolution: Camera mode to ask for (``1080p``...), or None.
        window: Readings voted per still view.
    """

    source: int | str
    resolution: str | None = None
    window: int = 1

    @staticmethod
    def parse(text: str, *, resolution: str | None = None, window: int = 1) -> Camera:
        """A camera from the command line's ``--camera`` (a digit string is an index)."""
        return Camera(int(text) if text.isdigit() else text, resolution, window)


@dataclass(frozen=True)
class Conclusion:
    """One thing the loop concluded, as the pages show it.

    Attributes:
        seq: Its number, from 1 (pages reload when it moves on).
        result: The inference.
        version: The table's log version it was judged against.
    """

    seq: int
    result: Inference
    version: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "version": self.version,
            "headline": headline(self.result),
            **self.result.to_json(),
        }


class LiveTable:
    """The camera following one table, in a background thread."""

    def __init__(
        self,
        store: TableStore,
        table_id: str,
        camera: Camera,
        told: Callable[[Conclusion], None] | None = None,
    ) -> None:
        """Open the camera and start following; ``told`` hears each conclusion, in order.

        Raises:
            TableNotFound: no such table.
            LiveError: the table's game is not watched, or the camera cannot be opened.
        """
        table = store.load(table_id)
        if table.game not in watched():
            raise LiveError(
                f"the camera cannot follow {table.game} yet",
                code="table.camera_cannot_follow",
                params={"game": table.game},
            )
        try:
            self._source = VideoSource(camera.source, resolution=camera.resolution)
        except CaptureError as exc:
            raise LiveError(str(exc), code="table.camera_failed") from exc
        self.store = store
        self.table_id = table_id
        self.game = table.game
        self.camera = camera
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._watcher = Watcher(table_model(table.game), table.state, window=camera.window)
        self._version = table.version
        self._frame: U8Array | None = None
        self._still: U8Array | None = None
        self._reading: TableReading | None = None
        self._poses: tuple[MatPose, ...] = ()
        self._last: Conclusion | None = None
        self._question: Conclusion | None = None
        self._seq = 0
        self.frames = 0
        self.error: str | None = None
        self.ended = False
        self._jpeg: tuple[int, bytes] | None = None
        self._told = told
        self._thread = threading.Thread(target=self._run, name=f"live-{table_id}", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ the loop

    def _run(self) -> None:
        warm()  # the tags' codebook drawn before the first frame, not on it (about 0.2 s)
        try:
            while not self._stop.is_set():
                frame = self._source.read()
                if frame is None:
                    break
                self._step(frame.image)
        except CaptureError as exc:
            self.error = str(exc)
        finally:
            self._source.close()
            self.ended = True

    def _step(self, image: U8Array) -> None:
        self._sync()
        reads = self._watcher.reads
        judged = self._watcher.feed(image)
        with self._lock:
            self._frame = image
            if self._watcher.reads > reads:  # read: the view had been still long enough
                self._still = image
            self._reading = self._watcher.last_reading
            self._poses = self._watcher.last_poses
            self.frames += 1
        if judged is None:
            return
        result = judged.result
        if isinstance(result, Applied) and result.moves:
            self._apply(result.moves)
        with self._lock:
            self._seq += 1
            self._last = Conclusion(self._seq, result, self._version)
            self._question = self._last if isinstance(result, Question) else None
        if self._told is not None:
            self._told(self._last)

    def _sync(self) -> None:
        """Take the table as the log has it when a phone or the host moved meanwhile."""
        version = self.store.version(self.table_id)
        if version == self._version:
            return
        table = self.store.load(self.table_id)
        self._reset(table)

    def _reset(self, table: Table) -> None:
        self._watcher.state = table.state
        self._watcher.judged.clear()  # a view not explained before may be now
        with self._lock:
            self._version = table.version
            if self._question is not None and self._question.version != table.version:
                self._question = None

    def _apply(self, moves: tuple[Move, ...]) -> Table:
        """Submit ``moves`` to the log as a phone would; the table after them.

        Chance outcomes the seed picks are left out: the log resolves them itself. A chance
        the table supplies even in a seeded game (the Hare's stream tiles laid) is submitted,
        as the host, like an outcome of a table game without seed.
        Refused submissions (the table moved on) leave the table as the log has it.
        The loop's thread takes the new table before its next frame (:meth:`_sync`),
        so a page's thread answering a question never touches the watcher.
        """
        table = self.store.load(self.table_id)
        state = table.state
        for move in moves:
            before, state = state, state.apply(move)
            if before.to_move == CHANCE and before.chance_move() is not None:
                continue
            actor = HOST if before.to_move == CHANCE else str(before.mover_of(move))
            try:
                table = self.store.submit(
                    self.table_id, move.to_json(), actor=actor, version=table.version
                )
            except (Conflict, EngineError):
                table = self.store.load(self.table_id)
                break
        return table

    # ------------------------------------------------------------------ the pages

    def answer(self, choice: int, version: int) -> Table:
        """Apply the candidate the players tapped for the waiting question.

        Raises:
            LiveError: no question is waiting, or it has no such candidate.
            Conflict: the table moved on since the page showed the question.
        """
        with self._lock:
            question = self._question
        if question is None or not isinstance(question.result, Question):
            raise LiveError(
                "no question from the camera is waiting for an answer", code="table.no_question"
            )
        candidates = question.result.candidates
        if not 0 <= choice < len(candidates):
            raise LiveError(
                f"the question has candidates 1 to {len(candidates)}",
                code="table.no_such_candidate",
                params={"count": len(candidates)},
            )
        if version != question.version or version != self.store.version(self.table_id):
            raise Conflict("the table changed since the question was asked; look again")
        with self._lock:
            self._question = None
        return self._apply(candidates[choice])

    def status(self) -> dict[str, Any]:
        """What the pages show: frames seen, the last conclusion, the waiting question."""
        with self._lock:
            last, question = self._last, self._question
            frames = self.frames
        return {
            "table": self.table_id,
            "frames": frames,
            "reads": self._watcher.reads,
            "running": not self.ended,
            "error": self.error,
            "last": last.to_json() if last is not None else None,
            "question": question.to_json() if question is not None else None,
        }

    def still(self) -> U8Array | None:
        """The latest frame of a still view of the table (hands off it); None before one.

        The loop reads a view once it has been still for a few frames, so this is the
        frame of the table as it was last read, the one a photo score of the table uses.
        """
        with self._lock:
            return self._still

    def jpeg(self) -> bytes | None:
        """The live picture as JPEG (tags boxed, the last change on top); None before a frame."""
        with self._lock:
            frame, reading, last, count = self._frame, self._reading, self._last, self.frames
            poses = self._poses
            cached = self._jpeg
        if frame is None:
            return None
        if cached is not None and cached[0] == count:
            return cached[1]
        result = last.result if last is not None else None
        shown = picture(frame, reading, result, poses, self._watcher.model.vision, labels=False)
        ok, data = cv2.imencode(".jpg", shown, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        assert ok, "OpenCV encodes any BGR image as JPEG"
        with self._lock:
            self._jpeg = (count, data.tobytes())
        return data.tobytes()

    # ------------------------------------------------------------------ lifetime

    def stop(self, timeout: float = 5.0) -> None:
        """Stop following and wait for the thread."""
        self._stop.set()
        self._thread.join(timeout)

    def wait(self, timeout: float) -> bool:
        """Wait until a video file ends (or the loop stops); True when it did."""
        self._thread.join(timeout)
        return not self._thread.is_alive()


class Live:
    """The app's camera and the table it follows (one camera, one table at a time)."""

    def __init__(self, store: TableStore, camera: Camera | None) -> None:
        self.store = store
        self.camera = camera
        self._lock = threading.Lock()
        self._table: LiveTable | None = None

    def follow(self, table_id: str) -> LiveTable:
        """Start following ``table_id`` (stopping a finished loop of another table).

        Raises:
            LiveError: no camera, or the camera follows another table still.
        """
        if self.camera is None:
            raise LiveError(
                "the companion was started without a camera (serve --camera)",
                code="table.no_camera",
            )
        with self._lock:
            current = self._table
            if current is not None and not current.ended:
                if current.table_id == table_id:
                    return current
                raise LiveError(
                    "the camera is following another table; stop it there first",
                    code="table.camera_elsewhere",
                )
            self._table = LiveTable(self.store, table_id, self.camera)
            return self._table

    def busy(self) -> bool:
        """Whether the camera is following a table now."""
        current = self._table
        return current is not None and not current.ended

    def of(self, table_id: str) -> LiveTable | None:
        """The loop following ``table_id``, if any."""
        current = self._table
        return current if current is not None and current.table_id == table_id else None

    def stop(self) -> None:
        """Stop the loop (the server is stopping, or the host said so)."""
        with self._lock:
            if self._table is not None:
                self._table.stop()
