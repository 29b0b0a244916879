"""Watching a Noah table: projection, inference, refusals, questions, and a filmed game followed."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from cli import main
from companion.reasons import reason_text
from companion.watch.infer import Applied, Mismatch, Question, Refused, Sent, infer, settle
from companion.watch.loop import Watcher, headline, overlay
from companion.watch.noah import NOAH, NoahTable
from engines import noah
from engines.noah.info import Step
from engines.noah.moves import Play
from engines.noah.state import NoahState
from testkit.scenes.noah import NoahScene, script_tags
from testkit.video import Script, film, play
from tests.watch_support import follow_views, write_video
from tests.watch_support import noah_camera as camera
from tests.watch_support import noah_model as model
from vision.pipeline import read_frame


@cache
def script() -> Script:
    return play(noah.new_game(["Ann", "Ben"], seed=11), 110, seed=11)


def test_view_of_a_state_is_what_the_camera_reads() -> None:
    s = script()
    state = s.states[-1]
    tags = script_tags(s.start, s.moves)[-1]
    reading = read_frame(camera().frame(tags), model().vision).reading
    assert model().read(reading) == model().view(state)
    assert sum(NOAH in pieces for pieces in model().view(state).values()) == 1


def test_filmed_game_is_followed_move_for_move() -> None:
    s = script()
    t = model()
    reaches = s.reaches(t)
    assert len(reaches) >= 20
    tags = script_tags(s.start, s.moves)
    stills = [0, *(last + 1 for _, last in reaches)]
    watcher = Watcher(t, s.start, list(s.hidden(t)))
    judged = watcher.follow(film(camera(), tags.__getitem__, stills, seed=3))
    assert all(isinstance(j.result, Applied) for j in judged), [j.result for j in judged]
    assert len(judged) == len(reaches)
    end = reaches[-1][1] + 1
    assert [m.notation() for m in watcher.moves[:end]] == [m.notation() for m in s.moves[:end]]
    assert watcher.state.to_json()["docks"] == s.states[end - 1].to_json()["docks"]


def _at_play() -> NoahState:
    s = script()
    for state in s.states:
        assert isinstance(state, NoahState)
        if state.step == Step.PLAY and state.ferry and len(state.ferry) >= 2:
            return state
    raise AssertionError("the script never reaches a loaded ferry")


def test_overweight_card_is_refused_and_the_state_kept() -> None:
    t = model()
    state = _at_play()
    heavy = next(
        c
        for c in state.hands[state.active]
        if not state.check(Play(c, "M" if c.startswith("SNL") else None)).legal
    )
    move = Play(heavy, "M" if heavy.startswith("SNL") else None)
    verdict = state.check(move)
    seen = dict(next(v for m, v in t.physical_moves(state) if m == move))
    result = infer(t, state, seen)
    assert isinstance(result, Refused)
    assert result.code == verdict.code and result.code.startswith("noah.")
    assert result.to_json()["params"] == dict(verdict.params) and verdict.params
    assert reason_text(result.to_json(), "zh-Hant") == reason_text(verdict, "zh-Hant")
    assert reason_text(result.to_json(), "zh-Hant") != verdict.reason
    watcher = Watcher(t, state)
    judged = watcher.judge(seen)
    assert judged is not None and isinstance(judged.result, Refused)
    assert watcher.state is state


def test_card_leaving_a_ferry_does_not_add_up() -> None:
    t = model()
    state = _at_play()
    view = dict(t.view(state))
    zone = next(z for z, p in view.items() if ".dock" in z and len(p) >= 3)
    view[zone] = tuple(p for p in view[zone] if p != view[zone][-2] or p == NOAH)
    result = infer(t, state, view)
    assert isinstance(result, Mismatch)
    dock = int(zone[-1]) + 1  # players count the docks from 1
    assert any(f"left the ferry at dock {dock}" in line for line in result.lines)


def test_zones_are_named_as_players_count_them() -> None:
    """A dock from 1, as printed on the mat; a seat's hand mat by its seat, not "the centre"."""
    table = NoahTable()
    assert table.zone_name("pentagon.dock0") == "the ferry at dock 1"
    assert table.zone_name("pentagon.dock4", "zh-Hant") == "碼頭 5 的駁船"
    assert table.zone_name("pentagon.centre") == "the centre"
    assert table.zone_name("hand2.hand") == "the hand mat of seat 2"
    assert table.zone_name("hand2.hand", "zh-Hant") == "第 2 位玩家的攤牌區"


def test_giraffe_played_in_a_three_player_game_asks_whom_it_looked_at() -> None:
    t = model()
    s = play(noah.new_game(["Ann", "Ben", "Cy"], seed=5), 200, seed=5)
    for i, move in enumerate(s.moves):
        if isinstance(move, Play) and move.target is not None:
            before = s.before(i)
            break
    else:
        raise AssertionError("no giraffe or lion played in this script")
    after, _, _ = settle(t, s.states[i])
    result = infer(t, before, t.view(after))
    assert isinstance(result, Question)
    targets = [c[0].target for c in result.candidates if isinstance(c[0], Play)]
    assert sorted(targets) == sorted({"Ben", "Cy", "Ann"} - {before.to_move})
    watcher = Watcher(t, before)
    judged = watcher.judge(t.view(after))
    assert judged is not None and isinstance(judged.result, Question)
    assert watcher.state is before
    chosen = targets.index(move.target)
    assert watcher.answer(chosen).to_json() == after.to_json()


def test_filmed_overweight_card_is_flagged_then_taken_back() -> None:
    t = model()
    state = _at_play()
    heavy = next(
        c
        for c in state.hands[state.active]
        if not c.startswith("SNL") and not state.check(Play(c)).legal
    )
    assert state.noah is not None
    docks = list(state.docks)
    docks[state.noah] = (*state.ferry, (heavy, noah.catalog.CARD_BY_ID[heavy].gender or "M"))
    laid = replace(state, docks=tuple(docks))
    scene = NoahScene()
    scene.follow(state)
    tables = [scene.tags(state), scene.tags(laid), scene.tags(state)]
    watcher = Watcher(t, state)
    judged = watcher.follow(film(camera(), tables.__getitem__, [0, 1, 2], seed=4))
    assert len(judged) == 1 and isinstance(judged[0].result, Refused)
    assert judged[0].result.code == state.check(Play(heavy)).code
    assert judged[0].result.reason == state.check(Play(heavy)).reason
    assert watcher.state is state and watcher.moves == []
    assert headline(judged[0].result) == "not allowed (see the page)"
    frame = camera().frame(tables[1])
    shown = overlay(frame, watcher)
    assert shown.shape == frame.shape and (shown[:20] != frame[:20]).any()


def test_follow_command_infers_the_moves_of_a_recorded_video(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = script()
    reaches = s.reaches(model())[:8]
    tags = script_tags(s.start, s.moves)
    stills = [0, *(last + 1 for _, last in reaches)]
    video = write_video(tmp_path / "table.avi", film(camera(), tags.__getitem__, stills, seed=5))
    args = ["--players", "Ann,Ben", "--seed", "11", "--window", "1", "--camera", str(video)]
    code = main(["follow", "noah", *args])
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    changes = [json.loads(line) for line in lines if line.startswith('{"frame"')]
    assert [c["kind"] for c in changes] == ["applied"] * len(reaches), changes
    end = reaches[-1][1] + 1
    summary = json.loads("\n".join(lines[len(changes) :]))
    assert summary["moves"][:end] == [m.notation() for m in s.moves[:end]]


def test_a_table_game_without_seed_follows_the_visible_moves() -> None:
    """No seed: the deal goes into hands as unknown cards; each card played names itself."""
    s, t = script(), model()
    phone = [
        Sent(str(s.before(i).to_move), m)
        for i, m in enumerate(s.moves)
        if t.view(s.states[i]) == t.view(s.before(i)) and m.TYPE not in ("deal", "steal")
    ]
    watcher = follow_views(t, s, noah.new_game(["Ann", "Ben"]), phone)
    seen = ("ferry", "place", "play", "take", "noah")
    assert [m.notation() for m in watcher.moves if m.TYPE in seen] == [
        m.notation() for m in s.moves if m.TYPE in seen
    ]
    assert watcher.state.to_json()["docks"] == s.states[-1].to_json()["docks"]


def test_follow_takes_the_phones_moves_from_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = script()
    reaches = s.reaches(model())
    end = reaches[-1][1] + 1
    hidden = list(s.hidden(model()))
    assert hidden  # a card given back, chosen on a phone
    moves = tmp_path / "phones.jsonl"
    moves.write_text(
        "".join(json.dumps({"player": h.player, "move": h.move.notation()}) + "\n" for h in hidden)
    )
    tags = script_tags(s.start, s.moves)
    stills = [0, *(last + 1 for _, last in reaches)]
    video = write_video(tmp_path / "table.avi", film(camera(), tags.__getitem__, stills, seed=5))
    args = ["--players", "Ann,Ben", "--seed", "11", "--window", "1", "--camera", str(video)]
    assert main(["follow", "noah", *args, "--moves", str(moves)]) == 0
    lines = capsys.readouterr().out.splitlines()
    changes = [json.loads(line) for line in lines if line.startswith('{"frame"')]
    assert [c["kind"] for c in changes] == ["applied"] * len(reaches), changes
    summary = json.loads("\n".join(lines[len(changes) :]))
    assert summary["moves"][:end] == [m.notation() for m in s.moves[:end]]
    moves.write_text('{"player": "Ann"}\n')
    assert main(["follow", "noah", *args, "--moves", str(moves)]) == 2
    assert "line 1 is not a phone's move" in capsys.readouterr().err


def test_a_phone_move_sent_while_the_game_goes_on_applies_once_its_turn_comes() -> None:
    """The phones send a move as its player makes it: sent before the game reaches it, it
    waits; sent when its player is to move, it is applied at once."""
    s, t = script(), model()
    (i, sent), *_ = s.phone_moves(t)
    early = Watcher(t, s.start)
    assert i > 0 and early.state is s.start
    early.send(sent)
    assert early.moves == [] and early.pending == [sent]
    watcher = Watcher(t, s.before(i))
    watcher.send(sent)
    assert watcher.moves[0] == sent.move and watcher.pending == []
    assert watcher.state.to_json()["hands"] == s.states[i].to_json()["hands"]
