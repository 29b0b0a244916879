"""Reading what people and programs send: JSON documents and whole numbers, within bounds.

A move, a saved state or a request body comes from outside: a phone, a file
on disk, a script. Python's ``json`` reads far more than a game ever writes
(arrays nested 100,000 deep, integers of thousands of digits, ``NaN`` and
``1e400``) and answers some of it with ``RecursionError``, ``OverflowError``
or a ``ValueError`` of its own. :func:`read_json` reads a document once, with
the bounds below, and says in one sentence what was wrong; :func:`nesting`
checks a document that arrived already parsed; :func:`whole_number` reads a
number a person typed or a program sent (a version, a seed, a choice).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

MAX_DEPTH = 40
"""The deepest nesting of arrays and objects a document may have: the deepest
real state (a Niagara table) is 8 levels; a move is 3."""

MAX_DIGITS = 30
"""The most digits an integer in a document may have (seeds stay below 2**63,
19 digits; every other count of a game is small)."""


class DocumentError(ValueError):
    """A document or a number that cannot be read; the message says why."""


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise DocumentError(f"it holds a number of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise DocumentError(f"it holds the number {text}, too large to be a count")
    return value


def _constant(text: str) -> float:
    raise DocumentError(f"it holds {text}, which is not a number JSON allows")


def read_json(text: str | bytes) -> Any:
    """The JSON value of ``text``, within :data:`MAX_DEPTH` and :data:`MAX_DIGITS`.

    Raises:
        DocumentError: not UTF-8, not JSON, nested too deep, a huge or
            non-finite number; the message says which, in words.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DocumentError("it is not UTF-8 text") from exc
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_real, parse_constant=_constant)
    except DocumentError:
        raise
    except RecursionError as exc:
        raise DocumentError(f"it is nested deeper than {MAX_DEPTH} levels") from exc
    except json.JSONDecodeError as exc:
        raise DocumentError(f"it is not valid JSON: {exc.msg}") from exc
    except ValueError as exc:  # Python's own integer limit, before parse_int sees it
        raise DocumentError(f"it holds a number that cannot be read: {exc}") from exc
    return nesting(value)


def nesting(value: Any) -> Any:
    """``value`` itself, once it is known to nest no deeper than :data:`MAX_DEPTH`.

    Walked without recursion, so any depth is measured safely; integers are
    held to :data:`MAX_DIGITS` and floats must be finite, as in :func:`read_json`.
    A refusal names where the number is (``players[2]``, ``seed``).

    Raises:
        DocumentError: deeper than :data:`MAX_DEPTH`, or a huge or non-finite number.
    """
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    while stack:
        item, depth, where = stack.pop()
        if isinstance(item, Mapping):
            children: list[tuple[Any, str]] = [
                (child, f"{where}.{key}" if where else str(key)) for key, child in item.items()
            ]
        elif isinstance(item, list | tuple):
            children = [(child, f"{where}[{i}]") for i, child in enumerate(item)]
        elif isinstance(item, bool) or not isinstance(item, int | float):
            continue
        elif isinstance(item, int):
            if abs(item) >= 10**MAX_DIGITS:
                raise DocumentError(
                    f"its {where or 'value'} is a number of more than {MAX_DIGITS} digits"
                )
            continue
        else:
            if not math.isfinite(item):
                raise DocumentError(f"its {where or 'value'} is {item}, not a number to count with")
            continue
        if depth > MAX_DEPTH:
            raise DocumentError(f"it is nested deeper than {MAX_DEPTH} levels")
        stack.extend((child, depth + 1, path) for child, path in children)
    return value


def whole_number(value: Any, *, what: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (both included).

    Accepts an ``int`` (not a bool) or text of ASCII digits with an optional
    sign, as a form field or a command-line argument sends it; refuses floats,
    ``'²'``, ``'1e3'`` and numbers of more digits than the bounds have, before
    any conversion can fail.

    Raises:
        DocumentError: ``value`` is not such a number; the message names ``what``.
    """
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        body = text[1:] if text[:1] in "+-" else text
        longest = max(len(str(abs(low))), len(str(abs(high))))
        if body.isascii() and body.isdigit():
            if len(body) > longest:
                raise DocumentError(f"{what} must be from {low} to {high}, not {_shown(text)}")
            number = int(text)
    if number is None:
        raise DocumentError(f"{what} must be a whole number; {_shown(value)} is not a number")
    if not low <= number <= high:
        raise DocumentError(f"{what} must be from {low} to {high}, not {number}")
    return number


def _shown(value: Any) -> str:
    """``value`` for a message: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
