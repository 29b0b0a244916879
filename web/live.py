"""Live: the table's version as server-sent events, and the camera that follows a table.

Every page of a table opens :func:`stream`, which sends the log's version now
and whenever it changes (the store says when: PostgreSQL by NOTIFY, SQLite by
a check every ``LIVE_POLL_SECONDS``), for ``LIVE_STREAM_SECONDS``; the page
fetches its live regions when it moves on. A seat page opens its own stream
instead (:func:`seat_stream`), which carries the seat's new live regions
themselves, drawn in the stream's thread, so a waiting phone makes no request
for a move. A worker holds at most ``LIVE_STREAMS`` streams. With a camera
(``companion serve --camera``), the host starts following the table, sees the
live picture, and the host or the player to move answers the camera's
question by a tap; ``live.json`` says what it concluded last.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    redirect,
    request,
    session,
    stream_with_context,
    url_for,
)

from companion.games import DocumentError, whole_number
from companion.live import LiveError
from companion.sessions import BadRequest, Forbidden, StoreClosed, TableNotFound
from web import tables
from web.departures import Departures
from web.pages import Page, live_status, version_of
from web.play import seat_page
from web.security import CSRF_FIELD

bp = Blueprint("live", __name__)


HEARTBEAT_SECONDS = 15.0
"""A quiet stream sends a comment this often, so proxies keep it open."""

GONE_CHECK_SECONDS = 0.5
"""How often a waiting stream looks whether its phone is still there, when the worker cannot
tell it at once (:mod:`web.departures`: no ``epoll``, or no socket under the stream); a page
that reloads closes its stream, and the thread it held is free again within this."""


def _gone(connection: socket.socket | None) -> bool:
    """Whether the phone closed the stream's connection (it reads as ended, without waiting)."""
    if connection is None:
        return False
    try:
        return connection.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False  # open, nothing sent: the phone is still listening
    except OSError:
        return True


@bp.get("/t/<table_id>/stream")
def stream(table_id: str) -> Response:
    """Server-sent events: the table's version now and whenever it changes.

    Each stream holds one of the worker's threads for ``LIVE_STREAM_SECONDS``;
    past ``LIVE_STREAMS`` of them the page gets the version and is told to come
    back in ``LIVE_BUSY_RETRY_SECONDS``, so the threads stay free for moves.
    """
    first = tables.store().load(table_id).version  # 404 for an unknown table
    return _events(table_id, first, None)


@bp.get("/t/<table_id>/seat/<token>/stream")
def seat_stream(table_id: str, token: str) -> Response:
    """A seat page's server-sent events: the version now, then each new version's live regions.

    When the table moves on, the stream's thread draws the seat's live regions
    (the document ``/regions`` answers: ``view(seat)`` only, in the page's
    language, with the choices the page composed in the query this stream was
    opened with) and sends them as a ``regions`` event, which ``live.js`` swaps in
    place without a request. It sends the ``version`` alone, for the page to fetch
    its regions as other pages do, when it cannot: at its start, for regions over
    ``LIVE_REGIONS_BYTES``, when they could not be drawn, or for a session without
    its form token (a token made here would never reach the phone's cookie). The
    same cap, busy answer, heartbeat and gone-phone check as :func:`stream`.
    """
    table, seat = tables.seat(table_id, token)  # 403, counted, for a wrong token
    limit = int(current_app.config["LIVE_REGIONS_BYTES"])
    store = tables.store()

    def regions(version: int) -> tuple[int, bytes] | None:
        now = store.load(table_id, at_least=version)  # the worker's replay, when it has it
        event = _event("regions", seat_page(now, seat, template="seat_regions.html"))
        return (now.version, event) if len(event) <= limit else None

    keeps_token = isinstance(session.get(CSRF_FIELD), str)
    return _events(table.id, table.version, regions if keeps_token else None)


def _version(version: int) -> bytes:
    """The event of a new ``version`` alone."""
    return f"event: version\ndata: {version}\n\n".encode()


def _event(name: str, data: str) -> bytes:
    """One server-sent event named ``name`` carrying ``data`` (any text, over several lines:
    each line end EventSource knows starts a ``data:`` line), as the bytes sent."""
    lines = data.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\ndata: ")
    return f"event: {name}\ndata: {lines}\n\n".encode()


def _events(
    table_id: str, first: int, regions: Callable[[int], tuple[int, bytes] | None] | None
) -> Response:
    """The stream of ``table_id`` from version ``first``: each new version as a ``version``
    event, or as the ``regions`` event ``regions`` draws of it (their version and the event;
    None when it is too large), the version alone when it fails."""
    store = tables.store()
    lifetime = float(current_app.config["LIVE_STREAM_SECONDS"])
    busy_retry = int(float(current_app.config["LIVE_BUSY_RETRY_SECONDS"]) * 1000)
    gate: threading.BoundedSemaphore = current_app.extensions["live_streams"]
    departures: Departures = current_app.extensions["departures"]
    # The connection under the stream (gunicorn's or werkzeug's), to notice a gone phone.
    environ = request.environ
    connection = environ.get("gunicorn.socket") or environ.get("werkzeug.socket")

    def news(version: int) -> tuple[int, bytes]:
        """What to send of ``version``: its regions when they can be drawn, else itself."""
        if regions is not None:
            try:
                drawn = regions(version)
            except StoreClosed:
                raise
            except Exception:  # the page fetches its regions instead, and shows the refusal
                current_app.logger.exception("a seat's live regions were not drawn in its stream")
                drawn = None
            if drawn is not None:
                return drawn
        return version, _version(version)

    def events() -> Iterator[bytes]:
        if not gate.acquire(blocking=False):
            yield f"retry: {busy_retry}\n\n".encode() + _version(first)
            return
        try:
            # retry: the browser reconnects half a second after the stream ends.
            yield b"retry: 500\n\n"
            last = first
            yield _version(last)
            end = time.monotonic() + lifetime
            beat = time.monotonic() + HEARTBEAT_SECONDS
            while (left := end - time.monotonic()) > 0 and not _gone(connection):
                # Told at once when its phone leaves, a stream wakes for news or its heartbeat.
                told = departures.watch(connection, table_id)
                wait = beat - time.monotonic() if told else GONE_CHECK_SECONDS
                version = store.wait(table_id, last, timeout=max(0.0, min(wait, left)))
                if version != last:
                    if regions is not None and _gone(connection):
                        return  # the page left (a form was sent): draw nothing for it
                    last, sent = news(version)
                    beat = time.monotonic() + HEARTBEAT_SECONDS
                    yield sent
                elif time.monotonic() >= beat:
                    beat = time.monotonic() + HEARTBEAT_SECONDS
                    yield b": still here\n\n"
        except StoreClosed:
            return
        finally:
            departures.forget(connection)
            gate.release()

    return Response(
        stream_with_context(events()),
        mimetype="text/event-stream",
        headers={"X-Accel-Buffering": "no"},
    )


def init_app(app: Flask) -> None:
    """The cap on live streams per worker (``LIVE_STREAMS``), and the watch on their phones."""
    app.extensions["live_streams"] = threading.BoundedSemaphore(int(app.config["LIVE_STREAMS"]))
    app.extensions["departures"] = Departures(app.extensions["tables"].wake)


@bp.post("/t/<table_id>/host/<token>/live/start")
def start(table_id: str, token: str) -> Page:
    """The host points the app's camera at this table."""
    table = tables.host(table_id, token)
    tables.camera().follow(table.id)
    return redirect(url_for("host.page", table_id=table.id, token=token), 303)


@bp.get("/t/<table_id>/host/<token>/live.jpg")
def picture(table_id: str, token: str) -> Page:
    """The camera's latest frame with the tags boxed and the last change on top."""
    table = tables.host(table_id, token)
    following = tables.camera().of(table.id)
    data = following.jpeg() if following is not None else None
    if data is None:
        raise TableNotFound(
            "the camera has not sent a picture of this table yet", code="table.camera_no_picture"
        )
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.get("/t/<table_id>/live.json")
def status(table_id: str) -> Page:
    """What the camera concluded last about this table (the table is in plain view)."""
    tables.load(table_id)  # 404 for an unknown table
    return jsonify(live_status(table_id))


def _answer(table_id: str) -> None:
    """Apply the tapped candidate of the camera's question."""
    following = tables.camera().of(table_id)
    if following is None:
        raise LiveError("the camera is not following this table", code="table.camera_not_here")
    try:
        choice = whole_number(request.form.get("choice"), what="the choice", low=0, high=999)
    except DocumentError as exc:
        raise BadRequest(f"the answer names no candidate: {exc}", code="table.no_choice") from exc
    following.answer(choice, version_of(request.form.get("version")))


@bp.post("/t/<table_id>/host/<token>/live/answer")
def host_answer(table_id: str, token: str) -> Page:
    table = tables.host(table_id, token)
    _answer(table.id)
    return redirect(url_for("host.page", table_id=table.id, token=token), 303)


@bp.post("/t/<table_id>/seat/<token>/live/answer")
def seat_answer(table_id: str, token: str) -> Page:
    table, s = tables.seat(table_id, token)
    if not table.may_move(s.player):
        raise Forbidden(
            f"it is {table.state.to_move}'s move; they answer the camera's question",
            code="table.camera_answer_by",
            params={"player": table.state.to_move},
        )
    _answer(table.id)
    return redirect(url_for("play.seat", table_id=table.id, token=s.token), 303)
