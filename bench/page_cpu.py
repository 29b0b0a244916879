"""The server's CPU per move, in one process: a move, the pages and the live streams around it.

Run: ``.venv/bin/python -m bench.page_cpu [--games noah,...] [--moves 60] [--repeat 3]
[--database URL] [--profile FILE]``.

A table of each game with four seats (seeded: the companion deals), driven
through the app's WSGI entry with Flask's test client, as ``bench.web_load``'s
phones drive the server: each phone loads its seat page and holds the stream
the page listens to (``data-regions-stream``: the seat's own, which carries its
live regions; else the table's), read in a thread of its own as the server's
thread would run it, with a socket pair under it so it sees a phone that left.
The player to move sends the page's form (a legal move chosen by a seeded random
generator, or the game's playout policy) in place when the page says it may
(``data-moves-in-place``), as ``live.js`` does: its stream stays open and each
of the four phones' streams wakes and sends the regions. Else it closes its
stream, posts the form and loads the page it is sent to, which opens a new
stream, and each of the three other phones' streams wakes and sends the regions,
or the version for the phone to fetch the regions (``/regions``). Counted: the CPU
time of the app's threads inside the WSGI calls and the streams' iteration (the
test client's own work is left out), per move and per kind, the best of
``--repeat`` runs (CPU time is steadier than wall time on a shared machine, not
immune to it). Not counted: the SQLite backend's poll or the PostgreSQL
listener that wake the streams (a thread per worker, measured by
``bench.web_load``). ``--profile`` writes a cProfile of the requests of the last
run's main thread (the moves and the movers' pages), and prints its 30
costliest functions by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import re
import socket
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

import engines
from engines.core import State
from tests.web.phone import events
from web import create_app
from web.play import IN_PLACE

GAMES = ("noah", "animals_on_board", "hare_tortoise", "niagara", "ark_nova")
PLAYERS = ["ann", "bob", "cy", "dee"]
KINDS = ("move", "mover's page", "streams", "regions fetched")
SHOWN = re.compile(r'<body data-version="(\d+)"')


class Meter:
    """The CPU time of the app's WSGI calls and streams, per kind (seconds); each thread
    counts under the kind it is in."""

    def __init__(self, app: Flask) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self.count: dict[str, int] = defaultdict(int)
        self._local = threading.local()
        self._lock = threading.Lock()
        inner = app.wsgi_app

        def measured(
            environ: dict[str, Any], start_response: Callable[..., Any]
        ) -> Iterable[bytes]:
            if environ["PATH_INFO"].endswith("/stream"):
                return inner(environ, start_response)  # its reader counts it (Listener)
            start = time.thread_time()
            body = b"".join(inner(environ, start_response))
            self.add(self.kind, time.thread_time() - start)
            return [body]

        app.wsgi_app = measured  # type: ignore[method-assign]

    @property
    def kind(self) -> str:
        return str(getattr(self._local, "kind", "other"))

    def add(self, kind: str, seconds: float, count: int = 1) -> None:
        with self._lock:
            self.spent[kind] += seconds
            self.count[kind] += count

    @contextmanager
    def counting(self, kind: str) -> Iterator[None]:
        self._local.kind = kind
        try:
            yield
        finally:
            self._local.kind = "other"


class Listener(threading.Thread):
    """A phone's live stream, read in a thread of its own as a server thread runs it: what it
    shows (the regions it carried, or fetched on a version newer than the page)."""

    def __init__(
        self, client: FlaskClient, meter: Meter, stream: str, regions: str, shown: int
    ) -> None:
        super().__init__(daemon=True)
        self.client, self.meter, self.stream, self.regions = client, meter, stream, regions
        self.shown = shown
        self.left = False
        self.opened = threading.Event()
        self._changed = threading.Condition()
        # The stream's connection: the phone's end closed, the server's sees it gone.
        self._server_end, self._phone_end = socket.socketpair()

    def leave(self) -> None:
        """The page sent a form (or the run ended): it closes its stream."""
        self.left = True
        self._phone_end.close()

    def showing(self, version: int, timeout: float = 10.0) -> bool:
        """Wait until the phone shows ``version`` or a later one."""
        with self._changed:
            return self._changed.wait_for(lambda: self.shown >= version, timeout)

    def run(self) -> None:
        start = time.thread_time()
        answer = self.client.get(
            self.stream, buffered=False, environ_overrides={"werkzeug.socket": self._server_end}
        )
        chunks = iter(answer.response)
        spent, heard = time.thread_time() - start, 0
        try:
            while True:
                start = time.thread_time()
                chunk = next(chunks, None)
                spent += time.thread_time() - start
                if chunk is None:
                    return
                text = chunk.decode() if isinstance(chunk, bytes) else str(chunk)
                for name, data in events(text):
                    heard += 1
                    self._heard(name, data)
                self.opened.set()
        finally:
            answer.close()
            self._server_end.close()
            self.meter.add("streams", spent, heard)
            self.opened.set()

    def _heard(self, name: str, data: str) -> None:
        if self.left:
            return  # the page listens no more
        if name == "regions":
            found = SHOWN.search(data)
            version = int(found[1]) if found else 0
        elif int(data) > self.shown:  # the page fetches its regions
            with self.meter.counting("regions fetched"):
                page = self.client.get(self.regions).get_data(as_text=True)
            found = SHOWN.search(page)
            version = int(found[1]) if found else int(data)
        else:
            return
        with self._changed:
            self.shown = max(self.shown, version)
            self._changed.notify_all()


def _dealt(state: State) -> State:
    while (chance := state.chance_move()) is not None:
        state = state.apply(chance)
    return state


def csrf(client: FlaskClient) -> str:
    page = client.get("/").get_data(as_text=True)
    return page.split('name="csrf_token" value="')[1].split('"')[0]


def play(app: Flask, meter: Meter, game: str, moves: int, seed: int) -> int:
    """``moves`` moves at a new table of ``game``; the moves applied."""
    store = app.extensions["tables"]
    table = store.create(game, PLAYERS, seed=seed)
    seats = {s.player: f"/t/{table.id}/seat/{s.token}" for s in table.seats}
    phones = {p: app.test_client() for p in PLAYERS}
    tokens = {p: csrf(c) for p, c in phones.items()}
    first = phones[PLAYERS[0]].get(seats[PLAYERS[0]]).get_data(as_text=True)
    pushed = "data-regions-stream=" in first  # as live.js finds out
    in_place = pushed and "data-moves-in-place=" in first

    def listen(player: str, version: int) -> Listener:
        stream = seats[player] + "/stream" if pushed else f"/t/{table.id}/stream"
        listener = Listener(phones[player], meter, stream, seats[player] + "/regions", version)
        listener.start()
        listener.opened.wait(10)
        return listener

    listeners = {}
    for player, client in phones.items():  # each phone opens its page once, and its stream
        client.get(seats[player])
        listeners[player] = listen(player, 0)
    rng = random.Random(seed)
    policy = engines.GAMES[game].playout_move
    state = _dealt(engines.GAMES[game].new_game(PLAYERS, seed=seed))
    version = applied = 0
    try:
        for _ in range(moves):
            if state.to_move is None:
                break
            mover = str(state.to_move) if state.to_move in phones else PLAYERS[0]  # chance
            move = policy(state, rng) if policy is not None else rng.choice(state.legal_moves())
            form = {
                "csrf_token": tokens[mover],
                "move": json.dumps(move.to_json()),
                "version": version,
            }
            if not in_place:  # else the page stays, and its stream brings it the move
                listeners[mover].leave()
            with meter.counting("move"):
                answer = phones[mover].post(
                    seats[mover] + "/move", data=form, headers={IN_PLACE: "1"} if in_place else {}
                )
            wanted = 204 if in_place else 303
            assert answer.status_code == wanted, (answer.status_code, answer.get_data(as_text=True))
            version, applied = version + 1, applied + 1
            state = _dealt(state.apply(move))
            if not in_place:
                with meter.counting("mover's page"):
                    assert phones[mover].get(seats[mover]).status_code == 200
                listeners[mover].join(10)
            for player, listener in listeners.items():
                if in_place or player != mover:
                    assert listener.showing(version), (player, version, listener.shown)
            if not in_place:
                listeners[mover] = listen(mover, version)
    finally:
        for listener in listeners.values():
            listener.leave()
        for listener in listeners.values():
            listener.join(10)
    return applied


def one_run(database: str | None, games: list[str], moves: int) -> tuple[Meter, int]:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {"DATABASE": database or str(Path(tmp) / "t.sqlite"), "SECRET_KEY": "bench"}
        )
        meter = Meter(app)
        applied = 0
        try:
            for i, game in enumerate(games):
                applied += play(app, meter, game, moves, seed=100 + i)
        finally:
            app.extensions["live"].stop()
            app.extensions["tables"].close()
    return meter, applied


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--moves", type=int, default=60, help="moves per table")
    parser.add_argument("--repeat", type=int, default=3, help="runs per game (the best counts)")
    parser.add_argument("--database", help="a postgresql:// URL (default: a new SQLite file)")
    parser.add_argument("--profile", help="write the last run's cProfile here")
    args = parser.parse_args()
    games = args.games.split(",")
    print(f"{threading.active_count()} threads; games {', '.join(games)}; {args.moves} moves each")
    for game in games:
        best: tuple[float, Meter, int] | None = None
        for _ in range(args.repeat):
            meter, applied = one_run(args.database, [game], args.moves)
            total = sum(meter.spent[k] for k in KINDS)
            if best is None or total < best[0]:
                best = (total, meter, applied)
        assert best is not None
        total, meter, applied = best
        parts = ", ".join(
            f"{kind} {1000 * meter.spent[kind] / max(1, applied):.2f}" for kind in KINDS
        )
        print(
            f"{game:17} {applied:3} moves: {1000 * total / max(1, applied):6.2f} ms of CPU per "
            f"move ({parts}; {meter.count['regions fetched'] / max(1, applied):.2f} fetches "
            f"and {meter.count['streams'] / max(1, applied):.2f} stream events per move)",
            flush=True,
        )
        if args.profile:  # a run of its own: profiling slows it down
            profiler = cProfile.Profile()
            profiler.enable()
            one_run(args.database, [game], args.moves)
            profiler.disable()
            profiler.dump_stats(f"{args.profile}.{game}")
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
