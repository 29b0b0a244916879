"""The orchestrator: one frame to a table reading, and a stream of frames to voted readings.

Stages over plain data (``docs/design.md``, "Vision"): capture →
:func:`vision.detect.detect` → :func:`vision.assemble.validate` →
:func:`vision.mats.locate_mats` → :func:`vision.assemble.assemble` →
:func:`vision.voting.vote`. A game plugs in as a :class:`GameVision`: its
payload parser and its mats with their zones, both from the printables.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from vision.assemble import PayloadParser, assemble, validate
from vision.capture import Frame
from vision.config import DEFAULT, DetectConfig
from vision.detect import DetectResult, detect
from vision.mats import MatPose, MatSpec, locate_mats
from vision.plane import detect_on_mats
from vision.reading import TableReading
from vision.types import U8Array
from vision.voting import MIN_SHARE, vote

WATCH_WINDOW = 10
"""Frames voted over while watching: long enough to outlast a hand passing over
the table (a second or two at the rate 1080p frames are read), short enough
that a real move shows within a few seconds."""


@dataclass(frozen=True)
class GameVision:
    """What vision needs to know about one game.

    Attributes:
        game: Game id.
        parse: Its payload parser (raises ``RejectedPayload`` with a reason).
        mats: Its mats, with their markers and zones.
        ec_level: Error-correction level of its QR tags ("" for any).
        micro_ec_level: Error-correction level of its Micro QR tags ("" for any).
        tag_modules: Modules across its pieces' tags: 13 (Micro QR M2) or 21 (QR version 1).
        tag_mm: Edge of the smallest tag its pieces print with by default, mm (what the
            live view assumes until it has read a tag on a mat).
        numbers: The number tags an unread patch on a mat is read against
            (:func:`vision.micro.read_marks`): every game's, so a piece of another game is
            told as foreign rather than taken for one of this game's.
    """

    game: str
    parse: PayloadParser
    mats: tuple[MatSpec, ...]
    ec_level: str = ""
    micro_ec_level: str = ""
    tag_modules: int = 21
    tag_mm: float = 28.0
    numbers: tuple[str, ...] = ()


@dataclass(frozen=True)
class FrameResult:
    """One frame read: the reading and what it was built from (for the overlay).

    Attributes:
        reading: The table reading.
        detected: The detect stage's result.
        poses: The mats found.
    """

    reading: TableReading
    detected: DetectResult
    poses: tuple[MatPose, ...]


def read_frame(frame: U8Array, game: GameVision, config: DetectConfig = DEFAULT) -> FrameResult:
    """Read one frame of a game's table.

    Args:
        frame: BGR or grey pixels.
        game: The game's parser and mats.
        config: Detect thresholds.

    Returns:
        The reading with its issues, and the intermediate results.
    """
    poses = tuple(locate_mats(frame, game.mats))
    found = (
        detect_on_mats(frame, poses, game.mats, config, game.numbers).detected
        if poses
        else detect(frame, config)
    )
    reading = assemble(
        game.game,
        validate(found.detections, game.parse, game.ec_level, game.micro_ec_level),
        poses,
        game.mats,
        unread=found.unread,
        size=(int(frame.shape[1]), int(frame.shape[0])),
    )
    return FrameResult(reading, found, poses)


def _essence(reading: TableReading) -> tuple[object, ...]:
    """What a player would call a change: pieces per zone, backs and issues."""
    return (
        tuple(sorted(reading.zones.items())),
        tuple(sorted(reading.backs.items())),
        tuple(sorted(i.key for i in reading.issues)),
    )


def watch(
    frames: Iterable[Frame],
    game: GameVision,
    *,
    window: int = WATCH_WINDOW,
    min_share: float = MIN_SHARE,
    config: DetectConfig = DEFAULT,
) -> Iterator[TableReading]:
    """Voted readings of a stream of frames, each time the table changes.

    Nothing is yielded until the window is full, so a first glimpse of the
    table is not reported as its state.

    Args:
        frames: Frames in capture order (a camera, a video file).
        game: The game's parser and mats.
        window: Frames voted over.
        min_share: Share of the window a piece must be seen in.
        config: Detect thresholds.

    Yields:
        The voted reading whenever its pieces, backs or issues differ from
        the last one yielded.
    """
    recent: deque[TableReading] = deque(maxlen=window)
    last: tuple[object, ...] | None = None
    for frame in frames:
        recent.append(read_frame(frame.image, game, config).reading)
        if len(recent) < window:
            continue
        voted = vote(list(recent), min_share)
        if _essence(voted) != last:
            last = _essence(voted)
            yield voted
