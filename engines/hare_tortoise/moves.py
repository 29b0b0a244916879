"""Moves of The Hare and the Tortoise, with their JSON form and text notation.

Player moves: ``keep`` (set aside the second bet) and ``play`` (1-4 cards of
one animal). Chance moves, supplied by the table or the seeded generator:
``track`` (the two stream positions), ``bet`` (deal one starting bet card),
``deal`` (deal one race card), ``draw`` (refill one card), ``reshuffle`` (the
discard pile becomes the draw pile) and ``reveal`` (turn up a bet that the
table game only knows as unknown). With the rule option ``race = by_hand`` the
player who triggered a race phase moves the pawns and makes one ``race`` move:
where each pawn stands after the phase and the podium.

Card codes: ``H T W W! F L`` (``W!`` is a wolf howl card) and ``?`` for a card
the table did not show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from engines.core import InvalidMove, Move, MoveCodec
from engines.hare_tortoise.catalog import (
    ANIMAL_CODES,
    ANIMALS,
    CATALOG,
    FINISH,
    KIND_INDEX,
    KINDS,
    TRACK_TILES,
)

_CARD_ORDER = {code: i for i, code in enumerate(KINDS)}


def _card(code: object, what: str) -> str:
    text = str(code).strip().upper()
    if text not in KIND_INDEX:
        raise InvalidMove(f"{code!r} is not a {what} (use one of {' '.join(KINDS)})")
    return text


def _one_word(text: str, word: str) -> str | None:
    parts = text.split()
    if len(parts) == 2 and parts[0].lower() == word:
        return parts[1]
    return None


@dataclass(frozen=True)
class Track(Move):
    """The two stream positions of the laid track (positions 1..11)."""

    TYPE: ClassVar[str] = "track"
    streams: tuple[int, ...]

    def __post_init__(self) -> None:
        try:
            values = tuple(sorted(int(s) for s in self.streams))
        except (TypeError, ValueError) as exc:
            raise InvalidMove(f"stream positions {self.streams!r} must be numbers") from exc
        object.__setattr__(self, "streams", values)

    def notation(self) -> str:
        return "track " + " ".join(str(s) for s in self.streams)

    @classmethod
    def from_notation(cls, text: str) -> Track | None:
        parts = text.split()
        if not parts or parts[0].lower() != "track":
            return None
        if not all(p.isdigit() for p in parts[1:]):
            raise InvalidMove(f"cannot read {text!r}: write the stream positions, e.g. 'track 4 9'")
        return cls(tuple(int(p) for p in parts[1:]))


def track_from_tiles(tile_ids: Sequence[str]) -> Track:
    """The ``track`` move for the 11 tiles in the order laid from the start line.

    ``tile_ids`` are catalog ids (``P1``-``P9``, ``S1``, ``S2``) as the scanner
    reads them along the track; the stream tiles give the stream positions.

    Raises:
        InvalidMove: not the 11 different track tiles of the game.
    """
    tiles = [str(t).strip().upper() for t in tile_ids]
    wrong = [t for t in tiles if t not in CATALOG or "stream" not in CATALOG[t].data]
    if wrong:
        raise InvalidMove(f"{wrong[0]!r} is not a track tile of the game")
    if len(tiles) != TRACK_TILES or len(set(tiles)) != TRACK_TILES:
        raise InvalidMove(f"the track has 11 different tiles; {len(set(tiles))} were read")
    return Track(tuple(i + 1 for i, t in enumerate(tiles) if CATALOG[t].data["stream"]))


@dataclass(frozen=True)
class _OneCard(Move):
    """A move that names one card (or ``?``)."""

    WORD: ClassVar[str] = ""
    WHAT: ClassVar[str] = "race card"
    card: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _card(self.card, self.WHAT))

    def notation(self) -> str:
        return f"{self.WORD} {self.card}"

    @classmethod
    def from_notation(cls: type[C], text: str) -> C | None:
        word = _one_word(text, cls.WORD)
        return None if word is None else cls(word)


C = TypeVar("C", bound=_OneCard)


@dataclass(frozen=True)
class DealBet(_OneCard):
    """Deal the next starting bet card (an animal letter, or ``?`` face down)."""

    TYPE: ClassVar[str] = "bet"
    WORD: ClassVar[str] = "bet"
    WHAT: ClassVar[str] = "starting bet card"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.card not in (*ANIMAL_CODES, "?"):
            raise InvalidMove(f"{self.card!r} is not a starting bet card (H T W F L or ?)")


@dataclass(frozen=True)
class Deal(_OneCard):
    """Deal the next race card of the opening hand of seven."""

    TYPE: ClassVar[str] = "deal"
    WORD: ClassVar[str] = "deal"


@dataclass(frozen=True)
class Keep(_OneCard):
    """The player sets one of the seven cards aside, face down, as the second bet."""

    TYPE: ClassVar[str] = "keep"
    WORD: ClassVar[str] = "keep"


@dataclass(frozen=True)
class Draw(_OneCard):
    """Refill the active player's hand with one card from the draw pile."""

    TYPE: ClassVar[str] = "draw"
    WORD: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Reshuffle(Move):
    """The draw pile is empty: shuffle the discard pile into a new draw pile."""

    TYPE: ClassVar[str] = "reshuffle"

    def notation(self) -> str:
        return "reshuffle"

    @classmethod
    def from_notation(cls, text: str) -> Reshuffle | None:
        return cls() if text.strip().lower() == "reshuffle" else None


@dataclass(frozen=True)
class Play(Move):
    """The active player plays 1-4 race cards of one animal face up."""

    TYPE: ClassVar[str] = "play"
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        if isinstance(self.cards, str):
            raise InvalidMove(f"cards {self.cards!r} must be a list of card codes")
        codes = [_card(c, "race card") for c in self.cards]
        object.__setattr__(self, "cards", tuple(sorted(codes, key=_CARD_ORDER.__getitem__)))

    def notation(self) -> str:
        return "play " + " ".join(self.cards)

    @classmethod
    def from_notation(cls, text: str) -> Play | None:
        parts = text.split()
        if not parts or parts[0].lower() != "play":
            return None
        return cls(tuple(parts[1:]))


@dataclass(frozen=True)
class Reveal(Move):
    """Turn up the first still-unknown bet of ``player`` (starting bets, then the second)."""

    TYPE: ClassVar[str] = "reveal"
    player: str
    card: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", str(self.player))
        object.__setattr__(self, "card", _card(self.card, "bet card"))

    def notation(self) -> str:
        return f"reveal {self.card} {self.player}"

    @classmethod
    def from_notation(cls, text: str) -> Reveal | None:
        parts = text.split(maxsplit=2)
        if len(parts) != 3 or parts[0].lower() != "reveal":
            return None
        return cls(parts[2], parts[1])


@dataclass(frozen=True)
class Race(Move):
    """Where the pawns stand after a race phase moved by hand (option ``race = by_hand``).

    Attributes:
        positions: per animal in resolution order (hare, tortoise, wolf, fox,
            lamb): 0 the start line, 1-11 a track tile, 12 past the finish
            line (on the podium).
        podium: the animals on the podium as animal codes, 1st place first.
    """

    TYPE: ClassVar[str] = "race"
    positions: tuple[int, ...]
    podium: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.positions, str | bytes) or isinstance(self.podium, str | bytes):
            raise InvalidMove("a race move lists 5 positions and the podium's animal codes")
        try:
            where = tuple(int(p) for p in self.positions)
        except (TypeError, ValueError) as exc:
            raise InvalidMove(f"positions {self.positions!r} must be numbers") from exc
        if len(where) != len(ANIMALS) or not all(0 <= p <= FINISH for p in where):
            raise InvalidMove(
                f"a race move gives 5 positions from 0 (start) to 12 (finish), not {list(where)}"
            )
        codes = tuple(str(a).strip().upper() for a in self.podium)
        if any(a not in ANIMAL_CODES for a in codes) or len(set(codes)) != len(codes):
            raise InvalidMove(f"podium {list(codes)} must name different animals (H T W F L)")
        object.__setattr__(self, "positions", where)
        object.__setattr__(self, "podium", codes)

    def notation(self) -> str:
        text = "race " + " ".join(str(p) for p in self.positions)
        return text + (" podium " + " ".join(self.podium) if self.podium else "")

    @classmethod
    def from_notation(cls, text: str) -> Race | None:
        parts = text.split()
        if not parts or parts[0].lower() != "race":
            return None
        words = [p.lower() for p in parts]
        cut = words.index("podium") if "podium" in words else len(parts)
        numbers = parts[1:cut]
        if not all(p.isdigit() for p in numbers):
            raise InvalidMove(
                f"cannot read {text!r}: write 5 positions and the podium, "
                "e.g. 'race 12 3 5 7 4 podium H'"
            )
        return cls(tuple(int(p) for p in numbers), tuple(parts[cut + 1 :]))


MOVE_KINDS: tuple[type[Move], ...] = (
    Track,
    DealBet,
    Deal,
    Keep,
    Play,
    Draw,
    Reshuffle,
    Reveal,
    Race,
)
CODEC = MoveCodec("hare_tortoise", MOVE_KINDS)


def parse_move(obj: object) -> Move:
    """A move from a JSON dict, JSON text or notation such as ``play W W!``.

    Raises:
        InvalidMove: nothing here reads as a move of this game.
    """
    return CODEC.parse(obj)
