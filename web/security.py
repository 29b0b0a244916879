"""Safety of the web app: the secret key, CSRF tokens, headers and the shared limits.

Every POST carries the session's CSRF token (a hidden ``csrf_token`` field, or
the ``X-CSRF-Token`` header for scripts). Tokens in links (seats, host) are
kept out of other sites' logs by ``Referrer-Policy: no-referrer`` and out of
the companion's own log by :class:`RedactTokens`. Wrong seat or host tokens
are counted per address and table (:func:`refuse_token`): past
``JOIN_ATTEMPTS`` of them within ``JOIN_WINDOW_SECONDS`` the guesser is
answered 429, while a valid link is never refused. Photos are limited per
address and read a few at a time over all workers (:func:`photo_slot`), so a
burst of uploads cannot take the cores from the tables. Both limits live in
the table store, shared by every worker. Every answer carries a
Content-Security-Policy (scripts and styles from this site only, no
framing). Refusals are answered by ``web.errors``.
"""

from __future__ import annotations

import hmac
import logging
import re
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

from flask import (
    Flask,
    current_app,
    request,
    session,
)
from werkzeug.exceptions import TooManyRequests
from werkzeug.wrappers import Response

from companion.photos import BadPhoto
from companion.sessions import BadRequest, Forbidden, TableStore
from companion.storage import Backend

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

PHOTO_POLL_SECONDS = 0.1
"""How often an upload waiting for a photo reader asks again."""

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


def _address() -> str:
    return request.remote_addr or ""


def _limits() -> Backend:
    """Where the counts every worker shares are kept: the table store's backend."""
    store: TableStore = current_app.extensions["tables"]
    return store.backend


def refuse_token(table_id: str, reason: str, code: str) -> NoReturn:
    """Count a wrong seat or host token from this address for this table; 403 with ``reason``
    (``code`` says it in the page's language).

    Past ``JOIN_ATTEMPTS`` wrong tokens for one table from one address within
    ``JOIN_WINDOW_SECONDS`` the answer is 429 with ``Retry-After`` instead: the
    guesser waits, the table does not (a valid link is never counted or refused,
    so phones behind one router keep playing). The count is kept in the store,
    so every worker sees the same one.
    """
    window = float(current_app.config["JOIN_WINDOW_SECONDS"])
    key = f"{_address()} {table_id}"
    now = time.time()
    if _limits().hit("join", key, now, window) > int(current_app.config["JOIN_ATTEMPTS"]):
        oldest = _limits().hits("join", key, now - window)[:1] or [now]
        raise TooManyRequests(
            "too many wrong links to this table from this device; wait a minute and scan "
            "the QR code again",
            retry_after=max(1, int(oldest[0] + window - now) + 1),
        )
    raise Forbidden(reason, code=code)


@contextmanager
def photo_slot() -> Iterator[None]:
    """Hold one of the server's photo readers while a photo is read.

    Two limits, both kept in the store so every worker shares them: an address
    may send ``PHOTO_PER_ADDRESS`` photos within ``PHOTO_WINDOW_SECONDS``, and
    ``PHOTO_READERS`` photos are read at once over all workers (a slot is
    leased for ``PHOTO_LEASE_SECONDS``, so a killed worker's slot frees
    itself); another upload waits up to ``PHOTO_WAIT_SECONDS`` for a slot.

    Raises:
        BadPhoto: ``photo.too_many`` (429) past the address's limit, ``photo.busy``
            (429) when no reader was free in time.
    """
    config = current_app.config
    now = time.time()
    window = float(config["PHOTO_WINDOW_SECONDS"])
    if _limits().hit("photo", _address(), now, window) > int(config["PHOTO_PER_ADDRESS"]):
        raise BadPhoto(
            "photo.too_many",
            f"this device sent more than {config['PHOTO_PER_ADDRESS']} photos in "
            f"{window:.0f} seconds; wait a little and send it again",
            429,
            {"limit": int(config["PHOTO_PER_ADDRESS"]), "seconds": f"{window:.0f}"},
        )
    holder = secrets.token_hex(8)
    readers = int(config["PHOTO_READERS"])
    lease = float(config["PHOTO_LEASE_SECONDS"])
    deadline = time.monotonic() + float(config["PHOTO_WAIT_SECONDS"])
    while not _limits().acquire("photo", holder, readers, time.time(), time.time() + lease):
        if time.monotonic() >= deadline:
            raise BadPhoto(
                "photo.busy", "another photo is being read; send yours again in a few seconds", 429
            )
        time.sleep(PHOTO_POLL_SECONDS)
    try:
        yield
    finally:
        _limits().release("photo", holder)


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
        raise BadRequest(
            "the form is out of date or came from another site; reload the page",
            code="table.stale_form",
        )


def init_app(app: Flask) -> None:
    """CSRF checks, security headers and the log filter that keeps tokens out."""
    app.before_request(_check_csrf)
    app.jinja_env.globals["csrf_token"] = csrf_token
    # werkzeug's and gunicorn's request logs, and the app's own error log.
    names = ("werkzeug", "gunicorn.access", "gunicorn.error")
    for logger in (*(logging.getLogger(name) for name in names), app.logger):
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
