"""Ark Nova turn by turn: each action card at each strength on both sides, X-tokens, setup.

Each scenario cites the rule it follows: the rules spec ``docs/rules/ark_nova.md``
(§ numbers), the rulebook pages it quotes (RB) and the seed text
``docs/rules/seeds/002_d4ebc6ce59aa2949.txt`` (ZH, quoted).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engines import CHANCE, ark_nova
from engines.ark_nova import steps
from engines.ark_nova.flow import BREAK_TRACK
from engines.ark_nova.info import Ask
from engines.ark_nova.moves import AssociationAction, BuildAction, SponsorsAction
from tests.ark_nova_turns import asks, flow_of, play, position, resolve, started

# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_deals_what_the_seed_text_lists(n: int) -> None:
    # ZH 一.1-10: 4 of 9 bonus tiles, 6 display cards, 4 base projects, Map A with a
    # kiosk and a size-3 enclosure, 25 money, Animals in slot 1, 8 cards keep 4, 2
    # final-scoring cards; appeal by seat 0/1/2/3 from the start player (RB p.5).
    state = started(n)
    f = flow_of(state)
    assert len([t for t in f.tiles if t]) == 4 and len(set(f.tiles)) == 4
    assert len(state.display) == 6 and len(f.base_projects) == 4
    assert f.break_len == BREAK_TRACK[n] and f.break_pos == 0
    start = f.turn
    for k in range(n):
        p = state.players[(start + k) % n]
        zoo, board = state.zoo(p), state.board(p)
        assert zoo.appeal == k and zoo.money == 25 and zoo.conservation == 0
        assert {b.kind for b in zoo.buildings} == {"kiosk", "enclosure_3"}
        assert board.actions[0] == "animals" and not board.upgraded
        assert len(board.hand) == 4
        assert len(f.final_hands[state.players.index(p)]) == 2
    assert len(f.discard) == 4 * n  # the 4 cards each player did not keep
    assert f.workers == (1,) * n


def test_the_rulebook_option_lays_three_base_projects_with_fewer_than_four() -> None:
    # Rules spec §13 base_projects_face_up: rulebook = 4 with 4 players, else 3.
    state = ark_nova.new_game(["ann", "bob"], seed=2, options={"base_projects_face_up": "rulebook"})
    state = resolve(state)
    assert len(flow_of(state).base_projects) == 3


def test_two_players_block_one_level_of_the_first_three_base_projects() -> None:
    # Rules spec §2 step 4 (RB p.5): left level of the 1st, middle of the 2nd, right of the 3rd.
    f = flow_of(started(2))
    blocked = [(p, lv) for p, lv, who in f.supports if who == "@blocked"]
    assert blocked == [(f.base_projects[0], 0), (f.base_projects[1], 1), (f.base_projects[2], 2)]


def test_a_table_game_deals_unseen_cards_and_lists_the_possible_ones() -> None:
    # Engine contract (docs/engines.md): chance is a move the table supplies; unknown
    # cards are normal; a card the table has seen elsewhere cannot be dealt again.
    state = ark_nova.new_game(["ann", "bob"])
    assert state.to_move == CHANCE
    state = play(state, "start bob")
    assert state.zoo("bob").appeal == 0 and state.zoo("ann").appeal == 1
    while asks(state)[0][0] != "deal_display":
        state = state.apply(state.legal_moves()[0])
    outcomes = {m.notation() for m in state.legal_moves()}
    assert "deal ?" in outcomes and "deal 401" in outcomes
    state = play(state, "deal 401")
    assert state.display == (401,)
    assert state.check(ark_nova.parse_move("deal 401")).code == "ark_nova.deal"


# --------------------------------------------------------------------------- action row


def test_the_used_card_goes_to_slot_1_and_the_cards_left_of_it_shift_right() -> None:
    # ZH 二.1: "把协会卡牌拿出之前的卡牌向右移动、最后把协会卡牌放置到强度一的槽位中".
    state = position(slot={"sponsors": 4})
    after = play(state, "sponsors ann break")
    before = state.board("ann").actions
    assert after.board("ann").actions == ("sponsors", *before[:3], before[4])


@pytest.mark.parametrize("x", [1, 2])
def test_x_tokens_raise_the_strength_before_the_action(x: int) -> None:
    # Rules spec §3: strength = slot + 1 per X-token spent, decided before acting.
    state = position(slot={"sponsors": 1}, x_tokens=3)
    after = play(state, f"sponsors ann break x{x}")
    assert after.zoo("ann").x_tokens == 3 - x
    assert after.zoo("ann").money == state.zoo("ann").money + 1 + x


def test_x_token_action_moves_a_card_and_is_refused_with_five() -> None:
    # ZH 二.7: any card to slot 1 for 1 X-token; with 5 X-tokens not allowed.
    state = position(slot={"build": 3}, x_tokens=4)
    after = play(state, "xtoken ann build")
    assert after.zoo("ann").x_tokens == 5 and after.board("ann").actions[0] == "build"
    full = position(x_tokens=5)
    assert full.check(ark_nova.parse_move("xtoken ann build")).code == "ark_nova.x_token.full"


def test_only_the_player_whose_turn_it_is_acts() -> None:
    state = position(player="ann")
    verdict = state.check(ark_nova.parse_move("sponsors bob break"))
    assert verdict.code == "ark_nova.not_your_turn"


# --------------------------------------------------------------------------- Cards


@pytest.mark.parametrize(
    ("strength", "draw", "discard"), [(1, 1, 1), (2, 1, 0), (3, 2, 1), (4, 2, 0), (5, 3, 1)]
)
def test_cards_side_one(strength: int, draw: int, discard: int) -> None:
    # Rules spec §3 Cards side I (RB p.9): break token +2; draw 1,1,2,2,3; discard 1,0,1,0,1.
    state = position(slot={"cards": strength})
    after = play(state, "cards ann")
    owed = asks(after)
    assert owed[:draw] == [("deal_hand", "ann", 0)] * draw
    assert owed[draw:] == ([("discard", "ann", discard)] if discard else [])
    assert flow_of(after).break_pos == 2
    dealt = resolve(after)
    assert len(dealt.board("ann").hand) == len(state.board("ann").hand) + draw


@pytest.mark.parametrize(
    ("strength", "draw", "discard"), [(1, 1, 0), (2, 2, 1), (3, 2, 0), (4, 3, 1), (5, 4, 1)]
)
def test_cards_side_two(strength: int, draw: int, discard: int) -> None:
    # Rules spec §3 Cards side II: draw 1,2,2,3,4; discard 0,1,0,1,1; display cards in
    # reputation range may be taken instead of deck draws.
    state = position(slot={"cards": strength}, upgraded=("cards",), reputation=4)
    after = play(state, "cards ann f1")
    taken = state.display[0]
    assert taken in after.board("ann").hand
    owed = asks(after)
    assert owed.count(("deal_hand", "ann", 0)) == draw - 1
    assert (("discard", "ann", discard) in owed) == bool(discard)


def test_cards_side_two_stays_within_reputation_range() -> None:
    # Rules spec §3 "Reputation range": reputation 1 reaches folder 1 only.
    state = position(slot={"cards": 5}, upgraded=("cards",), reputation=1)
    verdict = state.check(ark_nova.parse_move("cards ann f2"))
    assert verdict.code == "ark_nova.cards.reputation_range"
    side_one = position(slot={"cards": 5}, reputation=5)
    assert side_one.check(ark_nova.parse_move("cards ann f1")).code == "ark_nova.cards.display_side"


def test_snap_at_strength_five_on_side_one_three_on_side_two() -> None:
    # ZH 二.2 "精选1张牌，从已经翻开的展示区中拿取任意1张动物园牌"; RB p.9: side II from 3.
    at5 = position(slot={"cards": 5})
    card = at5.display[5]
    after = play(at5, "snap ann f6")
    assert card in after.board("ann").hand and flow_of(after).break_pos == 2
    at4 = position(slot={"cards": 4})
    assert at4.check(ark_nova.parse_move("snap ann f6")).code == "ark_nova.cards.snap_strength"
    side2 = position(slot={"cards": 3}, upgraded=("cards",))
    assert side2.check(ark_nova.parse_move("snap ann f6"))


def test_the_display_refills_after_the_whole_turn() -> None:
    # ZH 二.2: empty folders are not filled at once; after the turn the cards slide left
    # and new cards fill the right.
    state = position(slot={"cards": 5})
    rest = state.display[:2] + state.display[3:]
    after = play(state, "snap ann f3")
    assert after.display[:5] == rest
    refilled = resolve(play_through(after))
    assert refilled.display[:5] == rest and len(refilled.display) == 6


def play_through(state: ark_nova.ArkNovaState) -> ark_nova.ArkNovaState:
    """Resolve what the action owes: chance by the seed, every choice its first option."""
    for _ in range(50):
        f = flow_of(state)
        if not f.pending:
            return state
        state = state.apply(state.chance_move() or state.legal_moves()[0])
    raise AssertionError("the action's owed items did not end")


# --------------------------------------------------------------------------- Build


@pytest.mark.parametrize("strength", [1, 2, 3, 4, 5])
def test_build_side_one_places_one_building_up_to_the_strength(strength: int) -> None:
    # Rules spec §8.5 side I: exactly 1 building, size <= strength, 2 money per hex.
    state = position(slot={"build": strength}, money=25)
    builds = [m for m in state.legal_moves() if isinstance(m, BuildAction)]
    assert builds and max(m.buildings[0].size for m in builds) == strength
    move = next(m for m in builds if m.buildings[0].size == strength)
    after = resolve(play(state, move))
    assert after.zoo("ann").money <= 25 - 2 * strength + 10  # a bonus may pay back
    assert after.board("ann").actions[0] == "build"


def test_build_side_two_places_several_different_buildings() -> None:
    # Rules spec §8.5 side II: several different buildings, total size <= strength.
    state = position(slot={"build": 5}, upgraded=("build",), money=40)
    two = "build ann e2@1,4r0 p@2,3r0"
    whole = steps.check_whole
    assert whole(state, ark_nova.parse_move("build ann e1@1,4r0 e1@2,3r0")).code == (
        "ark_nova.build.repeat"
    )
    verdict = whole(state, ark_nova.parse_move(two))
    assert verdict, verdict


@pytest.mark.parametrize("strength", [1, 2, 3, 4, 5])
def test_build_side_two_at_each_strength(strength: int) -> None:
    # ZH 二.3(2): "升级了建造卡牌后可以建造新的建筑（鸟禽馆以及爬行馆）（还可以一次建造多个
    # 建筑，不能一次行动中建造两个相同的建筑的）"; rules spec §8.5 side II: different
    # buildings of total size <= strength, the reptile house and aviary (size 5) included.
    state = position(slot={"build": strength}, upgraded=("build",), money=60)
    builds = [m for m in state.legal_moves() if isinstance(m, BuildAction)]
    sizes = {m.buildings[0].size for m in builds}
    assert max(sizes) == strength
    kinds = {m.buildings[0].building for m in builds}
    assert ({"reptile_house", "aviary"} <= kinds) == (strength == 5)
    side_one = position(slot={"build": strength}, money=60)
    one_kinds = {m.buildings[0].building for m in side_one.legal_moves() if m.TYPE == "build"}
    assert not one_kinds & {"reptile_house", "aviary"}
    if strength >= 2:
        first = next(m for m in builds if m.buildings[0].building == "enclosure_1")
        after = state.apply(first)
        rest = [m for m in after.legal_moves() if isinstance(m, BuildAction)]
        assert rest and max(m.buildings[0].size for m in rest) == strength - 1
        assert all(m.buildings[0].building != "enclosure_1" for m in rest)


# --------------------------------------------------------------------------- Animals


@pytest.mark.parametrize(("side", "counts"), [(1, (0, 1, 1, 1, 2)), (2, (1, 1, 2, 2, 2))])
def test_animals_count_by_strength(side: int, counts: tuple[int, ...]) -> None:
    # ZH 二.4 "槽位强度为一不能打出动物牌、槽位强度为5可以打出2张动物牌"; RB p.11 side II.
    for strength, allowed in enumerate(counts, start=1):
        upgraded = ("animals",) if side == 2 else ()
        state = position(slot={"animals": strength}, upgraded=upgraded, money=99)
        move = ark_nova.parse_move("animals ann 404@0,4 405@0,4 406@0,4")
        verdict = steps.check_whole(state, move)
        assert verdict.code == "ark_nova.animals.count", (strength, verdict)
        assert verdict.params["allowed"] == allowed


def test_animals_side_two_at_five_gives_one_reputation_first() -> None:
    # Rules spec §3 Animals side II: +1 reputation first at strength >= 5.
    state = position(slot={"animals": 5}, upgraded=("animals",), hand=(404,), money=40)
    after = play(state, "animals ann 404@0,4")
    assert after.zoo("ann").reputation == state.zoo("ann").reputation + 1
    assert 404 in after.zoo("ann").animals


def test_a_sprint_animal_draws_and_other_abilities_ask_the_table() -> None:
    # Rules spec §3: the ability follows the play; sprint is resolved, the rest entered.
    cheetah = position(slot={"animals": 3}, hand=(401,), money=40, buildings=_big_enclosure())
    after = play(cheetah, "animals ann 401@3,3")
    assert asks(after)[:3] == [("deal_hand", "ann", 0)] * 3  # Cheetah: sprint 3
    caracal = position(slot={"animals": 3}, hand=(404,), money=40)
    after = play(caracal, "animals ann 404@0,4")
    (effect,) = [p for p in flow_of(after).pending if p.ask == Ask.EFFECT and p.card == 404]
    view = after.view("ann")["flow"]["pending"]
    assert any("Hunter 2" in item.get("words", "") for item in view)
    done = play(after, "effect ann 404 card1")
    assert asks(done)[0] == ("deal_hand", "ann", 0)
    assert effect.why == "ability"


def _big_enclosure() -> tuple[object, ...]:
    from engines.ark_nova.zoo import Building, setup_buildings

    return (*setup_buildings(), Building.standard("enclosure_5", (3, 4), 0))


# --------------------------------------------------------------------------- Association


@pytest.mark.parametrize(
    ("strength", "task"),
    [(2, "reputation"), (3, "partner:asia"), (4, "university:research2"), (5, "project:{p}:2")],
)
def test_association_side_one_tasks_by_value(strength: int, task: str) -> None:
    # ZH 二.5 (1)-(4): strength 2 reputation, 3 partner zoo, 4 university, 5 project.
    state = position(slot={"association": strength}, animals=(402, 404, 405))
    project = flow_of(state).base_projects[3]
    move = ark_nova.parse_move(f"assoc ann {task.format(p=project)}")
    verdict = state.check(move)
    if task.startswith("project") and not verdict:
        assert verdict.code == "ark_nova.association.condition"
        return
    assert verdict, verdict
    weaker = position(slot={"association": strength - 1})
    assert weaker.check(move).code == "ark_nova.association.strength"


def test_association_at_strength_one_does_nothing() -> None:
    # ZH 二.5: the tasks are worth 2 to 5; strength 1 reaches none (rules spec §3).
    state = position(slot={"association": 1})
    assert not [m for m in state.legal_moves() if isinstance(m, AssociationAction)]
    verdict = state.check(ark_nova.parse_move("assoc ann reputation"))
    assert verdict.code == "ark_nova.association.strength"


@pytest.mark.parametrize("strength", [2, 3, 4, 5])
def test_association_side_two_splits_the_strength_over_different_tasks(strength: int) -> None:
    # ZH 二.5(5): "将卡牌槽位强度拆分，把多个工人放置到多个协会工位并且可以额外进行1次捐赠";
    # rules spec §3: several different tasks, total value <= strength.
    value = {"reputation": 2, "partner": 3, "university": 4, "project": 5}
    state = position(
        slot={"association": strength},
        upgraded=("association",),
        money=30,
        flow={"workers": (4, 1), "hired": (4, 1)},
    )
    first = [m for m in state.legal_moves() if isinstance(m, AssociationAction)]
    assert first and all(value[m.tasks[0].split(":")[0]] <= strength for m in first)
    after = state.apply(AssociationAction("ann", ("reputation",)))
    going = flow_of(after).acting is not None  # else the action ended by itself
    rest = [m for m in after.legal_moves() if isinstance(m, AssociationAction)] if going else []
    assert all(value[m.tasks[0].split(":")[0]] <= strength - 2 for m in rest)
    assert all(m.tasks[0] != "reputation" for m in rest)
    assert bool(rest) == (strength >= 5), "a partner zoo (3) fits beside 2 only at 5"


def test_association_reputation_and_a_second_worker_on_the_same_task() -> None:
    # Rules spec §3 Association: a task holding 1 of your workers costs 2 (ZH 二.5(5)).
    state = position(slot={"association": 2}, flow={"workers": (3, 1), "hired": (3, 1)})
    once = resolve(play(state, "assoc ann reputation"))
    assert once.zoo("ann").reputation == state.zoo("ann").reputation + 2
    assert flow_of(once).workers[0] == 2
    again = replace_turn(once, "ann", slot={"association": 2})
    twice = play(again, "assoc ann reputation")
    assert flow_of(twice).workers[0] == 0
    third = replace_turn(twice, "ann", slot={"association": 2})
    verdict = third.check(ark_nova.parse_move("assoc ann reputation"))
    assert verdict.code in ("ark_nova.association.task_full", "ark_nova.association.workers")


def replace_turn(
    state: ark_nova.ArkNovaState, player: str, slot: dict[str, int]
) -> ark_nova.ArkNovaState:
    """The same table with ``player`` to act and its row re-laid."""
    from dataclasses import replace

    from tests.ark_nova_turns import _row

    f = flow_of(state)
    board = replace(state.board(player), actions=_row(slot))
    state = state.with_player(player, state.zoo(player), board)
    return replace(state, flow=replace(f, turn=state.players.index(player), pending=()))


def test_partner_zoos_differ_and_are_taken_until_the_break() -> None:
    # ZH 二.5(2): 4 different continents; taken ones are refilled only at the break.
    state = position(slot={"association": 3}, partner_zoos=("asia",))
    assert state.check(ark_nova.parse_move("assoc ann partner:asia")).code == (
        "ark_nova.association.partner_held"
    )
    taken = replace_turn(play(state, "assoc ann partner:africa"), "bob", {"association": 3})
    assert taken.check(ark_nova.parse_move("assoc bob partner:africa")).code == (
        "ark_nova.association.partner_taken"
    )


def test_the_second_partner_zoo_lets_the_player_upgrade_a_card() -> None:
    # Rules spec §8.3 partner zoos: slot 2 upgrades an action card (RB p.6).
    state = position(slot={"association": 3}, partner_zoos=("asia",))
    after = play(state, "assoc ann partner:africa")
    assert ("reward", "ann", 0) in asks(after)
    while asks(after)[0][0] != "reward":
        after = after.apply(after.chance_move() or after.legal_moves()[0])
    upgraded = play(after, "reward ann upgrade:sponsors")
    assert "sponsors" in upgraded.board("ann").upgraded


def test_association_side_two_does_several_tasks_and_a_donation() -> None:
    # ZH 二.5(5): side II splits the strength over several tasks and may donate once.
    state = position(slot={"association": 5}, upgraded=("association",), money=10,
                     flow={"workers": (3, 1), "hired": (3, 1)})  # fmt: skip
    move = AssociationAction("ann", ("reputation", "partner:europe"), donate=True)
    after = play(state, move)
    assert after.zoo("ann").partner_zoos[-1] == "europe"
    assert after.zoo("ann").money == 10 - 2 and after.zoo("ann").conservation == 1
    assert flow_of(after).donations == 1
    side_one = position(slot={"association": 5})
    assert steps.check_whole(side_one, move).code == "ark_nova.association.side"


def test_supporting_a_base_project_gives_its_cp_and_frees_a_left_edge_token() -> None:
    # Rules spec §6.5 item 1: one level per project, a token from the left edge (§8.3).
    # 110 Predators: 5 / 4 / 2 icons for 5 / 4 / 2 CP; three predators reach level 3.
    projects = {"base_projects": (110, 101, 102, 103), "supports": ()}
    state = position(slot={"association": 5}, animals=(402, 404, 403), flow=projects)
    assert state.check(ark_nova.parse_move("assoc ann project:110:1")).code == (
        "ark_nova.association.condition"
    )
    after = play(state, "assoc ann project:110:2")
    assert after.zoo("ann").conservation == 2 and 110 in after.zoo("ann").projects
    assert flow_of(after).left[0] == (2, 3, 4, 5, 6, 7)
    # Left-edge space 1 (purple) gives a card at once.
    assert ("deal_hand", "ann", 0) in asks(after)
    taken = replace_turn(after, "bob", {"association": 5})
    taken = taken.with_player("bob", replace(taken.zoo("bob"), animals=(401, 410, 412)),
                              taken.board("bob"))  # fmt: skip
    assert taken.check(ark_nova.parse_move("assoc bob project:110:2")).code == (
        "ark_nova.association.level_taken"
    )


# --------------------------------------------------------------------------- Sponsors


@pytest.mark.parametrize("strength", [1, 2, 3, 4, 5])
def test_sponsors_break_side_one_and_two(strength: int) -> None:
    # ZH 二.6(1)-(2): break token +X and X money; side II 2X money.
    one = position(slot={"sponsors": strength})
    after = play(one, "sponsors ann break")
    assert after.zoo("ann").money == one.zoo("ann").money + strength
    assert flow_of(after).break_pos == strength
    two = position(slot={"sponsors": strength}, upgraded=("sponsors",))
    after = play(two, "sponsors ann break")
    assert after.zoo("ann").money == two.zoo("ann").money + 2 * strength


@pytest.mark.parametrize("strength", [1, 2, 3, 4, 5])
def test_sponsor_level_within_the_strength(strength: int) -> None:
    # ZH 二.6: the sponsor's level (top left) at most the strength; side II strength + 1.
    state = position(slot={"sponsors": strength}, hand=(226,), reputation=5)  # level 6
    verdict = state.check(ark_nova.parse_move("sponsors ann 226"))
    assert verdict.code == "ark_nova.sponsors.level"
    guided = position(slot={"sponsors": strength}, hand=(261,))  # level 3
    assert bool(guided.check(ark_nova.parse_move("sponsors ann 261"))) == (strength >= 3)
    side2 = position(slot={"sponsors": strength}, upgraded=("sponsors",), hand=(261,))
    assert bool(side2.check(ark_nova.parse_move("sponsors ann 261"))) == (strength >= 2)


def test_a_sponsor_adds_its_gains_and_its_icon() -> None:
    # 261 Guided School Tours: +1 appeal and +1 CP when played; resolved by the engine.
    state = position(slot={"sponsors": 3}, hand=(261,))
    after = play(state, "sponsors ann 261")
    zoo = after.zoo("ann")
    assert 261 in zoo.sponsors and zoo.appeal == state.zoo("ann").appeal + 1
    assert zoo.conservation == 1
    events = [e.kind for e in after.events]
    assert "action" in events


def test_sponsor_conditions_are_checked() -> None:
    # Rules spec §10: 7 sponsors need research icons, 6 Sponsors II, 6 appeal <= 25.
    lab = position(slot={"sponsors": 5}, upgraded=(), hand=(201,))
    assert lab.check(ark_nova.parse_move("sponsors ann 201")).code == "ark_nova.sponsors.condition"
    native = position(slot={"sponsors": 5}, upgraded=("sponsors",), hand=(258,), appeal=30)
    verdict = native.check(ark_nova.parse_move("sponsors ann 258"))
    assert verdict.code == "ark_nova.sponsors.condition" and verdict.params["what"] == "max_appeal"


def test_sponsors_side_two_plays_several_from_hand_and_display() -> None:
    state = position(slot={"sponsors": 5}, upgraded=("sponsors",), hand=(261, 255))
    move = SponsorsAction("ann", (261, 255), (0, 0))
    after = play(state, move)
    assert {261, 255} <= set(after.zoo("ann").sponsors)


def test_a_table_game_is_played_to_its_end_with_the_cards_the_table_names() -> None:
    # Engine contract: without a seed every deal is the table's; most cards are named,
    # some stay unseen ("?"), and the game still ends and scores.
    rng = random.Random(5)
    state = ark_nova.new_game(["ann", "bob"])
    for _ in range(5000):
        if state.is_over:
            break
        moves = state.legal_moves()
        if state.to_move == CHANCE:
            move = rng.choice(moves[1:] or moves) if rng.random() < 0.7 else moves[0]
        else:
            move = ark_nova.GAME.playout_move(state, rng)  # type: ignore[misc]
        state = state.apply(move)
    assert state.is_over and state.seed is None
    outcome = state.outcome()
    assert outcome is not None and set(outcome.scores) == {"ann", "bob"}
    assert any(c == "?" for c in flow_of(state).discard) or any("?" in b.hand for b in state.boards)
