"""The café backend: PostgreSQL through psycopg 3, for several workers and several machines.

``companion serve --database postgresql://user:pass@host/db`` stores every
table there. Each process keeps a small connection pool (``psycopg_pool``);
statements run in autocommit except the few that read before they write
(a slot of the photo readers), which take a transaction-scoped advisory lock.
The schema is :data:`companion.storage.base.SCHEMA`, created once under an
advisory lock so workers starting together do not race.

Live updates: :meth:`PostgresBackend.append` commits the entry, then sends
``NOTIFY companion_log`` with the table and its new version in a transaction
of its own, so it is heard only once the entry is committed: a notifying
transaction takes a lock of the whole database at its commit, and holding it
through the entry's own commit (its flush to disk) let one move commit at a
time (docs/server.md, "Measured"). One listener thread per process holds
a connection on ``LISTEN companion_log`` and wakes the streams waiting for
that table (:meth:`PostgresBackend.wait`); a stream also asks the database
every ``CHECK_SECONDS``, so a lost connection or a notification that was
never sent (the worker died between the two transactions) delays a phone,
never loses a move.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import astuple
from typing import Any

import psycopg
from psycopg import errors, sql
from psycopg_pool import ConnectionPool, PoolTimeout

from companion.storage.base import (
    SCHEMA,
    Backend,
    Duplicate,
    Entry,
    StorageError,
    TableRow,
    Versions,
)

CHANNEL = "companion_log"
"""The NOTIFY channel of new log entries (payload: ``table_id version``)."""

CHECK_SECONDS = 15.0
"""A waiting stream asks the database at least this often, notification or not."""

POOL_SIZE = 8
"""Connections per process: a worker's threads wait for one only under a burst."""

_NOTIFY = sql.SQL("BEGIN; SET LOCAL synchronous_commit = off; NOTIFY " + CHANNEL + ", {}; COMMIT")
"""The notification of a new entry, in a transaction of its own (one round trip). Its commit
does not wait for the disk: the entry it tells of is already committed and on disk, the
listeners hear it at the commit all the same, and a notification lost in a crash is made
up by the streams' check (``CHECK_SECONDS``) as any other; a move's answer then waits for
one flush to disk, not two."""

_SCHEMA_LOCK = 20_260_001
"""The advisory lock key the schema is created under."""


def _sql(query: str) -> str:
    """A query written with ``?`` placeholders, as psycopg writes them."""
    return query.replace("?", "%s")


def redact(url: str) -> str:
    """``url`` without its password, for logs and the terminal."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://…"
    user = f"{info['user']}@" if info.get("user") else ""
    port = f":{info['port']}" if info.get("port") else ""
    return f"postgresql://{user}{info.get('host', '')}{port}/{info.get('dbname', '')}"


class PostgresBackend(Backend):
    """Every table in one PostgreSQL database."""

    def __init__(self, url: str, *, pool_size: int = POOL_SIZE) -> None:
        self.url = redact(url)
        self._conninfo = url
        try:
            self._pool = ConnectionPool(
                url,
                min_size=1,
                max_size=pool_size,
                kwargs={"autocommit": True},
                open=True,
                timeout=30,
            )
            self._pool.wait(timeout=30)
        except (psycopg.Error, PoolTimeout) as exc:
            raise StorageError(f"cannot reach the database {self.url}: {exc}") from exc
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for statement in SCHEMA:
                conn.execute(statement)
        self._closed = threading.Event()
        # What NOTIFY told of each table, and the streams waiting per table.
        self._versions = Versions(recheck=CHECK_SECONDS, forget=False)
        self._listener = threading.Thread(target=self._listen, name="pg-listen", daemon=True)
        self._listener.start()

    # ------------------------------------------------------------------ lifetime

    def close(self) -> None:
        if self._closed.is_set():
            return
        self._closed.set()
        self._pool.close()
        self._listener.join(5)

    def _run(self, query: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        if self._closed.is_set():
            raise StorageError("the store is closed")
        try:
            with self._pool.connection() as conn:
                cursor = conn.execute(_sql(query), params)
                return cursor.fetchall() if cursor.description is not None else []
        except psycopg.OperationalError as exc:
            raise StorageError(f"the database {self.url} does not answer: {exc}") from exc

    # ------------------------------------------------------------------ tables and logs

    def create(self, row: TableRow, seats: Sequence[tuple[int, str, str]]) -> None:
        with self._pool.connection() as conn, conn.transaction():
            conn.execute(
                _sql(
                    "INSERT INTO tables (id, game, players, options, seed, base, host_token,"
                    " created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                ),
                astuple(row),
            )
            with conn.cursor() as cursor:
                cursor.executemany(
                    _sql("INSERT INTO seats (table_id, seat, player, token) VALUES (?, ?, ?, ?)"),
                    [(row.id, seat, player, token) for seat, player, token in seats],
                )

    def table(self, table_id: str) -> TableRow | None:
        rows = self._run(
            "SELECT id, game, players, options, seed, base, host_token, created"
            " FROM tables WHERE id = ?",
            (table_id,),
        )
        return TableRow(*rows[0]) if rows else None

    def seats(self, table_id: str) -> list[tuple[int, str, str]]:
        rows = self._run(
            "SELECT seat, player, token FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return [(int(s), str(p), str(t)) for s, p, t in rows]

    def entries(self, table_id: str, after: int = 0) -> list[Entry]:
        rows = self._run(
            "SELECT seq, kind, actor, move, created FROM log"
            " WHERE table_id = ? AND seq > ? ORDER BY seq",
            (table_id, after),
        )
        return [Entry(*row) for row in rows]

    def version(self, table_id: str) -> int:
        rows = self._run("SELECT COALESCE(MAX(seq), 0) FROM log WHERE table_id = ?", (table_id,))
        return int(rows[0][0])

    def append(self, table_id: str, entry: Entry) -> None:
        with self._pool.connection() as conn:
            try:
                conn.execute(  # autocommit: committed (and on disk) when it returns
                    _sql(
                        "INSERT INTO log (table_id, seq, kind, actor, move, created)"
                        " VALUES (?, ?, ?, ?, ?, ?)"
                    ),
                    (table_id, entry.seq, entry.kind, entry.actor, entry.move, entry.created),
                )
            except errors.UniqueViolation as exc:
                raise Duplicate(f"entry {entry.seq} of table {table_id} exists") from exc
            try:  # the entry is in: a notification lost here is made up by CHECK_SECONDS
                conn.execute(_NOTIFY.format(sql.Literal(f"{table_id} {entry.seq}")))
            except psycopg.Error:
                return

    def tables(self) -> list[tuple[str, str, float]]:
        rows = self._run("SELECT id, game, created FROM tables ORDER BY created DESC")
        return [(str(i), str(g), float(c)) for i, g, c in rows]

    # ------------------------------------------------------------------ shared limits

    def hit(self, kind: str, key: str, now: float, window: float) -> int:
        with self._pool.connection() as conn, conn.transaction():
            conn.execute(
                "DELETE FROM hits WHERE kind = %s AND key = %s AND at <= %s",
                (kind, key, now - window),
            )
            conn.execute("INSERT INTO hits (kind, key, at) VALUES (%s, %s, %s)", (kind, key, now))
            row = conn.execute(
                "SELECT COUNT(*) FROM hits WHERE kind = %s AND key = %s", (kind, key)
            ).fetchone()
        return int(row[0]) if row else 0

    def hits(self, kind: str, key: str, since: float) -> list[float]:
        rows = self._run(
            "SELECT at FROM hits WHERE kind = ? AND key = ? AND at > ? ORDER BY at",
            (kind, key, since),
        )
        return [float(at) for (at,) in rows]

    def acquire(self, kind: str, holder: str, limit: int, now: float, until: float) -> bool:
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"lease {kind}",))
            conn.execute("DELETE FROM leases WHERE kind = %s AND until <= %s", (kind, now))
            row = conn.execute("SELECT COUNT(*) FROM leases WHERE kind = %s", (kind,)).fetchone()
            if row is None or int(row[0]) >= limit:
                return False
            conn.execute(
                "INSERT INTO leases (kind, holder, until) VALUES (%s, %s, %s)",
                (kind, holder, until),
            )
        return True

    def release(self, kind: str, holder: str) -> None:
        self._run("DELETE FROM leases WHERE kind = ? AND holder = ?", (kind, holder))

    # ------------------------------------------------------------------ live updates

    def _listen(self) -> None:
        """Hear every new log entry (reconnecting after a lost connection)."""
        while not self._closed.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._versions.reset()  # notifications may have been lost: ask again
                    while not self._closed.is_set():
                        for note in conn.notifies(timeout=0.25):
                            self._heard_of(note.payload)
            except psycopg.Error:
                self._closed.wait(1.0)

    def _heard_of(self, payload: str) -> None:
        table_id, _, seq = payload.rpartition(" ")
        self._versions.hear(table_id, int(seq))

    def wait(self, table_id: str, known: int, timeout: float) -> int:
        return self._versions.wait(table_id, known, timeout, lambda: self.version(table_id))

    def wake(self, table_id: str) -> None:
        self._versions.poke(table_id)
