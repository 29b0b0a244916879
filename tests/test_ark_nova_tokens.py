"""Ark Nova's multiplier, venom and constriction tokens: placed by abilities, returned at a break.

Rules: the seed text ``docs/rules/seeds/002_d4ebc6ce59aa2949.txt`` (ZH) 二.8.(1)
"行动卡牌上有双重毒液缠绕标记将它们放回供应堆（这些标记会在某些玩家打出某些卡牌时被放置）"
and rules spec ``docs/rules/ark_nova.md`` §4 (the break; RB p.18-19); §1 (8 tokens of each
kind, RB p.2); §3 and ZH 三.2 (a zoo below 5 appeal is not affected by other players'
cards, RB p.11); the ability glossary (``effects.GLOSSARY``) and Quarantine Lab's words.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.reasons import reason_text
from engines import ark_nova
from engines.ark_nova.board import PlayerBoard
from engines.ark_nova.info import Ask
from engines.ark_nova.moves import TableEffect
from engines.ark_nova.state import ArkNovaState
from engines.ark_nova.tokens import SUPPLY
from tests.ark_nova_turns import asks, flow_of, play, position
from tests.test_ark_nova_flow import first_choices


def _appeal(state: ArkNovaState, **appeal: int) -> ArkNovaState:
    for player, value in appeal.items():
        zoo = replace(state.zoo(player), appeal=value)
        state = state.with_player(player, zoo, state.board(player))
    return state


def platypus(n: int = 3, **appeal: int) -> ArkNovaState:
    """Ann has played the Platypus (449, Venom 1); the table enters its effect now."""
    state = position(n=n, slot={"animals": 3}, hand=(449,), money=40)
    state = play(_appeal(state, **appeal), "animals ann 449@0,5")
    assert asks(state)[0] == ("effect", "ann", 0)
    return state


def cassowary() -> ArkNovaState:
    """Ann has played the Northern Cassowary (516, Multiplier: Build)."""
    state = position(slot={"animals": 3}, hand=(516,), money=60, partner_zoos=("australia",))
    return play(_appeal(state, bob=10), "animals ann 516@0,5")


def notations(state: ArkNovaState) -> list[str]:
    return [m.notation() for m in state.legal_moves()]


def test_venom_gives_each_other_player_a_token_one_move_at_a_time() -> None:
    # ZH 二.8.(1): the tokens are placed when some cards are played; the glossary: "other
    # players gain a venom token on an action card". One token a move, the effect stays
    # owed until a move without a token.
    state = platypus(bob=10, cy=12)
    listed = notations(state)
    assert listed[0] == "effect ann 449 -"
    assert len(listed) == 1 + 2 * 5
    assert (
        "effect ann 449 venom:bob:build" in listed
        and "effect ann 449 venom:ann:build" not in listed
    )
    after = play(state, "effect ann 449 venom:bob:build")
    assert after.board("bob").tokens == (("build", "venom"),)
    assert asks(after)[0] == ("effect", "ann", 0)
    assert not any(":bob:" in m for m in notations(after))
    after = play(after, "effect ann 449 venom:cy:sponsors")
    assert notations(after) == ["effect ann 449 -"]
    done = play(after, "effect ann 449 -")
    assert not any(p.ask == Ask.EFFECT and p.card == 449 for p in flow_of(done).pending)
    assert done.board("bob").tokens_on("build") == ("venom",)
    assert done.board("cy").tokens_on("sponsors") == ("venom",)
    # Public: every player and the table see them.
    for viewer in (None, "ann", "bob", "cy"):
        assert done.view(viewer)["boards"]["bob"]["tokens"] == {"build": ["venom"]}


def test_multiplier_goes_on_the_named_card_of_the_owner() -> None:
    # The glossary: "place a multiplier token on the named action card" (516: Build).
    state = cassowary()
    assert notations(state) == ["effect ann 516 -", "effect ann 516 multiplier:ann:build"]
    refused = {
        "effect ann 516 multiplier:ann:cards": "ark_nova.token.action",
        "effect ann 516 multiplier:bob:build": "ark_nova.token.owner",
        "effect ann 516 venom:bob:build": "ark_nova.token.kind",
        "effect ann 516 multiplier:zed:build": "ark_nova.token.owner",
    }
    for move, code in refused.items():
        verdict = state.check(ark_nova.parse_move(move))
        assert verdict.code == code, (move, verdict)
        assert verdict.reason
    after = play(state, "effect ann 516 ap1 multiplier:ann:build")
    assert after.board("ann").tokens == (("build", "multiplier"),)
    assert after.zoo("ann").appeal == state.zoo("ann").appeal + 1
    assert notations(after) == ["effect ann 516 -"]
    assert after.check(ark_nova.parse_move("effect ann 516 multiplier:ann:build")).code == (
        "ark_nova.token.twice"
    )


def test_a_zoo_below_five_appeal_and_quarantine_lab_are_not_affected() -> None:
    # ZH 三.2 "魅力轨5分的格子标记提示未到达魅力点数5分的玩家不会受到其他玩家打出的负面卡牌
    # 的影响" (RB p.11); Quarantine Lab (225): "venom, constriction, hypnosis and pilfering no
    # longer affect you".
    state = platypus(bob=4, cy=9)
    verdict = state.check(ark_nova.parse_move("effect ann 449 venom:bob:build"))
    assert verdict.code == "ark_nova.token.appeal"
    assert verdict.params == {"kind": "venom", "player": "bob", "appeal": 4, "shield": 5}
    cy = replace(state.zoo("cy"), sponsors=(225,))
    shielded = state.with_player("cy", cy, state.board("cy"))
    assert shielded.check(ark_nova.parse_move("effect ann 449 venom:cy:build")).code == (
        "ark_nova.token.protected"
    )
    assert notations(shielded) == ["effect ann 449 -"]


def test_refusals_of_tokens_carry_codes() -> None:
    state = platypus(bob=10, cy=10)
    own = state.check(ark_nova.parse_move("effect ann 449 venom:ann:build"))
    assert (own.code, own.params["case"]) == ("ark_nova.token.owner", "other")
    two = TableEffect("ann", 449, tokens=(("venom", "bob", "build"), ("venom", "cy", "build")))
    assert state.check(two).code == "ark_nova.token.one"
    full = state
    for _ in range(SUPPLY):
        board = full.board("cy")
        full = full.with_player("cy", full.zoo("cy"), board.with_token("cards", "venom"))
    assert full.check(ark_nova.parse_move("effect ann 449 venom:bob:build")).code == (
        "ark_nova.token.supply"
    )
    # An effect that is no animal's ability places no token.
    item = flow_of(state).pending[0]
    tile = state.evolve(flow=replace(flow_of(state), pending=(replace(item, why="tile", card=0),)))
    verdict = tile.check(ark_nova.parse_move("effect ann 0 venom:bob:build"))
    assert (verdict.code, verdict.params["case"]) == ("ark_nova.token.kind", "none")


def test_the_break_returns_every_token_to_the_supply() -> None:
    # ZH 二.8.(1) "行动卡牌上有双重毒液缠绕标记将它们放回供应堆"; rules spec §4 (RB p.18-19):
    # tokens placed, a break reached, none left.
    state = platypus(n=2, bob=10)
    state = play(state, "effect ann 449 venom:bob:association")
    state = play(state, "effect ann 449 -")
    state = first_choices(state)
    assert state.players[flow_of(state).turn] == "bob"
    assert state.board("bob").tokens == (("association", "venom"),)
    f = flow_of(state)
    state = state.evolve(flow=replace(f, break_pos=f.break_len - 1))
    after = play(state, "sponsors bob break")
    assert "break_reached" in [e.kind for e in after.events]  # the break follows the turn
    after = first_choices(after)
    assert all(not board.tokens for board in after.boards)
    assert flow_of(after).break_pos == 0


def test_the_tokens_returned_event_names_them() -> None:
    state = position(slot={"sponsors": 3})
    board = state.board("bob").with_token("build", "constriction").with_token("cards", "venom")
    state = state.with_player("bob", state.zoo("bob"), board)
    f = flow_of(state)
    state = state.evolve(flow=replace(f, break_pos=f.break_len - 1))
    after = play(state, "sponsors ann break")
    seen = []
    for _ in range(200):
        seen += after.events
        if not any(b.tokens for b in after.boards):
            break
        after = after.apply(after.chance_move() or after.legal_moves()[0])
    (event,) = [e for e in seen if e.kind == "tokens_returned"]
    # In the order of the action cards (animals, cards, build, association, sponsors).
    assert event.data == {"tokens": {"bob": [["cards", "venom"], ["build", "constriction"]]}}


def test_using_a_card_with_tokens_asks_the_table_what_they_did() -> None:
    # The tokens' consequences are effects the table enters (``tokens`` module docstring).
    state = position(slot={"sponsors": 3})
    board = state.board("ann").with_token("sponsors", "venom")
    state = state.with_player("ann", state.zoo("ann"), board)
    after = play(state, "sponsors ann break")
    (item,) = [p for p in flow_of(after).pending if p.why == "tokens"]
    assert (item.ask, item.player, item.n) == (Ask.EFFECT, "ann", 5)
    words = [
        p.get("words") for p in after.view("ann")["flow"]["pending"] if p.get("why") == "tokens"
    ]
    assert words == ["the tokens on your Sponsors card: what they did when you used it"]
    while flow_of(after).pending[0].why != "tokens":
        after = after.apply(after.chance_move() or after.legal_moves()[0])
    assert notations(after) == ["effect ann 0 -"]
    paid = play(after, "effect ann 0 $-2")
    assert paid.zoo("ann").money == after.zoo("ann").money - 2
    assert paid.board("ann").tokens == (("sponsors", "venom"),)  # until the break
    plain = play(position(slot={"sponsors": 3}), "sponsors ann break")
    assert not any(p.why == "tokens" for p in flow_of(plain).pending)


@pytest.mark.parametrize(
    "text",
    ["effect ann 449 venom:bob:build", "effect ann 516 ap1 multiplier:ann:build",
     "effect ann 474 constriction:a:b:cards"],
)  # fmt: skip
def test_an_effect_with_a_token_round_trips(text: str) -> None:
    move = ark_nova.parse_move(text)
    assert move.notation() == text
    assert ark_nova.parse_move(move.to_json()) == move
    assert move.to_json()["tokens"] == [list(t) for t in move.tokens]  # type: ignore[attr-defined]


def test_a_board_with_tokens_round_trips() -> None:
    board = PlayerBoard(tokens=(("cards", "venom"), ("build", "multiplier"), ("build", "venom")))
    assert board.tokens == (("cards", "venom"), ("build", "multiplier"), ("build", "venom"))
    doc = board.to_json()
    assert doc["tokens"] == {"cards": ["venom"], "build": ["multiplier", "venom"]}
    assert PlayerBoard.from_json(doc) == board
    assert "tokens" not in PlayerBoard().to_json()
    with pytest.raises(ValueError, match="token"):
        PlayerBoard.from_json({"tokens": {"build": ["poison"]}})
    state = platypus(bob=10)
    state = play(state, "effect ann 449 venom:bob:build")
    assert ark_nova.load_state(state.to_json()) == state


def test_every_token_refusal_is_said_in_chinese() -> None:
    state = platypus(bob=4, cy=10)
    cy = replace(state.zoo("cy"), sponsors=(225,))
    guarded = state.with_player("cy", cy, state.board("cy"))
    multiplier = cassowary()
    refusals = [
        state.check(ark_nova.parse_move("effect ann 449 venom:bob:build")),
        state.check(ark_nova.parse_move("effect ann 449 venom:ann:build")),
        state.check(ark_nova.parse_move("effect ann 449 venom:zed:build")),
        state.check(ark_nova.parse_move("effect ann 449 multiplier:ann:build")),
        state.check(TableEffect("ann", 449, tokens=(("venom", "cy", "build"),) * 2)),
        guarded.check(ark_nova.parse_move("effect ann 449 venom:cy:build")),
        multiplier.check(ark_nova.parse_move("effect ann 516 multiplier:bob:build")),
        multiplier.check(ark_nova.parse_move("effect ann 516 multiplier:ann:cards")),
    ]
    codes = set()
    for verdict in refusals:
        assert not verdict and verdict.code
        codes.add(verdict.code)
        zh = reason_text(verdict, "zh-Hant")
        assert zh != verdict.reason and "{" not in zh, verdict
    assert len(codes) == 6
