"""Ark Nova at the table in headless Chromium: every seat plays its own turns on its own phone.

Two phones (390 x 844, touch) open their seats from the host page of a seeded
table and play several rounds by taps only: the setup's discard by ticking
cards, Build by a building, a hex on Map A and a rotation checked before
building, the X-token action and then a Build raised by that X-token, Cards,
Sponsors' break progress (which reaches a break and its discards), Animals when
a card fits, a card effect the table enters counted up by taps. The phone that
is not to move watches: it offers no move. Every label is a sentence, never a
move's JSON or notation. Screenshots go to ``tests/artifacts/`` (not committed).
"""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Browser, Page, ViewportSize

from tests.web.test_e2e import ARTIFACTS, browser, move_sent, server

__all__ = ["browser", "server"]

PHONE: ViewportSize = {"width": 390, "height": 844}
SEED = 3
PLAN = ("build", "cards", "x_token", "sponsors", "x_build", "animals")
"""Each seat's actions in turn order (Animals falls back to Cards when no animal fits;
``x_build`` spends the X-token taken the turn before on the Build card first)."""

NOTATION = re.compile(r'\{"type"|\b(build|cards|snap|assoc|sponsors|discard|xtoken) [A-Z][a-z]+ ')


def phone(browser: Browser, locale: str = "en-GB") -> Page:
    context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    return context.new_page()


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def version_of(page: Page) -> int:
    return int(page.get_attribute("body", "data-version") or -1)


def at_version(page: Page, version: int) -> None:
    page.wait_for_selector(f'body[data-version="{version}"]', state="attached")


IN_PLACE = """e => {
  const a = e.closest('a[href]');
  if (!a || !a.closest('[data-live-region]')) { return false; }
  const to = new URL(a.getAttribute('href'), location.href);
  if (to.pathname !== (document.body.dataset.page || location.pathname)) { return false; }
  document.body.dataset.shown = '?';
  return true;
}"""
"""Whether a tap on the element opens a choice of this same page, which the page fetches
and swaps in place (``web/static/live.js``) instead of loading a new page; if so the page
is marked until the choice is shown."""


A_MOVE = """e => {
  const form = e.closest('form');
  const to = document.body.dataset.movesInPlace;
  return !!(form && to && new URL(form.action, location.href).pathname === to);
}"""
"""Whether a tap on the element sends the seat's move, which the page sends in place."""


def tap(page: Page, selector: str) -> None:
    """Tap what ``selector`` finds first and wait for what it opens: the choice swapped into
    this page, the move committed (``move_sent``), or the next page."""
    target = page.locator(selector).first
    if target.evaluate(IN_PLACE):
        target.tap(no_wait_after=True)
        page.wait_for_selector('body:not([data-shown="?"])', state="attached")
        return
    if target.evaluate(A_MOVE):
        with move_sent(page):
            target.tap(no_wait_after=True)
        return
    with page.expect_navigation(wait_until="domcontentloaded"):
        target.tap(no_wait_after=True)


def new_table(browser: Browser, server: str, seed: int) -> tuple[Page, dict[str, str]]:
    """A seeded table for Ann and Bob made on the host's phone from the setup form: the host
    page and each seat's link from it."""
    host = phone(browser)
    host.goto(server + "/new/ark_nova")
    for i, name in enumerate(["Ann", "Bob"]):
        host.locator('input[name="player"]').nth(i).fill(name)
    host.locator("details summary").first.tap()
    host.fill('input[name="seed"]', str(seed))
    host.locator('button[type="submit"]').tap()
    host.wait_for_url("**/host/**")
    links = {}
    for name in ("Ann", "Bob"):
        link = host.locator(f'figure[data-player="{name}"] a').get_attribute("href")
        assert link is not None
        links[name] = link
    return host, links


def words_only(page: Page) -> None:
    """The page says sentences: no move JSON and no notation outside the folded field."""
    text = page.inner_text("main")
    assert not NOTATION.search(text), NOTATION.search(text)


def discard_by_taps(page: Page) -> None:
    while page.locator(".ark-commit button").count() == 0:
        tap(page, 'a.ark-card[aria-pressed="false"]')
    tap(page, ".ark-commit button")


def build_by_taps(page: Page, rotations: list[int], spend: bool = False) -> None:
    tap(page, 'a.ark-tile[data-action="build"]')
    if spend:
        # Seed text 二.1(1): each X-token spent raises the strength by 1, before acting.
        strength = page.locator('a.ark-tile[data-action="build"] span').inner_text()
        tap(page, 'a[data-x="more"]')
        assert page.locator('a.ark-tile[data-action="build"] span').inner_text() != strength
        button = page.locator(".ark-commit button")
        assert button.inner_text().startswith("Spend an X-token on the Build card")
        tap(page, ".ark-commit button")
        assert page.locator("[data-acting=build]").count() == 1
    tap(page, "a[data-building]")
    tap(page, "svg.ark-map a[data-hex]")
    assert page.locator("polygon.footprint").count() >= 1
    # Rotate at least once, and on until the companion says the placement is legal.
    turns = 0
    while turns == 0 or page.locator(".ark-commit button").count() == 0:
        tap(page, "a[data-rotate]")
        turns += 1
        assert turns <= 6, "no rotation of the building fits where it was tapped"
    rotations.append(turns)
    assert page.locator(".ark-commit button").inner_text().startswith("Build a ")
    tap(page, ".ark-commit button")


def act_by_taps(page: Page, action: str, rotations: list[int], played: list[str]) -> None:
    if action in ("build", "x_build"):
        build_by_taps(page, rotations, spend=action == "x_build")
        return
    if action == "x_token":
        tap(page, 'a[data-action="x_token"]')
        assert page.locator(".ark-commit button").first.inner_text().endswith("take an X-token")
        tap(page, ".ark-commit button")
        return
    if action == "animals":
        tap(page, 'a.ark-tile[data-action="animals"]')
        if page.locator("a[data-animal]").count():
            tap(page, "a[data-animal]")
            label = page.locator(".ark-commit button").first.inner_text()
            assert label.startswith("Play ") and " into the enclosure at " in label
            played.append(label)
            tap(page, ".ark-commit button")
            return
        action = "cards"
    tap(page, f'a.ark-tile[data-action="{action}"]')
    if action == "sponsors":
        tap(page, '.ark-commit button:has-text("break token")')
    else:
        tap(page, ".ark-commit button")


def test_two_phones_play_ark_nova_rounds_by_taps(server: str, browser: Browser) -> None:
    started = time.monotonic()
    _, links = new_table(browser, server, SEED)
    pages: dict[str, Page] = {}
    for name, link in links.items():
        pages[name] = phone(browser)
        pages[name].goto(link)

    turns = {"Ann": 0, "Bob": 0}
    rotations: list[int] = []
    played: list[str] = []
    heights: list[int] = []
    discards = 0
    effects = 0
    version = version_of(pages["Ann"])
    while min(turns.values()) < 5:
        for page in pages.values():
            at_version(page, version)
        mover = pages["Ann"].get_attribute("[data-to-move]", "data-to-move")
        assert mover in pages, mover
        page = pages[mover]
        other = pages["Bob" if mover == "Ann" else "Ann"]
        # The other phone watches: no tile to tap, no move to commit.
        assert other.locator(".ark-commit, a.ark-tile").count() == 0
        words_only(page)
        heights.append(page.evaluate("document.documentElement.scrollHeight"))
        if page.locator("a.ark-card[aria-pressed]").count():
            discard_by_taps(page)
            discards += 1
        elif page.locator("a[data-more]").count():
            # A card effect the table enters: count what it gave, then confirm.
            tap(page, 'a[data-more="money"]')
            assert page.locator(".ark-commit button").inner_text().endswith(": 1 money")
            effects += 1
            tap(page, ".ark-commit button")
        elif page.locator("section.ark-panel .ark-commit").count():
            tap(page, ".ark-commit button")  # a reward or a final-scoring card: a labelled choice
        else:
            tiles = page.locator("a.ark-tile")
            assert tiles.count() == 5
            box = tiles.first.bounding_box()
            assert box is not None and box["height"] >= 44 and box["y"] + box["height"] < 844
            if turns[mover] == 0:
                shot(page, f"ark-nova-seat-{mover.lower()}-first-turn")
            act_by_taps(page, PLAN[turns[mover] % len(PLAN)], rotations, played)
            turns[mover] += 1
        version = version_of(page)
        assert page.locator(".alert").count() == 0, page.inner_text(".alert")

    shot(pages["Ann"], "ark-nova-seat-ann-after-rounds")
    shot(pages["Bob"], "ark-nova-seat-bob-after-rounds")
    seat = pages["Ann"].request.get(links["Ann"] + "/view.json").json()
    kinds = [e["kind"] for step in seat["history"] for e in step["events"]]
    assert "break" in kinds, "the seeded game reached no break"
    assert discards >= 3  # the setup's two and at least one at the break
    assert len(rotations) >= 4 and all(r >= 1 for r in rotations)
    assert "x_spent" in kinds, "no X-token was spent on the Build card"
    for name in ("Ann", "Bob"):
        zoo = seat["view"]["zoos"][name]
        assert len(zoo["buildings"]) >= 3, zoo["buildings"]  # the setup's two and a build
    assert max(heights) < 4_800, heights  # the whole page, history included (was 7,600 px)
    print(
        json.dumps(
            {
                "turns": turns,
                "moves": version,
                "max_height_px": max(heights),
                "animals": played,
                "effects": effects,
                "seconds": round(time.monotonic() - started, 1),
            }
        )
    )
