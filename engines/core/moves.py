"""Moves: frozen value objects with a JSON form and a text notation, and their reader."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, TypeVar

from engines.core.documents import DocumentError, nesting, read_json
from engines.core.errors import InvalidMove
from engines.core.info import UNKNOWN


def jsonable(value: Any) -> Any:
    """Tuples to lists, mappings to dicts, recursively; moves to their JSON, enums to values."""
    if isinstance(value, Move):
        return value.to_json()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    return value


def frozen(value: Any) -> Any:
    """Lists to tuples, recursively (state and move fields hold tuples)."""
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    return value


_SIMPLE_TYPES: dict[str, type | tuple[type, ...]] = {"str": str, "int": int, "bool": bool}


def _fits(value: Any, annotation: str) -> bool:
    """Whether a JSON value fits a move field's annotation (simple types only)."""
    options = [a.strip() for a in annotation.split("|")]
    if value is None:
        return "None" in options
    for option in options:
        if option in _SIMPLE_TYPES:
            if isinstance(value, bool) and option != "bool":
                continue
            if isinstance(value, _SIMPLE_TYPES[option]):
                return True
        elif option.startswith("tuple[") and option.endswith(", ...]"):
            inner = option[len("tuple[") : -len(", ...]")]
            if isinstance(value, tuple) and all(_fits(v, inner) for v in value):
                return True
        elif option != "None":
            return True  # a type the game validates itself
    return False


@dataclass(frozen=True)
class Move:
    """Base of every move: a frozen value object with a JSON form and a notation.

    Subclasses set ``TYPE`` (the JSON ``type``) and implement ``notation`` and
    ``from_notation``; ``to_json`` and ``from_json`` work from the fields.
    """

    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE}
        for f in dataclasses.fields(self):
            out[f.name] = jsonable(getattr(self, f.name))
        return out

    @classmethod
    def from_json(cls: type[M], obj: Mapping[str, Any]) -> M:
        names = {f.name for f in dataclasses.fields(cls)}
        extra = set(obj) - names - {"type"}
        if extra:
            raise InvalidMove(f"a {cls.TYPE!r} move has no field {sorted(extra)[0]!r}")
        kwargs = {k: frozen(v) for k, v in obj.items() if k != "type"}
        for f in dataclasses.fields(cls):
            if f.name in kwargs and not _fits(kwargs[f.name], str(f.type)):
                raise InvalidMove(
                    f"field {f.name!r} of a {cls.TYPE!r} move must be {f.type}, "
                    f"not {kwargs[f.name]!r}"
                )
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise InvalidMove(f"a {cls.TYPE!r} move needs the fields {sorted(names)}") from exc

    def names_unknown(self) -> bool:
        """Whether the move names a piece the table did not see (``UNKNOWN``, ``?``).

        In a table game a card dealt face down may be entered as ``?``; that
        move says a chance outcome happened unseen, so it is no outcome of its
        own in ``State.chance_outcomes``.
        """
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value == UNKNOWN or (isinstance(value, tuple) and UNKNOWN in value):
                return True
        return False

    def notation(self) -> str:
        """Short text form; the base form is the compact JSON, which also parses."""
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_notation(cls: type[M], text: str) -> M | None:
        """The move written as ``text``, or None when ``text`` is not this kind."""
        return None

    def __str__(self) -> str:
        return self.notation()


M = TypeVar("M", bound=Move)


class MoveCodec:
    """Reads a game's moves from JSON objects, JSON text or notation."""

    def __init__(self, game: str, kinds: Iterable[type[Move]]) -> None:
        self.game = game
        self.kinds: dict[str, type[Move]] = {k.TYPE: k for k in kinds}

    def parse(self, obj: Any) -> Move:
        """A move from a dict, a JSON string or the text notation.

        Raises:
            InvalidMove: nothing here reads as a move of this game.
        """
        if isinstance(obj, Move):
            if type(obj) in self.kinds.values():
                return obj
            raise InvalidMove(f"{obj!r} is not a move of {self.game}")
        if isinstance(obj, str):
            text = obj.strip()
            if text.startswith("{"):
                try:
                    obj = read_json(text)
                except DocumentError as exc:
                    raise InvalidMove(f"the move cannot be read: {exc}") from exc
            else:
                return self._from_notation(text)
        if not isinstance(obj, Mapping):
            raise InvalidMove(f"a move is a JSON object or text, not {type(obj).__name__}")
        try:
            nesting(obj)
        except DocumentError as exc:
            raise InvalidMove(f"the move cannot be read: {exc}") from exc
        kind_name = obj.get("type")
        if not isinstance(kind_name, str) or kind_name not in self.kinds:
            known = ", ".join(sorted(self.kinds))
            shown = kind_name if isinstance(kind_name, str) else type(kind_name).__name__
            raise InvalidMove(f"{self.game} has no move type {shown!r} (known: {known})")
        try:
            return self.kinds[kind_name].from_json(obj)
        except InvalidMove:
            raise
        except (TypeError, ValueError, KeyError, OverflowError) as exc:
            raise InvalidMove(
                f"cannot read {_shown(dict(obj))} as a {self.game} move: {exc}"
            ) from exc

    def _from_notation(self, text: str) -> Move:
        """The move written as ``text`` in one of the kinds' notations."""
        for kind in self.kinds.values():
            try:
                move = kind.from_notation(text)
            except (ValueError, TypeError, OverflowError) as exc:  # a number past int()'s limit
                raise InvalidMove(f"cannot read {_shown(text)} as a {self.game} move") from exc
            if move is not None:
                return move
        raise InvalidMove(f"cannot read {_shown(text)} as a {self.game} move")


def _shown(value: Any) -> str:
    """``value`` quoted for a message, cut short (an input may be megabytes long)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
