"""``companion serve``: the LAN address, a terminal QR code, and a working app."""

from __future__ import annotations

import ipaddress
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from cli.serve import lan_address, terminal_qr

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


def test_serve_prints_the_address_and_serves_the_app(tmp_path: Path) -> None:
    port = free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "cli", "serve", "--host", "127.0.0.1"),
            *("--port", str(port), "--database", str(tmp_path / "tables.sqlite")),
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
