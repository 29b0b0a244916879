"""The app's own refusals in the page's language: a wrong link, a table that changed, a
setup with two players of one name, a photo that is not a photo.

Each is asked for as a phone would, in Traditional Chinese and in English: the Chinese
page says it with no sentence of English words, the English page with the English
reason, and the JSON answer keeps its code and English reason for programs. Every code
the program raises (``table.*``, ``setup.*``, ``photo.*``) has its Chinese sentence in
``companion.app_reasons``, and every sentence there belongs to a code that is raised.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.app_reasons import TEMPLATES, said
from companion.sessions import Table, TableStore
from engines.core import InvalidSetup
from tests.web.conftest import csrf, host_url, seat_url
from tests.web.test_words import ENGLISH, LATIN, MAT, SAID_AS_IS, visible_text

ROOT = Path(__file__).resolve().parents[2]
RAISED = re.compile(r"""["']((?:table|setup|photo)\.[a-z_]+)["']""")
FORMATS = {"JPEG", "PNG", "QR", "MB"}
"""File formats, the code phones scan and a unit: said as is in Chinese too."""
ALERT = re.compile(r'<div class="alert"[^>]*>(.*?)</div>', re.S)

Ask = Callable[[FlaskClient, Table], Any]


def _post(url: str, **data: Any) -> Ask:
    return lambda client, table: client.post(
        url.format(t=table.id, seat=seat_url(table, table.players[1]), host=host_url(table)),
        data={"csrf_token": csrf(client), **data},
    )


def _mover(client: FlaskClient, table: Table) -> Any:
    """The second seat plays the first seat's legal move: not their turn."""
    move = json.dumps(table.state.legal_moves()[0].to_json())
    return client.post(
        seat_url(table, table.players[1]) + "/move",
        data={"csrf_token": csrf(client), "move": move, "version": str(table.version)},
    )


def _stale(client: FlaskClient, table: Table) -> Any:
    """The first seat chooses on a page from before the table's last move."""
    move = json.dumps(table.state.legal_moves()[0].to_json())
    return client.post(
        seat_url(table, table.players[0]) + "/move",
        data={"csrf_token": csrf(client), "move": move, "version": str(table.version + 3)},
    )


def _resume(data: bytes, game: str = "noah") -> Ask:
    return lambda client, table: client.post(
        "/resume",
        data={"csrf_token": csrf(client), "game": game, "state": (io.BytesIO(data), "s.json")},
        content_type="multipart/form-data",
    )


def _photo(data: bytes) -> Ask:
    return lambda client, table: client.post(
        f"/t/{table.id}/score/photo",
        data={"csrf_token": csrf(client), "photo": (io.BytesIO(data), "end.jpg")},
        content_type="multipart/form-data",
    )


CASES: dict[str, tuple[Ask, int, str]] = {
    "no such table": (lambda c, t: c.get("/t/nosuchtable/seat/x"), 404, "no table"),
    "a wrong seat link": (lambda c, t: c.get(f"/t/{t.id}/seat/{'A' * 43}"), 403, "a seat"),
    "a wrong host link": (lambda c, t: c.get(f"/t/{t.id}/host/{'B' * 43}"), 403, "host page"),
    "no such game": (lambda c, t: c.get("/new/chess"), 404, "no game"),
    "no such page": (lambda c, t: c.get("/nothing/here"), 404, "not found"),
    "an expired form": (
        lambda c, t: c.post(seat_url(t, t.players[0]) + "/move", data={"move": "x"}),
        400,
        "out of date",
    ),
    "not your turn": (_mover, 403, "turn, not"),
    "the table changed": (_stale, 409, "the table changed"),
    "a take-back on an old page": (
        _post("{seat}/take-back", version="-1"),
        409,
        "the table changed",
    ),
    "a move with no version": (_post("{seat}/move", move="x"), 400, "which version"),
    "a typed move that reads as none": (
        _post("{seat}/check", move="飛到月球"),
        400,
        "cannot read “飛到月球” as a move of Noah",
    ),
    "two players of one name": (
        _post("/new/noah", player=["Ann", "Ann", "Cy"], chance="table"),
        400,
        "differ",
    ),
    "too few players": (_post("/new/noah", player=["Ann"], chance="table"), 400, "players, not 1"),
    "a seed that is no number": (
        _post("/new/noah", player=["Ann", "Bob", "Cy"], seed="x1"),
        400,
        "seed",
    ),
    "a state file that is not text": (_resume(b"\xff\xfe\x00"), 400, "not JSON text"),
    "another game's state file": (_resume(b'{"game": "niagara"}'), 400, "niagara"),
    "a photo that is not a photo": (_photo(b"%PDF-1.4"), 415, "not a photo"),
    "an empty photo": (_photo(b""), 400, "the upload is empty"),
}


@pytest.fixture
def table(store: TableStore) -> Table:
    return store.create("noah", ["小明", "阿華", "美玲"], seed=5)


def _alert(page: str) -> str:
    found = ALERT.search(page)
    assert found, page[:600]
    return visible_text(found[1])


@pytest.mark.parametrize("case", list(CASES))
def test_a_refusal_is_said_in_the_pages_language(
    client: FlaskClient, table: Table, case: str
) -> None:
    ask, status, english = CASES[case]
    client.set_cookie("lang", "zh-Hant")
    answer = ask(client, table)
    assert answer.status_code == status
    text = _alert(answer.get_data(as_text=True))
    words = [w for w in LATIN.findall(MAT.sub("", text)) if w not in SAID_AS_IS | FORMATS]
    assert not ENGLISH.findall(text) and not words, text
    assert len(text) >= 8
    client.set_cookie("lang", "en")
    shown = _alert(ask(client, table).get_data(as_text=True))
    assert english in shown, shown


def test_json_answers_keep_the_code_and_the_english_reason(
    client: FlaskClient, table: Table
) -> None:
    client.set_cookie("lang", "zh-Hant")
    answer = client.get("/t/nosuchtable/board.json")
    assert answer.status_code == 404
    assert answer.get_json() == {
        "error": "TableNotFound",
        "reason": "there is no table 'nosuchtable'; ask the host for a new link",
    }


def test_a_refusal_without_its_params_keeps_its_english() -> None:
    refused = InvalidSetup("Noah is played by 3 to 5 players, not 1", code="setup.player_count")
    assert said(refused, "zh-Hant") == "這一桌不能用這些玩家或規則選項開始：請檢查後再試一次。"
    assert said(refused, "en") == str(refused)


def test_every_code_raised_has_its_chinese_sentence_and_every_sentence_a_code() -> None:
    raised: set[str] = set()
    for folder in ("companion", "web", "engines", "cli"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name != "app_reasons.py":
                raised |= set(RAISED.findall(path.read_text(encoding="utf-8")))
    codes = {c for c in TEMPLATES if not c.startswith("http.")}
    assert raised - codes == set(), "codes raised without a Chinese sentence"
    assert codes - raised == set(), "Chinese sentences of codes nothing raises"
