"""Load: 10 tables of 5 phones on loopback, each phone live and moving every 2 seconds.

Run: ``.venv/bin/python -m bench.web_load [--tables 10] [--phones 5] [--seconds 60]``.

``companion serve`` runs as its own process on 127.0.0.1 (a free port, a
temporary database) with seeded five-player Noah tables. Each phone is a
thread with its own keep-alive connection and its own live stream
(server-sent events) held open for the whole run. A phone listens to its
stream and reloads its seat JSON on every change, as the page does; when it is
its turn, and at least 2 seconds after its last move (phones start
staggered), it checks a random legal move and plays it on the version it saw.
Reported: errors (any answer other than 200, dropped streams, a stale
version), and the check and apply round trips p50/p95/p99 as the phones
measured them; the target is p99 under 50 ms.

Bounded and self-stopping: the run ends after ``--seconds`` (at most 300),
every phone stops at that deadline, the server is killed and the database
removed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from companion.sessions import Table, TableStore
from tests.web.phone import Phone, Stream, free_port, start_server

PLAYERS = ["ann", "bob", "cy", "dee", "eve"]
TICK_SECONDS = 2.0


@dataclass
class Tally:
    """What every phone measured (appends are atomic under the GIL)."""

    check: list[float] = field(default_factory=list)
    apply: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    waits: int = 0


def phone(
    port: int, table: Table, seat: int, offset: float, end: float, tally: Tally, rng: random.Random
) -> None:
    me = table.seats[seat]
    base = f"/t/{table.id}/seat/{me.token}"
    stream = Stream(port, f"/t/{table.id}/stream")
    client = Phone(port).join()
    ready = time.monotonic() + offset
    try:
        while True:
            time.sleep(max(0.0, ready - time.monotonic()))
            view = None
            while time.monotonic() < end:
                stream.heard.clear()
                answer = client.get(base + "/view.json")
                if answer.status != 200:
                    tally.errors.append(f"view {answer.status}")
                    return
                seen = answer.json()
                if seen["to_move"] is None:
                    return  # the game is over
                if seen["to_move"] == me.player and seen["moves"]:
                    view = seen
                    break
                tally.waits += 1
                stream.heard.wait(max(0.0, end - time.monotonic()))
            if view is None:
                return
            ready = time.monotonic() + TICK_SECONDS
            move = rng.choice(view["moves"])["move"]
            body = {"move": move, "version": view["version"]}
            start = time.perf_counter()
            checked = client.post_json(base + "/check", body)
            tally.check.append(time.perf_counter() - start)
            start = time.perf_counter()
            applied = client.post_json(base + "/move", body)
            tally.apply.append(time.perf_counter() - start)
            for what, answer in (("check", checked), ("apply", applied)):
                if answer.status != 200:
                    tally.errors.append(f"{what} {answer.status} {answer.text[:120]}")
    except OSError as exc:
        tally.errors.append(f"phone {table.id}/{me.player}: {exc!r}")
    finally:
        if stream.error:
            tally.errors.append(f"stream {table.id}/{me.player}: {stream.error}")
        if stream.response.status != 200:
            tally.errors.append(f"stream answered {stream.response.status}")
        stream.close()
        client.close()


def percentiles(samples: list[float]) -> str:
    if len(samples) < 2:
        return "no samples"
    ms = sorted(s * 1000 for s in samples)
    cuts = statistics.quantiles(ms, n=100, method="inclusive")
    return (
        f"p50 {cuts[49]:.1f} ms, p95 {cuts[94]:.1f} ms, p99 {cuts[98]:.1f} ms, "
        f"max {ms[-1]:.1f} ms over {len(ms)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--phones", type=int, default=5, choices=range(2, 6))
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    seconds = min(args.seconds, 300.0)
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "load.sqlite"
        store = TableStore(database)
        tables = [store.create("noah", PLAYERS[: args.phones], seed=i) for i in range(args.tables)]
        store.close()
        port = free_port()
        server = start_server(database, port, Path(tmp) / "server.log")
        tally = Tally()
        try:
            end = time.monotonic() + seconds
            threads = [
                threading.Thread(
                    target=phone,
                    args=(
                        port,
                        table,
                        seat,
                        (t * args.phones + seat) * TICK_SECONDS / (args.tables * args.phones),
                        end,
                        tally,
                        random.Random(t * 10 + seat),
                    ),
                    daemon=True,
                )
                for t, table in enumerate(tables)
                for seat in range(args.phones)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(max(1.0, end + 15 - time.monotonic()))
            stuck = sum(thread.is_alive() for thread in threads)
            if stuck:
                tally.errors.append(f"{stuck} phones did not stop")
        finally:
            server.kill()
            server.wait()
        store = TableStore(database)
        moves = sum(store.version(t.id) for t in tables)
        store.close()
    phones = args.tables * args.phones
    print(f"{args.tables} tables x {args.phones} phones, {seconds:.0f} s, live streams: {phones}")
    print(
        f"moves applied: {moves} ({moves / seconds:.1f}/s); "
        f"seat reloads on others' moves: {tally.waits}"
    )
    print(f"check: {percentiles(tally.check)}")
    print(f"apply: {percentiles(tally.apply)}")
    print(f"errors: {len(tally.errors)}")
    for error in tally.errors[:10]:
        print(f"  {error}")


if __name__ == "__main__":
    main()
