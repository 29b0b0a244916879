"""Watching a Niagara river, view by view: canoes, cargo, hollows and weather followed."""

from __future__ import annotations

from companion.watch.infer import Mismatch, infer
from companion.watch.niagara import NiagaraTable
from companion.watch.video import play
from engines import niagara
from engines.niagara.bot import playout_move
from tests.watch_support import follow_views, same_game
from vision.reading import Placement, TableReading


def test_a_whole_game_is_followed_and_same_route_canoes_ask_which_dropped_the_gem() -> None:
    s = play(niagara.new_game(["Ann", "Ben", "Cy"], seed=2), 400, seed=2, choose=playout_move)
    assert s.states[-1].is_over
    answers: list[int] = []
    watcher = follow_views(NiagaraTable(), s, answers=answers)
    same_game(watcher, s)
    assert answers and all(n >= 2 for n in answers)


def test_a_canoe_put_down_where_no_paddle_took_it_does_not_add_up() -> None:
    t = NiagaraTable()
    start = niagara.new_game(["Ann", "Ben", "Cy"], seed=1)
    view = dict(t.view(start))
    home = tuple(p for p in view["river.HOME"] if p != "C11")
    result = infer(t, start, {**view, "river.HOME": home, "river.M4": ("C11",)})
    assert isinstance(result, Mismatch)
    assert "canoe C11 arrived on river space M4" in result.lines


def test_a_gem_lying_on_a_canoe_rides_in_it_and_a_loose_one_does_not() -> None:
    quad = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))

    def at(piece: str, zone: str, x: float, y: float) -> Placement:
        return Placement(piece, quad, mat="river", mm=(x, y), zone=zone)

    placements = (
        at("C11", "river.M2", 100.0, 100.0),
        at("GY1", "river.M2", 100.0, 126.0),
        at("C21", "river.M2", 127.0, 100.0),
        at("GV1", "river.HOLLOW_V", 300.0, 100.0),
        at("WEATHER", "river.WEATHER+1", 400.0, 100.0),
    )
    zones: dict[str, tuple[str, ...]] = {}
    for p in placements:
        assert p.zone is not None
        zones[p.zone] = (*zones.get(p.zone, ()), p.piece)
    reading = TableReading("niagara", zones, placements=placements)
    assert NiagaraTable().read(reading) == {
        "river.HOLLOW_V": ("GEM-V",),
        "river.M2": ("C11+Y", "C21"),
        "river.WEATHER+1": ("WEATHER",),
    }
