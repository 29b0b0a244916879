"""Setup, table games with unknown cards, views, JSON, notation, the CLI and the examples."""

from __future__ import annotations

import dataclasses
import io
import json
from contextlib import redirect_stdout
from fractions import Fraction
from pathlib import Path

import pytest

from cli import main
from engines.core import CHANCE, UNKNOWN, InvalidMove, InvalidState, advance
from engines.hare_tortoise import CATALOG, load_state, new_game, parse_move
from engines.hare_tortoise.catalog import FULL_DECK, KINDS, UNK
from engines.hare_tortoise.moves import (
    Deal,
    DealBet,
    Draw,
    Keep,
    Play,
    Reveal,
    Track,
    track_from_tiles,
)
from engines.hare_tortoise.state import HareState
from tests.hare_tortoise.helpers import race

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "hare_tortoise"


def seeded_to_play(n: int, seed: int = 1) -> HareState:
    state = advance(new_game(["ann", "bob", "cy", "dee", "eve"][:n], seed=seed))
    assert state.phase == "track" and state.chance_move() is None
    state = advance(state.apply(Track((4, 9))))
    while state.phase == "keep":
        state = advance(state.apply(state.legal_moves()[0]))
    return state


@pytest.mark.parametrize(("n", "bets"), [(2, 2), (3, 1), (5, 1)])
def test_setup_deals_bets_and_hands(n: int, bets: int) -> None:
    state = seeded_to_play(n)
    assert state.phase == "play" and state.to_move == "ann"
    assert all(len(b) == bets for b in state.start_bets)
    dealt = [b for bs in state.start_bets for b in bs]
    assert len(set(dealt)) == len(dealt)
    assert all(sum(hand) == 6 for hand in state.hands)
    assert all(b is not None for b in state.second_bets)
    assert sum(state.deck) == 81 - 7 * n and state.card_total() == 81


def test_race_cards_come_off_the_pile_in_proportion_to_each_kind() -> None:
    state = advance(new_game(["ann", "bob"], seed=3)).apply(Track((4, 9)))
    assert state.phase == "deal"
    odds = dict(state.chance_outcomes())
    assert odds == {Deal(KINDS[k]): Fraction(FULL_DECK[k], 81) for k in range(UNK)}
    dealt = state.apply(Deal("W!"))
    assert dict(dealt.chance_outcomes())[Deal("W!")] == Fraction(2, 80)
    # A table game weighs the kinds by the cards still unseen; ``?`` is no outcome.
    table = new_game(["ann", "bob"]).apply(DealBet("H")).apply(DealBet("T"))
    table = table.apply(DealBet("W")).apply(DealBet("F")).apply(Track((4, 9)))
    table = table.apply(Deal("W!")).apply(Deal(UNKNOWN))
    odds = dict(table.chance_outcomes())
    assert Deal(UNKNOWN) in table.legal_moves() and Deal(UNKNOWN) not in odds
    assert odds[Deal("W!")] == Fraction(2, 80) and odds[Deal("H")] == Fraction(18, 80)


def test_streams_come_from_the_table_unless_random() -> None:
    table = advance(new_game(["ann", "bob"], seed=3))
    assert table.phase == "track" and table.to_move == CHANCE
    assert len(table.legal_moves()) == 55
    drawn = advance(new_game(["ann", "bob"], seed=3, options={"stream_positions": "random"}))
    assert drawn.phase == "keep" and len(drawn.streams) == 2


@pytest.mark.parametrize(
    ("streams", "code"), [((4,), "bad_track"), ((4, 4), "bad_track"), ((0, 12), "bad_track")]
)
def test_bad_tracks_are_refused(streams: tuple[int, ...], code: str) -> None:
    state = advance(new_game(["ann", "bob"], seed=3))
    assert state.check(Track(streams)).code == "hare_tortoise." + code


def test_a_simulation_names_every_card() -> None:
    state = new_game(["ann", "bob"], seed=3)
    assert state.check(DealBet(UNKNOWN)).code == "hare_tortoise.unknown_card"
    state = state.apply(DealBet("F"))
    assert state.check(DealBet("F")).code == "hare_tortoise.bet_dealt"


def table_game() -> HareState:
    state = new_game(["ann", "bob", "cy"])
    for text in ["bet ?"] * 3 + ["track 4 9"] + ["deal ?"] * 21 + ["keep ?"] * 3:
        state = state.apply(parse_move(text))
    return state


def test_table_game_resolves_unknown_cards_when_played() -> None:
    state = table_game()
    assert state.phase == "play" and state.hands[0] == (0,) * 6 + (6,)
    assert sum(state.deck) == state.deck[UNK] == 81 - 21
    assert Play(("W!", "W!", "W!")) in state.legal_moves()
    after = state.apply(Play(("F", "F")))
    assert after.hands[0][UNK] == 4 and after.unseen()[KINDS.index("F")] == 13
    assert [m.card for m in after.legal_moves()][-1] == UNKNOWN
    after = after.apply(Draw(UNKNOWN)).apply(Draw("F"))
    assert after.phase == "play" and after.hands[0][KINDS.index("F")] == 1


def test_table_game_refuses_more_cards_than_exist() -> None:
    state = table_game()
    for _ in range(3):
        state = state.apply(Play(("W!",))).apply(Draw(UNKNOWN))
    verdict = state.check(Play(("W!",)))
    assert verdict.code == "hare_tortoise.not_in_hand"
    assert "only 0 more wolf (howl)" in (verdict.reason or "")
    assert state.check(Draw("W!")).code == "hare_tortoise.wrong_phase"


def test_table_game_reveals_bets_at_the_end() -> None:
    state = table_game()
    hand = (0, 0, 0, 0, 0, 0, 5)
    state = dataclasses.replace(
        state,
        phase="refill",
        hands=(hand, *state.hands[1:]),
        table=((0, 4), (1, 4), (2, 4), (0, 4)),
        positions=(12, 13, 0, 10, 0),
        podium=(0, 1),
    )
    state = dataclasses.replace(state, deck=(0,) * 6 + (81 - state.card_total() + sum(state.deck),))
    state = state.apply(Draw(UNKNOWN))
    assert state.phase == "reveal" and state.to_move == CHANCE and state.outcome() is None
    assert state.podium == (0, 1, 3)
    assert Reveal("ann", "F") in state.legal_moves()
    assert state.check(Reveal("ann", "W!")).code == "hare_tortoise.bad_bet"
    for move in ["reveal F ann", "reveal H bob", "reveal T cy"]:
        state = state.apply(parse_move(move))
    assert state.check(Reveal("bob", UNKNOWN)).code == "hare_tortoise.bad_bet"
    for move in ["reveal F ann", "reveal W! bob", "reveal L cy"]:
        state = state.apply(parse_move(move))
    assert state.check(Reveal("ann", "F")).code == "hare_tortoise.game_over"
    outcome = state.outcome()
    assert state.is_over and outcome is not None
    assert outcome.scores == {"ann": 4, "bob": 5, "cy": 3}


def test_views_hide_hands_bets_and_the_pile() -> None:
    state = seeded_to_play(3)
    view = state.view("bob")
    assert view["hands"]["ann"] == {"count": 6, "cards": None}
    assert len(view["hands"]["bob"]["cards"]) == 6
    assert view["bets"]["ann"] == {"count": 2, "start": None, "second": None}
    assert view["bets"]["bob"]["second"] in KINDS
    assert view["deck"] == sum(state.deck)
    public = state.view(None)
    assert all(h["cards"] is None for h in public["hands"].values())
    end = dataclasses.replace(state, phase="over", podium=(0, 1, 2))
    assert end.view("bob")["bets"]["ann"]["start"] == list(state.start_bets[0])
    json.dumps(public)


def test_public_moves_hide_dealt_cards() -> None:
    state = new_game(["ann", "bob"], seed=2).apply(DealBet("T")).apply(DealBet("H"))
    state = state.apply(DealBet("F")).apply(DealBet("L")).apply(Track((4, 9)))
    assert state.public_move(Deal("H"), "ann") == {"type": "deal", "card": "H"}
    assert state.public_move(Deal("H"), "bob") == {"type": "deal", "card": "?"}
    assert state.public_move(Deal("H"), None)["card"] == "?"


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("play W! w W", Play(("W", "W", "W!"))),
        ('{"type": "play", "cards": ["L", "L"]}', Play(("L", "L"))),
        ("track 9 4", Track((4, 9))),
        ("reveal w! ann", Reveal("ann", "W!")),
        ("keep ?", Keep(UNKNOWN)),
        ("reshuffle", parse_move({"type": "reshuffle"})),
    ],
)
def test_notation(text: str, move: object) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize("text", ["play Z", "bet W!", "track four", "fly 3", '{"type": "play"}'])
def test_unreadable_moves(text: str) -> None:
    with pytest.raises(InvalidMove):
        parse_move(text)


def test_broken_card_counts_are_refused() -> None:
    doc = seeded_to_play(3).to_json()
    doc["deck"]["H"] -= 1
    with pytest.raises(InvalidState, match="80 race cards"):
        load_state(doc)
    doc["deck"]["H"] += 1
    doc["phase"] = "nap"
    with pytest.raises(InvalidState, match="unknown phase"):
        load_state(doc)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_examples_load(path: Path) -> None:
    state = load_state(path.read_text(encoding="utf-8"))
    assert state.card_total() == 81
    assert load_state(state.to_json()) == state


def test_cli_apply_prints_the_race() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["apply", "hare_tortoise", str(EXAMPLES / "race_next.json"), "play W W W!"])
    assert code == 0
    doc = json.loads(out.getvalue())
    (event,) = doc["events"]
    assert event["kind"] == "race"
    assert [a["reason"] for a in event["data"]["animals"]] == [
        "howl",
        "howl",
        "moved",
        "howl",
        "howl",
    ]
    assert doc["table"] == [] and doc["phase"] == "play"


def test_catalog_lists_every_piece() -> None:
    race = [c for c in CATALOG.of_kind("card") if "kind" in c.data]
    assert len(race) == 81
    for kind, count in zip(KINDS, FULL_DECK, strict=False):
        assert sum(1 for c in race if c.data["kind"] == kind) == count
    assert sum(1 for c in race if c.data["howl"]) == 3
    assert sorted(c.id for c in CATALOG.of_kind("card") if "bet" in c.data) == [
        "BF",
        "BH",
        "BL",
        "BT",
        "BW",
    ]
    tiles = [c for c in CATALOG.of_kind("tile") if "stream" in c.data]
    assert len(tiles) == 11 and sum(c.data["stream"] for c in tiles) == 2
    assert {"START", "FINISH", "PODIUM", "BACK"} <= {c.id for c in CATALOG}
    assert len(CATALOG.of_kind("token")) == 5
    for comp in CATALOG:
        assert comp.names["en"] and comp.names["zh-Hant"]


def test_format_doc_race_example_is_what_the_engine_says() -> None:
    doc = (ROOT / "docs" / "formats" / "hare_tortoise.md").read_text()
    block = doc.split("```json\n", 1)[1].split("```", 1)[0]
    after = race(
        table=["H"] * 4 + ["W", "W", "W!", "T"],
        positions={"hare": 11, "tortoise": 3, "wolf": 11, "fox": 12, "lamb": 2},
        podium=["fox"],
    )
    (event,) = after.events
    assert event.to_json()["data"] == json.loads(block)
    assert " ".join(event.text.split()) in " ".join(doc.split())


def test_known_bets_have_nothing_to_reveal() -> None:
    state = dataclasses.replace(
        table_game(), phase="reveal", start_bets=(("F",), ("?",), ("T",)), podium=(0, 1, 3)
    )
    state = dataclasses.replace(state, second_bets=("H", "?", "L"))
    assert state.check(Reveal("ann", "H")).code == "hare_tortoise.nothing_to_reveal"
    assert state.check(Reveal("zed", "H")).code == "hare_tortoise.no_such_player"
    assert {m.player for m in state.legal_moves() if isinstance(m, Reveal)} == {"bob"}


def test_track_from_the_tiles_as_read() -> None:
    order = ["P1", "P2", "P3", "S2", "P4", "P5", "P6", "P7", "S1", "P8", "P9"]
    assert track_from_tiles(order) == Track((4, 9))
    with pytest.raises(InvalidMove, match="11 different"):
        track_from_tiles(order[:-1])
    with pytest.raises(InvalidMove, match="not a track tile"):
        track_from_tiles([*order[:-1], "H01"])
