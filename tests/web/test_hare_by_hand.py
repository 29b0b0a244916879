"""A Hare and Tortoise table with ``race = by_hand`` plays through the seat pages: the
player who triggered a race phase gets the one race move, and a lamb put on the wrong
spot is refused with the engine's code."""

from __future__ import annotations

import html
import json
import random

from flask.testing import FlaskClient

from companion.sessions import TableStore
from engines.hare_tortoise.moves import Race
from tests.web.conftest import host_url, post_move, seat_url
from web.present import move_label


def test_a_race_moved_by_hand_is_offered_checked_and_played(
    client: FlaskClient, store: TableStore
) -> None:
    players = ["ann", "bob"]
    options = {"race": "by_hand", "stream_positions": "random"}
    table = store.create("hare_tortoise", players, options=options, seed=7)
    rng = random.Random(7)
    races = 0
    while table.state.to_move is not None and races < 2:
        mover = str(table.state.to_move)
        url = seat_url(table, mover) if mover in players else host_url(table)
        if table.state.to_json()["phase"] == "race":
            races += 1
            (move,) = table.state.legal_moves()
            assert isinstance(move, Race)
            page = client.get(url).get_data(as_text=True)
            assert move.notation() in page
            assert "Move the pawns: hare pawn → " in html.unescape(page)
            where = list(move.positions)
            where[4] = 10 if where[4] >= 11 else where[4] + 1
            wrong = Race(tuple(where), move.podium)
            refused = post_move(client, url, wrong.notation(), table.version)
            assert refused.status_code == 422
            verdict = table.state.check(wrong)
            assert verdict.code is not None and verdict.code in refused.get_data(as_text=True)
            assert store.load(table.id).version == table.version
        else:
            move = table.state.chance_move() or rng.choice(table.state.legal_moves())
        answer = post_move(client, url, json.dumps(move.to_json()), table.version)
        assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
        table = store.load(table.id)
    assert races == 2 and table.state.to_json()["phase"] != "race"


def test_a_race_move_reads_as_where_each_pawn_goes_in_both_languages() -> None:
    move = Race((12, 6, 0, 12, 0), ("F", "H")).to_json()
    assert move_label("hare_tortoise", move, "en") == (
        "Move the pawns: hare pawn → podium place 2; tortoise pawn → space 6; "
        "wolf pawn → the start line; fox pawn → podium place 1; lamb pawn → the start line"
    )
    zh = move_label("hare_tortoise", move, "zh-Hant")
    assert zh.startswith("移動棋子：兔子棋子 → 頒獎台第 2 名；") and "第 6 格" in zh
