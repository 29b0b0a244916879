"""How the pages' templates are drawn: the same answers, for less CPU."""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from jinja2 import Environment

from companion.sessions import TableStore
from web import create_app, present


def test_a_dicts_keys_and_attributes_read_as_jinjas_own_environment_reads_them(
    tmp_path: Path,
) -> None:
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "test-only-key"})
    try:
        source = (
            "{{ d.n }}|{{ d.missing is defined }}|{{ d.items()|list|length }}|{{ d.get('n') }}"
            "|{{ d.keys }}|{{ o.n }}|{{ d.x.y is defined }}"
        )
        values = {
            "d": {"n": 3, "keys": "a key named like a method", "x": {}},
            "o": OrderedDict(n=4),
        }
        ours = app.jinja_env.from_string(source).render(values)
        jinjas = Environment(autoescape=True).from_string(source).render(values)
        assert ours == jinjas
        assert ours.startswith("3|False|3|3|&lt;built-in method keys")
    finally:
        app.extensions["tables"].close()


def test_a_fragment_is_drawn_once_for_the_same_values_and_anew_for_others(
    tmp_path: Path,
) -> None:
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "test-only-key"})
    try:
        page = app.jinja_env.from_string('{{ fragment("_history.html", history=lines) }}')
        mine = [{"n": 1, "actor": "ann", "label": "drew the lion", "events": [], "times": 1}]
        theirs = [{"n": 1, "actor": "ann", "label": "drew a card", "events": [], "times": 1}]
        with app.test_request_context("/"):
            first = page.render(lines=mine, lang="en")
            again = page.render(lines=[dict(line) for line in mine], lang="en")
            other = page.render(lines=theirs, lang="en")
            chinese = page.render(lines=mine, lang="zh-Hant")
        assert first == again and "drew the lion" in first and "History" in first
        assert "drew a card" in other and "lion" not in other  # other values: drawn anew
        assert "紀錄" in chinese and "History" not in chinese
        assert len(app.extensions["fragments"]) == 3
    finally:
        app.extensions["tables"].close()


def test_an_undone_moves_history_line_is_not_shown_for_the_move_in_its_place(
    tmp_path: Path,
) -> None:
    store = TableStore(tmp_path / "t.sqlite")
    try:
        table = store.create("noah", ["ann", "bob", "cy"], seed=4)
        first, second = table.state.legal_moves()[:2]
        actor = str(table.state.to_move)
        played = store.submit(table.id, first.to_json(), actor=actor, version=0)
        before = present.history(played, "bob", "en")
        undone = store.undo(table.id, version=1)
        replayed = store.submit(table.id, second.to_json(), actor=actor, version=undone.version)
        after = present.history(replayed, "bob", "en")
        assert before[0]["label"] == present.move_label("noah", first.to_json(), "en")
        assert after[0]["label"] == present.move_label("noah", second.to_json(), "en")
        assert before[0]["label"] != after[0]["label"]
    finally:
        store.close()


def test_a_seats_history_draws_only_its_new_line_when_the_table_moves_on(
    app: Flask, client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", ["ann", "bob", "cy"], seed=3)
    seat = table.seats[1]
    regions = f"/t/{table.id}/seat/{seat.token}/regions"
    lines = app.extensions["fragments"]._lines
    client.get(regions)
    before = len(lines)
    for _ in range(3):
        table = store.load(table.id)
        move = table.state.legal_moves()[0]
        actor = str(table.state.to_move)
        store.submit(table.id, move.to_json(), actor=actor, version=table.version)
    later = client.get(regions).get_data(as_text=True)
    # Three moves on: three new lines drawn, the others as they were drawn before.
    assert len(lines) == before + 3
    shown = present.history(store.load(table.id), "bob", "en")
    newest = shown[0]
    assert later.count("<li value=") == len(shown) == present.HISTORY_SHOWN
    assert f'<li value="{newest["n"]}">' in later and newest["label"] in later
    chinese = client.get(regions, headers={"Accept-Language": "zh-TW"}).get_data(as_text=True)
    assert newest["label"] not in chinese  # a line is kept per language


def test_a_seat_pages_links_follow_the_apps_mount_point(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", ["ann", "bob", "cy"], seed=4)
    seat = table.seats[0]
    page = f"/t/{table.id}/seat/{seat.token}"
    plain = client.get(page).get_data(as_text=True)
    mounted = client.get(page, environ_overrides={"SCRIPT_NAME": "/cafe"}).get_data(as_text=True)
    assert f'data-regions-stream="{page}/stream"' in plain
    assert f'action="{page}/check"' in plain and "/cafe/" not in plain
    assert f'data-regions-stream="/cafe{page}/stream"' in mounted
    assert f'action="/cafe{page}/check"' in mounted
    again = client.get(page).get_data(as_text=True)
    assert "/cafe/" not in again  # the mounted links are not given to the plain mount
