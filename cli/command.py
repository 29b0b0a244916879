"""What every command shares: exit status, bad input, JSON on stdout, state files, options."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeAlias

import engines
from companion import games
from engines.core import State

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
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"cannot read {path}: {exc.strerror}") from exc
    return games.load(game_id, text)


def parse_options(items: Sequence[str]) -> dict[str, str]:
    """Rule options from ``--option KEY=VALUE`` arguments."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BadInput(f"option {item!r} must be written key=value")
        options[key.strip()] = value.strip()
    return options
