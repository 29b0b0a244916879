"""The storage interface every backend keeps: one schema, one conflict rule, shared limits.

A backend stores what :mod:`companion.sessions` needs and nothing else:

- ``tables``: one row per table (game, players, options, seed, a resumed
  state's JSON or null, the host token, when it was made);
- ``seats``: one row per player with its token;
- ``log``: the append-only event log, ``(table_id, seq)`` its primary key.
  The one conflict rule: appending an entry whose ``(table_id, seq)`` exists
  raises :class:`Duplicate` (the 409 of two phones tapping for one turn),
  whichever worker or machine wrote first;
- ``hits``: counted events per key (wrong links per address and table,
  photos per address), shared by every worker;
- ``leases``: slots held until released or expired (the photo readers), so
  a killed worker's slot frees itself.

Both backends create the same schema (:data:`SCHEMA`, written in the SQL both
SQLite and PostgreSQL accept) and answer the same calls; the tests run them
side by side (``tests/companion/test_storage.py``).
"""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT,
    base TEXT,
    host_token TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL
)""",
    """CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
)""",
    """CREATE TABLE IF NOT EXISTS log (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('move', 'undo')),
    actor TEXT NOT NULL,
    move TEXT,
    created DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
)""",
    """CREATE TABLE IF NOT EXISTS hits (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS hits_by_key ON hits (kind, key, at)",
    """CREATE TABLE IF NOT EXISTS leases (
    kind TEXT NOT NULL,
    holder TEXT NOT NULL,
    until DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (kind, holder)
)""",
)
"""The one schema, statement by statement (``?`` placeholders in the queries;
the PostgreSQL backend writes them as ``%s``)."""


class StorageError(Exception):
    """The store cannot answer (closed, or the database is out of reach)."""


class Duplicate(StorageError):
    """An entry ``(table_id, seq)`` that is already in the log: another writer was first."""


@dataclass(frozen=True)
class TableRow:
    """A table's setup as stored (players and options as JSON text)."""

    id: str
    game: str
    players: str
    options: str
    seed: int | None
    base: str | None
    host_token: str
    created: float


@dataclass(frozen=True)
class Entry:
    """One log entry: ``kind`` is ``move`` (``move`` holds its JSON) or ``undo``."""

    seq: int
    kind: str
    actor: str
    move: str | None
    created: float


class Backend(ABC):
    """Where the tables, their logs and the shared limits live; safe to share between threads."""

    url: str
    """Where the data is, for people (a file path, or a URL without its password)."""

    @abstractmethod
    def close(self) -> None:
        """Close every connection (further calls raise :class:`StorageError`)."""

    @abstractmethod
    def create(self, row: TableRow, seats: Sequence[tuple[int, str, str]]) -> None:
        """Insert a table and its seats ``(seat, player, token)``, all or nothing."""

    @abstractmethod
    def table(self, table_id: str) -> TableRow | None:
        """The table's row, or None."""

    @abstractmethod
    def seats(self, table_id: str) -> list[tuple[int, str, str]]:
        """The table's seats ``(seat, player, token)`` in seat order."""

    @abstractmethod
    def entries(self, table_id: str, after: int = 0) -> list[Entry]:
        """The log entries with ``seq > after``, oldest first."""

    @abstractmethod
    def version(self, table_id: str) -> int:
        """The last ``seq`` of the table's log (0 for none): cheap, live updates ask it."""

    @abstractmethod
    def append(self, table_id: str, entry: Entry) -> None:
        """Add ``entry`` to the log and tell the listeners.

        Raises:
            Duplicate: ``(table_id, entry.seq)`` is taken (another writer was first).
        """

    @abstractmethod
    def tables(self) -> list[tuple[str, str, float]]:
        """Every table as ``(id, game, created)``, newest first."""

    @abstractmethod
    def hit(self, kind: str, key: str, now: float, window: float) -> int:
        """Count one ``kind`` event for ``key`` at ``now``; how many fell in the last ``window`` s.

        Older events of the key are forgotten, so the table stays as small as one
        window of traffic.
        """

    @abstractmethod
    def hits(self, kind: str, key: str, since: float) -> list[float]:
        """When ``kind`` events for ``key`` happened since ``since``, oldest first."""

    @abstractmethod
    def acquire(self, kind: str, holder: str, limit: int, now: float, until: float) -> bool:
        """Take one of ``limit`` slots of ``kind`` for ``holder`` until ``until``.

        Expired slots (a worker killed while holding one) are freed first.
        Returns False, holding nothing, when all ``limit`` are taken.
        """

    @abstractmethod
    def release(self, kind: str, holder: str) -> None:
        """Give back ``holder``'s slot of ``kind`` (nothing when it holds none)."""

    @abstractmethod
    def wait(self, table_id: str, known: int, timeout: float) -> int:
        """The table's version once it differs from ``known``, or after ``timeout`` s.

        SQLite checks the version every poll; PostgreSQL is woken by NOTIFY.
        """

    @abstractmethod
    def wake(self, table_id: str) -> None:
        """Wake the streams of this process waiting on ``table_id`` with no news (one of their
        phones left: they look which)."""


class Versions:
    """The versions heard per table, and the live streams waiting on each.

    Each table has its own condition (all on one lock), so a move wakes the
    streams of its table only, however many tables are live. A backend calls
    :meth:`hear` when it learns of a new version (SQLite's poll, PostgreSQL's
    NOTIFY) and answers :meth:`Backend.wait` with :meth:`wait`.
    """

    def __init__(self, *, recheck: float | None, forget: bool) -> None:
        """``recheck``: ask the database again after that many seconds (None: never, the
        backend follows every waited-on table); ``forget``: drop what was heard of a table
        nobody waits on (a backend that stops following it)."""
        self._lock = threading.Lock()
        self._heard: dict[str, int] = {}
        self._asked: dict[str, float] = {}
        self._waiting: dict[str, tuple[threading.Condition, int]] = {}
        self._recheck = recheck
        self._forget = forget

    def watched(self) -> list[str]:
        """The tables streams wait on now."""
        with self._lock:
            return list(self._waiting)

    def hear(self, table_id: str, version: int) -> None:
        """``table_id`` is at ``version``: wake its streams if that is news."""
        with self._lock:
            if version <= self._heard.get(table_id, 0):
                return
            self._heard[table_id] = version
            waiting = self._waiting.get(table_id)
            if waiting is not None:
                waiting[0].notify_all()

    def poke(self, table_id: str) -> None:
        """Wake ``table_id``'s streams with no news (:meth:`Backend.wake`)."""
        with self._lock:
            waiting = self._waiting.get(table_id)
            if waiting is not None:
                waiting[0].notify_all()

    def reset(self) -> None:
        """Forget what was heard (the backend may have missed news): ask the database again."""
        with self._lock:
            self._heard.clear()
            self._asked.clear()

    def wait(self, table_id: str, known: int, timeout: float, ask: Callable[[], int]) -> int:
        """The table's version once it is past ``known``, or after ``timeout`` s.

        ``ask`` reads the version from the database: for a table nothing is known
        of yet, or every ``recheck`` seconds.
        """
        with self._lock:
            condition, count = self._waiting.get(table_id) or (threading.Condition(self._lock), 0)
            self._waiting[table_id] = (condition, count + 1)
            due = table_id not in self._heard or (
                self._recheck is not None
                and time.monotonic() - self._asked.get(table_id, 0.0) > self._recheck
            )
        try:
            if due:
                version = ask()
                with self._lock:
                    self._asked[table_id] = time.monotonic()
                self.hear(table_id, version)
            deadline = time.monotonic() + timeout
            with self._lock:
                heard = self._heard.get(table_id, 0)
                while heard <= known and (left := deadline - time.monotonic()) > 0:
                    if not condition.wait(left):
                        break
                    heard = self._heard.get(table_id, 0)
                    if heard <= known:
                        break  # poked: a phone left
                return heard
        finally:
            with self._lock:
                condition, count = self._waiting[table_id]
                if count > 1:
                    self._waiting[table_id] = (condition, count - 1)
                else:
                    del self._waiting[table_id]
                    if self._forget:
                        self._heard.pop(table_id, None)
                        self._asked.pop(table_id, None)
                if len(self._heard) > 100_000:  # a long-running server: forget quiet tables
                    for quiet in [t for t in self._heard if t not in self._waiting]:
                        del self._heard[quiet]
