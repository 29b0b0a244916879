"""A player takes back their own last move until the next player acts; the host keeps full undo.

Real tables on a real SQLite log: the take-back is one more log entry, the
state equals the one before the move, and a move that showed its player a
piece (a seeded deal after it, a hand peeked at) cannot be taken back.
"""

from __future__ import annotations

import random

from flask.testing import FlaskClient

from companion.sessions import DEALER, Table, TableStore
from companion.takeback import may_take_back, pieces_seen
from tests.web.conftest import csrf, post_move, seat_url

PLAYERS = ["ann", "bob", "cy"]


def take_back(client: FlaskClient, table: Table, player: str) -> int:
    answer = client.post(
        seat_url(table, player) + "/take-back",
        data={"csrf_token": csrf(client), "version": str(table.version)},
    )
    return answer.status_code


def test_a_player_takes_back_their_own_move_until_the_next_player_acts(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    mover = str(table.state.to_move)
    page = client.get(seat_url(table, mover)).get_data(as_text=True)
    assert "Take back my last move" not in page  # nothing of theirs to take back yet
    move = table.state.legal_moves()[0]
    assert (
        post_move(client, seat_url(table, mover), move.notation(), table.version).status_code == 303
    )
    played = store.load(table.id)
    assert may_take_back(played, mover)
    assert "Take back my last move" in client.get(seat_url(played, mover)).get_data(as_text=True)
    other = next(p for p in PLAYERS if p != mover)
    assert take_back(client, played, other) == 403  # not their move
    assert "Take back" not in client.get(seat_url(played, other)).get_data(as_text=True)
    stale = store.load(table.id)
    assert take_back(client, stale, mover) == 303
    after = store.load(table.id)
    assert after.state == table.state and after.version == table.version + 2
    assert take_back(client, after, mover) == 403  # nothing of theirs standing now


def test_the_move_of_the_next_player_ends_the_take_back(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    rng = random.Random(2)
    movers: list[str] = []
    while len(set(movers)) < 2:  # play until a second player has acted
        mover = str(table.state.to_move)
        move = rng.choice(table.state.legal_moves())
        table = store.submit(table.id, move.to_json(), actor=mover, version=table.version)
        movers.append(mover)
    first = movers[0]
    assert not may_take_back(table, first)
    assert take_back(client, table, first) == 403


def test_a_move_that_showed_a_piece_cannot_be_taken_back(store: TableStore) -> None:
    """Over seeded games of every kind: a move followed by a seeded deal, or whose player's
    view names a piece it did not before, is never offered for a take-back."""
    checked = 0
    for game in ("noah", "hare_tortoise", "animals_on_board", "niagara"):
        table = store.create(game, PLAYERS, seed=3)
        rng = random.Random(3)
        for _ in range(120):
            mover = table.state.to_move
            if mover is None or mover not in PLAYERS:
                break
            move = rng.choice(table.state.legal_moves())
            table = store.submit(table.id, move.to_json(), actor=mover, version=table.version)
            last = table.history[-1]
            seen_before = pieces_seen(game, last.before.view(mover))
            seen_after = pieces_seen(game, table.state.view(mover))
            revealing = last.actor == DEALER or not seen_after <= seen_before
            assert may_take_back(table, mover) is not revealing, (game, move.notation())
            checked += revealing
    assert checked > 0  # some moves did show a piece and stood
