"""The watching loop: wait for a still view, read it, vote, infer the move, keep the state.

Hands over the table are ignored until the view is still: each frame is
compared with the one before at an eighth of its size, and only after
``still_frames`` frames in a row differ nowhere by more than ``still_level`` does the
loop read the table (at most ``window`` readings per still spell, voted into
one). A still table is read ``window`` times, not once a frame, so the loop
spends its time where the table changed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.watch.infer import (
    Applied,
    Inference,
    Mismatch,
    Question,
    Refused,
    Sent,
    Underway,
    infer,
    settle,
)
from companion.watch.model import TableModel, View
from engines.core import Move, State
from vision.mats import MatPose
from vision.overlay import ZoneSight, draw, tag_mm_read, tint_zones, zone_sights
from vision.pipeline import GameVision, read_frame
from vision.reading import Placement, TableReading
from vision.types import U8Array
from vision.voting import carry, vote

TRACK_CORRELATION = 0.98
"""Smallest correlation (Pearson's, over the pixels) between a tag's patch when it was read
and now at which its place counts as unchanged, so a piece read once stays known while the
camera cannot read it again. A correlation, not a grey difference: a webcam's exposure and
the room's light shift a patch's grey levels between views of a still table (by 7-10 grey
levels at the median, up to 36, on ``bench.followed_photos``' 1080p photos, whose light
changes between photos) while its correlation stays above 0.995 (sensor noise sigma 3,
JPEG 80); another piece, or the same tile moved, in its place correlates at most 0.94 on
the same photos (two Micro QR tags share their finder and timing patterns and the paper
around them)."""

STILL_LEVEL = 12.0
"""Largest grey difference (0-255) between two eighth-size frames at which the view
still counts as still: at that size a pixel averages 64, so sensor noise of sigma 3
moves it by under 1, while a hand over a single 25 mm card (a block of 8 x 8 small
pixels on a 1080p frame of a 1 m table) changes it by 50 or more."""


@dataclass(frozen=True)
class Judged:
    """What the loop concluded from one still view.

    Attributes:
        view: The view read from the table.
        result: The inference on it.
        frame: Index of the frame that completed the reading.
    """

    view: View
    result: Inference
    frame: int


@dataclass
class Watcher:
    """Follows one game on the table, frame by frame.

    Attributes:
        model: The game's table model.
        state: The last legal state.
        pending: Moves the phones sent that the table cannot show, oldest first, each
            with its player.
        still_frames: Still frames in a row before the view is read.
        window: Readings voted per still spell.
        still_level: See :data:`STILL_LEVEL`.
        moves: Every move applied so far (inferred and settled), in order.
        judged: Every conclusion, in order.
        reads: How many frames were read (the costly step).
        last_reading: The last reading, for the overlay.
        last_poses: The mats found in the frame of the last reading, for the overlay.
    """

    model: TableModel
    state: State
    pending: list[Sent] = field(default_factory=list)
    still_frames: int = 2
    window: int = 1
    still_level: float = STILL_LEVEL
    moves: list[Move] = field(default_factory=list)
    judged: list[Judged] = field(default_factory=list)
    reads: int = 0
    last_reading: TableReading | None = None
    last_poses: tuple[MatPose, ...] = ()

    def __post_init__(self) -> None:
        self._small: np.ndarray | None = None
        self._still = 0
        self._reads: list[TableReading] = []
        self._frame = -1
        self._seen: dict[str, tuple[Placement, U8Array]] = {}
        self._settle()

    def _settle(self) -> None:
        self.state, done, used = settle(self.model, self.state, self.pending)
        del self.pending[:used]
        self.moves.extend(done)

    def send(self, *sent: Sent) -> None:
        """Moves the phones sent as they arrive (the table cannot show them): each is applied
        once the game reaches it, its player to move."""
        self.pending.extend(sent)
        self._settle()

    def is_still(self, image: U8Array) -> bool:
        """Record a frame; True once the view has been still long enough to read."""
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        h, w = grey.shape
        small = cv2.resize(grey, (max(w // 8, 1), max(h // 8, 1)), interpolation=cv2.INTER_AREA)
        small = small.astype(np.float32)
        moving = self._small is None or float(np.max(np.abs(small - self._small))) > (
            self.still_level
        )
        self._small = small
        if moving:
            self._still = 0
            self._reads = []
            return False
        self._still += 1
        return self._still >= self.still_frames

    def feed(self, image: U8Array) -> Judged | None:
        """Take one frame; the conclusion when this frame completed a reading of a new view."""
        self._frame += 1
        if not self.is_still(image) or len(self._reads) >= self.window:
            return None
        result = read_frame(image, self.model.vision)
        self._reads.append(result.reading)
        self.last_poses = result.poses
        self.reads += 1
        if len(self._reads) < self.window:
            return None
        reading = vote(self._reads) if self.window > 1 else self._reads[0]
        reading = self._track(image, reading)
        self.last_reading = reading
        unread = Counter(self.model.view_zone(u.zone) for u in reading.unread if u.zone)
        return self.judge(self.model.read(reading), unread)

    def _track(self, image: U8Array, reading: TableReading) -> TableReading:
        """Keep the pieces read before that this reading lacks where their place has not
        changed since (:data:`TRACK_CORRELATION`), and remember what each placed tag looks like."""
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        here = {p.piece for p in reading.placements if not p.back}
        kept = []
        for piece, (placement, patch) in self._seen.items():
            if piece in here:
                continue
            now = _patch(grey, placement)
            if now is not None and now.shape == patch.shape and _same_patch(now, patch):
                kept.append(placement)
        tracked = carry(reading, kept, self.model.vision.mats)
        seen: dict[str, tuple[Placement, U8Array]] = {}
        for p in tracked.placements:
            if p.back:
                continue
            old = self._seen.get(p.piece)
            fresh = old[1] if old is not None and p is old[0] else _patch(grey, p)
            if fresh is not None:
                seen[p.piece] = (p, fresh)
        self._seen = seen
        return tracked

    def judge(self, view: View, unread: Mapping[str, int] | None = None) -> Judged | None:
        """Infer and apply what explains ``view``; None when it shows the current state.

        Args:
            view: What the table shows.
            unread: Per zone, symbols seen there and not read (pieces the view may lack).
        """
        same = view == self.model.view(self.state)
        if same and not unread:
            return None
        if self.judged and self.judged[-1].view == view and not same:
            return None  # the same unexplained view again: already said
        result = infer(self.model, self.state, view, self.pending, unread or {})
        if same and not (isinstance(result, Applied) and result.moves):
            return None  # the table as it was; what was not read explains nothing new
        if isinstance(result, Applied):
            self.state = result.state
            del self.pending[: result.used]
            self.moves.extend(result.moves)
            self._settle()
        out = Judged(view, result, self._frame)
        self.judged.append(out)
        return out

    def answer(self, choice: int) -> State:
        """Apply the candidate the players chose for the last question.

        Raises:
            ValueError: the last conclusion is not a question, or has no such candidate.
        """
        last = self.judged[-1].result if self.judged else None
        if not isinstance(last, Question):
            raise ValueError("no question is waiting for an answer")
        if not 0 <= choice < len(last.candidates):
            raise ValueError(f"the question has candidates 0 to {len(last.candidates) - 1}")
        state = self.state
        for move in last.candidates[choice]:
            state = state.apply(move)
        self.state = state
        del self.pending[: last.used[choice] if last.used else 0]
        self.moves.extend(last.candidates[choice])
        self._settle()
        return self.state

    def follow(self, frames: Iterable[U8Array]) -> list[Judged]:
        """Feed every frame; the conclusions in order."""
        return [j for f in frames if (j := self.feed(f)) is not None]


def _patch(grey: U8Array, placement: Placement) -> U8Array | None:
    """The frame's pixels around a placed tag (its box and a quarter more), or None."""
    xs = [x for x, _ in placement.corners]
    ys = [y for _, y in placement.corners]
    pad = 0.25 * (max(xs) - min(xs))
    x0, y0 = max(int(min(xs) - pad), 0), max(int(min(ys) - pad), 0)
    x1, y1 = min(int(max(xs) + pad) + 1, grey.shape[1]), min(int(max(ys) + pad) + 1, grey.shape[0])
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    return np.asarray(grey[y0:y1, x0:x1], np.float32)


def _same_patch(a: U8Array, b: U8Array) -> bool:
    """Whether two views of a tag's place show the same thing, whatever the exposure."""
    da, db = a - a.mean(), b - b.mean()
    norm = float(np.sqrt(np.sum(da * da) * np.sum(db * db)))
    return norm > 0 and float(np.sum(da * db)) / norm >= TRACK_CORRELATION


def headline(result: Inference) -> str:
    """One line for the host screen's live picture on what the last change was: what
    kind of conclusion, never a move's notation (the page says the moves in words, in
    its own language, beside the picture)."""
    if isinstance(result, Applied):
        n = len(result.moves)
        return f"played: {n} {'move' if n == 1 else 'moves'} (on the page)"
    if isinstance(result, Refused):
        return "not allowed (see the page)"
    if isinstance(result, Question):
        return f"which was it? {len(result.candidates)} choices on the page"
    if isinstance(result, Underway):
        return "moving pieces..."
    assert isinstance(result, Mismatch)
    return "does not add up: see the page"


def overlay(image: U8Array, watcher: Watcher) -> U8Array:
    """The host screen's live picture: every tag boxed, each zone tinted by whether its tags
    can be read, and the last change written on top."""
    last = watcher.judged[-1].result if watcher.judged else None
    return picture(image, watcher.last_reading, last, watcher.last_poses, watcher.model.vision)


def picture(
    image: U8Array,
    reading: TableReading | None,
    last: Inference | None,
    poses: tuple[MatPose, ...] = (),
    vision: GameVision | None = None,
    *,
    labels: bool = True,
) -> U8Array:
    """``image`` with the tags of ``reading`` boxed, each zone of the mats in ``poses`` tinted
    by readability (:func:`vision.overlay.zone_sights`, for ``vision``'s mats and the tags
    read, or its default tag size before any is read), and the headline of ``last`` on top.
    ``labels=False`` (the host page's picture) draws the boxes and tints alone: the page says
    the last change in its own language, and names the pieces."""
    sights: list[ZoneSight] = []
    if vision is not None and poses:
        tag_mm = (tag_mm_read(reading, poses) if reading is not None else None) or vision.tag_mm
        h, w = image.shape[:2]
        sights = zone_sights(reading, poses, vision.mats, tag_mm, (w, h), vision.tag_modules)
    if reading is not None:
        out = draw(image, reading, sights=sights, labels=labels)
    else:
        out = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        tint_zones(out, sights)
    if last is not None and labels:
        text = headline(last)
        scale = max(out.shape[1] / 1600, 0.5)
        cv2.rectangle(out, (0, 0), (out.shape[1], int(44 * scale)), (255, 255, 255), -1)
        org = (int(10 * scale), int(32 * scale))
        cv2.putText(out, text[:120], org, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 2)
    return out
