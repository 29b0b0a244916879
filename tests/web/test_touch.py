"""Phones play by touch in headless Chromium (390 x 844, touch), and follow the table live.

A waiting phone keeps what its player typed while another player moves: the
page updates in place (board, moves, history) instead of reloading. Whole
games are played from the setup form to the score sheet by tapping what each
seat page draws: Niagara's river (paddle, canoe, place, plan: the game's own
playout choice), the Hare's card tiles, Noah's hand and pentagon, else the
moves in words, two of them with every phone in Traditional Chinese. Screenshots of each
game's seat page and score sheet go to ``tests/artifacts/``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

import engines
from companion.boards import HARE_TRACK
from companion.niagara_seat import plan_key
from companion.sessions import Table, TableStore
from tests.web.test_e2e import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, move_sent, server  # noqa: F401

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


def seat_phones(browser: Browser, base: str, table: Table) -> dict[str, Page]:
    """A phone per seat of ``table`` on the app at ``base``, each on its seat's page."""
    pages = {}
    for seat in table.seats:
        pages[seat.player] = phone(browser)
        pages[seat.player].goto(f"{base}/t/{table.id}/seat/{seat.token}")
    return pages


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
    asked: list[str] = []  # the waiting phone's requests: its stream brings the regions
    me.on("request", lambda request: asked.append(request.url))
    them.locator(".hand button[data-show]").first.tap()  # a card in hand, then its move
    label = them.locator("[data-for]:not([hidden]) button").first.inner_text()
    them.locator("[data-for]:not([hidden]) button").first.tap()
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
    assert not [url for url in asked if "/regions" in url], asked


def tap_a_move(page: Page, store: TableStore, table_id: str, rng: random.Random) -> None:
    """Tap the game's own playout choice when the page draws it, else a random drawn move."""
    table = store.load(table_id)
    policy = engines.GAMES[table.game].playout_move
    menu = page.locator("form.chance-menu select")
    if menu.count():  # what the table drew, from a long list: a menu, then a tap
        values = menu.locator("option").evaluate_all("os => os.map(o => o.value)")
        menu.select_option(values[rng.randrange(len(values))])
        with move_sent(page):
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
    with move_sent(page):
        buttons.nth(pick).tap(no_wait_after=True)


def big_enough(page: Page, selector: str) -> None:
    """Every element ``selector`` finds on the page is a tap target of at least 44 x 44 px."""
    for box in page.locator(selector).evaluate_all(
        "es => es.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"
    ):
        assert box[0] >= 44 and box[1] >= 44, f"{selector}: {box}"


CONTROLS = """() => {
  const seen = [];
  const all = document.querySelectorAll(
    'a[href], button, summary, input:not([type=hidden]), select, textarea, [role=button]');
  for (const e of all) {
    const style = getComputedStyle(e);
    if (e.closest('[hidden], details:not([open]) > :not(summary)') ||
        style.visibility === 'hidden' || style.display === 'none') { continue; }
    let target = e;
    if (e.matches('input[type=checkbox], input[type=radio]') && e.closest('label')) {
      target = e.closest('label');
    }
    const r = target.getBoundingClientRect();
    if (!r.width && !r.height) { continue; }
    const words = t => /\\p{L}/u.test(t || '');  // a word, not only "1. ?" or "+"
    const labelled = words(e.getAttribute('aria-label')) || e.getAttribute('aria-labelledby') ||
      (e.labels && [...e.labels].some(l => words(l.textContent))) ||
      words(e.textContent) || words(e.getAttribute('title')) ||
      (e.matches('input[type=submit], input[type=button]') && words(e.value));
    seen.push({
      what: e.outerHTML.slice(0, 140), width: r.width, height: r.height,
      top: r.top + window.scrollY, labelled: !!labelled,
    });
  }
  return seen;
}"""
"""Every control shown on the page: its box (the label's for a tick box) and whether it
has words for a screen reader."""


def problems(page: Page) -> list[str]:
    """What on ``page`` a phone user would trip over."""
    found = []
    for c in page.evaluate(CONTROLS):
        if c["width"] < 44 or c["height"] < 44:
            found.append(f"{c['width']:.0f} x {c['height']:.0f} px: {c['what']}")
        if not c["labelled"]:
            found.append(f"no words: {c['what']}")
    if page.evaluate("document.documentElement.scrollWidth") > PHONE["width"]:
        found.append("the page scrolls sideways")
    return found


def engine_reach(store: TableStore, table_id: str, canoe: int) -> set[str]:
    """Where the engine's legal moves take ``canoe`` of the player to move (its slot if a
    legal move leaves it where it is)."""
    table = store.load(table_id)
    seat = next(s for s in table.state.view(None)["seats"] if s["player"] == table.state.to_move)
    ends = set()
    for move in table.state.legal_moves():
        plans = {p["canoe"]: p for p in move.to_json().get("canoes", [])}
        if canoe in plans:
            ends.add(plans[canoe]["end"])
        elif seat["canoes"][canoe - 1]["slot"] != "LOST":
            ends.add(seat["canoes"][canoe - 1]["slot"])
    return ends


def tap_river(page: Page, store: TableStore, table_id: str, rng: random.Random) -> bool:
    """Niagara: tap the paddle, then each canoe that can act, the lit place on the drawn river
    where the game's own playout choice takes it and what it does there, then the one move
    left; False when the page draws no river to tap."""
    root = page.locator(".river-pick")
    if not root.count():
        return False
    big_enough(page, ".paddle-tile")
    big_enough(page, "[data-slot-target]")
    big_enough(page, "[data-canoe-target]")
    table = store.load(table_id)
    policy = engines.GAMES[table.game].playout_move
    assert policy is not None
    wanted = policy(table.state, rng).to_json()
    act = root.get_attribute("data-phase") == "act"
    tile = "C" if wanted["type"] == "cloud" else str(wanted["tile"])
    root.locator(f'.paddle-tile[data-tile="{tile}"]').tap()
    assert root.locator('.paddle-tile[aria-pressed="true"]').count() == 1
    plans = {p["canoe"]: p for p in wanted.get("canoes", [])}
    first = True
    able = root.locator("[data-canoe-target].able")
    for n in [int(v) for v in able.evaluate_all("es => es.map(e => e.dataset.canoeTarget)")]:
        canoe = root.locator(f'[data-canoe-target="{n}"]')
        if act and n not in plans and canoe.get_attribute("data-slot") == "LOST":
            continue  # left over the falls: the moves left say whether it is bought back
        canoe.tap()
        lit = root.locator("[data-slot-target].reach")
        shown = set(lit.evaluate_all("es => es.map(e => e.dataset.slotTarget)"))
        if act and first:  # nothing picked yet: the lit places are the engine's, no more
            assert shown == engine_reach(store, table_id, n)
        first = False
        if act:
            key = plan_key(n, plans.get(n))
            end = plans[n]["end"] if n in plans else canoe.get_attribute("data-slot")
        else:  # a preview of where this paddle would take the canoe
            end = sorted(shown)[rng.randrange(len(shown))]
        place = lit.locator(f'xpath=self::*[@data-slot-target="{end}"]').first
        box = place.bounding_box()
        assert box is not None
        place.tap(position={"x": box["width"] - 12, "y": box["height"] / 2})
        offered = root.locator("button.plan:not([hidden])[aria-pressed=false]")
        if act and offered.count():
            root.locator(f'button.plan[data-key="{key}"]').tap()
        elif offered.count():
            offered.first.tap()
        if not act:
            break
    moves = root.locator(".river-move:not([hidden])")
    values = [
        json.loads(v)
        for v in moves.locator("input[name=move]").evaluate_all("es => es.map(e => e.value)")
    ]
    assert values
    assert wanted in values or not act
    pick = values.index(wanted) if wanted in values else 0
    with move_sent(page):
        moves.nth(pick).locator("button").tap(no_wait_after=True)
    return True


def tap_tiles(page: Page, rng: random.Random) -> bool:
    """Animals on Board: tap the tiles of a legal split and split them off, or take a group,
    by touching the drawn tiles; False when the page draws no tiles to pick."""
    groups = page.locator(".pick-group")
    if not groups.count():
        return False
    takes = page.locator(".pick-group button.take")
    splittable = page.locator(".pick-group[data-parts]:not([data-parts=''])")
    if takes.count() and (not splittable.count() or rng.random() < 0.3):
        with move_sent(page):
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
    with move_sent(page):
        split.tap(no_wait_after=True)
    return True


def test_animals_on_board_by_touching_the_tiles(
    server: str,  # noqa: F811
    browser: Browser,
    store: TableStore,
) -> None:
    table = store.create("animals_on_board", ["Ann", "Bob"], seed=4)
    pages = seat_phones(browser, server, table)
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
                assert not problems(page)
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


def tap_pieces(page: Page, rng: random.Random) -> str | None:
    """Tap a piece the page draws (a card in hand, a dock of the pentagon), then one of the
    moves it shows; the kind of piece tapped, or None when the page draws none to tap."""
    pieces = page.locator("[data-show]")
    if not pieces.count():
        return None
    big_enough(page, "[data-show]")
    piece = pieces.nth(rng.randrange(pieces.count()))
    kind = str(piece.get_attribute("data-show")).split("-")[0]
    piece.tap()
    assert piece.get_attribute("aria-pressed") == "true"
    choices = page.locator("[data-for]:not([hidden]) button")
    assert choices.count() >= 1
    big_enough(page, "[data-for]:not([hidden]) button")
    with move_sent(page):
        choices.nth(rng.randrange(choices.count())).tap(no_wait_after=True)
    return kind


def test_noah_by_touching_the_hand_and_the_pentagon(
    server: str,  # noqa: F811
    browser: Browser,
    store: TableStore,
) -> None:
    table = store.create("noah", ["Ann", "Bob", "Cy"], seed=6)
    pages = seat_phones(browser, server, table)
    rng = random.Random(6)
    tapped: dict[str, int] = {}
    for _ in range(MAX_TAPS):
        table = store.load(table.id)
        if table.state.to_move is None:
            break
        page = pages[str(table.state.to_move)]
        at_version(page, table.version)
        if "dock" not in tapped and page.locator('[data-show^="dock-"]').count():
            assert not problems(page)
            shot(page, "noah-touch-seat")  # the docks Noah may go to, lit on the pentagon
        kind = tap_pieces(page, rng)
        assert kind is not None, f"nothing to tap at version {table.version}"
        tapped[kind] = tapped.get(kind, 0) + 1
    table = store.load(table.id)
    assert table.state.to_move is None
    kinds = {step.move.to_json()["type"] for step in table.history}
    assert {"play", "noah"} <= kinds and tapped["card"] > 5 and tapped["dock"] > 2
    page = pages["Ann"]
    at_version(page, table.version)
    page.locator('a.button[href$="/score"]').first.tap()
    page.wait_for_url("**/score")
    assert page.locator("table.scores tbody tr").count() >= 3
    shot(page, "noah-touch-score")


def test_the_hares_cards_and_a_race_moved_by_hand_on_the_drawn_track(
    server: str,  # noqa: F811
    browser: Browser,
    store: TableStore,
) -> None:
    options = {"race": "by_hand", "stream_positions": "random"}
    table = store.create("hare_tortoise", ["Ann", "Bob"], options=options, seed=7)
    pages = seat_phones(browser, server, table)
    rng = random.Random(7)
    tapped: dict[str, int] = {}
    races = 0
    while races < 2:
        table = store.load(table.id)
        assert table.state.to_move is not None
        page = pages[str(table.state.to_move)]
        at_version(page, table.version)
        if table.state.to_json()["phase"] == "race":
            (race,) = table.state.legal_moves()
            ghosts = page.locator("g.ghost").evaluate_all(
                "gs => gs.map(g => [g.dataset.pawn, Number(g.dataset.to)])"
            )
            wanted = [max(0, min(p, HARE_TRACK.finish)) for p in race.to_json()["positions"]]
            assert [to for _, to in ghosts] == wanted  # the pawns drawn where the move puts them
            if not races:
                shot(page, "hare_tortoise-touch-race")
            races += 1
            tap_a_move(page, store, table.id, rng)
            continue
        if tapped.get("card") == 3:
            shot(page, "hare_tortoise-touch-cards")
        kind = tap_pieces(page, rng)
        assert kind is not None, f"no card to tap at version {table.version}"
        tapped[kind] = tapped.get(kind, 0) + 1
    kinds = {step.move.to_json()["type"] for step in store.load(table.id).history}
    assert {"keep", "play", "race"} <= kinds and tapped["card"] > 4


GAMES = [
    # Whole games by taps run on SQLite only: the pages are the same on either database
    # (each route, race and live stream is tested on both), and three whole games in a
    # browser on both would take several minutes of the suite.
    ("hare_tortoise", "zh-TW", ["小明", "阿華"]),
    ("niagara", "zh-TW", ["小明", "阿華", "美玲"]),
    ("pond", "en-GB", ["Ann", "Bob"]),
]


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
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
            assert not problems(page)  # every control fits a finger, says what it does
            shot(page, f"{game_id}-touch-seat")
        if not tap_river(page, store, table_id, rng) and tap_pieces(page, rng) is None:
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
