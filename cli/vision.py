"""The commands that read the table: scan, score-photo, watch, follow, calibrate.

Vision and OpenCV are imported inside the commands, so the rules commands start
without them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cli.command import (
    EXIT_OK,
    BadInput,
    Commands,
    emit,
    game_ids,
    measure,
    parse_options,
    read_state,
    seed,
    whole,
)
from companion import games
from companion.registry import watched


def cmd_score_photo(args: argparse.Namespace) -> int:
    from companion.photo_score import score_upload
    from companion.photos import BadPhoto

    state = read_state(args.game, args.state) if args.state else None
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
    emit(result.outcome.to_json())
    return EXIT_OK


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
    emit(reading.to_json())
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


def phone_moves_file(game: str, path: str) -> list[Any]:
    """The phones' moves a file lists: one JSON object a line, ``{"player": NAME, "move":
    MOVE}`` (the move as JSON or notation), the moves the table cannot show, in order.

    Raises:
        BadInput: the file cannot be read, or a line is not such an object.
    """
    from companion.watch.infer import Sent

    engine = games.game(game)
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"cannot read the phones' moves from {path}: {exc}") from exc
    out = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            out.append(Sent(str(item["player"]), engine.parse_move(item["move"])))
        except (ValueError, KeyError, TypeError) as exc:
            raise BadInput(
                f"{path} line {number} is not a phone's move: write "
                '{"player": "Ann", "move": "..."} on each line'
            ) from exc
    return out


def cmd_follow(args: argparse.Namespace) -> int:
    import itertools

    from companion.registry import table_model
    from companion.watch.loop import Watcher
    from vision.capture import CaptureError, VideoSource

    if args.table is not None or args.database is not None:
        return follow_table(args)
    if args.players is None:
        raise BadInput("give --players (a new game) or --table and --database (a served table)")
    names = [p for p in args.players.split(",")]
    options = parse_options(args.option)
    # Not advanced: the table shows the opening chance (the cards laid on the ferries).
    state = games.game(args.game).new_game(names, options=options, seed=args.seed)
    sent = phone_moves_file(args.game, args.moves) if args.moves else []
    watcher = Watcher(table_model(args.game), state, list(sent), window=args.window)
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
    emit({"moves": [m.notation() for m in watcher.moves], "state": watcher.state.to_json()})
    return EXIT_OK


def follow_table(args: argparse.Namespace) -> int:
    """Follow a table of the server's store, as a process of its own: the camera follower.

    Each move the camera sees goes into the table's log as a phone's would
    (:class:`companion.live.LiveTable`), so every worker's phones see it; each
    conclusion is printed as a JSON line, the table's version at the end.
    """
    from companion.live import Camera, Conclusion, LiveTable
    from companion.sessions import SessionError, TableStore

    if args.table is None or args.database is None:
        raise BadInput("a served table is followed with both --table ID and --database")
    if args.players is not None or args.seed is not None or args.option:
        raise BadInput("a served table has its players and options: leave out --players, --seed")
    if args.moves is not None:
        raise BadInput("a served table's phones send their own moves: leave out --moves")
    try:
        store = TableStore(args.database)
    except SessionError as exc:
        raise BadInput(str(exc)) from exc

    def told(conclusion: Conclusion) -> None:
        print(json.dumps(conclusion.to_json(), ensure_ascii=False), flush=True)

    try:
        game = store.load(args.table).game
        if game != args.game:
            raise BadInput(f"table {args.table} is a game of {game}, not {args.game}")
        source = int(args.camera) if args.camera.isdigit() else args.camera
        live = LiveTable(store, args.table, Camera(source, args.resolution, args.window), told)
    except (SessionError, BadInput) as exc:
        store.close()
        raise BadInput(str(exc)) from exc
    try:
        while not live.wait(0.2):
            if args.frames is not None and live.frames >= args.frames:
                break
    except KeyboardInterrupt:
        print("companion: stopped (Ctrl-C)", file=sys.stderr)
    finally:
        live.stop()
    try:
        if live.error is not None:
            raise BadInput(live.error)
        emit({"table": args.table, "version": store.version(args.table), "frames": live.frames})
    finally:
        store.close()
    return EXIT_OK


CARD_TAG_MM = 44.0
"""Largest tag (a Micro QR M2 symbol) a 63 x 88 mm card carries with its quiet zone."""


def _advice(tag_mm: float) -> str:
    if tag_mm <= CARD_TAG_MM:
        return (
            f"print tags of {tag_mm:g} mm or more: companion print GAME "
            f"--tag-mm card={tag_mm:g} --tag-mm tile={tag_mm:g}"
        )
    return (
        f"a tag must be {tag_mm:g} mm at the far edge from here, more than a card carries "
        f"({CARD_TAG_MM:g} mm): bring the camera closer or over the table, or use a 4K camera"
    )


def cmd_calibrate(args: argparse.Namespace) -> int:
    from vision.calibrate import measure, view_report
    from vision.capture import CaptureError, read_image

    try:
        image = read_image(args.photo)
    except CaptureError as exc:
        raise BadInput(str(exc)) from exc
    report = measure(image)
    view = view_report(image)
    if not report.tags and view is None:
        raise BadInput(
            f"no version-1 tag and no marker could be read in {args.photo}: lay the "
            "calibration sheet where the table's far edge is, with its four black corner "
            "squares in view, in good light"
        )
    out: dict[str, Any] = {"tags": len(report.tags)}
    if report.tags:
        out |= {
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
    if mm_per_px is not None and report.tags:
        out["mm_per_px"] = round(mm_per_px, 3)
        out["smallest_tag_mm"] = round(report.smallest_tag_mm(mm_per_px), 1)
    if view is not None:
        near, far = view.px_per_module(view.tag_mm)
        near28, far28 = view.px_per_module(28.0)
        out["view"] = {
            "markers": view.markers,
            "near_px_per_mm": round(view.near_px_per_mm, 2),
            "far_px_per_mm": round(view.far_px_per_mm, 2),
            "blur_px": round(view.blur_px, 2),
            "needs_px_per_module": round(view.needs_px_per_module, 2),
            "px_per_module_28mm": {"near": round(near28, 2), "far": round(far28, 2)},
            "print_tag_mm": view.tag_mm,
            "px_per_module_at_print": {"near": round(near, 2), "far": round(far, 2)},
            "advice": _advice(view.tag_mm),
        }
    emit(out)
    return EXIT_OK


def camera_arguments(p: argparse.ArgumentParser, *, window: int, what: str) -> None:
    """The options of a command that reads a camera, a stream or a recording."""
    p.add_argument(
        "--camera", required=True, help="camera index (0), stream URL, or a recorded video file"
    )
    p.add_argument(
        "--window",
        type=whole("--window", 1, 1000),
        default=window,
        help=f"{what} (default {window})",
    )
    p.add_argument("--frames", type=whole("--frames", 1, 10**9), help="stop after this many frames")
    p.add_argument("--resolution", choices=["720p", "1080p", "4k"], help="camera mode to ask for")


def add_commands(sub: Commands) -> None:
    """Add scan, score-photo, watch, follow and calibrate."""
    p = sub.add_parser("scan", help="read a table photo (several: voted) and print the reading")
    p.add_argument("game", choices=game_ids())
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
    p.add_argument("game", choices=game_ids(), help="the game (each one is scored from a photo)")
    p.add_argument("photo", help="JPEG, PNG or WebP photo of the end-of-game layout")
    p.add_argument("--players", help="comma-separated names in seat order (default: --state's)")
    p.add_argument(
        "--state", help="the game as followed, a state JSON file or - (Noah: its earlier rounds)"
    )
    p.add_argument("--overlay", help="write the photo with every tag boxed to this PNG file")
    p.set_defaults(func=cmd_score_photo)

    p = sub.add_parser("watch", help="watch the table and print a reading each time it changes")
    p.add_argument("game", choices=game_ids())
    camera_arguments(p, window=10, what="frames voted over")
    p.set_defaults(func=cmd_watch)

    p = sub.add_parser(
        "follow",
        help="follow a game on the table: infer, check and apply each move the camera sees",
    )
    p.add_argument("game", choices=watched())
    p.add_argument("--players", help="a new game: comma-separated names in seating order")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--seed", type=seed, help="a seeded game: chance comes from the seed")
    p.add_argument(
        "--moves",
        help="a new game: the phones' moves the table cannot show, a JSON line each: "
        '{"player": "Ann", "move": "..."}',
    )
    p.add_argument("--table", help="a served table: its id (the camera writes its moves)")
    p.add_argument(
        "--database", help="the served tables: the server's SQLite file or postgresql:// URL"
    )
    camera_arguments(p, window=3, what="readings voted per still view")
    p.set_defaults(func=cmd_follow)

    p = sub.add_parser(
        "calibrate",
        help="measure a camera from a photo of tags: module size, blur, smallest readable tag",
    )
    p.add_argument("photo", help="photo of the calibration sheet (or of any tagged pieces)")
    p.add_argument(
        "--mm-per-px",
        type=measure("--mm-per-px", 0.001, 100.0),
        help="table millimetres per pixel at the far edge (default: from the sheet's markers)",
    )
    p.set_defaults(func=cmd_calibrate)
