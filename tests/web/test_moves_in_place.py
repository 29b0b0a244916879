"""A seat page sends its moves in place: the page stays, its stream brings the move.

``live.js`` sends a move tapped on a seat page by fetch with ``X-In-Place``; the
server answers an applied move with 204 and the table's new version (no page is
drawn: the page's stream draws its regions, as it does for the other phones),
and a refused one with the seat's regions saying why. A form sent as a page is
answered as before (303 to the seat's page), and so is a move the in-place
send could not deliver.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from flask.testing import FlaskClient
from playwright.sync_api import Browser, Locator, Page, Route

from companion.sessions import Table, TableStore
from tests.web.conftest import post_move, seat_url
from tests.web.test_e2e import at_version, browser, move_sent, phone, server  # noqa: F401
from web import play

IN_PLACE = {play.IN_PLACE: "1"}


def a_move(store: TableStore) -> tuple[Table, str, str]:
    """A new Noah table, the seat page of its player to move and a legal move (JSON)."""
    table = store.create("noah", ["ann", "bob", "cy"], seed=5)
    move = json.dumps(table.state.legal_moves()[0].to_json())
    return table, seat_url(table, str(table.state.to_move)), move


def test_a_move_sent_in_place_is_answered_with_its_version_and_no_page(
    client: FlaskClient, store: TableStore
) -> None:
    table, url, move = a_move(store)
    answer = post_move(client, url, move, table.version, headers=IN_PLACE)
    assert answer.status_code == 204
    assert answer.get_data() == b"" and "Location" not in answer.headers
    assert answer.headers["X-Table-Version"] == str(table.version + 1)
    assert store.load(table.id).version == table.version + 1


def test_a_move_sent_as_a_page_still_lands_on_the_seats_page(
    client: FlaskClient, store: TableStore
) -> None:
    table, url, move = a_move(store)
    answer = post_move(client, url, move, table.version)
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith(url)


def test_a_refused_move_sent_in_place_gets_the_regions_that_say_why(
    client: FlaskClient, store: TableStore
) -> None:
    table, url, move = a_move(store)
    illegal = json.dumps({"type": "play", "card": "NOSUCHCARD"})
    refused = post_move(client, url, illegal, table.version, headers=IN_PLACE)
    assert refused.status_code in (400, 422)
    text = refused.get_data(as_text=True)
    assert f'<body data-version="{table.version}">' in text
    assert 'class="alert"' in text and 'id="live-play"' in text
    assert "<h1>" not in text  # the regions, not the page around them
    # Another phone was first: the regions of the table as it stands now.
    assert post_move(client, url, move, table.version).status_code == 303
    late = post_move(client, url, move, table.version, headers=IN_PLACE)
    assert late.status_code == 409
    assert f'<body data-version="{table.version + 1}">' in late.get_data(as_text=True)
    assert 'class="alert"' in late.get_data(as_text=True)


@dataclass
class Seat:
    """A phone at the seat of the player to move of a new Noah table."""

    table: Table
    url: str
    page: Page

    def card_tapped(self) -> Locator:
        """The seat's page loaded and marked (``window.stayed``), a hand card tapped: the
        button of the card's move."""
        self.page.goto(self.url)
        self.page.evaluate("window.stayed = 'the same page'")
        self.page.locator(".hand button[data-show]").first.click()
        return self.page.locator("[data-for]:not([hidden]) button").first


@pytest.fixture
def seat(server: str, browser: Browser, store: TableStore) -> Seat:  # noqa: F811
    table = store.create("noah", ["ann", "bob", "cy"], seed=5)
    return Seat(table, server + seat_url(table, str(table.state.to_move)), phone(browser))


def test_a_tapped_move_keeps_the_page_and_its_stream_brings_the_move(
    seat: Seat, store: TableStore
) -> None:
    page = seat.page
    loads: list[str] = []
    page.on("load", lambda p: loads.append(p.url))
    sent: list[str] = []
    page.on("request", lambda r: sent.append(f"{r.method} {r.url}"))
    choice = seat.card_tapped()
    with move_sent(page):
        choice.click(no_wait_after=True)
    at_version(page, 1)
    assert page.evaluate("window.stayed") == "the same page"  # no new page was loaded
    assert len(loads) == 1
    moves = [r for r in sent if r.startswith("POST ") and r.endswith("/move")]
    assert len(moves) == 1
    assert [r for r in sent if r.startswith("GET ") and r.endswith(seat.url)] == [f"GET {seat.url}"]
    assert store.load(seat.table.id).version == 1
    assert "Play" in page.inner_text(".history")  # the move, brought by the page's stream
    # The form outside the regions (typing a move) now names the new version.
    assert page.locator("details.notation input[name=version]").input_value() == "1"


def test_a_move_the_page_could_not_send_in_place_is_sent_as_a_page(
    seat: Seat, store: TableStore
) -> None:
    page = seat.page

    def lost(route: Route) -> None:  # the in-place send fails on the way; a page goes through
        if route.request.headers.get("x-in-place"):
            route.abort()
        else:
            route.continue_()

    page.route("**/move", lost)
    choice = seat.card_tapped()
    with page.expect_navigation(wait_until="domcontentloaded"):
        choice.click(no_wait_after=True)
    at_version(page, 1)
    assert page.evaluate("typeof window.stayed") == "undefined"  # a new page
    assert store.load(seat.table.id).version == 1


def test_a_typed_move_played_from_the_notation_field_is_sent_in_place(
    seat: Seat, store: TableStore
) -> None:
    page = seat.page
    seat.card_tapped()  # the page, marked
    typed = json.dumps(seat.table.state.legal_moves()[0].to_json())
    page.locator("details.notation summary").click()
    page.fill("details.notation input[name=move]", typed)
    with move_sent(page):  # "play", the field's second button (its own address)
        page.locator("details.notation button[formaction]").click(no_wait_after=True)
    at_version(page, 1)
    assert page.evaluate("window.stayed") == "the same page"
    assert store.load(seat.table.id).version == 1
    # Checked, not played: the field's first button still goes as a page.
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("details.notation button:not([formaction])").click(no_wait_after=True)
    assert page.evaluate("typeof window.stayed") == "undefined"
    assert store.load(seat.table.id).version == 1
