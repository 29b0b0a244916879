"""Checking and playing the Build, Animals, X-token, snap and break-discard moves.

Rules text: ``docs/rules/ark_nova.md`` §3 (strength = slot + X-tokens,
spent before the action; the card then goes to slot 1; the Cards action's
snap at strength 5 on side I, 3 on side II; the X-token action, refused with
5 tokens), §4 (hand limit 3, or 5 with the hand-limit university), §8.5
(Build, see ``build``) and "Animal placement" (see ``animals``).

Each move is one whole action as the player performs it; ``check`` names the
first rule it breaks. A side-II Build places several different buildings in
order (a bonus from one may pay for the next); an Animals action plays its
animals in order. Card abilities are out of scope: players declare them.
"""

from __future__ import annotations

import itertools
from collections.abc import Container
from dataclasses import replace
from typing import TYPE_CHECKING

from engines.ark_nova import animals as animal_rules
from engines.ark_nova import build as build_rules
from engines.ark_nova.animals import AnimalPlay, Table
from engines.ark_nova.board import (
    ACTIONS,
    HAND_LIMIT,
    HAND_LIMIT_UNIVERSITY,
    SPECIAL_CAPACITY,
    Card,
    PlayerBoard,
    gain_reputation,
)
from engines.ark_nova.cards import ANIMALS, PROJECTS, SPONSORS
from engines.ark_nova.moves import (
    AnimalsAction,
    BreakDiscard,
    BuildAction,
    SetBoard,
    SetDisplay,
    Snap,
    XTokenAction,
)
from engines.ark_nova.said import Said, texts
from engines.ark_nova.transfer import check_transfer, transfer
from engines.ark_nova.zoo import MAX_X_TOKENS, Zoo
from engines.core import LEGAL, UNKNOWN, Event, Move, Verdict

if TYPE_CHECKING:
    from engines.ark_nova.state import ArkNovaState

DISPLAY_FOLDERS = 6

SNAP_STRENGTH = {1: 5, 2: 3}
"""Strength the Cards action needs to snap a display card, by side (RB p.9)."""


# --------------------------------------------------------------------------- strength


def action_strength(zoo: Zoo, board: PlayerBoard, action: str, x: int) -> tuple[int, Verdict]:
    """The action card's strength with ``x`` X-tokens, refused when the board lacks them."""
    if x > zoo.x_tokens:
        return 0, Verdict.illegal(
            "ark_nova.x_tokens",
            f"spending {x} X-token{'s' * (x != 1)} needs them on the board; there "
            f"{'is' if zoo.x_tokens == 1 else 'are'} {zoo.x_tokens}",
            x=x,
            have=zoo.x_tokens,
        )
    return board.slot(action) + x, LEGAL


def _spend(zoo: Zoo, board: PlayerBoard, action: str, x: int) -> tuple[Zoo, PlayerBoard]:
    return replace(zoo, x_tokens=zoo.x_tokens - x), board.after_use(action)


# --------------------------------------------------------------------------- check


def display_problem(cards: tuple[Card, ...]) -> str | None:
    """What is wrong with a display (folder 1 first), or None."""
    if len(cards) > DISPLAY_FOLDERS:
        return f"the display has {DISPLAY_FOLDERS} folders, not {len(cards)}"
    known = [c for c in cards if c != UNKNOWN]
    for c in known:
        if not isinstance(c, int) or not any(c in t for t in (ANIMALS, SPONSORS, PROJECTS)):
            return f"there is no zoo card {c!r}"
    if len(set(known)) != len(known):
        return "a card lies in two display folders"
    return None


def check(state: ArkNovaState, move: Move) -> Verdict:
    """The verdict on a move of this module (the player, if any, is at the table)."""
    if isinstance(move, SetDisplay):
        problem = display_problem(move.cards)
        return Verdict.illegal("ark_nova.bad_display", problem) if problem else LEGAL
    player = getattr(move, "player", "")
    if isinstance(move, SetBoard):
        try:
            PlayerBoard.from_json(move.board)
        except ValueError as exc:
            return Verdict.illegal("ark_nova.bad_board", f"{player}'s board: {exc}", player=player)
        return LEGAL
    zoo, board = state.zoo(player), state.board(player)
    if isinstance(move, BuildAction):
        return _check_build(zoo, board, move)
    if isinstance(move, AnimalsAction):
        return _run_animals(state, move)[0]
    if isinstance(move, XTokenAction):
        if zoo.x_tokens >= MAX_X_TOKENS:
            return Verdict.illegal(
                "ark_nova.x_token.full",
                f"{player} already has {MAX_X_TOKENS} X-tokens, the most the notepad holds",
                player=player,
                most=MAX_X_TOKENS,
            )
        return LEGAL
    if isinstance(move, Snap):
        return _check_snap(state, zoo, board, move)
    assert isinstance(move, BreakDiscard)
    return _check_discard(zoo, board, move)


def _check_build(zoo: Zoo, board: PlayerBoard, move: BuildAction) -> Verdict:
    strength, verdict = action_strength(zoo, board, "build", move.x)
    if not verdict:
        return verdict
    side = board.side("build")
    if side == 1 and len(move.buildings) > 1:
        return Verdict.illegal(
            "ark_nova.build.count",
            f"the Build card on side I places exactly 1 building, not {len(move.buildings)}",
            count=len(move.buildings),
        )
    built: list[str] = []
    for p in move.buildings:
        problem = build_rules.check_placement(
            zoo, p, upgraded=side == 2, strength=strength, built=built
        )
        if problem:
            return problem.verdict()
        zoo, board, _ = build_rules.place(zoo, board, p)
        strength -= p.size
        built.append(p.building)
    for t in move.moves:
        problem = check_transfer(zoo, board, t, tuple(built))
        if problem:
            return problem.verdict()
        zoo, board, _ = transfer(zoo, board, t)
    return LEGAL


def _check_snap(state: ArkNovaState, zoo: Zoo, board: PlayerBoard, move: Snap) -> Verdict:
    strength, verdict = action_strength(zoo, board, "cards", move.x)
    if not verdict:
        return verdict
    side = board.side("cards")
    need = SNAP_STRENGTH[side]
    if strength < need:
        return Verdict.illegal(
            "ark_nova.cards.snap_strength",
            f"snapping a display card needs strength {need} on side {'I' * side}; the Cards "
            f"card gives {strength} (slot {board.slot('cards')} + {move.x} X-tokens)",
            need=need,
            side="I" * side,
            strength=strength,
            slot=board.slot("cards"),
            x=move.x,
        )
    if move.folder > len(state.display):
        return Verdict.illegal(
            "ark_nova.cards.empty_folder", f"folder {move.folder} is empty", folder=move.folder
        )
    return LEGAL


def hand_limit(zoo: Zoo) -> int:
    return HAND_LIMIT_UNIVERSITY if "reputation_hand" in zoo.universities else HAND_LIMIT


def _check_discard(zoo: Zoo, board: PlayerBoard, move: BreakDiscard) -> Verdict:
    hand = list(board.hand)
    for card in move.cards:
        if card in hand:
            hand.remove(card)
        elif UNKNOWN in hand:
            hand.remove(UNKNOWN)
        else:
            return Verdict.illegal(
                "ark_nova.break.not_in_hand", f"{card} is not in hand", card=card
            )
    limit = hand_limit(zoo)
    if len(hand) > limit:
        return Verdict.illegal(
            "ark_nova.break.hand_limit",
            f"{len(hand)} cards would stay in hand, over the hand limit of {limit}",
            cards=len(hand),
            limit=limit,
        )
    if len(hand) < min(limit, len(board.hand)):
        return Verdict.illegal(
            "ark_nova.break.discard_too_many",
            f"at a break a hand is discarded down to {limit}, not to {len(hand)}",
            cards=len(hand),
            limit=limit,
        )
    return LEGAL


# --------------------------------------------------------------------------- apply


def apply(state: ArkNovaState, move: Move) -> ArkNovaState:
    """The state after a legal move of this module."""
    if isinstance(move, SetDisplay):
        return state.evolve(display=move.cards)
    player = getattr(move, "player", "")
    if isinstance(move, SetBoard):
        return state.with_player(player, state.zoo(player), PlayerBoard.from_json(move.board))
    zoo, board = state.zoo(player), state.board(player)
    if isinstance(move, BuildAction):
        zoo, board = _spend(zoo, board, "build", move.x)
        lines: list[Said] = []
        for p in move.buildings:
            zoo, board, gains = build_rules.place(zoo, board, p)
            lines.extend(gains)
        for t in move.moves:
            zoo, board, said = transfer(zoo, board, t)
            lines.append(said)
        event = Event(
            "build",
            f"{player} built: " + "; ".join(texts(lines)),
            {
                "player": player,
                "buildings": [p.to_json() for p in move.buildings],
                "lines": [s.to_json() for s in lines],
            },
        )
        return replace(state.with_player(player, zoo, board), events=(event,))
    if isinstance(move, AnimalsAction):
        _, after = _run_animals(state, move)
        assert after is not None
        return after
    if isinstance(move, XTokenAction):
        zoo = replace(zoo, x_tokens=zoo.x_tokens + 1)
        return state.with_player(player, zoo, board.after_use(move.card))
    if isinstance(move, Snap):
        zoo, board = _spend(zoo, board, "cards", move.x)
        card = state.display[move.folder - 1]
        board = replace(board, hand=(*board.hand, card))
        display = animal_rules.settle_display(state.display, frozenset({move.folder}))
        return replace(state.with_player(player, zoo, board), display=display)
    assert isinstance(move, BreakDiscard)
    for card in move.cards:
        board = board.without(card)
    return state.with_player(player, zoo, board)


def _run_animals(state: ArkNovaState, move: AnimalsAction) -> tuple[Verdict, ArkNovaState | None]:
    """Check and play an Animals action in one pass: the verdict, and the state when legal."""
    player = move.player
    zoo, board = state.zoo(player), state.board(player)
    strength, verdict = action_strength(zoo, board, "animals", move.x)
    if not verdict:
        return verdict, None
    side = board.side("animals")
    allowed = animal_rules.animals_allowed(side, strength)
    if len(move.plays) > allowed:
        return Verdict.illegal(
            "ark_nova.animals.count",
            f"the Animals card on side {'I' * side} at strength {strength} plays "
            f"{allowed} animal{'s' * (allowed != 1)}, not {len(move.plays)}",
            side="I" * side,
            strength=strength,
            allowed=allowed,
            count=len(move.plays),
        ), None
    zoo, board = _spend(zoo, board, "animals", move.x)
    lines: list[Said] = []
    if side == 2 and strength >= 5:
        zoo = gain_reputation(zoo, board, 1)
        lines.append(
            Said(
                "animals.reputation_first",
                "+1 reputation first (Animals side II at strength 5)",
                {"reputation": 1},
            )
        )
    table = Table(zoo, board, state.display)
    for play in move.plays:
        problem = animal_rules.check_play(table, play, side)
        if problem:
            return problem.verdict(), None
        table, said = animal_rules.play_animal(table, play)
        lines.append(said)
    display = animal_rules.settle_display(state.display, table.taken)
    event = Event(
        "animals",
        f"{player} played " + "; ".join(texts(lines)),
        {"player": player, "lines": [s.to_json() for s in lines]},
    )
    after = replace(
        state.with_player(player, table.zoo, table.board), display=display, events=(event,)
    )
    return LEGAL, after


# --------------------------------------------------------------------------- listing


def legal_actions(state: ArkNovaState, player: str) -> list[Move]:
    """The action moves a recorded table's ``legal_moves()`` lists for ``player``'s zoo.

    Without X-tokens: every one-building Build action (a side-II action with
    several buildings is checked, not listed: ``build.legal_placements`` lists
    the next building for any strength and purse), the X-token actions, every
    snap, every one-animal play of a card the companion can see (display in
    range, known hand cards; into a reptile house or aviary once per number of
    spaces that fits, when the card's number is not keyed) and the break
    discards down to the hand limit. Each names ``player``: the companion shows
    a seat only the moves it makes (``state.mover_of``), so no seat's list
    shows another player's hand.
    """
    zoo, board = state.zoo(player), state.board(player)
    placements = build_rules.legal_placements(
        zoo, strength=board.slot("build"), upgraded=board.side("build") == 2
    )
    moves: list[Move] = [BuildAction(player, (p,)) for p in placements]
    if zoo.x_tokens < MAX_X_TOKENS:
        moves += [XTokenAction(player, card) for card in ACTIONS]
    moves += [
        m
        for m in (Snap(player, f) for f in range(1, len(state.display) + 1))
        if _check_snap(state, zoo, board, m)
    ]
    moves += animal_plays(state, player)
    moves += _discards(zoo, board, player)
    return moves


def card_sources(
    hand: tuple[Card, ...],
    display: tuple[Card, ...],
    cards: Container[int],
    *,
    from_display: bool = True,
) -> list[tuple[int, int]]:
    """The cards of ``cards`` an action may take, each with its folder (0 for the hand).

    Each known hand card once, then each display card with its folder (1-6); the
    reputation range is the action's check, not this list's.
    """
    sources = [(c, 0) for c in dict.fromkeys(hand) if isinstance(c, int) and c in cards]
    if from_display:
        sources += [
            (c, f) for f, c in enumerate(display, start=1) if isinstance(c, int) and c in cards
        ]
    return sources


def animal_plays(
    state: ArkNovaState,
    player: str,
    x: int = 0,
    prior: tuple[AnimalPlay, ...] = (),
    one: bool = False,
) -> list[Move]:
    """Every one-animal play of a known card (hand or display), named
    by its enclosure's first hex, at the Animals card's strength with ``x`` X-tokens and
    after the animals of ``prior`` were played in this action (each checked as
    ``_run_animals`` would, without stepping the table); only the first found when
    ``one``."""
    zoo, board = state.zoo(player), state.board(player)
    side = board.side("animals")
    strength = board.slot("animals") + x
    if animal_rules.animals_allowed(side, strength) <= len(prior):
        return []
    if side == 2 and strength >= 5:
        zoo = gain_reputation(zoo, board, 1)
    table = Table(zoo, board, state.display)
    for done in prior:
        table, _ = animal_rules.play_animal(table, done)
    sources = card_sources(table.board.hand, state.display, ANIMALS)
    homes = [b for b in table.zoo.buildings if b.kind not in ("kiosk", "pavilion", "unique")]
    moves: list[Move] = []
    for card, folder in sources:
        assert isinstance(card, int)
        # check_play in two parts: what holds for every enclosure is checked once.
        if animal_rules.check_card(table, AnimalPlay(card, (0, 0), folder), side):
            continue
        animal = ANIMALS[card]
        name = f"{animal.name} ({animal.number})"
        for home in homes:
            counts: tuple[int | None, ...] = (None,)
            if card not in animal_rules.SPECIAL_SPACES and home.kind in ("reptile_house", "aviary"):
                counts = tuple(range(1, SPECIAL_CAPACITY[home.kind] + 1))
            for spaces in counts:
                play = AnimalPlay(card, home.cells[0], folder, spaces)
                if animal_rules.check_enclosure(table.zoo, table.board, play, animal, name) is None:
                    moves.append(AnimalsAction(player, (play,)))
                    if one:
                        return moves
    return moves


def _discards(zoo: Zoo, board: PlayerBoard, player: str) -> list[Move]:
    excess = len(board.hand) - hand_limit(zoo)
    if excess <= 0:
        return []
    return [
        BreakDiscard(player, combo)
        for combo in dict.fromkeys(
            tuple(sorted(c, key=str)) for c in itertools.combinations(board.hand, excess)
        )
    ]


# --------------------------------------------------------------------------- JSON and views
