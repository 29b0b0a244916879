"""Option ``race = by_hand``: the player who triggered a race phase moves the pawns, checked.

Worked examples 5 and 6 of docs/rules/hare_tortoise.md §9 (the lamb and the
streams), and the other placements the engine refuses with their codes.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from cli import main
from engines.core import InvalidState
from engines.hare_tortoise import load_state, new_game, parse_move
from engines.hare_tortoise.moves import Draw, Play, Race
from engines.hare_tortoise.state import HareState
from tests.hare_tortoise.helpers import at_race, draw_last, where

BY_HAND = {"race": "by_hand"}


def due(**kwargs: Any) -> HareState:
    """The state once the refill ends ann's turn on a race, with the pawns still to move."""
    state = draw_last(at_race(options=BY_HAND, **kwargs))
    assert state.phase == "race" and state.to_move == "ann"
    return state


def refused(state: HareState, move: Race) -> tuple[str | None, str | None]:
    verdict = state.check(move)
    assert not verdict
    return verdict.code, verdict.reason


def test_race_waits_for_the_player_with_the_cards_still_out() -> None:
    state = due(table=["L", "L", "L", "F", "F", "F", "F"], positions={"lamb": 2})
    assert len(state.table) == 7 and state.positions == (0, 0, 0, 0, 2) and not state.events
    assert state.legal_moves() == (Race((0, 1, 0, 4, 4)),)
    assert refused(state, Play(("H",)))[0] == "hare_tortoise.wrong_phase"
    assert "ann must move the pawns" in str(refused(state, Play(("H",)))[1])


def test_example_5_the_lamb_stops_at_the_stream_it_enters() -> None:
    state = due(table=["L", "L", "L", "F", "F", "F", "F"], positions={"lamb": 2})
    after = state.apply(Race((0, 1, 0, 4, 4)))
    assert where(after)["lamb"] == 4 and after.phase == "play" and after.turn == 1
    assert after.table == () and sum(after.discard) == 7
    assert after.events[0].data["animals"][4]["reason"] == "stream"
    assert refused(state, Race((0, 1, 0, 4, 6))) == (
        "hare_tortoise.lamb_stream",
        "the lamb must stop to drink at the stream on space 4; it was put on space 6",
    )


def test_example_6_the_lamb_leaves_its_own_stream_and_stops_at_the_next() -> None:
    state = due(table=["L", "L", "F", "F", "F", "F"], positions={"lamb": 4})
    assert state.legal_moves() == (Race((0, 1, 0, 4, 7)),)
    assert refused(state, Race((0, 1, 0, 4, 4))) == (
        "hare_tortoise.race_distance",
        "the lamb must move 3 spaces (2 lamb cards), from space 4 to space 7; "
        "it was put on space 4",
    )
    state = due(table=["L"] * 4, positions={"lamb": 6})
    assert state.legal_moves() == (Race((0, 1, 0, 0, 9)),)
    assert refused(state, Race((0, 1, 0, 0, 11))) == (
        "hare_tortoise.lamb_stream",
        "the lamb must stop to drink at the stream on space 9; it was put on space 11",
    )


def test_a_pawn_moved_the_wrong_distance_says_which_how_far_and_why() -> None:
    state = due(table=["L", "L", "L", "F", "F", "F", "F"], positions={"lamb": 2})
    assert refused(state, Race((0, 1, 0, 3, 4))) == (
        "hare_tortoise.race_distance",
        "the fox must move 4 spaces (4 fox cards), from the start line to space 4; "
        "it was put on space 3",
    )
    assert refused(state, Race((0, 0, 0, 4, 4)))[1] == (
        "the tortoise must move 1 space (0 tortoise cards), from the start line to space 1; "
        "it was put on the start line"
    )
    nap = due(table=["H"] * 4, positions={"hare": 5, "tortoise": 3, "wolf": 5, "fox": 2})
    assert refused(nap, Race((7, 4, 5, 2, 0)))[1] == (
        "the hare must stay on space 5 (it naps: 4 hare cards while it leads); "
        "it was put on space 7"
    )


def test_the_podium_follows_the_resolution_order() -> None:
    state = due(table=["H", "F", "F", "F", "F"], positions={"hare": 10, "tortoise": 5, "fox": 9})
    assert state.legal_moves() == (Race((12, 6, 0, 12, 0), ("H", "F")),)
    assert refused(state, Race((12, 6, 0, 12, 0), ("F", "H"))) == (
        "hare_tortoise.podium_order",
        "the podium shows fox, hare; the animals reached it in the order hare, fox "
        "(the race resolves hare, tortoise, wolf, fox, lamb)",
    )
    assert refused(state, Race((12, 6, 0, 12, 0), ("H",)))[0] == "hare_tortoise.bad_race"
    assert refused(state, Race((12, 6, 0, 11, 0), ("H",)))[1] == (
        "the fox must move 4 spaces (4 fox cards) from space 9 past the finish to "
        "podium place 2; it was put on space 11"
    )


def test_the_race_move_reads_and_writes_its_notation_and_json() -> None:
    move = Race((12, 6, 0, 12, 0), ("H", "F"))
    assert move.notation() == "race 12 6 0 12 0 podium H F"
    assert parse_move("race 12 6 0 12 0 podium h f") == move
    assert parse_move(move.to_json()) == move
    assert parse_move("race 1 2 3 4 5") == Race((1, 2, 3, 4, 5))
    for text in ("race 1 2 3", "race 1 2 3 4 13", "race 1 2 3 4 5 podium X", "race a b"):
        with pytest.raises(ValueError):
            parse_move(text)


def _walk(options: dict[str, str], seed: int) -> list[HareState]:
    state = new_game(["ann", "bob", "cy"], options=options, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        move = state.chance_move() or rng.choice(state.legal_moves())
        state = state.apply(move)
        states.append(state)
    return states


def test_a_game_by_hand_races_exactly_as_the_engine_does() -> None:
    """Every race of a seeded game by hand equals the automatic race on the same table."""
    races = 0
    for seed in range(2):
        states = _walk({**BY_HAND, "stream_positions": "random"}, seed)
        for before, state, after in zip(states, states[1:], states[2:], strict=False):
            assert HareState.from_json(state.to_json()) == state
            if state.phase != "race":
                continue
            races += 1
            (move,) = state.legal_moves()
            assert parse_move(move.notation()) == move
            draw = before.chance_move()
            assert isinstance(draw, Draw)
            auto = dataclasses.replace(before, options={**before.options, "race": "auto"})
            done = auto.apply(draw)
            assert done.positions == after.positions and done.podium == after.podium
            assert done.phase == after.phase and done.turn == after.turn
            assert done.discard == after.discard and done.events == after.events
        assert states[-1].outcome() is not None
    assert races >= 10


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hare_tortoise" / "race_by_hand.json"


def test_the_example_refuses_the_lamb_past_the_stream_on_the_command_line() -> None:
    """The lamb starts on the stream at 3 (it leaves it) and must stop at the one at 5."""
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["check", "hare_tortoise", str(EXAMPLE), "race 6 4 2 1 7"])
    assert code != 0
    assert json.loads(out.getvalue())["code"] == "hare_tortoise.lamb_stream"
    assert "stream on space 5; it was put on space 7" in json.loads(out.getvalue())["reason"]
    state = load_state(EXAMPLE.read_text(encoding="utf-8"))
    assert [m.notation() for m in state.legal_moves()] == ["race 6 4 2 1 5"]


def test_a_race_phase_needs_the_option_and_a_full_table() -> None:
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    with pytest.raises(InvalidState, match="race = by_hand"):
        load_state({**doc, "options": {**doc["options"], "race": "auto"}})
    doc["discard"]["T"] += 1
    doc["table"][0]["cards"].remove("T")
    with pytest.raises(InvalidState, match="8 cards or 4 of one animal"):
        load_state(doc)
