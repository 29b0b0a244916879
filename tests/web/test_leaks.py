"""Seat B never receives seat A's private cards, on any page or JSON route.

A seeded Noah game is played through the table store; at checkpoints every
route a seat can open is fetched with that seat's token, and the ids of the
cards hidden from it must not appear: cards in other hands that were never
face up and that the seat did not learn from its own history (dealt to it,
given away by it), which the engine's ``view`` and ``public_move`` allow.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from flask.testing import FlaskClient

import engines
from companion.sessions import Table, TableStore
from engines.ark_nova.info import RECORD
from engines.core import CHANCE
from tests.hidden import VARIANTS
from tests.web.conftest import csrf, seat_url
from tests.web.phone import Phone, Stream, serving

PLAYERS = ["ann", "bob", "cy"]


def face_up_ever(table: Table) -> set[str]:
    """Cards that were public at some point (on a ferry or departed)."""
    seen: set[str] = set()
    for step in table.history:
        view = step.before.view(None)
        for dock in view["docks"]:
            seen.update(c["card"] for c in dock.get("cards", []))
        seen.update(view["departed"])
    return seen


def known_to(table: Table, viewer: str) -> set[str]:
    """Cards the engine lets ``viewer`` know from the history (dealt to them, given by them)."""
    known: set[str] = set()
    for step in table.history:
        move = step.public(viewer)
        known.update(str(v) for k, v in move.items() if k == "card")
    return known


def secrets_from(table: Table, viewer: str) -> set[str]:
    """Card ids in other hands that ``viewer`` may not see and never learnt."""
    view = table.state.view(viewer)
    hidden: set[str] = set()
    for player in PLAYERS:
        if player == viewer or view["hands"][player]["cards"] is not None:
            continue
        hidden.update(table.state.view(player)["hands"][player]["cards"])
    return hidden - face_up_ever(table) - known_to(table, viewer) - {"?"}


def everything_seen_by(client: FlaskClient, table: Table, viewer: str) -> str:
    url = seat_url(table, viewer)
    token = csrf(client)
    answers = [
        client.get(url),
        client.get(url + "/regions"),
        client.get(url + "/view.json"),
        client.get(f"/t/{table.id}"),
        client.get(f"/t/{table.id}/board.json"),
        client.get(f"/t/{table.id}/score"),
        client.post(url + "/check", data={"csrf_token": token, "move": "take", "version": "0"}),
        client.post(url + "/move", data={"csrf_token": token, "move": "noah 1", "version": "0"}),
        client.post(
            url + "/move",
            json={"move": "take", "version": table.version + 5},
            headers={"X-CSRF-Token": token},
        ),
    ]
    return "\n".join(a.get_data(as_text=True) for a in answers)


def test_no_seat_receives_another_seats_hidden_cards(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", PLAYERS, seed=21)
    rng = random.Random(21)
    checked = 0
    step = 0
    while table.state.to_move is not None:
        if step % 17 == 0:
            for viewer in PLAYERS:
                hidden = secrets_from(table, viewer)
                seen = everything_seen_by(client, table, viewer)
                leaked = sorted(card for card in hidden if card in seen)
                assert not leaked, (viewer, leaked, step)
                checked += len(hidden)
        move = rng.choice(table.state.legal_moves()).to_json()
        table = store.submit(table.id, move, actor=str(table.state.to_move), version=table.version)
        step += 1
    assert checked > 100  # the test looked at many hidden cards


def test_no_seats_stream_carries_another_seats_hidden_cards(tmp_path: Path) -> None:
    """Each seat's stream, held over a whole game on a real server, carries the live regions
    drawn for that seat alone: no card hidden from it at the version they show."""
    config = {"DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "k", "LIVE_POLL_SECONDS": 0.01}
    with serving(config) as (port, app):
        store: TableStore = app.extensions["tables"]
        table = store.create("noah", PLAYERS, seed=23)
        phone = Phone(port).join()
        streams = {
            p: Stream(port, seat_url(table, p) + "/stream", cookie=phone.cookie) for p in PLAYERS
        }
        rng = random.Random(23)
        checked = 0
        try:
            while table.state.to_move is not None:
                move = rng.choice(table.state.legal_moves()).to_json()
                mover = str(table.state.to_move)
                table = store.submit(table.id, move, actor=mover, version=table.version)
                shown = f'data: <body data-version="{table.version}">'
                for viewer, stream in streams.items():
                    deadline = time.monotonic() + 10
                    while shown not in stream.raw.decode() and time.monotonic() < deadline:
                        time.sleep(0.005)
                    event = stream.raw.decode().rsplit("event: regions\n", 1)[-1]
                    assert shown in event, (viewer, table.version)
                    hidden = secrets_from(table, viewer)
                    assert not sorted(card for card in hidden if card in event), viewer
                    checked += len(hidden)
        finally:
            for stream in streams.values():
                stream.close()
    assert checked > 100


def test_the_test_would_see_a_leak(client: FlaskClient, store: TableStore) -> None:
    """The host's saved state holds every hand: the same search finds them there."""
    table = store.create("noah", PLAYERS, seed=21)
    hidden = secrets_from(table, "bob")
    assert hidden
    full = client.get(f"/t/{table.id}/host/{table.host_token}/state.json").get_data(as_text=True)
    assert all(card in full for card in hidden)
    assert json.loads(full)["game"] == "noah"


GAMES = sorted(g for g in VARIANTS if engines.GAMES[g].info.turn_engine)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_page_is_the_same_whatever_it_may_not_see(
    client: FlaskClient, store: TableStore, game_id: str
) -> None:
    """Two tables that differ only in what seat B may not see look alike to B, byte for byte.

    The variants come from each engine's hidden-information hook (``tests/hidden.py``);
    both tables are resumed from a state, so the pages differ only by ids and tokens.
    """
    rng = random.Random(3)
    players = PLAYERS[: max(2, engines.GAMES[game_id].info.min_players)]
    state = engines.GAMES[game_id].new_game(players, seed=3)
    compared = 0
    for _ in range(60):
        if state.to_move is None:
            break
        move = state.chance_move() or rng.choice(state.legal_moves())
        state = state.apply(move)
        if state.to_move == CHANCE:
            continue  # a seeded table would draw at once, from stacks that differ
        viewer = rng.choice(players)
        other = VARIANTS[game_id](state, viewer, rng)
        if other is None or other == state:
            continue
        one = store.resume(game_id, state.to_json())
        two = store.resume(game_id, other.to_json())
        assert _seen(client, one, viewer) == _seen(client, two, viewer)
        compared += 1
    assert compared > 5


def test_an_ark_nova_recorded_table_hides_the_kept_cards_from_the_player_to_move(
    client: FlaskClient, store: TableStore
) -> None:
    """Bob kept a final-scoring card: Ann, to move, sees the same pages and moves whichever."""
    game = engines.GAMES["ark_nova"]
    state = game.new_game(PLAYERS[:2], seed=3, options=RECORD)
    state = state.apply(game.parse_move({"type": "keep", "player": "bob", "cards": ["002"]}))
    assert state.to_move == "ann" and state.legal_moves()
    rng = random.Random(5)
    others = [o for _ in range(3) if (o := VARIANTS["ark_nova"](state, "ann", rng)) is not None]
    assert len(others) == 3 and state not in others
    seen = {_seen(client, store.resume("ark_nova", s.to_json()), "ann") for s in [state, *others]}
    assert len(seen) == 1
    assert "/seat/" in next(iter(seen))  # the page was served, with its moves


def _seen(client: FlaskClient, table: Table, viewer: str) -> str:
    seat = next(s for s in table.seats if s.player == viewer)
    url = seat_url(table, viewer)
    text = "".join(
        client.get(url + tail).get_data(as_text=True) for tail in ("", "/regions", "/view.json")
    )
    return text.replace(table.id, "TABLE").replace(seat.token, "TOKEN")
