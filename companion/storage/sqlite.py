"""The embedded backend: one SQLite file in WAL mode, shared by every worker on one machine.

One writer connection per process, serialised by a lock, and a few reader
connections (WAL: a read never waits for a commit or a checkpoint);
several processes on one file are kept consistent by SQLite's own locking
(``BEGIN IMMEDIATE`` for the writes that read first, a busy timeout for the
rest). WAL with ``synchronous=NORMAL``: a crash of the companion loses no
committed entry. Live updates: while streams wait, one thread per process asks
for the versions of their tables every ``poll`` seconds, in one query, and
wakes the streams whose table moved on (PostgreSQL is told instead).
"""

from __future__ import annotations

import queue
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import astuple
from pathlib import Path

from companion.storage.base import (
    SCHEMA,
    Backend,
    Duplicate,
    Entry,
    StorageError,
    TableRow,
    Versions,
)

READERS = 16
"""Reader connections per process, beside the one writer (reads never wait for a commit).
A query gives up the interpreter lock and waits for it again to finish, so under load a
reader is held for longer than its query: 4 kept a worker's page threads queuing."""

POLL_SECONDS = 0.05
"""How often the versions of the tables live streams wait on are read (one query for
all of them), so phones see a move within it."""


CLOSE_WAIT = 30.0
"""How long closing the store waits for the readers other threads are using."""


class SQLiteBackend(Backend):
    """Every table in one SQLite file."""

    def __init__(self, path: str | Path, *, poll: float = POLL_SECONDS) -> None:
        self.url = str(path)
        self.poll = poll
        self._lock = threading.RLock()
        self._closed = False
        # Live waits: the streams per table and what the poller saw of their tables.
        self._versions = Versions(recheck=None, forget=True)
        self._poller_lock = threading.Lock()
        self._poller: threading.Thread | None = None
        # One connection per process: closing the last one would checkpoint the WAL each call.
        self._db = sqlite3.connect(
            self.url, timeout=30, isolation_level=None, check_same_thread=False
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        with self._write() as db:
            for statement in SCHEMA:
                db.execute(statement)
        # Readers of their own: WAL lets them read while the writer commits or checkpoints.
        self._readers: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        self._all_readers = [
            sqlite3.connect(self.url, timeout=30, isolation_level=None, check_same_thread=False)
            for _ in range(READERS)
        ]
        for reader in self._all_readers:
            self._readers.put(reader)

    def close(self) -> None:
        """Close every connection once no thread is using it.

        A reader is closed only when it is back in the pool: closing a connection
        while another thread's query runs on it crashes the interpreter. A reader
        still out after ``CLOSE_WAIT`` s is left to the garbage collector.
        """
        with self._lock:
            if self._closed:
                return
            self._closed = True
            deadline = time.monotonic() + CLOSE_WAIT
            for _ in self._all_readers:
                try:
                    reader = self._readers.get(timeout=max(0.0, deadline - time.monotonic()))
                except queue.Empty:
                    break
                reader.close()
            self._db.close()

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A reader connection of the pool (the writer's lock is not taken)."""
        reader = None
        while reader is None:  # every reader busy, or the store closed while this waited
            if self._closed:
                raise StorageError("the store is closed")
            with suppress(queue.Empty):
                reader = self._readers.get(timeout=0.5)
        try:
            if self._closed:
                raise StorageError("the store is closed")
            yield reader
        finally:
            self._readers.put(reader)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._closed:
                raise StorageError("the store is closed")
            yield self._db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """The connection inside ``BEGIN IMMEDIATE``: one writer at a time, all or nothing."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def create(self, row: TableRow, seats: Sequence[tuple[int, str, str]]) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO tables (id, game, players, options, seed, base, host_token, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                astuple(row),
            )
            db.executemany(
                "INSERT INTO seats (table_id, seat, player, token) VALUES (?, ?, ?, ?)",
                [(row.id, seat, player, token) for seat, player, token in seats],
            )

    def table(self, table_id: str) -> TableRow | None:
        with self._read() as db:
            found = db.execute(
                "SELECT id, game, players, options, seed, base, host_token, created"
                " FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
        return None if found is None else TableRow(*found)

    def seats(self, table_id: str) -> list[tuple[int, str, str]]:
        with self._read() as db:
            rows = db.execute(
                "SELECT seat, player, token FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
        return [(int(s), str(p), str(t)) for s, p, t in rows]

    def entries(self, table_id: str, after: int = 0) -> list[Entry]:
        with self._read() as db:
            rows = db.execute(
                "SELECT seq, kind, actor, move, created FROM log"
                " WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after),
            ).fetchall()
        return [Entry(*row) for row in rows]

    def version(self, table_id: str) -> int:
        with self._read() as db:
            row = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM log WHERE table_id = ?", (table_id,)
            ).fetchone()
        return int(row[0])

    def append(self, table_id: str, entry: Entry) -> None:
        try:
            with self._connect() as db:
                db.execute(
                    "INSERT INTO log (table_id, seq, kind, actor, move, created)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (table_id, entry.seq, entry.kind, entry.actor, entry.move, entry.created),
                )
        except sqlite3.IntegrityError as exc:
            raise Duplicate(f"entry {entry.seq} of table {table_id} exists") from exc

    def tables(self) -> list[tuple[str, str, float]]:
        with self._read() as db:
            rows = db.execute("SELECT id, game, created FROM tables ORDER BY created DESC")
            return [(str(i), str(g), float(c)) for i, g, c in rows]

    def hit(self, kind: str, key: str, now: float, window: float) -> int:
        with self._write() as db:
            db.execute(
                "DELETE FROM hits WHERE kind = ? AND key = ? AND at <= ?", (kind, key, now - window)
            )
            db.execute("INSERT INTO hits (kind, key, at) VALUES (?, ?, ?)", (kind, key, now))
            row = db.execute(
                "SELECT COUNT(*) FROM hits WHERE kind = ? AND key = ?", (kind, key)
            ).fetchone()
        return int(row[0])

    def hits(self, kind: str, key: str, since: float) -> list[float]:
        with self._read() as db:
            rows = db.execute(
                "SELECT at FROM hits WHERE kind = ? AND key = ? AND at > ? ORDER BY at",
                (kind, key, since),
            ).fetchall()
        return [float(at) for (at,) in rows]

    def acquire(self, kind: str, holder: str, limit: int, now: float, until: float) -> bool:
        with self._write() as db:
            db.execute("DELETE FROM leases WHERE kind = ? AND until <= ?", (kind, now))
            (held,) = db.execute("SELECT COUNT(*) FROM leases WHERE kind = ?", (kind,)).fetchone()
            if int(held) >= limit:
                return False
            db.execute(
                "INSERT INTO leases (kind, holder, until) VALUES (?, ?, ?)", (kind, holder, until)
            )
        return True

    def release(self, kind: str, holder: str) -> None:
        with self._connect() as db:
            db.execute("DELETE FROM leases WHERE kind = ? AND holder = ?", (kind, holder))

    def wait(self, table_id: str, known: int, timeout: float) -> int:
        with self._poller_lock:
            if self._poller is None or not self._poller.is_alive():
                self._poller = threading.Thread(target=self._poll, name="sqlite-poll", daemon=True)
                self._poller.start()
        return self._versions.wait(table_id, known, timeout, lambda: self.version(table_id))

    def wake(self, table_id: str) -> None:
        self._versions.poke(table_id)

    def _poll(self) -> None:
        """While streams wait: every ``poll`` s, one query for the versions of their tables."""
        idle = 0
        while not self._closed and idle < 20:
            watched = self._versions.watched()
            idle = 0 if watched else idle + 1
            if watched:
                marks = ", ".join("?" * len(watched))
                try:
                    with self._read() as db:
                        rows = db.execute(
                            f"SELECT table_id, MAX(seq) FROM log WHERE table_id IN ({marks})"
                            " GROUP BY table_id",
                            watched,
                        ).fetchall()
                except (StorageError, sqlite3.Error):
                    return
                for table_id, seq in rows:
                    self._versions.hear(str(table_id), int(seq))
            time.sleep(self.poll)
