"""Build rules on Map A (rules spec §8.4-8.5): each rule with a legal and an illegal case."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from pathlib import Path

import pytest

import cli
from engines.ark_nova import RECORD, build, load_state, map_a, new_game, parse_move
from engines.ark_nova.board import PlayerBoard
from engines.ark_nova.build import Placement, legal_placements
from engines.ark_nova.state import ArkNovaState
from engines.ark_nova.zoo import Building, Zoo

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ark_nova" / "build_midgame.json"


def table(zoo: Zoo | None = None, *, upgraded: bool = False, slot: int = 3) -> ArkNovaState:
    """Ann's zoo with the Build card in ``slot`` (side II when ``upgraded``)."""
    state = new_game(["ann", "bob"], options=RECORD)
    row = [a for a in ("animals", "cards", "association", "sponsors")]
    row.insert(slot - 1, "build")
    board = PlayerBoard(actions=tuple(row), upgraded=("build",) if upgraded else ())
    return state.with_player("ann", zoo or state.zoo("ann"), board)


def verdict(state: ArkNovaState, text: str) -> tuple[bool, str | None]:
    v = state.check(parse_move(text))
    return v.legal, v.code


def midgame() -> ArkNovaState:
    return load_state(EXAMPLE.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- shapes


def _outline(cells: tuple[tuple[int, int], ...]) -> frozenset[tuple[int, int]]:
    """A footprint moved so its smallest axial coordinates are 0: the shape, not the place."""
    axial = [map_a.to_axial(h) for h in cells]
    q0, r0 = min(q for q, _ in axial), min(r for _, r in axial)
    return frozenset((q - q0, r - r0) for q, r in axial)


def test_every_shape_turns_six_ways_and_mirrors_onto_a_rotation() -> None:
    """Distinct footprints per shape; the flipped tile never adds a new one on Map A."""
    expected = {
        "kiosk": 1,
        "pavilion": 1,
        "enclosure_1": 1,
        "enclosure_2": 3,
        "enclosure_3": 2,
        "enclosure_4": 3,
        "enclosure_5": 6,
        "petting_zoo": 6,
        "reptile_house": 3,
        "aviary": 6,
    }
    for kind, shape in map_a.SHAPES.items():
        turned = {_outline(shape.footprint((4, 3), r)) for r in range(6)}
        flipped = {_outline(shape.footprint((4, 3), r, True)) for r in range(6)}
        assert len(turned) == expected[kind], kind
        assert flipped == turned, kind
        assert shape.footprint((4, 3), 6) == shape.footprint((4, 3), 0)


def test_placement_notation_and_json_round_trip() -> None:
    for text in ("e3@2,3r1", "rh@6,5r4m", "k@0,0r0", "av@4,4r5"):
        p = Placement.from_notation(text)
        assert p is not None and p.notation() == text
        assert Placement.from_json(p.to_json()) == p
    assert Placement.from_notation("enclosure_3@2,3") == Placement("enclosure_3", (2, 3))
    assert Placement.from_notation("castle@2,3") is None
    move = parse_move("build ann e3@2,3r2 k@4,4r0 x2")
    assert parse_move(move.to_json()) == move
    assert parse_move(json.dumps(move.to_json())) == move
    assert parse_move(move.notation()) == move


# --------------------------------------------------------------------------- the rules


def test_reptile_house_and_aviary_need_side_two() -> None:
    zoo = replace(Zoo(), money=50)
    assert verdict(table(zoo, slot=5), "build ann rh@2,3r0") == (False, "ark_nova.build.side")
    legal = legal_placements(zoo, strength=5, upgraded=True, buildings=["reptile_house"])
    assert legal
    move = f"build ann {legal[0].notation()}"
    assert verdict(table(zoo, slot=5, upgraded=True), move) == (True, None)


def test_one_special_enclosure_of_each_kind() -> None:
    state = table(slot=3)
    first = legal_placements(state.zoo("ann"), strength=3, buildings=["petting_zoo"])[0]
    assert verdict(state, f"build ann {first.notation()}") == (True, None)
    after = state.apply(parse_move(f"build ann {first.notation()}"))
    zoo = after.zoo("ann")
    again = legal_placements(replace(zoo, buildings=zoo.buildings[:2]), strength=3)
    second = next(
        p for p in again if p.building == "petting_zoo" and not set(p.cells) & zoo.covered
    )
    v = after.check(parse_move(f"build ann {second.notation()}"))
    assert (v.legal, v.code) == (False, "ark_nova.build.special_twice")


def test_side_one_builds_exactly_one_building() -> None:
    state = table(slot=5)
    assert verdict(state, "build ann e1@1,4r0") == (True, None)
    assert verdict(state, "build ann e1@1,4r0 k@1,2r0") == (False, "ark_nova.build.count")


def test_side_two_builds_different_buildings() -> None:
    state = table(slot=5, upgraded=True)
    assert verdict(state, "build ann e1@1,4r0 p@1,3r0") == (True, None)
    assert verdict(state, "build ann e1@1,4r0 e1@1,3r0") == (False, "ark_nova.build.repeat")


def test_size_against_strength_and_x_tokens() -> None:
    state = table(slot=3)
    assert verdict(state, "build ann e3@2,3r2") == (True, None)
    assert verdict(state, "build ann e4@1,4r1") == (False, "ark_nova.build.strength")
    rich = state.with_player("ann", replace(state.zoo("ann"), x_tokens=1), state.board("ann"))
    assert verdict(rich, "build ann e4@1,4r1 x1") == (True, None)
    assert verdict(state, "build ann e4@1,4r1 x1") == (False, "ark_nova.x_tokens")
    # Side II: the total size counts.
    two = table(slot=4, upgraded=True)
    assert verdict(two, "build ann e2@1,4r0 e3@2,3r2") == (False, "ark_nova.build.strength")
    assert verdict(two, "build ann e2@1,4r0 p@2,3r0") == (True, None)
    assert verdict(two, "build ann e2@1,4r0 k@2,1r0") == (False, "ark_nova.build.rock")


def test_two_money_per_hex() -> None:
    state = table(replace(Zoo(), money=6), slot=3)
    assert verdict(state, "build ann e3@2,3r2") == (True, None)
    poor = table(replace(Zoo(), money=5), slot=3)
    v = poor.check(parse_move("build ann e3@2,3r2"))
    assert (v.legal, v.code) == (False, "ark_nova.build.money")
    assert "costs 6 money" in (v.reason or "") and "only 5" in (v.reason or "")


def test_a_bonus_from_one_building_pays_for_the_next() -> None:
    # e3@2,3r2 covers [2,4] (+5 money): with 6 money the pavilion after it is paid.
    state = table(replace(Zoo(), money=6), slot=5, upgraded=True)
    assert verdict(state, "build ann e3@2,3r2 p@3,3r0") == (True, None)
    assert verdict(state, "build ann p@3,3r0 e3@2,3r2") == (False, "ark_nova.build.not_adjacent")
    broke = table(replace(Zoo(), money=6), slot=5, upgraded=True)
    assert verdict(broke, "build ann e3@1,3r2 p@3,3r0") == (False, "ark_nova.build.money")
    after = state.apply(parse_move("build ann e3@2,3r2 p@3,3r0"))
    assert after.zoo("ann").money == 6 - 6 + 5 - 2
    assert after.zoo("ann").appeal == 0 + 1


def test_on_the_map() -> None:
    state = table(slot=5)
    assert verdict(state, "build ann e2@0,4r5") == (False, "ark_nova.build.off_map")
    assert verdict(state, "build ann e2@1,4r0") == (True, None)


def test_nothing_covered_twice() -> None:
    state = table(slot=5)
    v = state.check(parse_move("build ann e2@1,5r0"))
    assert (v.legal, v.code) == (False, "ark_nova.build.covered")
    assert "[1,5]" in (v.reason or "")
    assert verdict(state, "build ann e2@1,4r0") == (True, None)


def test_rock_and_water() -> None:
    state = midgame()
    v = state.check(parse_move("build ann e2@1,2r0"))
    assert (v.legal, v.code) == (False, "ark_nova.build.rock")
    assert "[1,1]" in (v.reason or "")
    v = state.check(parse_move("build ann e2@5,5r0"))
    assert (v.legal, v.code) == (False, "ark_nova.build.water")
    assert "[5,4]" in (v.reason or "")
    assert verdict(state, "build ann e2@1,3r0") == (True, None)
    # Diversity Researcher (219) lets rock be covered.
    zoo = replace(state.zoo("ann"), sponsors=(219,))
    researcher = state.with_player("ann", zoo, state.board("ann"))
    assert verdict(researcher, "build ann e2@1,2r0") == (True, None)


def test_upgrade_only_hexes() -> None:
    near = map_a.BUILDABLE - {(7, 6), (8, 5)}
    zoo = Zoo(money=50, buildings=tuple(Building.standard("enclosure_1", h) for h in near))
    assert verdict(table(zoo, slot=2), "build ann e1@8,5r0") == (
        False,
        "ark_nova.build.upgrade_only",
    )
    assert verdict(table(zoo, slot=2, upgraded=True), "build ann e1@8,5r0") == (True, None)


def test_edge_contact_with_a_building() -> None:
    state = table(slot=5)
    v = state.check(parse_move("build ann e1@4,4r0"))
    assert (v.legal, v.code) == (False, "ark_nova.build.not_adjacent")
    assert "[4,4]" in (v.reason or "")
    assert verdict(state, "build ann e1@1,4r0") == (True, None)


def test_a_first_building_touches_the_border() -> None:
    empty = table(Zoo(buildings=()), slot=5)
    v = empty.check(parse_move("build ann e1@4,3r0"))
    assert (v.legal, v.code) == (False, "ark_nova.build.border")
    assert verdict(empty, "build ann e1@4,5r0") == (True, None)


def test_kiosks_stand_three_apart() -> None:
    state = midgame()
    v = state.check(parse_move("build ann k@4,4r0"))
    assert (v.legal, v.code) == (False, "ark_nova.build.kiosk_distance")
    assert "[4,4]" in (v.reason or "") and "[5,3]" in (v.reason or "")
    assert map_a.distance((3, 5), (5, 3)) == 3
    assert verdict(state, "build ann k@3,5r0") == (True, None)


def test_placement_bonuses_are_taken_when_covered() -> None:
    state = table(replace(Zoo(), money=30), slot=5, upgraded=True)
    steps = [
        ("e4@1,4r1", "money", 30 - 8 + 5),  # [2,4]: 5 money
        ("e1@0,2r0", "money", 27 - 2),  # no bonus
        ("e1@0,1r0", "x_tokens", 1),  # [0,1]: X-token
        ("e1@0,0r0", "reputation", 2),  # [0,0]: 2 reputation
    ]
    for tile, field, value in steps:
        state = state.apply(parse_move(f"build ann {tile}"))
        assert getattr(state.zoo("ann"), field) == value, tile
    hand = len(state.board("ann").hand)
    state = state.apply(parse_move("build ann e1@2,2r0"))  # [2,2]: a card
    assert len(state.board("ann").hand) == hand + 1
    assert "card" in state.events[0].text and "[2,2]" in state.events[0].text
    # A bonus lies under one building only: the next building takes none.
    money = state.zoo("ann").money
    state = state.apply(parse_move("build ann e1@1,3r0"))
    assert state.zoo("ann").money == money - 2


def test_covering_the_map_gives_seven_appeal() -> None:
    left = map_a.BUILDABLE - {(4, 5)}
    zoo = Zoo(money=10, buildings=tuple(Building.standard("enclosure_1", h) for h in sorted(left)))
    state = table(zoo, slot=1)
    after = state.apply(parse_move("build ann p@4,5r0"))
    assert after.zoo("ann").appeal == zoo.appeal + 1 + 7
    assert "every building space" in after.events[0].text
    one_short = Zoo(money=10, buildings=zoo.buildings[1:])
    before = table(one_short, slot=1).apply(parse_move("build ann p@4,5r0"))
    assert before.zoo("ann").appeal == one_short.appeal + 1


def test_build_applies_the_action_card_and_spends_x_tokens() -> None:
    state = table(replace(Zoo(), x_tokens=2), slot=3)
    after = state.apply(parse_move("build ann e4@1,4r1 x1"))
    assert after.board("ann").actions[0] == "build"
    assert after.zoo("ann").x_tokens == 1
    assert after.zoo("ann").money == 25 - 8 + 5  # [2,4] gives 5 money


# --------------------------------------------------------------------------- listing


def _offset_neighbours(h: tuple[int, int]) -> set[tuple[int, int]]:
    """Rules spec §8.1, written out again here so the brute force shares no code."""
    c, r = h
    if c % 2 == 0:
        cand = {(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)}
    else:
        cand = {(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)}
    return {(cc, rr) for cc, rr in cand if 0 <= cc <= 8 and 0 <= rr < (7 if cc % 2 else 6)}


def test_setup_zoo_size_three_enclosure_at_strength_three() -> None:
    """Every legal place for the size-3 enclosure in the setup zoo, counted by brute force.

    A size-3 enclosure is three mutually adjacent hexes; the brute force tries
    every triple of hexes on Map A against the rules of §8.5 written out here.
    """
    state = table(slot=3)
    zoo = state.zoo("ann")
    listed = legal_placements(zoo, strength=3, buildings=["enclosure_3"])
    covered = {(0, 3), (0, 4), (0, 5), (1, 5)}
    blocked = covered | {(1, 0), (1, 1), (1, 6), (2, 1), (3, 0), (5, 2), (6, 4)}
    blocked |= {(2, 0), (2, 5), (3, 6), (4, 0), (5, 4), (6, 3), (7, 0), (8, 0), (8, 1)}
    blocked |= {(7, 6), (8, 5)}  # II hexes, Build on side I
    hexes = [(c, r) for c in range(9) for r in range(7 if c % 2 else 6)]
    brute = set()
    for trio in itertools.combinations(hexes, 3):
        a, b, c = trio
        if not (b in _offset_neighbours(a) and c in _offset_neighbours(a)):
            continue
        if c not in _offset_neighbours(b) or set(trio) & blocked:
            continue
        if any(_offset_neighbours(h) & covered for h in trio):
            brute.add(frozenset(trio))
    assert {frozenset(p.cells) for p in listed} == brute
    assert len(listed) == len(brute) == 8
    assert [p.notation() for p in listed] == [
        "e3@0,1r2",
        "e3@0,2r1",
        "e3@1,2r2",
        "e3@1,3r1",
        "e3@1,3r2",
        "e3@1,4r1",
        "e3@2,3r2",
        "e3@2,4r1",
    ]
    builds = [m for m in state.legal_moves() if m.TYPE == "build" and m.player == "ann"]
    assert {m.buildings[0] for m in builds if m.buildings[0].building == "enclosure_3"} == set(
        listed
    )


@pytest.mark.parametrize("upgraded", [False, True])
def test_listing_agrees_with_the_check(upgraded: bool) -> None:
    """Every footprint of every building: listed exactly when ``check_placement`` passes."""
    zoo = midgame().zoo("ann")
    for strength, money in ((3, 25), (5, 8), (8, 40)):
        listed = set(legal_placements(zoo, strength=strength, money=money, upgraded=upgraded))
        poorer = replace(zoo, money=money)
        for kind in map_a.SHAPES:
            for f in build.footprints(kind):
                ok = (
                    build.check_placement(poorer, f.placement, upgraded=upgraded, strength=strength)
                    is None
                )
                assert ok == (f.placement in listed), (f.placement.notation(), strength)


def test_cli_check_explains_an_illegal_build(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["check", "ark_nova", str(EXAMPLE), "build ann k@4,4r0"])
    out = json.loads(capsys.readouterr().out)
    assert code == cli.EXIT_ILLEGAL
    assert out["code"] == "ark_nova.build.kiosk_distance"
    assert "[4,4]" in out["reason"] and "[5,3]" in out["reason"]
    code = cli.main(["check", "ark_nova", str(EXAMPLE), "build ann k@3,5r0"])
    assert code == cli.EXIT_OK
    assert json.loads(capsys.readouterr().out)["legal"] is True


# --------------------------------------------------------------------------- moving animals


def _reptile_zoo(*animals: int) -> ArkNovaState:
    """Setup zoo plus a size-2 enclosure, both occupied; Build side II in slot 5."""
    doc = {
        "money": 30,
        "animals": list(animals),
        "buildings": [
            {"building": "kiosk", "at": [0, 3]},
            {"building": "enclosure_3", "at": [0, 5], "occupied": bool(animals)},
            {"building": "enclosure_2", "at": [1, 4], "occupied": bool(animals)},
        ],
    }
    return table(Zoo.from_json(doc), slot=5, upgraded=True)


def test_animals_move_into_a_new_reptile_house() -> None:
    """RB p.12: the smallest occupied standard enclosure meeting the needs flips back."""
    state = _reptile_zoo(473, 478)  # Common Agama (size 1), Chinese Water Dragon (water)
    assert verdict(state, "build ann rh@2,3r1 move 473*1,478*1") == (True, None)
    after = state.apply(parse_move("build ann rh@2,3r1 move 473*1,478*1"))
    zoo = after.zoo("ann")
    # The agama leaves the size-2 enclosure, the water dragon the size-3 one beside water.
    assert [b.occupied for b in zoo.buildings if b.kind.startswith("enclosure")] == [False, False]
    assert after.board("ann").used("reptile_house") == 2
    assert "moved into the reptile house" in after.events[0].text
    move = parse_move("build ann rh@2,3r1 move 473*1,478*1 x1")
    assert parse_move(move.to_json()) == move and parse_move(move.notation()) == move


def test_moving_animals_refused() -> None:
    state = _reptile_zoo(473, 478)
    cases = {
        "build ann rh@2,3r1 move 470*1": "ark_nova.build.transfer_not_in_zoo",
        "build ann e1@1,2r0 move 473*1": "ark_nova.build.transfer_no_house",
        "build ann rh@2,3r1 move 473": "ark_nova.animals.spaces_unknown",
        "build ann rh@2,3r1 move 473*3,478*3": "ark_nova.animals.full",
    }
    for text, expected in cases.items():
        assert verdict(state, text) == (False, expected), text
    empty = _reptile_zoo()
    empty = empty.with_player("ann", replace(empty.zoo("ann"), animals=(473,)), empty.board("ann"))
    assert verdict(empty, "build ann rh@2,3r1 move 473*1") == (
        False,
        "ark_nova.build.transfer_no_enclosure",
    )
