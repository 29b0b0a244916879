"""Where tables are kept: one interface, an SQLite backend and a PostgreSQL backend.

:func:`open_backend` picks the backend from what ``--database`` (or the app's
``DATABASE``) names: a ``postgresql://`` URL opens PostgreSQL
(:mod:`companion.storage.postgres`, psycopg 3), anything else is an SQLite
file (:mod:`companion.storage.sqlite`, the embedded default). Both keep the
schema and the conflict rule of :mod:`companion.storage.base`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.storage.base import Backend, Duplicate, Entry, StorageError, TableRow

__all__ = [
    "Backend",
    "Duplicate",
    "Entry",
    "StorageError",
    "TableRow",
    "is_postgres",
    "open_backend",
]


def is_postgres(database: str | Path) -> bool:
    """Whether ``database`` is a PostgreSQL URL (``postgresql://`` or ``postgres://``)."""
    return str(database).startswith(("postgresql://", "postgres://"))


def open_backend(database: str | Path, *, poll: float | None = None) -> Backend:
    """The backend ``database`` names: a PostgreSQL URL, or an SQLite file path.

    ``poll`` is how often SQLite's live waits look at the log (PostgreSQL is told).

    Raises:
        StorageError: the database cannot be reached or opened.
    """
    if is_postgres(database):
        from companion.storage.postgres import PostgresBackend

        return PostgresBackend(str(database))
    from companion.storage.sqlite import SQLiteBackend

    try:
        return SQLiteBackend(database) if poll is None else SQLiteBackend(database, poll=poll)
    except sqlite3.Error as exc:  # a folder that is not there, a file that is not SQLite
        raise StorageError(f"cannot open the table file {database}: {exc}") from exc
