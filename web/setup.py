"""Setting up a table: choose the game, the seats and the rule options, or resume a save."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.games import DocumentError, InvalidSetup, whole_number
from web import tables

bp = Blueprint("setup", __name__)

MAX_SEED = 2**63 - 1
"""The largest seed a table keeps (a signed 64-bit integer in the store)."""

MAX_STATE_BYTES = 2 * 1024 * 1024
"""A saved state is small (Noah: a few kB); anything bigger is not one."""


def _game(game_id: str) -> dict[str, Any]:
    games: dict[str, dict[str, Any]] = current_app.extensions["games"]
    if game_id not in games:
        abort(404, f"the companion has no game {game_id!r}")
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
            page = render_template("new.html", game=game, form=request.form, error=str(exc))
            return page, 400
    try:
        table = tables.store().create(game_id, names, options=options, seed=seed)
    except InvalidSetup as exc:
        page = render_template("new.html", game=game, form=request.form, error=str(exc))
        return page, 400
    return redirect(url_for("host.page", table_id=table.id, token=table.host_token), 303)


@bp.post("/resume")
def resume() -> Response:
    game = _game(request.form.get("game", ""))
    upload = request.files.get("state")
    if upload is None or not upload.filename:
        abort(400, "choose the saved state file to continue")
    data = upload.stream.read(MAX_STATE_BYTES + 1)
    if len(data) > MAX_STATE_BYTES:
        abort(400, "that file is too big to be a saved game state")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        abort(400, "that file is not a saved game state (it is not JSON text)")
    table = tables.store().resume(game["id"], text)
    return redirect(url_for("host.page", table_id=table.id, token=table.host_token), 303)
