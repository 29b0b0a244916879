"""Hidden information audit: crawl every route with each seat's token, and as a spectator.

The crawl takes the routes from the app's own URL map, so a new route is
crawled (or this test fails until it says how). Each seat opens every page,
JSON route and live stream with its own token, posts a check, an illegal move
and a stale move (whose 409 answer carries the table as it stands), and tries
the host's routes (always 403). A spectator opens every public route.

Two ways to find a leak, for every game:

* differential: two tables that differ only in what the viewer may not see
  (each engine's hidden-information hook, ``tests/hidden.py``) must give the
  viewer byte-identical answers on every route, once ids and tokens are
  masked; this covers every kind of private piece without naming it;
* search (Noah): the ids of the cards in other hands that the viewer never
  saw must appear nowhere in what it received over a whole game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

import engines
from companion.sessions import Table, TableStore
from engines.core import CHANCE, EngineError, State
from tests.hidden import VARIANTS
from tests.web.conftest import CSRF
from tests.web.test_leaks import secrets_from
from web import create_app

PLAYERS = ["ann", "bob", "cy"]
SEAT_ROUTES = (
    *("play.seat", "play.seat_move", "play.seat_check", "play.seat_json", "photos.seat_scan"),
    *("play.seat_regions", "live.seat_stream", "live.seat_answer"),
    "play.seat_take_back",
)
HOST_ROUTES = (
    *("host.page", "host.move", "host.undo", "host.state"),
    *("live.start", "live.picture", "live.host_answer"),
    "photos.camera_score",
)
PUBLIC_ROUTES = (
    *("play.board", "play.board_json", "play.score", "live.stream", "live.status"),
    *("photos.score_form", "photos.score_upload"),
)
SITE_ROUTES = (
    *("home.index", "home.language", "setup.new", "setup.create", "setup.resume"),
    "quick.ark_nova",
)
"""Pages of no table: crawled for completeness (they cannot name a table's pieces)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, FlaskClient, str]]:
    tmp: Path = tmp_path_factory.mktemp("crawl")
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp / "crawl.sqlite"),
            "SECRET_KEY": "crawl",
            "LIVE_STREAM_SECONDS": 0.05,
            "LIVE_POLL_SECONDS": 0.01,
            "JOIN_ATTEMPTS": 10**9,
        }
    )
    client = app.test_client()
    match = CSRF.search(client.get("/").get_data(as_text=True))
    assert match
    yield app, client, match[1]
    app.extensions["tables"].close()


def test_the_crawl_knows_every_route(site: tuple[Flask, FlaskClient, str]) -> None:
    app, _, _ = site
    endpoints = {r.endpoint for r in app.url_map.iter_rules()} - {"static"}
    assert endpoints == {*SEAT_ROUTES, *HOST_ROUTES, *PUBLIC_ROUTES, *SITE_ROUTES}


def crawl(site: tuple[Flask, FlaskClient, str], table: Table, viewer: str | None) -> dict[str, str]:
    """Everything ``viewer`` (a player, or None for a spectator) gets from every table route.

    Ids and tokens are masked, so two tables' crawls compare byte for byte.
    """
    app, client, csrf = site
    seat = next((s for s in table.seats if s.player == viewer), None)
    token = seat.token if seat is not None else "no-token-" + "x" * 34
    seen: dict[str, str] = {}
    legal = table.state.legal_moves() if table.may_move(str(viewer)) else []
    posts = {
        "check-legal": {"move": legal[0].to_json() if legal else "take", "version": "0"},
        "check-junk": {"move": "fly to the moon", "version": "0"},
        "move-stale": {"move": "take", "version": str(table.version + 7)},
        "move-illegal": {"move": illegal_move(table), "version": str(table.version)},
    }
    for rule in app.url_map.iter_rules():
        if rule.endpoint not in (*SEAT_ROUTES, *HOST_ROUTES, *PUBLIC_ROUTES):
            continue
        if viewer is None and rule.endpoint not in PUBLIC_ROUTES:
            continue
        url = rule.rule.replace("<table_id>", table.id).replace("<token>", token)
        methods = rule.methods or set()
        if "GET" in methods:
            for accept in ("text/html", "application/json"):
                answer = client.get(url, headers={"Accept": accept})
                seen[f"GET {rule.endpoint} {accept}"] = (
                    f"{answer.status_code} " + b"".join(answer.response).decode()
                )
                answer.close()
        if "POST" in methods:
            for name, form in posts.items():
                if (rule.endpoint == "play.seat_check") != name.startswith("check"):
                    continue  # checks at the check route, moves at the others
                if rule.endpoint == "play.seat_take_back" and name != "move-stale":
                    continue  # on the current version a take-back of one's own move is one
                as_form = client.post(url, data={**form, "csrf_token": csrf})
                as_json = client.post(
                    url,
                    json={**form, "version": int(form["version"])},
                    headers={"X-CSRF-Token": csrf},
                )
                for kind, answer in (("form", as_form), ("json", as_json)):
                    seen[f"POST {rule.endpoint} {name} {kind}"] = (
                        f"{answer.status_code} {answer.get_data(as_text=True)}"
                    )
        if rule.endpoint in HOST_ROUTES:
            statuses = {k: v[:3] for k, v in seen.items() if rule.endpoint in k}
            assert set(statuses.values()) == {"403"}, statuses  # a seat never opens the host's
    after = app.extensions["tables"].load(table.id)
    assert after.version == table.version, "the crawl changed the table"
    masks = [(table.id, "TABLE")] + [(s.token, f"SEAT{s.index}") for s in table.seats]
    masks.append((table.host_token, "HOST"))
    text = json.dumps(seen, sort_keys=True)
    for secret, mask in masks:
        text = text.replace(secret, mask)
    masked: dict[str, str] = json.loads(text)
    return masked


GAMES = sorted(g for g in VARIANTS if engines.GAMES[g].info.turn_engine)


def illegal_move(table: Table) -> object:
    """A readable move the rules refuse now (its reason may speak of the mover's hand)."""
    module = engines.GAMES[table.game]
    start: State = module.new_game(list(table.players), seed=1)
    start = start.apply(start.chance_move()) if start.chance_move() else start
    candidates = [m.to_json() for m in start.legal_moves()] + ["noah 1", "take"]
    for text in candidates:
        try:
            move = module.parse_move(text)
        except EngineError:
            continue
        if table.state.to_move is None or not table.state.check(move):
            return text
    return "take"


def states(game_id: str, seed: int) -> Iterator[State]:
    """States along a seeded random game, each at a player's turn."""
    module = engines.GAMES[game_id]
    players = PLAYERS[: max(2, module.info.min_players)]
    rng = random.Random(seed)
    state: State = module.new_game(players, seed=seed)
    for _ in range(80):
        if state.to_move is None:
            return
        state = state.apply(state.chance_move() or rng.choice(state.legal_moves()))
        if state.to_move not in (CHANCE, None):
            yield state


@pytest.mark.parametrize("game_id", GAMES)
def test_no_route_tells_a_seat_or_a_spectator_what_it_may_not_see(
    site: tuple[Flask, FlaskClient, str], game_id: str
) -> None:
    store: TableStore = site[0].extensions["tables"]
    rng = random.Random(7)
    compared: dict[str | None, int] = {}
    for i, state in enumerate(states(game_id, 7)):
        if i % 9:
            continue
        for viewer in (*state.players, None):
            if compared.get(viewer, 0) >= 2:
                continue
            other = VARIANTS[game_id](state, viewer, rng)
            if other is None or other == state:
                continue
            one = store.resume(game_id, state.to_json())
            two = store.resume(game_id, other.to_json())
            first, second = crawl(site, one, viewer), crawl(site, two, viewer)
            assert first.keys() == second.keys()
            differ = [k for k in first if first[k] != second[k]]
            assert not differ, (viewer, differ[:3])
            compared[viewer] = compared.get(viewer, 0) + 1
    assert compared.get(None, 0) >= 1, "the spectator was compared"
    assert sum(1 for v in compared if v is not None) >= 2, compared


def scored_in_public(table: Table) -> set[str]:
    """Cards shown at a round's end (Noah scores the hands left, face up, for all to count).

    A new round deals the same physical cards again, so an id shown then is no secret.
    """
    shown: set[str] = set()
    for step in table.history:
        for event in step.events:
            if event.kind == "round_end":
                shown.update(c for hand in event.data["hands"].values() for c in hand)
    return shown


def test_no_route_names_another_seats_cards_over_a_whole_game(
    site: tuple[Flask, FlaskClient, str],
) -> None:
    store: TableStore = site[0].extensions["tables"]
    table = store.create("noah", PLAYERS, seed=31)
    rng = random.Random(31)
    searched = step = 0
    while table.state.to_move is not None:
        if step % 37 == 0:
            spectator = json.dumps(crawl(site, table, None))
            for viewer in PLAYERS:
                hidden = secrets_from(table, viewer) - scored_in_public(table)
                everything = json.dumps(crawl(site, table, viewer))
                assert not [c for c in hidden if f'\\"{c}\\"' in everything], (viewer, step)
                assert not [c for c in hidden if f'\\"{c}\\"' in spectator], step
                searched += len(hidden)
        move = rng.choice(table.state.legal_moves()).to_json()
        table = store.submit(table.id, move, actor=str(table.state.to_move), version=table.version)
        step += 1
    assert searched > 50


def test_the_search_would_find_a_leak(site: tuple[Flask, FlaskClient, str]) -> None:
    """The host's saved state names every card: the same search finds them there."""
    _, client, _ = site
    store: TableStore = site[0].extensions["tables"]
    table = store.create("noah", PLAYERS, seed=31)
    hidden = secrets_from(table, "bob")
    full = json.dumps(
        {
            "s": client.get(f"/t/{table.id}/host/{table.host_token}/state.json").get_data(
                as_text=True
            )
        }
    )
    assert hidden and all(f'\\"{c}\\"' in full for c in hidden)
