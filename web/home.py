"""The home page: the games the companion knows."""

from __future__ import annotations

from flask import Blueprint, render_template

from companion.catalog_info import game_summaries

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    return render_template("index.html", games=game_summaries())
