"""Fixtures for the web app: an app on a temporary database of each backend, and helpers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.sessions import Table, TableStore
from web import create_app, tables

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture
def app(database: str) -> Iterator[Flask]:
    """The app on each backend (``tests/conftest.py``: an SQLite file, then PostgreSQL)."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": database,
            "SECRET_KEY": "test-only-key",
            "LIVE_STREAM_SECONDS": 1.0,
            "LIVE_POLL_SECONDS": 0.05,
            "PHOTO_READER_SETUP": "tests.sixth:register",
        }
    )
    yield app
    tables.close(app)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def store(app: Flask) -> TableStore:
    tables: TableStore = app.extensions["tables"]
    return tables


def csrf(client: FlaskClient) -> str:
    """The client's CSRF token (from a page that carries the form)."""
    page = client.get("/").get_data(as_text=True)
    match = CSRF.search(page)
    assert match, "the home page carries a CSRF token"
    return match[1]


def seat_url(table: Table, player: str) -> str:
    seat = next(s for s in table.seats if s.player == player)
    return f"/t/{table.id}/seat/{seat.token}"


def host_url(table: Table) -> str:
    return f"/t/{table.id}/host/{table.host_token}"


def post_move(client: FlaskClient, url: str, move: Any, version: int, **kw: Any) -> Any:
    return client.post(
        url + "/move",
        data={"csrf_token": csrf(client), "move": move, "version": str(version)},
        **kw,
    )
