"""The action moves checked at the table: Build, Animals, X-token, snap, break discard.

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
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

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
from engines.ark_nova.build import Placement
from engines.ark_nova.cards import ANIMALS, PROJECTS, SPONSORS
from engines.ark_nova.transfer import Transfer, check_transfer, transfer
from engines.ark_nova.zoo import MAX_X_TOKENS, Zoo
from engines.core import LEGAL, UNKNOWN, Event, InvalidMove, Move, Verdict

if TYPE_CHECKING:
    from engines.ark_nova.state import ArkNovaState

_NAME = r"(?P<player>[^\s]+)"
_X = r"(?: x(?P<x>[0-5]))?"

DISPLAY_FOLDERS = 6

SNAP_STRENGTH = {1: 5, 2: 3}
"""Strength the Cards action needs to snap a display card, by side (RB p.9)."""


def _x_text(x: int) -> str:
    return f" x{x}" if x else ""


def _check_player(player: Any) -> None:
    if not isinstance(player, str) or not player:
        raise InvalidMove(f"a move names its player, not {player!r}")


def _check_cards(cards: tuple[Card, ...]) -> None:
    for c in cards:
        if c != UNKNOWN and (isinstance(c, bool) or not isinstance(c, int) or c < 0):
            raise InvalidMove(f"a card is its number or {UNKNOWN!r}, not {c!r}")


def _check_x(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= MAX_X_TOKENS:
        raise InvalidMove(f"'x' is the number of X-tokens spent, 0 to {MAX_X_TOKENS}, not {x!r}")
    return x


def _x_json(obj: Any) -> int:
    return _check_x(obj.get("x", 0))


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class BuildAction(Move):
    """The Build action: ``build ann e3@2,3r1 rh@4,4r0 move 473*1,469 x1``.

    The buildings in order; ``move`` lists animals moved into a reptile house
    or aviary built in this action (``transfer``); ``x`` the X-tokens spent.
    """

    TYPE: ClassVar[str] = "build"
    player: str
    buildings: tuple[Placement, ...]
    x: int = 0
    moves: tuple[Transfer, ...] = ()

    def __post_init__(self) -> None:
        _check_player(self.player)
        if not self.buildings:
            raise InvalidMove("a build move places at least one building")
        _check_x(self.x)
        cards = [t.card for t in self.moves]
        if len(set(cards)) != len(cards):
            raise InvalidMove("a build move moves each animal once")

    def notation(self) -> str:
        tiles = " ".join(p.notation() for p in self.buildings)
        moves = f" move {','.join(t.notation() for t in self.moves)}" if self.moves else ""
        return f"build {self.player} {tiles}{moves}{_x_text(self.x)}"

    @classmethod
    def from_notation(cls, text: str) -> BuildAction | None:
        m = re.fullmatch(
            rf"build {_NAME}(?P<tiles>( \S+@\S+)+)(?: move (?P<moves>\S+))?{_X}", text.strip()
        )
        if not m:
            return None
        tiles = [Placement.from_notation(t) for t in m["tiles"].split()]
        moves = [Transfer.from_notation(t) for t in (m["moves"] or "").split(",") if m["moves"]]
        if any(t is None for t in tiles) or any(t is None for t in moves):
            return None
        return cls(
            m["player"],
            tuple(t for t in tiles if t is not None),
            int(m["x"] or 0),
            tuple(t for t in moves if t is not None),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.TYPE,
            "player": self.player,
            "buildings": [p.to_json() for p in self.buildings],
            "x": self.x,
        }
        if self.moves:
            out["moves"] = [t.to_json() for t in self.moves]
        return out

    @classmethod
    def from_json(cls, obj: Any) -> BuildAction:
        tiles, moves = obj.get("buildings"), obj.get("moves", [])
        if not isinstance(tiles, list) or not isinstance(moves, list):
            raise InvalidMove("a build move lists its 'buildings' (and any 'moves')")
        return cls(
            obj.get("player"),
            tuple(Placement.from_json(t) for t in tiles),
            _x_json(obj),
            tuple(Transfer.from_json(t) for t in moves),
        )


@dataclass(frozen=True)
class AnimalsAction(Move):
    """The Animals action: ``animals ann 451@2,3 f2:470@4,4*2 x1``."""

    TYPE: ClassVar[str] = "animals"
    player: str
    plays: tuple[AnimalPlay, ...]
    x: int = 0

    def __post_init__(self) -> None:
        _check_player(self.player)
        if not self.plays:
            raise InvalidMove("an animals move plays at least one animal")
        _check_x(self.x)

    def notation(self) -> str:
        plays = " ".join(p.notation() for p in self.plays)
        return f"animals {self.player} {plays}{_x_text(self.x)}"

    @classmethod
    def from_notation(cls, text: str) -> AnimalsAction | None:
        m = re.fullmatch(rf"animals {_NAME}(?P<plays>( \S+@\S+)+){_X}", text.strip())
        if not m:
            return None
        plays = [AnimalPlay.from_notation(t) for t in m["plays"].split()]
        if any(p is None for p in plays):
            return None
        return cls(m["player"], tuple(p for p in plays if p is not None), int(m["x"] or 0))

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.TYPE,
            "player": self.player,
            "plays": [p.to_json() for p in self.plays],
            "x": self.x,
        }

    @classmethod
    def from_json(cls, obj: Any) -> AnimalsAction:
        plays = obj.get("plays")
        if not isinstance(plays, list):
            raise InvalidMove("an animals move lists its 'plays'")
        return cls(obj.get("player"), tuple(AnimalPlay.from_json(p) for p in plays), _x_json(obj))


@dataclass(frozen=True)
class XTokenAction(Move):
    """The X-token action: any action card to slot 1 for 1 X-token: ``xtoken ann build``."""

    TYPE: ClassVar[str] = "x_token"
    player: str
    card: str

    def __post_init__(self) -> None:
        _check_player(self.player)
        if self.card not in ACTIONS:
            raise InvalidMove(f"{self.card!r} is not an action card ({', '.join(ACTIONS)})")

    def notation(self) -> str:
        return f"xtoken {self.player} {self.card}"

    @classmethod
    def from_notation(cls, text: str) -> XTokenAction | None:
        m = re.fullmatch(rf"xtoken {_NAME} (?P<card>[a-z]+)", text.strip())
        return cls(m["player"], m["card"]) if m else None


@dataclass(frozen=True)
class Snap(Move):
    """The Cards action's snap: one display card into the hand: ``snap ann f4 x1``."""

    TYPE: ClassVar[str] = "snap"
    player: str
    folder: int
    x: int = 0

    def __post_init__(self) -> None:
        _check_player(self.player)
        if isinstance(self.folder, bool) or not isinstance(self.folder, int):
            raise InvalidMove(f"a display folder is a number 1-6, not {self.folder!r}")
        if not 1 <= self.folder <= 6:
            raise InvalidMove(f"display folder {self.folder} is not 1-6")
        _check_x(self.x)

    def notation(self) -> str:
        return f"snap {self.player} f{self.folder}{_x_text(self.x)}"

    @classmethod
    def from_notation(cls, text: str) -> Snap | None:
        m = re.fullmatch(rf"snap {_NAME} f(?P<folder>[1-6]){_X}", text.strip())
        return cls(m["player"], int(m["folder"]), int(m["x"] or 0)) if m else None


@dataclass(frozen=True)
class BreakDiscard(Move):
    """At a break, discard down to the hand limit: ``discard ann 451,?`` (``?`` an unseen card)."""

    TYPE: ClassVar[str] = "discard"
    player: str
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _check_player(self.player)
        _check_cards(self.cards)

    def notation(self) -> str:
        return f"discard {self.player} {','.join(str(c) for c in self.cards) or '-'}"

    @classmethod
    def from_notation(cls, text: str) -> BreakDiscard | None:
        m = re.fullmatch(rf"discard {_NAME} (?P<cards>-|(\d+|\?)(,(\d+|\?))*)", text.strip())
        if not m:
            return None
        if m["cards"] == "-":
            return cls(m["player"], ())
        return cls(
            m["player"], tuple(UNKNOWN if c == UNKNOWN else int(c) for c in m["cards"].split(","))
        )

    @classmethod
    def from_json(cls, obj: Any) -> BreakDiscard:
        cards = obj.get("cards")
        if not isinstance(cards, list):
            raise InvalidMove("a discard move lists its 'cards'")
        return cls(obj.get("player"), tuple(UNKNOWN if c == UNKNOWN else int(c) for c in cards))


@dataclass(frozen=True)
class SetBoard(Move):
    """Record a player's board as it lies on the table (JSON form only).

    ``{"type": "board", "player": "ann", "board": {"actions": [...], "hand": [...]}}``
    """

    TYPE: ClassVar[str] = "board"
    player: str
    board: Mapping[str, Any]

    def __post_init__(self) -> None:
        _check_player(self.player)
        if not isinstance(self.board, Mapping):
            raise InvalidMove(
                f"a 'board' move carries the board as a JSON object, not {self.board!r}"
            )

    def __hash__(self) -> int:
        return hash((self.player, repr(sorted(self.board.items()))))


@dataclass(frozen=True)
class SetDisplay(Move):
    """Record the six display folders, folder 1 first: ``display 451,?,?,?,?,?``."""

    TYPE: ClassVar[str] = "display"
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _check_cards(self.cards)

    def notation(self) -> str:
        return "display " + (",".join(str(c) for c in self.cards) or "-")

    @classmethod
    def from_notation(cls, text: str) -> SetDisplay | None:
        m = re.fullmatch(r"display (?P<cards>-|(\d+|\?)(,(\d+|\?)){0,5})", text.strip())
        if not m:
            return None
        if m["cards"] == "-":
            return cls(())
        return cls(tuple(UNKNOWN if c == UNKNOWN else int(c) for c in m["cards"].split(",")))

    @classmethod
    def from_json(cls, obj: Any) -> SetDisplay:
        cards = obj.get("cards")
        if not isinstance(cards, list):
            raise InvalidMove("a display move lists its 'cards'")
        return cls(tuple(UNKNOWN if c == UNKNOWN else int(c) for c in cards))


ACTION_MOVES: tuple[type[Move], ...] = (
    BuildAction,
    AnimalsAction,
    XTokenAction,
    Snap,
    BreakDiscard,
    SetBoard,
    SetDisplay,
)


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
        return replace(state, display=move.cards)
    player = getattr(move, "player", "")
    if isinstance(move, SetBoard):
        return state.with_player(player, state.zoo(player), PlayerBoard.from_json(move.board))
    zoo, board = state.zoo(player), state.board(player)
    if isinstance(move, BuildAction):
        zoo, board = _spend(zoo, board, "build", move.x)
        lines: list[str] = []
        for p in move.buildings:
            zoo, board, gains = build_rules.place(zoo, board, p)
            lines.extend(gains)
        for t in move.moves:
            zoo, board, text = transfer(zoo, board, t)
            lines.append(text)
        event = Event(
            "build",
            f"{player} built: " + "; ".join(lines),
            {"player": player, "buildings": [p.to_json() for p in move.buildings]},
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
    lines = []
    if side == 2 and strength >= 5:
        zoo = gain_reputation(zoo, board, 1)
        lines.append("+1 reputation first (Animals side II at strength 5)")
    table = Table(zoo, board, state.display)
    for play in move.plays:
        problem = animal_rules.check_play(table, play, side)
        if problem:
            return problem.verdict(), None
        table, text = animal_rules.play_animal(table, play)
        lines.append(text)
    display = animal_rules.settle_display(state.display, table.taken)
    after = replace(
        state.with_player(player, table.zoo, table.board),
        display=display,
        events=(Event("animals", f"{player} played " + "; ".join(lines), {"player": player}),),
    )
    return LEGAL, after


# --------------------------------------------------------------------------- listing


def legal_actions(state: ArkNovaState, viewer: str | None) -> list[Move]:
    """The action moves a recorded table's ``legal_moves()`` lists, for every player.

    Without X-tokens: every one-building Build action (a side-II action with
    several buildings is checked, not listed: ``build.legal_placements`` lists
    the next building for any strength and purse), the X-token actions, every
    snap, every one-animal play of a card the companion can see (display in
    range; known hand cards of ``viewer`` only, so no list shows another
    player's hand; into a reptile house or aviary once per number of spaces
    that fits, when the card's number is not keyed) and ``viewer``'s break
    discards down to the hand limit.
    """
    moves: list[Move] = []
    for player in state.players:
        zoo, board = state.zoo(player), state.board(player)
        placements = build_rules.legal_placements(
            zoo, strength=board.slot("build"), upgraded=board.side("build") == 2
        )
        moves += [BuildAction(player, (p,)) for p in placements]
        if zoo.x_tokens < MAX_X_TOKENS:
            moves += [XTokenAction(player, card) for card in ACTIONS]
        moves += [
            m
            for m in (Snap(player, f) for f in range(1, len(state.display) + 1))
            if _check_snap(state, zoo, board, m)
        ]
        moves += animal_plays(state, player, from_hand=player == viewer)
        if player == viewer:
            moves += _discards(zoo, board, player)
    return moves


def animal_plays(state: ArkNovaState, player: str, from_hand: bool = True) -> list[Move]:
    """Every one-animal play of a known card without X-tokens (hand cards only when
    ``from_hand``), named by its enclosure's first hex (each checked as ``_run_animals``
    would, without stepping the table)."""
    zoo, board = state.zoo(player), state.board(player)
    side = board.side("animals")
    strength = board.slot("animals")
    if animal_rules.animals_allowed(side, strength) < 1:
        return []
    if side == 2 and strength >= 5:
        zoo = gain_reputation(zoo, board, 1)
    table = Table(zoo, board, state.display)
    sources = [(c, 0) for c in dict.fromkeys(board.hand) if c in ANIMALS] if from_hand else []
    sources += [(c, f) for f, c in enumerate(state.display, start=1) if c in ANIMALS]
    homes = [b for b in zoo.buildings if b.kind not in ("kiosk", "pavilion", "unique")]
    moves: list[Move] = []
    for card, folder in sources:
        assert isinstance(card, int)
        for home in homes:
            counts: tuple[int | None, ...] = (None,)
            if card not in animal_rules.SPECIAL_SPACES and home.kind in ("reptile_house", "aviary"):
                counts = tuple(range(1, SPECIAL_CAPACITY[home.kind] + 1))
            for spaces in counts:
                play = AnimalPlay(card, home.cells[0], folder, spaces)
                if animal_rules.check_play(table, play, side) is None:
                    moves.append(AnimalsAction(player, (play,)))
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
