"""Watching a Hare and Tortoise table: view by view (the script, caps refused, pawns
misplaced) and from rendered frames of the race mat (a game raced by hand followed, a
lamb carried past a stream refused)."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest

from companion.watch.hare_tortoise import PAWNS, HareTable
from companion.watch.infer import Applied, Mismatch, Refused, Underway, infer
from companion.watch.loop import Watcher
from companion.watch.photo import PhotoError, score_hare_tortoise
from engines import hare_tortoise
from engines.hare_tortoise.catalog import ANIMALS as PAWN_NAMES
from engines.hare_tortoise.moves import Race
from engines.hare_tortoise.state import HareState
from testkit.camera import MatCamera, Shot
from testkit.scenes.hare_tortoise import script_tags, table_tags
from testkit.video import Script, film, play
from tests.watch_support import follow_views, same_game
from vision.pipeline import read_frame
from vision.reading import TableReading


@cache
def camera() -> MatCamera:
    """The race mat above the two players' played-card mats, tags of 1 mm modules."""
    mats = [m for m in HareTable().vision.mats if m.id in ("race", "z1", "z2")]
    return MatCamera("hare_tortoise", mats, Shot(), rows=[["race"], ["z1", "z2"]])


@cache
def by_hand() -> Script:
    """A seeded two-player game whose race phases the players move by hand."""
    start = hare_tortoise.new_game(["Ann", "Ben"], options={"race": "by_hand"}, seed=3)
    return play(start, 3000, seed=3)


@cache
def script() -> Script:
    return play(hare_tortoise.new_game(["Ann", "Ben", "Cy"], seed=3), 3000, seed=3)


def test_every_change_of_a_whole_game_is_inferred_as_the_script() -> None:
    s = script()
    assert s.states[-1].is_over
    same_game(follow_views(HareTable(), s), s)


def _crowded() -> HareState:
    """A turn where the player holds cards that would break a cap if laid out."""
    t = HareTable()
    for state in script().states:
        assert isinstance(state, HareState)
        if any(not state.check(m) for m, _ in t.physical_moves(state)):
            return state
    raise AssertionError("the script never reaches a crowded table")


def test_a_play_over_the_card_cap_is_refused_with_the_engines_code() -> None:
    t = HareTable()
    state = _crowded()
    refused = [(m, v) for m, v in t.physical_moves(state) if not state.check(m)]
    assert refused
    move, seen = refused[-1]
    watcher = Watcher(t, state)
    judged = watcher.judge(seen)
    assert judged is not None and isinstance(judged.result, Refused)
    assert judged.result.code == state.check(move).code
    assert judged.result.code.startswith("hare_tortoise.")
    assert watcher.state is state


def test_a_pawn_put_where_no_race_took_it_is_said_in_words() -> None:
    t = HareTable()
    state = _crowded()
    view = dict(t.view(state))
    lamb = PAWNS[4]
    where = next(z for z, p in view.items() if lamb in p)
    view[where] = tuple(p for p in view[where] if p != lamb)
    view["race.T9"] = tuple(sorted((*view.get("race.T9", ()), lamb)))
    result = infer(t, state, {z: p for z, p in view.items() if p})
    assert isinstance(result, Mismatch)
    assert "the lamb pawn arrived on space 9" in result.lines
    assert "綿羊棋子來到第 9 格" in result.lines_zh


def test_a_crowded_space_and_the_podium_read_as_the_state_shows_them() -> None:
    """All five pawns beside a tile on one space, cards in front of both players; and the
    end of the race, three pawns on the podium. The crowded space reads with tags of the
    default printed size too (28 mm, docs/printing.md)."""
    t, s = HareTable(), by_hand()
    middle = next(
        st
        for st in s.states
        if isinstance(st, HareState) and len({seat for seat, _ in st.table}) == 2
    )
    assert isinstance(middle, HareState)
    crowded = dataclasses.replace(middle, positions=(7,) * 5)
    end = s.states[-1]
    assert isinstance(end, HareState) and len(end.podium) == 3
    for state in (crowded, end):
        reading = read_frame(camera().frame(table_tags(state)), t.vision).reading
        assert t.read(reading) == t.view(state)
    big = [m for m in t.vision.mats if m.id == "race"]
    printed = MatCamera("hare_tortoise", big, Shot(module_mm=28 / 21))
    on_race = [tag for tag in table_tags(crowded) if tag.mat == "race"]
    reading = read_frame(printed.frame(on_race), t.vision).reading
    assert t.read(reading)["race.T7"] == t.view(crowded)["race.T7"]
    assert t.view(crowded)["race.T7"] == ("AF", "AH", "AL", "AT", "AW", "TILE")


def test_filmed_game_raced_by_hand_is_followed_move_for_move() -> None:
    """The whole game, the race mat and both played-card mats rendered with hands passing
    over them; the phones send the second bets; the track, every play and every race
    phase (podium finishes included) are inferred, and the game ends as the script's."""
    s, t = by_hand(), HareTable()
    reaches = s.reaches(t)
    assert len(reaches) >= 20 and s.states[-1].is_over
    assert sum(isinstance(m, Race) for m in s.moves) >= 10
    tags = script_tags(s.start, s.moves)
    stills = [0, *(last + 1 for _, last in reaches)]
    watcher = Watcher(t, s.start, list(s.hidden(t)))
    judged = watcher.follow(film(camera(), tags.__getitem__, stills, seed=3))
    assert all(isinstance(j.result, Applied) for j in judged), [j.result for j in judged]
    assert len(judged) == len(reaches)
    same_game(watcher, s)


def test_filmed_lamb_carried_past_a_stream_is_refused_and_the_state_kept() -> None:
    """The race is judged once the played cards are cleared: pawns moved while the cards
    still lie out do not add up yet; the lamb one space past its stream with the cards
    cleared is refused; put back on the stream, the race phase applies."""
    s, t = by_hand(), HareTable()
    k = next(
        i
        for i, m in enumerate(s.moves)
        if isinstance(m, Race) and s.states[i].events[0].data["animals"][4]["reason"] == "stream"
    )
    before, after = s.before(k), s.states[k]
    assert isinstance(before, HareState) and isinstance(after, HareState)
    stream = after.positions[4]
    carried = dataclasses.replace(after, positions=(*after.positions[:4], stream + 1))
    moving = dataclasses.replace(carried, table=before.table)
    tables = [table_tags(before), table_tags(moving), table_tags(carried), table_tags(after)]
    watcher = Watcher(t, before)
    judged = watcher.follow(film(camera(), tables.__getitem__, [0, 1, 2], seed=4))
    assert [type(j.result) for j in judged] == [Mismatch, Refused]
    refused = judged[1].result
    assert isinstance(refused, Refused) and refused.code == "hare_tortoise.lamb_stream"
    assert refused.reason == (
        f"the lamb must stop to drink at the stream on space {stream}; "
        f"it was put on space {stream + 1}"
    )
    assert watcher.state is before and watcher.moves == []
    judged = watcher.follow(film(camera(), tables.__getitem__, [2, 3], seed=5))
    assert [j.result.moves for j in judged if isinstance(j.result, Applied)] == [(s.moves[k],)]
    assert watcher.state.to_json()["positions"] == after.to_json()["positions"]


def test_a_race_half_moved_is_underway_not_flagged() -> None:
    """One pawn put where the race takes it, the others and the cards not yet: the players
    are still at it, so nothing is flagged and the state stays; the whole race then applies."""
    s, t = by_hand(), HareTable()
    k = next(i for i, m in enumerate(s.moves) if isinstance(m, Race))
    before, after = s.before(k), s.states[k]
    assert isinstance(before, HareState) and isinstance(after, HareState)
    moved = [a for a in range(5) if before.positions[a] != after.positions[a]]
    assert len(moved) >= 2
    one = moved[0]
    positions = tuple(after.positions[a] if a == one else p for a, p in enumerate(before.positions))
    half = dataclasses.replace(before, positions=positions)
    watcher = Watcher(t, before)
    judged = watcher.judge(t.view(half))
    assert judged is not None and isinstance(judged.result, Underway)
    assert f"the {PAWN_NAMES[one]} pawn left" in "; ".join(judged.result.lines)
    assert watcher.state is before
    done = watcher.judge(t.view(after))
    assert done is not None and isinstance(done.result, Applied)
    assert done.result.moves == (s.moves[k],)


def test_a_pawn_moved_the_wrong_way_mid_race_does_not_add_up() -> None:
    """Part of no legal move: a pawn put back towards the start while the race is due."""
    s, t = by_hand(), HareTable()
    k = next(
        i
        for i, m in enumerate(s.moves)
        if isinstance(m, Race) and any(p > 1 for p in s.before(i).positions)
    )
    before = s.before(k)
    assert isinstance(before, HareState)
    back = next(a for a, p in enumerate(before.positions) if p > 1)
    positions = tuple(p - 1 if a == back else p for a, p in enumerate(before.positions))
    result = infer(t, before, t.view(dataclasses.replace(before, positions=positions)))
    assert isinstance(result, Mismatch)


def test_an_end_photo_refused_names_mats_and_pawns_as_printed_not_by_id() -> None:
    """A layout that cannot be scored says which mat and which pawns, by the names the
    players see printed, never by a zone or piece id."""
    bet = next(c.id for c in hare_tortoise.CATALOG.components if "bet" in c.data)
    no_bet = TableReading("hare_tortoise", {"z1.played": (bet,), "z2.played": ()})
    with pytest.raises(PhotoError) as caught:
        score_hare_tortoise(no_bet, ["Ann", "Ben"], None)
    assert str(caught.value) == ("no starting bet is face up on Ben's mat (played cards, seat 2)")
    crowded = TableReading("hare_tortoise", {"race.podium1": ("AH", "AL")})
    with pytest.raises(PhotoError) as caught:
        score_hare_tortoise(crowded, ["Ann", "Ben"], None)
    assert str(caught.value) == "podium place 1 holds 2 pawns: hare pawn, lamb pawn"
