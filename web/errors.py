"""Every error the app answers, as a page or as JSON: a code, a clear reason, the right status.

Engine and table errors (``EngineError``: an unreadable or illegal move, a bad
setup, a wrong turn, a stale version, no such table, a refused photo, the
camera) and HTTP errors (a wrong link, a missing field, an upload over
``MAX_CONTENT_LENGTH``, too many wrong links) become ``{"error": code,
"reason": ...}`` for JSON routes and clients, else ``error.html`` saying the
same, with the status the error carries. Nothing the app refuses is answered
500.

A route that shows a refusal on its own page (the seat page with the refused
move, the photo form with what was wrong) catches the error itself and asks
:func:`status_of` for the status. An upload over the limit is refused before
any route runs: the pages named in ``upload_forms`` (the photo score form)
show it with their form again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask, current_app, jsonify, make_response, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, TooManyRequests

from companion.app_reasons import http_said, said
from companion.games import EngineError, IllegalMove
from companion.photos import BadPhoto
from companion.sessions import SessionError
from web.i18n import pick_language

UploadForm = Callable[[BadPhoto], ResponseReturnValue]
"""A page that shows an upload's refusal with its form again."""


def init_app(app: Flask, upload_forms: Mapping[str, UploadForm]) -> None:
    """Answer every engine, table and HTTP error; ``upload_forms`` by endpoint."""
    forms = dict(upload_forms)

    @app.errorhandler(RequestEntityTooLarge)
    def upload_too_large(exc: RequestEntityTooLarge) -> ResponseReturnValue:
        """Over the limit (refused before the route runs): on an upload form's page, that
        page again with the reason and the form; elsewhere the app's answer."""
        form = forms.get(request.endpoint or "")
        if form is None or wants_json():
            return http_error(exc)
        limit = int(current_app.config["MAX_CONTENT_LENGTH"]) // (1024 * 1024)
        try:
            return form(
                BadPhoto(
                    "photo.too_large",
                    f"the photo is larger than {limit} MB",
                    413,
                    {"limit": limit},
                )
            )
        except EngineError as refused:  # the form's own table is not there
            return engine_error(refused)
        except HTTPException as refused:
            return http_error(refused)

    app.register_error_handler(EngineError, engine_error)
    app.register_error_handler(HTTPException, http_error)


def status_of(exc: EngineError) -> int:
    """The HTTP status of an engine or table error."""
    if isinstance(exc, SessionError):
        return exc.status
    if isinstance(exc, IllegalMove):
        return 422
    return 400


def wants_json() -> bool:
    """Whether this request is answered in JSON (a ``.json`` route, a JSON body or Accept)."""
    return (
        request.path.endswith(".json")
        or request.is_json
        or request.accept_mimetypes.best == "application/json"
    )


def error_body(code: str | None, reason: str) -> dict[str, Any]:
    """The JSON of a refusal."""
    return {"error": code or "error", "reason": reason}


def engine_error(exc: EngineError) -> tuple[Any, int]:
    """The answer to an engine or table error: its code (or kind) and reason, the page's
    reason in the page's language."""
    code = exc.code if isinstance(exc, IllegalMove | BadPhoto) else type(exc).__name__
    return _answer(code, str(exc), status_of(exc), said(exc, pick_language()), exc.code)


def http_error(exc: HTTPException) -> tuple[Any, int]:
    """The answer to an HTTP error: its code and reason, as a page or as JSON."""
    status = exc.code or 500
    if isinstance(exc, RequestEntityTooLarge):
        limit = current_app.config["MAX_CONTENT_LENGTH"] // (1024 * 1024)
        english = f"the upload is larger than {limit} MB"
        return _answer("too_large", english, status, http_said(status, english, pick_language()))
    if isinstance(exc, TooManyRequests):
        english = str(exc.description)
        body, status = _answer(
            "too_many_attempts", english, status, http_said(status, english, pick_language())
        )
        answer = make_response(body, status)
        answer.headers["Retry-After"] = str(exc.retry_after or 60)
        return answer, status
    english = exc.description or exc.name
    shown = http_said(status, english, pick_language())
    return _answer(exc.name.lower().replace(" ", "_"), english, status, shown)


def _answer(
    code: str | None, reason: str, status: int, shown: str, details: str | None = None
) -> tuple[Any, int]:
    """JSON with the code and the English ``reason``, or the error page saying ``shown``
    (the reason in the page's language) with ``details`` (else ``code``) folded away."""
    if wants_json():
        return jsonify(error_body(code, reason)), status
    page = render_template(
        "error.html", code=details or code, reason=shown, english=reason, status=status
    )
    return page, status
