"""Watching an Animals on Board table: groups read from the centre, a game followed from
rendered frames, refusals."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from companion.watch.animals_on_board import CENTRE, UNREAD, AnimalsOnBoardTable, clusters
from companion.watch.infer import Applied, Refused, infer
from companion.watch.loop import Watcher
from engines import animals_on_board
from engines.animals_on_board.moves import Merge, Split
from engines.animals_on_board.state import AnimalsOnBoardState
from testkit.camera import MatCamera, Shot
from testkit.scenes.animals_on_board import centre_tags, table_tags
from testkit.video import Script, film, play
from tests.watch_support import follow_views, same_game
from vision.games import game_vision
from vision.pipeline import read_frame
from vision.reading import Placement

SHOT = Shot(px_per_mm=2.6, module_mm=28 / 21)
"""Tags printed at the default 28 mm (docs/printing.md), 3.5 px a module."""


@cache
def camera() -> MatCamera:
    """The centre and the three players' arks, in two rows."""
    mats = [m for m in game_vision("animals_on_board").mats if m.id != "ark4"]
    return MatCamera("animals_on_board", mats, SHOT, rows=[["centre", "ark1"], ["ark2", "ark3"]])


@cache
def script() -> Script:
    """A seeded three-player game from the first turn (the setup happens before watching)."""
    full = play(animals_on_board.new_game(["Ann", "Ben", "Cy"], seed=4), 3000, seed=4)
    k = next(i for i, s in enumerate(full.states) if getattr(s, "phase", "") == "play")
    return Script(full.states[k], full.moves[k + 1 :], full.states[k + 1 :])


def _split_centre() -> AnimalsOnBoardState:
    """The first state whose centre holds three groups or more."""
    for state in script().states:
        assert isinstance(state, AnimalsOnBoardState)
        if state.phase == "play" and len(state.groups) >= 3:
            return state
    raise AssertionError("the script never splits the centre in three")


def test_groups_are_read_from_where_the_tiles_lie() -> None:
    t = AnimalsOnBoardTable()
    state = _split_centre()
    mats = [m for m in t.vision.mats if m.id == "centre"]
    image = MatCamera("animals_on_board", mats, SHOT).frame(centre_tags(state))
    seen = t.read(read_frame(image, t.vision).reading)
    assert seen[CENTRE] == t.view(state)[CENTRE]
    assert len(seen[CENTRE]) == len([g for g in state.groups if g])


def test_every_split_take_draw_and_cut_is_inferred_as_the_script() -> None:
    s = script()
    assert s.states[-1].is_over
    same_game(follow_views(AnimalsOnBoardTable(), s), s)


def test_filmed_game_is_followed_move_for_move() -> None:
    """The whole game rendered with the real mats and 28 mm tags, hands passing over it."""
    s, t = script(), AnimalsOnBoardTable()
    reaches = s.reaches(t)
    assert len(reaches) >= 20
    states = [s.start, *s.states]
    stills = [0, *(last + 1 for _, last in reaches)]
    watcher = Watcher(t, s.start, list(s.hidden(t)))
    judged = watcher.follow(film(camera(), lambda i: table_tags(states[i]), stills, seed=3))
    assert all(isinstance(j.result, Applied) for j in judged), [j.result for j in judged]
    assert len(judged) == len(reaches)
    same_game(watcher, s)


def test_a_group_taken_without_the_food_is_refused_with_the_engines_code() -> None:
    t = AnimalsOnBoardTable()
    state = next(
        s
        for s in script().states
        if any(True for _ in t.physical_moves(s))
        and isinstance(s, AnimalsOnBoardState)
        and len(s.groups) >= 2
    )
    move, seen = next(iter(t.physical_moves(state)))
    result = infer(t, state, seen)
    assert isinstance(result, Refused)
    assert result.code == state.check(move).code == "animals_on_board.not_enough_food"


def test_two_groups_pushed_together_are_refused_as_a_merge() -> None:
    t = AnimalsOnBoardTable()
    state = _split_centre()
    view = dict(t.view(state))
    a, b, *rest = view[CENTRE]
    merged = "(" + "+".join(sorted(a[1:-1].split("+") + b[1:-1].split("+"))) + ")"
    view[CENTRE] = tuple(sorted([merged, *rest]))
    result = infer(t, state, view)
    assert isinstance(result, Refused), result
    assert isinstance(result.move, Merge) and result.code == "animals_on_board.merge"
    assert result.code == state.check(result.move).code
    assert len(result.move.part) == len(a[1:-1].split("+")) or len(result.move.part) == len(
        b[1:-1].split("+")
    )


def _merged(state: AnimalsOnBoardState) -> tuple[AnimalsOnBoardState, int, int]:
    """``state`` with the last tile of its first group of two or more face-up tiles laid with
    another group instead of on its own, and a food crate taken (a split gone wrong)."""
    g = next(i for i, tiles in enumerate(state.groups) if len(tiles) >= 2)
    h = next(i for i, tiles in enumerate(state.groups) if i != g and tiles)
    groups = list(state.groups)
    groups[h] = (*groups[h], groups[g][-1])
    groups[g] = groups[g][:-1]
    food = list(state.food)
    food[state.turn] += 1
    return replace(state, groups=tuple(groups), food=tuple(food)), g, h


def test_filmed_split_that_merges_groups_is_flagged_and_the_state_kept() -> None:
    """A tile split off one group but laid against another: refused with the engine's code;
    the table put back as it was is no change."""
    s, t = script(), AnimalsOnBoardTable()
    state = next(
        x
        for x in s.states
        if isinstance(x, AnimalsOnBoardState)
        and x.phase == "play"
        and sum(1 for g in x.groups if g) >= 2
        and any(len(g) >= 2 for g in x.groups)
    )
    wrong, g, h = _merged(state)
    tables = [table_tags(state), table_tags(wrong), table_tags(state)]
    watcher = Watcher(t, state)
    judged = watcher.follow(film(camera(), tables.__getitem__, [0, 1, 2], seed=4))
    assert len(judged) == 1 and isinstance(judged[0].result, Refused), judged
    refused = judged[0].result
    assert refused.code == "animals_on_board.merge"
    assert isinstance(refused.move, Merge)
    assert (refused.move.group, refused.move.into) == (g, h)
    assert refused.code == state.check(refused.move).code
    assert watcher.state is state and watcher.moves == []


def test_a_symbol_not_read_joins_its_group_as_a_tile() -> None:
    """Three touching tiles, the middle one not read: one group holding a tile not read,
    not two groups."""
    placed = [
        Placement(piece, ((0, 0), (1, 0), (1, 1), (0, 1)), "centre", (x, 100.0), zone=CENTRE)
        for piece, x in (("S1V1", 100.0), ("S2V1", 200.0))
    ]
    assert sorted(map(sorted, clusters(placed))) == [["S1V1"], ["S2V1"]]
    assert sorted(clusters(placed, unread=[(150.0, 100.0)])[0]) == ["?", "S1V1", "S2V1"]


def test_a_split_with_a_tile_not_read_is_the_split_its_symbols_fit() -> None:
    """Each split of the script, seen with one tile of a group it leaves not read (the symbol
    seen where it lies, in that group): the script's split, no question. Without the symbol
    the group read in part stands for no group of the split."""
    s, t = script(), AnimalsOnBoardTable()
    splits = [i for i, m in enumerate(s.moves) if isinstance(m, Split)]
    assert len(splits) >= 5
    for i in splits:
        before, after = s.before(i), s.states[i]
        view = dict(t.view(after))
        new = next(g for g in view[CENTRE] if g not in t.view(before)[CENTRE])
        tiles = new[1:-1].split("+")
        hidden = "(" + "+".join(sorted([*tiles[1:], UNREAD])) + ")"
        seen = {**view, CENTRE: tuple(sorted(hidden if g == new else g for g in view[CENTRE]))}
        result = infer(t, before, seen, unread={CENTRE: 1})
        assert isinstance(result, Applied), (i, result)
        assert result.moves[0] == s.moves[i]
        assert t.lacks(new, hidden) == 1
        assert t.lacks(new, "(" + "+".join(sorted(tiles[1:])) + ")") is None
