"""Four workers on PostgreSQL: phones racing for one turn, and a worker killed mid-move.

``companion serve --workers 4 --database postgresql://...`` runs as its own
process (a gunicorn master and four worker processes, each with its own
connections). Five phones, each on its own connection (so on whichever worker
the kernel hands it), tap for the same turn at once: exactly one move applies,
the other four get 409 with the table as it stands. Then phones play several
tables while one worker is killed with SIGKILL: every acknowledged move is in
the log, in order, the log replays, and the phones keep playing on the other
workers (and on the one gunicorn starts in its place).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.sessions import TableStore
from tests import postgres
from tests.web.phone import Phone, free_port, kill_server, start_server, workers_of
from tests.web.test_crash import logged, replay

PLAYERS = ["ann", "bob", "cy", "dee", "eve"]
WORKERS = 4


@pytest.fixture
def served(postgres_server: str, tmp_path: Path) -> Iterator[tuple[int, str, Any, Path]]:
    """The server with four workers on a fresh PostgreSQL database: port, URL, process, log."""
    with postgres.fresh_database(postgres_server) as url:
        port, log = free_port(), tmp_path / "server.log"
        server = start_server(url, port, log, workers=WORKERS)
        try:
            deadline = time.monotonic() + 30
            while len(workers_of(server)) < WORKERS:
                assert time.monotonic() < deadline, "the workers did not start"
                time.sleep(0.1)
            yield port, url, server, log
        finally:
            kill_server(server)


def at_once(port: int, path: str, bodies: list[dict[str, Any]]) -> list[int]:
    """POST each body from a phone of its own (a connection of its own), released together."""
    phones = [Phone(port).join() for _ in bodies]
    barrier = threading.Barrier(len(bodies))
    status: list[int] = [0] * len(bodies)

    def tap(i: int) -> None:
        barrier.wait()
        status[i] = phones[i].post_json(path, bodies[i]).status

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    for phone in phones:
        phone.close()
    return status


def test_five_phones_racing_for_one_turn_apply_one_move(
    served: tuple[int, str, Any, Path],
) -> None:
    port, url, _, _ = served
    store = TableStore(url)
    try:
        for seed in range(8):  # each round the race may go to another worker
            table = store.create("noah", PLAYERS, seed=seed)
            mover = str(table.state.to_move)
            token = next(s.token for s in table.seats if s.player == mover)
            legal = table.state.legal_moves()
            bodies = [{"move": legal[i % len(legal)].to_json(), "version": 0} for i in range(5)]
            status = at_once(port, f"/t/{table.id}/seat/{token}/move", bodies)
            assert sorted(status) == [200, 409, 409, 409, 409], status
            assert store.version(table.id) == 1
            assert len(logged(url)[table.id]) == 1
    finally:
        store.close()


@dataclass
class Player:
    """One table played by one phone, through a worker's death."""

    table_id: str
    seats: dict[str, str]
    acked: list[Any] = field(default_factory=list)
    lost_answers: int = 0
    after_kill: int = 0
    problems: list[str] = field(default_factory=list)


def play(
    port: int, player: Player, seed: int, killed: threading.Event, stop: threading.Event
) -> None:
    """Play moves until ``stop``, each on the version the phone saw.

    A move whose answer was lost with its worker is looked up in the table: the
    table's version says whether it applied (one phone per table, so nobody else
    moves it).
    """
    rng = random.Random(seed)
    phone = Phone(port, timeout=10).join()
    in_flight: Any = None
    while not stop.is_set():
        try:
            board = phone.get(f"/t/{player.table_id}/board.json").json()
            if in_flight is not None:
                if board["version"] == len(player.acked) + 1:
                    player.acked.append(in_flight)  # it applied; its answer was lost
                player.lost_answers += 1
                in_flight = None
            if board["version"] != len(player.acked):
                player.problems.append(f"version {board['version']} after {len(player.acked)}")
                break
            if board["to_move"] is None:
                break
            seat = f"/t/{player.table_id}/seat/{player.seats[board['to_move']]}"
            moves = phone.get(seat + "/view.json").json()["moves"]
            move = rng.choice(moves)["move"]
            in_flight = move
            answer = phone.post_json(seat + "/move", {"move": move, "version": board["version"]})
        except (OSError, http.client.HTTPException, ValueError):
            phone.close()  # the worker died under this connection: a new one, another worker
            phone = Phone(port, timeout=10).join()
            continue
        if answer.status == 200:
            player.acked.append(move)
            player.after_kill += killed.is_set()
            in_flight = None
        elif answer.status != 409:  # 409: a resent move that had applied; looked up next
            player.problems.append(f"{answer.status} {answer.text[:200]}")
            break
    phone.close()


def test_a_killed_worker_loses_nothing_and_the_others_keep_serving(
    served: tuple[int, str, Any, Path],
) -> None:
    port, url, server, log = served
    store = TableStore(url)
    tables = [store.create("noah", PLAYERS[:3], seed=200 + i) for i in range(6)]
    store.close()
    players = [Player(t.id, {s.player: s.token for s in t.seats}) for t in tables]
    killed, stop = threading.Event(), threading.Event()
    phones = [
        threading.Thread(target=play, args=(port, p, i, killed, stop), daemon=True)
        for i, p in enumerate(players)
    ]
    for t in phones:
        t.start()
    try:
        deadline = time.monotonic() + 60
        while sum(len(p.acked) for p in players) < 30:
            assert time.monotonic() < deadline, [p.problems for p in players]
            time.sleep(0.01)
        victim = workers_of(server)[0]
        os.kill(victim, signal.SIGKILL)  # mid-move: the phones are submitting all the time
        killed.set()
        while sum(p.after_kill for p in players) < 30:
            assert time.monotonic() < deadline, [p.problems for p in players]
            time.sleep(0.01)
    finally:
        stop.set()
        for t in phones:
            t.join(20)
    assert all(not p.problems for p in players), [p.problems for p in players]
    assert server.poll() is None, "the server went down with its worker"
    assert victim not in workers_of(server)
    rows = logged(url)
    for table, player in zip(tables, players, strict=True):
        entries = rows.get(table.id, [])
        assert [seq for seq, _, _, _ in entries] == list(range(1, len(entries) + 1))
        moves = [json.loads(move) for _, _, _, move in entries if move is not None]
        assert moves[: len(player.acked)] == player.acked  # every acknowledged move, in order
        assert len(moves) - len(player.acked) in (0, 1)  # at most the one in flight at the end
        replay("noah", PLAYERS[:3], table.seed or 0, moves)  # every entry replays
    # Each phone was answered by every kind of worker: none was refused on the way.
    assert sum(p.after_kill for p in players) >= 30
    assert "Traceback" not in log.read_text(encoding="utf-8", errors="replace")
