"""Each bad input that once answered 500 is a clear 4xx with the reason, and changes nothing.

The cases come from fuzzing the running app: a move whose ``type`` is a list or
an object (every game), a version of ``1e400`` at a seat's and the host's move,
a body nested 100,000 deep at ``/check`` and ``/move``, a seed of 5,000 digits
at ``/new``, an Ark Nova seat page asked for ``?strength=²``.
"""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

import engines
from companion.sessions import Table, TableStore
from tests.web.conftest import csrf, host_url, seat_url

GAMES = sorted(engines.GAMES)


def players(game_id: str) -> list[str]:
    return ["ann", "bob", "cy", "dee", "eve"][: max(2, engines.GAMES[game_id].info.min_players)]


def mover_url(table: Table) -> str:
    to_move = table.state.to_move
    player = to_move if to_move in table.players else table.players[0]
    return seat_url(table, str(player))


def post_raw(client: FlaskClient, url: str, body: str) -> object:
    headers = {"X-CSRF-Token": csrf(client), "Content-Type": "application/json"}
    return client.post(url, data=body.encode(), headers=headers)


def refused_with_reason(answer: object, status: int = 400) -> dict[str, str]:
    assert answer.status_code == status, (answer.status_code, answer.get_data(as_text=True))  # type: ignore[attr-defined]
    body: dict[str, str] = answer.get_json()  # type: ignore[attr-defined]
    assert body["error"] and len(body["reason"]) > 10
    return body


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", [[], {}, [1, 2], {"a": "b"}, 3.5, True, None])
def test_a_move_type_of_the_wrong_kind_is_a_400(
    client: FlaskClient, store: TableStore, game_id: str, kind: object
) -> None:
    table = store.create(game_id, players(game_id), seed=1)
    for route in ("/move", "/check"):
        body = json.dumps({"move": {"type": kind}, "version": table.version})
        answer = post_raw(client, mover_url(table) + route, body)
        reason = refused_with_reason(answer)["reason"]
        assert "no move type" in reason
    assert store.version(table.id) == table.version


@pytest.mark.parametrize("where", ["seat", "host"])
@pytest.mark.parametrize(
    "version", ["1e400", "-1e400", "true", "1.5", '"²"', '"' + "9" * 5000 + '"']
)
def test_a_version_that_is_not_a_whole_number_is_a_400(
    client: FlaskClient, store: TableStore, where: str, version: str
) -> None:
    table = store.create("noah", ["ann", "bob", "cy"], seed=1)
    url = mover_url(table) if where == "seat" else host_url(table)
    answer = post_raw(client, url + "/move", '{"move": "x", "version": ' + version + "}")
    reason = refused_with_reason(answer)["reason"]
    assert "version" in reason or "too large to be a count" in reason
    assert store.version(table.id) == 0


@pytest.mark.parametrize("route", ["/move", "/check"])
def test_a_body_nested_100000_deep_is_a_400(
    client: FlaskClient, store: TableStore, route: str
) -> None:
    table = store.create("noah", ["ann", "bob", "cy"], seed=1)
    deep = '{"move": ' + "[" * 100_000 + "]" * 100_000 + ', "version": 0}'
    answer = post_raw(client, mover_url(table) + route, deep)
    assert "nested deeper" in refused_with_reason(answer)["reason"]
    shallow_but_deep = (
        '{"move": {"type": "play", "card": ' + "[" * 60 + "]" * 60 + "}, " + '"version": 0}'
    )
    answer = post_raw(client, mover_url(table) + route, shallow_but_deep)
    assert "nested deeper" in refused_with_reason(answer)["reason"]
    assert store.version(table.id) == 0


@pytest.mark.parametrize("seed", ["9" * 5000, "9" * 20, str(2**63), "1" * 4301])
def test_a_seed_too_long_to_keep_is_a_400(
    client: FlaskClient, store: TableStore, seed: str
) -> None:
    form = {"csrf_token": csrf(client), "player": ["ann", "bob"], "chance": "seeded", "seed": seed}
    answer = client.post("/new/noah", data=form)
    assert answer.status_code == 400
    assert "the seed must be from 0 to" in answer.get_data(as_text=True)
    assert store.tables() == []


@pytest.mark.parametrize("strength", ["²", "٣", "3", "9", "-1", "", "1" * 5000])
def test_the_ark_nova_seat_page_reads_any_strength(
    client: FlaskClient, store: TableStore, strength: str
) -> None:
    table = store.create("ark_nova", ["ann", "bob"], seed=1)
    answer = client.get(seat_url(table, "ann"), query_string={"strength": strength})
    assert answer.status_code == 200
    lit = 'class="hex legal"' in answer.get_data(as_text=True)
    assert lit == (strength == "3")  # only a strength of the Build card lights hexes
