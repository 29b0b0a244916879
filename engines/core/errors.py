"""Errors an engine raises on purpose, and the verdict of ``state.check``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engines.core.moves import Move


class EngineError(Exception):
    """Base of every error an engine raises on purpose.

    Attributes:
        code: a stable code for programs (``setup.names_differ``, ``table.not_found``),
            from which a page says the refusal in its own language; None for a
            refusal that has only its English sentence.
        params: the names and numbers the English sentence is built from.
    """

    code: str | None = None

    def __init__(
        self, reason: str = "", *, code: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(reason)
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = dict(params or {})

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole, code and params too (a refusal comes back from another process)."""
        return (_restored, (type(self), self.args, dict(self.__dict__)))


def _restored(kind: type[EngineError], args: tuple[Any, ...], attrs: dict[str, Any]) -> EngineError:
    """An :class:`EngineError` rebuilt from its pickle, without calling its ``__init__``."""
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(attrs)
    return error


class InvalidMove(EngineError, ValueError):
    """A move that cannot be read at all (bad JSON, unknown type, bad notation)."""


class InvalidState(EngineError, ValueError):
    """A state document that cannot be loaded (another game, newer format, broken)."""


class InvalidSetup(EngineError, ValueError):
    """Players or rule options a game cannot start with."""


class IllegalMove(EngineError):
    """A readable move that the rules forbid here.

    Attributes:
        code: stable machine code such as ``noah.overweight``.
        reason: a sentence a player understands, with the numbers in it.
        move: the refused move, when there is one.
    """

    def __init__(
        self,
        code: str,
        reason: str,
        move: Move | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(reason, code=code, params=params)
        self.code: str = code
        self.reason = reason
        self.move = move

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"legal": False, "code": self.code, "reason": self.reason}
        if self.params:
            out["params"] = self.params
        return out


class GameOver(IllegalMove):
    """A move was offered after the game ended."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of ``state.check(move)``; truthy when the move is legal."""

    legal: bool
    code: str | None = None
    reason: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The numbers and names ``reason`` is built from (JSON-ready values), so a
    page can say the same refusal in another language (``companion/reasons.py``)."""

    def __bool__(self) -> bool:
        return self.legal

    @classmethod
    def illegal(cls, code: str, reason: str, **params: Any) -> Verdict:
        """A refusal: ``code``, the English ``reason`` and the ``params`` it names."""
        return cls(False, code, reason, params)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"legal": self.legal}
        # A legal verdict may carry a note (e.g. a condition the engine cannot check).
        if not self.legal or self.code is not None:
            out["code"] = self.code
            out["reason"] = self.reason
        if self.params:
            out["params"] = dict(self.params)
        return out


LEGAL = Verdict(True)
