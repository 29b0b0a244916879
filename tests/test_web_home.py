"""The web app's home page lists every game."""

from __future__ import annotations

import engines
from web import create_app


def test_home_lists_the_games() -> None:
    app = create_app({"TESTING": True})
    page = app.test_client().get("/")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    for module in engines.GAMES.values():
        assert module.GAME.names["en"] in text
        assert module.GAME.names["zh-Hant"] in text
