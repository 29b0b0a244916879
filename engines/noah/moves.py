"""Noah's moves: frozen value objects with a JSON form and a short notation.

Player moves: ``play`` (``CATM1``, ``SNLX1/F``, ``GIRM1>bob``), ``take``,
``giveback``, ``noah`` (move Noah), ``gift``, ``reveal``. Chance moves, which
the table or the seeded generator supplies: ``ferry`` (a face-up card dealt
onto the next dock), ``deal`` (the next hand card; ``?`` when unknown),
``place`` (Noah's starting dock), ``first`` (the start player), ``steal`` (the
lion's random card).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engines.core import Move, MoveCodec

_CARD = r"([0-9A-Z]{1,7}|\?)"


@dataclass(frozen=True)
class FerryCard(Move):
    """Chance: the next face-up card dealt onto a dock at round start."""

    TYPE = "ferry"
    card: str
    gender: str | None = None

    def notation(self) -> str:
        return f"ferry {self.card}" + (f"/{self.gender}" if self.gender else "")

    @classmethod
    def from_notation(cls, text: str) -> FerryCard | None:
        m = re.fullmatch(r"ferry ([0-9A-Z]{1,7})(?:/([MF]))?", text)
        return cls(m[1], m[2]) if m else None


@dataclass(frozen=True)
class Deal(Move):
    """Chance: the next card dealt to a hand (``?`` when the table does not know it)."""

    TYPE = "deal"
    card: str

    def notation(self) -> str:
        return f"deal {self.card}"

    @classmethod
    def from_notation(cls, text: str) -> Deal | None:
        m = re.fullmatch(rf"deal {_CARD}", text)
        return cls(m[1]) if m else None


@dataclass(frozen=True)
class PlaceNoah(Move):
    """Chance (a table input): the dock Noah starts on."""

    TYPE = "place"
    dock: int

    def notation(self) -> str:
        return f"place {self.dock}"

    @classmethod
    def from_notation(cls, text: str) -> PlaceNoah | None:
        m = re.fullmatch(r"place (\d)", text)
        return cls(int(m[1])) if m else None


@dataclass(frozen=True)
class First(Move):
    """Chance (a table input): the round's start player."""

    TYPE = "first"
    player: str

    def notation(self) -> str:
        return f"first {self.player}"

    @classmethod
    def from_notation(cls, text: str) -> First | None:
        m = re.fullmatch(r"first (.+)", text)
        return cls(m[1]) if m else None


@dataclass(frozen=True)
class Play(Move):
    """Play a card onto the ferry where Noah stands.

    ``gender`` is the snail's chosen gender (and only the snail's); ``target``
    the opponent of a giraffe or a lion.
    """

    TYPE = "play"
    card: str
    gender: str | None = None
    target: str | None = None

    def notation(self) -> str:
        text = self.card
        if self.gender:
            text += f"/{self.gender}"
        if self.target is not None:
            text += f">{self.target}"
        return text

    @classmethod
    def from_notation(cls, text: str) -> Play | None:
        m = re.fullmatch(r"(?:play )?([0-9A-Z]{1,7})(?:/([MF]))?(?:>(.+))?", text)
        return cls(m[1], m[2], m[3]) if m else None


@dataclass(frozen=True)
class TakeFerry(Move):
    """Take every card on Noah's ferry into hand (only when no card fits)."""

    TYPE = "take"

    def notation(self) -> str:
        return "take"

    @classmethod
    def from_notation(cls, text: str) -> TakeFerry | None:
        return cls() if text == "take" else None


@dataclass(frozen=True)
class Steal(Move):
    """Chance: the card the lion draws at random from its target's hand."""

    TYPE = "steal"
    card: str

    def notation(self) -> str:
        return f"steal {self.card}"

    @classmethod
    def from_notation(cls, text: str) -> Steal | None:
        m = re.fullmatch(rf"steal {_CARD}", text)
        return cls(m[1]) if m else None


@dataclass(frozen=True)
class GiveBack(Move):
    """The lion's player gives one card back to the target."""

    TYPE = "giveback"
    card: str

    def notation(self) -> str:
        return f"giveback {self.card}"

    @classmethod
    def from_notation(cls, text: str) -> GiveBack | None:
        m = re.fullmatch(rf"giveback {_CARD}", text)
        return cls(m[1]) if m else None


@dataclass(frozen=True)
class MoveNoah(Move):
    """Move Noah to a dock (female: a neighbour; male: a non-neighbour)."""

    TYPE = "noah"
    dock: int

    def notation(self) -> str:
        return f"noah {self.dock}"

    @classmethod
    def from_notation(cls, text: str) -> MoveNoah | None:
        m = re.fullmatch(r"noah (\d)", text)
        return cls(int(m[1])) if m else None


@dataclass(frozen=True)
class Gift(Move):
    """After a departure, give one card to an opponent."""

    TYPE = "gift"
    card: str
    to: str

    def notation(self) -> str:
        return f"gift {self.card}>{self.to}"

    @classmethod
    def from_notation(cls, text: str) -> Gift | None:
        m = re.fullmatch(rf"gift {_CARD}>(.+)", text)
        return cls(m[1], m[2]) if m else None


@dataclass(frozen=True)
class Reveal(Move):
    """At round end, name one card of a hand that the table did not know."""

    TYPE = "reveal"
    card: str

    def notation(self) -> str:
        return f"reveal {self.card}"

    @classmethod
    def from_notation(cls, text: str) -> Reveal | None:
        m = re.fullmatch(r"reveal ([0-9A-Z]{1,7})", text)
        return cls(m[1]) if m else None


MOVE_KINDS: tuple[type[Move], ...] = (
    FerryCard,
    Deal,
    PlaceNoah,
    First,
    TakeFerry,
    Steal,
    GiveBack,
    MoveNoah,
    Gift,
    Reveal,
    Play,
)
"""Parsing order: ``Play``'s bare card notation comes last."""

_CODEC = MoveCodec("noah", MOVE_KINDS)


def parse_move(obj: Any) -> Move:
    """A Noah move from JSON (dict or text) or notation; raises ``InvalidMove``."""
    return _CODEC.parse(obj)
