"""A real PostgreSQL server for the tests: the one CI started, or a throwaway cluster.

``.ci/run`` starts a server and exports its URL as ``COMPANION_TEST_POSTGRES``
(a superuser's URL, e.g. ``postgresql://companion@127.0.0.1:54329/postgres``).
Without it, :class:`Cluster` makes one in a temporary folder with Debian's
``postgresql`` binaries (``initdb``, ``pg_ctl``; as the ``postgres`` user when
the tests run as root, since PostgreSQL refuses to run as root), on a free
port of loopback, and removes it at the end. Without either, the tests that
need PostgreSQL fail and say what to install: a missing server is not a pass.

Each test gets a database of its own (:func:`fresh_database`), dropped after.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

ENV = "COMPANION_TEST_POSTGRES"
USER = "companion"


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on the PATH or Debian's, newest first."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    return Path(versions[0]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A PostgreSQL cluster of its own in a temporary folder, on loopback only."""

    def __init__(self, *, durable: bool = False) -> None:
        """Start the cluster; ``durable`` keeps fsync on (benches), the tests turn it off."""
        bin_dir = binaries()
        if bin_dir is None:
            raise RuntimeError(
                "the PostgreSQL tests need a server: install Debian's postgresql "
                f"(apt-get install postgresql) or set {ENV} to a server's URL"
            )
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
        self.port = _free_port()
        self.run_as: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL will not run as root
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self.run_as = ["runuser", "-u", "postgres", "--"]
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8")
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder}"
            f" -c fsync={'on' if durable else 'off'} -c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(data), "-o", options, "-w", "-l", str(data / "log"), "start")
        self.url = f"postgresql://{USER}@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [*self.run_as, str(self.bin / tool), *args],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def server(*, durable: bool = False) -> Iterator[str]:
    """The URL of a PostgreSQL superuser: CI's server, or a throwaway cluster."""
    given = os.environ.get(ENV)
    if given:
        yield given
        return
    cluster = Cluster(durable=durable)
    try:
        yield cluster.url
    finally:
        cluster.stop()


@contextmanager
def fresh_database(url: str) -> Iterator[str]:
    """A new, empty database on the server at ``url``; its URL, dropped afterwards."""
    name = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    base, _, _ = url.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        deadline = time.monotonic() + 10
        with psycopg.connect(url, autocommit=True) as conn:
            while True:
                try:
                    conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
                    break
                except psycopg.errors.ObjectInUse:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
