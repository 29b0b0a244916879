"""Safety of the web app: the secret key, CSRF tokens, headers and error answers.

Every POST carries the session's CSRF token (a hidden ``csrf_token`` field, or
the ``X-CSRF-Token`` header for scripts). Tokens in links (seats, host) are
kept out of other sites' logs by ``Referrer-Policy: no-referrer`` and out of
the companion's own log by :class:`RedactTokens`. Wrong seat or host tokens
are counted per address: after ``JOIN_ATTEMPTS`` of them within
``JOIN_WINDOW_SECONDS`` that address is answered 429 until the window passes
(:class:`JoinThrottle`), so nobody can guess a token by trying. Photos are
read one at a time (:func:`photo_slot`): a second upload waits up to
``PHOTO_WAIT_SECONDS`` and is then answered 429 ``photo.busy``, so a burst of
uploads cannot take both cores from the tables. Every answer
carries a Content-Security-Policy (scripts and styles from this site only, no
framing). Refusals are answered by ``web.errors``.
"""

from __future__ import annotations

import hmac
import logging
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

from flask import (
    Flask,
    abort,
    current_app,
    request,
    session,
)
from werkzeug.exceptions import TooManyRequests
from werkzeug.wrappers import Response

from companion.photos import BadPhoto

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        # Drawings colour pieces with style attributes; no script can run from them.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

_TOKEN_IN_PATH = re.compile(r"/(seat|host)/[^/\s?#\"]+")


def redact(text: str) -> str:
    """``text`` with every seat or host token in a path replaced by ``…``."""
    return _TOKEN_IN_PATH.sub(r"/\1/…", text)


class RedactTokens(logging.Filter):
    """A log filter that takes seat and host tokens out of every message (request lines)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


class JoinThrottle:
    """Wrong seat or host tokens per address: more than ``limit`` in ``window`` s are refused.

    Thread-safe; each address keeps at most ``limit`` timestamps, and addresses
    with nothing recent are dropped, so the memory stays bounded by the traffic
    of one window.
    """

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._lock = threading.Lock()
        self._misses: dict[str, deque[float]] = {}

    def _recent(self, address: str, now: float) -> deque[float]:
        misses = self._misses.setdefault(address, deque(maxlen=self.limit))
        while misses and now - misses[0] > self.window:
            misses.popleft()
        return misses

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may try a token again (0: it may now)."""
        now = time.monotonic()
        with self._lock:
            misses = self._recent(address, now)
            if len(misses) < self.limit:
                if not misses:
                    del self._misses[address]
                return 0.0
            return max(0.0, self.window - (now - misses[0]))

    def miss(self, address: str) -> None:
        """Count a wrong token from ``address``."""
        now = time.monotonic()
        with self._lock:
            self._recent(address, now).append(now)
            if len(self._misses) > 10_000:  # a flood of addresses: forget the quiet ones
                for other in [a for a, m in self._misses.items() if now - m[-1] > self.window]:
                    del self._misses[other]


def throttle() -> JoinThrottle:
    found: JoinThrottle = current_app.extensions["join_throttle"]
    return found


def guard_join() -> None:
    """Refuse (429) an address that tried too many wrong tokens lately."""
    wait = throttle().wait(request.remote_addr or "")
    if wait > 0:
        raise TooManyRequests(
            "too many wrong links from this device; wait a minute and scan the QR code again",
            retry_after=int(wait) + 1,
        )


def refuse_token(reason: str) -> NoReturn:
    """Count a wrong seat or host token from this address and answer 403 with ``reason``."""
    throttle().miss(request.remote_addr or "")
    abort(403, reason)


@contextmanager
def photo_slot() -> Iterator[None]:
    """Hold the app's photo reader while a photo is read (one at a time).

    Raises:
        BadPhoto: ``photo.busy`` (429) when another photo is still being read after
            ``PHOTO_WAIT_SECONDS``.
    """
    gate: threading.Semaphore = current_app.extensions["photo_gate"]
    if not gate.acquire(timeout=float(current_app.config["PHOTO_WAIT_SECONDS"])):
        raise BadPhoto(
            "photo.busy", "another photo is being read; send yours again in a few seconds", 429
        )
    try:
        yield
    finally:
        gate.release()


def secret_key(instance: Path) -> str:
    """The instance's secret key, created once and kept so sessions survive a restart."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(48), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


def csrf_token() -> str:
    """This browser session's CSRF token (made on first use)."""
    token = session.get(CSRF_FIELD)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        session[CSRF_FIELD] = token
    return token


def _check_csrf() -> None:
    if request.method != "POST":
        return
    expected = session.get(CSRF_FIELD)
    given = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD) or ""
    if not isinstance(expected, str) or not hmac.compare_digest(expected, given):
        abort(400, "the form is out of date or came from another site; reload the page")


def init_app(app: Flask) -> None:
    """CSRF checks, security headers, the wrong-link throttle and the photo reader."""
    app.before_request(_check_csrf)
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.extensions["join_throttle"] = JoinThrottle(
        int(app.config["JOIN_ATTEMPTS"]), float(app.config["JOIN_WINDOW_SECONDS"])
    )
    app.extensions["photo_gate"] = threading.BoundedSemaphore(1)
    for logger in (logging.getLogger("werkzeug"), app.logger):
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        if request.endpoint != "static":
            # Pages carry a seat's private view: never keep them in a shared cache.
            response.headers.setdefault("Cache-Control", "no-store")
        return response
