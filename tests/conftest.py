"""Fixtures every test folder shares: the table database, on SQLite and on PostgreSQL.

``database`` is parametrized: each test that asks for it runs once on an
SQLite file and once on a fresh database of a real PostgreSQL server
(``tests/postgres.py``: CI's server, else a throwaway cluster started once
per test session).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import postgres

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL superuser's URL for the whole test session."""
    with postgres.server() as url:
        yield url


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a test's tables live: an SQLite file, then a PostgreSQL database of its own."""
    if request.param == "sqlite":
        yield str(tmp_path / "tables.sqlite")
        return
    url: str = request.getfixturevalue("postgres_server")
    with postgres.fresh_database(url) as fresh:
        yield fresh
