"""Fuzzing the web app and the decoders it relies on with hypothesis.

Every bad input gets a 4xx with a reason (JSON: ``{"error", "reason"}``),
never a 500, and never changes a table: its log version and its saved state
are the same after. Tag payloads and saved states are fuzzed at their
decoders too: they raise only their own errors, each with a message.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.sessions import Table, TableStore
from engines.core import EngineError
from printables import payload
from tests.web.conftest import CSRF
from web import create_app

PLAYERS = ["ann", "bob", "cy"]
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)


class Site:
    """One app for the whole module (hypothesis reruns a test many times)."""

    def __init__(self, tmp: Path) -> None:
        self.app: Flask = create_app(
            {
                "TESTING": True,
                "DATABASE": str(tmp / "fuzz.sqlite"),
                "SECRET_KEY": "fuzz",
                "JOIN_ATTEMPTS": 10**9,
                "LIVE_STREAM_SECONDS": 0.1,
            }
        )
        self.store: TableStore = self.app.extensions["tables"]
        self.client: FlaskClient = self.app.test_client()
        match = CSRF.search(self.client.get("/").get_data(as_text=True))
        assert match
        self.csrf = match[1]
        self.table: Table = self.store.create("noah", PLAYERS, seed=5)
        self.chance: Table = self.store.create("noah", PLAYERS)  # waits for the table's deal

    def snapshot(self) -> list[tuple[int, Any]]:
        tables = [self.store.load(t.id) for t in (self.table, self.chance)]
        return [(t.version, t.state.to_json()) for t in tables] + [(len(self.store.tables()), None)]

    def urls(self) -> list[str]:
        t, c = self.table, self.chance
        mover = next(s for s in t.seats if s.player == t.state.to_move)
        other = next(s for s in t.seats if s.player != t.state.to_move)
        return [
            f"/t/{t.id}/seat/{mover.token}/move",
            f"/t/{t.id}/seat/{mover.token}/check",
            f"/t/{t.id}/seat/{other.token}/move",
            f"/t/{t.id}/host/{t.host_token}/move",
            f"/t/{t.id}/host/{t.host_token}/undo",
            f"/t/{c.id}/seat/{c.seats[0].token}/move",
            f"/t/{c.id}/host/{c.host_token}/move",
        ]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    made = Site(tmp_path_factory.mktemp("fuzz"))
    yield made
    made.store.close()


def refused(answer: Any) -> None:
    """A clear 4xx: with a JSON reason, or a page that says what went wrong."""
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.get_data(as_text=True))
    if answer.is_json:
        body = answer.get_json()
        assert isinstance(body["error"], str) and body["error"]
        assert isinstance(body["reason"], str) and len(body["reason"]) > 5
    else:
        assert "<main" in answer.get_data(as_text=True)


bodies = st.one_of(
    json_values.map(lambda v: ("json", v)),
    st.fixed_dictionaries(
        {"move": json_values},
        optional={"version": json_values | st.integers(-1, 3).map(str)},
    ).map(lambda v: ("json", v)),
    st.dictionaries(
        st.sampled_from(["move", "version", "csrf", "x"]), st.text(max_size=20), max_size=3
    ).map(lambda v: ("form", v)),
    st.binary(max_size=200).map(lambda v: ("raw", v)),
)


@FUZZ
@given(route=st.integers(0, 6), body=bodies)
def test_bad_submissions_are_refused_and_change_nothing(
    site: Site, route: int, body: tuple[str, Any]
) -> None:
    before = site.snapshot()
    url = site.urls()[route]
    kind, data = body
    headers = {"X-CSRF-Token": site.csrf}
    if kind == "json":
        answer = site.client.post(url, json=data, headers=headers)
    elif kind == "form":
        answer = site.client.post(url, data={**data, "csrf_token": site.csrf})
    else:
        answer = site.client.post(url, data=data, headers=headers, content_type="text/plain")
    if answer.status_code < 400:
        # A readable, legal move at the right version: it applied (rare, but allowed).
        assert data.get("move") is not None, answer.status_code
        site.table = site.store.load(site.table.id)
        site.chance = site.store.load(site.chance.id)
        return
    refused(answer)
    assert site.snapshot() == before


segments = st.text(
    alphabet=st.characters(codec="utf-8", exclude_characters="/?#%\x00"), min_size=1, max_size=50
)


@FUZZ
@given(table=segments, token=segments, which=st.integers(0, 8))
def test_any_path_is_a_clear_4xx(site: Site, table: str, token: str, which: int) -> None:
    before = site.snapshot()
    known = site.table.id
    path = [
        f"/t/{table}",
        f"/t/{table}/board.json",
        f"/t/{table}/score",
        f"/t/{table}/stream",
        f"/t/{known}/seat/{token}",
        f"/t/{known}/seat/{token}/view.json",
        f"/t/{known}/host/{token}",
        f"/t/{known}/host/{token}/state.json",
        f"/new/{table}",
    ][which]
    answer = site.client.get(path, headers={"Accept": "application/json"})
    answer.close()
    if answer.status_code == 200:  # a real table id (the fuzz found it: fine)
        assert table in (known, site.chance.id)
        return
    refused(answer)
    assert site.snapshot() == before


@FUZZ
@given(data=st.binary(max_size=300) | json_values.map(lambda v: json.dumps(v).encode()))
def test_any_file_to_resume_is_refused(site: Site, data: bytes) -> None:
    before = site.snapshot()
    form = {"csrf_token": site.csrf, "game": "noah", "state": (_file(data), "s.json")}
    answer = site.client.post("/resume", data=form, content_type="multipart/form-data")
    refused(answer)
    assert site.snapshot() == before


def _file(data: bytes) -> io.BytesIO:
    return io.BytesIO(data)


def test_a_broken_saved_state_is_refused_at_the_store(site: Site) -> None:
    """A saved state with one field broken: the store refuses it and makes no table."""
    saved = site.store.load(site.table.id).state.to_json()
    before = len(site.store.tables())
    for key in saved:
        for bad in (None, -1, "x", [], {}, 10**30):
            broken = {**saved, key: bad}
            try:
                site.store.resume("noah", json.dumps(broken))
            except EngineError as exc:
                assert str(exc)
            else:
                before += 1  # the field tolerates it (a name, a note): a real table
    assert len(site.store.tables()) == before


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(max_size=14)
    | st.text(alphabet=payload.ALPHABET, min_size=3, max_size=11)
    | st.builds(
        lambda a, b: a + b,
        st.sampled_from(["NO", "HT", "AB", "NI", "AN"]),
        st.text(payload.ALPHABET, max_size=8),
    ),
    game=st.none() | st.sampled_from(["noah", "hare_tortoise", "niagara", "nosuch"]),
)
def test_tag_payloads_decode_or_say_why(text: str, game: str | None) -> None:
    try:
        tag = payload.decode(text, game=game)
    except payload.PayloadError as exc:
        assert exc.code.startswith("payload.") and str(exc)
        assert isinstance(payload.try_decode(text, game=game), payload.PayloadError)
    else:
        assert tag.payload == text
        assert game in (None, tag.game)


@settings(max_examples=100, deadline=None)
@given(value=json_values)
def test_tag_payloads_refuse_what_is_not_text(value: Any) -> None:
    if isinstance(value, str):
        return
    with pytest.raises(payload.PayloadError):
        payload.decode(value)


@FUZZ
@given(
    players=st.lists(st.text(max_size=12), max_size=7),
    seed=st.text(max_size=40) | st.integers(0, 10**40).map(str),
    option=st.text(max_size=10),
)
def test_any_setup_form_makes_a_table_or_says_why(
    site: Site, players: list[str], seed: str, option: str
) -> None:
    before = len(site.store.tables())
    form = {
        "csrf_token": site.csrf,
        "player": players,
        "chance": "seeded",
        "seed": seed,
        "option-extra_turn": option,
    }
    answer = site.client.post("/new/noah", data=form)
    if answer.status_code == 303:
        assert len(site.store.tables()) == before + 1
        return
    refused(answer)
    assert len(site.store.tables()) == before


@pytest.mark.parametrize("seed", ["¹", "٣", "9" * 40, "-1", "1e3"])
def test_seeds_that_are_not_plain_numbers_are_refused(site: Site, seed: str) -> None:
    form = {"csrf_token": site.csrf, "player": PLAYERS, "chance": "seeded", "seed": seed}
    answer = site.client.post("/new/noah", data=form)
    assert answer.status_code == 400
    assert "seed" in answer.get_data(as_text=True)
