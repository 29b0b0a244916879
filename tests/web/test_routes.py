"""Every route through the Flask test client: setup, seats, host, board, scores, live."""

from __future__ import annotations

import io
import json
import random
import re
import select
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from werkzeug.test import TestResponse

import engines
from companion.sentences import join, line_words
from companion.sessions import HOST, Seat, Table, TableStore
from engines import noah
from tests.noah.helpers import position
from tests.web.conftest import csrf, host_url, post_move, seat_url
from tests.web.phone import Phone, Stream, events, serving
from web import create_app
from web.live import GONE_CHECK_SECONDS
from web.play import seat_page
from web.present import move_label

PLAYERS = ["ann", "bob", "cy"]


def finished(store: TableStore, seed: int = 8) -> Table:
    table = store.create("noah", PLAYERS, seed=seed)
    rng = random.Random(seed)
    while table.state.to_move is not None:
        move = rng.choice(table.state.legal_moves()).to_json()
        table = store.submit(table.id, move, actor=str(table.state.to_move), version=table.version)
    return table


# ---------------------------------------------------------------------- home and language


def test_home_links_every_game_to_a_new_table(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'href="/new/noah"' in page
    assert 'name="csrf_token"' in page


def test_language_from_the_browser_and_from_the_switch(client: FlaskClient) -> None:
    zh = client.get("/", headers={"Accept-Language": "zh-TW,zh;q=0.9,en;q=0.5"})
    assert "桌遊小幫手" in zh.get_data(as_text=True)
    assert 'lang="zh-Hant"' in zh.get_data(as_text=True)
    assert "Table Companion</a>" in client.get("/").get_data(as_text=True)
    switch = client.get("/lang/zh-Hant?next=/new/noah")
    assert switch.status_code == 303 and switch.location == "/new/noah"
    assert "<title>開新桌：挪亞方舟</title>" in client.get("/new/noah").get_data(as_text=True)
    client.get("/lang/en")
    assert "<title>New table: Noah</title>" in client.get("/new/noah").get_data(as_text=True)


def test_the_switch_only_goes_back_to_this_site(client: FlaskClient) -> None:
    assert client.get("/lang/en?next=//evil.example/").location == "/"
    assert client.get("/lang/en?next=https://evil.example/").location == "/"


# ---------------------------------------------------------------------- setup


def test_new_table_form_explains_the_rule_options(client: FlaskClient) -> None:
    page = client.get("/new/noah").get_data(as_text=True)
    assert "When playing a card earns another turn." in page
    assert "same species as the top card and the opposite gender (seed text)" in page
    assert page.count('name="player"') == 5
    assert client.get("/new/chess").status_code == 404


def test_create_a_table_and_land_on_the_host_page(client: FlaskClient, store: TableStore) -> None:
    form = {
        "csrf_token": csrf(client),
        "player": ["ann", "bob", "", "cy", ""],
        "chance": "seeded",
        "seed": "11",
        "option-end_at_26": "on",
    }
    answer = client.post("/new/noah", data=form)
    assert answer.status_code == 303
    table_id = answer.location.split("/")[2]
    table = store.load(table_id)
    assert table.players == ("ann", "bob", "cy")
    assert table.seed == 11 and table.options["end_at_26"] == "on"
    host = client.get(answer.location).get_data(as_text=True)
    assert host.count("<svg") >= 4  # a QR code per seat and the table
    assert "until someone has 26 or more after a round" in host  # the chosen option, in words
    for seat in table.seats:
        assert seat.token in host


def test_table_chance_creates_a_table_game(client: FlaskClient, store: TableStore) -> None:
    form = {"csrf_token": csrf(client), "player": ["ann", "bob"], "chance": "table"}
    answer = client.post("/new/noah", data=form)
    table = store.load(answer.location.split("/")[2])
    assert table.seed is None and table.state.to_move == "@chance"


def test_bad_setups_are_answered_with_the_reason(client: FlaskClient) -> None:
    token = csrf(client)
    one = client.post("/new/noah", data={"csrf_token": token, "player": ["ann"]})
    assert one.status_code == 400
    assert "is played by 2 to 5 players, not 1" in one.get_data(as_text=True)
    seed = client.post("/new/noah", data={"csrf_token": token, "player": PLAYERS, "seed": "x"})
    assert seed.status_code == 400 and "is not a number" in seed.get_data(as_text=True)
    opt = client.post(
        "/new/noah", data={"csrf_token": token, "player": PLAYERS, "option-end_at_26": "maybe"}
    )
    assert opt.status_code == 400 and "cannot be &#39;maybe&#39;" in opt.get_data(as_text=True)


def test_forms_without_the_csrf_token_are_refused(client: FlaskClient) -> None:
    answer = client.post("/new/noah", data={"player": PLAYERS})
    assert answer.status_code == 400
    assert "out of date or came from another site" in answer.get_data(as_text=True)
    wrong = client.post("/new/noah", data={"player": PLAYERS, "csrf_token": "forged"})
    assert wrong.status_code == 400


def test_resume_a_saved_state(client: FlaskClient, store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=4)
    saved = client.get(host_url(table) + "/state.json")
    assert saved.status_code == 200
    assert "attachment" in saved.headers["Content-Disposition"]
    data = {"csrf_token": csrf(client), "game": "noah", "state": (_file(saved.data), "s.json")}
    answer = client.post("/resume", data=data, content_type="multipart/form-data")
    assert answer.status_code == 303
    resumed = store.load(answer.location.split("/")[2])
    assert resumed.state == table.state


def test_a_state_of_another_game_is_refused_with_the_reason(
    client: FlaskClient, store: TableStore
) -> None:
    state = store.create("noah", PLAYERS, seed=4).state.to_json()
    state["game"] = "hare_tortoise"
    body = json.dumps(state).encode()
    data = {"csrf_token": csrf(client), "game": "noah", "state": (_file(body), "s.json")}
    answer = client.post("/resume", data=data, content_type="multipart/form-data")
    assert answer.status_code == 400
    assert "this is a state of &#39;hare_tortoise&#39;, not of &#39;noah&#39;" in answer.get_data(
        as_text=True
    )


def test_resume_refuses_what_is_not_a_state(client: FlaskClient) -> None:
    token = csrf(client)
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
    data = {"csrf_token": token, "game": "noah", "state": (_file(png), "photo.png")}
    answer = client.post("/resume", data=data, content_type="multipart/form-data")
    assert answer.status_code == 400 and "not JSON text" in answer.get_data(as_text=True)
    empty = client.post("/resume", data={"csrf_token": token, "game": "noah"})
    assert empty.status_code == 400
    nogame = client.post("/resume", data={"csrf_token": token, "game": "chess"})
    assert nogame.status_code == 404


def test_uploads_over_the_limit_are_refused(app: Flask, client: FlaskClient) -> None:
    token = csrf(client)
    app.config["MAX_CONTENT_LENGTH"] = 1024
    big = {"csrf_token": token, "game": "noah", "state": (_file(b"x" * 4096), "big.json")}
    answer = client.post("/resume", data=big, content_type="multipart/form-data")
    assert answer.status_code == 413


def test_a_photo_over_the_limit_for_no_table_is_a_404(app: Flask, client: FlaskClient) -> None:
    token = csrf(client)
    app.config["MAX_CONTENT_LENGTH"] = 1024
    big = {"csrf_token": token, "photo": (_file(b"x" * 4096), "end.png")}
    answer = client.post(
        "/t/no-such-table/score/photo", data=big, content_type="multipart/form-data"
    )
    assert answer.status_code == 404
    assert "there is no table &#39;no-such-table&#39;" in answer.get_data(as_text=True)


def _file(data: bytes) -> io.BytesIO:
    return io.BytesIO(data)


# ---------------------------------------------------------------------- seats


def test_a_seat_page_shows_its_hand_and_moves(client: FlaskClient, store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    mover = str(table.state.to_move)
    page = client.get(seat_url(table, mover)).get_data(as_text=True)
    assert "Your turn" in page
    for card in table.state.view(mover)["hands"][mover]["cards"]:
        assert f'data-card="{card}"' in page
    for move in table.state.legal_moves():
        assert f'data-notation="{escape(move.notation())}"' in page
    other = next(p for p in PLAYERS if p != mover)
    waiting = client.get(seat_url(table, other)).get_data(as_text=True)
    assert f"Waiting for {mover}" in waiting and "data-notation" not in waiting


def test_a_seat_pages_live_regions_alone_are_the_pages_own(
    client: FlaskClient, store: TableStore
) -> None:
    """What ``live.js`` fetches on a new version: the page's live regions, the same as the
    page draws them, with the version on the body, and nothing outside them."""
    table = store.create("noah", PLAYERS, seed=2)
    for player in PLAYERS:
        url = seat_url(table, player)
        page = client.get(url).get_data(as_text=True)
        assert f'data-regions="{url}/regions"' in page
        answer = client.get(url + "/regions")
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
        regions = answer.get_data(as_text=True)
        assert '<body data-version="0">' in regions
        ids = re.findall(r'id="([^"]+)" data-live-region', page)
        assert ids == ["live-play", "live-history"]
        assert re.findall(r'id="([^"]+)" data-live-region', regions) == ids
        body = regions.split('<body data-version="0">')[1].split("</body>")[0]
        play, history = body.split('<div id="live-history"')
        assert play.strip() in page and '<div id="live-history"' + history.rstrip() in page
        assert 'name="photo"' not in regions and "<header" not in regions  # the forms stay
    assert client.get(f"/t/{table.id}/seat/{'A' * 43}/regions").status_code == 403


def test_wrong_tokens_get_403_and_unknown_tables_404(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    token = csrf(client)
    forged = "A" * 43
    for url in (
        f"/t/{table.id}/seat/{forged}",
        f"/t/{table.id}/seat/{forged}/view.json",
        f"/t/{table.id}/host/{forged}",
        f"/t/{table.id}/host/{forged}/state.json",
        f"/t/{table.id}/host/{table.seats[0].token}",  # a seat token is not the host's
    ):
        assert client.get(url).status_code == 403, url
    for url in (
        f"/t/{table.id}/seat/{forged}/move",
        f"/t/{table.id}/seat/{forged}/check",
        f"/t/{table.id}/host/{forged}/move",
        f"/t/{table.id}/host/{forged}/undo",
    ):
        answer = client.post(url, data={"csrf_token": token, "move": "take", "version": "0"})
        assert answer.status_code == 403, url
    assert client.get(f"/t/nosuchtable/seat/{forged}").status_code == 404
    assert client.get("/t/nosuchtable").status_code == 404
    assert client.get("/t/nosuchtable/board.json").get_json()["error"] == "TableNotFound"


def test_a_legal_move_applies_and_redirects(client: FlaskClient, store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    url = seat_url(table, str(table.state.to_move))
    move = table.state.legal_moves()[0]
    answer = post_move(client, url, json.dumps(move.to_json()), 0)
    assert answer.status_code == 303 and answer.location == url
    assert store.version(table.id) == 1


def test_an_illegal_move_is_answered_with_its_code_and_reason(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    mover = str(table.state.to_move)
    url = seat_url(table, mover)
    answer = post_move(client, url, "noah 1", 0)
    assert answer.status_code == 422
    verdict = table.state.check(noah.parse_move("noah 1"))
    page = answer.get_data(as_text=True)
    assert f"<code>{verdict.code}</code>" in page
    assert verdict.reason is not None
    assert escape(verdict.reason) in page
    as_json = client.post(
        url + "/move",
        json={"move": "noah 1", "version": 0},
        headers={"X-CSRF-Token": csrf(client)},
    )
    assert as_json.status_code == 422
    assert as_json.get_json() == {"error": verdict.code, "reason": verdict.reason}
    assert store.version(table.id) == 0


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_only_the_seat_to_move_is_told_how_to_tap(
    client: FlaskClient, store: TableStore, lang: str
) -> None:
    """ "Tap a card to play it" is said to the player whose turn it is: not to a seat that
    waits (its cards cannot be played), nor on any seat once the game is over."""
    client.set_cookie("lang", lang)
    tap, dock = ("Tap a card", "Tap the dock") if lang == "en" else ("點一張牌", "在五角形上點")
    table = store.create("noah", PLAYERS, seed=2)
    mover = str(table.state.to_move)
    assert tap in client.get(seat_url(table, mover)).get_data(as_text=True)
    other = next(p for p in PLAYERS if p != mover)
    assert tap not in client.get(seat_url(table, other)).get_data(as_text=True)
    over = finished(store)
    for player in PLAYERS:
        page = client.get(seat_url(over, player)).get_data(as_text=True)
        assert ("The game is over" if lang == "en" else "遊戲結束") in page
        assert tap not in page and dock not in page


def test_unreadable_stale_and_out_of_turn_moves(client: FlaskClient, store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    mover = str(table.state.to_move)
    other = next(p for p in PLAYERS if p != mover)
    move = json.dumps(table.state.legal_moves()[0].to_json())
    garbage = post_move(client, seat_url(table, mover), "fly to the moon", 0)
    assert garbage.status_code == 400
    assert "cannot read “fly to the moon” as a move of Noah" in garbage.get_data(as_text=True)
    turn = post_move(client, seat_url(table, other), move, 0)
    assert turn.status_code == 403 and f"it is {mover}&#39;s turn" in turn.get_data(as_text=True)
    assert post_move(client, seat_url(table, mover), move, 0).status_code == 303
    stale = post_move(client, seat_url(table, mover), move, 0)
    assert stale.status_code == 409 and "changed while you chose" in stale.get_data(as_text=True)
    noversion = client.post(
        seat_url(table, mover) + "/move", data={"csrf_token": csrf(client), "move": move}
    )
    assert noversion.status_code == 400
    nomove = client.post(seat_url(table, mover) + "/move", data={"csrf_token": csrf(client)})
    assert nomove.status_code == 400


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_an_unreadable_move_names_the_game_in_words(
    client: FlaskClient, store: TableStore, lang: str
) -> None:
    """Typed or sent as data, a move that reads as none is refused naming the game, never by
    its id ("a animals_on_board move"); the JSON answer keeps the engine's reason."""
    client.set_cookie("lang", lang)
    table = store.create("animals_on_board", PLAYERS, seed=2)
    url = seat_url(table, str(table.state.to_move))
    typed = post_move(client, url, "fly to the moon", 0).get_data(as_text=True)
    data = post_move(client, url, '{"type": "fly"}', 0).get_data(as_text=True)
    if lang == "en":
        assert "cannot read “fly to the moon” as a move of Animals on Board" in typed
        assert "cannot read this move of Animals on Board" in data
    else:
        assert "看不懂「fly to the moon」：這不是諾亞鬧方舟的動作" in typed
        assert "看不懂這個諾亞鬧方舟的動作" in data
    for page in (typed, data):
        assert "animals_on_board move" not in page and "move type" not in page
    answer = post_move(
        client, url, "fly to the moon", 0, headers={"Accept": "application/json"}
    ).get_json()
    assert answer["error"] == "InvalidMove" and "animals_on_board" in answer["reason"]


def test_check_says_legal_or_why_not_without_applying(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    url = seat_url(table, str(table.state.to_move)) + "/check"
    first = table.state.legal_moves()[0]
    good = first.notation()
    token = csrf(client)
    ok = client.post(url, data={"csrf_token": token, "move": good, "version": "0"})
    words = move_label("noah", first.to_json(), "en")
    assert ok.status_code == 200 and str(escape(f"Legal: {words}")) in ok.get_data(as_text=True)
    bad = client.post(url, data={"csrf_token": token, "move": "noah 1", "version": "0"})
    assert bad.status_code == 200 and "<code>noah." in bad.get_data(as_text=True)
    as_json = client.post(url, json={"move": "noah 1"}, headers={"X-CSRF-Token": token})
    assert as_json.get_json()["legal"] is False and as_json.get_json()["code"].startswith("noah.")
    unreadable = client.post(url, data={"csrf_token": token, "move": "??", "version": "0"})
    assert unreadable.status_code == 400
    assert store.version(table.id) == 0


def test_seat_json_carries_the_view_moves_and_history(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    mover = str(table.state.to_move)
    data = client.get(seat_url(table, mover) + "/view.json").get_json()
    assert data["view"] == json.loads(json.dumps(table.state.view(mover)))
    assert [m["notation"] for m in data["moves"]] == [
        m.notation() for m in table.state.legal_moves()
    ]
    assert len(data["history"]) == len(table.history)
    assert data["outcome"] is None


# ---------------------------------------------------------------------- host


def test_host_undo(client: FlaskClient, store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    token = csrf(client)
    none = client.post(host_url(table) + "/undo", data={"csrf_token": token, "version": "0"})
    assert none.status_code == 409 and "no move to take back" in none.get_data(as_text=True)
    post_move(client, seat_url(table, str(table.state.to_move)), "take", 0)
    move = json.dumps(table.state.legal_moves()[0].to_json())
    assert post_move(client, seat_url(table, str(table.state.to_move)), move, 0).status_code == 303
    undo = client.post(host_url(table) + "/undo", data={"csrf_token": token, "version": "1"})
    assert undo.status_code == 303
    assert store.load(table.id).state == table.state
    bad = client.post(host_url(table) + "/undo", data={"csrf_token": token, "version": "x"})
    assert bad.status_code == 400


def test_the_table_enters_chance_outcomes(client: FlaskClient, store: TableStore) -> None:
    table = store.create("noah", PLAYERS)
    host = client.get(host_url(table)).get_data(as_text=True)
    assert "What did the table draw?" in host
    outcome = table.state.legal_moves()[0]
    assert f'data-notation="{escape(outcome.notation())}"' in host
    answer = client.post(
        host_url(table) + "/move",
        data={"csrf_token": csrf(client), "move": outcome.notation(), "version": "0"},
    )
    assert answer.status_code == 303
    seat = client.get(seat_url(table, "bob")).get_data(as_text=True)
    assert "What did the table draw?" in seat
    assert store.load(table.id).history[-1].actor == "@host"


def test_the_host_may_not_move_for_a_player(client: FlaskClient, store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    move = table.state.legal_moves()[0].notation()
    answer = client.post(
        host_url(table) + "/move",
        data={"csrf_token": csrf(client), "move": move, "version": "0"},
    )
    assert answer.status_code == 403


# ---------------------------------------------------------------------- board, scores, live


def test_public_board(client: FlaskClient, store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'class="dock"' in page and page.count('class="dock"') == 5
    assert "data-notation" not in page
    data = client.get(f"/t/{table.id}/board.json").get_json()
    assert data["view"] == json.loads(json.dumps(table.state.view(None)))


def test_score_screen_before_and_after_the_end(client: FlaskClient, store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    assert "not over yet" in client.get(f"/t/{table.id}/score").get_data(as_text=True)
    assert (
        client.get(f"/t/{table.id}/score", headers={"Accept": "application/json"}).status_code
        == 409
    )
    done = finished(store)
    outcome = done.state.outcome()
    assert outcome is not None
    page = client.get(f"/t/{done.id}/score").get_data(as_text=True)
    assert "The lowest total wins." in page
    winners = join(list(outcome.winners), "en")
    assert ("Winners: " if len(outcome.winners) > 1 else "Winner: ") + winners in page
    for label in ("Round 1", "Round 2", "Round 3"):
        assert f'<th scope="row">{label}' in page
    for player, total in outcome.scores.items():  # Noah counts tears
        said = f"{total} {'tear' if total == 1 else 'tears'}"
        assert f'<td data-total="{total}">{said}</td>' in page, player
    for line in outcome.breakdown["ann"]:
        _, detail = line_words("noah", line.to_json(), "en")
        assert str(escape(detail)) in page
        for card in line.params["cards"]:
            assert card not in page  # the cards by name, never by id
    seat = client.get(seat_url(done, "ann")).get_data(as_text=True)
    assert "See the final scores" in seat and "The game is over" in seat
    data = client.get(f"/t/{done.id}/score", headers={"Accept": "application/json"}).get_json()
    assert data == json.loads(json.dumps(outcome.to_json()))


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_niagaras_totals_are_said_as_goals_met(
    client: FlaskClient, store: TableStore, lang: str
) -> None:
    """Niagara's total is 1 for a goal met and 0 for none: the score page says which, never
    the bare 1 or 0, in the ranking, the rows and the totals."""
    client.set_cookie("lang", lang)
    table = store.create("niagara", PLAYERS, seed=3)
    rng = random.Random(3)
    policy = engines.GAMES["niagara"].playout_move
    assert policy is not None
    while (mover := table.state.to_move) is not None:
        move = policy(table.state, rng).to_json()
        actor = str(mover) if mover in PLAYERS else HOST
        table = store.submit(table.id, move, actor=actor, version=table.version)
    outcome = table.state.outcome()
    assert outcome is not None and set(outcome.scores.values()) == {0, 1}
    page = client.get(f"/t/{table.id}/score").get_data(as_text=True)
    met, none = ("a goal met", "no goal met") if lang == "en" else ("達成目標", "未達成目標")
    for player, total in outcome.scores.items():
        assert f'<td data-total="{total}">{met if total else none}</td>' in page, player
    ranking = re.search(r'<ol class="ranking">(.*?)</ol>', page, re.S)
    assert ranking is not None
    assert met in ranking[1] and none in ranking[1]
    assert not re.search(r"· [01]\b|<td>[01]<", page)


def test_live_stream_reports_the_version(client: FlaskClient, store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    answer = client.get(f"/t/{table.id}/stream")
    assert answer.mimetype == "text/event-stream"
    chunks = iter(answer.response)
    assert b"retry: 500" in next(chunks)
    assert next(chunks) == b"event: version\ndata: 0\n\n"
    answer.close()
    assert client.get("/t/nosuchtable/stream").status_code == 404


def events_of(answer: TestResponse) -> Iterator[tuple[str, str]]:
    """A stream's server-sent events as ``(name, data)``, as they come."""
    for chunk in answer.response:
        yield from events(chunk.decode() if isinstance(chunk, bytes) else str(chunk))


def test_a_seats_stream_carries_its_new_live_regions(
    client: FlaskClient, store: TableStore
) -> None:
    """A seat page listens to a stream of its own (``data-regions-stream``): the version, then on
    each new version that seat's live regions, exactly what ``/regions`` answers that phone (its
    view only, in its language), so the phone makes no request for a move."""
    table = store.create("noah", PLAYERS, seed=2)
    rng = random.Random(2)
    for language in ("en", "zh-TW"):
        mover = str(table.state.to_move)
        url = seat_url(table, next(p for p in PLAYERS if p != mover))
        headers = {"Accept-Language": language}
        page = client.get(url, headers=headers).get_data(as_text=True)
        assert f'data-regions-stream="{url}/stream"' in page
        answer = client.get(url + "/stream", headers=headers)
        assert answer.mimetype == "text/event-stream"
        heard = events_of(answer)
        assert next(heard) == ("version", str(table.version))
        move = rng.choice(table.state.legal_moves()).to_json()
        table = store.submit(table.id, move, actor=mover, version=table.version)
        name, regions = next(heard)
        answer.close()
        assert name == "regions" and f'<body data-version="{table.version}">' in regions
        assert regions == client.get(url + "/regions", headers=headers).get_data(as_text=True)
    assert 'lang="zh-Hant"' in regions
    assert client.get(f"/t/{table.id}/seat/{'A' * 43}/stream").status_code == 403
    assert client.get(f"/t/nosuchtable/seat/{'A' * 43}/stream").status_code == 404


def test_a_seats_stream_draws_the_choices_of_its_query(
    client: FlaskClient, store: TableStore
) -> None:
    """A page that composed choices in its query (Ark Nova's Build strength) opens its stream
    with them, and the regions it carries are drawn with them."""
    table = store.create("ark_nova", ["ann", "bob"], seed=3)
    mover = str(table.state.to_move)
    url = seat_url(table, next(p for p in ("ann", "bob") if p != mover))
    client.get(url)
    answer = client.get(url + "/stream?strength=3")
    heard = events_of(answer)
    assert next(heard) == ("version", "0")
    game = engines.GAMES["ark_nova"]
    assert game.playout_move is not None
    move = game.playout_move(table.state, random.Random(3)).to_json()
    store.submit(table.id, move, actor=mover, version=table.version)
    name, regions = next(heard)
    answer.close()
    assert name == "regions"
    assert regions == client.get(url + "/regions?strength=3").get_data(as_text=True)
    assert regions != client.get(url + "/regions").get_data(as_text=True)


@pytest.mark.parametrize("case", ["no form token", "too large", "not drawn"])
def test_a_seats_stream_sends_the_version_alone_when_it_cannot_send_the_regions(
    app: Flask, store: TableStore, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    """The page then fetches its regions, as every page did before: a session without its form
    token (one made in the stream would never reach the phone), regions over
    ``LIVE_REGIONS_BYTES``, or regions that could not be drawn."""
    table = store.create("noah", PLAYERS, seed=2)
    mover = str(table.state.to_move)
    url = seat_url(table, next(p for p in PLAYERS if p != mover))
    client = app.test_client()
    if case != "no form token":
        csrf(client)
    if case == "too large":
        monkeypatch.setitem(app.config, "LIVE_REGIONS_BYTES", 1000)
    if case == "not drawn":

        def broken(*args: object, **kwargs: object) -> str:
            raise RuntimeError("a template that fails")

        monkeypatch.setattr("web.live.seat_page", broken)
    answer = client.get(url + "/stream")
    heard = events_of(answer)
    assert next(heard) == ("version", "0")
    move = random.Random(2).choice(table.state.legal_moves()).to_json()
    store.submit(table.id, move, actor=mover, version=table.version)
    assert next(heard) == ("version", "1")
    answer.close()
    assert client.get(url + "/regions").status_code == 200  # what the page fetches then


def test_a_seats_stream_draws_nothing_for_a_phone_that_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page that sends a form closes its stream first: when the move comes, the stream sees
    the phone gone and ends without drawing its regions, while a listening seat gets its own."""
    drawn: list[str] = []

    def counted(table: Table, seat: Seat, **kwargs: Any) -> str:
        drawn.append(seat.player)
        return seat_page(table, seat, **kwargs)

    monkeypatch.setattr("web.live.seat_page", counted)
    config = {"DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "k", "LIVE_POLL_SECONDS": 0.02}
    with serving(config) as (port, app):
        store: TableStore = app.extensions["tables"]
        table = store.create("noah", PLAYERS, seed=2)
        mover = str(table.state.to_move)
        left, listening = (p for p in PLAYERS if p != mover)
        phone = Phone(port).join()
        streams = {
            p: Stream(port, seat_url(table, p) + "/stream", cookie=phone.cookie)
            for p in (left, listening)
        }
        for stream in streams.values():
            assert stream.heard.wait(5)
        streams[left].close()
        time.sleep(0.1)
        move = random.Random(2).choice(table.state.legal_moves()).to_json()
        store.submit(table.id, move, actor=mover, version=table.version)
        deadline = time.monotonic() + 5
        while (
            "event: regions" not in streams[listening].raw.decode() and time.monotonic() < deadline
        ):
            time.sleep(0.02)
        time.sleep(1.0)  # two gone checks and more
        streams[listening].close()
    assert drawn == [listening]


def test_a_waiting_stream_sleeps_until_news_and_is_told_when_its_phone_leaves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a real server a waiting stream does not wake every half second to look at its phone:
    it waits for news or its heartbeat, and is woken as soon as the phone closes the
    connection, its place among ``LIVE_STREAMS`` free again."""
    assert hasattr(select, "epoll"), "the worker watches its phones by epoll (Linux)"
    waits: list[float] = []
    wait = TableStore.wait

    def counted(store: TableStore, table_id: str, known: int, timeout: float) -> int:
        waits.append(timeout)
        return wait(store, table_id, known, timeout)

    monkeypatch.setattr(TableStore, "wait", counted)
    config = {"DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "k", "LIVE_STREAMS": 1}
    with serving(config) as (port, app):
        store: TableStore = app.extensions["tables"]
        table = store.create("noah", PLAYERS, seed=2)
        phone = Phone(port).join()
        path = seat_url(table, "ann") + "/stream"
        held = Stream(port, path, cookie=phone.cookie)
        assert held.heard.wait(5)
        time.sleep(1.5)
        assert len(waits) == 1 and waits[0] > 10 * GONE_CHECK_SECONDS  # up to the heartbeat
        held.close()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            again = Stream(port, path, cookie=phone.cookie)
            assert again.heard.wait(5)
            again.close()
            if b"retry: 500\n" in again.raw:  # not told to come back: the place was free
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the stream of the phone that left kept its place")
    assert len(waits) <= 3


def test_pages_carry_safety_headers(client: FlaskClient) -> None:
    answer = client.get("/")
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert answer.headers["X-Frame-Options"] == "DENY"


def test_no_debug_mode(app: Flask) -> None:
    assert app.debug is False


def test_ark_nova_map_lights_up_the_legal_hexes(client: FlaskClient, store: TableStore) -> None:
    table = store.create("ark_nova", ["ann", "bob"], seed=1)
    plain = client.get(seat_url(table, "ann")).get_data(as_text=True)
    assert plain.count('class="hex"') == 58 and "data-placements" not in plain
    page = client.get(seat_url(table, "ann") + "?strength=3").get_data(as_text=True)
    assert 'data-placements="' in page
    assert page.count('class="hex legal"') > 0
    assert client.get(seat_url(table, "ann") + "?strength=9").status_code == 200


def test_a_restart_keeps_tables_links_and_moves(tmp_path: Path) -> None:
    config = {"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "k"}
    first = create_app(config)
    store = first.extensions["tables"]
    table = store.create("noah", PLAYERS, seed=2)
    client = first.test_client()
    mover = str(table.state.to_move)
    move = json.dumps(table.state.legal_moves()[0].to_json())
    assert post_move(client, seat_url(table, mover), move, 0).status_code == 303
    store.close()
    again = create_app(config).test_client()
    data = again.get(seat_url(table, mover) + "/view.json").get_json()
    assert data["version"] == 1 and len(data["history"]) == len(table.history) + 1


def test_a_chinese_page_gives_the_refusal_in_chinese_with_its_numbers(
    client: FlaskClient, store: TableStore
) -> None:
    state = position(["BEAF1", "PANF1", "LIOF1"], [["MULF1", "PANF2"], ["PARF1"]])
    table = store.resume("noah", state.to_json())
    url = seat_url(table, str(table.state.to_move))
    token = csrf(client)
    english = client.post(url + "/check", data={"csrf_token": token, "move": "MULF1"})
    assert "the ferry would weigh 22, over its limit of 21" in english.get_data(as_text=True)
    client.set_cookie("lang", "zh-Hant")
    checked = client.post(url + "/check", data={"csrf_token": token, "move": "MULF1"})
    page = checked.get_data(as_text=True)
    assert 'data-code="noah.overweight">不允許：駁船會重達 22，超過上限 21' in page
    assert "<code>noah.overweight</code></details>" in page
    played = client.post(url + "/move", data={"csrf_token": token, "move": "MULF1", "version": "0"})
    assert played.status_code == 422 and "駁船會重達 22，超過上限 21" in played.get_data(
        as_text=True
    )
