"""The live loop inside the app: a recorded Noah game followed into the table's log.

The app is given a video file as its camera (what ``companion serve --camera
FILE`` does); the host starts following from the host page, the background
thread reads the video, and the tests look at the table's log and the pages.
"""

from __future__ import annotations

import html
import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.live import LiveTable
from companion.sessions import DEALER, HOST, Table, TableStore
from companion.watch.hare_tortoise import HareTable
from engines import hare_tortoise, noah
from engines.core import CHANCE
from engines.noah.info import Step
from engines.noah.moves import Play
from engines.noah.state import NoahState
from testkit.camera import MatCamera, Shot
from testkit.scenes.hare_tortoise import script_tags as hare_script_tags
from testkit.scenes.noah import NoahScene, script_tags
from testkit.video import Script, film, play
from tests.watch_support import noah_camera as camera
from tests.watch_support import noah_model as model
from tests.watch_support import write_video
from tests.web.conftest import csrf, host_url, seat_url
from tests.web.phone import kill_server, wait_until_serving
from tests.web.test_serve import ROOT, free_port
from web import create_app, present

PLAYERS = ["Ann", "Ben"]
SEED = 11


@cache
def script() -> Script:
    return play(noah.new_game(PLAYERS, seed=SEED), 60, seed=SEED)


def _app(tmp_path: Path, video: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "tables.sqlite"),
            "SECRET_KEY": "test-only-key",
            "CAMERA": str(video),
        }
    )
    yield app
    app.extensions["live"].stop()
    app.extensions["tables"].close()


def _follow(app: Flask, client: FlaskClient, table: Table) -> LiveTable:
    """Start the camera from the host page and wait for the recording to end."""
    page = client.get(host_url(table)).get_data(as_text=True)
    assert "Follow this table with the camera" in page
    response = client.post(f"{host_url(table)}/live/start", data={"csrf_token": csrf(client)})
    assert response.status_code == 303
    following = app.extensions["live"].of(table.id)
    assert following is not None
    assert following.wait(25.0), "the recording was read to its end"
    assert following.error is None
    return following


def _submit_script(store: TableStore, table: Table, moves: int, s: Script | None = None) -> Table:
    """The table brought to the script's state after ``moves`` moves, as phones would."""
    s = script() if s is None else s
    for i in range(len(table.history), moves):
        before = s.before(i)
        if before.to_move == CHANCE:
            continue  # the seeded table dealt it
        table = store.submit(
            table.id, s.moves[i].to_json(), actor=str(before.to_move), version=table.version
        )
    assert table.state.to_json() == s.states[moves - 1].to_json()
    return table


def _recorded(tmp_path: Path) -> tuple[Path, int, int]:
    """A video of the script's first eight changes after the deal: its path, the moves
    dealt before it and the moves the table has at its end."""
    s = script()
    t = model()
    dealt = next(i for i in range(len(s.moves)) if s.before(i).to_move != CHANCE)
    reaches = [r for r in s.reaches(t) if r[0] >= dealt][:8]
    tags = script_tags(s.start, s.moves)
    stills = [dealt, *(last + 1 for _, last in reaches)]
    video = write_video(
        tmp_path / "table.avi",
        film(camera(), tags.__getitem__, stills, seed=7),
    )
    return video, dealt, reaches[-1][1] + 1


@pytest.fixture
def followed(tmp_path: Path) -> Iterator[tuple[Flask, Table, int]]:
    """A table whose first eight changes after the deal are in a recorded video."""
    video, dealt, end = _recorded(tmp_path)
    for app in _app(tmp_path, video):
        store: TableStore = app.extensions["tables"]
        table = store.create("noah", PLAYERS, seed=SEED)
        assert len(table.history) == dealt
        yield app, table, end


def test_recorded_game_is_followed_into_the_tables_log(
    followed: tuple[Flask, Table, int],
) -> None:
    app, table, end = followed
    client = app.test_client()
    following = _follow(app, client, table)
    after = app.extensions["tables"].load(table.id)
    s = script()
    assert [step.move.notation() for step in after.history][:end] == [
        m.notation() for m in s.moves[:end]
    ]
    assert after.state.to_json() == s.states[end - 1].to_json()
    # Each player's move was logged as that player's, the deal as the dealer's.
    for i, step in enumerate(after.history[:end]):
        assert step.actor == (DEALER if s.before(i).to_move == CHANCE else s.before(i).to_move)
    status = following.status()
    assert status["last"]["kind"] == "applied" and status["question"] is None
    host = client.get(host_url(table)).get_data(as_text=True)
    assert "The camera saw" in host and "live-picture" in host
    picture = client.get(f"{host_url(table)}/live.jpg")
    assert picture.status_code == 200 and picture.data[:2] == b"\xff\xd8"
    seat = client.get(seat_url(after, "Ann")).get_data(as_text=True)
    assert "The camera saw" in seat and "live-picture" not in seat
    assert client.get(f"/t/{table.id}/live.json").get_json()["status"]["frames"] > 40


def _loaded_ferry() -> int:
    """Index of a script move after which a player is to play on a loaded ferry."""
    s = script()
    for i, state in enumerate(s.states):
        assert isinstance(state, NoahState)
        if state.step == Step.PLAY and state.ferry and len(state.ferry) >= 2 and i > 25:
            return i + 1
    raise AssertionError("the script never reaches a loaded ferry")


def test_illegal_move_in_the_video_shows_its_code_and_keeps_the_table(tmp_path: Path) -> None:
    s = script()
    moves = _loaded_ferry()
    state = s.states[moves - 1]
    assert isinstance(state, NoahState) and state.noah is not None
    heavy = next(
        c
        for c in state.hands[state.active]
        if not c.startswith("SNL") and not state.check(Play(c)).legal
    )
    verdict = state.check(Play(heavy))
    docks = list(state.docks)
    docks[state.noah] = (*state.ferry, (heavy, noah.catalog.CARD_BY_ID[heavy].gender or "M"))
    laid = replace(state, docks=tuple(docks))
    scene = NoahScene()
    scene.follow(state)
    tables = [scene.tags(state), scene.tags(laid)]
    video = write_video(
        tmp_path / "illegal.avi", film(camera(), tables.__getitem__, [0, 1], seed=9)
    )
    for app in _app(tmp_path, video):
        store: TableStore = app.extensions["tables"]
        table = _submit_script(store, store.create("noah", PLAYERS, seed=SEED), moves)
        client = app.test_client()
        following = _follow(app, client, table)
        last = following.status()["last"]
        assert last["kind"] == "refused" and last["code"] == verdict.code
        now = store.load(table.id)
        assert now.version == table.version and now.state.to_json() == state.to_json()
        host = client.get(host_url(table)).get_data(as_text=True)
        assert f"<code>{verdict.code}</code>" in host
        assert verdict.reason is not None and verdict.reason.split("'")[0] in host


def test_ambiguous_change_is_asked_on_the_pages_and_answered_by_a_tap(tmp_path: Path) -> None:
    players = ["Ann", "Ben", "Cy"]
    s = play(noah.new_game(players, seed=5), 200, seed=5)
    i, move = next(
        (i, m) for i, m in enumerate(s.moves) if isinstance(m, Play) and m.target is not None
    )
    before, after = s.before(i), s.states[i]
    assert isinstance(before, NoahState) and isinstance(after, NoahState)
    scene = NoahScene()
    scene.follow(before)
    tables = [scene.tags(before), scene.tags(after)]
    video = write_video(
        tmp_path / "giraffe.avi", film(camera(), tables.__getitem__, [0, 1], seed=3)
    )
    for app in _app(tmp_path, video):
        store: TableStore = app.extensions["tables"]
        table = _submit_script(store, store.create("noah", players, seed=5), i, s)
        client = app.test_client()
        following = _follow(app, client, table)
        question = following.status()["question"]
        assert question is not None and question["version"] == table.version
        assert store.load(table.id).version == table.version  # no guess was applied
        chosen = next(k for k, c in enumerate(question["candidates"]) if c[0] == move.notation())
        host = client.get(host_url(table)).get_data(as_text=True)
        assert "which was it?" in host or "several moves" in host
        shown = [html.escape(" ".join(c)) for c in question["candidates"]]
        assert all(f'data-notation="{n}"' in host for n in shown)
        # The candidates are said in words (their moves' labels), never in notation.
        labels = [present.move_label("noah", c[0], "en") for c in question["candidates_json"]]
        assert all(label in html.unescape(host) for label in labels)
        assert not any(f">{n}<" in host for n in shown)
        mover = str(before.to_move)
        other = next(p for p in players if p != mover)
        token = csrf(client)
        form = {"csrf_token": token, "choice": str(chosen), "version": str(table.version)}
        assert client.post(f"{seat_url(table, other)}/live/answer", data=form).status_code == 403
        seat = client.get(seat_url(table, mover)).get_data(as_text=True)
        assert "several moves" in seat and "live-question" in seat
        answered = client.post(f"{seat_url(table, mover)}/live/answer", data=form)
        assert answered.status_code == 303
        now = store.load(table.id)
        candidate = question["candidates"][chosen]
        assert candidate == [m.notation() for m in s.moves[i : i + len(candidate)]]
        logged = now.history[len(table.history) :]
        assert [step.move.notation() for step in logged][: len(candidate)] == candidate
        # The lion's player chose the target; what it took was the seeded deal's.
        assert [step.actor for step in logged][: len(candidate)] == [
            mover if s.before(i + k).to_move != CHANCE else DEALER for k in range(len(candidate))
        ]
        assert now.state.to_json() == s.states[len(now.history) - 1].to_json()
        again = client.post(f"{host_url(table)}/live/answer", data=form)
        assert again.status_code == 409  # the question was answered already


def test_serve_with_a_camera_follows_the_named_table(
    followed: tuple[Flask, Table, int], tmp_path: Path
) -> None:
    app, table, end = followed
    database = app.config["DATABASE"]
    app.extensions["tables"].close()
    port = free_port()
    command = [sys.executable, "-m", "cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--database", database]
    command += ["--camera", app.config["CAMERA"], "--table", table.id]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        status: dict[str, Any] = {}
        for _ in range(250):
            try:
                url = f"http://127.0.0.1:{port}/t/{table.id}/live.json"
                with urllib.request.urlopen(url, timeout=2) as answer:
                    status = json.load(answer)["status"]
                if not status["running"]:
                    break
            except OSError:
                time.sleep(0.1)  # the server is still starting
                continue
            time.sleep(0.1)
        assert status and not status["running"] and status["error"] is None
        assert status["last"]["kind"] == "applied"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    store = TableStore(database)
    logged = store.load(table.id).history
    store.close()
    assert [s.move.notation() for s in logged][:end] == [m.notation() for m in script().moves[:end]]


def test_the_camera_follower_is_a_process_of_its_own_beside_the_workers(
    tmp_path: Path, database: str
) -> None:
    """``companion follow --table --database`` writes what the camera sees into the store,
    and a server of two workers on the same database serves the moves to the phones."""
    video, _, end = _recorded(tmp_path)
    store = TableStore(database)
    table = store.create("noah", PLAYERS, seed=SEED)
    store.close()
    port = free_port()
    serve = [sys.executable, "-m", "cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(
        [*serve, "--workers", "2", "--threads", "8", "--database", database],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_until_serving(port)
        follow = [sys.executable, "-m", "cli", "follow", "noah", "--window", "1"]
        follower = subprocess.run(
            [*follow, "--camera", str(video), "--table", table.id, "--database", database],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert follower.returncode == 0, follower.stderr[-2000:]
        told = [json.loads(line) for line in follower.stdout.splitlines() if line[:2] == '{"']
        told = [line for line in told if "seq" in line]
        assert [line["seq"] for line in told] == list(range(1, len(told) + 1))
        assert told[0]["kind"] == "applied"
        seen = [json.loads(urlopen_text(f"http://127.0.0.1:{port}/t/{table.id}/board.json"))]
        seen += [
            json.loads(urlopen_text(f"http://127.0.0.1:{port}{seat_url(table, 'Ben')}/view.json"))
        ]
    finally:
        kill_server(server)
    store = TableStore(database)
    logged = store.load(table.id)
    store.close()
    assert [s.move.notation() for s in logged.history][:end] == [
        m.notation() for m in script().moves[:end]
    ]
    assert f'"version": {logged.version}' in follower.stdout
    assert all(doc["version"] == logged.version for doc in seen)


def urlopen_text(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return str(answer.read().decode())


def test_track_laid_on_a_seeded_hare_table_is_entered_by_the_camera(tmp_path: Path) -> None:
    """The seed deals the bets, but the stream tiles lie where the players laid them: the
    camera sees the track and enters it for the host; the seed then deals the hands."""
    s = play(hare_tortoise.new_game(PLAYERS, options={"race": "by_hand"}, seed=3), 6, seed=3)
    k = next(i for i, m in enumerate(s.moves) if s.before(i).phase == "track")
    hare = HareTable()
    race = MatCamera("hare_tortoise", [m for m in hare.vision.mats if m.id == "race"], Shot())
    tags = hare_script_tags(s.start, s.moves)
    video = write_video(tmp_path / "track.avi", film(race, tags.__getitem__, [k, k + 1], seed=3))
    for app in _app(tmp_path, video):
        store: TableStore = app.extensions["tables"]
        table = store.create("hare_tortoise", PLAYERS, options={"race": "by_hand"}, seed=3)
        assert len(table.history) == k  # the bets the seed dealt; the track waits
        _follow(app, app.test_client(), table)
        after = store.load(table.id)
        step = after.history[k]
        assert (step.move.notation(), step.actor) == (s.moves[k].notation(), HOST)
        assert after.state.to_json()["streams"] == s.states[k].to_json()["streams"]
        assert len(after.history) > k + 1  # the seed went on to deal the hands
