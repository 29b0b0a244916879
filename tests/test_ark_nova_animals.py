"""Animal plays, X-tokens, the Cards action's snap and the hand limit (rules spec §3-4)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from engines.ark_nova import RECORD, load_state, new_game, parse_move
from engines.ark_nova.animals import price
from engines.ark_nova.board import PlayerBoard, reputation_range
from engines.ark_nova.cards import ANIMALS
from engines.ark_nova.conditions import CONDITIONS, Condition, review
from engines.ark_nova.state import ArkNovaState
from engines.ark_nova.zoo import Zoo
from engines.core import UNKNOWN, IllegalMove

# Setup zoo (the size-3 enclosure borders water [2,5] and rock [1,6]), a size-2
# enclosure at [1,3]-[1,4] with no rock or water beside it, a reptile house
# beside three water spaces and a petting zoo.
BUILDINGS: list[dict[str, Any]] = [
    {"building": "kiosk", "at": [0, 3]},
    {"building": "enclosure_3", "at": [0, 5]},
    {"building": "enclosure_2", "at": [1, 4]},
    {"building": "reptile_house", "at": [2, 3], "rotation": 1},
    {"building": "petting_zoo", "at": [0, 2], "rotation": 1},
]
HAND = [449, 402, 408, 519, 469, 473, 451, 403, 444, 480]


def table(
    *,
    slot: int = 2,
    upgraded: bool = False,
    special: dict[str, int] | None = None,
    display: list[Any] | None = None,
    **zoo: Any,
) -> ArkNovaState:
    """Ann's zoo above, her Animals card in ``slot``; ``zoo`` overrides zoo fields."""
    row = ["cards", "build", "association", "sponsors"]
    row.insert(slot - 1, "animals")
    doc = {
        "game": "ark_nova",
        "format": 1,
        "players": ["ann", "bob"],
        "zoos": {"ann": {"buildings": BUILDINGS, **zoo}, "bob": {}},
        "boards": {
            "ann": {
                "actions": row,
                "upgraded": ["animals"] if upgraded else [],
                "hand": HAND,
                "special": special or {},
            }
        },
        "display": display or [470, 494, 406, UNKNOWN, UNKNOWN, UNKNOWN],
    }
    return load_state(doc)


def code(state: ArkNovaState, text: str) -> str | None:
    """The verdict's code; None for a plain legal verdict."""
    v = state.check(parse_move(text))
    return v.code if not v.legal or v.code else None


def legal(state: ArkNovaState, text: str) -> bool:
    return state.check(parse_move(text)).legal


# --------------------------------------------------------------------------- enclosures


PREDATORS = (401, 404, 405)
"""Predators in no hand or display: the Lion's 3 predator icons (TORB requires)."""


def test_too_small_an_enclosure() -> None:
    state = table(animals=PREDATORS)
    v = state.check(parse_move("animals ann 402@0,4"))
    assert (v.legal, v.code) == (False, "ark_nova.animals.too_small")
    assert "size 4" in (v.reason or "") and "has 3" in (v.reason or "")
    assert legal(state, "animals ann 408@0,4")


def test_missing_water() -> None:
    state = table()
    v = state.check(parse_move("animals ann 449@1,4"))
    assert (v.legal, v.code) == (False, "ark_nova.animals.water")
    assert "borders 0" in (v.reason or "")
    # The setup enclosure borders the water space [2,5].
    assert legal(state, "animals ann 449@0,5")


def test_missing_rock() -> None:
    bare = {"building": "enclosure_3", "at": [2, 3], "rotation": 1}  # no rock or water beside
    state = table(buildings=[*BUILDINGS[:3], bare], partner_zoos=["africa"])
    v = state.check(parse_move("animals ann 403@2,3"))  # Leopard: size 3, 1 rock
    assert (v.legal, v.code) == (False, "ark_nova.animals.rock")
    assert legal(state, "animals ann 403@0,4")  # the setup enclosure borders rock [1,6]
    one = {"building": "enclosure_3", "at": [2, 2], "rotation": 1}  # beside 1 rock
    ibex = table(buildings=[*BUILDINGS[:3], one], money=40)
    v = ibex.check(parse_move("animals ann 444@2,2"))  # Alpine Ibex needs 2 rock
    assert (v.legal, v.code) == (False, "ark_nova.animals.rock")
    assert "needs 2 rock spaces" in (v.reason or "") and "borders 1" in (v.reason or "")


def test_an_occupied_enclosure_takes_no_second_animal() -> None:
    state = table(slot=5)
    assert code(state, "animals ann 408@0,4 449@0,5") == "ark_nova.animals.occupied"
    filled = [dict(b) for b in BUILDINGS]
    filled[1]["occupied"] = True
    assert code(table(buildings=filled), "animals ann 408@0,4") == "ark_nova.animals.occupied"


def test_a_play_needs_an_enclosure() -> None:
    state = table()
    assert code(state, "animals ann 408@4,0") == "ark_nova.animals.no_enclosure"
    assert code(state, "animals ann 408@0,3") == "ark_nova.animals.not_enclosure"


# --------------------------------------------------------------------------- money


def test_not_enough_money() -> None:
    v = table(money=13).check(parse_move("animals ann 408@0,4"))
    assert (v.legal, v.code) == (False, "ark_nova.animals.money")
    assert "costs 14" in (v.reason or "") and "only 13" in (v.reason or "")
    assert legal(table(money=14), "animals ann 408@0,4")


def test_partner_zoo_discount() -> None:
    bear = ANIMALS[408]  # Sloth Bear, Asia, printed 14
    assert price(bear, Zoo(partner_zoos=("asia",))).total == 11
    assert price(bear, Zoo(partner_zoos=("africa",))).total == 14
    assert price(ANIMALS[426], Zoo(partner_zoos=("africa",))).discount == 6  # 2 Africa icons
    assert code(table(money=11), "animals ann 408@0,4") == "ark_nova.animals.money"
    state = table(money=11, partner_zoos=["asia"])
    assert legal(state, "animals ann 408@0,4")
    after = state.apply(parse_move("animals ann 408@0,4"))
    assert after.zoo("ann").money == 0
    assert "partner-zoo discount" in after.events[0].text


# --------------------------------------------------------------------------- special enclosures


def test_petting_zoo_animals_live_in_the_petting_zoo_only() -> None:
    state = table()
    assert code(state, "animals ann 519@1,4") == "ark_nova.animals.petting_only"
    assert legal(state, "animals ann 519@0,2")
    assert code(state, "animals ann 408@0,2") == "ark_nova.animals.not_petting"
    full = table(special={"petting_zoo": 3})
    assert code(full, "animals ann 519@0,2") == "ark_nova.animals.full"
    after = table(special={"petting_zoo": 2}).apply(parse_move("animals ann 519@0,2"))
    assert after.board("ann").used("petting_zoo") == 3


ASIA = (407, 409, 410)
"""Animals with an Asia icon in no hand or display: the Siberian Tiger's 3 Asia icons."""

REPTILES = (474, 475, 476)
"""Reptiles in no hand or display: the Nile Crocodile's 3 reptile icons (TORB requires)."""


def test_reptile_house_capacity() -> None:
    # Nile Crocodile takes 3 of the reptile house's 5 spaces (keyed data).
    crocodile: dict[str, Any] = {"animals": REPTILES, "money": 40}
    assert legal(table(special={"reptile_house": 2}, **crocodile), "animals ann 469@3,4")
    v = table(special={"reptile_house": 3}, **crocodile).check(parse_move("animals ann 469@3,4"))
    assert (v.legal, v.code) == (False, "ark_nova.animals.full")
    assert "takes 3" in (v.reason or "") and "3 of 5" in (v.reason or "")
    after = table(special={"reptile_house": 2}, **crocodile).apply(
        parse_move("animals ann 469@3,4")
    )
    assert after.board("ann").used("reptile_house") == 5
    # Without keyed data the player says how many spaces the card's icon shows.
    assert code(table(), "animals ann 473@3,4") == "ark_nova.animals.spaces_unknown"
    assert legal(table(special={"reptile_house": 4}), "animals ann 473@3,4*1")
    assert code(table(special={"reptile_house": 4}), "animals ann 473@3,4*2") == (
        "ark_nova.animals.full"
    )
    assert code(table(), "animals ann 408@3,4*1") == "ark_nova.animals.special_kind"
    # Broad-Snouted Caiman takes 2 (the rulebook's example), next to water.
    assert legal(table(special={"reptile_house": 3}), "animals ann 480@3,4")
    assert code(table(special={"reptile_house": 4}), "animals ann 480@3,4") == (
        "ark_nova.animals.full"
    )


def test_a_space_count_only_for_the_reptile_house_or_aviary() -> None:
    """``*N`` counts special-enclosure spaces (RB p.12): said for a standard enclosure or
    the petting zoo it is refused; said for a keyed card it must be the card's number, and
    the keyed number said again is the same play, so every accepted play is listed."""
    state = table(animals=PREDATORS, money=40)
    assert legal(state, "animals ann 449@0,5")
    assert code(state, "animals ann 449@0,5*2") == "ark_nova.animals.spaces_not_special"
    assert code(state, "animals ann 519@0,2*1") == "ark_nova.animals.spaces_not_special"
    crocodile = table(animals=REPTILES, money=40)
    assert code(crocodile, "animals ann 469@3,4*1") == "ark_nova.animals.spaces_keyed"
    assert parse_move("animals ann 469@3,4*3") == parse_move("animals ann 469@3,4")
    assert parse_move("build ann move 469*3") == parse_move("build ann move 469")
    # The listing names an enclosure by its first hex (the reptile house's is [2,3]).
    listed = set(crocodile.legal_moves())
    for text in ("animals ann 469@2,3*3", "animals ann 449@0,5*1", "animals ann 473@2,3*1"):
        move = parse_move(text)
        assert crocodile.check(move).legal == (move in listed), text


# --------------------------------------------------------------------------- conditions


def test_every_base_animal_has_its_conditions_keyed() -> None:
    # Rules spec §10: 63 base animals carry a play condition; every one is keyed.
    assert sorted(CONDITIONS) == [a.number for a in ANIMALS.values() if not a.marine_worlds]
    assert sum(1 for k in CONDITIONS.values() if k.conditions) == 63
    v = table().check(parse_move("animals ann 449@0,5"))
    assert v.legal and v.code is None  # Platypus: no condition, nothing left unchecked


def test_a_marine_worlds_animal_is_refused() -> None:
    state = table()
    hand = replace(state.board("ann"), hand=(529,))
    v = state.with_player("ann", state.zoo("ann"), hand).check(parse_move("animals ann 529@0,4"))
    assert v.code == "ark_nova.animals.marine_worlds" and "base game" in (v.reason or "")


def test_keyed_condition_checked() -> None:
    """Proboscis Monkey needs 2 primate icons (the seed text's example)."""
    five = [*BUILDINGS[:3], {"building": "enclosure_5", "at": [2, 2], "rotation": 1}]
    bare = table(buildings=five, money=40, upgraded=True)
    v = bare.check(parse_move("animals ann 451@2,2"))
    assert (v.legal, v.code) == (False, "ark_nova.animals.condition")
    assert "2 primate icons" in (v.reason or "") and "shows 0" in (v.reason or "")
    side_one = table(buildings=five, money=40, animals=[452, 456])
    assert "Animals card upgraded" in (
        side_one.check(parse_move("animals ann 451@2,2")).reason or ""
    )
    primates = table(buildings=five, money=40, animals=[452, 456], upgraded=True)
    v = primates.check(parse_move("animals ann 451@2,2"))
    assert v.legal and v.code is None  # keyed and met: nothing left unchecked


# --------------------------------------------------------------------------- the action


def test_animals_per_strength_on_each_side() -> None:
    assert code(table(slot=1), "animals ann 408@0,4") == "ark_nova.animals.count"
    assert legal(table(slot=4), "animals ann 408@0,4")
    assert code(table(slot=4), "animals ann 408@0,4 449@1,4") == "ark_nova.animals.count"
    assert legal(table(slot=5, money=40), "animals ann 408@0,4 519@0,2")
    assert legal(table(slot=1, upgraded=True), "animals ann 408@0,4")
    assert legal(table(slot=3, upgraded=True, money=40), "animals ann 408@0,4 519@0,2")


def test_side_one_plays_from_the_hand() -> None:
    assert code(table(slot=4), "animals ann f1:470@1,4") == "ark_nova.animals.display_side"
    assert code(table(slot=4), "animals ann 470@1,4") == "ark_nova.animals.not_in_hand"


def test_side_two_plays_from_the_display_in_reputation_range() -> None:
    assert [reputation_range(r) for r in (0, 1, 2, 3, 4, 6, 7, 10, 13, 15)] == [
        0,
        1,
        2,
        2,
        3,
        3,
        4,
        5,
        6,
        6,
    ]
    state = table(slot=2, upgraded=True, reputation=2, animals=[471])  # an African reptile
    v = state.check(parse_move("animals ann f1:470@1,4"))
    assert v.legal
    after = state.apply(parse_move("animals ann f1:470@1,4"))
    assert after.zoo("ann").money == 25 - 13 - 1  # folder 1 costs 1 more
    assert after.display == (494, 406, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN)
    assert code(state, "animals ann f3:406@0,4") == "ark_nova.animals.reputation_range"
    assert code(state, "animals ann f2:406@0,4") == "ark_nova.animals.not_in_display"
    # At strength 5 side II gains 1 reputation first: reputation 3 -> 4 reaches folder 3.
    five = table(slot=5, upgraded=True, reputation=3, money=40, x_tokens=0, animals=ASIA)
    assert legal(five, "animals ann f3:406@0,4") is False  # size 5 tiger, size-3 enclosure
    assert code(five, "animals ann f3:406@0,4") == "ark_nova.animals.too_small"
    four = table(slot=4, upgraded=True, reputation=3, money=40, x_tokens=1, animals=ASIA)
    assert code(four, "animals ann f3:406@0,4") == "ark_nova.animals.reputation_range"
    assert code(four, "animals ann f3:406@0,4 x1") == "ark_nova.animals.too_small"


def test_gains_are_applied() -> None:
    state = table(slot=3, appeal=5, conservation=1, reputation=1)
    after = state.apply(parse_move("animals ann 449@0,5"))
    zoo, board = after.zoo("ann"), after.board("ann")
    assert zoo.appeal == 5 + 4
    assert zoo.money == 25 - 10
    assert zoo.animals == (449,)
    assert 449 not in board.hand and len(board.hand) == len(HAND) - 1
    assert board.actions[0] == "animals"
    enclosure = next(b for b in zoo.buildings if (0, 5) in b.cells)
    assert enclosure.occupied
    tiger_zoo = [*BUILDINGS[:3], {"building": "enclosure_5", "at": [2, 2], "rotation": 1}]
    tiger = table(slot=2, upgraded=True, reputation=13, money=40, buildings=tiger_zoo, animals=ASIA)
    after = tiger.apply(parse_move("animals ann f3:406@2,2"))
    # A zoo above 9 has upgraded Cards (RB p.9): the tiger's reputation counts.
    cards = replace(tiger.board("ann"), upgraded=("animals", "cards"))
    tiger = tiger.with_player("ann", tiger.zoo("ann"), cards)
    after = tiger.apply(parse_move("animals ann f3:406@2,2"))
    assert after.zoo("ann").conservation == 2 and after.zoo("ann").reputation == 14
    assert after.zoo("ann").appeal == 10
    top = tiger.with_player("ann", replace(tiger.zoo("ann"), reputation=15), cards)
    after = top.apply(parse_move("animals ann f3:406@2,2"))
    assert after.zoo("ann").reputation == 15 and after.zoo("ann").appeal == 10 + 1
    # Cards on side I: reputation stops at 9 and the step beyond is lost.
    nine = table(slot=2, upgraded=True, reputation=9, money=40, buildings=tiger_zoo, animals=ASIA)
    after = nine.apply(parse_move("animals ann f3:406@2,2"))
    assert after.zoo("ann").reputation == 9 and after.zoo("ann").appeal == 10


def test_unseen_hand_cards_may_be_played() -> None:
    state = table()
    board = replace(state.board("ann"), hand=(UNKNOWN, UNKNOWN))
    hidden = state.with_player("ann", state.zoo("ann"), board)
    after = hidden.apply(parse_move("animals ann 408@0,4"))
    assert after.board("ann").hand == (UNKNOWN,)
    empty = state.with_player("ann", state.zoo("ann"), replace(board, hand=()))
    assert code(empty, "animals ann 408@0,4") == "ark_nova.animals.not_in_hand"


def test_an_animal_lives_in_one_zoo_once() -> None:
    assert code(table(animals=[408]), "animals ann 408@0,4") == "ark_nova.animals.played"


# --------------------------------------------------------------------------- limits


def test_x_tokens_at_most_five_and_spent_before_the_action() -> None:
    assert code(table(x_tokens=5), "xtoken ann build") == "ark_nova.x_token.full"
    after = table(x_tokens=4).apply(parse_move("xtoken ann build"))
    assert after.zoo("ann").x_tokens == 5
    assert after.board("ann").actions[0] == "build"
    # Strength 1 plays no animal; one X-token makes it 2, and is spent.
    state = table(slot=1, x_tokens=1)
    assert code(state, "animals ann 408@0,4") == "ark_nova.animals.count"
    assert code(state, "animals ann 408@0,4 x2") == "ark_nova.x_tokens"
    after = state.apply(parse_move("animals ann 408@0,4 x1"))
    assert after.zoo("ann").x_tokens == 0


def test_snap_strength() -> None:
    # Cards in slot 1 by default here: side I needs 5.
    state = table(x_tokens=4)
    v = state.check(parse_move("snap ann f3"))
    assert (v.legal, v.code) == (False, "ark_nova.cards.snap_strength")
    assert "needs strength 5" in (v.reason or "")
    assert legal(state, "snap ann f3 x4")
    after = state.apply(parse_move("snap ann f3 x4"))
    assert after.board("ann").hand[-1] == 406
    assert after.display == (470, 494, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN)
    upgraded = state.with_player(
        "ann", state.zoo("ann"), replace(state.board("ann"), upgraded=("cards",))
    )
    assert code(upgraded, "snap ann f3 x1") == "ark_nova.cards.snap_strength"
    assert legal(upgraded, "snap ann f3 x2")


def test_hand_limit_at_a_break() -> None:
    state = table()
    assert len(state.board("ann").hand) == 10
    assert legal(state, "discard ann 402,408,519,469,403,444,480")
    assert code(state, "discard ann 402,408,519,469,403,444") == "ark_nova.break.hand_limit"
    assert code(state, "discard ann 402,408,519,469,403,444,480,473") == (
        "ark_nova.break.discard_too_many"
    )
    assert code(state, "discard ann 401,408,519,469,403,444,480") == "ark_nova.break.not_in_hand"
    university = table(universities=["reputation_hand"])
    assert legal(university, "discard ann 402,408,519,469,480")
    assert code(university, "discard ann 402,408,519,469") == "ark_nova.break.hand_limit"
    after = state.apply(parse_move("discard ann 402,408,519,469,403,444,480"))
    assert after.board("ann").hand == (449, 473, 451)


# --------------------------------------------------------------------------- contract


def test_moves_round_trip() -> None:
    for text in (
        "animals ann 451@2,3 f2:470@4,4*2 x1",
        "animals ann 449@0,5",
        "xtoken ann sponsors",
        "snap ann f6 x3",
        "discard ann 451,?",
        "display 470,?,?,406,?,?",
    ):
        move = parse_move(text)
        assert move.notation() == text
        assert parse_move(move.to_json()) == move
        assert parse_move(json.dumps(move.to_json())) == move
    board = parse_move({"type": "board", "player": "ann", "board": {"hand": [451]}})
    assert parse_move(board.to_json()) == board


def test_state_with_boards_round_trips_and_views_hide_hands() -> None:
    state = table(slot=3).apply(parse_move("animals ann 449@0,5"))
    doc = state.to_json()
    again = load_state(json.loads(json.dumps(doc)))
    assert again == state and again.to_json() == doc
    assert state.view("ann")["boards"]["ann"]["hand"] == list(state.board("ann").hand)
    assert state.view("bob")["boards"]["ann"]["hand"] == len(state.board("ann").hand)
    other = state.with_player(
        "ann",
        state.zoo("ann"),
        replace(state.board("ann"), hand=(402,) * len(state.board("ann").hand)),
    )
    assert other.view("bob") == state.view("bob")
    assert other.view("ann") != state.view("ann")


def test_board_and_display_moves() -> None:
    state = new_game(["ann", "bob"], options=RECORD)
    move = parse_move(
        {"type": "board", "player": "ann", "board": {"upgraded": ["build"], "hand": [451]}}
    )
    after = state.apply(move)
    assert after.board("ann") == PlayerBoard(upgraded=("build",), hand=(451,))
    assert state.public_move(move, "bob")["board"]["hand"] == 1
    assert state.public_move(move, "ann")["board"]["hand"] == [451]
    bad = parse_move({"type": "board", "player": "ann", "board": {"upgraded": list("abcde")}})
    assert state.check(bad).code == "ark_nova.bad_board"
    assert state.apply(parse_move("display 470,?,?,?,?,?")).display[0] == 470
    assert state.check(parse_move("display 470,470")).code == "ark_nova.bad_display"
    with pytest.raises(IllegalMove) as err:
        state.apply(parse_move("display 999"))
    assert err.value.code == "ark_nova.bad_display"


def test_legal_moves_agree_with_check() -> None:
    state = table(slot=5, upgraded=True, reputation=5, money=60, x_tokens=2)
    moves = state.legal_moves()
    kinds = {m.TYPE for m in moves}
    assert {"build", "animals", "x_token", "discard"} <= kinds
    for move in moves:
        assert state.check(move).legal, move.notation()
        state.apply(move)


def test_condition_kinds() -> None:
    board = PlayerBoard()
    zoo = Zoo(partner_zoos=("asia",), reputation=4, animals=(452, 456))
    checks = {
        Condition("icons", "primate", 2): None,
        Condition("icons", "primate", 3): "the zoo shows 2",
        Condition("partner_zoo", "asia"): None,
        Condition("partner_zoo", "africa"): "no such partner zoo",
        Condition("reputation", count=4): None,
        Condition("reputation", count=5): "reputation is 4",
        Condition("animals_ii"): "the Animals card shows side I",
    }
    for cond, short in checks.items():
        assert cond.shortfall(zoo, board) == short, cond.text()
    assert Condition("animals_ii").shortfall(zoo, PlayerBoard(upgraded=("animals",))) is None
    assert review(451, zoo, board) == ((Condition("animals_ii"), "the Animals card shows side I"),)
    assert review(449, zoo, board) == ()
    assert all(n in ANIMALS and not ANIMALS[n].marine_worlds for n in CONDITIONS)
    with pytest.raises(ValueError):
        Condition("icons", "dragon", 1)
