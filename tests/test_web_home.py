"""The web app's home page lists every game."""

from __future__ import annotations

from pathlib import Path

import engines
from web import create_app


def test_home_lists_the_games(tmp_path: Path) -> None:
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(tmp_path / "t.sqlite")}
    )
    page = app.test_client().get("/")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    for module in engines.GAMES.values():
        assert module.info.names["en"] in text
        assert module.info.names["zh-Hant"] in text
