"""A whole Ark Nova game by taps: a seeded 2-player table from the setup form to the scores.

Each seat plays on its own phone (its own browser context, 390 x 844, touch).
The test chooses each move from the table's state with a simple policy that
drives the game toward its end (play the animal with the most appeal, support
a conservation project, build the enclosure an animal in hand needs, take
cards when the hand holds no animal, sponsors' break progress for money, else
the game's own playout choice), then makes that move by tapping what the seat
page shows: the action card's tile, the X-token buttons, a building, a lit hex
of Map A and its rotation and side, an animal card and its enclosure, the cards
ticked to discard, the labelled choice to commit. Nothing is typed; a move the
page cannot offer by taps fails the test. Ann's phone is in English, Bob's in
Traditional Chinese. Screenshots of a seat page and the score sheet (in both
languages) go to ``tests/artifacts/`` (not committed).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

import engines
from companion.sessions import TableStore
from engines.ark_nova import turns
from engines.ark_nova.cards import ANIMALS
from engines.ark_nova.state import ArkNovaState
from engines.core import Move
from tests.web.test_ark_nova_phones import new_table, phone, shot, tap, words_only
from tests.web.test_e2e import browser, move_sent, server
from tests.web.test_touch import problems

__all__ = ["browser", "server"]

SEED = 2
LOCALES = {"Ann": "en-GB", "Bob": "zh-TW"}
"""Each phone's language: the taps never read the words, so Bob plays in Chinese."""
MAX_MOVES = 600
SIZES = {f"enclosure_{n}": n for n in range(1, 6)}
MONEY_TO_BUILD = 10
"""Below this a Build for an animal waits: the animal still has to be paid for."""


# --------------------------------------------------------------------------- the policy


def _size(move: Move) -> int:
    """The standard enclosure a Build step places (0: another building, or an animal moved
    into a new reptile house or aviary)."""
    placed = move.to_json()["buildings"]
    return SIZES.get(placed[0]["building"], 0) if placed else 0


def _appeal(move: Move) -> int:
    return ANIMALS[move.to_json()["plays"][0]["card"]].appeal


def _supports_a_project(move: Move) -> bool:
    return any(t.startswith("project") for t in move.to_json()["tasks"])


def _unspent(moves: Sequence[Move]) -> list[Move]:
    return [m for m in moves if not m.to_json().get("x")]


def choose(state: ArkNovaState, rng: random.Random) -> Move:
    """The next move of the player to move: toward the game's end, never anything clever."""
    flow = state.flow
    assert flow is not None
    if flow.pending:
        return state.legal_moves()[0]
    if flow.acting is not None:
        listed = state.legal_moves()
        steps = [m for m in listed if m.TYPE != "done"]
        done = [m for m in listed if m.TYPE == "done"]
        if flow.acting.card == "animals" and steps:
            return max(steps, key=_appeal)
        if flow.acting.card == "association":
            projects = [m for m in steps if _supports_a_project(m)]
            if projects:
                return projects[0]
        return (done or steps)[0]
    player = str(state.to_move)
    zoo = state.zoo(player)
    animals = _unspent(turns.LISTERS["animals"](state, player))
    if animals:
        return max(animals, key=_appeal)
    association = _unspent(turns.LISTERS["association"](state, player))
    projects = [m for m in association if _supports_a_project(m)]
    if projects:
        return projects[0]
    hand = [c for c in state.board(player).hand if c in ANIMALS and ANIMALS[c].size]
    free = [SIZES[b.kind] for b in zoo.buildings if b.kind in SIZES and not b.occupied]
    enclosures = [m for m in turns.LISTERS["build"](state, player) if _size(m)]
    if enclosures and zoo.money >= MONEY_TO_BUILD:
        for size in sorted(ANIMALS[c].size for c in hand):
            if any(f >= size for f in free):
                continue
            fits = [m for m in enclosures if _size(m) >= size]
            if fits:
                return min(fits, key=_size)
    if len(hand) < 2:
        cards = _unspent(turns.LISTERS["cards"](state, player))
        display = state.display
        snaps = [
            m for m in cards if m.TYPE == "snap" and display[m.to_json()["folder"] - 1] in ANIMALS
        ]
        draws = [m for m in cards if m.TYPE == "cards"]
        if snaps or draws:
            return (snaps or draws)[-1]
    sponsors = _unspent(turns.LISTERS["sponsors"](state, player))
    sponsors = [m for m in sponsors if not m.to_json()["cards"]]  # break progress and money
    if sponsors and zoo.money < 2 * MONEY_TO_BUILD:
        return sponsors[0]
    policy = engines.GAMES["ark_nova"].playout_move
    assert policy is not None
    return policy(state, rng)


# --------------------------------------------------------------------------- the taps


def commit(page: Page, wanted: dict[str, Any]) -> None:
    """Tap the labelled choice on the page that makes ``wanted``."""
    forms = page.locator("form.ark-commit")
    offered = [
        json.loads(v)
        for v in forms.locator("input[name=move]").evaluate_all("es => es.map(e => e.value)")
    ]
    same = [i for i, m in enumerate(offered) if _same(m, wanted)]
    assert same, f"the page offers no choice that makes {wanted}: {offered}"
    with move_sent(page):
        forms.nth(same[0]).locator("button").tap(no_wait_after=True)


def _same(offered: dict[str, Any], wanted: dict[str, Any]) -> bool:
    if wanted["type"] == "discard" and offered["type"] == "discard":
        return sorted(map(str, offered["cards"])) == sorted(map(str, wanted["cards"]))
    return offered == wanted


def raise_x(page: Page, card: str, x: int) -> None:
    """The action card's tile, then the X-tokens to spend on it, one tap each."""
    tap(page, f'a.ark-tile[data-action="{card}"]')
    for _ in range(x):
        tap(page, 'a[data-x="more"]')


def place(page: Page, wanted: dict[str, Any]) -> int:
    """A building by taps: its button, the lit hex of its anchor, then flip and rotate until
    the placement is the wanted one; the rotations tapped."""
    spot = wanted["buildings"][0]
    tap(page, f'a[data-building="{spot["building"]}"]')
    tap(page, f'svg.ark-map a[data-hex="{spot["at"][0]},{spot["at"][1]}"]')
    if bool(_shown(page, "flip")) == bool(spot.get("mirror")):
        tap(page, "a[data-flip]")
    turns_tapped = 0
    while (_shown(page, "rot") - 1) % 6 != spot.get("rotation", 0):
        tap(page, "a[data-rotate]")
        turns_tapped += 1
        assert turns_tapped <= 6, spot
    return turns_tapped


def _shown(page: Page, key: str) -> int:
    """The rotation (``rot``) or side (``flip``) the rotate or flip link leads to."""
    link = "a[data-rotate]" if key == "rot" else "a[data-flip]"
    href = str(page.locator(link).get_attribute("href"))
    return int(href.split(f"{key}=")[1].split("&")[0])


def play(page: Page, state: ArkNovaState, move: Move, counts: dict[str, int]) -> None:
    """Make ``move`` on the seat page of the player to move by taps."""
    wanted = move.to_json()
    kind = wanted["type"]
    flow = state.flow
    assert flow is not None
    counts[kind] = counts.get(kind, 0) + 1
    if kind == "discard":
        hand = list(state.board(wanted["player"]).hand)
        for card in wanted["cards"]:
            tap(page, f'a.ark-card[data-card="{hand.index(card) + 1}"][aria-pressed="false"]')
    elif flow.pending or kind == "done":
        pass
    elif kind == "x_token":
        tap(page, 'a[data-action="x_token"]')
    elif kind == "x_spend":
        raise_x(page, wanted["card"], wanted["x"])
    elif kind in ("cards", "snap"):
        raise_x(page, "cards", wanted["x"])
    else:
        if flow.acting is None:
            tap(page, f'a.ark-tile[data-action="{kind}"]')
        if kind == "build" and wanted["buildings"]:
            counts["rotations"] = counts.get("rotations", 0) + place(page, wanted)
        elif kind == "animals":
            tap(page, f'a[data-animal][href$="card={wanted["plays"][0]["card"]}"]')
    commit(page, wanted)


# --------------------------------------------------------------------------- the game


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_whole_ark_nova_game_by_taps_on_two_phones(
    server: str, browser: Browser, store: TableStore
) -> None:
    started = time.monotonic()
    host, links = new_table(browser, server, SEED)
    table_id = host.url.split("/t/")[1].split("/")[0]
    pages: dict[str, Page] = {}
    taps: list[str] = []  # a tap asks for a choice (a query) or commits a move (a POST)
    for name, link in links.items():
        pages[name] = phone(browser, LOCALES[name])
        pages[name].goto(link)
        pages[name].on(
            "request", lambda r: taps.append(r.url) if r.method == "POST" or "?" in r.url else None
        )
    host.context.close()

    rng = random.Random(SEED)
    counts: dict[str, int] = {}
    for moves in range(MAX_MOVES):
        table = store.load(table_id)
        state = table.state
        assert isinstance(state, ArkNovaState)
        if state.to_move is None:
            break
        mover = str(state.to_move)
        page = pages[mover]
        page.wait_for_selector(f'body[data-version="{table.version}"]', state="attached")
        if moves % 25 == 0:
            words_only(page)
            other = pages["Bob" if mover == "Ann" else "Ann"]
            assert other.locator(".ark-commit, a.ark-tile").count() == 0  # it watches
        if moves == 120:
            assert not problems(page)
            shot(page, "ark-nova-game-seat")
        play(page, state, choose(state, rng), counts)
        assert page.locator(".alert").count() == 0, page.inner_text(".alert")
    table = store.load(table_id)
    assert table.state.to_move is None, f"the game did not end in {MAX_MOVES} moves"
    last = pages["Ann"]
    last.wait_for_selector(f'body[data-version="{table.version}"]', state="attached")
    last.locator(".status.over").wait_for()
    tap(last, 'a.button[href$="/score"]')
    outcome = table.state.outcome()
    assert outcome is not None
    assert last.get_attribute("[data-winners]", "data-winners") == ",".join(outcome.winners)
    assert last.locator("table.scores tbody tr").count() >= 2
    shot(last, "ark-nova-game-score")
    bob = pages["Bob"]
    bob.wait_for_selector(f'body[data-version="{table.version}"]', state="attached")
    tap(bob, 'a.button[href$="/score"]')
    assert "勝利者" in bob.inner_text("main")
    shot(bob, "ark-nova-game-score-zh")
    kinds = {step.move.to_json()["type"] for step in table.history}
    assert {"build", "animals", "discard", "sponsors"} <= kinds, kinds
    print(
        json.dumps(
            {
                "moves": table.version,
                "taps": len(taps) + 2,  # and the two score sheets' links
                "played": counts,
                "seconds": round(time.monotonic() - started, 1),
            }
        )
    )
