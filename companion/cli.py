"""``companion``: the command line of the Table Companion.

JSON goes to stdout. Exit status: 0 ok or legal, 1 illegal move (the reason as
JSON), 2 bad input (one line on stderr saying what was wrong).
"""

from __future__ import annotations

import argparse
import io
import json
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import qrcode

import engines
from companion import games
from companion.watch import WATCHED
from engines.core import PIECE_KINDS, EngineError, IllegalMove, InvalidSetup, State
from printables import WHATS

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2


class BadInput(Exception):
    """Input the command cannot use; the message says what to do."""


def _print(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def _read_state(game_id: str, path: str) -> State:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"cannot read {path}: {exc.strerror}") from exc
    return games.load(game_id, text)


def _parse_options(items: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BadInput(f"option {item!r} must be written key=value")
        options[key.strip()] = value.strip()
    return options


def cmd_games(args: argparse.Namespace) -> int:
    _print([m.info.to_json() for m in engines.GAMES.values()])
    return EXIT_OK


def cmd_new(args: argparse.Namespace) -> int:
    names = [p for p in args.players.split(",")]
    state = games.new_state(args.game, names, options=_parse_options(args.option), seed=args.seed)
    _print(state.to_json())
    return EXIT_OK


def cmd_moves(args: argparse.Namespace) -> int:
    state = _read_state(args.game, args.state)
    _print(
        {
            "to_move": state.to_move,
            "moves": [{"notation": m.notation(), "move": m.to_json()} for m in state.legal_moves()],
        }
    )
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    state = _read_state(args.game, args.state)
    move = games.game(args.game).parse_move(args.move)
    verdict = state.check(move)
    _print({"move": move.notation(), **verdict.to_json()})
    return EXIT_OK if verdict else EXIT_ILLEGAL


def cmd_apply(args: argparse.Namespace) -> int:
    state = _read_state(args.game, args.state)
    after = games.apply(state, args.move)
    _print(after.to_json())
    return EXIT_OK


def cmd_score(args: argparse.Namespace) -> int:
    state = _read_state(args.game, args.state)
    _print(games.score(state))
    return EXIT_OK


def cmd_quick_score(args: argparse.Namespace) -> int:
    from companion.quick_score import score_text
    from engines.ark_nova.quick import QuickScoreError

    if args.game != "ark_nova":
        raise BadInput(f"the quick score is for ark_nova; {args.game} is scored with 'score'")
    try:
        text = sys.stdin.read() if args.entries == "-" else Path(args.entries).read_text("utf-8")
    except OSError as exc:
        raise BadInput(f"cannot read {args.entries}: {exc.strerror}") from exc
    try:
        _print(score_text(text))
    except QuickScoreError as exc:
        raise BadInput(str(exc)) from exc
    return EXIT_OK


def cmd_score_photo(args: argparse.Namespace) -> int:
    from companion.photo_score import score_upload
    from companion.photos import BadPhoto

    state = _read_state(args.game, args.state) if args.state else None
    if args.players:
        names = [p.strip() for p in args.players.split(",")]
    elif state is not None:
        names = list(state.players)
    else:
        raise BadInput("name the players in seat order with --players A,B,C (or give --state)")
    try:
        data = Path(args.photo).read_bytes()
    except OSError as exc:
        raise BadInput(f"cannot read {args.photo}: {exc.strerror}") from exc
    try:
        result = score_upload(args.game, data, names, state)
    except BadPhoto as exc:
        raise BadInput(f"{exc} ({exc.code})") from exc
    if args.overlay:
        try:
            Path(args.overlay).write_bytes(result.overlay_png)
        except OSError as exc:
            raise BadInput(f"cannot write the overlay to {args.overlay}: {exc.strerror}") from exc
    _print(result.outcome.to_json())
    return EXIT_OK


def lan_address() -> str:
    """This machine's address on the local network (127.0.0.1 when there is none).

    Connecting a UDP socket sends nothing; it only asks the system which
    interface would carry traffic off the machine.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def terminal_qr(text: str) -> str:
    """``text`` as a QR code drawn with block characters, for a terminal."""
    qr = qrcode.QRCode(border=2)
    qr.add_data(text)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def cmd_scan(args: argparse.Namespace) -> int:
    import cv2

    from vision.capture import CaptureError, read_image
    from vision.games import game_vision
    from vision.overlay import draw
    from vision.pipeline import read_frame
    from vision.voting import vote

    vision_game = game_vision(args.game)
    results = []
    images = []
    for path in args.images:
        try:
            image = read_image(path)
        except CaptureError as exc:
            raise BadInput(str(exc)) from exc
        images.append(image)
        results.append(read_frame(image, vision_game))
    readings = [r.reading for r in results]
    reading = readings[0] if len(readings) == 1 else vote(readings)
    if args.overlay:
        picture = draw(images[-1], reading, results[-1].poses)
        if not cv2.imwrite(args.overlay, picture):
            raise BadInput(f"cannot write the overlay to {args.overlay}: use a .png or .jpg name")
    _print(reading.to_json())
    return EXIT_OK


def cmd_watch(args: argparse.Namespace) -> int:
    import itertools

    from vision.capture import CaptureError, VideoSource
    from vision.games import game_vision
    from vision.pipeline import watch

    source = int(args.camera) if args.camera.isdigit() else args.camera
    try:
        with VideoSource(source, resolution=args.resolution) as camera:
            frames = itertools.islice(camera, args.frames)
            for reading in watch(frames, game_vision(args.game), window=args.window):
                print(json.dumps(reading.to_json(), ensure_ascii=False), flush=True)
    except CaptureError as exc:
        raise BadInput(str(exc)) from exc
    except KeyboardInterrupt:
        print("companion: stopped (Ctrl-C)", file=sys.stderr)
    return EXIT_OK


def cmd_follow(args: argparse.Namespace) -> int:
    import itertools

    from companion.watch import table_model
    from companion.watch.loop import Watcher
    from vision.capture import CaptureError, VideoSource

    names = [p for p in args.players.split(",")]
    options = _parse_options(args.option)
    # Not advanced: the table shows the opening chance (the cards laid on the ferries).
    state = games.game(args.game).new_game(names, options=options, seed=args.seed)
    watcher = Watcher(table_model(args.game), state, window=args.window)
    source = int(args.camera) if args.camera.isdigit() else args.camera
    try:
        with VideoSource(source, resolution=args.resolution) as camera:
            for frame in itertools.islice(camera, args.frames):
                judged = watcher.feed(frame.image)
                if judged is not None:
                    out = {"frame": frame.index, **judged.result.to_json()}
                    print(json.dumps(out, ensure_ascii=False), flush=True)
    except CaptureError as exc:
        raise BadInput(str(exc)) from exc
    except KeyboardInterrupt:
        print("companion: stopped (Ctrl-C)", file=sys.stderr)
    _print({"moves": [m.notation() for m in watcher.moves], "state": watcher.state.to_json()})
    return EXIT_OK


def cmd_calibrate(args: argparse.Namespace) -> int:
    from vision.calibrate import measure
    from vision.capture import CaptureError, read_image

    try:
        image = read_image(args.photo)
    except CaptureError as exc:
        raise BadInput(str(exc)) from exc
    report = measure(image)
    if not report.tags:
        raise BadInput(
            f"no version-1 tag could be read in {args.photo}: photograph the calibration "
            "sheet flat, filling the frame, in good light"
        )
    out: dict[str, Any] = {
        "tags": len(report.tags),
        "px_per_module": {
            "smallest": round(min(t.px_per_module for t in report.tags), 2),
            "largest": round(max(t.px_per_module for t in report.tags), 2),
        },
        "blur_px": round(report.blur_px, 2),
        "needs_px_per_module": round(report.min_px_per_module, 2),
        "measures": [
            {
                "text": t.text,
                "px_per_module": round(t.px_per_module, 2),
                "blur_px": round(t.blur_px, 2),
            }
            for t in report.tags
        ],
    }
    mm_per_px = args.mm_per_px if args.mm_per_px is not None else report.mm_per_px
    if report.sheet_tags_mm:
        out["sheet_tags_read_mm"] = list(report.sheet_tags_mm)
    if mm_per_px is not None:
        out["mm_per_px"] = round(mm_per_px, 3)
        out["smallest_tag_mm"] = round(report.smallest_tag_mm(mm_per_px), 1)
    _print(out)
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    from web import create_app

    host = lan_address() if args.host in ("0.0.0.0", "") else args.host
    url = f"http://{host}:{args.port}/"
    config: dict[str, Any] = {"PUBLIC_URL": url.rstrip("/")}
    if args.database:
        config["DATABASE"] = args.database
    if args.camera is not None:
        from companion.live import Camera

        config["CAMERA"] = Camera.parse(args.camera, resolution=args.resolution, window=args.window)
    elif args.table is not None:
        raise BadInput("--table names the table the camera follows: give --camera too")
    app = create_app(config)
    if args.table is not None:
        app.extensions["live"].follow(args.table)
        print(f"the camera follows table {args.table}", flush=True)
    print(f"Table Companion: open {url} on a phone on this network", flush=True)
    print(terminal_qr(url), flush=True)
    where = args.database or app.instance_path
    print(f"tables are kept in {where}; stop with Ctrl+C", flush=True)
    try:
        app.run(host=args.host, port=args.port, debug=False, threaded=True, use_reloader=False)
    finally:
        app.extensions["live"].stop()
    return EXIT_OK


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
    from printables import document, payload
    from printables.settings import Settings

    if args.game not in payload.GAME_CODES or args.game == payload.CALIBRATION:
        known = ", ".join(g for g in payload.GAME_CODES if g != payload.CALIBRATION)
        raise BadInput(f"unknown game {args.game!r}; choose one of {known}")
    base = Settings()
    try:
        settings = Settings(
            paper=args.paper,
            labels=args.labels,
            english_only=args.english_only,
            tag_mm={**base.tag_mm, **_tag_sizes(args.tag_mm)},
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
    _print(
        {
            "game": args.game,
            "what": args.what,
            "paper": args.paper,
            "file": args.output,
            "bytes": len(data),
        }
    )
    return EXIT_OK


def _camera_arguments(p: argparse.ArgumentParser, *, window: int, what: str) -> None:
    """The options of a command that reads a camera, a stream or a recording."""
    p.add_argument(
        "--camera", required=True, help="camera index (0), stream URL, or a recorded video file"
    )
    p.add_argument("--window", type=int, default=window, help=f"{what} (default {window})")
    p.add_argument("--frames", type=int, help="stop after this many frames")
    p.add_argument("--resolution", choices=["720p", "1080p", "4k"], help="camera mode to ask for")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="Rules, scanning and scoring beside a real game table."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    game_ids = sorted(engines.GAMES)

    p = sub.add_parser("games", help="list the games and their rule options")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("new", help="start a game and print its state")
    p.add_argument("game", choices=game_ids)
    p.add_argument("--players", required=True, help="comma-separated names, clockwise")
    p.add_argument("--seed", type=int, help="simulate chance with this seed")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.set_defaults(func=cmd_new)

    for name, func, text in [
        ("moves", cmd_moves, "list the legal moves"),
        ("score", cmd_score, "print the final scores with their breakdown"),
    ]:
        p = sub.add_parser(name, help=text)
        p.add_argument("game", choices=game_ids)
        p.add_argument("state", help="state JSON file, or - for stdin")
        p.set_defaults(func=func)

    for name, func, text in [
        ("check", cmd_check, "say whether a move is legal, and why not"),
        ("apply", cmd_apply, "apply a move and print the new state"),
    ]:
        p = sub.add_parser(name, help=text)
        p.add_argument("game", choices=game_ids)
        p.add_argument("state", help="state JSON file, or - for stdin")
        p.add_argument("move", help="move as notation or JSON")
        p.set_defaults(func=func)

    p = sub.add_parser(
        "quick-score",
        help="score a game played off the app from what the score calculators take",
    )
    p.add_argument("game", choices=game_ids)
    p.add_argument("entries", help="quick-score JSON file, or - for stdin")
    p.set_defaults(func=cmd_quick_score)

    p = sub.add_parser("scan", help="read a table photo (several: voted) and print the reading")
    p.add_argument("game", choices=game_ids)
    p.add_argument("images", nargs="+", help="photos of the table (one still table)")
    p.add_argument("--overlay", help="write the last photo with every tag boxed to this file")
    p.set_defaults(func=cmd_scan)

    p = sub.add_parser(
        "score-photo",
        help="score a photo of the end-of-game layout and print the scores with their breakdown",
        description="Read a photo of the end-of-game layout (each seat's things on the mat "
        "with its seat number) and print the final scores as JSON; nothing is recorded. "
        "Exit 2 with one line on stderr when the photo cannot be scored.",
    )
    p.add_argument("game", choices=game_ids, help="the game (each one is scored from a photo)")
    p.add_argument("photo", help="JPEG, PNG or WebP photo of the end-of-game layout")
    p.add_argument("--players", help="comma-separated names in seat order (default: --state's)")
    p.add_argument(
        "--state", help="the game as followed, a state JSON file or - (Noah: its earlier rounds)"
    )
    p.add_argument("--overlay", help="write the photo with every tag boxed to this PNG file")
    p.set_defaults(func=cmd_score_photo)

    p = sub.add_parser("watch", help="watch the table and print a reading each time it changes")
    p.add_argument("game", choices=game_ids)
    _camera_arguments(p, window=10, what="frames voted over")
    p.set_defaults(func=cmd_watch)

    p = sub.add_parser(
        "follow",
        help="follow a game on the table: infer, check and apply each move the camera sees",
    )
    p.add_argument("game", choices=WATCHED)
    p.add_argument("--players", required=True, help="comma-separated names in seating order")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--seed", type=int, help="a seeded game: chance comes from the seed")
    _camera_arguments(p, window=3, what="readings voted per still view")
    p.set_defaults(func=cmd_follow)

    p = sub.add_parser(
        "calibrate",
        help="measure a camera from a photo of tags: module size, blur, smallest readable tag",
    )
    p.add_argument("photo", help="photo of the calibration sheet (or of any tagged pieces)")
    p.add_argument(
        "--mm-per-px",
        type=float,
        help="table millimetres per pixel at the far edge (default: from the sheet's markers)",
    )
    p.set_defaults(func=cmd_calibrate)

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

    p = sub.add_parser("serve", help="start the web app")
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--database", help="SQLite file of the tables (default: the instance folder)")
    p.add_argument(
        "--camera",
        help="camera index (0), stream URL or recorded video file the host pages can follow",
    )
    p.add_argument("--table", help="id of the table the camera follows from the start")
    p.add_argument("--window", type=int, default=1, help="readings voted per still view")
    p.add_argument("--resolution", choices=["720p", "1080p", "4k"], help="camera mode to ask for")
    p.set_defaults(func=cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except IllegalMove as exc:
        _print(exc.to_json())
        return EXIT_ILLEGAL
    except (BadInput, EngineError) as exc:
        kind = "bad setup" if isinstance(exc, InvalidSetup) else "bad input"
        print(f"companion: {kind}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
