"""The table moves of Ark Nova: a zoo recorded as it lies, the kept final-scoring cards,
a final turn taken.

Rules text: ``docs/rules/ark_nova.md`` §5 (the final round) and §6.3 (kept
final-scoring cards); the JSON and notation are in ``docs/formats/ark_nova.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engines.core import InvalidMove, Move

_NAME = r"(?P<player>[^\s]+)"


@dataclass(frozen=True)
class SetZoo(Move):
    """Record a player's zoo as it lies on the table (JSON form only).

    ``during_break``: the zoo reached its target during a break (then every
    player takes one more turn).
    """

    TYPE: ClassVar[str] = "zoo"
    player: str
    zoo: Mapping[str, Any]
    during_break: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.zoo, Mapping):
            raise InvalidMove(f"a 'zoo' move carries the zoo as a JSON object, not {self.zoo!r}")

    def __hash__(self) -> int:
        return hash((self.player, repr(sorted(self.zoo.items())), self.during_break))


@dataclass(frozen=True)
class KeepFinalScoring(Move):
    """Declare the final-scoring cards a player keeps: ``keep ann 003,007``."""

    TYPE: ClassVar[str] = "keep"
    player: str
    cards: tuple[str, ...]

    def notation(self) -> str:
        return f"keep {self.player} {','.join(self.cards) or '-'}"

    @classmethod
    def from_notation(cls, text: str) -> KeepFinalScoring | None:
        m = re.fullmatch(rf"keep {_NAME} (?P<cards>-|\d{{3}}(,\d{{3}})*)", text.strip())
        if not m:
            return None
        cards = () if m["cards"] == "-" else tuple(m["cards"].split(","))
        return cls(m["player"], cards)


@dataclass(frozen=True)
class FinalTurn(Move):
    """A player has taken their last turn after the end was triggered: ``final bob``."""

    TYPE: ClassVar[str] = "final_turn"
    player: str

    def notation(self) -> str:
        return f"final {self.player}"

    @classmethod
    def from_notation(cls, text: str) -> FinalTurn | None:
        m = re.fullmatch(rf"final {_NAME}", text.strip())
        return cls(m["player"]) if m else None
