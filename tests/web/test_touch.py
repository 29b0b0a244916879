"""Phones play by touch in headless Chromium (390 x 844, touch), and follow the table live.

A waiting phone keeps what its player typed while another player moves: the
page updates in place (board, moves, history) instead of reloading. Whole
games are played from the setup form to the score sheet by tapping the moves
each seat page draws (the game's own playout choice when it is on the page),
two of them with every phone in Traditional Chinese. Screenshots of each
game's seat page and score sheet go to ``tests/artifacts/``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

import engines
from companion.sessions import TableStore
from tests.web.test_e2e import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, server  # noqa: F401

PHONE: ViewportSize = {"width": 390, "height": 844}
MAX_TAPS = 400


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def phone(browser: Browser, locale: str = "en-GB") -> Page:
    context = browser.new_context(
        viewport=PHONE, locale=locale, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    context.set_default_timeout(15_000)
    return context.new_page()


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def at_version(page: Page, version: int) -> None:
    page.wait_for_selector(f'body[data-version="{version}"]', state="attached")


def test_a_waiting_phone_keeps_its_typed_text_while_another_player_moves(
    server: str,  # noqa: F811
    browser: Browser,
    store: TableStore,
) -> None:
    table = store.create("noah", ["ann", "bob", "cy"], seed=5)
    mover = str(table.state.to_move)
    waiting = next(s for s in table.seats if s.player != mover)
    moving = next(s for s in table.seats if s.player == mover)
    them, me = phone(browser), phone(browser)
    me.goto(f"{server}/t/{table.id}/seat/{waiting.token}")
    them.goto(f"{server}/t/{table.id}/seat/{moving.token}")
    me.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    me.locator("details.notation summary").tap()  # the notation, folded away for experts
    field = me.locator('input[name="move"][type="text"]')
    field.fill("a note while I wait")
    field.focus()
    me.evaluate("window.stillThisPage = true")
    scrolled = me.evaluate("window.scrollY")
    label = them.locator("ul.moves button").first.inner_text()
    them.locator("ul.moves button").first.tap()
    at_version(me, 1)
    assert me.evaluate("window.stillThisPage") is True  # updated in place, not reloaded
    assert field.input_value() == "a note while I wait"
    assert me.evaluate("document.activeElement.name") == "move"
    assert abs(me.evaluate("window.scrollY") - scrolled) < 5
    assert me.locator("details.notation").evaluate("d => d.open") is True
    assert label.split("\n")[0] in me.inner_text(".history")  # the board shows the move
    assert me.locator(f'[data-to-move="{store.load(table.id).state.to_move}"]').count() == 1
    version_fields = me.locator('input[name="version"]').evaluate_all("es => es.map(e => e.value)")
    assert set(version_fields) == {"1"}  # the typed move would be checked against the table now


def tap_a_move(page: Page, store: TableStore, table_id: str, rng: random.Random) -> None:
    """Tap the game's own playout choice when the page draws it, else a random drawn move."""
    table = store.load(table_id)
    policy = engines.GAMES[table.game].playout_move
    menu = page.locator("form.chance-menu select")
    if menu.count():  # what the table drew, from a long list: a menu, then a tap
        values = menu.locator("option").evaluate_all("os => os.map(o => o.value)")
        menu.select_option(values[rng.randrange(len(values))])
        with page.expect_navigation(wait_until="domcontentloaded"):
            page.locator("form.chance-menu button").tap(no_wait_after=True)
        return
    buttons = page.locator("ul.moves button")
    count = buttons.count()
    assert count > 0, f"no move to tap at version {table.version}"
    pick = rng.randrange(count)
    if policy is not None:
        wanted = json.dumps(policy(table.state, rng).to_json(), separators=(",", ":"))
        values = page.locator("ul.moves input[name=move]").evaluate_all(
            "es => es.map(e => e.value)"
        )
        if wanted in values:
            pick = values.index(wanted)
    box = buttons.nth(pick).bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] <= PHONE["width"]
    with page.expect_navigation(wait_until="domcontentloaded"):
        buttons.nth(pick).tap(no_wait_after=True)


def tap_tiles(page: Page, rng: random.Random) -> bool:
    """Animals on Board: tap the tiles of a legal split and split them off, or take a group,
    by touching the drawn tiles; False when the page draws no tiles to pick."""
    groups = page.locator(".pick-group")
    if not groups.count():
        return False
    takes = page.locator(".pick-group button.take")
    splittable = page.locator(".pick-group[data-parts]:not([data-parts=''])")
    if takes.count() and (not splittable.count() or rng.random() < 0.3):
        with page.expect_navigation(wait_until="domcontentloaded"):
            takes.nth(rng.randrange(takes.count())).tap(no_wait_after=True)
        return True
    group = splittable.nth(rng.randrange(splittable.count()))
    parts = str(group.get_attribute("data-parts")).split(",")
    part = parts[rng.randrange(len(parts))]
    split = group.locator("button.split")
    for letter in part:
        assert split.is_disabled() or len(part) > 1
        tile = group.locator(f'.tile[data-letter="{letter}"]')
        box = tile.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
        tile.tap()
    assert split.is_enabled()
    with page.expect_navigation(wait_until="domcontentloaded"):
        split.tap(no_wait_after=True)
    return True


def test_animals_on_board_by_touching_the_tiles(
    server: str,  # noqa: F811
    browser: Browser,
    store: TableStore,
) -> None:
    table = store.create("animals_on_board", ["Ann", "Bob"], seed=4)
    pages = {}
    for seat in table.seats:
        pages[seat.player] = phone(browser)
        pages[seat.player].goto(f"{server}/t/{table.id}/seat/{seat.token}")
    rng = random.Random(4)
    picked = 0
    for _ in range(MAX_TAPS):
        table = store.load(table.id)
        if table.state.to_move is None:
            break
        page = pages[str(table.state.to_move)]
        at_version(page, table.version)
        if tap_tiles(page, rng):
            picked += 1
            if picked == 3:
                shot(page, "animals_on_board-touch-seat")
            continue
        tap_a_move(page, store, table.id, rng)
    table = store.load(table.id)
    assert table.state.to_move is None and picked > 5
    splits = [s for s in table.history if s.move.to_json()["type"] == "split"]
    assert splits  # the tapped tiles made the splits
    page = pages["Ann"]
    at_version(page, table.version)
    page.locator('a.button[href$="/score"]').first.tap()
    page.wait_for_url("**/score")
    assert page.locator("table.scores tbody tr").count() == 6
    shot(page, "animals_on_board-touch-score")


GAMES = [
    ("hare_tortoise", "zh-TW", ["小明", "阿華"]),
    ("niagara", "zh-TW", ["小明", "阿華", "美玲"]),
    ("pond", "en-GB", ["Ann", "Bob"]),
]


@pytest.mark.parametrize(("game_id", "locale", "names"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_from_the_setup_to_the_scores_by_taps(
    server: str,  # noqa: F811
    browser: Browser,
    store: TableStore,
    game_id: str,
    locale: str,
    names: list[str],
) -> None:
    host = phone(browser, locale)
    host.goto(f"{server}/new/{game_id}")
    for i, name in enumerate(names):
        host.locator('input[name="player"]').nth(i).fill(name)
    host.locator("details summary").tap()
    host.fill('input[name="seed"]', "3")
    host.locator('button[type="submit"]').tap()
    host.wait_for_url("**/host/**")
    table_id = host.url.split("/t/")[1].split("/")[0]
    pages: dict[str, Page] = {}
    for name in names:
        link = host.locator(f'figure[data-player="{name}"] a').get_attribute("href")
        assert link is not None
        pages[name] = phone(browser, locale)
        pages[name].goto(link)
    rng = random.Random(3)
    for taps in range(MAX_TAPS):
        table = store.load(table_id)
        mover = table.state.to_move
        if mover is None:
            break
        page = pages.get(str(mover), host)  # at a chance point the host enters the draw
        at_version(page, table.version)
        if taps == 6:
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            shot(page, f"{game_id}-touch-seat")
        tap_a_move(page, store, table_id, rng)
    table = store.load(table_id)
    assert table.state.to_move is None, f"{game_id} did not end in {MAX_TAPS} taps"
    last = pages[names[0]]
    at_version(last, table.version)
    last.locator(".status.over").wait_for()
    last.locator('a.button[href$="/score"]').first.tap()
    last.wait_for_url("**/score")
    outcome = table.state.outcome()
    assert outcome is not None
    assert last.get_attribute("[data-winners]", "data-winners") == ",".join(outcome.winners)
    assert last.locator("table.scores tbody tr").count() >= 1
    if locale.startswith("zh"):
        assert "勝利者" in last.inner_text("main")
    shot(last, f"{game_id}-touch-score")
