"""Phone basics on every game's seat page, in headless Chromium at 390 x 844 with touch.

Along a seeded game of each registered game, the seat page of the player to move
(and a waiting seat's page), in English and in Traditional Chinese:
- every control a finger can reach (links, buttons, folds, fields, menus, the
  drawn board's tap targets) is at least 44 x 44 px (a tick box counts by its
  label, which takes the tap);
- every control says what it does: its text, its label or its ``aria-label``;
- the player to move can act without scrolling past the board: a control that
  makes or begins a move lies within the first screen, or on the drawn board;
- no horizontal scroll.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

import engines
from companion.catalog_info import game_summaries
from companion.sessions import Table, TableStore
from engines.core import Move
from tests.web.test_ark_nova_game import choose as ark_nova_choice
from tests.web.test_ark_nova_phones import tap
from tests.web.test_e2e import browser, server
from tests.web.test_touch import PHONE, phone, problems

__all__ = ["browser", "server"]

GAMES = [str(g["id"]) for g in game_summaries() if g["turn_engine"]]
NAMES = ["Ann", "Bob", "Cy"]
STOPS = (0, 3, 12, 40)
"""The positions looked at: moves played before each look."""

ACTING = (
    "form[action$='/move'] button, [data-show], .pick-group .tile, .paddle-tile, "
    "a.ark-tile, .ark-panel a, .ark-panel button, form.chance-menu select"
)
"""What makes or begins a move on a seat page."""

BOARD = "svg"


def policy_move(table: Table, rng: random.Random) -> Move:
    if table.game == "ark_nova":
        return ark_nova_choice(table.state, rng)  # type: ignore[arg-type]
    policy = engines.GAMES[table.game].playout_move
    return policy(table.state, rng) if policy else rng.choice(table.state.legal_moves())


def can_act_on_the_first_screen(page: Page) -> bool:
    """A control that makes or begins a move is within the first screen, or on the board."""
    tops: list[Any] = page.locator(ACTING).evaluate_all(
        "es => es.filter(e => e.getClientRects().length)"
        ".map(e => [e.getBoundingClientRect().top + window.scrollY, !!e.closest('svg')])"
    )
    return any(top < PHONE["height"] or on_board for top, on_board in tops)


def composing(page: Page) -> list[str]:
    """The problems of the pages a move is composed on, where the seat page composes moves
    by its own links (Ark Nova: an action card's tile, then a building or an animal card
    and the map or the enclosures they light up)."""
    found = []
    for tile in ("build", "animals"):
        if not page.locator(f'a.ark-tile[data-action="{tile}"]').count():
            continue
        tap(page, f'a.ark-tile[data-action="{tile}"]')
        found += problems(page)
        for choice in ("a[data-building]", "a[data-animal]"):
            if page.locator(choice).count():
                tap(page, choice)
                found += problems(page)
    return found


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_page_fits_a_finger(
    server: str, browser: Browser, store: TableStore, game_id: str
) -> None:
    info = engines.GAMES[game_id].info
    players = NAMES[: max(2, info.min_players)]
    table = store.create(game_id, players, seed=5)
    rng = random.Random(5)
    pages = {"en": phone(browser), "zh": phone(browser, "zh-TW")}
    trouble: dict[str, list[str]] = {}
    played = 0
    for stop in STOPS:
        while played < stop and table.state.to_move is not None:
            move = policy_move(table, rng)
            actor = str(table.state.to_move)
            table = store.submit(table.id, move.to_json(), actor=actor, version=table.version)
            played += 1
        if table.state.to_move is None:
            break
        mover = str(table.state.to_move)
        # At a chance point the table (any seat) enters what was drawn.
        seat = next((s for s in table.seats if s.player == mover), table.seats[0])
        other = next(s for s in table.seats if s != seat)
        for lang, token, acts in (
            ("en", seat.token, True),
            ("zh", seat.token, True),
            ("en", other.token, False),
        ):
            page = pages[lang]
            page.goto(f"{server}/t/{table.id}/seat/{token}")
            where = f"{lang} {'to move' if acts else 'waiting'} after {played} moves"
            for p in problems(page):
                trouble.setdefault(p, []).append(where)
            if acts and not can_act_on_the_first_screen(page):
                trouble.setdefault("nothing to act on in the first screen", []).append(where)
            if acts and lang == "en":
                for p in composing(page):
                    trouble.setdefault(p, []).append(where + ", composing a move")
    assert not trouble, "\n".join(f"{k}  ({', '.join(v)})" for k, v in trouble.items())


FILE_INPUTS = """() => [...document.querySelectorAll('input[type=file]')].map(e => {
  const label = e.closest('label.file-pick');
  return {
    shown: label ? label.innerText.trim() : '',
    hidden: getComputedStyle(e).opacity === '0',
    named: e.getAttribute('aria-label') || '',
  };
})"""


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_file_inputs_speak_the_pages_language(
    server: str, browser: Browser, store: TableStore, tmp_path: Any
) -> None:
    """Chromium's own "Choose File" and "No file chosen" follow the browser, not the page: on
    a Chinese page each file input lies unseen under a label in Chinese, keeps its name for
    screen readers, and shows the chosen file's name."""
    table = store.create("noah", ["Ann", "Bob"], seed=5)
    page = phone(browser, "zh-TW")
    for url in ("/", f"/t/{table.id}/seat/{table.seats[0].token}", f"/t/{table.id}/score"):
        page.goto(server + url)
        inputs = page.evaluate(FILE_INPUTS)
        assert inputs, url
        for i in inputs:
            assert i["hidden"] and i["named"], (url, i)
            assert i["shown"] and not any("a" <= ch.lower() <= "z" for ch in i["shown"]), i
    photo = tmp_path / "table.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xd9")
    page.goto(f"{server}/t/{table.id}/seat/{table.seats[0].token}")
    page.set_input_files("form.scan input[type=file]", str(photo))
    assert page.locator("form.scan .file-name").inner_text() == "table.jpg"


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_table_that_deals_for_itself_fits_a_finger_too(
    server: str, browser: Browser, store: TableStore
) -> None:
    """Without a seed the table says what was drawn: the seat and host pages then offer the
    chance outcomes (buttons, or a menu and a button for a long list), in both languages;
    so do the home page, the setup form, the public board and the quick score."""
    trouble = []
    for locale in ("en-GB", "zh-TW"):
        page = phone(browser, locale)
        urls = ["/", "/quick/ark_nova"]
        for game_id in GAMES:
            info = engines.GAMES[game_id].info
            table = store.create(game_id, NAMES[: max(2, info.min_players)])
            urls += [
                f"/new/{game_id}",
                f"/t/{table.id}",
                f"/t/{table.id}/seat/{table.seats[0].token}",
            ]
            urls.append(f"/t/{table.id}/host/{table.host_token}")
        for url in urls:
            page.goto(server + url)
            trouble += [f"{locale} {url}: {p}" for p in problems(page)]
        page.context.close()
    assert not trouble, "\n".join(trouble)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_ark_nova_cards_to_discard_fit_a_finger_in_chinese(
    server: str, browser: Browser, store: TableStore
) -> None:
    """The opening discard of each seat (keep 4 of 8), in Traditional Chinese, where a card's
    name may be one character (「狼」, 「驢」): each card to tick is a 44 x 44 px target."""
    table = store.create("ark_nova", NAMES, seed=3)
    rng = random.Random(3)
    page = phone(browser, "zh-TW")
    trouble = []
    names: set[str] = set()
    while table.state.to_move is not None and table.state.legal_moves()[0].TYPE == "discard":
        mover = str(table.state.to_move)
        seat = next(s for s in table.seats if s.player == mover)
        page.goto(f"{server}/t/{table.id}/seat/{seat.token}")
        names |= set(page.locator("a.ark-card").all_inner_texts())
        trouble += [f"{mover}: {p}" for p in problems(page)]
        move = policy_move(table, rng)
        table = store.submit(table.id, move.to_json(), actor=mover, version=table.version)
    assert any(len(n.strip()) == 1 for n in names), names  # a one-character name was shown
    assert not trouble, "\n".join(trouble)
