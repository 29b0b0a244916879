"""Structured fuzzing of every route of the app: over 2,000 generated requests, never a 5xx.

The moves are built from each game's real legal moves, then broken the way a
buggy client or an attacker would: a field given the wrong type (a list, an
object, a bool, text), numbers that are huge, negative or not finite (``1e400``,
``NaN``, 5,000 digits), nesting hundreds or 100,000 levels deep, unicode
(``²``, ``٣``, right-to-left marks, emoji), a ``type`` that is not text, fields
dropped or added. Versions and choices get the same treatment. Every rule of
the URL map is drawn (``test_every_route_was_fuzzed`` says so), as a form, as
JSON and as raw bytes, with fuzzed query strings. Each answer is below 500 and
a refusal says why; nothing the fuzz sends changes a table except a legal move
at the right version.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from companion.sessions import Table, TableStore
from tests.web.conftest import CSRF
from web import create_app, tables

GAMES = sorted(engines.GAMES)
SENT: list[int] = [0]
"""Requests sent by this module's fuzz tests (at least 2,000 over the module)."""


def fuzz(examples: int) -> Any:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


class Site:
    """One app, a table of every game (seeded) and a table that waits for the table's deal."""

    def __init__(self, database: str) -> None:
        self.app: Flask = create_app(
            {
                "TESTING": True,
                "DATABASE": database,
                "SECRET_KEY": "fuzz",
                "JOIN_ATTEMPTS": 10**9,
                "PHOTO_PER_ADDRESS": 10**9,
                "LIVE_STREAM_SECONDS": 0.05,
                "LIVE_POLL_SECONDS": 0.01,
            }
        )
        self.store: TableStore = self.app.extensions["tables"]
        self.client: FlaskClient = self.app.test_client()
        match = CSRF.search(self.client.get("/").get_data(as_text=True))
        assert match
        self.csrf = match[1]
        self.tables = {game: self.store.create(game, players(game), seed=7) for game in GAMES}
        self.tables["chance"] = self.store.create("noah", ["ann", "bob", "cy"])

    def table(self, name: str) -> Table:
        self.tables[name] = self.store.load(self.tables[name].id)
        return self.tables[name]

    def versions(self) -> dict[str, int]:
        return {name: self.store.version(t.id) for name, t in self.tables.items()}


def players(game: str) -> list[str]:
    return ["ann", "bob", "cy", "dee"][: max(2, engines.GAMES[game].info.min_players)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    made = Site(str(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"))
    yield made
    tables.close(made.app)


# ---------------------------------------------------------------------- what is sent

huge_numbers = st.sampled_from(
    [10**30, -(10**30), 2**63, -(2**63) - 1, 10**400, 1e308, -1e308, 1.5, -0.0, 2**31]
)
unicode_text = st.sampled_from(["²", "٣", "１", "\u202e1", "🦒", "ﬁ", "İ", "\x00", "a" * 5000, ""])
leaves = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | huge_numbers
    | unicode_text
    | st.text(max_size=12)
)
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
RAW_NUMBERS = ["1e400", "-1e400", "NaN", "Infinity", "9" * 5000, "-0", "1E999", "0.1e-400"]


def pick(draw: st.DrawFn, items: list[Any]) -> Any:
    """One of ``items``, drawn as an index: the draw has the same shape whatever the list
    (a table's moves change as the fuzz plays, and hypothesis replays its draws)."""
    return items[draw(st.integers(0, 255)) % len(items)]


def deep(levels: int, kind: str) -> str:
    """JSON text nested ``levels`` deep, as arrays or objects."""
    if kind == "array":
        return "[" * levels + "]" * levels
    return '{"a":' * levels + "1" + "}" * levels


@st.composite
def broken_move(draw: st.DrawFn, template: dict[str, Any]) -> tuple[str, Any]:
    """A real move's JSON broken in one or more places; ``("json", obj)`` or ``("raw", text)``."""
    move = dict(template)
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["type", "field", "drop", "add", "raw", "deep", "as-text"]))
        keys = sorted(move) or ["type"]
        if how == "type":
            move["type"] = draw(values | st.sampled_from([[], {}, ["play"], {"type": "play"}]))
        elif how == "field":
            move[pick(draw, keys)] = draw(values)
        elif how == "drop" and move:
            move.pop(pick(draw, keys))
        elif how == "add":
            move[draw(st.text(max_size=8))] = draw(values)
        elif how == "raw":
            key = pick(draw, keys)
            text = json.dumps({k: v for k, v in move.items() if k != key})
            number = draw(st.sampled_from(RAW_NUMBERS))
            return "raw", text[:-1] + (", " if len(text) > 2 else "") + f'"{key}": {number}}}'
        elif how == "deep":
            levels = draw(st.sampled_from([41, 200, 900, 100_000]))
            key = pick(draw, keys)
            text = json.dumps({k: v for k, v in move.items() if k != key})
            nested = deep(levels, draw(st.sampled_from(["array", "object"])))
            return "raw", text[:-1] + (", " if len(text) > 2 else "") + f'"{key}": {nested}}}'
        else:
            return "json", json.dumps(move)  # the move as JSON text inside the body
    return "json", move


def versions() -> st.SearchStrategy[Any]:
    return (
        st.integers(-3, 40)
        | huge_numbers
        | unicode_text
        | st.integers(0, 20).map(str)
        | st.sampled_from([None, True, [], {}, "0x10", " 3 ", "+2"])
    )


def refused(answer: Any) -> None:
    """Below 500: a success, or a refusal that says why."""
    status = answer.status_code
    text = answer.get_data(as_text=True)
    assert status < 500, (status, text[:500])
    if status >= 400:
        if answer.is_json:
            body = answer.get_json()
            assert body["error"] and len(body["reason"]) > 5, body
        else:
            assert "<main" in text, text[:300]


def send(site: Site, url: str, kind: str, data: Any, version: Any) -> Any:
    SENT[0] += 1
    headers = {"X-CSRF-Token": site.csrf}
    if kind == "raw":
        body = data[:-1] + f', "version": {json.dumps(version)}}}' if data.startswith("{") else data
        return site.client.post(
            url, data=body.encode(), headers=headers, content_type="application/json"
        )
    if kind == "form":
        form = {"csrf_token": site.csrf, "move": str(data)[:2000], "version": str(version)[:2000]}
        return site.client.post(url, data=form)
    return site.client.post(url, json={"move": data, "version": version}, headers=headers)


def mover(table: Table) -> str:
    to_move = table.state.to_move
    return str(to_move) if to_move in table.players else table.players[0]


def seat_of(table: Table, player: str) -> str:
    return next(s.token for s in table.seats if s.player == player)


def templates(table: Table) -> list[dict[str, Any]]:
    moves = [m.to_json() for m in table.state.legal_moves()[:8]]
    return moves or [{"type": "take"}]


# ---------------------------------------------------------------------- the tests


@fuzz(900)
@given(data=st.data())
def test_seat_moves_and_checks(site: Site, data: st.DataObject) -> None:
    name = pick(data.draw, GAMES)
    table = site.table(name)
    before = site.versions()
    kind, move = data.draw(broken_move(pick(data.draw, templates(table))))
    kind = data.draw(st.sampled_from([kind, kind, "form"]))
    route = data.draw(st.sampled_from(["move", "check"]))
    player = pick(data.draw, [mover(table), *table.players])
    url = f"/t/{table.id}/seat/{seat_of(table, player)}/{route}"
    version = data.draw(st.just(-1) | versions()) if data.draw(st.booleans()) else table.version
    answer = send(site, url, kind, move, version)
    refused(answer)
    after = site.versions()
    if answer.status_code >= 400 or route == "check":
        assert after == before
    else:  # a legal move at the right version: one entry more, on that table only
        assert after == {**before, name: before[name] + 1}


@fuzz(400)
@given(data=st.data())
def test_host_moves_undos_and_answers(site: Site, data: st.DataObject) -> None:
    name = pick(data.draw, [*GAMES, "chance"])
    table = site.table(name)
    before = site.versions()
    host = f"/t/{table.id}/host/{table.host_token}"
    what = data.draw(st.sampled_from(["move", "undo", "live/answer", "live/start", "live/score"]))
    version = data.draw(st.just(-1) | versions()) if data.draw(st.booleans()) else table.version
    if what == "move":
        kind, move = data.draw(broken_move(pick(data.draw, templates(table))))
        answer = send(site, f"{host}/move", kind, move, version)
    else:
        SENT[0] += 1
        form = {"csrf_token": site.csrf, "version": str(version)[:100]}
        form["choice"] = str(data.draw(versions()))[:100]
        answer = site.client.post(f"{host}/{what}", data=form)
    refused(answer)
    if answer.status_code >= 400:
        assert site.versions() == before


def rules(site: Site, method: str) -> list[str]:
    """Every rule of the URL map answering ``method`` (static files aside)."""
    return sorted(
        r.rule
        for r in site.app.url_map.iter_rules()
        if r.endpoint != "static" and method in (r.methods or set())
    )


FUZZED: set[str] = set()
"""The rules the fuzz tests drew, so the last test can say every one was fuzzed."""


def fill(rule: str, data: st.DataObject, table: Table) -> str:
    """``rule`` with its arguments: the table, a seat's or the host's token or a wrong one."""
    FUZZED.add(rule)
    seat = seat_of(table, pick(data.draw, list(table.players)))
    token = pick(data.draw, [seat, table.host_token, "x" * 43, "²", "%E2%80%AE"])
    table_id = pick(data.draw, [table.id, table.id, "nosuch", "٣"])
    return (
        rule.replace("<table_id>", table_id)
        .replace("<token>", token)
        .replace("<game_id>", data.draw(st.sampled_from([*GAMES, "nosuch", "²"])))
        .replace("<code>", data.draw(st.sampled_from(["en", "zh-Hant", "xx", "²"])))
    )


@fuzz(400)
@given(data=st.data())
def test_every_post_with_any_body(site: Site, data: st.DataObject) -> None:
    """Raw bytes, forms and JSON of any shape at every POST route, with any content type."""
    table = site.table(pick(data.draw, [*GAMES, "chance"]))
    before = site.versions()
    url = fill(pick(data.draw, rules(site, "POST")), data, table)
    SENT[0] += 1
    how = data.draw(st.sampled_from(["raw", "json", "form", "deep"]))
    headers = {"X-CSRF-Token": site.csrf}
    if how == "raw":
        body = data.draw(st.binary(max_size=300))
        ctype = data.draw(
            st.sampled_from(["application/json", "text/plain", "multipart/form-data"])
        )
        answer = site.client.post(url, data=body, headers=headers, content_type=ctype)
    elif how == "json":
        answer = site.client.post(url, json=data.draw(values), headers=headers)
    elif how == "deep":
        body = deep(data.draw(st.sampled_from([50, 5000, 100_000])), "array").encode()
        answer = site.client.post(url, data=body, headers=headers, content_type="application/json")
    else:
        keys = st.sampled_from(
            ["move", "version", "choice", "player", "seed", "chance", "game", "x"]
        )
        form = data.draw(st.dictionaries(keys, st.text(max_size=30) | unicode_text, max_size=5))
        answer = site.client.post(url, data={**form, "csrf_token": site.csrf})
    refused(answer)
    if answer.status_code >= 400:
        assert site.versions() == before


@fuzz(500)
@given(data=st.data())
def test_every_get_with_any_query(site: Site, data: st.DataObject) -> None:
    """Every GET route, with fuzzed arguments, query strings and accept headers."""
    table = site.table(pick(data.draw, [*GAMES, "chance"]))
    before = site.versions()
    path = fill(pick(data.draw, rules(site, "GET")), data, table)
    keys = st.sampled_from(["strength", "next", "lang", "back", "version", "x"])
    query = data.draw(
        st.dictionaries(keys, unicode_text | st.text(max_size=20) | versions().map(str))
    )
    accept = data.draw(st.sampled_from(["text/html", "application/json", "*/*", "image/*"]))
    SENT[0] += 1
    answer = site.client.get(path, query_string=query, headers={"Accept": accept})
    answer.close()
    refused(answer)
    assert site.versions() == before


@fuzz(60)
@given(data=st.data())
def test_photo_routes_with_any_upload(site: Site, data: st.DataObject) -> None:
    table = site.table(pick(data.draw, GAMES))
    before = site.versions()
    seat = seat_of(table, mover(table))
    url = data.draw(
        st.sampled_from([f"/t/{table.id}/seat/{seat}/scan", f"/t/{table.id}/score/photo"])
    )
    upload = data.draw(
        st.binary(max_size=200)
        | st.sampled_from([b"\x89PNG\r\n\x1a\n" + b"\x00" * 40, b"\xff\xd8\xff\xe0" + b"\x00" * 60])
    )
    field = data.draw(st.sampled_from(["photo", "file", "x"]))
    SENT[0] += 1
    form = {"csrf_token": site.csrf, field: (io.BytesIO(upload), "p.jpg")}
    answer = site.client.post(url, data=form, content_type="multipart/form-data")
    refused(answer)
    assert site.versions() == before


def test_every_route_was_fuzzed(site: Site) -> None:
    """Run after the fuzz tests above: each rule of the URL map was drawn (static aside)."""
    if FUZZED:
        assert set(rules(site, "GET")) | set(rules(site, "POST")) == FUZZED


def test_the_fuzz_sent_over_2000_requests() -> None:
    """Run after the fuzz tests above (in file order): they sent at least 2,000 requests."""
    if SENT[0]:
        assert SENT[0] >= 2000, SENT[0]
