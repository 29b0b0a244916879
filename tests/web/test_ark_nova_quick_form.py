"""Ark Nova's quick score on a phone: the form a table fills in after a game played off the
app, in headless Chromium (390 x 844, touch), against ``companion quick-score``.

The entry is ``examples/ark_nova/quick_score.json`` (rules spec §9 B: red +13,
blue -2); the form's breakdown is the command line's, line for line. A field
left empty is "not entered": that player has no score and the page says so.
A count that is not a number is refused with the form again, nothing lost.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from playwright.sync_api import Browser, Page

from companion.quick_score import QuickScoreError, score_text
from tests.web.test_ark_nova_phones import phone, shot
from tests.web.test_e2e import browser, server

__all__ = ["browser", "server"]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ark_nova" / "quick_score.json"


def fill_example(page: Page) -> None:
    """Type the example's two players into the form: red, then blue."""
    doc = json.loads(EXAMPLE.read_text())
    for i, (name, entry) in enumerate(doc["players"].items()):
        page.fill(f'input[name="name-{i}"]', name)
        page.fill(f'input[name="appeal-{i}"]', str(entry["appeal"]))
        page.fill(f'input[name="conservation-{i}"]', str(entry["conservation"]))
        ((card, count),) = entry["final_scoring"].items()
        page.select_option(f'select[name="final-{i}"]', card)
        page.fill(f'input[name="final_count-{i}"]', str(count))
        for j, (sponsor, n) in enumerate(entry["sponsors"].items()):
            page.select_option(f'select[name="sponsor-{i}-{j}"]', sponsor)
            page.fill(f'input[name="sponsor_count-{i}-{j}"]', str(n))
        if not entry["sponsors"]:
            page.locator(f'input[name="no_sponsors-{i}"]').tap()
        page.fill(f'input[name="projects-{i}"]', str(entry["projects"]))


def rows(page: Page, player: str) -> list[tuple[str, str]]:
    cells = page.locator(f'table[data-player="{player}"] tr')
    return [
        (
            cells.nth(n).locator("td").nth(0).inner_text(),
            cells.nth(n).locator("td").nth(1).inner_text(),
        )
        for n in range(cells.count())
    ]


def test_a_quick_score_entry_on_a_phone_scores_as_the_command_line(
    server: str, browser: Browser
) -> None:
    page = phone(browser)
    page.goto(server + "/")
    page.locator('li[data-game="ark_nova"] a[href$="/quick/ark_nova"]').tap()
    fill_example(page)
    shot(page, "ark-nova-quick-form")
    with page.expect_navigation():
        page.locator('button[type="submit"]').tap()
    expected = score_text(EXAMPLE.read_text())
    assert page.get_attribute("[data-ranking]", "data-ranking") == ",".join(expected["ranking"])
    for player in expected["players"]:
        vp = page.get_attribute(f'table[data-player="{player["player"]}"]', "data-player")
        assert vp == player["player"]
        shown = rows(page, player["player"])
        lines = player["breakdown"]
        assert [label.split("\n")[0] for label, _ in shown] == [ln["label"] for ln in lines]
        assert [points for _, points in shown] == [str(ln["points"]) for ln in lines]
    assert [
        page.get_attribute(f"h3:nth-of-type({n + 1}) [data-vp]", "data-vp") for n in range(2)
    ] == [str(p["vp"]) for p in expected["players"]]
    shot(page, "ark-nova-quick-breakdown")

    # Blue's appeal left empty: not entered, no score, the rest still shown.
    page.fill('input[name="appeal-1"]', "")
    with page.expect_navigation():
        page.locator('button[type="submit"]').tap()
    assert "Not every field is entered" in page.inner_text(".quick-result")
    assert page.locator('table[data-player="blue"] tr.not-entered').count() == 1
    assert "not entered" in page.inner_text('table[data-player="blue"]')
    assert page.get_attribute("[data-ranking]", "data-ranking") == "red"
    shot(page, "ark-nova-quick-not-entered")


def test_a_count_that_is_not_a_number_is_refused_with_the_form_kept(client: FlaskClient) -> None:
    token = client.get("/quick/ark_nova").get_data(as_text=True)
    csrf = token.split('name="csrf_token" value="')[1].split('"')[0]
    answer = client.post(
        "/quick/ark_nova",
        data={"csrf_token": csrf, "name-0": "red", "appeal-0": "7x", "conservation-0": "3"},
    )
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    assert "red: Appeal: &#39;7x&#39; is not a whole number" in page
    assert 'value="7x"' in page and 'value="red"' in page
    odd = client.post(
        "/quick/ark_nova",
        data={"csrf_token": csrf, "name-0": "red", "final-0": "²", "sponsor-0-0": "²"},
    )
    assert odd.status_code == 400 and "not one of the cards offered" in odd.get_data(as_text=True)
    empty = client.post("/quick/ark_nova", data={"csrf_token": csrf})
    assert empty.status_code == 400
    assert "at least one player" in empty.get_data(as_text=True)


def test_a_card_written_in_other_digits_is_refused_in_words() -> None:
    for field in ("final_scoring", "sponsors"):
        entry = {
            "appeal": 1,
            "conservation": 1,
            "final_scoring": {},
            "sponsors": {},
            field: {"²": 1},
        }
        doc = json.dumps({"players": {"red": entry}})
        with pytest.raises(QuickScoreError, match=r"not an end-game sponsor|no final-scoring card"):
            score_text(doc)
