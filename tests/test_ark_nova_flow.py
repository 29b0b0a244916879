"""Ark Nova's breaks, track rewards and the end of the game, step by step.

Rules: ``docs/rules/ark_nova.md`` §4 (the break), §5 (the end), §6.5 item 4 (the
conservation track), §7 (income), quoting the rulebook (RB) and the seed text
``docs/rules/seeds/002_d4ebc6ce59aa2949.txt`` (ZH).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines import ark_nova
from engines.ark_nova.flow import appeal_income, kiosk_income
from engines.ark_nova.info import Ask, Phase, Step
from engines.ark_nova.state import ArkNovaState
from engines.ark_nova.zoo import Building, Zoo, setup_buildings
from tests.ark_nova_turns import asks, flow_of, play, position, resolve


def first_choices(state: ArkNovaState, stop: Ask | None = None, limit: int = 400) -> ArkNovaState:
    """Resolve chance by the seed and every choice by its first listed move, until the
    game waits for an action (or for ``stop``)."""
    for _ in range(limit):
        f = flow_of(state)
        if f.phase == Phase.OVER or (not f.pending and f.step == Step.ACTION):
            return state
        if stop is not None and f.pending and f.pending[0].ask == stop:
            return state
        state = state.apply(state.chance_move() or state.legal_moves()[0])
    raise AssertionError("no action came")


# --------------------------------------------------------------------------- the break


def near_break(**zoo: Any) -> ArkNovaState:
    state = position(slot={"sponsors": 3}, **zoo)
    return replace(state, flow=replace(flow_of(state), break_pos=flow_of(state).break_len - 2))


def hands(state: ArkNovaState, **held: tuple[int, ...]) -> ArkNovaState:
    for player, cards in held.items():
        state = state.with_player(
            player, state.zoo(player), replace(state.board(player), hand=cards)
        )
    return state


def test_the_player_who_ends_the_break_track_gets_an_x_token() -> None:
    # ZH 二.7: "把休息标记推进到最后一格的玩家完成自己的回合获得1个x 标记"; RB p.18.
    state = near_break()
    after = play(state, "sponsors ann break")
    assert after.zoo("ann").x_tokens == 1
    assert "break_reached" in [e.kind for e in after.events]


def test_no_x_token_past_five() -> None:
    after = play(near_break(x_tokens=5), "sponsors ann break")
    assert after.zoo("ann").x_tokens == 5


def test_the_break_follows_the_turn_and_discards_down_to_the_hand_limit() -> None:
    # ZH 二.8: "检查手牌上限开始手牌上限为3"; rules spec §4.
    state = near_break(money=0)
    state = hands(state, ann=(406, 407, 408), bob=(401, 402, 403, 404, 405))
    after = first_choices(play(state, "sponsors ann break"), stop=Ask.DISCARD)
    assert asks(after)[0] == ("discard", "bob", 2)
    assert after.check(ark_nova.parse_move("discard bob 401")).code == "ark_nova.discard_count"
    done = first_choices(play(after, "discard bob 401,402"))
    assert done.board("bob").hand == (403, 404, 405)


def test_a_university_raises_the_hand_limit_to_five() -> None:
    # ZH 二.5(3): "大学:1：手牌上限至5张提升2点声望".
    state = near_break()
    bob = replace(state.zoo("bob"), universities=("reputation_hand",))
    state = hands(state.with_player("bob", bob, state.board("bob")), bob=(401, 402, 403, 404, 405))
    after = first_choices(play(state, "sponsors ann break"), stop=Ask.DISCARD)
    assert not any(a == "discard" and p == "bob" for a, p, _ in asks(after))


def test_the_break_returns_workers_refills_the_association_and_the_display() -> None:
    # ZH 二.8(2)-(3): workers back, partner zoos and universities refilled; display folders
    # 1 and 2 discarded, the rest slide left, 2 new cards; rules spec §4.
    state = near_break()
    f = flow_of(state)
    state = replace(
        state,
        flow=replace(f, workers=(0, 1), placed=((2, 1, 0, 0), (0, 0, 0, 0)), taken=("asia",)),
    )
    kept = state.display[2:]
    gone = state.display[:2]
    after = first_choices(play(state, "sponsors ann break"))
    g = flow_of(after)
    assert g.workers == g.hired and g.placed == ((0, 0, 0, 0),) * 2 and g.taken == ()
    assert after.display[:4] == kept and len(after.display) == 6
    assert set(gone) <= set(g.discard)
    assert g.break_pos == 0 and g.breaker == ""


@pytest.mark.parametrize(
    ("appeal", "money"),
    [(0, 5), (4, 9), (5, 10), (7, 11), (16, 15), (17, 16), (31, 20), (32, 21), (56, 27),
     (95, 34), (96, 35), (113, 37)],
)  # fmt: skip
def test_appeal_income_table(appeal: int, money: int) -> None:
    # Rules spec §7: 0-4 -> 5 + a; 5-16 -> 10 + (a-5)//2; ...; RB p.18: appeal 7 -> 11.
    assert appeal_income(appeal) == money


def test_kiosks_earn_for_their_neighbours() -> None:
    # ZH 二.8(4): each unique building, special enclosure, pavilion and occupied standard
    # enclosure beside a kiosk gives 1 money; an empty standard enclosure gives none.
    kiosk, enclosure = setup_buildings()
    assert kiosk_income(Zoo(buildings=(kiosk, enclosure))) == 0
    full = replace(enclosure, occupied=True)
    pavilion = Building.standard("pavilion", (1, 3))
    assert kiosk_income(Zoo(buildings=(kiosk, full, pavilion))) == 2


def test_income_is_paid_to_every_player_at_the_break() -> None:
    # ZH 二.8(4)-(5): every player takes their income at once; hand icons too (220: $3).
    state = near_break(money=0, appeal=7)
    bob = replace(state.zoo("bob"), money=0, appeal=20, sponsors=(220,))
    state = state.with_player("bob", bob, state.board("bob"))
    after = first_choices(play(state, "sponsors ann break"))
    assert after.zoo("ann").money == 3 + 11
    assert after.zoo("bob").money == appeal_income(20) + 3


def test_the_freed_purple_spaces_of_the_left_edge_pay_at_every_break() -> None:
    # ZH 二.8(5): "收取所有有手图标的收入（一些赞助商卡牌和主板图左侧都会提供这些收入）";
    # rules spec §8.3: the upper four spaces of Map A's left edge, once freed, give now and
    # every break a card, a free size-2 enclosure, 5 money and 1 CP.
    state = hands(near_break(money=0), ann=(406, 407))  # under the hand limit of 3
    f = flow_of(state)
    state = replace(state, flow=replace(f, left=((5, 6, 7), f.left[1])))
    after = first_choices(play(state, "sponsors ann break"), stop=Ask.EFFECT)
    item = flow_of(after).pending[0]
    assert (item.player, item.card, item.n, item.why) == ("ann", 0, 2, "income")
    done = first_choices(after)
    zoo = done.zoo("ann")
    assert zoo.money == 3 + appeal_income(state.zoo("ann").appeal) + 5
    assert zoo.conservation == state.zoo("ann").conservation + 1
    assert len(done.board("ann").hand) == 3


# --------------------------------------------------------------------------- track rewards


def test_conservation_two_gives_an_upgrade_or_a_worker() -> None:
    # Rules spec §6.5 item 4: CP space 2, upgrade an action card or activate a worker.
    state = position(slot={"sponsors": 3}, hand=(261,), conservation=1)
    after = play(state, "sponsors ann 261")  # Guided School Tours: 1 appeal + 1 CP
    assert asks(after)[0] == ("reward", "ann", 2)
    choices = {m.notation() for m in after.legal_moves()}
    assert "reward ann worker" in choices and "reward ann upgrade:build" in choices
    worker = play(after, "reward ann worker")
    assert flow_of(worker).hired[0] == 2


def test_conservation_five_gives_money_or_a_bonus_tile() -> None:
    # Rules spec §6.5 item 4: CP 5 and 8, 5 money or one of the 2 bonus tiles beside it.
    state = position(slot={"sponsors": 3}, hand=(261,), conservation=4,
                     flow={"claimed": (("cp2",), ())})  # fmt: skip
    after = play(state, "sponsors ann 261")
    assert asks(after)[0] == ("reward", "ann", 5)
    money = play(after, "reward ann money")
    assert money.zoo("ann").money == state.zoo("ann").money + 5
    tile = flow_of(after).tiles[0]
    took = play(after, "reward ann tile:1")
    assert flow_of(took).tiles[0] == 0
    assert asks(took)[0] == ("effect", "ann", tile)


def test_the_first_player_at_ten_makes_everyone_keep_one_final_scoring_card() -> None:
    # ZH 三.2: "当有一位玩家到达10分的格子所有玩家选择1张终局进分卡保留把另一张弃掉".
    state = position(slot={"sponsors": 3}, hand=(261,), conservation=9,
                     flow={"claimed": (("cp2", "cp5", "cp8"), ())})  # fmt: skip
    after = play(state, "sponsors ann 261")
    keeps = [p for a, p, _ in asks(after) if a == "keep_final"]
    assert keeps == ["ann", "bob"]
    card = flow_of(after).final_hands[0][1]
    after = play(after, f"keep ann {card}")
    assert after.zoo("ann").final_scoring == (card,)
    # The others do not see what was kept.
    assert after.view("bob")["zoos"]["ann"]["final_scoring"] == 1
    assert after.public_move(ark_nova.parse_move(f"keep ann {card}"), "bob")["cards"] == 1


# --------------------------------------------------------------------------- the end


def meeting(**zoo: Any) -> ArkNovaState:
    """Ann one appeal short of her target (CP 9: target 96), Sponsors in slot 3."""
    return position(slot={"sponsors": 3}, hand=(261,), appeal=95, conservation=9,
                    flow={"claimed": (("cp2", "cp5", "cp8"), ())}, **zoo)  # fmt: skip


def test_the_end_is_triggered_the_moment_the_markers_meet() -> None:
    # ZH 三.3: same area or one marker passed the other: the game ends; rules spec §5.
    after = play(meeting(), "sponsors ann 261")  # +1 appeal, +1 CP
    assert after.trigger == "ann" and not after.trigger_in_break
    assert "end_triggered" in [e.kind for e in after.events]


def test_the_others_take_one_more_turn_then_final_scoring() -> None:
    # ZH 三.3: "触发游戏结束的玩家完成自己的回合开始计分，其他玩家进行一个回合之后再进行计分".
    state = first_choices(play(meeting(), "sponsors ann 261"))
    assert state.to_move == "bob"
    state = first_choices(play(state, "sponsors bob break"))
    assert state.final_turns == ("bob",)
    f = flow_of(state)
    assert f.phase == Phase.OVER and state.is_over
    outcome = state.outcome()
    assert outcome is not None and set(outcome.scores) == {"ann", "bob"}


def test_a_trigger_in_a_break_gives_every_player_one_more_turn() -> None:
    # ZH 三.3: "（触发游戏结束是休息期间，所有玩家都进行一个回合）"; rules spec §5.
    # Bob's freed left-edge space 4 gives 1 CP at every break: CP 9 -> 10, target 96 -> 94.
    state = near_break()
    bob = replace(state.zoo("bob"), appeal=95, conservation=9)
    state = state.with_player("bob", bob, state.board("bob"))
    f = flow_of(state)
    state = replace(state, flow=replace(f, left=(f.left[0], (5, 6, 7)),
                                        claimed=((), ("cp2", "cp5", "cp8"))))  # fmt: skip
    after = first_choices(play(state, "sponsors ann break"))
    assert after.trigger == "bob" and after.trigger_in_break
    assert after.to_move == "bob"
    after = first_choices(play(after, "sponsors bob break"))
    assert not after.is_over and after.to_move == "ann"
    after = first_choices(play(after, "sponsors ann break"))
    assert after.is_over and set(after.final_turns) == {"ann", "bob"}


def test_the_trigger_stands_when_appeal_is_lost_afterwards() -> None:
    # Issue 19: the trigger is the moment the markers meet, not the final zoo.
    state = play(meeting(), "sponsors ann 261")
    lower = state.with_player("ann", replace(state.zoo("ann"), appeal=50), state.board("ann"))
    assert lower.trigger == "ann"
    again = ark_nova.load_state(lower.to_json())
    assert again.trigger == "ann"


def test_without_anyone_at_ten_each_player_keeps_one_card_at_the_end() -> None:
    # Rules spec §5: if nobody reached 10 CP, each player first discards one of two.
    state = position(slot={"sponsors": 3}, hand=(261,), appeal=110, conservation=1)
    state = first_choices(play(state, "sponsors ann 261"), stop=Ask.KEEP_FINAL)
    state = first_choices(play(state, "sponsors bob break"), stop=Ask.KEEP_FINAL)
    assert [a for a, _, _ in asks(state)] == ["keep_final", "keep_final"]
    state = first_choices(state)
    assert state.is_over
    assert all(len(z.final_scoring) == 1 for z in state.zoos)
    outcome = state.outcome()
    assert outcome is not None
    for p in state.players:
        labels = [line.label for line in outcome.breakdown[p]]
        assert any("(0" in label for label in labels), labels  # the kept card's line


def test_a_move_after_the_end_is_refused() -> None:
    state = first_choices(play(meeting(), "sponsors ann 261"))
    state = first_choices(play(state, "sponsors bob break"))
    assert state.check(ark_nova.parse_move("sponsors ann break")).code == "ark_nova.game_over"


def test_resolve_deals_only_chance() -> None:
    state = resolve(ark_nova.new_game(["ann", "bob"], seed=4))
    assert state.to_move in ("ann", "bob")
