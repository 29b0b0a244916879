"""Tag payloads: the text inside every QR tag, encoded and validated in one place.

Two grammars (``docs/tags.md``), told apart by their characters:

    text tag    = game-code piece-id check       (QR version 1, level H)
    game-code   = 2 characters of 0-9A-Z  (each game's ``PrintedGame.code``)
    piece-id    = 1 to 7 characters of 0-9A-Z  (``engines.core.Component.id``)
    check       = 1 character of 0-9A-Z, Luhn mod 36 over game-code + piece-id

    number tag  = game-digit piece-number checks  (Micro QR M2, level M)
    game-digit  = 1 digit  (each game's ``PrintedGame.digit``)
    piece-number = 3 digits  (the piece's line in ``printables/numbers/GAME.txt``)
    checks      = 2 digits, ISO 7064 MOD 97-10 over game-digit + piece-number

A text tag is 4 to 10 characters, exactly what a version-1 QR symbol holds at
error correction level H (21 x 21 modules). A number tag is 6 digits, which a
Micro QR M2 symbol holds at level M in 13 x 13 modules: on the same printed
footprint its modules are 1.47 times larger, so the pieces print number tags
(:data:`MICRO_KINDS`, :func:`printed`) and mats and the calibration sheet text
tags. A text tag always opens with two letters, so no text tag is a number tag.

Decoding validates the charset, the length, the check, the game (known, and
the one expected) and the piece (in that game's catalog). Each failure is a
:class:`PayloadError` with a stable ``code`` and a ``reason`` a person
understands. Vision imports this module; it has no third-party imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

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
"""Longest text tag: 2 (game code) + 7 (piece id) + 1 (check)."""

MICRO_EC_LEVEL = "M"
"""Error-correction level of every number tag: a Micro QR M2 symbol at level M."""

MICRO_VERSION = "M2"
"""Micro QR symbol of every number tag (13 x 13 modules)."""

NUMBER_LENGTH = 6
"""Digits of a number tag: 1 (game digit) + 3 (piece number) + 2 (checks)."""

MICRO_KINDS = frozenset({"card", "tile", "token", "marker", "back"})
"""Piece kinds printed with number tags (Micro QR): every piece that lies on a mat.
Mats, boards' labels and the calibration sheet keep text tags (QR version 1)."""

_NUMBERS = Path(__file__).with_name("numbers")

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


def mod97_checks(body: str) -> str:
    """The two check digits of ``body`` (digits) by ISO 7064 MOD 97-10.

    They catch every single wrong digit and every swap of two neighbours, and all
    but about 1 in 97 of any other error: a foreign or misread 6-digit code passes
    them, a known game digit and an assigned piece number about once in several
    thousand.
    """
    return f"{98 - int(body) * 100 % 97:02d}"


@cache
def numbers(game: str) -> tuple[str, ...]:
    """The piece ids of ``game`` by tag number (index 0 is number 1); empty when the
    game has no numbering (``printables/numbers/GAME.txt``, one id a line, append only).
    """
    path = _NUMBERS / f"{game}.txt"
    if not path.exists():
        return ()
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return tuple(line for line in lines if line and not line.startswith("#"))


def number_of(game: str, piece_id: str) -> int | None:
    """The tag number of ``piece_id`` in ``game``, or None when it has none."""
    ids = numbers(game)
    return ids.index(piece_id) + 1 if piece_id in ids else None


def encode_number(game: str, piece_id: str) -> str:
    """The number tag of piece ``piece_id`` of ``game`` (6 digits, Micro QR).

    Raises:
        ValueError: the game has no game digit, or the piece no tag number.
    """
    digit = PRINTED[game].digit if game in PRINTED else None
    number = number_of(game, piece_id)
    if digit is None or number is None or number > 999:
        raise ValueError(f"{game} piece {piece_id!r} has no number tag")
    body = f"{digit}{number:03d}"
    return body + mod97_checks(body)


def printed(game: str, component: Component) -> str:
    """The payload printed on ``component``: a number tag for a piece of
    :data:`MICRO_KINDS` that has a tag number, else its text tag."""
    numbered = game in PRINTED and PRINTED[game].digit is not None
    if component.kind in MICRO_KINDS and numbered and number_of(game, component.id) is not None:
        return encode_number(game, component.id)
    return encode(game, component.id)


def is_number_tag(text: str) -> bool:
    """True when ``text`` has the form of a number tag (six digits; checks not tested)."""
    return len(text) == NUMBER_LENGTH and text.isdigit()


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
    if text.isascii() and text.isdigit():
        return _in_catalog(text, *_decode_number(text, game), catalog)
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
    return _in_catalog(text, owner, piece_id, catalog)


def _decode_number(text: str, game: str | None) -> tuple[str, str]:
    """The game and piece id a number tag names (see :func:`decode`)."""
    if len(text) != NUMBER_LENGTH:
        raise PayloadError(
            "payload.length",
            f"{text!r} is not a tag: a number tag has {NUMBER_LENGTH} digits, not {len(text)}",
            text,
        )
    body, checks = text[:-2], text[-2:]
    expected = mod97_checks(body)
    if checks != expected:
        raise PayloadError(
            "payload.check",
            f"{text!r} fails its check digits ({checks!r} where {expected!r} belongs): "
            "a misread or a foreign code",
            text,
        )
    digit, number = int(body[0]), int(body[1:])
    owner = next((g for g, known in PRINTED.items() if known.digit == digit), None)
    if owner is None:
        raise PayloadError(
            "payload.unknown_game", f"{text!r} names no known game (digit {digit})", text
        )
    if game is not None and owner != game:
        raise PayloadError(
            "payload.foreign_game", f"{text!r} is a tag of {owner}, not of {game}", text
        )
    ids = numbers(owner)
    if not 1 <= number <= len(ids):
        raise PayloadError(
            "payload.unknown_piece",
            f"{text!r} names piece number {number}, which {owner} does not have",
            text,
        )
    return owner, ids[number - 1]


def _in_catalog(text: str, owner: str, piece_id: str, catalog: Catalog | None) -> Tag:
    """The tag, once ``piece_id`` is found in the catalog (``owner``'s own by default)."""
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


def check_ec_level(level: str, text: str = "") -> PayloadError | None:
    """None when a symbol's error-correction level is its grammar's own: ``EC_LEVEL``
    for a text tag, ``MICRO_EC_LEVEL`` for a number tag (``text`` says which).

    Args:
        level: the level a decoder reports (``"H"``, or zxing-cpp's ``"H"``/``"30%"``).
        text: the symbol's text ("" for a text tag).
    """
    wanted, share = (MICRO_EC_LEVEL, "15%") if is_number_tag(text) else (EC_LEVEL, "30%")
    if level.strip().upper() in (wanted, share):
        return None
    return PayloadError(
        "payload.ec_level",
        f"the symbol uses error correction {level!r}, tags use {wanted!r}: a foreign code",
        text,
    )
