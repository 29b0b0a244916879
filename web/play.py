"""Playing at a table: the host page, each seat's page, the public board and scores.

A seat's page and JSON only ever carry ``view(seat)`` and the history as
``public_move(move, seat)``; the public board carries ``view(None)``. The host
token opens the host page (QR codes, undo, the saved state). Every page opens a
server-sent event stream that reports the table's version, so phones reload
within a second of a change.
"""

from __future__ import annotations

import base64
import json
import re
import time
from collections.abc import Iterator
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from companion import boards, photo_score, photos, scanning
from companion.catalog_info import piece
from companion.games import EngineError, IllegalMove, InvalidMove
from companion.games import advice as advise
from companion.live import LiveError
from companion.sessions import (
    HOST,
    Conflict,
    Forbidden,
    Seat,
    StoreClosed,
    Table,
    check,
)
from web import present, tables
from web.errors import UploadForm, error_body, status_of, wants_json
from web.i18n import pick_language
from web.qr import qr_svg
from web.security import photo_slot

bp = Blueprint("play", __name__)

Page = str | tuple[str, int] | tuple[BaseResponse, int] | BaseResponse


def _move_form(*, versioned: bool = True) -> tuple[Any, int]:
    """The submitted move (JSON object, JSON text or notation) and the page's version."""
    data: Any = request.get_json(silent=True) if request.is_json else request.form
    if not data or not hasattr(data, "get") or "move" not in data:
        abort(400, "the request names no move (send a form or a JSON object with 'move')")
    if not versioned:
        return data["move"], -1
    try:
        version = int(data.get("version", ""))
    except (TypeError, ValueError):
        abort(400, "the request does not say which version of the table it was made on")
    return data["move"], version


def _context(table: Table, viewer: str | None) -> dict[str, Any]:
    lang = pick_language()
    status, kind = present.turn_line(table, viewer, lang)
    view = table.state.view(viewer)
    return {
        "table": table,
        "game": current_app.extensions["games"][table.game],
        "view": view,
        "drawing": present.drawing(table.game, view),
        "viewer": viewer,
        "status": status,
        "status_kind": kind,
        "history": present.history(table, viewer, lang),
        "over": table.state.to_move is None,
        "stream": url_for("play.stream", table_id=table.id),
        "piece": lambda pid: piece(table.game, pid),
        "name": lambda pid: present.name_of(table.game, pid, lang),
        "live": _live_status(table.id),
        "photo_scored": photo_score.scored(table.game),
        "seating": _seating(table) if photo_score.scored(table.game) else [],
    }


def _live_status(table_id: str) -> dict[str, Any] | None:
    """The camera's state for the pages of ``table_id``; None when the app has no camera."""
    hub = tables.camera()
    if hub.camera is None:
        return None
    following = hub.of(table_id)
    busy = hub.busy() and following is None
    return {
        "status": following.status() if following is not None else None,
        "busy": busy,
        "url": url_for("play.live_json", table_id=table_id),
    }


def _seat_page(
    table: Table,
    seat: Seat,
    *,
    error: EngineError | None = None,
    verdict: dict[str, Any] | None = None,
) -> str:
    lang = pick_language()
    may = table.may_move(seat.player)
    advice = advise(table.state, seat.player) if may else None
    buttons = present.move_buttons(table, lang, advice) if may else []
    total = len(table.state.legal_moves()) if may else 0
    return render_template(
        "seat.html",
        seat=seat,
        board=boards.extra(table.state, seat.player, request.args),
        buttons=buttons,
        more=max(0, total - len(buttons)),
        error=error,
        error_code=error.code if isinstance(error, IllegalMove) else None,
        verdict=verdict,
        page=url_for("play.seat", table_id=table.id, token=seat.token),
        post=url_for("play.seat_move", table_id=table.id, token=seat.token),
        check_url=url_for("play.seat_check", table_id=table.id, token=seat.token),
        scan_url=url_for("play.seat_scan", table_id=table.id, token=seat.token),
        answer_url=url_for("play.seat_answer", table_id=table.id, token=seat.token),
        **_context(table, seat.player),
    )


def _public_url(endpoint: str, **values: Any) -> str:
    base = current_app.config.get("PUBLIC_URL")
    if base:
        return str(base).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


# ---------------------------------------------------------------------- seats


@bp.get("/t/<table_id>/seat/<token>")
def seat(table_id: str, token: str) -> Page:
    table, s = tables.seat(table_id, token)
    return _seat_page(table, s)


@bp.post("/t/<table_id>/seat/<token>/move")
def seat_move(table_id: str, token: str) -> Page:
    table, s = tables.seat(table_id, token)
    move, version = _move_form()
    try:
        table = tables.store().submit(table.id, move, actor=s.player, version=version)
    except Conflict as exc:
        # Another phone was first: answer with the table as it stands now.
        now = tables.load(table_id)
        if wants_json():
            return jsonify({**error_body("Conflict", str(exc)), "current": _seat_json(now, s)}), 409
        return _seat_page(now, s, error=exc), 409
    except (IllegalMove, InvalidMove, Forbidden) as exc:
        if wants_json():
            raise
        return _seat_page(tables.load(table_id), s, error=exc), status_of(exc)
    if wants_json():
        return jsonify(_seat_json(table, s))
    return redirect(url_for("play.seat", table_id=table.id, token=s.token), 303)


@bp.post("/t/<table_id>/seat/<token>/check")
def seat_check(table_id: str, token: str) -> Page:
    table, s = tables.seat(table_id, token)
    move, _ = _move_form(versioned=False)
    try:
        verdict = check(table, move, actor=s.player)
    except (InvalidMove, Forbidden) as exc:
        if wants_json():
            raise
        return _seat_page(table, s, error=exc), status_of(exc)
    if wants_json():
        return jsonify(verdict)
    return _seat_page(table, s, verdict=verdict)


@bp.post("/t/<table_id>/seat/<token>/scan")
def seat_scan(table_id: str, token: str) -> Page:
    """A photo of the table: the overlay, the reading, and the moves it suggests."""
    table, s = tables.seat(table_id, token)
    upload = request.files.get("photo")
    if upload is None or not upload.filename:
        abort(400, "choose or take a photo of the table first")
    data = upload.stream.read(photos.MAX_PHOTO_BYTES + 1)
    with photo_slot():
        result = scanning.scan(table, data, actor=s.player)
    if wants_json():
        return jsonify(
            {
                "reading": result.reading,
                "new": list(result.new),
                "candidates": [m.to_json() for m in result.candidates],
            }
        )
    lang = pick_language()
    buttons = [
        present.MoveButton(
            present.move_label(table.game, m.to_json(), lang),
            m.notation(),
            json.dumps(m.to_json(), separators=(",", ":"), ensure_ascii=False),
        )
        for m in result.candidates
    ]
    return render_template(
        "scan.html",
        seat=s,
        scan=result,
        overlay=base64.b64encode(result.overlay_png).decode("ascii"),
        buttons=buttons,
        more=0,
        page=url_for("play.seat", table_id=table.id, token=s.token),
        post=url_for("play.seat_move", table_id=table.id, token=s.token),
        **_context(table, s.player),
    )


def _seat_json(table: Table, s: Seat) -> dict[str, Any]:
    lang = pick_language()
    may = table.may_move(s.player)
    return {
        "table": table.id,
        "game": table.game,
        "player": s.player,
        "version": table.version,
        "to_move": table.state.to_move,
        "view": table.state.view(s.player),
        "moves": [
            {"notation": b.notation, "move": json.loads(b.json), "label": b.label}
            for b in (present.move_buttons(table, lang) if may else [])
        ],
        "advice": advise(table.state, s.player) if may else None,
        "history": present.history_json(table, s.player),
        "outcome": present.outcome_json(table),
    }


@bp.get("/t/<table_id>/seat/<token>/view.json")
def seat_json(table_id: str, token: str) -> Page:
    table, s = tables.seat(table_id, token)
    return jsonify(_seat_json(table, s))


# ---------------------------------------------------------------------- host


@bp.get("/t/<table_id>/host/<token>")
def host(table_id: str, token: str) -> Page:
    table = tables.host(table_id, token)
    lang = pick_language()
    seats = []
    for s in table.seats:
        link = _public_url("play.seat", table_id=table.id, token=s.token)
        seats.append({"seat": s, "link": link, "qr": qr_svg(link)})
    chance = table.may_move(HOST)
    return render_template(
        "host.html",
        token=token,
        seats=seats,
        board_link=_public_url("play.board", table_id=table.id),
        buttons=present.move_buttons(table, lang) if chance else [],
        post=url_for("play.host_move", table_id=table.id, token=token),
        answer_url=url_for("play.host_answer", table_id=table.id, token=token),
        **_context(table, None),
    )


@bp.post("/t/<table_id>/host/<token>/move")
def host_move(table_id: str, token: str) -> Page:
    table = tables.host(table_id, token)
    move, version = _move_form()
    tables.store().submit(table.id, move, actor=HOST, version=version)
    return redirect(url_for("play.host", table_id=table.id, token=token), 303)


@bp.post("/t/<table_id>/host/<token>/undo")
def host_undo(table_id: str, token: str) -> Page:
    table = tables.host(table_id, token)
    try:
        version = int(request.form.get("version", ""))
    except ValueError:
        abort(400, "the request does not say which version of the table it was made on")
    tables.store().undo(table.id, version=version)
    return redirect(url_for("play.host", table_id=table.id, token=token), 303)


@bp.get("/t/<table_id>/host/<token>/state.json")
def host_state(table_id: str, token: str) -> Page:
    """The full state (every secret in it), to save the game: host only."""
    table = tables.host(table_id, token)
    response = jsonify(table.state.to_json())
    name = f"{table.game}-{table.id}-{table.state.ply}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# ---------------------------------------------------------------------- camera


@bp.post("/t/<table_id>/host/<token>/live/start")
def host_live_start(table_id: str, token: str) -> Page:
    """The host points the app's camera at this table."""
    table = tables.host(table_id, token)
    tables.camera().follow(table.id)
    return redirect(url_for("play.host", table_id=table.id, token=token), 303)


@bp.get("/t/<table_id>/host/<token>/live.jpg")
def host_live_picture(table_id: str, token: str) -> Page:
    """The camera's latest frame with the tags boxed and the last change on top."""
    table = tables.host(table_id, token)
    following = tables.camera().of(table.id)
    data = following.jpeg() if following is not None else None
    if data is None:
        abort(404, "the camera has not sent a picture of this table yet")
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.get("/t/<table_id>/live.json")
def live_json(table_id: str) -> Page:
    """What the camera concluded last about this table (the table is in plain view)."""
    tables.load(table_id)  # 404 for an unknown table
    return jsonify(_live_status(table_id))


def _answer(table_id: str) -> None:
    """Apply the tapped candidate of the camera's question."""
    following = tables.camera().of(table_id)
    if following is None:
        raise LiveError("the camera is not following this table")
    try:
        choice = int(request.form.get("choice", ""))
        version = int(request.form.get("version", ""))
    except ValueError:
        abort(400, "the answer names no candidate or no table version")
    following.answer(choice, version)


@bp.post("/t/<table_id>/host/<token>/live/answer")
def host_answer(table_id: str, token: str) -> Page:
    table = tables.host(table_id, token)
    _answer(table.id)
    return redirect(url_for("play.host", table_id=table.id, token=token), 303)


@bp.post("/t/<table_id>/seat/<token>/live/answer")
def seat_answer(table_id: str, token: str) -> Page:
    table, s = tables.seat(table_id, token)
    if not table.may_move(s.player):
        raise Forbidden(f"it is {table.state.to_move}'s move; they answer the camera's question")
    _answer(table.id)
    return redirect(url_for("play.seat", table_id=table.id, token=s.token), 303)


# ---------------------------------------------------------------------- public


@bp.get("/t/<table_id>")
def board(table_id: str) -> Page:
    table = tables.load(table_id)
    return render_template("board.html", **_context(table, None))


@bp.get("/t/<table_id>/board.json")
def board_json(table_id: str) -> Page:
    table = tables.load(table_id)
    return jsonify(
        {
            "table": table.id,
            "game": table.game,
            "version": table.version,
            "to_move": table.state.to_move,
            "view": table.state.view(None),
            "history": present.history_json(table, None),
            "outcome": present.outcome_json(table),
        }
    )


@bp.get("/t/<table_id>/score")
def score(table_id: str) -> Page:
    table = tables.load(table_id)
    outcome = present.outcome_json(table)
    players: list[str] = []
    rows: list[dict[str, Any]] = []
    if outcome is None:
        if wants_json():
            return jsonify(error_body("not_over", "the game is not over yet")), 409
    else:
        players, rows = present.score_rows(outcome)
    if wants_json():
        return jsonify(outcome)
    return render_template(
        "score.html", outcome=outcome, players=players, rows=rows, **_context(table, None)
    )


# ---------------------------------------------------------------------- score from a photo

_BACK = re.compile(r"/t/[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*")


def _back(table: Table) -> str:
    """The page the photo form was on (the seat, host or score page), else the score page."""
    back = request.values.get("back", "")
    if _BACK.fullmatch(back) and back.startswith(f"/t/{table.id}"):
        return back
    return url_for("play.score", table_id=table.id)


def _photo_page(
    table: Table,
    *,
    result: photo_score.PhotoScore | None = None,
    error: photos.BadPhoto | None = None,
    camera: bool = False,
    back: str | None = None,
) -> Page:
    """The form, the photo's outcome with its breakdown and overlay, or the refusal."""
    outcome = result.outcome.to_json() if result is not None else None
    players, rows = ([], []) if outcome is None else present.score_rows(outcome, table.players)
    page = render_template(
        "score_photo.html",
        result=result,
        outcome=outcome,
        players=players,
        rows=rows,
        overlay=None if result is None else base64.b64encode(result.overlay_png).decode("ascii"),
        error=error,
        camera=camera,
        back=back or _back(table),
        **_context(table, None),
    )
    return page, 200 if error is None else error.status


def _seating(table: Table) -> list[dict[str, Any]]:
    """Each seat's number, player and mats, for laying the end of the game out."""
    mats = photo_score.seat_mats(table.game, len(table.players))
    return [
        {"seat": n, "player": p, "mats": m}
        for n, (p, m) in enumerate(zip(table.players, mats, strict=True), start=1)
    ]


def _scored_table(table_id: str) -> Table:
    table = tables.load(table_id)
    if not photo_score.scored(table.game):
        abort(404, f"{table.game} is not scored from a photo")
    return table


def _photo_answer(table: Table, result: photo_score.PhotoScore, *, camera: bool) -> Page:
    if wants_json():
        return jsonify(
            {
                "outcome": result.outcome.to_json(),
                "reading": result.reading,
                "players": list(table.players),
                "recorded": False,
            }
        )
    return _photo_page(table, result=result, camera=camera)


@bp.get("/t/<table_id>/score/photo")
def score_photo(table_id: str) -> Page:
    """The form: a photo of the end-of-game layout, scored without touching the game."""
    return _photo_page(_scored_table(table_id))


@bp.post("/t/<table_id>/score/photo")
def score_photo_post(table_id: str) -> Page:
    """Score an uploaded photo of the end of the game with the table's players and state."""
    table = _scored_table(table_id)
    try:
        upload = request.files.get("photo")
        if upload is None or not upload.filename:
            raise photos.BadPhoto(
                "photo.missing", "choose or take a photo of the end of the game first"
            )
        data = upload.stream.read(photos.MAX_PHOTO_BYTES + 1)
        with photo_slot():
            result = photo_score.score_upload(table.game, data, table.players, table.state)
    except photos.BadPhoto as exc:
        if wants_json():
            raise
        return _photo_page(table, error=exc)
    return _photo_answer(table, result, camera=False)


def _upload_too_large(refusal: photos.BadPhoto) -> Page:
    """The photo score form again, for a photo over the app's upload limit."""
    table = _scored_table(str((request.view_args or {}).get("table_id", "")))
    # The form is not read (it is what was too large): back to the score page.
    return _photo_page(table, error=refusal, back=url_for("play.score", table_id=table.id))


UPLOAD_FORMS: dict[str, UploadForm] = {"play.score_photo_post": _upload_too_large}
"""The forms of this blueprint that show an upload over the limit themselves."""


@bp.post("/t/<table_id>/host/<token>/live/score")
def host_live_score(table_id: str, token: str) -> Page:
    """Score the camera's latest still view of the table, as a photo would be."""
    table = tables.host(table_id, token)
    following = tables.camera().of(table.id)
    if following is None:
        raise LiveError("the camera is not following this table")
    try:
        image = following.still()
        if image is None:
            raise photos.BadPhoto(
                "photo.no_still",
                "the camera has not seen the table still yet; "
                "take the hands off it and wait a moment",
                409,
            )
        with photo_slot():
            result = photo_score.score_image(table.game, image, table.players, table.state)
    except photos.BadPhoto as exc:
        if wants_json():
            raise
        return _photo_page(table, error=exc, camera=True)
    return _photo_answer(table, result, camera=True)


@bp.get("/t/<table_id>/stream")
def stream(table_id: str) -> Response:
    """Server-sent events: the table's version now and whenever it changes."""
    store = tables.store()
    store.load(table_id)  # 404 for an unknown table
    poll = float(current_app.config["LIVE_POLL_SECONDS"])
    lifetime = float(current_app.config["LIVE_STREAM_SECONDS"])

    def events() -> Iterator[str]:
        # retry: the browser reconnects half a second after the stream ends.
        yield "retry: 500\n\n"
        last = -1
        start = quiet = time.monotonic()
        while time.monotonic() - start < lifetime:
            try:
                version = store.version(table_id)
            except StoreClosed:
                return
            if version != last:
                last = version
                quiet = time.monotonic()
                yield f"event: version\ndata: {version}\n\n"
            elif time.monotonic() - quiet > 15:
                quiet = time.monotonic()
                yield ": still here\n\n"
            time.sleep(poll)

    return Response(
        stream_with_context(events()),
        mimetype="text/event-stream",
        headers={"X-Accel-Buffering": "no"},
    )
