"""Access: long tokens compared in constant time, wrong links throttled, headers, quiet logs.

The limits every worker shares through the store are tested with two apps on
one database (two workers): the wrong-link throttle, photos per address and
the photo readers; the live-stream cap is per worker.
"""

from __future__ import annotations

import ast
import base64
import inspect
import io
import logging
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import sessions
from companion.sessions import TableStore
from tests.web.conftest import csrf, host_url, seat_url
from web import create_app, security, tables

PLAYERS = ["ann", "bob", "cy"]


def bits(token: str) -> int:
    return 8 * len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))


def test_seat_and_host_tokens_carry_at_least_128_random_bits(store: TableStore) -> None:
    tables = [store.create("noah", PLAYERS, seed=i) for i in range(3)]
    tokens = [t.host_token for t in tables] + [s.token for t in tables for s in t.seats]
    assert all(bits(t) >= 128 for t in tokens)
    assert len(set(tokens)) == len(tokens)


def _compares(function: object) -> tuple[int, int]:
    """How often ``function`` calls ``hmac.compare_digest``, and how often it uses ``==``."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))  # type: ignore[arg-type]
    digests = sum(
        1
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "compare_digest"
    )
    equals = sum(
        1
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare) and any(isinstance(op, ast.Eq) for op in node.ops)
    )
    return digests, equals


@pytest.mark.parametrize(
    "function",
    [sessions.Table.seat_by_token, sessions.Table.is_host, security._check_csrf],
    ids=["seat", "host", "csrf"],
)
def test_tokens_are_compared_in_constant_time(function: object) -> None:
    assert _compares(function) == (1, 0)


def test_seat_lookup_looks_at_every_seat(store: TableStore) -> None:
    """No early exit: the time does not tell which seat a guess came close to."""
    source = inspect.getsource(sessions.Table.seat_by_token)
    tree = ast.parse(textwrap.dedent(source))
    loop = next(node for node in ast.walk(tree) if isinstance(node, ast.For))
    assert not any(isinstance(node, (ast.Return, ast.Break)) for node in ast.walk(loop))
    table = store.create("noah", PLAYERS, seed=1)
    assert table.seat_by_token(table.seats[2].token) == table.seats[2]
    assert table.seat_by_token(table.seats[2].token[:-1] + "x") is None


@pytest.fixture
def guarded(database: str) -> Iterator[tuple[FlaskClient, TableStore]]:
    """An app with a small throttle (5 wrong links per 0.5 s), on each backend."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": database,
            "SECRET_KEY": "k",
            "JOIN_ATTEMPTS": 5,
            "JOIN_WINDOW_SECONDS": 0.5,
        }
    )
    yield app.test_client(), app.extensions["tables"]
    tables.close(app)


def test_wrong_links_are_throttled_per_address_and_table(
    guarded: tuple[FlaskClient, TableStore],
) -> None:
    client, store = guarded
    table = store.create("noah", PLAYERS, seed=1)
    other = store.create("noah", PLAYERS, seed=2)
    guesser = {"REMOTE_ADDR": "192.0.2.7"}
    for i in range(5):
        wrong = f"/t/{table.id}/seat/{'A' * 42}{i}"
        assert client.get(wrong, environ_base=guesser).status_code == 403
    refused = client.get(f"/t/{table.id}/seat/{'B' * 43}/view.json", environ_base=guesser)
    assert refused.status_code == 429
    assert refused.get_json()["error"] == "too_many_attempts"
    assert "wait" in refused.get_json()["reason"]
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    host = client.get(f"/t/{table.id}/host/{'C' * 43}", environ_base=guesser)
    assert host.status_code == 429 and "wait a minute" in host.get_data(as_text=True)
    # A valid link from the same address is never refused: phones share a router.
    valid = client.get(seat_url(table, "ann") + "/view.json", environ_base=guesser)
    assert valid.status_code == 200
    assert client.get(host_url(table), environ_base=guesser).status_code == 200
    # Another table and another address are not held up by the guesser.
    assert client.get(f"/t/{other.id}/seat/{'D' * 43}", environ_base=guesser).status_code == 403
    bob = {"REMOTE_ADDR": "192.0.2.8"}
    assert client.get(f"/t/{table.id}/seat/{'E' * 43}", environ_base=bob).status_code == 403
    time.sleep(0.6)
    again = client.get(f"/t/{table.id}/seat/{'F' * 43}", environ_base=guesser)
    assert again.status_code == 403  # the window passed


def test_fifty_bad_links_then_a_valid_seat_link_from_the_same_address_works(
    guarded: tuple[FlaskClient, TableStore],
) -> None:
    client, store = guarded
    table = store.create("noah", PLAYERS, seed=1)
    router = {"REMOTE_ADDR": "198.51.100.1"}
    answers = [
        client.get(f"/t/{table.id}/seat/{i:043d}", environ_base=router).status_code
        for i in range(50)
    ]
    assert answers[:5] == [403] * 5 and set(answers[5:]) == {429}
    seat = client.get(seat_url(table, "bob"), environ_base=router)
    assert seat.status_code == 200 and "bob" in seat.get_data(as_text=True)
    move = client.get(seat_url(table, "ann") + "/view.json", environ_base=router)
    assert move.status_code == 200 and move.get_json()["player"] == "ann"


def test_the_throttle_is_shared_by_every_worker(database: str) -> None:
    """Two apps on one database stand for two workers: a guesser cannot spread over them."""
    config = {"TESTING": True, "DATABASE": database, "SECRET_KEY": "k", "JOIN_ATTEMPTS": 4}
    one, two = create_app(config), create_app(config)
    try:
        table = one.extensions["tables"].create("noah", PLAYERS, seed=1)
        guesser = {"REMOTE_ADDR": "203.0.113.9"}
        for i in range(4):
            worker = (one, two)[i % 2].test_client()
            wrong = worker.get(f"/t/{table.id}/seat/{i:043d}", environ_base=guesser)
            assert wrong.status_code == 403
        for worker in (one.test_client(), two.test_client()):
            wrong = worker.get(f"/t/{table.id}/seat/{9:043d}", environ_base=guesser)
            assert wrong.status_code == 429
            assert worker.get(seat_url(table, "cy"), environ_base=guesser).status_code == 200
    finally:
        tables.close(one)
        tables.close(two)


def _send_photo(app: Flask, url: str, address: str) -> tuple[int, str]:
    """A seat's scan of a file that is no image, from ``address``: the status and code."""
    client = app.test_client()
    where = {"REMOTE_ADDR": address}
    token = csrf(client)
    answer = client.post(
        url,
        data={"csrf_token": token, "photo": (io.BytesIO(b"no image here"), "table.jpg")},
        headers={"Accept": "application/json"},
        environ_base=where,
    )
    return answer.status_code, str(answer.get_json()["error"])


def test_the_photo_limits_are_shared_by_every_worker(database: str) -> None:
    """Photos per address are counted over both workers; a reader busy in one holds the other."""
    config = {
        "TESTING": True,
        "DATABASE": database,
        "SECRET_KEY": "k",
        "PHOTO_PER_ADDRESS": 3,
        "PHOTO_READERS": 1,
        "PHOTO_WAIT_SECONDS": 0.3,
    }
    one, two = create_app(config), create_app(config)
    try:
        store: TableStore = one.extensions["tables"]
        table = store.create("noah", PLAYERS, seed=1)
        url = seat_url(table, "ann") + "/scan"
        sent = [_send_photo((one, two)[i % 2], url, "198.51.100.20") for i in range(3)]
        assert sent == [(415, "photo.not_an_image")] * 3
        for worker in (one, two):
            assert _send_photo(worker, url, "198.51.100.20") == (429, "photo.too_many")
        assert _send_photo(two, url, "198.51.100.21") == (415, "photo.not_an_image")
        # The one reader, leased by another worker reading a photo: this one waits, then says so.
        now = time.time()
        assert store.backend.acquire("photo", "another worker", 1, now, now + 30)
        assert _send_photo(two, url, "198.51.100.22") == (429, "photo.busy")
        store.backend.release("photo", "another worker")
        assert _send_photo(two, url, "198.51.100.22") == (415, "photo.not_an_image")
    finally:
        tables.close(one)
        tables.close(two)


@pytest.mark.parametrize("seat", [False, True], ids=["table stream", "seat stream"])
def test_a_worker_past_its_live_streams_tells_the_page_to_come_back(
    tmp_path: Path, seat: bool
) -> None:
    """Past ``LIVE_STREAMS`` a stream answers the version and a retry at once, then ends: the
    table's streams and the seats' (which carry their regions) count alike."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "t.sqlite"),
            "SECRET_KEY": "k",
            "LIVE_STREAMS": 1,
        }
    )
    try:
        table = app.extensions["tables"].create("noah", PLAYERS, seed=1)
        client = app.test_client()
        csrf(client)
        stream = seat_url(table, PLAYERS[1]) + "/stream" if seat else f"/t/{table.id}/stream"
        held = client.get(stream, buffered=False)
        first = next(iter(held.response))
        assert (first.decode() if isinstance(first, bytes) else first) == "retry: 500\n\n"
        busy = client.get(f"/t/{table.id}/stream").get_data(as_text=True)
        assert busy == f"retry: 2000\n\nevent: version\ndata: {table.version}\n\n"
        busy = client.get(seat_url(table, PLAYERS[0]) + "/stream").get_data(as_text=True)
        assert busy == f"retry: 2000\n\nevent: version\ndata: {table.version}\n\n"
        held.close()  # the page left: its thread and its place are free again
        again = client.get(stream, buffered=False)
        assert next(iter(again.response)) in ("retry: 500\n\n", b"retry: 500\n\n")
        again.close()
    finally:
        tables.close(app)


@pytest.mark.parametrize(
    "path", ["/", "/new/noah", "/t/{id}", "/t/{id}/board.json", "/t/nosuch", "/t/{id}/stream"]
)
def test_every_answer_carries_the_security_headers(
    client: FlaskClient, store: TableStore, path: str
) -> None:
    table = store.create("noah", PLAYERS, seed=1)
    answer = client.get(path.format(id=table.id))
    assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in answer.headers["Content-Security-Policy"]
    assert "object-src 'none'" in answer.headers["Content-Security-Policy"]
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert answer.headers["Cache-Control"] == "no-store"
    answer.close()


def test_pages_run_no_inline_script(client: FlaskClient, store: TableStore) -> None:
    """The policy allows scripts from this site only; no page may rely on inline ones."""
    table = store.create("noah", PLAYERS, seed=1)
    for path in (seat_url(table, "ann"), host_url(table), f"/t/{table.id}", "/", "/new/noah"):
        page = client.get(path).get_data(as_text=True)
        assert "<script>" not in page and " onclick=" not in page and " onsubmit=" not in page


def test_logs_never_name_a_token(
    client: FlaskClient, store: TableStore, caplog: pytest.LogCaptureFixture
) -> None:
    table = store.create("noah", PLAYERS, seed=1)
    seat, host = seat_url(table, "ann"), host_url(table)
    caplog.set_level(logging.INFO)
    # What werkzeug's request log and Flask's error log write.
    logging.getLogger("werkzeug").info('127.0.0.1 - - "%s" %s -', f"GET {seat} HTTP/1.1", 200)
    client.application.logger.error("Exception on %s [POST]", host + "/move")
    assert caplog.messages == [
        f'127.0.0.1 - - "GET /t/{table.id}/seat/… HTTP/1.1" 200 -',
        f"Exception on /t/{table.id}/host/…/move [POST]",
    ]
    tokens = [table.host_token, *(s.token for s in table.seats)]
    assert not any(t in caplog.text for t in tokens)
    assert csrf(client) not in caplog.text
