"""``companion serve``: the web app for the phones at the table, through a production server.

gunicorn serves the app with ``--workers`` processes of ``--threads``
threads (:class:`Server`), on ``--host`` and ``--port``; the tables are in
``--database`` (an SQLite file, or a PostgreSQL server for several workers or
machines). The first line printed is the address phones open.
"""

from __future__ import annotations

import argparse
import gc
import io
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import qrcode
from gunicorn.app.base import BaseApplication

from cli.command import EXIT_OK, BadInput, Commands, whole
from companion.storage import is_postgres

if TYPE_CHECKING:
    from flask import Flask


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


def cmd_serve(args: argparse.Namespace) -> int:
    from web import create_app

    if args.camera is None and args.table is not None:
        raise BadInput("--table names the table the camera follows: give --camera too")
    if args.camera is not None and args.workers > 1:
        raise BadInput(
            "the camera is followed inside one worker: give --workers 1 with --camera, or "
            "run 'companion follow GAME --camera SRC --table ID --database DB' beside the workers"
        )
    host = lan_address() if args.host in ("0.0.0.0", "") else args.host
    url = f"http://{host}:{args.port}/"
    # Live streams may hold three quarters of a worker's threads; moves keep the rest.
    config: dict[str, Any] = {
        "PUBLIC_URL": url.rstrip("/"),
        "LIVE_STREAMS": max(1, args.threads * 3 // 4),
    }
    if args.database:
        config["DATABASE"] = args.database
    if args.camera is not None:
        from companion.live import Camera

        config["CAMERA"] = Camera.parse(args.camera, resolution=args.resolution, window=args.window)
    print(f"Table Companion: open {url} on a phone on this network", flush=True)
    print(terminal_qr(url), flush=True)
    where = args.database or "the instance folder"
    if is_postgres(where):
        from companion.storage.postgres import redact

        where = redact(where)
    workers = f"{args.workers} worker{'s' if args.workers > 1 else ''} of {args.threads} threads"
    print(f"tables are kept in {where}; {workers}; stop with Ctrl+C", flush=True)
    server = Server(lambda: create_app(config), args)
    server.run()
    return EXIT_OK


class Server(BaseApplication):
    """The app behind gunicorn: ``--workers`` processes of ``--threads`` threads each.

    Each worker builds its own app (its own database connections and, for
    PostgreSQL, its own listener); the store keeps what they share (the tables,
    the wrong-link throttle, the photo readers). Chosen over waitress by
    measurement (``docs/server.md``): workers as processes use both cores, and a
    live stream holds a thread that stays cheap while it waits.
    """

    def __init__(self, make_app: Callable[[], Flask], args: argparse.Namespace) -> None:
        self.make_app = make_app
        self.args = args
        self.app: Flask | None = None
        super().__init__()

    def load_config(self) -> None:
        settings = {
            "bind": f"{self.args.host}:{self.args.port}",
            "workers": self.args.workers,
            "worker_class": "gthread",
            "threads": self.args.threads,
            # A live stream lasts LIVE_STREAM_SECONDS; a worker busy that long is not stuck.
            "timeout": 600,
            "graceful_timeout": 5,
            "keepalive": 5,
            # Off unless asked: each line is written under one lock, which every request's
            # thread then waits on behind the interpreter lock (docs/server.md, "Measured").
            "accesslog": self.args.access_log,
            "errorlog": "-",
            "worker_exit": self._closed,
            # No control socket: several servers (tests, a second table room) share a machine.
            "control_socket_disable": True,
        }
        for key, value in settings.items():
            self.cfg.set(key, value)

    def load(self) -> Flask:
        from web import warm

        app = self.make_app()
        warm(app)  # each worker compiles its pages before its first phone
        # What the worker holds now (the modules, the catalogs, the app, its templates) lives
        # as long as the worker: kept out of the collector's full passes, which otherwise
        # walked it all and stopped every thread for 50-65 ms (docs/server.md, "Measured").
        gc.freeze()
        if self.args.table is not None:
            app.extensions["live"].follow(self.args.table)
            print(f"the camera follows table {self.args.table}", flush=True)
        self.app = app
        return app

    def _closed(self, server: object, worker: object) -> None:
        """Stop the camera and close the store as a worker leaves."""
        if self.app is not None:
            from web import tables

            tables.close(self.app)


def add_commands(sub: Commands) -> None:
    """Add serve."""
    p = sub.add_parser("serve", help="start the web app")
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=whole("--port", 1, 65535), default=8000)
    p.add_argument(
        "--workers",
        type=whole("--workers", 1, 64),
        default=1,
        help="server processes (several need the camera off; a cafe: 2-4 per core)",
    )
    p.add_argument(
        "--threads",
        type=whole("--threads", 2, 1000),
        default=256,
        help="threads per worker (each live stream holds one while it waits)",
    )
    p.add_argument(
        "--database",
        help="SQLite file of the tables (default: the instance folder) or a postgresql:// URL",
    )
    p.add_argument(
        "--camera",
        help="camera index (0), stream URL or recorded video file the host pages can follow",
    )
    p.add_argument(
        "--access-log",
        metavar="FILE",
        help="write a line per request to FILE ('-' for the terminal); off by default",
    )
    p.add_argument("--table", help="id of the table the camera follows from the start")
    p.add_argument(
        "--window", type=whole("--window", 1, 1000), default=1, help="readings voted per still view"
    )
    p.add_argument("--resolution", choices=["720p", "1080p", "4k"], help="camera mode to ask for")
    p.set_defaults(func=cmd_serve)
