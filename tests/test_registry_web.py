"""The web's registry (``web.presenters``), checked for every game the engines know: one
``Presenter`` each; its moves in words in both languages, its drawing JSON for every
viewer, its templates found by the app, and every word they say in the game's words or
the app's."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

import engines
from tests.registry_support import check_registered, states
from web import create_app, tables
from web.i18n import LANGS, translate
from web.present import move_label
from web.presenters import GENERIC_SEAT, GENERIC_TABLE, PRESENTERS, register

GAMES = list(engines.GAMES)
WORD = re.compile(r"""\b_\(\s*["'](\w+)["']""")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    folder: Path = tmp_path_factory.mktemp("web")
    made = create_app(
        {"TESTING": True, "DATABASE": str(folder / "t.sqlite"), "SECRET_KEY": "test-only"}
    )
    yield made
    tables.close(made)


def test_every_game_has_a_presenter_and_nothing_else_does() -> None:
    check_registered(PRESENTERS)


def test_a_word_of_another_game_is_refused() -> None:
    noah = PRESENTERS["noah"]
    with pytest.raises(ValueError, match="are noah's already"):
        register("chess", noah)
    assert "chess" not in PRESENTERS


@pytest.mark.parametrize("game", GAMES)
def test_every_move_met_in_a_game_has_words_in_both_languages(game: str) -> None:
    """A game that words its moves never shows a move's JSON (one without a label shows
    its notation, which for some moves is JSON: Ark Nova's zoo entries)."""
    worded = PRESENTERS[game].label is not None
    for state in states(game)[::4]:
        for move in state.legal_moves()[:20]:
            for lang in LANGS:
                text = move_label(game, move.to_json(), lang)
                assert text and not (worded and "{" in text), (move, lang, text)


@pytest.mark.parametrize("game", [g for g in GAMES if PRESENTERS[g].drawing is not None])
def test_a_drawing_is_json_for_every_viewer(game: str) -> None:
    draw = PRESENTERS[game].drawing
    assert draw is not None and PRESENTERS[game].table_template is not None
    for state in states(game)[::10]:
        for viewer in (None, *state.players):
            json.dumps(draw(state.view(viewer)))


@pytest.mark.parametrize("game", GAMES)
def test_the_templates_are_found_and_say_only_words_they_have(app: Flask, game: str) -> None:
    shown = PRESENTERS[game]
    assert (shown.table_template is None) == (shown.drawing is None)
    for name in (shown.table_template or GENERIC_TABLE, shown.seat_template or GENERIC_SEAT):
        assert app.jinja_loader is not None
        source, _, _ = app.jinja_loader.get_source(app.jinja_env, name)
        for key in WORD.findall(source):
            for lang in LANGS:
                assert translate(key, lang), (name, key)
    for key, (en, zh) in shown.words.items():  # no message of the app's shadows them
        assert (translate(key, "en"), translate(key, "zh-Hant")) == (en, zh), key
