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

from abc import ABC, abstractmethod
from collections.abc import Sequence
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
