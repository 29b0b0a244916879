"""Animals on Board rule scenarios, one per rule and per worked example of the spec (§9)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engines import UNKNOWN, IllegalMove, advance
from engines.animals_on_board import (
    CATALOG,
    INFO,
    Cut,
    Draw,
    Give,
    Merge,
    Pass,
    Remove,
    Reveal,
    Split,
    Take,
    best_keeps,
    load_state,
    new_game,
    parse_move,
)
from engines.core import CHANCE, InvalidMove, InvalidSetup, InvalidState
from tests.animals_on_board.tables import NAMES, position, tiles

# The arks of the spec's worked examples 1 and 2 (§9), and a third player.
X_ARK = "S1V1 S1V3 S1V5 S2V2 S2V4 S3V5 S4V4 S5V1 S5V2 S5V3 S5V4 S6V3"
Y_ARK = "S7V1 S7V2 S7V3 S8V1 S8V2 S8V3 S9V1 S9V2 S9V3 S10V1 S10V2 S10V5"
Z_ARK = "S1V2 S1V4 S3V1 S3V2 S3V3 S4V1 S6V5 S7V4 S8V5"


def split_ark(text: str) -> tuple[str, str]:
    """Ark and face-up overflow of a holding (the first ten sorted tiles on the ark)."""
    held = tiles(text)
    return " ".join(held[:10]), " ".join(held[10:])


def departure_table() -> object:
    """Three players; cy passes on the final turn, X (ann) and Y (bob) hold 12 tiles."""
    (xa, xo), (ya, yo) = split_ark(X_ARK), split_ark(Y_ARK)
    return position(
        3,
        groups=["S9V4", "S10V3"],
        arks=[xa, ya, Z_ARK],
        overflow=[xo, yo, ""],
        food=[2, 0, 0],
        dropped=[True, True, False],
        turn=2,
        final_turn=True,
    )


# --------------------------------------------------------------------------- worked examples


def test_example_1_scores_49_and_example_2_scores_50() -> None:
    state = departure_table()
    state = state.apply(Pass())
    # X: the S2 pair goes to Noah, 10 tiles left, no cut. Y: 12 tiles, cut 2.
    assert state.phase == "cut" and state.to_move == "bob"
    advice = state.advice(1)
    assert [(k.points, k.species) for k in advice] == [(50, 4), (48, 4)]
    suggested = state.suggested_move()
    assert suggested == state.legal_moves()[0]
    assert isinstance(suggested, Cut) and len(suggested.tiles) == 2
    # Removing one tile of a herd would leave a pair.
    verdict = state.check(Cut(tiles("S7V1 S8V1")))
    assert verdict.code == "animals_on_board.bad_cut" and "exactly two S7" in str(verdict.reason)
    # Dropping a whole herd leaves 9, not the 10 the ark carries.
    verdict = state.check(Cut(tiles("S7V1 S7V2 S7V3")))
    assert verdict.code == "animals_on_board.bad_cut" and "exactly 2" in str(verdict.reason)
    end = state.apply(Cut(tiles("S10V1 S10V2")))
    outcome = end.outcome()
    assert outcome is not None
    assert outcome.scores == {"ann": 49, "bob": 50, "cy": 30}
    assert outcome.ranking == (("bob",), ("ann",), ("cy",))
    lines = {line.label: line for line in outcome.breakdown["ann"]}
    assert lines["pairs to Noah"].detail == "S2V2 S2V4"
    assert (lines["singles"].points, lines["herds"].points, lines["food"].points) == (12, 35, 2)
    bob = {line.label: line for line in outcome.breakdown["bob"]}
    assert bob["tiles cut"].detail == "S10V1 S10V2"
    assert (bob["singles"].points, bob["herds"].points) == (5, 45)


def test_example_2_best_keep_cuts_a_herd_to_its_highest_tile() -> None:
    best, runner_up = best_keeps(tiles(Y_ARK))
    assert best.points == 50 and best.species == 4
    assert runner_up.points == 48, "cutting any other herd to its single scores 45 + 3"
    assert "S10V5" in best.tiles and "S10V1" not in best.tiles


def test_example_3_food_cap_return_then_take() -> None:
    state = position(4, groups=["S1V1 S2V2 S3V3"], food=[5, 1, 1, 1])
    after = state.apply(Split(0, "c"))
    assert after.food[0] == 5
    assert after.supply == state.supply
    assert after.groups == (tiles("S1V1 S2V2"), tiles("S3V3"))


def test_food_cap_option_drop_to_four() -> None:
    state = position(
        4, groups=["S1V1 S2V2 S3V3"], food=[5, 1, 1, 1], options={"food_cap": "drop_to_four"}
    )
    after = state.apply(Split(0, "bc"))
    assert after.food[0] == 4 and after.supply == state.supply + 1


def test_example_4_forced_take_and_pass() -> None:
    state = position(4, groups=["S1V1", "S2V2", "S3V3"], food=[2, 1, 1, 1])
    assert set(state.legal_moves()) == {Take(0), Take(1), Take(2)}
    verdict = state.check(Pass())
    assert verdict.code == "animals_on_board.must_take"
    after = state.apply(Take(1))
    assert after.food[0] == 1 and after.dropped[0] and "S2V2" in after.arks[0]
    broke = position(4, groups=["S1V1", "S2V2", "S3V3"], food=[0, 1, 1, 1])
    assert broke.legal_moves() == (Pass(),)
    assert broke.check(Take(0)).code == "animals_on_board.not_enough_food"
    passed = broke.apply(Pass())
    assert passed.to_move == "bob" and not passed.dropped[0]


# --------------------------------------------------------------------------- splits and takes


def test_a_split_names_the_part_that_moves_and_keeps_tile_a() -> None:
    state = position(4, groups=["S1V1 S2V2 S3V3 S4V4"], down="S5V5", down_group=0)
    moves = state.legal_moves()
    assert len([m for m in moves if isinstance(m, Split)]) == 2**4 - 1
    assert state.check(Split(0, "ab")).code == "animals_on_board.split_names_a"
    assert state.check(Split(0, "bf")).code == "animals_on_board.no_such_tile"
    assert state.check(Split(1, "b")).code == "animals_on_board.no_group"
    after = state.apply(Split(0, "ce"))
    assert after.groups == (tiles("S1V1 S2V2 S4V4"), tiles("S3V3"))
    assert after.down_group == 1 and after.down_tile == "S5V5"
    assert after.group_size(1) == 2
    view = after.view("bob")
    assert view["centre"][1]["tiles"] == ["S3V3", UNKNOWN]
    assert after.food[0] == 2 and after.to_move == "bob"


def test_groups_are_never_merged() -> None:
    """§5: a split's part forms a new group; tiles laid with another group are refused."""
    state = position(4, groups=["S1V1 S2V2 S3V3", "S4V4"], down="S5V5", down_group=0)
    for move in (Merge(0, "bd", 1), Merge(1, "a", 0), Merge(0, "abcd", 1)):
        verdict = state.check(move)
        assert verdict.code == "animals_on_board.merge", move
        assert f"cannot join group {move.into}" in str(verdict.reason)
        with pytest.raises(IllegalMove) as err:
            state.apply(move)
        assert err.value.code == "animals_on_board.merge"
    assert state.check(Merge(0, "e", 1)).code == "animals_on_board.no_such_tile"
    assert state.check(Merge(0, "b", 2)).code == "animals_on_board.no_group"
    assert "the whole of group 0" in str(state.check(Merge(0, "abcd", 1)).reason)
    assert not any(isinstance(m, Merge) for m in state.legal_moves())


def test_a_split_can_be_built_from_the_tiles_of_either_part() -> None:
    state = position(4, groups=["S1V1 S2V2 S3V3 S4V4"], down="S5V5", down_group=0)
    assert state.split_of(0, ["S3V3", UNKNOWN]) == Split(0, "ce")
    assert state.split_of(0, ["S1V1", "S2V2", "S4V4"]) == Split(0, "ce")
    with pytest.raises(IllegalMove, match="not in group 0"):
        state.split_of(0, ["S9V9"])
    with pytest.raises(IllegalMove, match="whole group"):
        state.split_of(0, ["S1V1", "S2V2", "S3V3", "S4V4", UNKNOWN])
    with pytest.raises(IllegalMove, match="no group 3"):
        state.split_of(3, ["S1V1"])
    after = state.apply(Split(0, "ce"))
    assert after.events[0].text == "ann splits group 0: S1V1 S2V2 S4V4 | S3V3 ? (new group 1)"


def test_splitting_off_the_face_down_tile_alone() -> None:
    state = position(2, groups=["S1V1"], down="S2V5", down_group=0)
    after = state.apply(Split(0, "b"))
    assert after.groups == (("S1V1",), ())
    assert after.down_group == 1 and after.group_size(1) == 1


def test_taking_the_face_down_tile_costs_one_food_and_hides_it() -> None:
    state = position(3, groups=["S1V1 S2V2", "S3V3"], down="S4V4", down_group=0, food=[3, 1, 1])
    after = state.apply(Take(0))
    assert after.food[0] == 0 and after.supply == state.supply + 3
    assert set(after.arks[0]) == {"S1V1", "S2V2", "S4V4"}
    assert after.down_tile is None and after.down_group == -1
    assert after.start == 0, "the first to drop out takes the start-player flag"
    assert "face-down" in after.events[0].text and "S4V4" not in after.events[0].text
    bob = after.view("bob")
    assert bob["players"][0]["tiles"] == 3 and "ark" not in bob["players"][0]
    assert after.view("ann")["players"][0]["ark"] == ["S1V1", "S2V2", "S4V4"]


def test_overflow_beyond_ten_lies_face_up() -> None:
    state = position(
        2,
        groups=["S1V1 S1V2 S1V3", "S2V1"],
        down="S3V3",
        down_group=0,
        arks=["S4V1 S4V2 S4V3 S5V1 S5V2 S5V3 S6V1 S6V2 S6V3", ""],
        food=[4, 1],
    )
    after = state.apply(Take(0))
    assert len(after.arks[0]) == 10 and len(after.overflow[0]) == 3
    assert "S3V3" in after.arks[0], "the face-down tile stays hidden on the ark"
    assert after.view(None)["players"][0]["overflow"] == ["S1V1", "S1V2", "S1V3"]
    hidden = position(
        2,
        groups=["S1V1 S1V2 S1V3"],
        arks=["S4V1 S4V2 S4V3 S5V1 S5V2 S5V3 S6V1 S6V2 S6V3", ""],
        food=[3, 1],
        options={"overflow_tiles": "face_down"},
    ).apply(Take(0))
    assert "overflow" not in hidden.view(None)["players"][0]
    assert hidden.view(None)["players"][0]["tiles"] == 12


def test_last_player_gets_one_final_turn_then_the_round_ends() -> None:
    state = position(3, groups=["S1V1 S1V2 S1V3", "S2V1", "S2V2"], food=[1, 2, 1])
    state = state.apply(Take(1))  # ann out: first out, takes the flag
    assert state.to_move == "bob"
    state = state.apply(Take(1))  # bob out: only cy left
    assert state.final_turn and state.to_move == "cy"
    state = state.apply(Split(0, "c"))  # a final split just earns food
    assert state.phase == "refill" and state.to_move == CHANCE and state.round == 2
    assert state.groups == (tiles("S1V1 S1V2 S1V3"),), "the centre is pushed into one group"
    assert state.dropped == (False, False, False) and state.start == 0
    assert state.food[2] == 2
    state = advance(state)
    assert state.phase == "play" and state.to_move == "ann"
    assert sum(map(len, state.groups)) == 10 and state.down_tile is not None


def test_deadlock_guard_ends_the_round_when_everyone_passes() -> None:
    state = position(2, groups=["S1V1", "S2V2"], food=[0, 0])
    state = state.apply(Pass())
    assert state.phase == "play" and state.to_move == "bob"
    state = state.apply(Pass())
    assert state.phase == "refill"


def test_the_game_ends_after_the_round_with_a_full_ark() -> None:
    state = position(
        2,
        groups=["S1V1 S1V2", "S2V1"],
        arks=["S4V1 S4V2 S4V3 S5V1 S5V2 S5V3 S6V1 S6V2", ""],
        food=[2, 1],
    )
    state = state.apply(Take(0))
    assert state.phase == "play" and state.final_turn and state.to_move == "bob"
    state = state.apply(Take(0))
    assert state.phase == "over" and state.to_move is None
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == {"ann": 30, "bob": 1}, (
        "the S1 pair goes to Noah"
    )


def test_ties_go_to_more_species_then_are_shared() -> None:
    state = position(
        2,
        arks=["S1V5 S2V5", "S3V5 S4V3 S5V2"],
        groups=["S6V1"],
        food=[0, 0],
        phase="over",
    )
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == {"ann": 10, "bob": 10}
    assert outcome.ranking == (("bob",), ("ann",))
    assert "more species" in outcome.tiebreak
    shared = position(2, arks=["S1V5 S2V5", "S3V5 S4V5"], food=[1, 1], phase="over").outcome()
    assert shared is not None and shared.ranking == (("ann", "bob"),)
    assert "share" in shared.tiebreak


# --------------------------------------------------------------------------- setup and chance


def test_setup_with_chosen_species_then_draws_and_gives() -> None:
    state = new_game(NAMES[:3], seed=5)
    assert state.phase == "remove" and state.to_move == "ann"
    assert len(state.legal_moves()) == 12
    state = state.apply(Remove("S12")).apply(Remove("S3"))
    assert state.removed == ("S3", "S12") and len(state.stack) == 50
    assert state.phase == "deal" and state.to_move == CHANCE
    assert state.check(Draw("S3V1")).code == "animals_on_board.tile_not_in_stack"
    state = advance(state)
    assert state.phase == "give" and state.to_move == "ann"
    hand = state.hands[0]
    assert len(hand) == 3 and len(state.legal_moves()) == 3
    assert "hand_tiles" not in state.view("bob")["players"][0]
    assert state.view("ann")["players"][0]["hand_tiles"] == list(hand)
    for seat in range(3):
        state = state.apply(state.legal_moves()[0])
        if seat < 2:
            assert state.groups == ()
    state = advance(state)
    assert state.phase == "play" and state.round == 1
    assert sum(map(len, state.groups)) == 10 and state.down_group == 0
    assert [len(a) for a in state.arks] == [1, 1, 1]
    assert len(state.legal_moves()) == 2**10 - 1


def test_random_removal_is_chance() -> None:
    state = new_game(NAMES[:2], seed=3, options={"removed_species": "random"})
    assert state.to_move == CHANCE
    state = advance(state)
    assert len(state.removed) == 4 and state.phase == "give"


def test_table_game_deals_unknown_tiles_and_reveals_them_at_the_departure() -> None:
    state = new_game(NAMES[:2], options={"removed_species": "random"})
    assert state.chance_move() is None
    for s in ("S9", "S10", "S11", "S12"):
        state = state.apply(Remove(s))
    assert Draw(UNKNOWN) in state.legal_moves()
    for _ in range(6):
        state = state.apply(Draw(UNKNOWN))
    assert state.unseen == 6 and state.phase == "give"
    # Each player names the two tiles they put face up; the third stays unknown.
    state = state.apply(Give(tiles("S1V1 S2V2")))
    assert state.check(Give(tiles("S1V1 S3V3"))).code == "animals_on_board.bad_give"
    state = state.apply(Give(tiles("S3V3 S4V4")))
    assert state.arks == ((UNKNOWN,), (UNKNOWN,)) and state.unseen == 2
    assert state.phase == "refill"
    # Face-up refills must be named; the face-down tile may stay unknown.
    assert Draw(UNKNOWN) not in state.legal_moves()
    assert state.check(Draw(UNKNOWN)).code == "animals_on_board.unknown_tile"
    for t in ("S5V1", "S5V2", "S5V3", "S5V4"):
        state = state.apply(Draw(t))
    assert Draw(UNKNOWN) in state.legal_moves()
    state = state.apply(Draw(UNKNOWN))
    assert state.phase == "play" and state.down_tile == UNKNOWN
    assert state.conservation_problem() is None
    # ann takes everything she can; play to a full ark with a hidden tile.
    state = state.apply(Split(0, "i")).apply(Take(1))
    assert state.arks[1] == (UNKNOWN, UNKNOWN)
    assert state.to_move == "ann" and state.final_turn


def test_table_reveal_resolves_unknown_tiles() -> None:
    state = position(
        2,
        arks=["S1V1 S1V2 S1V3 S2V1 S2V2 S2V3 S3V1 S3V2 S3V3", "S4V1"],
        seed=None,
        groups=["S5V1"],
        food=[0, 0],
        dropped=[False, True],
        final_turn=True,
    )
    state = dataclasses.replace(state, arks=(state.arks[0] + (UNKNOWN,), state.arks[1]), unseen=1)
    assert state.conservation_problem() is None
    state = state.apply(Pass())
    assert state.phase == "reveal" and state.to_move == "ann"
    assert len(state.legal_moves()) == len(state.stack)
    verdict = state.check(Reveal("S4V1"))
    assert verdict.code == "animals_on_board.bad_reveal" and "already on the table" in str(
        verdict.reason
    )
    assert state.check(Reveal("S12V1")).code == "animals_on_board.bad_reveal"
    state = state.apply(Reveal("S6V5"))
    assert state.phase == "over" and "S6V5" in state.arks[0]
    outcome = state.outcome()
    assert outcome is not None and outcome.scores["ann"] == 45 + 5


# --------------------------------------------------------------------------- notation, JSON, views


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("split 0 bdf", Split(0, "bdf")),
        ("split 3 fb", Split(3, "bf")),
        ("take 2", Take(2)),
        ("pass", Pass()),
        ("draw S3V4", Draw("S3V4")),
        ("draw ?", Draw(UNKNOWN)),
        ("give S4V5 S1V3", Give(("S1V3", "S4V5"))),
        ("cut S5V2 S1V1", Cut(("S1V1", "S5V2"))),
        ("reveal s12v5", Reveal("S12V5")),
        ("remove S11", Remove("S11")),
        ("merge 1 ca 0", Merge(1, "ac", 0)),
    ],
)
def test_notation_reads_and_round_trips(text: str, move: object) -> None:
    assert parse_move(text) == move
    assert parse_move(parse_move(text).notation()) == move
    assert parse_move(json.dumps(parse_move(text).to_json())) == move


@pytest.mark.parametrize(
    "text",
    [
        "split 0",
        "split x b",
        "split 0 bb",
        "split 0 z",
        "take",
        "draw S13V1",
        "cut S1V9",
        "merge 0 b",
        "merge 1 a 1",
    ],
)
def test_unreadable_moves_are_invalid(text: str) -> None:
    with pytest.raises(InvalidMove):
        parse_move(text)


def test_illegal_moves_carry_a_code_and_numbers() -> None:
    state = position(4, groups=["S1V1 S2V2 S3V3"], food=[2, 1, 1, 1])
    with pytest.raises(IllegalMove) as err:
        state.apply(Take(0))
    assert err.value.code == "animals_on_board.not_enough_food"
    assert "3 tiles" in err.value.reason and "has 2" in err.value.reason
    assert state.check(Draw("S4V4")).code == "animals_on_board.wrong_phase"


def test_views_hide_arks_and_the_face_down_tile() -> None:
    state = position(
        2, groups=["S1V1 S2V2"], down="S3V3", down_group=0, arks=["S4V4", "S5V5"], food=[1, 1]
    )
    public = json.dumps(state.view(None))
    assert "S3V3" not in public and "S4V4" not in public and "S5V5" not in public
    assert "S4V4" in json.dumps(state.view("ann")) and "S5V5" not in json.dumps(state.view("ann"))
    assert state.public_move(Split(0, "c"), None)["tiles"] == ["S1V1", "S2V2", UNKNOWN]


def test_state_json_round_trips_and_broken_documents_are_refused() -> None:
    state = departure_table()
    doc = state.to_json()
    assert load_state(json.dumps(doc)) == state
    broken = dict(doc, supply=doc["supply"] + 1)
    with pytest.raises(InvalidState, match="food adds up"):
        load_state(broken)
    twice = dict(doc, groups=[["S1V1"], ["S9V4", "S10V3"]])
    with pytest.raises(InvalidState, match="two places"):
        load_state(twice)
    strange = dict(doc, groups=[["S9V4", "S10V3", "S13V1"]])
    with pytest.raises(InvalidState, match="'S13V1' is not an animal tile"):
        load_state(strange)
    gone = dict(doc, groups=[["S9V4"]])
    with pytest.raises(InvalidState, match="tiles missing: S10V3"):
        load_state(gone)
    greedy = dict(doc, food=[7, 0, 0], supply=13)
    with pytest.raises(InvalidState, match="0 to 5 food"):
        load_state(greedy)


def test_setup_is_checked() -> None:
    with pytest.raises(InvalidSetup):
        new_game(["solo"])
    with pytest.raises(InvalidSetup):
        new_game(NAMES[:2], options={"food_cap": "seven"})
    assert INFO.option("removed_species").default == "chosen"


def test_catalog_lists_every_piece() -> None:
    assert len(CATALOG.of_kind("tile")) == 60
    assert len(CATALOG.of_kind("token")) == 20
    assert [c.id for c in CATALOG.of_kind("back")] == ["BACK"]
    mats = CATALOG.of_kind("mat")
    assert [m.id for m in mats] == ["CENTRE", "ARK1", "ARK2", "ARK3", "ARK4"]
    assert set(mats[1].data["zones"]) == {"ark", "overflow", "food"}
    assert CATALOG["S3V4"].data == {
        "species": "S3",
        "species_en": "Fox",
        "species_zh": "狐狸",
        "value": 4,
    }
    assert CATALOG["S3V4"].names["zh-Hant"] == "狐狸 4"


def test_setup_draws_and_gives_stay_hidden_from_the_others() -> None:
    state = new_game(NAMES[:4], seed=2)
    assert state.phase == "deal" and state.to_move == CHANCE
    first = state.chance_move()
    assert isinstance(first, Draw)
    assert state.public_move(first, "ann") == first.to_json()
    assert state.public_move(first, "bob") == {"type": "draw", "tile": UNKNOWN}
    state = advance(state)
    give = state.legal_moves()[0]
    assert state.public_move(give, "bob")["tiles"] == [UNKNOWN, UNKNOWN]
    state = state.apply(give)
    public = json.dumps(state.view("bob"))
    assert all(t not in public for t in state.hands[0] + state.arks[0])
    assert state.view("bob")["players"][0]["hand"] == 2
    assert state.view("ann")["players"][0]["hand_tiles"] == list(give.to_json()["tiles"])


def test_at_the_departure_every_ark_is_shown_with_the_advice() -> None:
    state = departure_table().apply(Pass())
    public = state.view(None)
    assert public["players"][2]["ark"] == list(tiles(Z_ARK))
    assert public["advice"][0]["cut"] == ["S10V1", "S10V2"]
    assert public["advice"][0]["points"] == 50 and public["advice"][1]["points"] == 48
