"""Frames per second of the app's live loop on 1080p input while the app serves phones.

Run: ``.venv/bin/python -m bench.live_serve [--plies 110] [--seed 11]``
(about a minute on an idle machine).

The filmed Noah game of :mod:`bench.watch` (1920 x 1080, two frames of hands
before each change, then three of the still table) is recorded as a
Motion-JPEG video and given to the app as its camera (what
``companion serve --camera FILE`` does). A real threaded HTTP server (werkzeug,
as ``companion serve`` runs it) serves the table while the loop follows it:
a phone loads its seat page and the camera's ``live.json`` once a second and
listens on the table's event stream, and the host page fetches the live
picture twice a second. The video is read as fast as the loop takes frames,
so frames per second is frames over the wall time from start to the file's
end (decoding each frame included); on a machine shared with other work the
wall figure drops with the load, so frames per CPU second of the process is
printed too. Printed: frames, wall seconds, frames
per second, CPU seconds of the whole process (loop and server), requests
served, and whether the moves in the table's log equal the script.
"""

from __future__ import annotations

import argparse
import http.client
import logging
import tempfile
import threading
import time
from pathlib import Path

import cv2
from werkzeug.serving import make_server

from bench.watch import SHOT_1080P
from companion.watch.camera import MatCamera
from companion.watch.noah import NoahTable, script_tags
from companion.watch.video import film, play
from engines import noah
from engines.core import CHANCE
from web import create_app


def _record(path: Path, plies: int, seed: int) -> tuple[list[str], int]:
    """The game's video at ``path``; the script's moves and how many the video shows."""
    model = NoahTable()
    script = play(noah.new_game(["Ann", "Ben"], seed=seed), plies, seed=seed)
    dealt = next(i for i in range(len(script.moves)) if script.before(i).to_move != CHANCE)
    # Up to the first move only a phone can send (the table cannot show it).
    hidden = set(script.hidden(model))
    phone = next((i for i, m in enumerate(script.moves) if m in hidden), len(script.moves))
    reaches = [r for r in script.reaches(model) if dealt <= r[0] and r[1] < phone]
    tags = script_tags(script.start, script.moves)
    stills = [dealt, *(last + 1 for _, last in reaches)]
    camera = MatCamera("noah", [m for m in model.vision.mats if m.id == "pentagon"], SHOT_1080P)
    writer = cv2.VideoWriter(
        str(path), cv2.VideoWriter.fourcc(*"MJPG"), 30, (SHOT_1080P.width, SHOT_1080P.height)
    )
    writer.set(cv2.VIDEOWRITER_PROP_QUALITY, 95)
    for frame in film(camera, tags.__getitem__, stills, seed=seed):
        writer.write(frame)
    writer.release()
    return [m.notation() for m in script.moves], reaches[-1][1] + 1


def _every(seconds: float, stop: threading.Event, port: int, paths: list[str]) -> list[int]:
    """Start a client fetching ``paths`` every ``seconds``; the list of its answers' statuses."""
    statuses: list[int] = []

    def run() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        while not stop.wait(seconds):
            for path in paths:
                conn.request("GET", path)
                answer = conn.getresponse()
                answer.read()
                statuses.append(answer.status)

    threading.Thread(target=run, daemon=True).start()
    return statuses


def _listen(port: int, path: str, stop: threading.Event) -> list[bytes]:
    """Start a client on the event stream; the events it hears."""
    heard: list[bytes] = []

    def run() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", path)
        stream = conn.getresponse()
        while not stop.is_set() and (line := stream.fp.readline()):
            if line.startswith(b"data:"):
                heard.append(line)

    threading.Thread(target=run, daemon=True).start()
    return heard


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=110, help="moves of the scripted game")
    parser.add_argument("--seed", type=int, default=11, help="seed of the game and the camera")
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as tmp:
        video = Path(tmp) / "table.avi"
        moves, end = _record(video, args.plies, args.seed)
        config = {"DATABASE": str(Path(tmp) / "t.sqlite"), "SECRET_KEY": "bench"}
        app = create_app({**config, "CAMERA": str(video), "LIVE_STREAM_SECONDS": 600.0})
        store = app.extensions["tables"]
        table = store.create("noah", ["Ann", "Ben"], seed=args.seed)
        seat = table.seats[0].token
        httpd = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        port = httpd.server_port
        stop = threading.Event()
        heard = _listen(port, f"/t/{table.id}/stream", stop)
        phone = _every(1.0, stop, port, [f"/t/{table.id}/seat/{seat}", f"/t/{table.id}/live.json"])
        host = _every(0.5, stop, port, [f"/t/{table.id}/host/{table.host_token}/live.jpg"])
        cpu, wall = time.process_time(), time.perf_counter()
        following = app.extensions["live"].follow(table.id)
        following.wait(3600)
        wall = time.perf_counter() - wall
        cpu = time.process_time() - cpu
        stop.set()
        httpd.shutdown()
        logged = [s.move.notation() for s in store.load(table.id).history]
        store.close()
    frames = following.frames
    reads = following.status()["reads"]
    print(f"frames {frames} at {SHOT_1080P.width}x{SHOT_1080P.height} from a Motion-JPEG file")
    print(f"live loop in the app: {wall:.1f} s wall, {frames / wall:.1f} frames per second")
    print(f"process CPU {cpu:.1f} s (loop and server): {frames / cpu:.1f} frames per CPU second")
    print(f"still views read {reads}")
    print(f"served: {len(phone)} phone requests, {len(host)} live pictures, {len(heard)} events")
    print(f"moves in the log equal the script: {logged[:end] == moves[:end]} ({end} moves)")


if __name__ == "__main__":
    main()
