"""Safety of the web app: the secret key, CSRF tokens, headers and error answers.

Every POST carries the session's CSRF token (a hidden ``csrf_token`` field, or
the ``X-CSRF-Token`` header for scripts). Tokens in links (seats, host) are
kept out of other sites' logs by ``Referrer-Policy: no-referrer``. Engine and
table errors become 4xx answers that carry the reason.
"""

from __future__ import annotations

import hmac
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, abort, jsonify, render_template, request, session
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge
from werkzeug.wrappers import Response

from companion.games import EngineError, IllegalMove
from companion.sessions import SessionError

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"


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


def status_of(exc: EngineError) -> int:
    """The HTTP status of an engine or table error."""
    if isinstance(exc, SessionError):
        return exc.status
    if isinstance(exc, IllegalMove):
        return 422
    return 400


def wants_json() -> bool:
    return (
        request.path.endswith(".json")
        or request.is_json
        or request.accept_mimetypes.best == "application/json"
    )


def error_body(code: str | None, reason: str) -> dict[str, Any]:
    return {"error": code or "error", "reason": reason}


def init_app(app: Flask) -> None:
    """CSRF checks, security headers and the error handlers."""
    app.before_request(_check_csrf)
    app.jinja_env.globals["csrf_token"] = csrf_token

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        if request.endpoint != "static":
            # Pages carry a seat's private view: never keep them in a shared cache.
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    @app.errorhandler(EngineError)
    def engine_error(exc: EngineError) -> tuple[Any, int]:
        code = exc.code if isinstance(exc, IllegalMove) else type(exc).__name__
        return _answer(code, str(exc), status_of(exc))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> tuple[Any, int]:
        status = exc.code or 500
        if isinstance(exc, RequestEntityTooLarge):
            limit = app.config["MAX_CONTENT_LENGTH"] // (1024 * 1024)
            return _answer("too_large", f"the upload is larger than {limit} MB", status)
        return _answer(exc.name.lower().replace(" ", "_"), exc.description or exc.name, status)


def _answer(code: str | None, reason: str, status: int) -> tuple[Any, int]:
    if wants_json():
        return jsonify(error_body(code, reason)), status
    return render_template("error.html", code=code, reason=reason, status=status), status
