"""Pond's moves: ``deal F3`` (chance: the next card into a hand; ``deal ?`` when the
table does not know it) and ``play F3`` (lay a card on the pond)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engines.core import Move, MoveCodec

_CARD = r"(F(?:1[0-2]|[1-9])|\?)"


@dataclass(frozen=True)
class Deal(Move):
    """Chance: the next card dealt into a hand (``?`` when the table does not know it)."""

    TYPE = "deal"
    card: str

    def notation(self) -> str:
        return f"deal {self.card}"

    @classmethod
    def from_notation(cls, text: str) -> Deal | None:
        m = re.fullmatch(rf"deal {_CARD}", text)
        return cls(m[1]) if m else None


@dataclass(frozen=True)
class Play(Move):
    """Lay a card from the hand on the pond."""

    TYPE = "play"
    card: str

    def notation(self) -> str:
        return f"play {self.card}"

    @classmethod
    def from_notation(cls, text: str) -> Play | None:
        m = re.fullmatch(r"play ([0-9A-Z]{1,7})", text)
        return cls(m[1]) if m else None


CODEC = MoveCodec("pond", (Deal, Play))


def parse_move(obj: object) -> Move:
    """A Pond move from JSON (a dict or text) or its notation.

    Raises:
        InvalidMove: nothing here reads as a Pond move.
    """
    return CODEC.parse(obj)
