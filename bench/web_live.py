"""How fast a phone hears of a move, and how long a seat page takes to build.

Run: ``.venv/bin/python -m bench.web_live [--moves 40]``. A real HTTP server
(werkzeug, threaded, as ``companion serve`` runs it) serves a seeded Noah
table; one client listens on the table's server-sent event stream while moves
are submitted through the seat route. Reported: the delay from the move's
HTTP answer to the stream's event (the target is under a second), the delay
until a waiting phone holds the fresh regions it swaps in place (the event, then
one GET of its seat page's live regions, as ``web/static/live.js`` does), and the
server time to build a seat page.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path

from werkzeug.serving import make_server

from web import create_app


def _csrf(conn: http.client.HTTPConnection) -> tuple[str, str]:
    conn.request("GET", "/")
    answer = conn.getresponse()
    page = answer.read().decode()
    cookie = answer.getheader("Set-Cookie", "").split(";")[0]
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    return cookie, token


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "t.sqlite"), "SECRET_KEY": "bench"})
        store = app.extensions["tables"]
        httpd = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        port = httpd.server_port
        table = store.create("noah", ["ann", "bob", "cy"], seed=1)
        seats = {s.player: s.token for s in table.seats}

        heard: list[float] = []
        shown: list[float] = []
        ready = threading.Event()
        watcher = f"/t/{table.id}/seat/{seats['ann']}"

        def listen() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port)
            page = http.client.HTTPConnection("127.0.0.1", port)
            conn.request("GET", f"/t/{table.id}/stream")
            stream = conn.getresponse()
            while True:
                line = stream.fp.readline()
                if not line:
                    return
                if line.startswith(b"data:"):
                    heard.append(time.perf_counter())
                    if ready.is_set():
                        page.request("GET", watcher + "/regions")
                        page.getresponse().read()
                        shown.append(time.perf_counter())
                    ready.set()

        threading.Thread(target=listen, daemon=True).start()
        ready.wait(5)
        conn = http.client.HTTPConnection("127.0.0.1", port)
        cookie, token = _csrf(conn)
        rng = random.Random(1)
        delays, pages, swaps = [], [], []
        for _ in range(args.moves):
            table = store.load(table.id)
            if table.state.to_move is None:
                break
            mover = str(table.state.to_move)
            url = f"/t/{table.id}/seat/{seats[mover]}"
            start = time.perf_counter()
            conn.request("GET", url, headers={"Cookie": cookie})
            conn.getresponse().read()
            pages.append(time.perf_counter() - start)
            move = json.dumps(rng.choice(table.state.legal_moves()).to_json())
            before = len(heard)
            body = json.dumps({"move": move, "version": table.version})
            headers = {"Content-Type": "application/json", "Cookie": cookie, "X-CSRF-Token": token}
            conn.request("POST", url + "/move", body=body, headers=headers)
            conn.getresponse().read()
            answered = time.perf_counter()
            deadline = answered + 5
            while len(heard) == before and time.perf_counter() < deadline:
                time.sleep(0.002)
            delays.append(heard[-1] - answered if len(heard) > before else 5.0)
            while len(shown) < len(heard) - 1 and time.perf_counter() < deadline:
                time.sleep(0.002)
            swaps.append(shown[-1] - answered if len(shown) == len(heard) - 1 else 5.0)
        httpd.shutdown()
        store.close()
    ms = [d * 1000 for d in delays]
    print(f"live update after a move: median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms")
    swap = [d * 1000 for d in swaps]
    print(
        f"waiting phone holds the new page: median {statistics.median(swap):.0f} ms, "
        f"max {max(swap):.0f} ms"
    )
    print(f"seat page: median {statistics.median(pages) * 1000:.1f} ms over {len(pages)} pages")


if __name__ == "__main__":
    main()
