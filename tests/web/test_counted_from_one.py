"""Docks and groups as players count them: Noah's docks 1 to 5, Animals on Board's groups from 1.

The engines number both from 0 (their notation, JSON and the pages' data attributes keep
that); every page, drawing, move and refusal a person reads says them from 1, in English
and in Traditional Chinese.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

from companion.sessions import HOST, Table, TableStore
from engines.core import Move
from tests.web.conftest import csrf, seat_url
from tests.web.test_words import visible_text

LANGS = ("en", "zh-Hant")
PLAYERS = ["Ann", "Bob", "Cy"]


def played_until(store: TableStore, game: str, wanted: Callable[[Move], bool]) -> Table:
    """A seeded table played with random legal moves until its mover has a move ``wanted``."""
    table = store.create(game, PLAYERS, seed=5)
    rng = random.Random(5)
    for _ in range(400):
        moves = table.state.legal_moves()
        if any(wanted(m) for m in moves):
            return table
        mover = str(table.state.to_move)
        actor = mover if mover in PLAYERS else HOST
        table = store.submit(
            table.id, rng.choice(moves).to_json(), actor=actor, version=table.version
        )
    raise AssertionError(f"{game}: no such move in 400 moves")


def board_and_seat(client: FlaskClient, table: Table) -> tuple[str, str]:
    """The public board and the mover's seat page, as read."""
    urls = (f"/t/{table.id}", seat_url(table, str(table.state.to_move)))
    board, seat = (visible_text(client.get(url).get_data(as_text=True)) for url in urls)
    return board, seat


def assert_counted(text: str, said: str, last: int) -> None:
    """``text`` says ``said`` (a "{}" for the number) for 1 to ``last``, and never for 0."""
    assert all(said.format(n) in text for n in range(1, last + 1)), text
    assert said.format(0) not in text, text


def check_page(client: FlaskClient, table: Table, move: dict[str, object]) -> str:
    """The mover's seat page answering a check of ``move``, as read."""
    url = seat_url(table, str(table.state.to_move)) + "/check"
    answer = client.post(url, data={"csrf_token": csrf(client), "move": json.dumps(move)})
    return visible_text(answer.get_data(as_text=True))


@pytest.mark.parametrize("lang", LANGS)
def test_noah_says_docks_1_to_5_on_its_pages_and_refusals(
    client: FlaskClient, store: TableStore, lang: str
) -> None:
    client.set_cookie("lang", lang)
    table = played_until(store, "noah", lambda m: m.to_json()["type"] == "noah")
    board, seat = board_and_seat(client, table)
    assert_counted(board, "Dock {}" if lang == "en" else "碼頭 {}", 5)
    targets = sorted(
        m.to_json()["dock"] for m in table.state.legal_moves() if m.to_json()["type"] == "noah"
    )
    assert len(targets) == 2
    wrong = next(d for d in range(5) if d not in targets and d != table.state.view(None)["noah"])
    refused = check_page(client, table, {"type": "noah", "dock": wrong})
    a, b = (t + 1 for t in targets)
    if lang == "en":
        assert f"dock {a} or {b}, not {wrong + 1}" in refused, refused
    else:
        assert f"碼頭 {a} 或 {b}，不能移到 {wrong + 1}" in refused, refused
    moves = [
        f"Move Noah to dock {t + 1}" if lang == "en" else f"把挪亞移到碼頭 {t + 1}" for t in targets
    ]
    assert all(m in seat for m in moves), seat


@pytest.mark.parametrize("lang", LANGS)
def test_animals_on_board_says_groups_from_1_on_its_pages_and_refusals(
    client: FlaskClient, store: TableStore, lang: str
) -> None:
    client.set_cookie("lang", lang)
    table = played_until(store, "animals_on_board", lambda m: m.to_json()["type"] == "split")
    groups = len(table.state.view(None)["centre"])
    group = "Group {}" if lang == "en" else "第 {} 組"
    board, seat = board_and_seat(client, table)
    assert_counted(board, group, groups)
    assert_counted(seat, group, groups)
    refused = check_page(client, table, {"type": "take", "group": groups})
    if lang == "en":
        held = "group 1" if groups == 1 else f"groups 1 to {groups}"
        assert f"there is no group {groups + 1}; the centre holds {held}" in refused, refused
    else:
        assert f"沒有第 {groups + 1} 組；中央遊戲區有 {groups} 組" in refused, refused
