"""Ark Nova actions that take several things, one listed step at a time.

Seed text ``docs/rules/seeds/002_d4ebc6ce59aa2949.txt`` "二、游戏流程":
1.(1) "使用任意数量的x 标记：每使用一个x 标记强度就会提升1" (X-tokens raise the
strength); 3.(2) "还可以一次建造多个建筑，不能一次行动中建造两个相同的建筑" (side II
builds several buildings, never two alike in one action); 6.(2) "可以一次打出一张或多张
赞助商卡、打出的卡的等级总和是赞助商卡槽位强度+1" (side II plays several sponsors of
total level up to the strength + 1). Rules spec ``docs/rules/ark_nova.md`` §3 and
§8.5. The engine contract (``docs/engines.md``): ``legal_moves()`` lists every legal
move, so a move the checker accepts is among them.
"""

from __future__ import annotations

import random

import pytest

from engines import CHANCE, ark_nova
from engines.ark_nova import map_a, steps
from engines.ark_nova.animals import AnimalPlay
from engines.ark_nova.build import Placement, legal_placements
from engines.ark_nova.moves import (
    STEPPED,
    AnimalsAction,
    AssociationAction,
    BuildAction,
    CardsAction,
    Done,
    Snap,
    SpendX,
    SponsorsAction,
)
from engines.ark_nova.state import ArkNovaState
from engines.ark_nova.transfer import Transfer
from engines.core import Move
from tests.ark_nova_turns import flow_of, position, reptiles, with_house


def play(state: ArkNovaState, move: Move) -> ArkNovaState:
    """One step: ``state.apply`` (an action under way stays under way)."""
    return state.apply(move)


def builds(state: ArkNovaState) -> list[BuildAction]:
    return [m for m in state.legal_moves() if isinstance(m, BuildAction)]


def first(state: ArkNovaState, kind: str) -> BuildAction:
    return next(m for m in builds(state) if m.buildings[0].building == kind)


# --------------------------------------------------------------------------- Build


def test_a_side_two_build_places_two_buildings_step_by_step_within_the_strength() -> None:
    # Seed 3.(2): side II builds several buildings at once, total size within strength 4.
    state = position(slot={"build": 4}, upgraded=("build",), money=40)
    one = play(state, first(state, "enclosure_2"))
    acting = flow_of(one).acting
    assert acting is not None and acting.card == "build" and one.to_move == "ann"
    listed = builds(one)
    assert listed and all(m.buildings[0].size <= 2 for m in listed)
    assert Done("ann") in one.legal_moves()
    assert one.zoo("ann") == state.zoo("ann")  # nothing is laid until the action ends
    two = play(one, first(one, "enclosure_1"))  # size 2 + 1; 1 left for a third
    assert flow_of(two).acting is not None
    after = play(two, Done("ann"))
    assert flow_of(after).acting is None
    new = after.zoo("ann").buildings[len(state.zoo("ann").buildings) :]
    assert sorted(b.kind for b in new) == ["enclosure_1", "enclosure_2"]
    whole = BuildAction("ann", (*acting_buildings(one), *acting_buildings(two)[1:]))
    assert after.zoo("ann") == steps.play_whole(state, whole).zoo("ann")
    assert after.board("ann").actions[0] == "build"


def acting_buildings(state: ArkNovaState) -> tuple[Placement, ...]:
    acting = flow_of(state).acting
    assert acting is not None and isinstance(acting.move, BuildAction)
    return acting.move.buildings


def test_a_side_two_build_places_three_buildings_and_ends_when_the_strength_is_used() -> None:
    # Seed 3.(2); rules spec §8.5: total size <= strength; the action ends by itself.
    state = position(slot={"build": 5}, upgraded=("build",), money=40)
    one = play(state, first(state, "enclosure_3"))
    two = play(one, first(one, "kiosk"))
    assert flow_of(two).acting is not None
    assert {m.buildings[0].size for m in builds(two)} == {1}
    three = play(two, first(two, "pavilion"))
    assert flow_of(three).acting is None, "strength 5 used: the action ended by itself"
    new = three.zoo("ann").buildings[len(state.zoo("ann").buildings) :]
    assert sorted(b.kind for b in new) == ["enclosure_3", "kiosk", "pavilion"]


def test_no_building_kind_twice_in_one_action() -> None:
    # Seed 3.(2) "不能一次行动中建造两个相同的建筑".
    state = position(slot={"build": 5}, upgraded=("build",), money=40)
    one = play(state, first(state, "enclosure_1"))
    assert all(m.buildings[0].building != "enclosure_1" for m in builds(one))
    again = next(
        BuildAction("ann", (p,))
        for p in legal_placements(one.zoo("ann"), strength=4, upgraded=True)
        if p.building == "enclosure_1"
    )
    assert one.check(again).code == "ark_nova.build.repeat"


def test_a_side_one_build_is_one_building_and_ends_at_once() -> None:
    state = position(slot={"build": 5}, money=40)
    after = play(state, first(state, "enclosure_2"))
    assert flow_of(after).acting is None
    assert after.board("ann").actions[0] == "build" and not after.check(Done("ann"))


def test_a_whole_build_typed_at_once_is_refused_and_told_to_take_steps() -> None:
    state = position(slot={"build": 4}, upgraded=("build",), money=40)
    a = first(state, "enclosure_2").buildings[0]
    whole = BuildAction(
        "ann", (a, first(play(state, BuildAction("ann", (a,))), "kiosk").buildings[0])
    )
    assert state.check(whole).code == "ark_nova.step.one"
    assert steps.check_whole(state, whole)
    after = steps.play_whole(state, whole)
    assert flow_of(after).acting is None
    assert len(after.zoo("ann").buildings) == len(state.zoo("ann").buildings) + 2


# --------------------------------------------------------------------------- moving animals

# Seed text 4.(4) "动物转移": "可选择建造特殊饲养区时选择立刻把放置在标准饲养区的动物
# 放入特殊饲养区，每转移1个动物就找到符合动物饲养区要求的已被占用的最小标准的饲养区将其
# 翻面、根据卡牌左上角的图标里的数字放置对应数量的木块到特殊饲养区" (when you build a
# special enclosure you may at once move animals out of standard enclosures into it; for
# each, the smallest occupied standard enclosure meeting its needs flips back, and its
# tokens go onto the special enclosure).
# RB p.10 and p.12; rules spec §8.5 item 7.


def moving(state: ArkNovaState) -> list[BuildAction]:
    return [m for m in builds(state) if not m.buildings]


def test_a_reptile_house_that_uses_the_strength_keeps_the_action_open_for_its_animals() -> None:
    state = reptiles(473, 478)  # Common Agama (size 1), Chinese Water Dragon (size 1, water)
    after = with_house(state)
    acting = flow_of(after).acting
    assert acting is not None, "strength 5 used, but an animal may still move in"
    listed = {m.moves[0] for m in moving(after)}
    assert {Transfer(473, 1), Transfer(478, 1), Transfer(473, 5)} <= listed
    assert {t.card for t in listed} == {473, 478}
    assert Done("ann") in after.legal_moves()
    assert not [m for m in builds(after) if m.buildings], "no strength left for a building"


def test_moving_an_animal_flips_the_smallest_enclosure_that_suits_it_back_to_empty() -> None:
    state = with_house(reptiles(473, 478))
    one = play(state, BuildAction("ann", (), moves=(Transfer(473, 1),)))
    assert flow_of(one).acting is not None
    assert {m.moves[0].card for m in moving(one)} == {478}, "each animal moves once"
    two = play(one, BuildAction("ann", (), moves=(Transfer(478, 1),)))
    assert flow_of(two).acting is None, "nothing more to do: the action ended by itself"
    zoo = two.zoo("ann")
    # The agama leaves the size-2 enclosure (the smallest occupied one); the water dragon
    # needs a water space beside it, which only the size-3 enclosure has ([2,5]).
    assert [b.occupied for b in zoo.buildings if b.kind.startswith("enclosure")] == [False, False]
    assert two.board("ann").used("reptile_house") == 2
    built = next(e for e in two.events if e.kind == "build")
    assert [line["code"] for line in built.data["lines"]].count("build.moved_in") == 2
    assert built.data["lines"][-2]["params"]["size"] == 2


def test_moving_animals_is_optional() -> None:
    after = play(with_house(reptiles(473, 478)), Done("ann"))
    assert flow_of(after).acting is None
    zoo = after.zoo("ann")
    assert all(b.occupied for b in zoo.buildings if b.kind.startswith("enclosure"))
    assert after.board("ann").used("reptile_house") == 0


def test_a_house_with_strength_left_lists_buildings_and_animals_together() -> None:
    # Seed 3.(2): several different buildings on side II; strength 7 leaves 2 after the house.
    state = play(reptiles(473, x_tokens=2), SpendX("ann", "build", 2))
    after = with_house(state)
    kinds = {m.buildings[0].building for m in builds(after) if m.buildings}
    assert kinds and all(k in ("kiosk", "pavilion", "enclosure_1", "enclosure_2") for k in kinds)
    assert {m.moves[0].card for m in moving(after)} == {473}
    moved = play(after, BuildAction("ann", (), moves=(Transfer(473, 1),)))
    assert [m for m in builds(moved) if m.buildings], "the strength left still builds"
    assert not moving(moved)


def test_an_aviary_takes_birds_and_notreptiles() -> None:
    state = reptiles(473, 498)  # Common Agama, Shoebill (a bird, size 1)
    after = with_house(state, "aviary")
    assert {m.moves[0].card for m in moving(after)} == {498}
    step = BuildAction("ann", (), moves=(Transfer(473, 1),))
    assert after.check(step).code == "ark_nova.build.transfer_no_house"


def test_moving_animals_refused_with_codes() -> None:
    state = reptiles(473, 478)
    first_step = BuildAction("ann", (), moves=(Transfer(473, 1),))
    assert state.check(first_step).code == "ark_nova.build.transfer_no_house"
    house = next(m for m in builds(state) if m.buildings[0].building == "reptile_house")
    both = BuildAction("ann", house.buildings, moves=(Transfer(473, 1),))
    assert state.check(both).code == "ark_nova.step.one", "a building and an animal: two things"
    after = with_house(state)
    one = play(after, first_step)
    assert one.check(first_step).code == "ark_nova.build.transfer_twice"
    assert one.check(BuildAction("ann", (), moves=(Transfer(478, 5),))).code == (
        "ark_nova.animals.full"
    )
    assert after.check(BuildAction("ann", (), moves=(Transfer(470, 1),))).code == (
        "ark_nova.build.transfer_not_in_zoo"
    )
    assert after.check(BuildAction("ann", (), moves=(Transfer(473),))).code == (
        "ark_nova.animals.spaces_unknown"
    )


def test_every_animal_move_the_checker_accepts_is_listed() -> None:
    # docs/engines.md: legal_moves() lists every legal move.
    for state in (with_house(reptiles(473, 478, 469)), with_house(reptiles(473, 498), "aviary")):
        for _ in range(3):
            listed = set(state.legal_moves())
            tried = [
                BuildAction("ann", (), moves=(Transfer(c, s),))
                for c in (*state.zoo("ann").animals, 470, 498)
                for s in (None, 1, 2, 3, 4, 5)
            ]
            accepted = {m for m in tried if state.check(m)}
            assert accepted == {m for m in listed if isinstance(m, BuildAction) and m.moves}
            if not accepted:
                break
            state = play(state, sorted(accepted, key=lambda m: m.notation())[0])


def test_a_whole_build_with_animals_moved_is_its_steps() -> None:
    state = reptiles(473, 478)
    house = with_house(state)
    acting = flow_of(house).acting
    assert acting is not None and isinstance(acting.move, BuildAction)
    whole = BuildAction("ann", acting.move.buildings, moves=(Transfer(473, 1), Transfer(478, 1)))
    assert steps.split(whole)[1:] == [
        BuildAction("ann", (), moves=(Transfer(473, 1),)),
        BuildAction("ann", (), moves=(Transfer(478, 1),)),
    ]
    stepped = play(play(house, steps.split(whole)[1]), steps.split(whole)[2])
    assert steps.play_whole(state, whole).zoo("ann") == stepped.zoo("ann")
    move = BuildAction("ann", (), moves=(Transfer(473, 1),))
    assert move.notation() == "build ann move 473*1"
    assert ark_nova.parse_move(move.notation()) == move
    assert ark_nova.parse_move(move.to_json()) == move


# --------------------------------------------------------------------------- Sponsors


def test_side_two_sponsors_play_two_cards_one_step_each_within_strength_plus_one() -> None:
    # Seed 6.(2): several sponsors, total level <= strength + 1.
    state = position(slot={"sponsors": 5}, upgraded=("sponsors",), hand=(261, 255))
    listed = state.legal_moves()
    assert SponsorsAction("ann", (261,), (0,)) in listed
    one = play(state, SponsorsAction("ann", (261,), (0,)))
    acting = flow_of(one).acting
    assert acting is not None and acting.card == "sponsors"
    assert SponsorsAction("ann", (255,), (0,)) in one.legal_moves()
    assert SponsorsAction("ann") not in one.legal_moves()  # no break after a sponsor
    two = play(one, SponsorsAction("ann", (255,), (0,)))
    assert {261, 255} <= set(two.zoo("ann").sponsors)


def test_a_sponsor_over_the_level_left_is_neither_listed_nor_accepted() -> None:
    # 255 and 261 are levels 3 and 2 (total 5); at strength 3 side II allows 4.
    state = position(slot={"sponsors": 3}, upgraded=("sponsors",), hand=(261, 255))
    one = play(state, SponsorsAction("ann", (255,), (0,)))
    if flow_of(one).acting is not None:
        assert SponsorsAction("ann", (261,), (0,)) not in one.legal_moves()
        assert one.check(SponsorsAction("ann", (261,), (0,))).code == "ark_nova.sponsors.level"
    assert 261 not in one.zoo("ann").sponsors


# --------------------------------------------------------------------------- X-tokens


def test_x_tokens_spent_first_raise_a_build() -> None:
    # Seed 1.(1): each X-token raises the strength by 1.
    state = position(slot={"build": 2}, money=40, x_tokens=2)
    assert all(m.buildings[0].size <= 2 for m in builds(state))
    assert SpendX("ann", "build", 2) in state.legal_moves()
    raised = play(state, SpendX("ann", "build", 2))
    assert {m.buildings[0].size for m in builds(raised)} >= {3, 4}
    assert raised.legal_moves() and all(isinstance(m, BuildAction) for m in raised.legal_moves())
    big = first(raised, "enclosure_4")
    assert state.check(big).code == "ark_nova.build.strength"
    after = play(raised, big)
    assert "enclosure_4" in [b.kind for b in after.zoo("ann").buildings]
    # The same as the whole action typed at once with its 2 X-tokens (bonuses included).
    whole = steps.play_whole(state, BuildAction("ann", big.buildings, 2))
    assert after.zoo("ann") == whole.zoo("ann") and after.board("ann") == whole.board("ann")
    assert after.zoo("ann").x_tokens == state.zoo("ann").x_tokens - 2 + _bonus_x(big)


def _bonus_x(move: BuildAction) -> int:
    """X-tokens the covered bonus hexes of ``move`` give (Map A's ``x`` bonus)."""
    return sum(1 for p in move.buildings for h in p.cells if map_a.BONUSES.get(h) == "x_token")


def test_x_tokens_raise_animals_from_none_to_one() -> None:
    # Seed 4: strength 1 plays no animal; one X-token makes it 2, which plays one.
    state = position(slot={"animals": 1}, hand=(404,), money=40, x_tokens=1)
    assert not [m for m in state.legal_moves() if isinstance(m, AnimalsAction)]
    raised = play(state, SpendX("ann", "animals", 1))
    plays = [m for m in raised.legal_moves() if isinstance(m, AnimalsAction)]
    assert plays
    after = play(raised, plays[0])
    assert 404 in after.zoo("ann").animals and after.zoo("ann").x_tokens == 0


def test_x_tokens_raise_the_cards_action_listed_with_the_tokens_spent() -> None:
    # Rules spec §3 Cards side I: strength 3 draws 2; one X-token more makes strength 4.
    state = position(slot={"cards": 3}, x_tokens=1)
    assert CardsAction("ann", (), 1) in state.legal_moves()
    after = play(state, CardsAction("ann", (), 1))
    assert after.zoo("ann").x_tokens == 0


def test_a_step_typed_with_x_tokens_is_refused_with_what_to_do() -> None:
    state = position(slot={"build": 2}, money=40, x_tokens=2)
    move = BuildAction("ann", builds(state)[0].buildings, 1)
    verdict = state.check(move)
    assert verdict.code == "ark_nova.step.x_first" and "spend ann build 1" in (verdict.reason or "")
    assert steps.play_whole(state, move).zoo("ann").x_tokens == 1


def test_spend_and_done_round_trip() -> None:
    for move in (SpendX("ann", "build", 2), Done("ann")):
        assert ark_nova.parse_move(move.to_json()) == move
        assert ark_nova.parse_move(move.notation()) == move


# --------------------------------------------------------------------------- contract


def positions(count: int) -> list[ArkNovaState]:
    """Seeded games' positions where a player chooses (between actions or within one)."""
    out: list[ArkNovaState] = []
    for seed in range(count):
        rng = random.Random(seed)
        state = ark_nova.new_game(["ann", "bob", "cy"][: 2 + seed % 2], seed=seed)
        n = 0
        while not state.is_over and len(out) < (seed + 1) * 12:
            state = state.apply(ark_nova.GAME.playout_move(state, rng))  # type: ignore[misc]
            n += 1
            f = state.flow
            if f is not None and not f.pending and state.to_move != CHANCE and n % 7 == 0:
                out.append(state)
    return out


def typed(state: ArkNovaState, rng: random.Random) -> list[Move]:
    """Moves a player might type or tap in ``state``: single and several things, with and
    without X-tokens, listed or not."""
    player = state.to_move
    assert isinstance(player, str)
    zoo, board = state.zoo(player), state.board(player)
    xs = (0, 1, 2)
    places = list(legal_placements(zoo, strength=5, upgraded=True))
    rng.shuffle(places)
    out: list[Move] = []
    for p in places[:8]:
        out += [BuildAction(player, (p,), x) for x in xs]
    for a, b in zip(places[:6], places[6:12], strict=False):
        out.append(BuildAction(player, (a, b)))
    cards = [c for c in board.hand if isinstance(c, int)]
    cards += [c for c in state.display if isinstance(c, int)]
    homes = [b.cells[0] for b in zoo.buildings]
    plays = [
        AnimalPlay(c, h, state.display.index(c) + 1 if c in state.display else 0)
        for c in cards
        for h in homes
        if c >= 400
    ]
    rng.shuffle(plays)
    for play in plays[:8]:
        out += [AnimalsAction(player, (play,), x) for x in xs]
    out += [AnimalsAction(player, (a, b)) for a, b in zip(plays[:4], plays[4:8], strict=False)]
    tasks = ["reputation", "partner:asia", "partner:europe", "university:research2"]
    for t in tasks:
        out += [AssociationAction(player, (t,), d, x) for x in xs for d in (False, True)]
    out += [
        AssociationAction(player, ("reputation", t), d) for t in tasks[1:] for d in (False, True)
    ]
    sponsors = [c for c in cards if 200 <= c < 300]
    for c in sponsors:
        f = state.display.index(c) + 1 if c in state.display else 0
        out += [SponsorsAction(player, (c,), (f,), x) for x in xs]
    out += [SponsorsAction(player, (), (), x) for x in xs]
    if len(sponsors) > 1:
        out.append(SponsorsAction(player, tuple(sponsors[:2]), (0, 0)))
    out += [SpendX(player, card, x) for card in STEPPED for x in (1, 2, 3)]
    out += [
        BuildAction(player, (), moves=(Transfer(c, s),)) for c in zoo.animals[:4] for s in (None, 1)
    ]
    out += [CardsAction(player, (), x) for x in xs] + [Snap(player, 1, x) for x in xs]
    out.append(Done(player))
    return [m for m in out if not (isinstance(m, AnimalsAction) and m.plays[0].card < 400)]


@pytest.mark.parametrize("chunk", range(3))
def test_every_move_the_checker_accepts_is_listed(chunk: int) -> None:
    # docs/engines.md: legal_moves() is a tuple of every legal move.
    rng = random.Random(chunk)
    seen = 0
    for state in positions(6)[chunk::3]:
        listed = set(state.legal_moves())
        for move in typed(state, rng):
            if state.check(move):
                seen += 1
                assert move in listed, (move.notation(), state.ply)
    assert seen > 20


def test_every_listed_step_is_accepted() -> None:
    for state in positions(4)[::2]:
        for move in state.legal_moves():
            assert state.check(move), move.notation()
