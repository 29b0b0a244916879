"""Multiplier, venom and constriction tokens on the action cards: placed, shown, returned.

Rules text: the seed text 二.8.(1) "行动卡牌上有双重毒液缠绕标记将它们放回供应堆（这些标记会
在某些玩家打出某些卡牌时被放置）" (at a break the multiplier, venom and constriction tokens
on action cards go back to the supply; they are placed when some cards are played) and
rules spec §4 (the break, RB p.18-19); §1 (8 tokens of each kind, RB p.2); §3 "Animal
placement" and the seed text 三.2 (a player below 5 appeal is not affected by the
negative cards other players play, RB p.11); the ability glossary (``effects.GLOSSARY``:
multiplier places a token on the named action card; venom and constriction give other
players a token on an action card); sponsor 225 Quarantine Lab ("venom, constriction,
hypnosis and pilfering no longer affect you", ``carddata.words``).

The abilities ``multiplier``, ``venom`` and ``constriction`` stay effects the table enters
(``TableEffect``, rules spec §11: abilities recorded as player-declared effects); with the
card's words the table also says where each token went, one token a move (kind, player,
action card), and the effect stays owed until a move without a token. A multiplier token
goes on the card's owner's action card that the ability names; a venom or constriction
token on an action card of another player, at most one of a kind to each player from one
effect (the glossary: other players gain *a* token). The tokens lie on the boards
(``PlayerBoard.tokens``), public, until the break returns them all to the supply.

What a token does when its action card is used (the multiplier's action again, what venom
costs, constriction's weaker action) is not resolved by the engine either: after an action
that used a card holding tokens the table is asked what they did, as an owed effect
(``why`` ``tokens``) it enters like any other. Whether a token leaves its card once used is
not in the rules texts the project holds (rules spec §14 item 6, the ability glossary), so
the engine leaves it there until the break.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engines.ark_nova import effects
from engines.ark_nova.board import ACTIONS, TOKEN_KINDS
from engines.ark_nova.cards import ANIMALS
from engines.ark_nova.moves import TableEffect
from engines.core import LEGAL, Event, Verdict

if TYPE_CHECKING:
    from engines.ark_nova.flow import Pending
    from engines.ark_nova.state import ArkNovaState

SUPPLY = 8
"""Tokens of each kind in the box (RB p.2 components: 8 multiplier, 8 venom, 8
constriction; rules spec §1)."""

SHIELD_APPEAL = 5
"""A zoo below this appeal is not affected by what other players play (RB p.11; seed text
三.2, the appeal track's 5 mark; rules spec §3)."""

QUARANTINE_LAB = 225
"""The sponsor after which venom and constriction no longer affect its player."""

ATTACKS = ("venom", "constriction")
"""The token kinds an ability gives to other players."""


def token_abilities(card: int) -> tuple[tuple[str, str], ...]:
    """The card's abilities that place tokens, with their level or named action card."""
    return tuple((k, lv) for k, lv in effects.abilities(card) if k in TOKEN_KINDS)


def on_table(state: ArkNovaState, kind: str) -> int:
    """How many ``kind`` tokens lie on action cards (the rest are in the supply)."""
    return sum(1 for board in state.boards for _, k in board.tokens if k == kind)


# --------------------------------------------------------------------------- placing


def placements(state: ArkNovaState, item: Pending) -> list[TableEffect]:
    """Every token the owed effect ``item`` may place next, each a move of its own."""
    out: list[TableEffect] = []
    if item.why != "ability":
        return out
    for kind, level in token_abilities(item.card):
        if kind in ATTACKS:
            targets = [(p, a) for p in state.players if p != item.player for a in ACTIONS]
        else:
            named = (level,) if level in ACTIONS else ACTIONS
            targets = [(item.player, a) for a in named]
        for player, action in targets:
            move = TableEffect(item.player, item.card, tokens=((kind, player, action),))
            if move not in out and check(state, item, move):
                out.append(move)
    return out


def check(state: ArkNovaState, item: Pending, move: TableEffect) -> Verdict:
    """Whether the tokens of ``move`` may be placed for the owed effect ``item``."""
    if len(move.tokens) > 1:
        return Verdict.illegal(
            "ark_nova.token.one",
            f"an effect places one token a move, not {len(move.tokens)}: place them one at a "
            "time, then enter the rest without a token",
            count=len(move.tokens),
        )
    kind, player, action = move.tokens[0]
    card_id = f"A{item.card}"
    if item.why != "ability" or item.card not in ANIMALS:
        return Verdict.illegal(
            "ark_nova.token.kind",
            "only an animal's multiplier, venom or constriction ability places tokens",
            case="none",
            kind=kind,
        )
    placed = dict(token_abilities(item.card))
    if kind not in placed:
        return Verdict.illegal(
            "ark_nova.token.kind",
            f"card {item.card}'s abilities place no {kind} token",
            card_id=card_id,
            kind=kind,
        )
    if player not in state.players:
        return Verdict.illegal(
            "ark_nova.token.owner",
            f"{player} is not playing",
            case="unknown",
            kind=kind,
            player=player,
        )
    if kind in ATTACKS:
        verdict = _attack(state, item, kind, player)
        if not verdict:
            return verdict
    elif player != item.player:
        return Verdict.illegal(
            "ark_nova.token.owner",
            f"a {kind} token goes on an action card of {item.player}, whose card it is, "
            f"not of {player}",
            case="own",
            kind=kind,
            player=player,
            owner=item.player,
        )
    elif placed[kind] in ACTIONS and action != placed[kind]:
        return Verdict.illegal(
            "ark_nova.token.action",
            f"card {item.card} places its {kind} token on the {placed[kind].capitalize()} "
            f"card, not on the {action.capitalize()} card",
            card_id=card_id,
            kind=kind,
            action=action,
            named=placed[kind],
        )
    if any(k == kind and p == player for k, p, _ in item.placed):
        return Verdict.illegal(
            "ark_nova.token.twice",
            f"this effect already placed a {kind} token for {player}",
            kind=kind,
            player=player,
        )
    if on_table(state, kind) >= SUPPLY:
        return Verdict.illegal(
            "ark_nova.token.supply",
            f"all {SUPPLY} {kind} tokens already lie on action cards",
            kind=kind,
            supply=SUPPLY,
        )
    return LEGAL


def _attack(state: ArkNovaState, item: Pending, kind: str, player: str) -> Verdict:
    """A venom or constriction token: on another player, not shielded."""
    if player == item.player:
        return Verdict.illegal(
            "ark_nova.token.owner",
            f"a {kind} token goes on an action card of another player, not of {player}, "
            "whose card it is",
            case="other",
            kind=kind,
            player=player,
        )
    appeal = state.zoo(player).appeal
    if appeal < SHIELD_APPEAL:
        return Verdict.illegal(
            "ark_nova.token.appeal",
            f"{player} has appeal {appeal}, below {SHIELD_APPEAL}: other players' cards do not "
            f"affect them yet",
            kind=kind,
            player=player,
            appeal=appeal,
            shield=SHIELD_APPEAL,
        )
    if QUARANTINE_LAB in state.zoo(player).sponsors:
        return Verdict.illegal(
            "ark_nova.token.protected",
            f"{player} played Quarantine Lab: {kind} no longer affects them",
            kind=kind,
            player=player,
            card_id=f"S{QUARANTINE_LAB}",
        )
    return LEGAL


def place(state: ArkNovaState, item: Pending, move: TableEffect) -> ArkNovaState:
    """The tokens of ``move`` laid on their cards; the effect stays owed for the next one."""
    for kind, player, action in move.tokens:
        board = state.board(player).with_token(action, kind)
        state = state.with_player(player, state.zoo(player), board)
    flow = state.flow_
    again = replace(item, placed=(*item.placed, *move.tokens))
    return state.evolve(flow=flow.push(again))


def used(state: ArkNovaState, player: str, action: str) -> bool:
    """The ``action`` card ``player`` just used holds tokens: the table says what they did."""
    return bool(state.board(player).tokens_on(action))


# --------------------------------------------------------------------------- the break


def returned(state: ArkNovaState) -> ArkNovaState:
    """Seed text 二.8.(1): every token on an action card goes back to the supply."""
    gone = {
        p: [list(t) for t in board.tokens]
        for p, board in zip(state.players, state.boards, strict=True)
        if board.tokens
    }
    if not gone:
        return state
    boards = tuple(replace(board, tokens=()) for board in state.boards)
    count = sum(len(t) for t in gone.values())
    event = Event(
        "tokens_returned",
        f"{count} multiplier, venom and constriction token{'s' * (count != 1)} on action cards "
        "went back to the supply",
        {"tokens": gone},
    )
    return state.evolve(boards=boards, events=(*state.events, event))
