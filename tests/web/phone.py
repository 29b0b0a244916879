"""A phone over real HTTP: a session cookie, its CSRF token, JSON moves and live streams.

Used by the tests that run the real server (crash, races, the crawl) and by
``bench.web_load``. Standard library only (``http.client``): one keep-alive
connection per phone, as a browser keeps one.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from werkzeug.serving import make_server

from web import create_app

ROOT = Path(__file__).resolve().parents[2]
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Answer:
    """An HTTP answer: status, headers (lower-case names) and body."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Phone:
    """One browser session on ``127.0.0.1:port``: its cookie and CSRF token, one connection."""

    def __init__(self, port: int, timeout: float = 10.0) -> None:
        self.port = port
        self.timeout = timeout
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        self.cookie = ""
        self.csrf = ""

    def close(self) -> None:
        self.conn.close()

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        sent = {"Cookie": self.cookie} if self.cookie else {}
        sent.update(headers or {})
        try:
            self.conn.request(method, path, body=body, headers=sent)
            raw = self.conn.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # The server closed the kept-alive connection: one fresh try, as a browser does.
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
            self.conn.request(method, path, body=body, headers=sent)
            raw = self.conn.getresponse()
        answer = Answer(raw.status, {k.lower(): v for k, v in raw.getheaders()}, raw.read())
        cookie = answer.headers.get("set-cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return answer

    def get(self, path: str, **headers: str) -> Answer:
        return self.request("GET", path, headers=headers)

    def join(self) -> Phone:
        """Open the home page: the session cookie and its CSRF token."""
        match = CSRF.search(self.get("/").text)
        assert match, "the home page carries a CSRF token"
        self.csrf = match[1]
        return self

    def post_json(self, path: str, data: Any) -> Answer:
        body = json.dumps(data).encode()
        headers = {"Content-Type": "application/json", "X-CSRF-Token": self.csrf}
        return self.request("POST", path, body=body, headers=headers)

    def post_raw(self, path: str, body: bytes, content_type: str) -> Answer:
        headers = {"Content-Type": content_type, "X-CSRF-Token": self.csrf}
        return self.request("POST", path, body=body, headers=headers)


def events(text: str) -> Iterator[tuple[str, str]]:
    """The server-sent events in ``text`` (whole events, as a stream's chunks carry them) as
    ``(name, data)``, read as EventSource reads them (the data lines joined by line ends);
    comments and a bare ``retry`` are skipped."""
    for block in text.split("\n\n"):
        lines = block.split("\n")
        data = [line[6:] for line in lines if line.startswith("data: ")]
        if data:
            name = next((line[7:] for line in lines if line.startswith("event: ")), "message")
            yield name, "\n".join(data)


class Stream:
    """A live stream (server-sent events) held open on its own connection and thread.

    Collects every event's data and sets ``heard`` on each; ``close`` ends it. ``cookie``:
    the phone's session (a seat's stream sends its regions to a session with its form token).
    """

    def __init__(self, port: int, path: str, cookie: str = "") -> None:
        self.data: list[str] = []
        self.raw = bytearray()
        self.error: str | None = None
        self._closing = False
        self.heard = threading.Event()
        self._conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self._conn.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        # The response keeps the socket once the connection lets it go (a stream's answer
        # ends when the connection closes): closing the stream shuts it down.
        self._socket = self._conn.sock
        self.response = self._conn.getresponse()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            while True:
                line = self.response.fp.readline()
                if not line:
                    return
                self.raw.extend(line)
                if line.startswith(b"data:"):
                    self.data.append(line[5:].strip().decode())
                    self.heard.set()
        except (OSError, ValueError, AttributeError) as exc:
            if self.error is None and not self._closing:
                self.error = repr(exc)

    def close(self) -> None:
        self._closing = True
        if self._socket is not None:
            with suppress(OSError):
                self._socket.shutdown(socket.SHUT_RDWR)
        self._conn.close()
        self._thread.join(5)


def wait_until_serving(port: int, deadline: float = 30.0) -> None:
    """Wait until the server on ``port`` answers its home page."""
    end = time.monotonic() + deadline
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/")
            if conn.getresponse().status == 200:
                conn.close()
                return
        except OSError:
            time.sleep(0.05)  # not listening yet
        if time.monotonic() > end:
            raise TimeoutError(f"no server on port {port}")
        time.sleep(0.05)


def start_server(
    database: Path | str,
    port: int,
    log: Path,
    *,
    workers: int = 1,
    threads: int | None = None,
    access_log: bool = False,
) -> subprocess.Popen[bytes]:
    """``companion serve`` as its own process on the loopback, its output into ``log``.

    ``database`` is an SQLite file or a PostgreSQL URL; ``workers`` the server's processes,
    ``threads`` each one's threads (None: the command's default); ``access_log``: a line
    per request in the output too.
    """
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [
                *(sys.executable, "-m", "cli", "serve", "--host", "127.0.0.1"),
                *("--port", str(port), "--database", str(database)),
                *("--workers", str(workers)),
                *(("--threads", str(threads)) if threads is not None else ()),
                *(("--access-log", "-") if access_log else ()),
            ],
            cwd=ROOT,
            env=dict(os.environ, PYTHONUNBUFFERED="1"),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its workers in its own group: kill_server ends them all
        )
    try:
        wait_until_serving(port)
    except TimeoutError:
        kill_server(proc)
        raise
    return proc


def kill_server(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the server and every worker of it at once, as a machine's crash would."""
    with suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)


def workers_of(proc: subprocess.Popen[bytes]) -> list[int]:
    """The pids of the server's worker processes (the gunicorn master's children)."""
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    return [int(pid) for pid in children.read_text().split()]


@contextmanager
def serving(config: dict[str, Any]) -> Iterator[tuple[int, Any]]:
    """The app served in this process by threaded werkzeug on a free loopback port.

    Yields the port and the app; stops the server and closes the store after.
    """
    app = create_app(config)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.server_port, app
    finally:
        httpd.shutdown()
        thread.join(5)
        httpd.server_close()
        app.extensions["tables"].close()
