"""Ark Nova's seat page by touch, through the app: who may act, the composers and the words.

A seeded two-player table (seed 3: Ann starts). Each choice is a link whose
query holds the taps so far; the page answers with the engine's verdict before
anything is committed, and a commit is the move's JSON posted like any seat
move. No page shows a move's JSON or notation outside the folded field.
"""

from __future__ import annotations

import html
import json
import random
import re
from dataclasses import replace

import pytest
from flask.testing import FlaskClient

import engines
from companion.ark_nova_seat import seat_board
from companion.sessions import Table, TableStore
from engines.ark_nova import turns
from engines.ark_nova.effects import UNIQUE_BUILDINGS
from engines.ark_nova.state import ArkNovaState
from tests.ark_nova_turns import reptiles, with_house
from tests.test_ark_nova_tokens import platypus
from tests.web.conftest import csrf, seat_url

SEED = 3
COMMIT = re.compile(r'<input type="hidden" name="move" value="([^"]+)">')


def visible(page: str) -> str:
    """The page's text as a phone shows it: no tags, no hidden values, no folded notation."""
    page = re.sub(r"<details class=\"notation\">.*?</details>", "", page, flags=re.S)
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def commits(page: str) -> list[dict[str, object]]:
    return [json.loads(html.unescape(m)) for m in COMMIT.findall(page)]


def play(client: FlaskClient, table: Table, player: str, move: dict[str, object]) -> None:
    version = client.get(seat_url(table, player) + "/view.json").get_json()["version"]
    answer = client.post(
        seat_url(table, player) + "/move",
        data={"csrf_token": csrf(client), "version": version, "move": json.dumps(move)},
    )
    assert answer.status_code == 303, answer.get_data(as_text=True)


def past_the_setup(client: FlaskClient, store: TableStore) -> Table:
    table = store.create("ark_nova", ["Ann", "Bob"], seed=SEED)
    for player in ("Ann", "Bob"):
        hand = client.get(seat_url(table, player) + "/view.json").get_json()
        cards = hand["view"]["boards"][player]["hand"][:4]
        query = "&".join(f"pick={c}" for c in cards)
        page = client.get(seat_url(table, player) + "?" + query).get_data(as_text=True)
        (move,) = commits(page)
        assert move == {"type": "discard", "player": player, "cards": cards}
        play(client, table, player, move)
    return table


def test_only_the_seat_to_move_gets_the_action_tiles(
    client: FlaskClient, store: TableStore
) -> None:
    table = past_the_setup(client, store)
    ann = client.get(seat_url(table, "Ann")).get_data(as_text=True)
    bob = client.get(seat_url(table, "Bob")).get_data(as_text=True)
    strengths = re.findall(
        r'data-action="(\w+)"[^>]*>\s*<strong>\w+</strong>\s*<span>Strength (\d)', ann
    )
    assert [int(n) for _, n in strengths] == [1, 2, 3, 4, 5]
    assert strengths[0][0] == "animals"  # Animals lies in slot 1 at the setup
    assert "ark-tile" not in bob and "ark-commit" not in bob
    assert 'class="hex' in bob  # the watcher still sees their own zoo
    for page in (ann, bob):
        text = visible(page)
        assert '{"type"' not in text and "more moves" not in text


def test_a_building_is_placed_by_a_hex_rotated_and_checked_before_it_is_built(
    client: FlaskClient, store: TableStore
) -> None:
    table = past_the_setup(client, store)
    url = seat_url(table, "Ann")
    chosen = client.get(url + "?act=build").get_data(as_text=True)
    kinds = re.findall(r'data-building="(\w+)"', chosen)
    assert kinds and "pavilion" in kinds
    lit = client.get(url + "?act=build&building=pavilion").get_data(as_text=True)
    hexes = re.findall(r'<a href="[^"]*" data-hex="(\d+,\d+)"', lit)
    assert hexes, "no hex is lit for a pavilion"
    tapped = client.get(url + f"?act=build&building=pavilion&at={hexes[0]}").get_data(as_text=True)
    (move,) = commits(tapped)
    col, row = (int(v) for v in hexes[0].split(","))
    assert move["buildings"] == [{"building": "pavilion", "at": [col, row], "rotation": 0}]
    assert f"Build a pavilion at column {col + 1}, row {row + 1}" in visible(tapped)
    assert "footprint" in tapped
    # A hex no building may take: the reason, and nothing to commit.
    far = client.get(url + "?act=build&building=pavilion&at=8,0&rot=1").get_data(as_text=True)
    assert not commits(far) and "Not allowed" in visible(far)
    play(client, table, "Ann", move)
    zoo = client.get(url + "/view.json").get_json()["view"]["zoos"]["Ann"]
    assert {"at": [col, row], "building": "pavilion", "rotation": 0} in zoo["buildings"]


def test_the_other_actions_are_sentences_in_both_languages(
    client: FlaskClient, store: TableStore
) -> None:
    table = past_the_setup(client, store)
    url = seat_url(table, "Ann")
    cards = client.get(url + "?act=cards").get_data(as_text=True)
    assert "Cards: draw from the deck" in visible(cards)
    sponsors = client.get(url + "?act=sponsors").get_data(as_text=True)
    assert "Sponsors: move the break token on and take money" in visible(sponsors)
    zh = client.get(url + "?act=sponsors", headers={"Accept-Language": "zh-TW"})
    text = visible(zh.get_data(as_text=True))
    assert "贊助行動：推進休息標記並拿錢" in text and "選一張行動卡" in text
    assert not re.search(r"\b(sponsors|cards|build) Ann\b", text)


def test_a_card_effect_is_counted_by_taps(client: FlaskClient, store: TableStore) -> None:
    table = past_the_setup(client, store)
    # Ann builds, Bob builds, then Ann plays an animal whose ability the table enters.
    for player in ("Ann", "Bob"):
        page = client.get(seat_url(table, player) + "?act=build&building=pavilion&at=0,2")
        play(client, table, player, commits(page.get_data(as_text=True))[0])
    url = seat_url(table, "Ann")
    animals = client.get(url + "?act=animals").get_data(as_text=True)
    card = re.search(r'href="[^"]*card=(\d+)"', html.unescape(animals))
    assert card, "Ann has no animal to play"
    homes = client.get(url + f"?act=animals&card={card[1]}").get_data(as_text=True)
    first = commits(homes)[0]
    assert "into the enclosure at" in visible(homes) and " · size-" in visible(homes)
    play(client, table, "Ann", first)
    owed = client.get(url + "?g_money=2&g_appeal=-1").get_data(as_text=True)
    (move,) = commits(owed)
    assert move["gains"] == [["money", 2], ["appeal", -1]]
    assert ": 2 money, -1 appeal" in visible(owed)


def test_x_tokens_spent_first_then_the_action_takes_its_steps_at_the_raised_strength() -> None:
    # Seed text 二.1(1): each X-token raises the strength by 1, spent before the action.
    state = engines.advance(engines.game("ark_nova").new_game(["Ann", "Bob"], seed=SEED))
    game = engines.game("ark_nova")
    # Past the setup's discards, each player takes the X-token action once.
    while state.to_move is not None and seat_board(state, state.to_move, {})["owed"]:
        state = engines.advance(state.apply(state.legal_moves()[0]))
    for player in ("Ann", "Bob"):
        state = engines.advance(state.apply(game.parse_move(f"xtoken {player} cards")))
    board = seat_board(state, "Ann", {"act": "association", "x": "1"})
    assert board["x"] == 1 and [t["strength"] for t in board["tiles"]] == [2, 3, 4, 5, 6]
    spend = board["spend"]
    assert spend == {"type": "x_spend", "player": "Ann", "card": "association", "x": 1}
    assert not board["groups"]["association"]  # the steps come after the spending
    raised = state.apply(game.parse_move(spend))
    board = seat_board(raised, "Ann", {})
    assert board["act"] == "association" and board["acting"] == {
        "card": "association",
        "x": 1,
        "steps": 0,
    }
    steps = board["groups"]["association"]
    assert steps and all(m["x"] == 0 for m in steps) and board["done"] is None
    for move in steps:
        assert raised.check(game.parse_move(move)).legal
    assert seat_board(state, "Ann", {"x": "2"})["x"] == 0  # more than Ann holds: none spent


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_sponsors_unique_building_is_placed_by_tapping_hexes(
    client: FlaskClient, store: TableStore
) -> None:
    # A sponsor that places a unique building: the table enters the hexes it covers (the
    # effect's move takes them, rules spec §8.3); on the seat page each is a tap on the map.
    table = store.create("ark_nova", ["Ann", "Bob"], seed=1)
    rng = random.Random(1)
    policy = engines.GAMES["ark_nova"].playout_move
    assert policy is not None
    while True:
        state = table.state
        assert isinstance(state, ArkNovaState) and state.to_move is not None
        flow = state.flow
        assert flow is not None
        if not flow.pending and flow.acting is None:
            sponsors = turns.LISTERS["sponsors"](state, state.to_move)
            unique = [m for m in sponsors if set(m.to_json()["cards"]) & UNIQUE_BUILDINGS]
            if unique:
                move = unique[0]
                break
        move = policy(state, rng)
        table = store.submit(table.id, move.to_json(), actor=state.to_move, version=table.version)
    player = str(state.to_move)
    table = store.submit(table.id, move.to_json(), actor=player, version=table.version)
    while table.state.flow.pending[0].card not in UNIQUE_BUILDINGS:  # type: ignore[attr-defined]
        owed = table.state.legal_moves()[0]
        table = store.submit(table.id, owed.to_json(), actor=player, version=table.version)
    url = seat_url(table, player)
    page = html.unescape(client.get(url).get_data(as_text=True))
    assert 'data-unique="0"' in page
    spots = re.findall(r'<a href="([^"]+)" data-hex="(\d+,\d+)"[^>]*aria-pressed="false"', page)
    assert spots, "no free hex to tap for the building"
    href, at = spots[0]
    page = client.get(href).get_data(as_text=True)
    assert 'data-unique="1"' in page
    assert f'data-hex="{at}" aria-label' in html.unescape(page)
    (effect,) = commits(page)
    assert effect["hexes"] == [[int(v) for v in at.split(",")]]
    assert "its building on " in visible(page)
    play(client, table, player, effect)
    zoo = store.load(table.id).state.zoo(player)  # type: ignore[attr-defined]
    assert any(
        b.kind == "unique" and list(b.cells) == [tuple(effect["hexes"][0])] for b in zoo.buildings
    )


def test_animals_move_into_a_new_reptile_house_by_touch(
    client: FlaskClient, store: TableStore
) -> None:
    """Seed text 4.(4) "动物转移": after the reptile house is placed, each animal that may
    live there is a button of its own, in words; moving one empties its enclosure."""
    state = with_house(reptiles(473, 478))
    table = store.resume("ark_nova", state.to_json())
    url = seat_url(table, "ann")
    page = client.get(url).get_data(as_text=True)
    text = visible(page)
    assert "Move animals into the new special enclosure" in text
    assert (
        "Move Common Agama from its standard enclosure into the new reptile house or aviary, "
        "taking 1 space" in text
    )
    moves = [m for m in commits(page) if m["type"] == "build"]
    assert {m["moves"][0]["card"] for m in moves} == {473, 478}
    assert all(m["buildings"] == [] for m in moves)
    assert {"type": "done", "player": "ann"} in commits(page)
    zh = client.get(url, headers={"Accept-Language": "zh-TW"}).get_data(as_text=True)
    assert "把紅頭鬣蜥從一般圍欄搬進新蓋的爬蟲館或大型鳥舍，佔 1 格" in visible(zh)
    agama = next(m for m in moves if m["moves"] == [{"card": 473, "spaces": 1}])
    play(client, table, "ann", agama)
    after = client.get(url).get_data(as_text=True)
    assert {m["moves"][0]["card"] for m in commits(after) if m["type"] == "build"} == {478}


def test_on_a_recorded_table_every_seat_enters_its_own_zoo(
    client: FlaskClient, store: TableStore
) -> None:
    """mode=record: the second seat is not left waiting for the first. Bob builds on his
    own Map A by touch and records his zoo as typed JSON; neither seat may enter the
    other's zoo."""
    table = store.create("ark_nova", ["Ann", "Bob"], options={"mode": "record"})
    bob_url = seat_url(table, "Bob")
    bob = client.get(bob_url).get_data(as_text=True)
    assert "Your turn" in visible(bob) and "Record your zoo" in visible(bob)
    assert "Record Bob's zoo" in visible(bob) and "Ann's zoo" not in visible(bob)
    assert all(m.get("player") == "Bob" for m in commits(bob))
    # A building on Bob's map, by touch: a pavilion next to the setup kiosk.
    tapped = client.get(bob_url + "?act=build&building=pavilion&at=0,2").get_data(as_text=True)
    (build,) = [m for m in commits(tapped) if m["type"] == "build"]
    play(client, table, "Bob", build)
    view = client.get(bob_url + "/view.json").get_json()["view"]
    pavilion = {"at": [0, 2], "building": "pavilion", "rotation": 0}
    assert pavilion in view["zoos"]["Bob"]["buildings"]
    # His whole zoo, typed as JSON in the notation field.
    fields = ("money", "reputation", "x_tokens", "animals", "sponsors", "buildings")
    zoo = {k: view["zoos"]["Bob"][k] for k in fields} | {"appeal": 23, "conservation": 3}
    play(client, table, "Bob", {"type": "zoo", "player": "Bob", "zoo": zoo})
    view = client.get(bob_url + "/view.json").get_json()["view"]
    assert (view["zoos"]["Bob"]["appeal"], view["zoos"]["Bob"]["conservation"]) == (23, 3)
    # Ann still enters hers; Bob may not enter Ann's.
    ann = client.get(seat_url(table, "Ann")).get_data(as_text=True)
    assert "Your turn" in visible(ann) and "Record Ann's zoo" in visible(ann)
    version = client.get(bob_url + "/view.json").get_json()["version"]
    anns = json.dumps({"type": "zoo", "player": "Ann", "zoo": {"appeal": 50}})
    form = {"csrf_token": csrf(client), "version": version, "move": anns}
    refused = client.post(bob_url + "/move", data=form, headers={"Accept": "application/json"})
    assert refused.status_code == 403
    assert refused.get_json() == {
        "error": "Forbidden",
        "reason": "that move is Ann's to make, not Bob's",
    }
    page = client.post(bob_url + "/move", data=form, headers={"Accept-Language": "zh-TW"})
    assert page.status_code == 403
    assert "這一步要由 Ann 來做，不是你" in visible(page.get_data(as_text=True))
    assert "table.not_your_move" in page.get_data(as_text=True)
    assert client.get(bob_url + "/view.json").get_json()["view"]["zoos"]["Ann"]["appeal"] == 0


def test_tokens_are_placed_by_touch_and_shown_on_the_action_tiles(
    client: FlaskClient, store: TableStore
) -> None:
    """Seed text 二.8.(1): venom, constriction and multiplier tokens lie on action cards
    (``engines.ark_nova.tokens``): the Platypus's venom is placed by a tap, one token a
    commit, and each seat's tiles and the zoos' table say where the tokens lie."""
    table = store.resume("ark_nova", platypus(bob=10, cy=10).to_json())
    url = seat_url(table, "ann")
    page = client.get(url).get_data(as_text=True)
    text = visible(page)
    assert "Put each token where the card's ability sends it" in text
    assert "The effect of Platypus: a venom token on bob's Build card" in text
    venom = {"type": "effect", "player": "ann", "card": 449, "gains": [], "hexes": []}
    venom["tokens"] = [["venom", "bob", "build"]]
    assert venom in commits(page)
    zh = visible(client.get(url, headers={"Accept-Language": "zh-TW"}).get_data(as_text=True))
    assert "bob的建造行動卡上 1 個毒液標記" in zh
    play(client, table, "ann", venom)
    table = store.load(table.id)
    assert table.state.board("bob").tokens == (("build", "venom"),)  # type: ignore[attr-defined]
    board = client.get(url).get_data(as_text=True)
    assert "tokens on action cards" in visible(board) and "Build: venom" in visible(board)
    # Bob's tiles on his turn: the Build card says what lies on it, in both languages.
    state = table.state.evolve(
        flow=replace(table.state.flow, pending=(), turn=1)  # type: ignore[attr-defined]
    )
    bob = store.resume("ark_nova", state.to_json())
    tiles = client.get(seat_url(bob, "bob")).get_data(as_text=True)
    assert 'data-tokens="venom"' in tiles and "Tokens on it: venom" in visible(tiles)
    zh = client.get(seat_url(bob, "bob"), headers={"Accept-Language": "zh-TW"})
    assert "卡上的標記：毒液" in visible(zh.get_data(as_text=True))
