"""Every legal Ark Nova move is offered by taps on the seat page, all along a seeded game.

Along a seeded 2-player game (the policy of ``test_ark_nova_game``), at every
fourth position the seat page of the player to move is followed from link to
link as taps would (action tiles, X-token buttons, buildings, animal cards,
cards to tick), and every move the engine lists must end up as a choice the
page commits: the Cards, Association, Sponsors and X-token actions, the steps
and ``done`` of an action under way (an animal moved into a new reptile house
too), the spends, animals and their enclosures, rewards, kept final-scoring
cards and the effects the table enters. A Build is
reached by its building, the lit hex of its anchor and the rotate and flip
links, and a discard by ticking its cards; both are checked at the page those
taps lead to, for a sample of the listed ones.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections import deque
from typing import Any
from urllib.parse import urlencode

import pytest
from flask.testing import FlaskClient

from companion.sessions import TableStore
from engines.ark_nova.state import ArkNovaState
from tests.web.conftest import seat_url
from tests.web.test_ark_nova_game import SEED, choose
from tests.web.test_ark_nova_seat import commits

HREF = re.compile(r'<a\b[^>]*\bhref="([^"]*)"')
SKIPPED = re.compile(r"[?&](strength|at|pick|g_[a-z_]+)=")
"""Links not followed: the map's strengths (no move), hexes, ticked cards and an effect's
counts (each checked or listed otherwise)."""
EVERY = 4
"""Positions checked: one in this many."""
SAMPLE = 6
"""Builds and discards checked per position (each is a page of its own)."""


def key(move: dict[str, Any]) -> str:
    """A move's JSON to compare: a discard's cards in any order (the page ticks them in hand
    order, the engine lists them sorted)."""
    if move["type"] == "discard":
        move = {**move, "cards": sorted(move["cards"], key=str)}
    return json.dumps(move, sort_keys=True)


def offered(client: FlaskClient, url: str) -> tuple[set[str], dict[str, str]]:
    """Every move the seat page at ``url`` commits after taps on its links (those
    ``SKIPPED`` aside), and the page reached for each building kind."""
    seen = {url}
    todo = deque([url])
    moves: set[str] = set()
    buildings: dict[str, str] = {}
    while todo:
        page = client.get(todo.popleft()).get_data(as_text=True)
        moves.update(key(m) for m in commits(page))
        for href in (html.unescape(h) for h in HREF.findall(page)):
            if not href.startswith(url + "?") or SKIPPED.search(href):
                continue
            if "building=" in href:
                buildings.setdefault(href.split("building=")[1].split("&")[0], href)
                continue
            if href not in seen:
                seen.add(href)
                todo.append(href)
    assert len(seen) < 400, "the taps lead to too many pages to check"
    return moves, buildings


def built(client: FlaskClient, url: str, building_page: str, move: dict[str, Any]) -> None:
    """The building's page lights the anchor's hex; the page that hex, rotate and flip lead
    to commits the placement."""
    spot = move["buildings"][0]
    at = f"{spot['at'][0]},{spot['at'][1]}"
    page = client.get(building_page).get_data(as_text=True)
    assert f'data-hex="{at}" aria-label' in page, f"no lit hex for {spot}"
    query = {"act": "build", "building": spot["building"], "at": at}
    query |= {"rot": spot.get("rotation", 0), "flip": 1 if spot.get("mirror") else 0, "x": 0}
    there = client.get(f"{url}?{urlencode(query)}").get_data(as_text=True)
    assert 'data-rotate="1"' in there and 'data-flip="1"' in there
    assert key(move) in {key(m) for m in commits(there)}, f"no commit for {spot}"


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_every_listed_move_is_offered_by_taps_along_a_seeded_game(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("ark_nova", ["Ann", "Bob"], seed=SEED)
    rng = random.Random(SEED)
    checked: dict[str, int] = {}
    for n in range(600):
        table = store.load(table.id)
        state = table.state
        assert isinstance(state, ArkNovaState)
        if state.to_move is None:
            break
        player = str(state.to_move)
        if n % EVERY == 0:
            url = seat_url(table, player)
            moves, buildings = offered(client, url)
            listed = [m.to_json() for m in state.legal_moves()]
            builds = [m for m in listed if m["type"] == "build" and m["buildings"]]
            discards = [m for m in listed if m["type"] == "discard"]
            for m in random.Random(n).sample(builds, min(SAMPLE, len(builds))):
                built(client, url, buildings[m["buildings"][0]["building"]], m)
            hand = list(state.board(player).hand)
            for m in random.Random(n).sample(discards, min(SAMPLE, len(discards))):
                ticked = sorted(m["cards"], key=hand.index)
                page = client.get(f"{url}?{urlencode([('pick', c) for c in ticked])}")
                assert key(m) in {key(c) for c in commits(page.get_data(as_text=True))}
            for m in listed:
                checked[m["type"]] = checked.get(m["type"], 0) + 1
                if m not in builds and m["type"] != "discard":
                    assert key(m) in moves, f"the seat page never offers {m}"
        move = choose(state, rng)
        store.submit(table.id, move.to_json(), actor=player, version=table.version)
    assert store.load(table.id).state.to_move is None
    assert {"build", "animals", "cards", "association", "sponsors", "discard"} <= set(checked)
