"""Tables as an append-only log: replay, versions, turns, undo, restart, chance (both backends)."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest

from companion.sessions import (
    DEALER,
    HOST,
    Conflict,
    Forbidden,
    NothingToUndo,
    TableNotFound,
    TableStore,
    check,
    new_table_id,
)
from engines.core import CHANCE, GameOver, IllegalMove, InvalidMove, InvalidSetup, InvalidState

PLAYERS = ["ann", "bob", "cy"]


@pytest.fixture
def store(database: str) -> Iterator[TableStore]:
    """A store on each backend (``tests/conftest.py``: SQLite, then PostgreSQL)."""
    made = TableStore(database)
    yield made
    made.close()


def first_move(store: TableStore, table_id: str) -> tuple[str, dict[str, object]]:
    table = store.load(table_id)
    return str(table.state.to_move), table.state.legal_moves()[0].to_json()


def test_a_seeded_table_deals_itself_and_waits_for_a_player(store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=3)
    assert table.state.to_move in PLAYERS
    assert table.version == 0
    assert table.history and all(step.actor == DEALER for step in table.history)
    assert len({s.token for s in table.seats}) == 3
    assert all(len(s.token) >= 40 for s in table.seats)
    assert table.seat_by_token(table.seats[1].token) == table.seats[1]
    assert table.seat_by_token("x" * 43) is None
    assert table.is_host(table.host_token) and not table.is_host(table.seats[0].token)


def test_moves_replay_after_a_restart(database: str) -> None:
    path = database
    store = TableStore(path)
    table = store.create("noah", PLAYERS, seed=5, options={"end_at_26": "on"})
    for _ in range(6):
        who, move = first_move(store, table.id)
        table = store.submit(table.id, move, actor=who, version=table.version)
    store.close()
    reopened = TableStore(path)
    again = reopened.load(table.id)
    reopened.close()
    assert again.state == table.state
    assert again.version == 6
    assert again.options["end_at_26"] == "on"
    assert [s.move for s in again.history] == [s.move for s in table.history]


def test_a_stale_version_is_refused_so_one_turn_applies_once(store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=1)
    who, move = first_move(store, table.id)
    store.submit(table.id, move, actor=who, version=0)
    with pytest.raises(Conflict, match="changed while you chose"):
        store.submit(table.id, move, actor=who, version=0)
    assert store.version(table.id) == 1


def test_two_racing_submissions_apply_once(store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=1)
    who, move = first_move(store, table.id)
    results: list[str] = []

    def tap() -> None:
        try:
            store.submit(table.id, move, actor=who, version=0)
            results.append("ok")
        except (Conflict, IllegalMove):
            results.append("refused")

    threads = [threading.Thread(target=tap) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["ok", "refused", "refused", "refused"]
    assert store.version(table.id) == 1


def test_only_the_player_to_move_may_move(store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    who, move = first_move(store, table.id)
    other = next(p for p in PLAYERS if p != who)
    with pytest.raises(Forbidden, match=f"it is {who}'s turn, not {other}'s"):
        store.submit(table.id, move, actor=other, version=0)
    with pytest.raises(Forbidden, match="not the host's"):
        store.submit(table.id, move, actor=HOST, version=0)


def test_illegal_and_unreadable_moves_carry_their_reason(store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=2)
    who = str(table.state.to_move)
    with pytest.raises(InvalidMove):
        store.submit(table.id, "fly to the moon", actor=who, version=0)
    with pytest.raises(IllegalMove) as err:
        store.submit(table.id, {"type": "noah", "dock": 1}, actor=who, version=0)
    assert err.value.code.startswith("noah.")
    assert store.version(table.id) == 0


def test_undo_takes_back_the_last_move_and_is_logged(store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=4)
    start = table.state
    with pytest.raises(NothingToUndo):
        store.undo(table.id, version=0)
    who, move = first_move(store, table.id)
    after = store.submit(table.id, move, actor=who, version=0)
    assert after.state != start
    undone = store.undo(table.id, version=1)
    assert undone.state == start
    assert undone.version == 2 and undone.undoable == 0
    with pytest.raises(Conflict):
        store.undo(table.id, version=1)


def test_a_table_game_waits_for_the_table_to_say_what_was_drawn(store: TableStore) -> None:
    table = store.create("noah", PLAYERS)
    assert table.state.to_move == CHANCE
    outcome = table.state.legal_moves()[0].to_json()
    after = store.submit(table.id, outcome, actor="bob", version=0)
    assert after.history[-1].actor == "bob"
    assert after.state.ply == 1


def test_a_finished_game_refuses_moves(store: TableStore) -> None:
    table = store.create("noah", ["ann", "bob"], seed=8)
    rng = random.Random(8)
    while table.state.to_move is not None:
        move = rng.choice(table.state.legal_moves()).to_json()
        table = store.submit(table.id, move, actor=str(table.state.to_move), version=table.version)
    assert table.state.outcome() is not None
    with pytest.raises(GameOver):
        store.submit(table.id, {"type": "take"}, actor="ann", version=table.version)


def test_resume_a_saved_state_and_refuse_another_games(store: TableStore) -> None:
    table = store.create("noah", PLAYERS, seed=9)
    saved = table.state.to_json()
    resumed = store.resume("noah", saved)
    assert resumed.state == table.state and resumed.id != table.id
    other = dict(saved, game="niagara")
    with pytest.raises(InvalidState, match="this is a state of 'niagara', not of 'noah'"):
        store.resume("noah", other)


def test_unknown_tables_and_bad_setups(store: TableStore) -> None:
    with pytest.raises(TableNotFound):
        store.load("nope")
    with pytest.raises(InvalidSetup):
        store.create("noah", ["solo"])
    with pytest.raises(InvalidSetup):
        store.create("chess", PLAYERS)
    assert store.tables() == []


def test_only_the_player_to_move_gets_a_verdict(store: TableStore) -> None:
    """A reason speaks to the player to move and may name that player's cards."""
    table = store.create("noah", PLAYERS, seed=21)
    who = str(table.state.to_move)
    other = next(p for p in PLAYERS if p != who)
    verdict = check(table, "take", actor=who)
    assert verdict["legal"] is False and verdict["code"] == "noah.must_play"
    with pytest.raises(Forbidden, match=f"it is {who}'s turn"):
        check(table, "take", actor=other)


def test_a_table_id_never_reads_as_an_option_on_the_command_line() -> None:
    """``companion follow --table ID``: an id starting with ``-`` would be taken for an option."""
    ids = [new_table_id() for _ in range(3000)]
    assert not [i for i in ids if i.startswith("-")]
    assert len(set(ids)) == len(ids)
    assert all(len(i) == 12 for i in ids)
