"""``companion``: the command line of the Table Companion.

JSON goes to stdout. Exit status: 0 ok or legal, 1 illegal move (the reason as
JSON), 2 bad input (one line on stderr saying what was wrong).

The top layer: it may use every package (``companion``, ``web``, ``vision``,
``printables``, ``engines``) and none imports it. Commands by concern:
:mod:`cli.games` (games, new, moves, score, check, apply), :mod:`cli.vision`
(scan, score-photo, watch, follow, calibrate), :mod:`cli.printing` (print) and
:mod:`cli.serve` (serve); :mod:`cli.command` is what they share.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from cli import games, printing, serve, vision
from cli.command import EXIT_BAD_INPUT, EXIT_ILLEGAL, EXIT_OK, BadInput, emit
from engines.core import EngineError, IllegalMove, InvalidSetup

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_ILLEGAL",
    "EXIT_OK",
    "EXIT_READER_GONE",
    "BadInput",
    "build_parser",
    "main",
]

EXIT_READER_GONE = 141
"""128 + SIGPIPE: what a shell reports for a command whose reader left."""


def one_line(text: str) -> str:
    """``text`` on one line: a newline or another control character an argument carried
    is shown escaped (``\\n``), so a refusal stays one line on stderr."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class Parser(argparse.ArgumentParser):
    """An argument parser whose refusals are one line on stderr and exit 2, like bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(
            EXIT_BAD_INPUT,
            f"{self.prog}: bad input: {one_line(message)} (see {self.prog} --help)\n",
        )


def build_parser() -> argparse.ArgumentParser:
    """The ``companion`` parser with every subcommand."""
    parser = Parser(
        prog="companion", description="Rules, scanning and scoring beside a real game table."
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for commands in (games, vision, printing, serve):
        commands.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit status (0 ok, 1 illegal move, 2 bad input, 141 reader gone)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        return reader_gone()
    except IllegalMove as exc:
        emit(exc.to_json())
        return EXIT_ILLEGAL
    except (BadInput, EngineError) as exc:
        kind = "bad setup" if isinstance(exc, InvalidSetup) else "bad input"
        print(f"companion: {kind}: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT


def reader_gone() -> int:
    """The reader of the output left (``companion games | head -1``): stop quietly.

    The rest of the output has nowhere to go; standard output is pointed at
    the null device so that the interpreter's own flush at exit raises
    nothing, and the exit status is the shell's for a command stopped by a
    broken pipe (128 + SIGPIPE).
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return EXIT_READER_GONE
