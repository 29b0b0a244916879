"""The home page (the games the companion knows) and the language switch."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request
from werkzeug.wrappers import Response

from companion.catalog_info import game_summaries
from web.i18n import LANGS
from web.presenters import PRESENTERS

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    quick = {g: p.quick_score for g, p in PRESENTERS.items() if p.quick_score}
    return render_template("index.html", games=game_summaries(), quick=quick)


@bp.get("/lang/<code>")
def language(code: str) -> Response:
    """Remember the chosen language and go back to the page it was chosen on."""
    back = request.args.get("next", "/")
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = "/"
    response = redirect(back, 303)
    if code in LANGS:
        response.set_cookie("lang", code, max_age=365 * 24 * 3600, samesite="Lax")
    return response
