"""Frames per second of the app's live loop on 1080p input while the app serves phones.

Run: ``.venv/bin/python -m bench.live_serve [--game noah|hare_tortoise|niagara|
animals_on_board|ark_nova] [--plies 110] [--seed 11] [--players 4]`` (about a minute on an
idle machine).

The filmed game of :mod:`bench.filmed` (1920 x 1080, two frames of hands before each
change, then three of the still table; the same game, mats and tags :mod:`bench.watch`
follows) is recorded as a Motion-JPEG video and given to the app as its camera (what
``companion serve --camera FILE`` does). A table of the game is created with the same
players, options and seed, so its log resolves the same chance outcomes. A real threaded
HTTP server (werkzeug, as ``companion serve`` runs it) serves the table while the loop
follows it: a phone loads its seat page and the camera's ``live.json`` once a second and
listens on the table's event stream, and the host page fetches the live picture twice a
second.

What the table cannot show comes from the players' phones through the app's routes, as at
a real table: the setup moves before the camera starts (Animals on Board's removed and
given tiles; Ark Nova's zoos and hands), then each hidden move (Niagara's face-down
paddles, the Hare's second bets) posted to ``seat/<token>/move`` by the seat to move once
the table's log has reached it, and each question of the camera (several moves explain a
change) answered through ``seat/<token>/live/answer`` with the script's move. A chance
outcome the seeded log does not pick and the table shows (the Hare's stream tiles laid)
is entered by the camera itself. The phones poll the
table's ``board.json`` ten times a second while they wait. So that they are in time, the
video holds the still table two seconds (60 frames) longer per phone acting on it (before
a hidden move, after a change that asks a question, found beforehand by inferring the
script's views); the loop reads a still view once, so those frames cost little, and they
are counted in the frames per second.

The video is read as fast as the loop takes frames, so frames per second is frames over
the wall time from start to the file's end (decoding each frame included); on a machine
shared with other work the wall figure drops with the load, so frames per CPU second of
the process is printed too. Printed: frames, wall seconds, frames per second, CPU seconds
of the whole process (loop and server), requests served, the phones' moves and answers
sent (and any the table went past), and whether the moves in the table's log equal the
script.
"""

from __future__ import annotations

import argparse
import http.client
import json
import logging
import re
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
from werkzeug.serving import make_server

from bench.filmed import GAMES, Filmed, filmed
from companion.sessions import HOST
from companion.watch.infer import Question, infer
from engines.core import CHANCE, Move, State
from web import create_app

HOLD = 60
"""Extra frames of a still table per phone acting on it (two seconds of a 30 fps camera)."""

_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@dataclass(frozen=True)
class Cue:
    """Something a phone does once the table's log reaches ``version``.

    Attributes:
        version: The log version (moves in the log) the phone waits for.
        player: Whose phone acts.
        move: The move it sends, or None for an answer.
        choice: The candidate it taps for the camera's question (when ``move`` is None).
    """

    version: int
    player: str
    move: Move | None = None
    choice: int = -1


def _entered(state: State) -> bool:
    """Whether a move from ``state`` goes into the log by a hand: a player's move, or a
    chance outcome the seeded log does not pick (the Hare's stream positions, which the host
    enters)."""
    return state.to_move != CHANCE or state.chance_move() is None


def _actor(state: State) -> str:
    """Whose phone sends a move from ``state`` (``HOST`` for a chance outcome)."""
    return HOST if state.to_move == CHANCE else str(state.to_move)


def _sends(game: Filmed) -> list[tuple[str, Move]]:
    """The setup moves the phones send before the camera starts, with who sends each (the
    log resolves the seeded chance outcomes among them)."""
    state, out = game.new, []
    for move in game.setup:
        if _entered(state):
            out.append((_actor(state), move))
        state = state.apply(move)
    return out


def _plan(game: Filmed, logged: int) -> tuple[list[Cue], Counter[int]]:
    """The phones' cues once ``logged`` setup moves are in the log, and how many cues each
    still table (0: the start, k: after change k) is held for.

    A phone sends each move the table cannot show (a chance outcome the seeded log does not
    pick shows on the table: the camera enters it); the seat to move answers each question
    of the camera.
    """
    script, model = game.script, game.model
    hidden = {sent.move for sent in script.hidden(model)}
    versions: list[int] = []
    for i in range(len(script.moves)):
        versions.append(logged)
        logged += _entered(script.before(i))
    end = game.reach[-1][1] + 1
    lasts = [last for _, last in game.reach]
    cues: list[Cue] = []
    holds: Counter[int] = Counter()
    for i, move in enumerate(script.moves[:end]):
        before = script.before(i)
        if move in hidden:
            cues.append(Cue(versions[i], _actor(before), move))
            holds[sum(1 for last in lasts if last < i)] += 1  # the still table before it
    for k, (first, last) in enumerate(game.reach):
        result = infer(model, script.before(first), model.view(script.states[last]))
        if isinstance(result, Question):
            played = [
                c
                for c, moves in enumerate(result.candidates)
                if moves == script.moves[first : first + len(moves)]
            ]
            actor = _actor(script.before(first))
            cues.append(Cue(versions[first], actor, None, played[0] if played else 0))
            holds[k + 1] += 1
    return sorted(cues, key=lambda c: c.version), holds


def _record(path: Path, game: Filmed, holds: Counter[int]) -> int:
    """The game's video at ``path``, each still table held ``HOLD`` frames longer per cue
    ``holds`` counts for it; the frames written."""
    shot = game.camera.shot
    writer = cv2.VideoWriter(
        str(path), cv2.VideoWriter.fourcc(*"MJPG"), 30, (shot.width, shot.height)
    )
    writer.set(cv2.VIDEOWRITER_PROP_QUALITY, 95)
    written, still, repeats, prev = 0, -1, 0, None
    for frame in game.frames():
        writer.write(frame)
        written += 1
        repeats = repeats + 1 if frame is prev else 0
        prev = frame
        if repeats == 2:  # the third frame of a still table: its last
            still += 1
            for _ in range(HOLD * holds[still]):
                writer.write(frame)
                written += 1
    writer.release()
    return written


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


class Phone:
    """One player's browser session: its cookie and CSRF token, one kept-alive connection."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.cookie = ""
        self.csrf = ""
        self.sent = 0
        match = _CSRF.search(self.request("GET", "/")[1].decode())
        assert match, "the home page carries a CSRF token"
        self.csrf = match[1]

    def request(
        self, method: str, path: str, body: bytes | None = None, kind: str = ""
    ) -> tuple[int, bytes]:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body is not None:
            headers.update({"Content-Type": kind, "X-CSRF-Token": self.csrf})
        self.conn.request(method, path, body=body, headers=headers)
        answer = self.conn.getresponse()
        data = answer.read()
        cookie = answer.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        self.sent += method == "POST"
        return answer.status, data

    def json(self, path: str) -> Any:
        status, data = self.request("GET", path)
        assert status == 200, (path, status, data[:200])
        return json.loads(data)

    def move(self, page: str, move: Move, version: int) -> None:
        """Send ``move`` from the seat or host page ``page``."""
        body = json.dumps({"move": move.to_json(), "version": version}).encode()
        status, data = self.request("POST", f"{page}/move", body, "application/json")
        assert status in (200, 303), (move.notation(), status, data[:300])

    def answer(self, page: str, choice: int, version: int) -> None:
        """Tap candidate ``choice`` of the camera's question on the seat page ``page``."""
        body = urllib.parse.urlencode({"choice": choice, "version": version}).encode()
        status, data = self.request(
            "POST", f"{page}/live/answer", body, "application/x-www-form-urlencoded"
        )
        assert status in (200, 303), (status, data[:300])


def _act(
    phones: dict[str, Phone], pages: dict[str, str], table: str, cues: list[Cue],
    stop: threading.Event,
) -> list[str]:  # fmt: skip
    """Start the players' phones on ``cues``; the cues missed (the table went past them)."""
    missed: list[str] = []

    def run() -> None:
        for cue in cues:
            phone, page = phones[cue.player], pages[cue.player]
            while not stop.is_set():
                version = int(phone.json(f"/t/{table}/board.json")["version"])
                if version > cue.version:
                    missed.append(f"{cue.player} at version {cue.version}")
                    break
                if version == cue.version and cue.move is not None:
                    phone.move(page, cue.move, version)
                    break
                if version == cue.version:
                    status = phone.json(f"/t/{table}/live.json")["status"]
                    question = status["question"] if status is not None else None
                    if question is not None and question["version"] == version:
                        phone.answer(page, cue.choice, version)
                        break
                stop.wait(0.1)

    threading.Thread(target=run, daemon=True).start()
    return missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default="noah")
    parser.add_argument("--plies", type=int, default=110, help="moves of the scripted game")
    parser.add_argument("--seed", type=int, default=11, help="seed of the game and the camera")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4, help="Niagara only")
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    try:
        game = filmed(args.game, plies=args.plies, seed=args.seed, players=args.players)
    except ValueError as error:
        parser.error(str(error))
    sends = _sends(game)
    cues, holds = _plan(game, len(sends))
    end = len(game.setup) + game.reach[-1][1] + 1
    moves = [m.notation() for m in (*game.setup, *game.script.moves)][:end]
    with tempfile.TemporaryDirectory() as tmp:
        video = Path(tmp) / "table.avi"
        written = _record(video, game, holds)
        config = {"DATABASE": str(Path(tmp) / "t.sqlite"), "SECRET_KEY": "bench"}
        app = create_app({**config, "CAMERA": str(video), "LIVE_STREAM_SECONDS": 600.0})
        store = app.extensions["tables"]
        table = store.create(
            game.game, list(game.players), options=game.options or None, seed=game.seed
        )
        pages = {s.player: f"/t/{table.id}/seat/{s.token}" for s in table.seats}
        pages[HOST] = f"/t/{table.id}/host/{table.host_token}"
        httpd = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        port = httpd.server_port
        phones = {player: Phone(port) for player in pages}
        for version, (player, move) in enumerate(sends, start=table.version):
            phones[player].move(pages[player], move, version)
        stop = threading.Event()
        heard = _listen(port, f"/t/{table.id}/stream", stop)
        first = pages[table.seats[0].player]
        phone = _every(1.0, stop, port, [first, f"/t/{table.id}/live.json"])
        host = _every(0.5, stop, port, [f"/t/{table.id}/host/{table.host_token}/live.jpg"])
        missed = _act(phones, pages, table.id, cues, stop)
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
    sent = sum(p.sent for p in phones.values()) - len(sends)
    shot = game.camera.shot
    print(f"{game.game}: {len(game.reach)} changes, {len(sends)} setup moves from the phones")
    print(f"frames {frames} of {written} at {shot.width}x{shot.height} from a Motion-JPEG file")
    print(f"live loop in the app: {wall:.1f} s wall, {frames / wall:.1f} frames per second")
    game_frames = written - HOLD * holds.total()
    print(f"game's frames (held ones left out) over that wall time: {game_frames / wall:.1f}")
    print(f"process CPU {cpu:.1f} s (loop and server): {frames / cpu:.1f} frames per CPU second")
    print(f"still views read {reads}, frames held for the phones {HOLD * holds.total()}")
    print(f"served: {len(phone)} phone requests, {len(host)} live pictures, {len(heard)} events")
    print(f"phones' hidden moves and answers: {sent} of {len(cues)}, missed {len(missed)}")
    print(f"moves in the log equal the script: {logged[:end] == moves} ({end} moves)")


if __name__ == "__main__":
    main()
