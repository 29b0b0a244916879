"""``companion serve``: the LAN address, a terminal QR code, and a working app."""

from __future__ import annotations

import argparse
import gc
import ipaddress
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from cli.serve import Server, lan_address, terminal_qr
from web import create_app

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_lan_address_is_an_ipv4_address() -> None:
    assert ipaddress.ip_address(lan_address()).version == 4


def test_terminal_qr_is_drawn_with_blocks() -> None:
    art = terminal_qr("http://192.168.1.20:8000/")
    lines = art.splitlines()
    assert len(lines) > 10
    assert any(ch in art for ch in "█▀▄")


def test_a_served_worker_compiles_every_page_before_its_first_phone(tmp_path: Path) -> None:
    """Each worker compiles its templates as it starts (the app's and a game's own folder,
    the tests' sixth game's), so no phone's first request pays for it, then freezes what it
    holds (``gc.freeze``)."""
    args = argparse.Namespace(
        host="127.0.0.1", port=free_port(), workers=1, threads=4, access_log=None, table=None
    )
    config = {"DATABASE": str(tmp_path / "tables.sqlite"), "SECRET_KEY": "test"}
    server = Server(lambda: create_app(config), args)
    try:
        app = server.load()
        # What the worker holds once loaded is kept out of the collector's full passes.
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()  # this test process is not a worker
    compiled = {name for _, name in app.jinja_env.cache or {}}
    every = {name for name in app.jinja_env.list_templates() if name.endswith(".html")}
    assert {
        "seat.html",
        "seat_regions.html",
        "games/noah_seat.html",
        "games/pond_seat.html",
    } <= every
    assert every <= compiled
    # A worker's app as the tests make it, never served: nothing is compiled until asked.
    assert not create_app(config).jinja_env.cache


def test_serve_prints_the_address_and_serves_the_app(tmp_path: Path) -> None:
    """It serves the app; ``--access-log FILE`` writes a line per request there."""
    port = free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    access = tmp_path / "access.log"
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "cli", "serve", "--host", "127.0.0.1"),
            *("--port", str(port), "--database", str(tmp_path / "tables.sqlite")),
            *("--access-log", str(access)),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first
        page = ""
        for _ in range(50):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    page = answer.read().decode()
                break
            except OSError:
                time.sleep(0.1)
        assert "Noah" in page and "/new/noah" in page
        assert (tmp_path / "tables.sqlite").exists()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert '"GET / HTTP/1.1" 200' in access.read_text()


def test_make_run_serves_on_the_port_given_through_the_production_server(tmp_path: Path) -> None:
    """``make run PORT=...`` serves there under gunicorn, with no development-server warning.

    ``BIN`` is this interpreter's folder and ``STAMP`` empty, so make uses the
    installed venv as it is instead of installing it again.
    """
    port = free_port()
    database = tmp_path / "tables.sqlite"
    proc = subprocess.Popen(
        [
            *("make", "--no-print-directory", "-C", str(ROOT), "run", "HOST=127.0.0.1"),
            *(
                f"PORT={port}",
                f"DATABASE={database}",
                "STAMP=",
                f"BIN={Path(sys.executable).parent}",
            ),
        ],
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(3)]  # make echoes the command first
        assert any(f"open http://127.0.0.1:{port}/ on a phone" in line for line in lines), lines
        page = ""
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    page = answer.read().decode()
                    server = answer.headers.get("Server", "")
                break
            except OSError:
                time.sleep(0.1)
        assert "/new/noah" in page
        assert "gunicorn" in server.lower()
        assert database.exists()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        output, _ = proc.communicate(timeout=20)
    assert "development server" not in output.lower()
    assert "Booting worker" in output  # gunicorn's own log
    assert "GET / HTTP" not in output  # no line per request unless --access-log asks
