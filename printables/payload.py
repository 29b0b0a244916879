"""Tag payloads: the text inside every QR tag, encoded and validated in one place.

Grammar (``docs/tags.md``)::

    payload = game-code piece-id check
    game-code = 2 characters of 0-9A-Z  (each game's ``PrintedGame.code``)
    piece-id  = 1 to 7 characters of 0-9A-Z  (``engines.core.Component.id``)
    check     = 1 character of 0-9A-Z, Luhn mod 36 over game-code + piece-id

A payload is 4 to 10 characters, inside the design's budget of 11 characters of
the QR alphanumeric set (``docs/design.md``, "Components and tags"). Ten
alphanumeric characters is exactly what a version 1 QR symbol holds at error
correction level H, so every tag is the smallest symbol (21 x 21 modules) with
the strongest error correction; vision rejects a symbol at another level.

Decoding validates the charset, the length, the check character, the game code
(known, and the one expected) and the piece id (in that game's catalog). Each
failure is a :class:`PayloadError` with a stable ``code`` and a ``reason`` a
person understands. Vision imports this module; it has no third-party imports.
"""

from __future__ import annotations

from dataclasses import dataclass

import engines
from engines.core import Catalog, Component
from printables.registry import PRINTED

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Characters of game codes, piece ids and check characters (a subset of QR alphanumeric)."""

EC_LEVEL = "H"
"""QR error-correction level of every tag: version 1 at level H holds exactly 10 alphanumerics."""

QR_VERSION = 1
"""QR symbol version of every tag (21 x 21 modules)."""

MAX_LENGTH = 10
"""Longest payload: 2 (game code) + 7 (piece id) + 1 (check)."""

CALIBRATION = "calibration"
"""Pseudo-game of the calibration sheet's tags (its catalog is ``CALIBRATION_CATALOG``)."""

CALIBRATION_CODE = "CA"
"""The calibration sheet's code in a payload (no game may take it)."""

CALIBRATION_SIZES_MM = (15, 20, 25, 28, 32, 36, 40, 45, 50, 56, 60)
"""Tag edge lengths on the calibration sheet (``printables.calibration``)."""

CALIBRATION_CATALOG = Catalog(
    CALIBRATION,
    [
        Component(
            f"T{size}",
            "marker",
            {"en": f"calibration tag {size} mm", "zh-Hant": f"校準標籤 {size} 毫米"},
            {"size_mm": size},
        )
        for size in CALIBRATION_SIZES_MM
    ],
)
"""The calibration sheet's tags: one per size, id ``T<mm>``."""


class PayloadError(ValueError):
    """A QR text that is not a valid tag here.

    Attributes:
        code: stable machine code, ``payload.<what>``.
        reason: a sentence saying what was wrong, quoting the text.
        text: the text that was read.
    """

    def __init__(self, code: str, reason: str, text: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.text = text


@dataclass(frozen=True, slots=True)
class Tag:
    """A validated tag: which game and which piece."""

    game: str
    piece_id: str

    @property
    def payload(self) -> str:
        """The QR text of this tag."""
        return encode(self.game, self.piece_id)


def check_character(body: str) -> str:
    """The Luhn mod 36 check character of ``body`` (characters of ``ALPHABET``).

    Luhn mod N catches every single-character error and every swap of two
    neighbours except ``0Z`` / ``Z0``, the two mistakes a damaged or misread tag
    makes most.
    """
    n = len(ALPHABET)
    total = 0
    factor = 2
    for char in reversed(body):
        addend = factor * ALPHABET.index(char)
        total += addend // n + addend % n
        factor = 1 if factor == 2 else 2
    return ALPHABET[(n - total % n) % n]


def tagged() -> tuple[str, ...]:
    """Every game that has tags (each printed game, then the calibration sheet)."""
    return (*PRINTED, CALIBRATION)


def code_of(game: str) -> str:
    """The two-character code of ``game``'s tags.

    Raises:
        ValueError: no tags are printed for ``game``.
    """
    if game == CALIBRATION:
        return CALIBRATION_CODE
    if game not in PRINTED:
        raise ValueError(f"no tag code for game {game!r}; known: {', '.join(tagged())}")
    return PRINTED[game].code


def game_of(code: str) -> str | None:
    """The game whose tags carry ``code``, or None."""
    if code == CALIBRATION_CODE:
        return CALIBRATION
    return next((game for game, known in PRINTED.items() if known.code == code), None)


def encode(game: str, piece_id: str) -> str:
    """The payload of piece ``piece_id`` of ``game``.

    Raises:
        ValueError: an unknown game or a malformed piece id.
    """
    code = code_of(game)
    if not 1 <= len(piece_id) <= 7 or any(c not in ALPHABET for c in piece_id):
        raise ValueError(f"piece id {piece_id!r} must be 1-7 characters of 0-9A-Z")
    body = code + piece_id
    return body + check_character(body)


def catalog_of(game: str) -> Catalog | None:
    """The catalog the ids of ``game`` are checked against, if the game has one."""
    if game == CALIBRATION:
        return CALIBRATION_CATALOG
    engine = engines.GAMES.get(game)
    return engine.catalog if engine is not None else None


def decode(text: str, *, game: str | None = None, catalog: Catalog | None = None) -> Tag:
    """Validate a QR text and say which piece it names.

    Args:
        text: the decoded QR text.
        game: the game on the table; a valid tag of any other game is refused
            as foreign (None accepts every game).
        catalog: the catalog to check the piece id against; by default the
            game's own (``engines.GAMES[game].catalog``).

    Raises:
        PayloadError: with ``code`` ``payload.empty``, ``payload.length``,
            ``payload.charset``, ``payload.check``, ``payload.unknown_game``,
            ``payload.foreign_game``, ``payload.no_catalog`` or
            ``payload.unknown_piece``.
    """
    if not isinstance(text, str) or not text:
        raise PayloadError("payload.empty", "the tag is empty", str(text or ""))
    bad = sorted({c for c in text if c not in ALPHABET})
    if bad:
        shown = "".join(bad)
        raise PayloadError(
            "payload.charset",
            f"{text!r} is not a tag: it holds {shown!r}, outside the characters 0-9A-Z",
            text,
        )
    if not 4 <= len(text) <= MAX_LENGTH:
        raise PayloadError(
            "payload.length",
            f"{text!r} is not a tag: a tag has 4 to {MAX_LENGTH} characters, not {len(text)}",
            text,
        )
    body, check = text[:-1], text[-1]
    expected = check_character(body)
    if check != expected:
        raise PayloadError(
            "payload.check",
            f"{text!r} fails its check character ({check!r} where {expected!r} belongs): "
            "a misread or a foreign code",
            text,
        )
    code, piece_id = body[:2], body[2:]
    owner = game_of(code)
    if owner is None:
        raise PayloadError(
            "payload.unknown_game", f"{text!r} names no known game (code {code!r})", text
        )
    if game is not None and owner != game:
        raise PayloadError(
            "payload.foreign_game",
            f"{text!r} is a tag of {owner}, not of {game}",
            text,
        )
    pieces = catalog if catalog is not None else catalog_of(owner)
    if pieces is None:
        raise PayloadError(
            "payload.no_catalog", f"{text!r} is a tag of {owner}, which has no catalog yet", text
        )
    if piece_id not in pieces:
        raise PayloadError(
            "payload.unknown_piece",
            f"{text!r} names piece {piece_id!r}, which {owner} does not have",
            text,
        )
    return Tag(owner, piece_id)


def try_decode(
    text: str, *, game: str | None = None, catalog: Catalog | None = None
) -> Tag | PayloadError:
    """Like :func:`decode`, but returns the error instead of raising it."""
    try:
        return decode(text, game=game, catalog=catalog)
    except PayloadError as exc:
        return exc


def check_ec_level(level: str) -> PayloadError | None:
    """None when a symbol's error-correction level is the tags' own (``EC_LEVEL``).

    Args:
        level: the level a decoder reports (``"H"``, or zxing-cpp's ``"H"``/``"30%"``).
    """
    if level.strip().upper() in (EC_LEVEL, "30%"):
        return None
    return PayloadError(
        "payload.ec_level",
        f"the symbol uses error correction {level!r}, tags use {EC_LEVEL!r}: a foreign code",
        "",
    )
