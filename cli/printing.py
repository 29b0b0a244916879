"""``companion print``: tagged pieces, stickers, mats or a calibration sheet as a PDF."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from cli.command import EXIT_OK, BadInput, Commands, emit
from engines.core import PIECE_KINDS
from printables import WHATS


def _progress_bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _tag_sizes(items: Sequence[str]) -> dict[str, float]:
    sizes: dict[str, float] = {}
    for item in items:
        kind, sep, value = item.partition("=")
        try:
            size = float(value)
        except ValueError:
            size = 0.0
        if not sep or kind not in PIECE_KINDS or not 5 <= size <= 100:
            raise BadInput(
                f"tag size {item!r} must be KIND=MM with KIND one of {', '.join(PIECE_KINDS)} "
                "and MM from 5 to 100"
            )
        sizes[kind] = size
    return sizes


def cmd_print(args: argparse.Namespace) -> int:
    from printables import document
    from printables.registry import PRINTED
    from printables.settings import Settings

    if args.game not in PRINTED:
        raise BadInput(f"unknown game {args.game!r}; choose one of {', '.join(PRINTED)}")
    try:
        settings = Settings.for_game(
            args.game,
            _tag_sizes(args.tag_mm),
            paper=args.paper,
            labels=args.labels,
            english_only=args.english_only,
        )
        catalog = document.catalog_for(args.game)
    except ValueError as exc:
        raise BadInput(str(exc)) from exc
    job = document.Job(args.game, args.what, settings, catalog)
    data = document.build_pdf(job, progress=None if args.quiet else _progress_bar)
    try:
        Path(args.output).write_bytes(data)
    except OSError as exc:
        raise BadInput(f"cannot write {args.output}: {exc.strerror}") from exc
    emit(
        {
            "game": args.game,
            "what": args.what,
            "paper": args.paper,
            "file": args.output,
            "bytes": len(data),
        }
    )
    return EXIT_OK


def add_commands(sub: Commands) -> None:
    """Add print."""
    p = sub.add_parser("print", help="print tagged pieces, stickers, mats or a calibration sheet")
    p.add_argument("game", help="game id, e.g. noah")
    p.add_argument("--what", choices=WHATS, default="all")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4")
    p.add_argument(
        "--labels", default="full", help="sticker sheet: full, l7160 (A4) or 5160 (Letter)"
    )
    p.add_argument(
        "--tag-mm", action="append", default=[], metavar="KIND=MM", help="tag size per piece kind"
    )
    p.add_argument("--english-only", action="store_true", help="leave out the Chinese text")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("-o", "--output", required=True, help="the PDF file to write")
    p.set_defaults(func=cmd_print)
