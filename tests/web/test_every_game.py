"""Every game in the registry plays through the pages: seats, board, host, scores.

The web app holds no game rules, so each game the engines register gets a
table, a seeded random game played through the seat routes, and every page
rendered along the way and at the end.
"""

from __future__ import annotations

import json
import random

import pytest
from flask.testing import FlaskClient

import engines
from companion.catalog_info import game_summaries
from companion.sentences import join
from companion.sessions import Table, TableStore
from engines.core import Move
from tests.web.conftest import csrf, host_url, seat_url

GAMES = [g for g in game_summaries() if g["turn_engine"]]
MAX_MOVES = 400
LONG_GAMES = {"ark_nova": 1500}
"""Games of about a thousand moves (Ark Nova's setup deals every card one by one)."""
NAMES = ["ann", "bob", "cy", "dee", "eve"]


def pages_of(client: FlaskClient, table: Table) -> None:
    urls = [f"/t/{table.id}", f"/t/{table.id}/board.json", f"/t/{table.id}/score", host_url(table)]
    for seat in table.seats:
        urls += [seat_url(table, seat.player), seat_url(table, seat.player) + "/view.json"]
    for url in urls:
        answer = client.get(url)
        assert answer.status_code == 200, (url, answer.get_data(as_text=True)[:300])


def choose(table: Table, rng: random.Random) -> dict[str, object]:
    """A random legal move; the game's own playout policy where it has one (Niagara: random
    paddling rarely ends; Ark Nova: a random game is long)."""
    policy = engines.GAMES[table.game].playout_move
    move: Move = policy(table.state, rng) if policy else rng.choice(table.state.legal_moves())
    return move.to_json()


@pytest.mark.parametrize("game", GAMES, ids=[g["id"] for g in GAMES])
def test_a_seeded_game_plays_through_the_seat_routes(
    client: FlaskClient, store: TableStore, game: dict[str, object]
) -> None:
    game_id = str(game["id"])
    players = NAMES[: max(2, int(str(game["min_players"])))]
    table = store.create(game_id, players, seed=7)
    rng = random.Random(7)
    token = csrf(client)
    pages_of(client, table)
    for n in range(LONG_GAMES.get(game_id, MAX_MOVES)):
        if table.state.to_move is None:
            break
        mover = str(table.state.to_move)
        move = choose(table, rng)
        url = seat_url(table, mover) if mover in players else host_url(table)
        answer = client.post(
            url + "/move",
            data={"csrf_token": token, "move": json.dumps(move), "version": table.version},
        )
        assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
        table = store.load(table.id)
        if n % 25 == 0:
            pages_of(client, table)
    assert table.state.to_move is None, f"{game_id} did not end in {n + 1} moves"
    pages_of(client, table)
    score = client.get(f"/t/{table.id}/score").get_data(as_text=True)
    outcome = table.state.outcome()
    assert outcome is not None
    winners = join(list(outcome.winners), "en")
    assert ("Winners: " if len(outcome.winners) > 1 else "Winner: ") + winners in score
