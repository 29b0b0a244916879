"""End to end in headless Chromium: three phones play a seeded Noah game to the scores.

Playwright drives Debian's ``/usr/bin/chromium`` (installed by ``.ci/run``;
no browser is downloaded). The host creates the table through the pages, each
player opens their seat from the host page's links in their own browser
context (one of them in Traditional Chinese, from the browser's language),
and every move is a tap on the seat page; the other phones follow by live
updates. Phone-size screenshots go to ``tests/artifacts/`` (not committed).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, sync_playwright
from werkzeug.serving import make_server

from companion.sessions import TableStore
from tests.end_photos import animals_on_board_photo
from tests.web.test_scan import photo_of_noah

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 740}
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PLAYERS = ["ann", "bob", "cy"]
SEED = 5


@pytest.fixture
def server(app: Flask) -> Iterator[str]:
    app.config["LIVE_STREAM_SECONDS"] = 5.0
    app.config["LIVE_POLL_SECONDS"] = 0.05
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    thread.join(timeout=5)


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def phone(browser: Browser, locale: str = "en-GB") -> Page:
    context = browser.new_context(viewport=PHONE, locale=locale)
    context.set_default_timeout(10_000)
    return context.new_page()


def at_version(page: Page, version: int) -> None:
    page.wait_for_selector(f'body[data-version="{version}"]', state="attached")


@contextmanager
def move_sent(page: Page) -> Iterator[None]:
    """The seat's move tapped inside the block is answered on the page: its live regions
    swapped in place (``live.js`` sends a move in place: the new version, or the refusal
    that says why), or, sent as a page, the page it lands on."""
    page.evaluate("document.getElementById('live-play').dataset.stale = '1'")
    yield
    page.wait_for_selector("#live-play:not([data-stale])", state="attached")


def test_three_phones_play_a_seeded_noah_game_to_the_scores(server: str, browser: Browser) -> None:
    ann = phone(browser)
    shot_home = ann.goto(server + "/")
    assert shot_home is not None and shot_home.ok
    ann.click('li[data-game="noah"] a.button')
    for i, name in enumerate(PLAYERS):
        ann.locator('input[name="player"]').nth(i).fill(name)
    ann.locator("details summary").click()
    ann.fill('input[name="seed"]', str(SEED))
    shot(ann, "noah-new-table")
    ann.click('button[type="submit"]')
    assert "/host/" in ann.url
    assert ann.locator("figure.qr svg").count() == 3
    shot(ann, "noah-host")
    pages = open_seats(ann, browser, {"ann": "en-GB", "bob": "en-GB", "cy": "zh-TW"})
    assert "你是 cy" in pages["cy"].inner_text("h1")

    tried: list[bool] = []

    def before_move(page: Page, version: int) -> None:
        if version == 0:
            assert _no_horizontal_scroll(page)
            shot(page, "noah-seat-first-move")
        if not tried and _try_an_illegal_card(page):
            tried.append(True)
            shot(page, "noah-seat-illegal-card")
        if version == 60:
            shot(page, "noah-seat-mid-game")

    version = play_to_the_end(pages, random.Random(SEED), before_move)
    tried_illegal = bool(tried)
    assert tried_illegal, "no seat ever held a card that may not go on the ferry"

    assert version > 100
    scores = pages["bob"]
    scores.click("text=See the final scores")
    winners = scores.get_attribute("[data-winners]", "data-winners")
    assert winners
    assert scores.locator("table.scores tbody tr").count() == 3
    assert "The lowest total wins." in scores.inner_text("main")
    shot(scores, "noah-score")
    pages["cy"].click("text=查看最終分數")
    assert "最終分數" in pages["cy"].inner_text("h1")
    shot(pages["cy"], "noah-score-zh")
    assert _no_horizontal_scroll(scores)


def play_to_the_end(
    pages: dict[str, Page],
    rng: random.Random,
    before_move: Callable[[Page, int], None],
    until: Callable[[Page], bool] | None = None,
) -> int:
    """Tap random legal moves on the phone of whoever is to move, until the game ends.

    At a chance point (a table game) the first phone enters what the table saw.
    With ``until``, stop as soon as it holds for the phone that just moved.

    Returns:
        The table's final version.
    """
    version = 0
    first = next(iter(pages.values()))
    mover = first.get_attribute("[data-to-move]", "data-to-move")
    while mover:
        page = first if mover == "@chance" else pages[mover]
        at_version(page, version)  # a live update brought the mover's phone up to date
        before_move(page, version)
        folded = page.locator("details.all-moves:not([open]) summary")
        if folded.count():  # a seat panel lays the moves out by touch; the list is folded
            folded.click()
        buttons = page.locator("ul.moves button")
        count = buttons.count()
        assert count > 0, f"{mover} has no move to tap at version {version}"
        box = buttons.first.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] <= PHONE["width"]
        with move_sent(page):
            buttons.nth(rng.randrange(count)).click(no_wait_after=True)
        version += 1
        at_version(page, version)
        mover = page.get_attribute("[data-to-move]", "data-to-move")
        if until is not None and until(page):
            return version
    for page in pages.values():
        at_version(page, version)
        assert page.locator(".status.over").count() == 1
    return version


def open_seats(host: Page, browser: Browser, locales: dict[str, str]) -> dict[str, Page]:
    """Each player's phone opens the seat link shown under their QR code."""
    links = {
        name: host.locator(f'figure[data-player="{name}"] a').get_attribute("href")
        for name in locales
    }
    pages = {}
    for name, locale in locales.items():
        link = links[name]
        assert link is not None
        page = host if name == next(iter(locales)) else phone(browser, locale)
        page.goto(link)
        pages[name] = page
    return pages


def test_two_phones_play_animals_on_board_to_the_scores(server: str, browser: Browser) -> None:
    host = phone(browser)
    host.goto(server + "/new/animals_on_board")
    for i, name in enumerate(["ann", "bob"]):
        host.locator('input[name="player"]').nth(i).fill(name)
    host.locator("details summary").click()
    host.fill('input[name="seed"]', str(SEED))
    host.click('button[type="submit"]')
    pages = open_seats(host, browser, {"ann": "en-GB", "bob": "en-GB"})

    def before_move(page: Page, version: int) -> None:
        if version == 12:
            assert page.locator("g.group").count() >= 1
            shot(page, "animals-on-board-seat")

    play_to_the_end(pages, random.Random(SEED), before_move)
    pages["bob"].click("text=See the final scores")
    assert pages["bob"].locator("table.scores tbody tr").count() >= 5
    assert "The highest total wins." in pages["bob"].inner_text("main")
    shot(pages["bob"], "animals-on-board-score")


def test_three_phones_run_a_niagara_round_with_the_river(server: str, browser: Browser) -> None:
    host = phone(browser)
    host.goto(server + "/new/niagara")
    for i, name in enumerate(PLAYERS):
        host.locator('input[name="player"]').nth(i).fill(name)
    host.check('input[name="chance"][value="table"]')
    host.click('button[type="submit"]')
    pages = open_seats(host, browser, {"ann": "en-GB", "bob": "en-GB", "cy": "en-GB"})
    seen: dict[str, bool] = {}

    def before_move(page: Page, version: int) -> None:
        canoes = page.locator('.river-pick[data-phase="act"] [data-canoe-target].able')
        if canoes.count() and "forecast" not in seen:  # a canoe, a lit place: the forecast
            canoes.first.click()
            place = page.locator("[data-slot-target].reach").first
            box = place.bounding_box()
            assert box is not None
            place.click(position={"x": box["width"] - 12, "y": box["height"] / 2})
            assert "% afloat" in page.inner_text(".river-choices")
            seen["forecast"] = True
            shot(page, "niagara-seat-forecast")
        if page.locator('button[data-notation^="arm "]').count():
            assert "Run the river one step" in page.inner_text("ul.moves")
            seen["river"] = True

    def flowed(page: Page) -> bool:
        return "The river flowed" in page.inner_text(".history")

    play_to_the_end(pages, random.Random(SEED), before_move, until=flowed)
    assert seen == {"forecast": True, "river": True}
    history = pages["ann"].inner_text(".history")
    assert "Flow step 1 of" in history
    shot(pages["ann"], "niagara-after-the-flow")


def test_the_host_undoes_a_move_and_the_phones_follow(
    server: str, browser: Browser, store: TableStore
) -> None:
    table = store.create("noah", PLAYERS, seed=SEED)
    mover = str(table.state.to_move)
    seat = next(s for s in table.seats if s.player == mover)
    host, player = phone(browser), phone(browser)
    host.goto(f"{server}/t/{table.id}/host/{table.host_token}")
    player.goto(f"{server}/t/{table.id}/seat/{seat.token}")
    before = player.locator("ul.moves button").evaluate_all("bs => bs.map(b => b.dataset.notation)")
    player.locator(".hand button[data-show]").first.click()  # a card, then its move
    with move_sent(player):
        player.locator("[data-for]:not([hidden]) button").first.click(no_wait_after=True)
    at_version(host, 1)  # the host's screen followed the move by itself
    at_version(player, 1)
    moved = player.locator("ul.moves button").evaluate_all("bs => bs.map(b => b.dataset.notation)")
    assert moved != before  # e.g. now Noah's move after the play
    with host.expect_navigation(wait_until="domcontentloaded"):
        host.click("button.danger")
    at_version(player, 2)  # and the player's phone followed the undo
    after = player.locator("ul.moves button").evaluate_all("bs => bs.map(b => b.dataset.notation)")
    assert after == before
    assert store.load(table.id).state == table.state


def test_a_phone_photo_of_the_table_is_read_and_applied(
    server: str, browser: Browser, store: TableStore, tmp_path: Path
) -> None:
    table = store.create("noah", PLAYERS)  # the table deals: it asks for the first ferry card
    photo = tmp_path / "table.jpg"
    photo.write_bytes(photo_of_noah({0: "BEAM1"}))
    seat = next(s for s in table.seats if s.player == "bob")
    page = phone(browser)
    page.goto(f"{server}/t/{table.id}/seat/{seat.token}")
    page.set_input_files('form.scan input[name="photo"]', str(photo))
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.click("form.scan button")
    assert page.locator('[data-piece="BEAM1"]').count() == 1
    shot(page, "noah-scan")
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.click('button[data-notation="ferry BEAM1"]')
    at_version(page, 1)
    assert "Face up on the next ferry: Bear (male)" in page.inner_text(".history")


def test_a_phone_scores_the_end_of_a_game_from_a_photo(
    server: str, browser: Browser, store: TableStore
) -> None:
    """Animals on Board's arks laid open on their mats, photographed and scored from a seat."""
    photo = animals_on_board_photo()
    table = store.resume(photo.game, photo.state.to_json())
    seat = table.seats[1]
    page = phone(browser)
    page.goto(f"{server}/t/{table.id}/seat/{seat.token}")
    page.set_input_files(
        'form.score-photo input[name="photo"]',
        {"name": "end.png", "mimeType": "image/png", "buffer": photo.png()},
    )
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.click("form.score-photo button")
    assert page.get_attribute("[data-winners]", "data-winners") == ",".join(photo.outcome.winners)
    columns = page.locator("table.scores thead th[scope=col]").all_inner_texts()
    assert columns == list(photo.players)
    totals = page.locator("table.scores tfoot td").all_inner_texts()[1:]
    assert [int(t) for t in totals] == [photo.outcome.scores[p] for p in photo.players]
    assert page.locator("img.overlay").evaluate("img => img.naturalWidth") > 0
    assert _no_horizontal_scroll(page)
    shot(page, "animals_on_board-score-photo")
    assert store.load(table.id).version == table.version


GALLERY_GAMES = ["hare_tortoise", "ark_nova"]


@pytest.mark.parametrize("game_id", GALLERY_GAMES)
def test_each_game_main_page_and_score_screen_on_a_phone(
    server: str, browser: Browser, store: TableStore, game_id: str
) -> None:
    """A mid-game seat page and a finished game's score screen, as a phone shows them."""
    examples = Path(__file__).resolve().parents[2] / "examples" / game_id
    middle = {"hare_tortoise": "start_of_play.json", "ark_nova": "build_midgame.json"}[game_id]
    final = {"hare_tortoise": "final.json", "ark_nova": "two_player.json"}[game_id]
    table = store.resume(game_id, (examples / middle).read_text(encoding="utf-8"))
    page = phone(browser)
    seat = table.seats[0]
    page.goto(f"{server}/t/{table.id}/seat/{seat.token}?strength=3")
    assert page.locator("svg.table").count() >= 1
    assert _no_horizontal_scroll(page)
    shot(page, f"{game_id}-seat")
    done = store.resume(game_id, (examples / final).read_text(encoding="utf-8"))
    outcome = done.state.outcome()
    assert outcome is not None
    page.goto(f"{server}/t/{done.id}/score")
    assert page.get_attribute("[data-winners]", "data-winners") == ",".join(outcome.winners)
    assert page.locator("table.scores tbody tr").count() >= 2
    assert _no_horizontal_scroll(page)
    shot(page, f"{game_id}-score")


def _try_an_illegal_card(page: Page) -> bool:
    """Tap a hand card that is not among the legal moves; expect the rule's code and reason."""
    legal = set(
        page.locator("ul.moves button").evaluate_all("bs => bs.map(b => b.dataset.notation)")
    )
    cards = page.locator(".hand button:not([disabled])").evaluate_all(
        "bs => bs.map(b => b.dataset.card)"
    )
    illegal = [c for c in cards if not any(n.split("/")[0].split(">")[0] == c for n in legal)]
    if not illegal or "take" in legal:
        return False
    with move_sent(page):
        page.click(f'.hand button[data-card="{illegal[0]}"]')
    alert = page.locator(".alert")
    code = alert.get_attribute("data-code")
    assert code is not None and code.startswith("noah.")
    assert code not in alert.inner_text()  # the code folded away under the sentence
    assert len(alert.inner_text()) > 30  # a sentence, with the numbers
    return True


def _no_horizontal_scroll(page: Page) -> bool:
    width = page.evaluate("document.documentElement.scrollWidth")
    return bool(width <= PHONE["width"])
