"""Setting up a table: choose the game, the seats and the rule options, or resume a save."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.app_reasons import said
from companion.games import DocumentError, InvalidSetup, whole_number
from companion.sessions import BadRequest, TableNotFound
from web import tables
from web.i18n import pick_language

bp = Blueprint("setup", __name__)

MAX_SEED = 2**63 - 1
"""The largest seed a table keeps (a signed 64-bit integer in the store)."""

MAX_STATE_BYTES = 2 * 1024 * 1024
"""A saved state is small (Noah: a few kB); anything bigger is not one."""


def _game(game_id: str) -> dict[str, Any]:
    games: dict[str, dict[str, Any]] = current_app.extensions["games"]
    if game_id not in games:
        raise TableNotFound(
            f"the companion has no game {game_id!r}", code="table.no_game", params={"game": game_id}
        )
    return games[game_id]


@bp.get("/new/<game_id>")
def new(game_id: str) -> str:
    return render_template("new.html", game=_game(game_id), form={})


@bp.post("/new/<game_id>")
def create(game_id: str) -> Response | tuple[str, int]:
    game = _game(game_id)
    names = [n.strip() for n in request.form.getlist("player") if isinstance(n, str) and n.strip()]
    options = {
        o["name"]: request.form.get(f"option-{o['name']}", o["default"]) for o in game["options"]
    }
    seed = None
    if request.form.get("chance", "seeded") == "seeded":
        given = request.form.get("seed", "").strip()
        try:  # not '¹', '٣', '-1' or 5,000 digits
            seed = (
                whole_number(given, what="the seed", low=0, high=MAX_SEED)
                if given
                else secrets.randbelow(2**31)
            )
        except DocumentError as exc:
            refused = InvalidSetup(str(exc), code="setup.seed", params={"high": MAX_SEED})
            page = render_template(
                "new.html", game=game, form=request.form, error=said(refused, pick_language())
            )
            return page, 400
    try:
        table = tables.store().create(game_id, names, options=options, seed=seed)
    except InvalidSetup as exc:
        page = render_template(
            "new.html", game=game, form=request.form, error=said(exc, pick_language())
        )
        return page, 400
    return redirect(url_for("host.page", table_id=table.id, token=table.host_token), 303)


@bp.post("/resume")
def resume() -> Response:
    game = _game(request.form.get("game", ""))
    upload = request.files.get("state")
    if upload is None or not upload.filename:
        raise BadRequest("choose the saved state file to continue", code="table.no_state_file")
    data = upload.stream.read(MAX_STATE_BYTES + 1)
    if len(data) > MAX_STATE_BYTES:
        raise BadRequest(
            "that file is too big to be a saved game state", code="table.state_too_big"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest(
            "that file is not a saved game state (it is not JSON text)",
            code="table.state_not_text",
        ) from None
    table = tables.store().resume(game["id"], text)
    return redirect(url_for("host.page", table_id=table.id, token=table.host_token), 303)
