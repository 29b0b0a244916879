"""The storage interface on both backends: one conflict rule, shared limits, live waits, the cache.

Every test runs on SQLite and on a real PostgreSQL server (``tests/conftest.py``).
Two stores opened on one database stand for two workers (or two machines).
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from companion.sessions import Conflict, TableStore
from companion.storage import Duplicate, Entry

PLAYERS = ["ann", "bob", "cy"]


@pytest.fixture
def two(database: str) -> Iterator[tuple[TableStore, TableStore]]:
    """Two stores on one database, as two worker processes have."""
    one, other = TableStore(database), TableStore(database)
    yield one, other
    one.close()
    other.close()


def test_the_duplicate_entry_is_the_one_conflict(two: tuple[TableStore, TableStore]) -> None:
    one, other = two
    table = one.create("noah", PLAYERS, seed=1)
    entry = Entry(1, "move", "ann", '{"type": "take"}', time.time())
    one.backend.append(table.id, entry)
    with pytest.raises(Duplicate):
        other.backend.append(table.id, entry)
    assert one.backend.version(table.id) == other.backend.version(table.id) == 1


def race(stores: list[TableStore], table_id: str, actor: str, moves: list[object]) -> list[str]:
    """Each store submits its move for version 0 at once; what each was answered."""
    barrier = threading.Barrier(len(stores))
    results: list[str] = []

    def tap(store: TableStore, move: object) -> None:
        barrier.wait()
        try:
            store.submit(table_id, move, actor=actor, version=0)
            results.append("ok")
        except Conflict:
            results.append("409")

    threads = [threading.Thread(target=tap, args=pair) for pair in zip(stores, moves, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    return results


def test_two_workers_racing_for_one_turn_apply_one_move(
    two: tuple[TableStore, TableStore],
) -> None:
    one, other = two
    for seed in range(6):
        table = one.create("noah", PLAYERS, seed=seed)
        legal = table.state.legal_moves()
        moves: list[object] = [legal[i % len(legal)].to_json() for i in range(4)]
        results = race([one, other, one, other], table.id, str(table.state.to_move), moves)
        assert sorted(results) == ["409", "409", "409", "ok"]
        assert one.load(table.id).version == other.load(table.id).version == 1
        assert one.load(table.id).state == other.load(table.id).state


def test_a_worker_sees_what_another_wrote(two: tuple[TableStore, TableStore]) -> None:
    one, other = two
    table = one.create("noah", PLAYERS, seed=3)
    seen = other.load(table.id)  # cached in the other worker
    for _ in range(4):
        t = one.load(table.id)
        one.submit(
            t.id, t.state.legal_moves()[0].to_json(), actor=str(t.state.to_move), version=t.version
        )
    one.undo(table.id, version=4)
    now = other.load(table.id)
    assert seen.version == 0 and now.version == 5
    assert now.state == one.load(table.id).state and now.undoable == 3


def test_a_worker_answers_from_its_replay_a_version_it_keeps_and_the_log_still_decides(
    two: tuple[TableStore, TableStore], database: str
) -> None:
    one, other = two
    table = one.create("noah", PLAYERS, seed=3)
    first, second = table.state.legal_moves()[:2]
    mover = str(table.state.to_move)
    late = TableStore(database)
    try:
        assert other.load(table.id).version == late.load(table.id).version == 0  # kept
        one.submit(table.id, first.to_json(), actor=mover, version=0)
        # Told of version 0 only, a worker answers from what it keeps, asking nothing;
        # told of version 1, or told nothing, it reads the log.
        assert other.load(table.id, at_least=0).version == 0
        assert other.load(table.id, at_least=1).version == 1
        assert other.load(table.id).version == 1
        # A move chosen on version 0, in a worker that still keeps version 0: the log's one
        # conflict rule turns it away, as when the worker read the log first.
        with pytest.raises(Conflict):
            late.submit(table.id, second.to_json(), actor=mover, version=0)
        assert late.load(table.id).version == 1
        assert late.load(table.id).state == one.load(table.id).state
    finally:
        late.close()


def test_hits_are_counted_per_key_within_the_window(two: tuple[TableStore, TableStore]) -> None:
    one, other = two
    now = time.time()
    assert one.backend.hit("join", "a t1", now, 60) == 1
    assert other.backend.hit("join", "a t1", now + 1, 60) == 2  # shared by the workers
    assert other.backend.hit("join", "a t2", now + 1, 60) == 1  # another table
    assert one.backend.hit("join", "b t1", now + 1, 60) == 1  # another address
    assert one.backend.hits("join", "a t1", now - 60) == [now, now + 1]
    assert one.backend.hit("join", "a t1", now + 70, 60) == 1  # the old ones forgotten
    assert len(one.backend.hits("join", "a t1", 0)) == 1


def test_slots_are_shared_and_expire(two: tuple[TableStore, TableStore]) -> None:
    one, other = two
    now = time.time()
    assert one.backend.acquire("photo", "w1", 1, now, now + 10)
    assert not other.backend.acquire("photo", "w2", 1, now, now + 10)
    assert other.backend.acquire("photo", "w2", 2, now, now + 10)  # a second slot
    other.backend.release("photo", "w2")
    one.backend.release("photo", "w1")
    assert other.backend.acquire("photo", "w2", 1, now, now + 10)
    # A worker killed while holding its slot: the slot frees itself when it expires.
    assert not one.backend.acquire("photo", "w3", 1, now + 9, now + 20)
    assert one.backend.acquire("photo", "w3", 1, now + 11, now + 20)


def test_a_waiting_stream_hears_a_move_from_another_worker(
    two: tuple[TableStore, TableStore],
) -> None:
    one, other = two
    table = one.create("noah", PLAYERS, seed=5)
    assert other.wait(table.id, 0, timeout=0.3) == 0  # nothing happens: the timeout
    heard: list[tuple[int, float]] = []

    def listen() -> None:
        version = other.wait(table.id, 0, timeout=10)
        heard.append((version, time.monotonic()))

    listener = threading.Thread(target=listen)
    listener.start()
    time.sleep(0.3)
    move = table.state.legal_moves()[0].to_json()
    one.submit(table.id, move, actor=str(table.state.to_move), version=0)
    moved = time.monotonic()
    listener.join(10)
    assert heard and heard[0][0] == 1
    assert heard[0][1] - moved < 1.0
    assert other.wait(table.id, 0, timeout=5) == 1  # a stale page hears at once


def test_a_waiting_stream_is_woken_with_no_news(two: tuple[TableStore, TableStore]) -> None:
    """``wake`` (one of a table's phones left) ends the waits on that table in this process
    with the version unchanged; other tables' waits go on."""
    one, other = two
    table, quiet = one.create("noah", PLAYERS, seed=5), one.create("noah", PLAYERS, seed=6)
    woken: dict[str, tuple[int, float]] = {}

    def listen(table_id: str) -> None:
        woken[table_id] = (one.wait(table_id, 0, timeout=3), time.monotonic())

    listeners = [threading.Thread(target=listen, args=(t,)) for t in (table.id, quiet.id)]
    for listener in listeners:
        listener.start()
    time.sleep(0.3)
    one.wake(table.id)
    other.wake(quiet.id)  # another process's streams: not these
    waking = time.monotonic()
    for listener in listeners:
        listener.join(10)
    assert woken[table.id][0] == 0 and woken[table.id][1] - waking < 1.0
    assert woken[quiet.id][0] == 0 and woken[quiet.id][1] - waking > 2.0


def test_a_move_whose_notification_is_lost_is_kept_and_heard_by_the_check(
    postgres_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL notifies after the entry's commit, in a transaction of its own: when that
    fails the move is still acknowledged and kept, and a waiting stream hears it by asking."""
    from psycopg import sql

    from companion.storage import postgres as pg
    from tests import postgres

    monkeypatch.setattr(pg, "_NOTIFY", sql.SQL("NOTIFY no such channel {}"))
    monkeypatch.setattr(pg, "CHECK_SECONDS", 0.5)
    with postgres.fresh_database(postgres_server) as url:
        one, other = TableStore(url), TableStore(url)
        try:
            table = one.create("noah", PLAYERS, seed=5)
            assert other.wait(table.id, 0, timeout=0.1) == 0
            move = table.state.legal_moves()[0].to_json()
            moved = one.submit(table.id, move, actor=str(table.state.to_move), version=0)
            assert moved.version == 1 and other.load(table.id).version == 1
            for _ in range(8):  # each wait asks the database once CHECK_SECONDS have passed
                if other.wait(table.id, 0, timeout=0.5) == 1:
                    break
            else:
                raise AssertionError("the waiting stream never heard of the move")
        finally:
            one.close()
            other.close()


def test_the_table_cache_is_bounded(database: str) -> None:
    store = TableStore(database, cache=3)
    try:
        made = [store.create("noah", PLAYERS, seed=i) for i in range(6)]
        for table in made:
            store.load(table.id)
        assert store.cached() == 3
        first = store.load(made[0].id)  # forgotten, so replayed from the log again
        assert first.state == made[0].state and store.cached() == 3
    finally:
        store.close()


CLOSE_WHILE_READING = """
import sys, tempfile, threading, time
from pathlib import Path
from companion.storage import StorageError
from companion.storage.sqlite import SQLiteBackend

with tempfile.TemporaryDirectory() as tmp:
    for round_ in range(100):
        backend = SQLiteBackend(Path(tmp) / f"{round_}.db")
        stop = threading.Event()
        errors = []

        def read():
            while not stop.is_set():
                try:
                    backend.version("t")
                    backend.tables()
                except StorageError:
                    return
                except Exception as exc:
                    errors.append(repr(exc))
                    return

        threads = [threading.Thread(target=read) for _ in range(8)]
        for t in threads:
            t.start()
        time.sleep(0.01)
        backend.close()
        stop.set()
        for t in threads:
            t.join(10)
        assert not errors, errors
        assert not any(t.is_alive() for t in threads), "a reader thread hung on a closed store"
print("closed cleanly")
"""


def test_closing_an_sqlite_store_while_threads_read_never_crashes() -> None:
    """Closing a connection under another thread's query crashed the interpreter (a
    segmentation fault that ended a whole test run); the store now waits for its readers.
    In a process of its own, so a crash fails this test instead of the run."""
    done = subprocess.run(
        [sys.executable, "-c", CLOSE_WHILE_READING],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "closed cleanly"
