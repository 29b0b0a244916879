"""Photos of the table: a seat's scan, and scoring a photo of the end of the game.

A scan reads a photo for the table's game and offers the legal moves that name
a piece new on it. A photo score (public like the score page: it reads nothing
secret) scores the end-of-game layout with the table's players and state, or
the camera's latest still view from the host page; it writes nothing. Photos
are read a few at a time over all workers (``web.security.photo_slot``), each
in the reading process within its time cap (``companion.photo_reader``). A
refused photo shows the form again with the code and what to do; nothing is lost.
"""

from __future__ import annotations

import base64
import json
import re

from flask import Blueprint, jsonify, render_template, request, url_for

from companion import photo_score, photos, scanning
from companion.live import LiveError
from companion.sessions import Table
from web import present, tables
from web.errors import UploadForm, wants_json
from web.i18n import pick_language
from web.pages import Page, context
from web.security import photo_slot

bp = Blueprint("photos", __name__)


@bp.post("/t/<table_id>/seat/<token>/scan")
def seat_scan(table_id: str, token: str) -> Page:
    """A photo of the table: the overlay, the reading, and the moves it suggests."""
    table, s = tables.seat(table_id, token)
    upload = request.files.get("photo")
    if upload is None or not upload.filename:
        raise photos.BadPhoto("photo.missing", "choose or take a photo of the table first")
    data = upload.stream.read(photos.MAX_PHOTO_BYTES + 1)
    with photo_slot():
        result = tables.reader().read(scanning.scan, table, data, actor=s.player)
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
        zone_name=lambda zone: scanning.zone_name(table.game, zone, lang),
        more=0,
        page=url_for("play.seat", table_id=table.id, token=s.token),
        post=url_for("play.seat_move", table_id=table.id, token=s.token),
        **context(table, s.player),
    )


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
    lang = pick_language()
    players, rows = (
        ([], [])
        if outcome is None
        else present.score_rows(table.game, outcome, lang, table.players)
    )
    tie = "" if outcome is None else present.tiebreak(table.game, outcome, lang)
    page = render_template(
        "score_photo.html",
        result=result,
        outcome=outcome,
        players=players,
        rows=rows,
        tie=tie,
        overlay=None if result is None else base64.b64encode(result.overlay_png).decode("ascii"),
        error=error,
        camera=camera,
        back=back or _back(table),
        **context(table, None),
    )
    return page, 200 if error is None else error.status


def _scored_table(table_id: str) -> Table:
    table = tables.load(table_id)
    if not photo_score.scored(table.game):
        raise photos.BadPhoto(
            "photo.not_scored",
            f"{table.game} is not scored from a photo",
            404,
            {"game": table.game},
        )
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
def score_form(table_id: str) -> Page:
    """The form: a photo of the end-of-game layout, scored without touching the game."""
    return _photo_page(_scored_table(table_id))


@bp.post("/t/<table_id>/score/photo")
def score_upload(table_id: str) -> Page:
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
            result = tables.reader().read(
                photo_score.score_upload, table.game, data, table.players, table.state
            )
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


UPLOAD_FORMS: dict[str, UploadForm] = {"photos.score_upload": _upload_too_large}
"""The forms of this blueprint that show an upload over the limit themselves."""


@bp.post("/t/<table_id>/host/<token>/live/score")
def camera_score(table_id: str, token: str) -> Page:
    """Score the camera's latest still view of the table, as a photo would be."""
    table = tables.host(table_id, token)
    following = tables.camera().of(table.id)
    if following is None:
        raise LiveError("the camera is not following this table", code="table.camera_not_here")
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
