"""The server's CPU per move, in one process: a move and the pages the phones fetch for it.

Run: ``.venv/bin/python -m bench.page_cpu [--games noah,...] [--moves 60] [--repeat 3]
[--database URL] [--profile FILE]``.

A table of each game with four seats (seeded: the companion deals), driven
through the app's WSGI entry with Flask's test client, as ``bench.web_load``'s
phones drive the server: the player to move posts the page's form (a legal
move chosen by a seeded random generator, or the game's playout policy) and
loads the page it is sent to; each of the three other phones fetches what
``web/static/live.js`` fetches when the stream says the version moved on.
Counted: the CPU time of the app's threads inside the WSGI call (the test
client's own work is left out), per move and per kind of request, the best of
``--repeat`` runs (CPU time is steadier than wall time on a shared machine,
not immune to it). The live streams are not driven (their cost is the
backend's wait: SQLite's poll or PostgreSQL's listener, measured by
``bench.web_load``). ``--profile`` writes a cProfile of the last run, and
prints its 30 costliest functions by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
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
from web import create_app

GAMES = ("noah", "animals_on_board", "hare_tortoise", "niagara", "ark_nova")
PLAYERS = ["ann", "bob", "cy", "dee"]
KINDS = ("move", "mover's page", "waiting page")


class Meter:
    """The CPU time of the app's WSGI calls, per kind of request (seconds)."""

    def __init__(self, app: Flask) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self.count: dict[str, int] = defaultdict(int)
        self.kind = "other"
        inner = app.wsgi_app

        def measured(
            environ: dict[str, Any], start_response: Callable[..., Any]
        ) -> Iterable[bytes]:
            start = time.thread_time()
            body = b"".join(inner(environ, start_response))
            self.spent[self.kind] += time.thread_time() - start
            self.count[self.kind] += 1
            return [body]

        app.wsgi_app = measured  # type: ignore[method-assign]

    @contextmanager
    def counting(self, kind: str) -> Iterator[None]:
        self.kind = kind
        try:
            yield
        finally:
            self.kind = "other"


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
    for player, client in phones.items():  # each phone opens its page once
        client.get(seats[player])
    rng = random.Random(seed)
    policy = engines.GAMES[game].playout_move
    state = _dealt(engines.GAMES[game].new_game(PLAYERS, seed=seed))
    version = 0
    for _ in range(moves):
        if state.to_move is None:
            break
        mover = str(state.to_move) if state.to_move in phones else PLAYERS[0]  # chance: anyone
        move = policy(state, rng) if policy is not None else rng.choice(state.legal_moves())
        form = {"csrf_token": tokens[mover], "move": json.dumps(move.to_json()), "version": version}
        with meter.counting("move"):
            answer = phones[mover].post(seats[mover] + "/move", data=form)
        assert answer.status_code == 303, (answer.status_code, answer.get_data(as_text=True)[:500])
        version += 1
        state = _dealt(state.apply(move))
        with meter.counting("mover's page"):
            assert phones[mover].get(seats[mover]).status_code == 200
        for player, client in phones.items():
            if player != mover:
                with meter.counting("waiting page"):
                    assert client.get(refresh_url(seats[player])).status_code == 200
    return version


def refresh_url(seat: str) -> str:
    """What a waiting seat page fetches when its stream says the version moved on."""
    return seat + "/regions"


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
        parts = "  ".join(
            f"{kind} {1000 * meter.spent[kind] / max(1, meter.count[kind]):.2f}" for kind in KINDS
        )
        print(
            f"{game:17} {applied:3} moves: {1000 * total / max(1, applied):6.2f} ms of CPU per "
            f"move (ms per request: {parts})",
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
