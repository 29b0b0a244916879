"""The host's pages: a QR code per seat, chance outcomes, undo and the saved state.

The host token opens them; keep it to yourself, it can undo moves and its
saved state carries every secret of the table.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, redirect, render_template, request, url_for

from companion.sessions import HOST
from web import present, tables
from web.i18n import pick_language
from web.pages import Page, context, move_form, public_url, version_of
from web.qr import qr_svg

bp = Blueprint("host", __name__)


@bp.get("/t/<table_id>/host/<token>")
def page(table_id: str, token: str) -> Page:
    table = tables.host(table_id, token)
    lang = pick_language()
    seats = []
    for s in table.seats:
        link = public_url("play.seat", table_id=table.id, token=s.token)
        seats.append({"seat": s, "link": link, "qr": qr_svg(link)})
    chance = table.may_move(HOST)
    return render_template(
        "host.html",
        token=token,
        seats=seats,
        board_link=public_url("play.board", table_id=table.id),
        buttons=present.move_buttons(table, lang) if chance else [],
        post=url_for("host.move", table_id=table.id, token=token),
        answer_url=url_for("live.host_answer", table_id=table.id, token=token),
        **context(table, None),
    )


@bp.post("/t/<table_id>/host/<token>/move")
def move(table_id: str, token: str) -> Page:
    table = tables.host(table_id, token)
    submitted, version = move_form()
    tables.store().submit(table.id, submitted, actor=HOST, version=version)
    return redirect(url_for("host.page", table_id=table.id, token=token), 303)


@bp.post("/t/<table_id>/host/<token>/undo")
def undo(table_id: str, token: str) -> Page:
    table = tables.host(table_id, token)
    tables.store().undo(table.id, version=version_of(request.form.get("version")))
    return redirect(url_for("host.page", table_id=table.id, token=token), 303)


@bp.get("/t/<table_id>/host/<token>/state.json")
def state(table_id: str, token: str) -> Page:
    """The full state (every secret in it), to save the game: host only."""
    table = tables.host(table_id, token)
    response = jsonify(table.state.to_json())
    name = f"{table.game}-{table.id}-{table.state.ply}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
