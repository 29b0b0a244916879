"""The turn engine's moves: what may be played now, its check and its effect.

Rules text: ``docs/rules/ark_nova.md`` §2 (setup chance), §3 (the five action
cards and the X-token action: strength = slot + X-tokens spent; the card goes
to slot 1), §3 Cards (break token +2; draw and discard 1,1,2,2,3 / 1,0,1,0,1 on
side I, 1,2,2,3,4 / 0,1,0,1,1 on side II; snap), §4 (break discards), §6.5
item 4 (rewards) and the engine contract (chance is a move; a seeded game
draws with the state's generator). Seed text: "二、游戏流程".

While something is owed (``flow.Pending``) only the move it asks for is legal;
otherwise the player whose turn it is takes one action.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from engines.ark_nova import (
    actions,
    association,
    effects,
    flow,
    map_a,
    moves,
    sponsoring,
    steps,
    tokens,
)
from engines.ark_nova.board import ACTIONS, MAX_UPGRADED, reputation_range
from engines.ark_nova.cards import ANIMALS, FINAL_SCORING, PROJECTS, SPONSORS
from engines.ark_nova.flow import Flow, Pending
from engines.ark_nova.info import Ask, Phase, Step
from engines.ark_nova.moves import (
    AssociationAction,
    CardsAction,
    Deal,
    DealRow,
    Done,
    KeepFinalScoring,
    Reward,
    SpendX,
    SponsorsAction,
    StartPlayer,
    TableEffect,
)
from engines.ark_nova.said import Said, texts
from engines.ark_nova.zoo import MAX_X_TOKENS, Building
from engines.core import LEGAL, UNKNOWN, Event, Move, Verdict

if TYPE_CHECKING:
    from engines.ark_nova.state import ArkNovaState

CARDS_DRAW = {1: (1, 1, 2, 2, 3), 2: (1, 2, 2, 3, 4)}
CARDS_DISCARD = {1: (1, 0, 1, 0, 1), 2: (0, 1, 0, 1, 1)}
"""The Cards action by side and strength 1-5 (RB p.9; rules spec §3)."""
CARDS_BREAK = 2
"""The Cards action first moves the break token 2 spaces."""

ACTION_TYPES = (
    moves.BuildAction,
    moves.AnimalsAction,
    moves.XTokenAction,
    moves.Snap,
    CardsAction,
    AssociationAction,
    SponsorsAction,
    SpendX,
    Done,
)


def _at(values: tuple[int, ...], strength: int) -> int:
    return values[min(max(strength, 1), 5) - 1]


# --------------------------------------------------------------------------- listing


def legal(state: ArkNovaState) -> tuple[Move, ...]:
    f = state.flow_
    if f.phase == Phase.OVER:
        return ()
    if f.pending:
        return tuple(_owed_moves(state, f.pending[0]))
    if f.acting is not None:
        return tuple(_acting_moves(state, f.acting))
    player = state.players[f.turn]
    return tuple(_action_moves(state, player))


def _acting_moves(state: ArkNovaState, acting: flow.Acting) -> list[Move]:
    """The next steps of the action under way, and ``done`` once it has taken one."""
    done: list[Move] = [Done(acting.player)] if acting.move is not None else []
    return steps.next_steps(state, acting) + done


def _builds(state: ArkNovaState, player: str) -> list[Move]:
    return steps.build_steps(state, player)


def _cards(state: ArkNovaState, player: str) -> list[Move]:
    out: list[Move] = []
    for x in range(state.zoo(player).x_tokens + 1):
        out += _cards_moves(state, player, x)
    return out


def _x_tokens(state: ArkNovaState, player: str) -> list[Move]:
    if state.zoo(player).x_tokens >= MAX_X_TOKENS:
        return []
    return [moves.XTokenAction(player, a) for a in ACTIONS]


LISTERS: dict[str, Callable[[ArkNovaState, str], Sequence[Move]]] = {
    "animals": actions.animal_plays,
    "build": _builds,
    "cards": _cards,
    "association": association.candidates,
    "sponsors": sponsoring.candidates,
    "x_token": _x_tokens,
    "x_spend": steps.spends,
}
"""Every listed action of one kind for the player to move (``legal_moves`` joins them)."""


def _action_moves(state: ArkNovaState, player: str) -> list[Move]:
    moves: list[Move] = []
    for lister in LISTERS.values():
        moves += lister(state, player)
    return moves


def _cards_moves(state: ArkNovaState, player: str, x: int) -> list[Move]:
    zoo, board = state.zoo(player), state.board(player)
    side = board.side("cards")
    strength = board.slot("cards") + x
    out: list[Move] = [CardsAction(player, (), x)]
    if side == 2:
        rng = min(reputation_range(zoo.reputation), len(state.display))
        draw = _at(CARDS_DRAW[2], strength)
        for k in range(1, min(draw, rng) + 1):
            out += [CardsAction(player, c, x) for c in itertools.combinations(range(1, rng + 1), k)]
    out += [moves.Snap(player, folder, x) for folder in range(1, len(state.display) + 1)]
    return [m for m in out if check_action(state, m)]


def _owed_moves(state: ArkNovaState, item: Pending) -> Sequence[Move]:
    f = state.flow_
    if item.ask == Ask.START:
        return [StartPlayer(p) for p in state.players]
    if item.ask == Ask.ROW:
        return [
            DealRow(item.player, ("animals", *rest)) for rest in itertools.permutations(ACTIONS[1:])
        ]
    if item.ask == Ask.DEAL_TILE:
        return [Deal(t) for t in flow.TILES if t not in f.tiles]
    if item.ask == Ask.DEAL_PROJECT:
        return [Deal(p) for p in range(101, 113) if p not in f.base_projects]
    if item.ask in (Ask.DEAL_HAND, Ask.DEAL_DISPLAY):
        if state.seed is not None:
            return [Deal(UNKNOWN)]
        return [Deal(UNKNOWN)] + [Deal(c) for c in table_deck(state)]
    if item.ask == Ask.DEAL_FINAL:
        if state.seed is not None:
            return [Deal(UNKNOWN)]
        held = {c for hand in f.final_hands for c in hand}
        return [Deal(UNKNOWN)] + [Deal(c) for c in FINAL_SCORING if c not in held]
    if item.ask == Ask.DISCARD:
        hand = state.board(item.player).hand
        combos = dict.fromkeys(
            tuple(sorted(c, key=str)) for c in itertools.combinations(hand, min(item.n, len(hand)))
        )
        return [moves.BreakDiscard(item.player, c) for c in combos]
    if item.ask == Ask.KEEP_FINAL:
        hand = f.final_hands[state.players.index(item.player)]
        options = FINAL_SCORING if UNKNOWN in hand else dict.fromkeys(hand)
        return [KeepFinalScoring(item.player, (c,)) for c in options]
    if item.ask == Ask.REWARD:
        return [Reward(item.player, c) for c in reward_choices(state, item)]
    return [TableEffect(item.player, item.card), *tokens.placements(state, item)]


_ZOO_CARDS: tuple[int, ...] = ()


def _zoo_cards() -> tuple[int, ...]:
    global _ZOO_CARDS
    if not _ZOO_CARDS:
        _ZOO_CARDS = tuple(
            sorted(
                [a for a, c in ANIMALS.items() if not c.marine_worlds]
                + [s for s, c in SPONSORS.items() if not c.marine_worlds]
                + [p for p in PROJECTS if p > 112]
            )
        )
    return _ZOO_CARDS


def table_deck(state: ArkNovaState) -> list[int]:
    """The cards a table game's deck may deal: every zoo card not seen elsewhere; once
    every card has been seen, the discard pile's, reshuffled into the deck."""
    seen = _seen_cards(state)
    unseen = [c for c in _zoo_cards() if c not in seen]
    if unseen:
        return unseen
    return sorted({c for c in state.flow_.discard if isinstance(c, int)})


def _seen_cards(state: ArkNovaState) -> set[int]:
    """Zoo cards the table has seen somewhere (so the deck cannot deal them)."""
    seen: set[int] = {c for c in state.display if isinstance(c, int)}
    seen |= {c for c in state.flow_.discard if isinstance(c, int)}
    seen |= set(state.flow_.projects)
    for zoo, board in zip(state.zoos, state.boards, strict=True):
        seen |= set(zoo.animals) | set(zoo.sponsors) | set(zoo.projects)
        seen |= {c for c in board.hand if isinstance(c, int)}
    return seen


def reward_choices(state: ArkNovaState, item: Pending) -> tuple[str, ...]:
    """The choices of a track reward (rules spec §6.5 item 4; §3 upgrade sources)."""
    board = state.board(item.player)
    i = state.players.index(item.player)
    upgrades = (
        tuple(f"upgrade:{a}" for a in ACTIONS if a not in board.upgraded)
        if len(board.upgraded) < MAX_UPGRADED
        else ()
    )
    if item.why == "conservation" and item.n == 2:
        worker = ("worker",) if state.flow_.hired[i] < flow.MAX_WORKERS else ()
        return upgrades + worker or ("money",)
    if item.why == "conservation":
        tiles = tuple(f"tile:{s}" for s in flow.TILE_SLOTS[item.n] if state.flow_.tiles[s - 1])
        return ("money", *tiles)
    return upgrades or ("money",)


# --------------------------------------------------------------------------- checks


def check(state: ArkNovaState, move: Move) -> Verdict:
    f = state.flow_
    if f.pending:
        return _check_owed(state, f.pending[0], move)
    if isinstance(move, Deal | DealRow | StartPlayer):
        return Verdict.illegal("ark_nova.not_chance", "nothing is being dealt now")
    player = getattr(move, "player", None)
    turn = state.players[f.turn]
    if player != turn:
        return Verdict.illegal(
            "ark_nova.not_your_turn",
            f"it is {turn}'s turn, not {player}'s",
            player=str(player),
            turn=turn,
        )
    if not isinstance(move, ACTION_TYPES):
        return Verdict.illegal(
            "ark_nova.not_now",
            f"{turn} chooses an action now (animals, build, cards, association, sponsors or "
            "an X-token)",
            case="action",
            player=turn,
        )
    if f.acting is not None:
        return steps.check_acting(state, f.acting, move)
    if isinstance(move, Done):
        return Verdict.illegal(
            "ark_nova.step.no_action", f"{turn} has no action under way", case="done", player=turn
        )
    if isinstance(move, SpendX) or steps.card_of(move) is not None:
        return steps.check_start(state, move)
    return check_action(state, move)


def check_action(state: ArkNovaState, move: Move) -> Verdict:
    if isinstance(move, CardsAction):
        return _check_cards(state, move)
    if isinstance(move, AssociationAction):
        return association.run(state, move)[0]
    if isinstance(move, SponsorsAction):
        return sponsoring.run(state, move)[0]
    return actions.check(state, move)


def _waiting(item: Pending) -> str:
    if item.chance:
        return "the table to deal a card" if item.ask != Ask.START else "the start player"
    words = {
        Ask.DISCARD: f"{item.player} to discard {item.n} card{'s' * (item.n != 1)}",
        Ask.KEEP_FINAL: f"{item.player} to keep one final-scoring card",
        Ask.REWARD: f"{item.player} to choose a reward",
        Ask.EFFECT: f"{item.player} to enter what a card effect gave",
    }
    return words[item.ask]


def _check_owed(state: ArkNovaState, item: Pending, move: Move) -> Verdict:
    wrong = Verdict.illegal(
        "ark_nova.not_now",
        f"the game is waiting for {_waiting(item)}",
        case="waiting",
        ask=str(item.ask),
    )
    if item.chance:
        if item.ask == Ask.START:
            ok = isinstance(move, StartPlayer) and move.player in state.players
        elif item.ask == Ask.ROW:
            ok = (
                isinstance(move, DealRow)
                and move.player == item.player
                and move.actions[0] == "animals"
            )
        else:
            ok = isinstance(move, Deal) and move in _owed_moves(state, item)
        if ok:
            return LEGAL
        if isinstance(move, Deal | DealRow | StartPlayer):
            return Verdict.illegal(
                "ark_nova.deal",
                f"{move.notation()} cannot be dealt now ({_waiting(item)})",
                ask=str(item.ask),
            )
        return wrong
    if getattr(move, "player", None) != item.player:
        return wrong
    if item.ask == Ask.DISCARD and isinstance(move, moves.BreakDiscard):
        return _check_discard(state, item, move)
    if item.ask == Ask.KEEP_FINAL and isinstance(move, KeepFinalScoring):
        hand = state.flow_.final_hands[state.players.index(item.player)]
        if len(move.cards) != 1 or (move.cards[0] not in hand and UNKNOWN not in hand):
            return Verdict.illegal(
                "ark_nova.keep_final",
                f"{item.player} keeps one of their final-scoring cards ({', '.join(hand)})",
                player=item.player,
                cards=list(hand),
            )
        return LEGAL
    if item.ask == Ask.REWARD and isinstance(move, Reward):
        choices = reward_choices(state, item)
        if move.choice not in choices:
            return Verdict.illegal(
                "ark_nova.reward",
                f"the reward is one of {', '.join(choices)}, not {move.choice}",
                choices=list(choices),
            )
        return LEGAL
    if item.ask == Ask.EFFECT and isinstance(move, TableEffect):
        return _check_effect(state, item, move)
    return wrong


def _check_discard(state: ArkNovaState, item: Pending, move: moves.BreakDiscard) -> Verdict:
    hand = list(state.board(item.player).hand)
    need = min(item.n, len(hand))
    if len(move.cards) != need:
        return Verdict.illegal(
            "ark_nova.discard_count",
            f"{item.player} discards {need} card{'s' * (need != 1)}, not {len(move.cards)}",
            need=need,
            count=len(move.cards),
        )
    for card in move.cards:
        if card in hand:
            hand.remove(card)
        elif UNKNOWN in hand and state.seed is None:
            hand.remove(UNKNOWN)
        else:
            return Verdict.illegal(
                "ark_nova.break.not_in_hand", f"{card} is not in hand", card=card
            )
    return LEGAL


def _check_effect(state: ArkNovaState, item: Pending, move: TableEffect) -> Verdict:
    if move.card != item.card:
        return Verdict.illegal(
            "ark_nova.effect_card",
            f"the table enters the effect of card {item.card}, not {move.card}",
            card=item.card,
        )
    if move.hexes:
        if item.card not in effects.UNIQUE_BUILDINGS or item.why != "sponsor":
            return Verdict.illegal(
                "ark_nova.effect_hexes",
                "only a unique building's effect covers hexes",
                card=item.card,
            )
        zoo = state.zoo(item.player)
        covered = zoo.covered
        for h in move.hexes:
            if not map_a.on_map(h) or h in covered or h in map_a.ROCK or h in map_a.WATER:
                return Verdict.illegal(
                    "ark_nova.effect_hexes",
                    f"the building cannot cover [{h[0]},{h[1]}]: off the map, covered, rock, water",
                    card=item.card,
                    at=f"[{h[0]},{h[1]}]",
                )
    if move.tokens:
        return tokens.check(state, item, move)
    return LEGAL


# --------------------------------------------------------------------------- Cards


def _check_cards(state: ArkNovaState, move: CardsAction) -> Verdict:
    """The Cards action's rules (strength, side, reputation range), without stepping."""
    zoo, board = state.zoo(move.player), state.board(move.player)
    strength, verdict = actions.action_strength(zoo, board, "cards", move.x)
    if not verdict:
        return verdict
    side = board.side("cards")
    draw = _at(CARDS_DRAW[side], strength)
    if move.folders and side == 1:
        return Verdict.illegal(
            "ark_nova.cards.display_side",
            "the Cards card takes display cards in reputation range on side II only",
        )
    rng = reputation_range(zoo.reputation)
    for folder in move.folders:
        if folder > rng or folder > len(state.display):
            return Verdict.illegal(
                "ark_nova.cards.reputation_range",
                f"folder {folder} is beyond reputation range ({rng} folders)",
                folder=folder,
                range=rng,
            )
    if len(move.folders) > draw:
        return Verdict.illegal(
            "ark_nova.cards.too_many",
            f"strength {strength} draws {draw} cards, not {len(move.folders)}",
            draw=draw,
            count=len(move.folders),
        )
    return LEGAL


def _run_cards(state: ArkNovaState, move: CardsAction) -> tuple[Verdict, ArkNovaState | None]:
    verdict = _check_cards(state, move)
    if not verdict:
        return verdict, None
    player = move.player
    zoo, board = state.zoo(player), state.board(player)
    side = board.side("cards")
    strength = board.slot("cards") + move.x
    draw, discard = _at(CARDS_DRAW[side], strength), _at(CARDS_DISCARD[side], strength)
    taken = tuple(state.display[f - 1] for f in move.folders)
    display = tuple(c for f, c in enumerate(state.display, start=1) if f not in move.folders)
    board = replace(board.after_use("cards"), hand=(*board.hand, *taken))
    state = replace(
        state.with_player(player, replace(zoo, x_tokens=zoo.x_tokens - move.x), board),
        display=display,
    )
    state = flow.advance_break(state, player, CARDS_BREAK)
    owed = [Pending(Ask.DEAL_HAND, player, why="cards")] * (draw - len(move.folders))
    if discard:
        owed.append(Pending(Ask.DISCARD, player, n=discard, why="cards"))
    return LEGAL, state.evolve(flow=state.flow_.queue(*owed))


# --------------------------------------------------------------------------- applying


def apply(state: ArkNovaState, move: Move) -> ArkNovaState:
    f = state.flow_
    state = state.evolve(events=())
    if f.pending:
        item = f.pending[0]
        state = state.evolve(flow=replace(f, pending=f.pending[1:]))
        state = _resolve(state, item, move)
    elif isinstance(move, SpendX):
        state = _spend(state, move)
    elif f.acting is not None or steps.card_of(move) is not None:
        state = _step(state, move)
    else:
        state = _act(state, move)
    state = flow.check_tracks(state)
    return flow.settle(state)


def _spend(state: ArkNovaState, move: SpendX) -> ArkNovaState:
    acting = flow.Acting(move.card, move.player, move.x)
    event = Event(
        "x_spent",
        f"{move.player} spends {move.x} X-token{'s' * (move.x != 1)} on the "
        f"{move.card.capitalize()} card: strength "
        f"{state.board(move.player).slot(move.card) + move.x}",
        {"player": move.player, "card": move.card, "x": move.x},
    )
    return state.evolve(flow=replace(state.flow_, acting=acting), events=(event,))


def _step(state: ArkNovaState, move: Move) -> ArkNovaState:
    """One step of a Build, Animals, Association or Sponsors action: the action goes on
    while a further step is possible and the player has not said ``done``."""
    f = state.flow_
    acting = f.acting
    if isinstance(move, Done):
        assert acting is not None and acting.move is not None
        return _act(state.evolve(flow=replace(f, acting=None)), acting.move)
    card = steps.card_of(move)
    assert card is not None
    if acting is None:
        acting = flow.Acting(card, move.player)  # type: ignore[attr-defined]
    acting = replace(acting, move=steps.merge(acting, move))
    state = state.evolve(flow=replace(f, acting=acting))
    if not steps.any_step(state, acting):
        assert acting.move is not None
        return _act(state.evolve(flow=replace(f, acting=None)), acting.move)
    event = Event(
        "step",
        f"{acting.player} takes the {card.capitalize()} action one step at a time "
        f"({steps.parts(acting.move) if acting.move else 0} so far)",
        {"player": acting.player, "card": card, "move": move.to_json()},
    )
    return state.evolve(events=(event,))


def _act(state: ArkNovaState, move: Move) -> ArkNovaState:
    player = move.player  # type: ignore[attr-defined]
    before = state
    if isinstance(move, CardsAction):
        after = _run_cards(state, move)[1]
    elif isinstance(move, AssociationAction):
        after = association.run(state, move)[1]
    elif isinstance(move, SponsorsAction):
        after = sponsoring.run(state, move)[1]
    else:
        after = actions.apply(state, move)
        # The record's display refills with unseen cards at once; here the refill is dealt
        # after the turn, so the folders emptied by this action stay empty.
        emptied = (
            1
            if isinstance(move, moves.Snap)
            else sum(1 for p in getattr(move, "plays", ()) if p.folder)
        )
        if emptied:
            after = after.evolve(display=after.display[: len(after.display) - emptied])
        if isinstance(move, moves.Snap):
            after = flow.advance_break(after, player, CARDS_BREAK)
    assert after is not None
    used = None if isinstance(move, moves.XTokenAction) else ACTION_CARDS.get(move.TYPE)
    after = _after_action(before, after, player, used)
    return after.evolve(events=(_action_event(player, move), *after.events))


ACTION_CARDS = {
    "build": "build",
    "animals": "animals",
    "cards": "cards",
    "snap": "cards",
    "association": "association",
    "sponsors": "sponsors",
}
"""Each action move's type to the action card it uses."""


def _action_event(player: str, move: Move) -> Event:
    """The ``action`` event: who used which action card (the move itself in ``data``)."""
    data = {"player": player, "move": move.to_json()}
    if isinstance(move, moves.XTokenAction):
        text = f"{player} moved the {move.card.capitalize()} card to slot 1 for an X-token"
        return Event("action", text, {**data, "card": move.card, "x_token": True})
    card = ACTION_CARDS.get(move.TYPE, move.TYPE)
    return Event("action", f"{player} used the {card.capitalize()} card", {**data, "card": card})


def _after_action(
    before: ArkNovaState, state: ArkNovaState, player: str, used: str | None
) -> ArkNovaState:
    """What an action leaves owed: cards drawn by bonuses, abilities, ongoing effects, what
    the tokens on the action card used did (``tokens``)."""
    zoo, board = state.zoo(player), state.board(player)
    owed: list[Pending] = []
    unknown = board.hand.count(UNKNOWN) - before.board(player).hand.count(UNKNOWN)
    if unknown > 0:
        hand = list(board.hand)
        for _ in range(unknown):
            hand.reverse()
            hand.remove(UNKNOWN)
            hand.reverse()
        state = state.with_player(player, zoo, replace(board, hand=tuple(hand)))
        owed += [Pending(Ask.DEAL_HAND, player, why="bonus")] * unknown
    worker = (7, 1)
    if worker in zoo.covered and worker not in before.zoo(player).covered:
        state = flow.hire(state, player)
    resolved: list[Said] = []
    for card in zoo.animals[len(before.zoo(player).animals) :]:
        for keyword, lv in effects.abilities(card):
            n = effects.level(lv)
            if keyword == "sprint" and n:
                owed += [Pending(Ask.DEAL_HAND, player, why="sprint")] * n
            elif keyword == "perception" and n:
                owed += [Pending(Ask.DEAL_HAND, player, why="perception")] * n
                owed.append(Pending(Ask.DISCARD, player, n=n - 1, why="perception"))
            else:
                continue
            params = {"card": card, "ability": keyword, "level": n}
            resolved.append(Said("ability", f"{ANIMALS[card].name}: {keyword} {n}", params))
        if effects.unresolved_abilities(card):
            owed.append(Pending(Ask.EFFECT, player, card=card, why="ability"))
    ongoing = [c for c in zoo.sponsors if effects.ongoing(c)]
    if ongoing and not any(p.why == "ongoing" for p in owed):
        owed.append(Pending(Ask.EFFECT, player, card=0, n=1, why="ongoing"))
    if used is not None and tokens.used(before, player, used):
        owed.append(Pending(Ask.EFFECT, player, n=ACTIONS.index(used) + 1, why="tokens"))
    f = state.flow_
    state = state.evolve(flow=replace(f, step=Step.AFTER).push(*owed))
    if resolved:
        state = flow.add_events(
            state,
            Event(
                "resolved",
                "the companion resolved: " + "; ".join(texts(resolved)),
                {
                    "player": player,
                    "effects": texts(resolved),
                    "lines": [s.to_json() for s in resolved],
                },
            ),
        )
    return state


def _resolve(state: ArkNovaState, item: Pending, move: Move) -> ArkNovaState:
    f = state.flow_
    if isinstance(move, StartPlayer):
        start = state.players.index(move.player)
        for k in range(len(state.players)):
            p = state.players[(start + k) % len(state.players)]
            state = state.with_player(p, replace(state.zoo(p), appeal=k), state.board(p))
        return state.evolve(flow=replace(state.flow_, turn=start))
    if isinstance(move, DealRow):
        board = replace(state.board(move.player), actions=move.actions)
        return state.with_player(move.player, state.zoo(move.player), board)
    if isinstance(move, Deal):
        return _deal(state, item, move)
    if isinstance(move, moves.BreakDiscard):
        board = state.board(item.player)
        for card in move.cards:
            board = board.without(card)
        state = state.with_player(item.player, state.zoo(item.player), board)
        return state.evolve(flow=replace(state.flow_, discard=(*f.discard, *move.cards)))
    if isinstance(move, KeepFinalScoring):
        i = state.players.index(item.player)
        kept = move.cards
        zoo = replace(state.zoo(item.player), final_scoring=kept)
        state = state.with_player(item.player, zoo, state.board(item.player))
        return replace(
            state, flow=replace(state.flow_, final_hands=Flow.set_at(f.final_hands, i, kept))
        )
    if isinstance(move, Reward):
        return _reward(state, item, move)
    assert isinstance(move, TableEffect)
    state = flow.gain(state, item.player, move.gained, "effect")
    if move.hexes:
        zoo = state.zoo(item.player)
        zoo = replace(zoo, buildings=(*zoo.buildings, Building.unique(item.card, move.hexes)))
        state = state.with_player(item.player, zoo, state.board(item.player))
    if move.tokens:
        state = tokens.place(state, item, move)
    words = effects.card_words(item.card) if item.card else item.why
    placed = "".join(f"; a {k} token on {p}'s {a.capitalize()} card" for k, p, a in move.tokens)
    return flow.add_events(
        state,
        Event(
            "table_effect",
            f"the table resolved {words}: {move.gained.words()}{placed}",
            {
                "player": item.player,
                "card": item.card,
                "gains": dict(move.gains),
                "why": item.why,
                "n": item.n,
                "hexes": [list(h) for h in move.hexes],
                **({"tokens": [list(t) for t in move.tokens]} if move.tokens else {}),
            },
        ),
    )


def _deal(state: ArkNovaState, item: Pending, move: Deal) -> ArkNovaState:
    f = state.flow_
    card = move.card
    if item.ask == Ask.DEAL_TILE:
        slot = item.n - 1
        return state.evolve(flow=replace(f, tiles=Flow.set_at(f.tiles, slot, int(card))))
    if item.ask == Ask.DEAL_PROJECT:
        supports = f.supports
        if len(state.players) == 2 and item.n <= 3:
            supports = (*supports, (int(card), item.n - 1, association.BLOCKED))
        return replace(
            state, flow=replace(f, base_projects=(*f.base_projects, int(card)), supports=supports)
        )
    if item.ask == Ask.DEAL_FINAL:
        i = state.players.index(item.player)
        if card == UNKNOWN and f.final_deck is not None:
            k = state.rng().randrange(len(f.final_deck))
            card = f.final_deck[k]
            f = replace(f, final_deck=f.final_deck[:k] + f.final_deck[k + 1 :])
        hand = (*f.final_hands[i], str(card))
        return state.evolve(flow=replace(f, final_hands=Flow.set_at(f.final_hands, i, hand)))
    if card == UNKNOWN and f.deck is not None:
        cards: tuple[int, ...] = f.deck
        if not cards:
            cards = tuple(sorted(c for c in f.discard if isinstance(c, int)))
            f = replace(f, discard=())
        if not cards:
            return state.evolve(flow=f)
        k = state.rng().randrange(len(cards))
        card = cards[k]
        f = replace(f, deck=cards[:k] + cards[k + 1 :])
    elif card != UNKNOWN and card in f.discard:
        # A table game's deck ran out: the discard pile was reshuffled into it.
        f = replace(f, discard=tuple(c for c in f.discard if c != card))
    state = state.evolve(flow=f)
    if item.ask == Ask.DEAL_DISPLAY:
        return state.evolve(display=(*state.display, card))
    board = state.board(item.player)
    return state.with_player(
        item.player, state.zoo(item.player), replace(board, hand=(*board.hand, card))
    )


def _reward(state: ArkNovaState, item: Pending, move: Reward) -> ArkNovaState:
    kind, _, arg = move.choice.partition(":")
    player = item.player
    if kind == "money":
        gain = 5 if item.why == "conservation" and item.n in (5, 8) else 0
        return flow.gain(state, player, effects.Gains(money=gain), "reward")
    if kind == "worker":
        return flow.hire(state, player)
    if kind == "upgrade":
        board = state.board(player)
        board = replace(board, upgraded=tuple(a for a in ACTIONS if a in (*board.upgraded, arg)))
        return state.with_player(player, state.zoo(player), board)
    slot = int(arg)
    f = state.flow_
    tile = f.tiles[slot - 1]
    f = replace(f, tiles=Flow.set_at(f.tiles, slot - 1, 0)).push(
        Pending(Ask.EFFECT, player, card=0, n=tile, why="tile")
    )
    return state.evolve(flow=f)


def effect_words(item: Pending) -> str:
    """What the table is asked to enter for an owed effect."""
    if item.why == "tile":
        return f"bonus tile {item.n}: its reward as the tile shows"
    if item.why == "ongoing":
        return "any lasting effect of your played sponsors that fired during this action"
    if item.why == "left edge":
        return "the free size-2 enclosure freed on the left edge of Map A"
    if item.why == "income" and not item.card:
        return "the free size-2 enclosure of the left edge (income)"
    if item.why == "tokens":
        action = ACTIONS[item.n - 1].capitalize()
        return f"the tokens on your {action} card: what they did when you used it"
    words = effects.card_words(item.card)
    if item.why == "sponsor" and item.card in effects.IMMEDIATE:
        words += (
            f" (the companion added {effects.IMMEDIATE[item.card].words()}; enter only the rest)"
        )
    return words
