"""Crash safety: SIGKILL the real server mid-game and lose no acknowledged move.

Several phones (threads) play seeded Noah tables against ``companion serve``
running as its own process. The server is killed with SIGKILL while moves are
in flight, then started again on the same database (an SQLite file, and a
PostgreSQL server). Every acknowledged move
must be in the log, in order; at most the one move each phone had in flight
may be there too; the log holds no half-written event; and the state the
server shows is the replay of the log from the setup, made here independently
with the engine. The server's output (its request log) never names a token.
"""

from __future__ import annotations

import http.client
import json
import random
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

import engines
from companion.sessions import TableStore
from engines.core import State
from tests.web.phone import Phone, free_port, kill_server, start_server

PLAYERS = ["ann", "bob", "cy"]
TABLES = 4
KILL_AFTER = 36  # acknowledged moves over all tables before the kill


@dataclass
class Player:
    """One table played by one phone: what the server acknowledged, what was in flight."""

    table_id: str
    seats: dict[str, str]
    acked: list[Any] = field(default_factory=list)
    in_flight: Any = None
    refused: list[str] = field(default_factory=list)


def play(port: int, player: Player, seed: int, stop: threading.Event) -> None:
    """Submit moves until the server dies (or ``stop``): each move on the version it saw."""
    rng = random.Random(seed)
    phone = Phone(port, timeout=5)
    try:
        phone.join()
        while not stop.is_set():
            board = phone.get(f"/t/{player.table_id}/board.json").json()
            if board["to_move"] is None:
                return
            seat = f"/t/{player.table_id}/seat/{player.seats[board['to_move']]}"
            moves = phone.get(seat + "/view.json").json()["moves"]
            move = rng.choice(moves)["move"]
            player.in_flight = move
            answer = phone.post_json(seat + "/move", {"move": move, "version": board["version"]})
            if answer.status == 200:
                player.acked.append(move)
                player.in_flight = None
            else:
                player.refused.append(f"{answer.status} {answer.text[:200]}")
                return
    except (OSError, http.client.HTTPException):
        return  # the server was killed (maybe mid-answer): the last move is unacknowledged
    finally:
        phone.close()


def replay(game: str, players: list[str], seed: int, moves: list[Any]) -> State:
    """The state after ``moves`` from the seeded setup, chance resolved as the store does."""
    module = engines.game(game)
    state: State = module.new_game(players, seed=seed)

    def deal(state: State) -> State:
        while (chance := state.chance_move()) is not None:
            state = state.apply(chance)
        return state

    state = deal(state)
    for move in moves:
        state = deal(state.apply(module.parse_move(move)))
    return state


LOG = "SELECT table_id, seq, kind, actor, move FROM log ORDER BY table_id, seq"


def logged(database: str) -> dict[str, list[tuple[int, str, str, str | None]]]:
    """Every log row per table, read straight from the database (SQLite: after an integrity
    check; PostgreSQL: a fresh connection, so only what was committed)."""
    rows: dict[str, list[tuple[int, str, str, str | None]]] = {}
    if database.startswith("postgresql://"):
        with psycopg.connect(database) as conn:
            found = conn.execute(LOG).fetchall()
    else:
        with sqlite3.connect(database) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            found = db.execute(LOG).fetchall()
    for table_id, seq, kind, actor, move in found:
        rows.setdefault(table_id, []).append((seq, kind, actor, move))
    return rows


def test_a_killed_server_keeps_every_acknowledged_move(tmp_path: Path, database: str) -> None:
    store = TableStore(database)
    tables = [store.create("noah", PLAYERS, seed=100 + i) for i in range(TABLES)]
    store.close()
    players = [Player(t.id, {s.player: s.token for s in t.seats}) for t in tables]
    secrets_ = [t.host_token for t in tables] + [s.token for t in tables for s in t.seats]

    port, log = free_port(), tmp_path / "server.log"
    server = start_server(database, port, log, access_log=True)
    stop = threading.Event()
    try:
        phones = [
            threading.Thread(target=play, args=(port, p, i, stop), daemon=True)
            for i, p in enumerate(players)
        ]
        for t in phones:
            t.start()
        deadline = time.monotonic() + 60
        while sum(len(p.acked) for p in players) < KILL_AFTER:
            assert time.monotonic() < deadline, "the phones could not play"
            assert any(t.is_alive() for t in phones), [p.refused for p in players]
            time.sleep(0.01)
        kill_server(server)  # mid-stream: the phones are still submitting
        stop.set()
        for t in phones:
            t.join(10)
    finally:
        stop.set()
        if server.poll() is None:
            kill_server(server)

    assert all(not p.refused for p in players), [p.refused for p in players]
    rows = logged(database)
    server = start_server(database, port, log, access_log=True)  # the same file, the same address
    try:
        phone = Phone(port).join()
        for table, player in zip(tables, players, strict=True):
            entries = rows.get(table.id, [])
            # No half-written event: seq 1..n without a gap, each a whole, readable move.
            assert [seq for seq, _, _, _ in entries] == list(range(1, len(entries) + 1))
            assert all(kind == "move" and move is not None for _, kind, _, move in entries)
            moves = [json.loads(move) for _, _, _, move in entries if move is not None]
            # Every acknowledged move is there, in order; at most the one in flight follows.
            assert moves[: len(player.acked)] == player.acked
            assert len(moves) - len(player.acked) in (0, 1)
            if len(moves) > len(player.acked):
                assert moves[-1] == player.in_flight
            expected = replay("noah", PLAYERS, table.seed or 0, moves)
            state = phone.get(f"/t/{table.id}/host/{table.host_token}/state.json").json()
            assert state == json.loads(json.dumps(expected.to_json()))
            board = phone.get(f"/t/{table.id}/board.json").json()
            assert board["version"] == len(moves)
        # The restarted server keeps playing.
        first, player = tables[0], players[0]
        board = phone.get(f"/t/{first.id}/board.json").json()
        seat = f"/t/{first.id}/seat/{player.seats[board['to_move']]}"
        move = phone.get(seat + "/view.json").json()["moves"][0]["move"]
        answer = phone.post_json(seat + "/move", {"move": move, "version": board["version"]})
        assert answer.status == 200 and answer.json()["version"] == board["version"] + 1
        phone.close()
    finally:
        kill_server(server)
    assert sum(len(p.acked) for p in players) >= KILL_AFTER
    output = log.read_text(encoding="utf-8", errors="replace")
    assert "/seat/…/view.json" in output, "the server logs its requests"
    leaked = [s for s in secrets_ if s in output]
    assert not leaked, "the server log names a seat or host token"
