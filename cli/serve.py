"""``companion serve``: the web app for the phones at the table (and a camera it follows)."""

from __future__ import annotations

import argparse
import io
import socket
from typing import Any

import qrcode

from cli.command import EXIT_OK, BadInput, Commands, whole


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
    from web import create_app, tables

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
        tables.close(app)
    return EXIT_OK


def add_commands(sub: Commands) -> None:
    """Add serve."""
    p = sub.add_parser("serve", help="start the web app")
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=whole("--port", 1, 65535), default=8000)
    p.add_argument("--database", help="SQLite file of the tables (default: the instance folder)")
    p.add_argument(
        "--camera",
        help="camera index (0), stream URL or recorded video file the host pages can follow",
    )
    p.add_argument("--table", help="id of the table the camera follows from the start")
    p.add_argument(
        "--window", type=whole("--window", 1, 1000), default=1, help="readings voted per still view"
    )
    p.add_argument("--resolution", choices=["720p", "1080p", "4k"], help="camera mode to ask for")
    p.set_defaults(func=cmd_serve)
