"""A photo of the table, read by vision and compared with a table's game.

The phone uploads a photo; vision (``vision.pipeline.read_frame``) reads the
tagged pieces into a ``TableReading`` with its issues and draws the overlay.
The comparison with the game is deliberately modest: the pieces the photo
shows that the public table does not have yet are "new", and the legal moves
that name a new piece are offered to the player as what the photo most
likely shows (a card dealt face up onto a ferry, a card played). The player
confirms one, or types the move (fixing the reading).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import cv2

from companion import photos, registry
from companion.photos import BadPhoto
from companion.sessions import Table
from engines.core import Move
from vision.games import game_vision
from vision.overlay import draw
from vision.pipeline import FrameResult, read_frame
from vision.reading import ISSUE_CODES
from vision.types import U8Array

OVERLAY_WIDTH_PX = 1280
"""The overlay is shrunk to this width for a phone screen (a 12 MP photo is 4000 wide)."""


@dataclass(frozen=True)
class Scan:
    """What a photo showed, and the moves it suggests.

    Attributes:
        reading: the ``TableReading`` JSON (``docs/formats/reading.md``).
        overlay_png: the photo with every tag boxed (green placed, red with the reason).
        new: pieces on the photo that the public table does not show yet.
        candidates: legal moves now that name a new piece.
    """

    reading: dict[str, Any]
    overlay_png: bytes
    new: tuple[str, ...]
    candidates: tuple[Move, ...]

    @property
    def issues(self) -> list[dict[str, Any]]:
        return issues(self.reading)


def issues(reading: dict[str, Any]) -> list[dict[str, Any]]:
    """The issues of a reading's JSON, each with the meaning of its code."""
    return [
        {**issue, "meaning": ISSUE_CODES.get(str(issue.get("code")), "")}
        for issue in reading.get("issues", [])
    ]


def zone_name(game: str, zone: str, lang: str) -> str:
    """A zone of a reading (``pentagon.dock0``) as players call it in ``lang`` ("the ferry at
    dock 1"): the game's table model says it; a game the companion does not watch, the id."""
    try:
        model = registry.table_model(game)
    except KeyError:
        return zone
    return model.zone_name(zone, lang)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def decode(data: bytes) -> U8Array:
    """The pixels of an uploaded photo, within the pixel budget (:func:`companion.photos.decode`).

    Raises:
        BadPhoto: empty, too large, not an image, too many pixels, corrupt or truncated.
    """
    return photos.decode(data)


def read(image: U8Array, game: str) -> FrameResult:
    """Vision's reading of a photo of ``game``'s table.

    Raises:
        BadPhoto: the photo shows no mat of the game (``photo.no_mats``, 422).
    """
    result = read_frame(image, game_vision(game))
    if not result.reading.mats:
        raise BadPhoto(
            "photo.no_mats",
            "no mat of the game shows in the photo: take it from above with the whole mat, "
            "its black corner squares included, in the picture",
            422,
        )
    return result


def overlay_png(image: U8Array, result: FrameResult) -> bytes:
    """The photo with every tag boxed (and each mat outlined), as PNG for a phone screen: the
    boxes alone, with no ids or codes written on them (the page names the pieces in words)."""
    picture = draw(image, result.reading, result.poses, labels=False)
    height, width = picture.shape[:2]
    if width > OVERLAY_WIDTH_PX:
        size = (OVERLAY_WIDTH_PX, round(height * OVERLAY_WIDTH_PX / width))
        picture = cv2.resize(picture, size, interpolation=cv2.INTER_AREA)
    ok, png = cv2.imencode(".png", picture)
    if not ok:
        raise BadPhoto("photo.overlay", "the overlay of this photo could not be drawn")
    return png.tobytes()


def scan(table: Table, data: bytes, *, actor: str) -> Scan:
    """Read a photo of ``table`` and suggest the moves it shows for ``actor``.

    Raises:
        BadPhoto: the bytes are empty, too many, not an image, too many pixels
            (all from the header, before decoding), corrupt or truncated, or
            the photo shows no mat of the game; ``code`` says which.
    """
    image = decode(data)
    result = read(image, table.game)
    reading = result.reading
    png = overlay_png(image, result)
    shown = set(_strings(table.state.view(None)))
    new = tuple(sorted(p for p in reading.pieces() if p not in shown))
    candidates: tuple[Move, ...] = ()
    if new and table.may_move(actor):
        wanted = set(new)
        candidates = tuple(m for m in table.moves_of(actor) if wanted & set(_strings(m.to_json())))
    return Scan(reading.to_json(), png, new, candidates)
