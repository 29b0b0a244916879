"""Fixtures every test folder shares: the sixth game, the table database (SQLite, PostgreSQL).

Every test run holds the sixth game, Pond (``tests/sixth/``), beside the five
games in every layer: registered before any test module is collected.

``database`` is parametrized: each test that asks for it runs once on an
SQLite file and once on a fresh database of a real PostgreSQL server
(``tests/postgres.py``: CI's server, else a throwaway cluster started once
per test session).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from companion.storage.postgres import redact
from tests import postgres, sixth

sixth.register()

BACKENDS = ("sqlite", "postgresql")

_SERVER: list[str] = []
"""The PostgreSQL server the session ran on, for the summary line."""


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL superuser's URL for the whole test session."""
    with postgres.server() as url:
        with psycopg.connect(url) as conn:
            row = conn.execute(
                "SELECT 'PostgreSQL ' || current_setting('server_version')"
            ).fetchone()
        _SERVER.append(f"{row[0] if row else 'PostgreSQL'} at {redact(url)}")
        yield url


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line saying how the tests on the real PostgreSQL server went (CI's log shows it)."""
    if not _SERVER:
        return
    counts = {
        outcome: sum(
            1
            for report in terminalreporter.stats.get(outcome, [])
            if getattr(report, "when", "call") == "call"
            and ("postgresql" in report.nodeid or "test_workers" in report.nodeid)
        )
        for outcome in ("passed", "failed", "skipped")
    }
    terminalreporter.write_line(
        f"PostgreSQL tests: {counts['passed']} passed, {counts['failed']} failed, "
        f"{counts['skipped']} skipped, on {_SERVER[0]}"
    )


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a test's tables live: an SQLite file, then a PostgreSQL database of its own."""
    if request.param == "sqlite":
        yield str(tmp_path / "tables.sqlite")
        return
    url: str = request.getfixturevalue("postgres_server")
    with postgres.fresh_database(url) as fresh:
        yield fresh
