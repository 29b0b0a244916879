"""Watching a Niagara table: canoes, cargo, weather and banks read from rendered frames of the
whole table under one 1080p camera, the hollows' heaps left uncounted, followed move by move."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

import pytest

from companion.photo_score import score_photo
from companion.watch.infer import Applied, Mismatch, Question, Refused, Sent, infer, settle
from companion.watch.loop import Watcher
from companion.watch.niagara import NiagaraTable
from companion.watch.photo import PhotoError
from engines import niagara
from engines.core import Move, State
from engines.niagara.board import COLOUR_NAMES, COLOURS, HOLLOW_AT, Canoe
from engines.niagara.bot import playout_move
from engines.niagara.catalog import BANK_MAX
from engines.niagara.moves import Paddle
from engines.niagara.state import NiagaraState
from testkit.camera import MatCamera, Shot
from testkit.scenes.niagara import table_tags
from testkit.video import Script, film, follow_answering, play
from tests.watch_support import follow_views, same_game
from vision.pipeline import read_frame
from vision.reading import Placement, TableReading


@cache
def model() -> NiagaraTable:
    return NiagaraTable()


SHOT_1080P = Shot(width=1920, height=1080, px_per_mm=1.6, module_mm=28 / 21)
"""A 1080p webcam over the whole table: 1.6 px/mm, the tags printed at 28 mm (2.1 px a
module)."""


@cache
def camera() -> MatCamera:
    """The river above the three players' bank mats, all in one 1920 x 1080 frame."""
    mats = [m for m in model().vision.mats if m.id in ("river", "bank1", "bank2", "bank3")]
    return MatCamera("niagara", mats, SHOT_1080P, rows=[["river"], ["bank1", "bank2", "bank3"]])


@cache
def script() -> Script:
    """A seeded three-player game played to its end by the engine's playout policy: two
    players meet a goal in the last round (one banks eight gems), the gem value parts them."""
    start = niagara.new_game(["Ann", "Ben", "Cy"], options={"tiebreak": "gem_value"}, seed=4)
    return play(start, 400, seed=4, choose=playout_move)


def _niagara(state: State) -> NiagaraState:
    assert isinstance(state, NiagaraState)
    return state


def _busiest() -> NiagaraState:
    """The state of the script with the most canoes loaded and gems banked, one of its empty
    canoes lost over the falls."""

    def busy(state: NiagaraState) -> int:
        loaded = sum(c.gem is not None for fleet in state.canoes for c in fleet)
        return 3 * loaded + len("".join(state.banks))

    state = max(map(_niagara, script().states), key=busy)
    fleets = [list(fleet) for fleet in state.canoes]
    seat, k = next((s, k) for s, f in enumerate(fleets) for k, c in enumerate(f) if c.gem is None)
    fleets[seat][k] = Canoe("LOST")
    return replace(state, canoes=tuple(tuple(f) for f in fleets))


def test_what_the_camera_reads_of_a_busy_table_is_the_view_of_the_state() -> None:
    """Gems on the hollows' heaps are read and left out: the view holds no hollow."""
    t, state = model(), _busiest()
    assert sum(c.gem is not None for fleet in state.canoes for c in fleet) >= 3
    assert any(state.banks)
    image = camera().frame(table_tags(state))
    assert image.shape[:2] == (1080, 1920)
    reading = read_frame(image, t.vision).reading
    heaps = {f"river.HOLLOW_{c}" for c, h in zip(COLOURS, state.hollows, strict=True) if h}
    assert len(heaps) >= 4 and {z for z in reading.zones if "HOLLOW" in z} == heaps
    assert t.read(reading) == t.view(state)
    assert "river.FALLS" in t.view(state)
    assert not any("HOLLOW" in z for z in t.view(state))


def test_the_fullest_slots_read_at_1080p() -> None:
    """Five players: six loaded canoes crowd M3 while the other four lie on the falls; then all
    ten canoes wait at home."""
    t = model()
    start = niagara.new_game(["Ann", "Ben", "Cy", "Dee", "Eve"], seed=1)
    cargo = iter("VWYBPV")
    fleets = tuple(
        tuple(Canoe("M3", next(cargo)) if seat < 3 else Canoe("LOST") for _ in range(2))
        for seat in range(5)
    )
    crowded = replace(start, canoes=fleets)
    for state in (crowded, start):
        reading = read_frame(camera().frame(table_tags(state)), t.vision).reading
        assert t.read(reading) == t.view(state)
    assert len(t.view(crowded)["river.M3"]) == 6 and len(t.view(crowded)["river.FALLS"]) == 4
    assert len(t.view(start)["river.HOME"]) == 10


def test_filmed_game_is_followed_move_for_move() -> None:
    """Twenty-five changes on the table, each filmed with hands passing over it at 1080p; the
    paddles laid face down come from the phones, a question (which canoe unloaded) is answered
    as the players would."""
    s, t = script(), model()
    reaches = s.reaches(t)[:25]
    shown = " ".join(m.notation() for m in s.moves[: reaches[-1][1] + 1])
    assert all(word in shown for word in ("arm", "cloud", "*", "+"))  # flow, weather, robbery, load
    assert any(_niagara(s.states[last]).banks[0] for _, last in reaches)  # gems banked
    stills = [0, *(last + 1 for _, last in reaches)]
    states = [s.start, *s.states]
    watcher = Watcher(t, s.start, list(s.hidden(t)))
    frames = film(camera(), lambda i: table_tags(_niagara(states[i])), stills, seed=3)
    judged = follow_answering(watcher, frames, s)
    kinds = [type(j.result) for j in judged]
    assert set(kinds) <= {Applied, Question} and kinds.count(Applied) >= 20, judged
    assert len(judged) == len(reaches)
    end = reaches[-1][1] + 1
    assert [m.notation() for m in watcher.moves[:end]] == [m.notation() for m in s.moves[:end]]
    assert watcher.state.to_json() == s.states[len(watcher.moves) - 1].to_json()


def test_filmed_canoe_moved_further_than_any_paddle_does_not_add_up() -> None:
    """A launch straight to L7: seven spaces, one more than the 6 paddle."""
    t = model()
    state = next(
        st
        for st in map(_niagara, script().states)
        if st.phase == "act" and st.canoes[st.seat][0].slot == "HOME"
    )
    fleets = list(state.canoes)
    fleets[state.seat] = (Canoe("L7"), fleets[state.seat][1])
    pushed = replace(state, canoes=tuple(fleets))
    tables = [table_tags(state), table_tags(pushed)]
    watcher = Watcher(t, state)
    judged = watcher.follow(film(camera(), tables.__getitem__, [0, 1], seed=4))
    assert len(judged) == 1 and isinstance(judged[0].result, Mismatch)
    n = state.seat + 1
    assert judged[0].result.lines == (
        f"Canoe 1 of set {n} left the landing",
        f"Canoe 1 of set {n} arrived on space 7 of the left arm",
    )
    set_zh = "一二三四五"[state.seat]
    assert judged[0].result.lines_zh == (
        f"第{set_zh}組 獨木舟1離開了岸邊",
        f"第{set_zh}組 獨木舟1來到左支流第 7 格",
    )
    assert watcher.state is state and watcher.moves == []


def test_a_whole_game_is_followed_and_same_route_canoes_ask_which_dropped_the_gem() -> None:
    s = script()
    assert s.states[-1].is_over
    answers: list[int] = []
    watcher = follow_views(NiagaraTable(), s, answers=answers)
    same_game(watcher, s)
    assert answers and all(n >= 2 for n in answers)


def test_an_answered_question_uses_up_the_paddles_the_phones_sent_with_it() -> None:
    """Four players: two canoes come home from M4 together and one of them had loaded the
    clear gem it banks; the round's last act, so the candidates carry the next round's
    face-down paddles, which the answer takes from the phones' queue."""
    start = niagara.new_game(["Ann", "Ben", "Cy", "Di"], options={"tiebreak": "gem_value"}, seed=3)
    s = play(start, 600, seed=3, choose=playout_move)
    answers: list[int] = []
    watcher = follow_views(NiagaraTable(), s, answers=answers)
    same_game(watcher, s)
    assert answers and watcher.pending == []
    asked = [j.result for j in watcher.judged if isinstance(j.result, Question)]
    assert any(max(q.used) > 0 for q in asked)


def test_a_canoe_put_down_where_no_paddle_took_it_does_not_add_up() -> None:
    t = NiagaraTable()
    start = niagara.new_game(["Ann", "Ben", "Cy"], seed=1)
    view = dict(t.view(start))
    home = tuple(p for p in view["river.HOME"] if p != "C11")
    result = infer(t, start, {**view, "river.HOME": home, "river.M4": ("C11",)})
    assert isinstance(result, Mismatch)
    assert "Canoe 1 of set 1 arrived on river space 4" in result.lines


def test_a_gem_at_a_canoes_right_rides_in_it_and_no_other_does() -> None:
    quad = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))

    def at(piece: str, zone: str, x: float, y: float) -> Placement:
        return Placement(piece, quad, mat="river", mm=(x, y), zone=zone)

    placements = (
        at("C11", "river.M2", 100.0, 100.0),
        at("GY1", "river.M2", 137.0, 102.0),  # right of C11, between it and C21: C11's
        at("C21", "river.M2", 172.0, 100.0),
        at("C12", "river.M2", 100.0, 136.0),
        at("GW1", "river.M2", 100.0, 172.0),  # below C12: loose on the river
        at("C22", "river.M3", 400.0, 100.0),
        at("GV1", "river.HOLLOW_V", 436.0, 100.0),  # on the heap beside C22: not counted
        at("GB1", "river.HOLLOW_B", 500.0, 300.0),
        at("WEATHER", "river.WEATHER+1", 600.0, 100.0),
    )
    zones: dict[str, tuple[str, ...]] = {}
    for p in placements:
        assert p.zone is not None
        zones[p.zone] = (*zones.get(p.zone, ()), p.piece)
    reading = TableReading("niagara", zones, placements=placements)
    assert NiagaraTable().read(reading) == {
        "river.M2": ("C11+Y", "C12", "C21", "GEM-W"),
        "river.M3": ("C22",),
        "river.WEATHER+1": ("WEATHER",),
    }


@cache
def long_game() -> Script:
    """A seeded three-player game of 514 moves: canoes lost with their gems and bought back."""
    start = niagara.new_game(["Ann", "Ben", "Cy"], options={"tiebreak": "gem_value"}, seed=9)
    return play(start, 600, seed=9, choose=playout_move)


def _changes() -> dict[str, list[tuple[NiagaraState, Move]]]:
    """Visible moves of the long game by what they do to the gems."""
    s, t = long_game(), model()
    out: dict[str, list[tuple[NiagaraState, Move]]] = {}
    for i, move in enumerate(s.moves):
        before, after = _niagara(s.before(i)), _niagara(s.states[i])
        if t.view(before) == t.view(after):
            continue
        text = move.notation()
        kinds = {
            "load": re.search(r"\+[VWYBP]", text) is not None,
            "unload": re.search(r"-[VWYBP]", text) is not None,
            "rob": "*" in text,
            "bank": len("".join(after.banks)) > len("".join(before.banks)),
            "pay back": "buy:" in text,
            "lost with its gem": any(
                b.gem is not None and a.slot == "LOST" != b.slot
                for fb, fa in zip(before.canoes, after.canoes, strict=True)
                for b, a in zip(fb, fa, strict=True)
            ),
        }
        for kind, hit in kinds.items():
            if hit:
                out.setdefault(kind, []).append((before, move))
    return out


def _explained(state: NiagaraState, move: Move) -> bool:
    """True when the table after ``move`` is that move alone, or a question that offers it."""
    result = infer(model(), state, model().view(state.apply(move)))
    if isinstance(result, Applied):
        return result.moves[:1] == (move,)
    return isinstance(result, Question) and any(c[:1] == (move,) for c in result.candidates)


def test_every_change_of_the_gems_is_one_move_or_a_question_never_a_guess() -> None:
    """Loading, unloading, a swap, robbing, banking at home, a lost canoe's gem back in its
    hollow and a banked gem paid for a canoe: the hollows unseen, each still explained."""
    changes = _changes()
    assert set(changes) == {"load", "unload", "rob", "bank", "pay back", "lost with its gem"}
    for kind, seen in changes.items():
        for state, move in seen[:4]:
            assert _explained(state, move), (kind, move.notation())
    swaps = [
        (state, m)
        for state, _ in changes["unload"][:6]
        for m in state.legal_moves()
        if re.search(r"-[VWYBP]\+[VWYBP]", m.notation())
    ]
    assert swaps
    for state, move in swaps[:4]:
        assert _explained(state, move), move.notation()


def test_a_gem_loaded_and_not_read_is_a_piece_not_read_of_its_canoe() -> None:
    """Loads that leave a loaded canoe on the river, each seen with the gem's tag not read (a
    symbol seen on the canoe's slot): the canoe alone there is the loaded canoe read in part,
    so the load is still explained; without the symbol it is not."""
    t = model()
    tried = 0
    for state, move in _changes()["load"]:
        after, before = t.view(state.apply(move)), t.view(state)
        arrived = [(z, p) for z, ps in after.items() for p in ps if "+" in p]
        arrived = [(z, p) for z, p in arrived if p not in before.get(z, ())]
        if not arrived or tried == 6:
            continue
        tried += 1
        zone, canoe = arrived[0]
        alone = tuple(sorted(canoe.partition("+")[0] if p == canoe else p for p in after[zone]))
        seen = {**after, zone: alone}
        result = infer(t, state, seen, unread={zone: 1})
        firsts = (
            [result.moves[:1]]
            if isinstance(result, Applied)
            else [c[:1] for c in result.candidates]
            if isinstance(result, Question)
            else []
        )
        assert (move,) in firsts, (move.notation(), result)
        assert not isinstance(infer(t, state, seen), Applied)
    assert tried == 6


def test_a_gem_of_a_colour_the_hollow_lacks_is_refused_and_one_where_none_loads_is_told() -> None:
    """A canoe that stays on its slot and loads can only have taken that hollow's gems."""
    t = model()
    state, move, plan = next(
        (st, m, p)
        for st in map(_niagara, long_game().states)
        if st.phase == "act"
        for m in st.legal_moves()
        if isinstance(m, Paddle)
        for p in m.canoes
        if p.start == p.end and p.post and all(op[0] == "+" for op in p.post)
    )
    hollow = state.hollows[HOLLOW_AT[plan.start]]
    wrong = next(c for c in COLOURS if c not in hollow)
    name, loaded = f"C{state.seat + 1}{plan.canoe}", plan.post[0][1]
    seen = {
        z: tuple(sorted(p.replace(f"{name}+{loaded}", f"{name}+{wrong}") for p in ps))
        for z, ps in t.view(state.apply(move)).items()
    }
    result = infer(t, state, seen)
    assert isinstance(result, Refused) and result.code == "niagara.load_missing", result
    assert f"holds no {COLOUR_NAMES[wrong]['en']} gem" in result.reason
    start = niagara.new_game(["Ann", "Ben", "Cy"], seed=1)
    view = dict(t.view(start))
    home = tuple(p for p in view["river.HOME"] if p != "C11")
    result = infer(t, start, {**view, "river.HOME": home, "river.M1": ("C11+V",)})
    assert isinstance(result, Mismatch)
    assert "Canoe 1 of set 1 carrying a violet gem arrived on river space 1" in result.lines
    assert "載著紫色寶石的第一組 獨木舟1來到河道第 1 格" in result.lines_zh


def test_end_photo_of_the_table_scores_the_banked_gems_as_the_engine() -> None:
    end = script().states[-1]
    assert isinstance(end, NiagaraState) and end.is_over
    image = camera().frame(table_tags(end))
    outcome = end.outcome()
    assert outcome is not None and len(outcome.ranking) == 3 and outcome.tiebreak
    assert max(len(bank) for bank in end.banks) == BANK_MAX
    assert score_photo("niagara", image, end.players, end) == outcome
    shared = score_photo("niagara", image, end.players)  # without the game: the default
    assert shared.ranking[0] == tuple(p for p, s in outcome.scores.items() if s)
    with pytest.raises(PhotoError, match="not over"):
        score_photo("niagara", camera().frame(table_tags(script().start)), end.players)


def test_a_phone_move_applies_only_for_the_player_who_sent_it() -> None:
    """Every player may choose paddle 1: Ben's choice sent while Ann chooses waits for Ben."""
    t = NiagaraTable()
    state = niagara.new_game(["Ann", "Ben", "Cy"], seed=1)
    one = state.legal_moves()[0]
    assert state.to_move == "Ann" and t.view(state.apply(one)) == t.view(state)
    assert settle(t, state, [Sent("Ben", one)])[1:] == ((), 0)
    after, done, used = settle(t, state, [Sent("Ann", one), Sent("Ben", one)])
    assert (done, used, after.to_move) == ((one, one), 2, "Cy")
