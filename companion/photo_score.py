"""Score from a photo, for the app and the command line: read, score, draw what was read.

The scoring itself is each game's ``CompanionGame.photo_scorer``
(``companion.registry``; the five games' scorers and their end-of-game
layouts are in ``companion.watch.photo``). This module puts the
guards of a phone upload in front of it (``companion.photos.header``, then a
decode and "no mat in the photo", as ``companion.scanning`` does for a scan),
turns a layout the scorer refuses into a :class:`BadPhoto` with a stable code,
and draws the overlay of what was read. Nothing here changes a table: a photo
score is a result to look at, the game's log stays as it is.

A score on an incomplete reading is not a score: before scoring, every seat's
mats (and the shared mats a game's end is read from: the Hare's race mat and its
podium) must be in the photo whole, with no tag on them seen and not read, and a
followed game's counts (Noah: the cards each player holds) must match what the
photo shows; else no winner is named and the answer says which mats or zones to
photograph again.

Codes (besides those of ``companion.photos.header`` and ``photo.damaged``):
``photo.not_scored`` (409, the game has no scorer), ``photo.no_mats`` (422,
no mat of the game in the photo), ``photo.incomplete`` (422, a mat missing or
cut, a tag not read, a zone short of the followed game's pieces: the message
says what to take again), ``photo.layout`` (422, the scorer's
``PhotoError``: the layout is incomplete or is not an end of the game),
``photo.no_still`` (409, the camera has not seen a still table yet).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion import scanning
from companion.photos import BadPhoto
from companion.registry import photo_scorer, scored_games
from companion.watch.photo import PhotoError
from engines.core import Outcome, State
from engines.noah.state import NoahState
from printables.mats import mat_name as mat_name  # the seat list names mats so (web)
from vision.assemble import expect
from vision.games import game_vision
from vision.pipeline import read_frame
from vision.reading import TableReading
from vision.types import U8Array


@dataclass(frozen=True)
class PhotoScore:
    """What a photo of the end of a game scored.

    Attributes:
        outcome: The final scores with their breakdown, as the engine gives them.
        reading: The ``TableReading`` JSON the scores come from.
        overlay_png: The photo with every tag boxed (green placed, red with the reason).
    """

    outcome: Outcome
    reading: dict[str, Any]
    overlay_png: bytes

    @property
    def issues(self) -> list[dict[str, Any]]:
        """The reading's issues, each with the meaning of its code."""
        return scanning.issues(self.reading)


def scored(game: str) -> bool:
    """Whether a photo of ``game``'s end scores it."""
    return photo_scorer(game) is not None


def score_reading(
    game: str, reading: TableReading, players: Sequence[str], state: State | None = None
) -> Outcome:
    """The final scores of the end-of-game layout a reading shows.

    Args:
        game: Game id.
        reading: The reading of the layout.
        players: The players in seat order.
        state: The game as followed (Noah: its earlier rounds); unused by the others.

    Raises:
        PhotoError: the game is not scored from a photo, or the layout is incomplete.
    """
    scorer = photo_scorer(game)
    if scorer is None:
        raise PhotoError(f"{game} is not scored from a photo (see companion.registry)")
    return scorer(reading, players, state)


def score_photo(
    game: str, image: U8Array, players: Sequence[str], state: State | None = None
) -> Outcome:
    """Read a photo of the end-of-game layout and score it in one step (see
    :func:`score_reading`)."""
    return score_reading(game, read_frame(image, game_vision(game)).reading, players, state)


def seat_mats(game: str, seats: int) -> tuple[tuple[str, ...], ...]:
    """Per seat (from seat 1), the ids of the game's mats that belong to it (``ark1``, ``z2``).

    The printed mats of a seat carry its number (``companion print GAME --what mats``);
    a game whose layout has no seat mats gives empty tuples.
    """
    ids = [m.id for m in game_vision(game).mats]
    return tuple(
        tuple(i for i in ids if re.fullmatch(rf"[a-z]+{seat}", i)) for seat in range(1, seats + 1)
    )


SHARED_MATS: dict[str, tuple[str, ...]] = {"hare_tortoise": ("race",)}
"""Mats besides the seats' own that a game's end is read from (the Hare's podium)."""


def expected_counts(game: str, state: State | None, seats: int) -> dict[str, int]:
    """Zone id -> how many pieces the followed game says the end-of-game layout shows there.

    Noah: each player lays out the cards they hold. The other games' ends are read
    whole from the photo (their states do not keep every piece's place).
    """
    if game == "noah" and isinstance(state, NoahState):
        return {f"hand{seat + 1}.hand": len(state.hands[seat]) for seat in range(seats)}
    return {}


def incomplete(
    game: str, reading: TableReading, players: Sequence[str], state: State | None = None
) -> BadPhoto | None:
    """What keeps the reading of an end-of-game photo from being scored, or None.

    Args:
        game: Game id.
        reading: The photo's reading.
        players: The players in seat order.
        state: The game as followed, whose counts the photo must match.

    Returns:
        ``photo.incomplete`` (422) saying which mats to photograph again, with its
        ``gaps`` param (each kind of gap, ``missing``, ``cut``, ``unread`` or
        ``short``, with its mats and their owners), or None when the reading is
        complete.
    """
    seats = seat_mats(game, len(players))
    owner = {m: players[i] for i, mats in enumerate(seats) for m in mats}
    needed = [m for mats in seats for m in mats] + list(SHARED_MATS.get(game, ()))

    def named(mats: Sequence[str]) -> list[dict[str, str | None]]:
        return [{"mat": m, "owner": owner.get(m)} for m in needed if m in mats]

    def mat(m: dict[str, str | None]) -> str:
        name = mat_name(game, str(m["mat"]), "en")
        return f"{m['owner']}'s mat ({name})" if m["owner"] else name

    def said(mats: Sequence[dict[str, str | None]]) -> str:
        return ", ".join(mat(m) for m in mats)

    def not_read(mats: Sequence[dict[str, str | None]]) -> str:
        counts = [unread[str(m["mat"])] for m in mats]
        first = f"{counts[0]} {'tag' if counts[0] == 1 else 'tags'} could not be read on "
        pairs = enumerate(zip(counts, mats, strict=True))
        return first + ", ".join((f"{n} on " if i else "") + mat(m) for i, (n, m) in pairs)

    unread: dict[str, int] = {}
    for u in reading.unread:
        if u.mat is not None:
            unread[u.mat] = unread.get(u.mat, 0) + 1
    checked = expect(reading, expected_counts(game, state, len(players)), {})
    short = [m for i in checked.issues if i.code == "vision.missing_piece" for m in i.mats]
    gaps = {
        "missing": named([m for m in needed if m not in reading.mats]),
        "cut": named([m for i in reading.issues if i.code == "vision.mat_cut" for m in i.mats]),
        "unread": named(list(unread)),
        "short": named(short),
    }
    lines = [
        line
        for line in (
            gaps["missing"] and "the photo does not show " + said(gaps["missing"]),
            gaps["cut"] and "only part of " + said(gaps["cut"]) + " is in it",
            gaps["unread"] and not_read(gaps["unread"]),
            gaps["short"] and "fewer pieces than the game holds show on " + said(gaps["short"]),
        )
        if line
    ]
    if not lines:
        return None
    return BadPhoto(
        "photo.incomplete",
        "no winner yet: "
        + "; ".join(lines)
        + ". Take the photo again from above, closer, with those mats whole and sharp",
        422,
        {"game": game, "gaps": {kind: mats for kind, mats in gaps.items() if mats}},
    )


def score_image(
    game: str, image: U8Array, players: Sequence[str], state: State | None = None
) -> PhotoScore:
    """Read a photo of ``game``'s end-of-game layout, score it and draw what was read.

    Args:
        game: Game id.
        image: BGR pixels.
        players: The players in seat order.
        state: The game as followed (Noah needs its earlier rounds).

    Raises:
        BadPhoto: ``photo.not_scored``, ``photo.no_mats``, ``photo.incomplete`` or
            ``photo.layout``.
    """
    if not scored(game):
        raise BadPhoto(
            "photo.not_scored",
            f"{game} is not scored from a photo; the games that are: {', '.join(scored_games())}",
            409,
            {"game": game},
        )
    result = scanning.read(image, game)
    gap = incomplete(game, result.reading, players, state)
    if gap is not None:
        raise gap
    try:
        outcome = score_reading(game, result.reading, players, state)
    except PhotoError as exc:
        raise BadPhoto(
            "photo.layout",
            f"{exc}; put that right and take the photo again",
            422,
        ) from exc
    return PhotoScore(outcome, result.reading.to_json(), scanning.overlay_png(image, result))


def score_upload(
    game: str, data: bytes, players: Sequence[str], state: State | None = None
) -> PhotoScore:
    """:func:`score_image` of an uploaded photo, after the upload's guards.

    Raises:
        BadPhoto: the codes of ``companion.photos.header``, ``photo.damaged``, and
            those of :func:`score_image`.
    """
    return score_image(game, scanning.decode(data), players, state)
