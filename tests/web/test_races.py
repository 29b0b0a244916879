"""Two phones submitting for the same turn at once, over real HTTP on a threaded server.

Exactly one move applies; the other phone gets 409 with the reason and the
table as it stands now (its version, view and moves), so it can choose again.
The version each submission names is the optimistic lock on the event log.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.sessions import TableStore
from tests.web.phone import Answer, Phone, serving

PLAYERS = ["ann", "bob", "cy"]


@pytest.fixture
def port(tmp_path: Path) -> Iterator[tuple[int, TableStore]]:
    config = {"DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "race", "TESTING": True}
    with serving(config) as (number, app):
        yield number, app.extensions["tables"]


def at_once(port: int, requests: list[tuple[str, dict[str, object]]]) -> list[Answer]:
    """POST every ``(path, json)`` from its own phone, released together by a barrier."""
    phones = [Phone(port).join() for _ in requests]
    barrier = threading.Barrier(len(requests))
    answers: list[Answer | None] = [None] * len(requests)

    def tap(i: int) -> None:
        path, body = requests[i]
        barrier.wait()
        answers[i] = phones[i].post_json(path, body)

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(len(requests))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    for phone in phones:
        phone.close()
    assert all(a is not None for a in answers)
    return [a for a in answers if a is not None]


def test_one_seat_on_two_phones_applies_once(port: tuple[int, TableStore]) -> None:
    number, store = port
    for seed in range(3):  # a few rounds: the race goes either way
        table = store.create("noah", PLAYERS, seed=seed)
        mover = str(table.state.to_move)
        token = next(s.token for s in table.seats if s.player == mover)
        path = f"/t/{table.id}/seat/{token}/move"
        moves = table.state.legal_moves()
        first, second = moves[0].to_json(), moves[-1].to_json()
        answers = at_once(
            number, [(path, {"move": first, "version": 0}), (path, {"move": second, "version": 0})]
        )
        assert sorted(a.status for a in answers) == [200, 409]
        won = next(a for a in answers if a.status == 200).json()
        lost = next(a for a in answers if a.status == 409).json()
        assert lost["error"] == "Conflict" and "changed while you chose" in lost["reason"]
        # The loser sees the table as it is now: the winner's move applied.
        assert lost["current"]["version"] == 1 == won["version"]
        assert lost["current"]["view"] == won["view"]
        assert lost["current"]["history"] == won["history"]
        assert store.version(table.id) == 1


def test_two_seats_entering_one_chance_outcome_apply_once(port: tuple[int, TableStore]) -> None:
    number, store = port
    table = store.create("noah", PLAYERS)  # the table deals: anyone may say what was drawn
    outcome = table.state.legal_moves()[0].to_json()
    paths = [f"/t/{table.id}/seat/{s.token}/move" for s in table.seats]
    answers = at_once(number, [(p, {"move": outcome, "version": 0}) for p in paths])
    assert sorted(a.status for a in answers) == [200, 409, 409]
    for lost in (a.json() for a in answers if a.status == 409):
        assert lost["current"]["version"] == 1
    after = store.load(table.id)
    assert after.version == 1 and len(after.history) == 1


def test_a_stale_page_gets_the_current_table(port: tuple[int, TableStore]) -> None:
    number, store = port
    table = store.create("noah", PLAYERS, seed=4)
    mover = str(table.state.to_move)
    seat = next(s for s in table.seats if s.player == mover)
    path = f"/t/{table.id}/seat/{seat.token}/move"
    phone = Phone(number).join()
    move = table.state.legal_moves()[0].to_json()
    assert phone.post_json(path, {"move": move, "version": 0}).status == 200
    stale = phone.post_json(path, {"move": move, "version": 0})
    assert stale.status == 409
    assert stale.json()["current"]["version"] == 1
    assert stale.json()["current"]["to_move"] == store.load(table.id).state.to_move
    # The form (a phone without scripts) gets its page again, showing the table now.
    form = phone.request(
        "POST",
        path,
        body=f"csrf_token={phone.csrf}&move=x&version=0".encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert form.status == 409 and "changed while you chose" in form.text
    assert 'data-version="1"' in form.text
    phone.close()
    assert store.version(table.id) == 1
