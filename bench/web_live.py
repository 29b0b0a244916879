"""How fast a phone hears of a move, and how long a seat page takes to build.

Run: ``.venv/bin/python -m bench.web_live [--moves 40]``. A real HTTP server
(werkzeug, threaded, as ``companion serve`` runs it) serves a seeded Noah
table; a waiting seat's phone listens to the stream its page listens to while
moves are submitted through the seat route. Reported: the delay from the move's
HTTP answer to the stream's event (the target is under a second), the delay
until the waiting phone holds the fresh regions it swaps in place (as
``web/static/live.js`` does: the end of the ``regions`` event of the seat's own
stream, ``data-regions-stream``; for a page without it, the table's stream's
event, then one GET of the seat page's live regions), and the server time to
build a seat page.
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

        phone = http.client.HTTPConnection("127.0.0.1", port)
        cookie, _ = _csrf(phone)
        phone.request("GET", watcher, headers={"Cookie": cookie})
        pushed = b"data-regions-stream=" in phone.getresponse().read()

        def listen() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port)
            stream_url = watcher + "/stream" if pushed else f"/t/{table.id}/stream"
            conn.request("GET", stream_url, headers={"Cookie": cookie})
            stream = conn.getresponse()
            started = False
            while True:
                line = stream.fp.readline()
                if not line:
                    return
                if line.startswith(b"event:") or (line.startswith(b"data:") and not started):
                    if not started:
                        heard.append(time.perf_counter())
                    started = True
                elif line == b"\n" and started:  # the event is whole
                    started = False
                    if ready.is_set():
                        if not pushed:
                            phone.request("GET", watcher + "/regions", headers={"Cookie": cookie})
                            phone.getresponse().read()
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
