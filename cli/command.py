"""What every command shares: exit status, bad input, JSON on stdout, state files, options."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeAlias

import engines
from companion import games
from engines.core import DocumentError, State, whole_number

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2

Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""The subcommand table each module adds its commands to."""


class BadInput(Exception):
    """Input the command cannot use; the message says what to do."""


def emit(data: Any) -> None:
    """Write ``data`` to stdout as indented JSON."""
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def game_ids() -> list[str]:
    """The games the engines know, for a ``game`` argument's choices."""
    return sorted(engines.GAMES)


def read_state(game_id: str, path: str) -> State:
    """The state of ``game_id`` in the JSON file ``path`` (``-``: stdin)."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        raise BadInput(f"cannot read {path}: {exc.strerror}") from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(
            f"cannot read {path}: it is not UTF-8 text (a state is a JSON file)"
        ) from exc
    return games.load(game_id, text)


def whole(what: str, low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high``, refused in one line."""

    def parse(text: str) -> int:
        try:
            return whole_number(text, what=what, low=low, high=high)
        except DocumentError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc

    return parse


def measure(what: str, low: float, high: float) -> Callable[[str], float]:
    """An argument type: a finite decimal number from ``low`` to ``high``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not low <= value <= high:  # NaN and infinities fail too
            raise argparse.ArgumentTypeError(f"{what} must be a number from {low} to {high}")
        return value

    return parse


seed = whole("the seed", 0, 2**63 - 1)
"""A ``--seed`` argument: a whole number from 0 below 2**63 (what a table can keep)."""


def parse_options(items: Sequence[str]) -> dict[str, str]:
    """Rule options from ``--option KEY=VALUE`` arguments."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BadInput(f"option {item!r} must be written key=value")
        options[key.strip()] = value.strip()
    return options
