"""Every Ark Nova move: its JSON, its notation and the checks a move makes of itself.

Rules text: ``docs/rules/ark_nova.md``; the JSON and notation of each move are in
``docs/formats/ark_nova.md``. The table moves record a zoo as it lies, the kept
final-scoring cards and a final turn; the action moves are one whole action each
(Build, Animals, X-token, snap, Cards, Association, Sponsors); the turn engine's
other moves are the chance the table supplies (``deal``, ``row``, ``start``) and
what a player owes (a discard, a reward, a card effect the table enters).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engines.ark_nova.animals import AnimalPlay
from engines.ark_nova.board import ACTIONS, TOKEN_KINDS, Card
from engines.ark_nova.build import Placement
from engines.ark_nova.effects import Gains
from engines.ark_nova.map_a import Hex
from engines.ark_nova.transfer import Transfer
from engines.ark_nova.zoo import MAX_X_TOKENS
from engines.core import UNKNOWN, InvalidMove, Move

_NAME = r"(?P<player>[^\s]+)"
_X = r"(?: x(?P<x>[0-5]))?"


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
    A step of an action taken one thing a move places one building or moves
    one animal: ``build ann rh@4,4r0``, then ``build ann move 473*1``.
    """

    TYPE: ClassVar[str] = "build"
    player: str
    buildings: tuple[Placement, ...]
    x: int = 0
    moves: tuple[Transfer, ...] = ()

    def __post_init__(self) -> None:
        _check_player(self.player)
        if not self.buildings and not self.moves:
            raise InvalidMove("a build move places a building or moves an animal")
        _check_x(self.x)
        cards = [t.card for t in self.moves]
        if len(set(cards)) != len(cards):
            raise InvalidMove("a build move moves each animal once")

    def notation(self) -> str:
        tiles = "".join(f" {p.notation()}" for p in self.buildings)
        moves = f" move {','.join(t.notation() for t in self.moves)}" if self.moves else ""
        return f"build {self.player}{tiles}{moves}{_x_text(self.x)}"

    @classmethod
    def from_notation(cls, text: str) -> BuildAction | None:
        m = re.fullmatch(
            rf"build {_NAME}(?P<tiles>( \S+@\S+)*)(?: move (?P<moves>\S+))?{_X}", text.strip()
        )
        if not m or not (m["tiles"] or m["moves"]):
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


@dataclass(frozen=True)
class SetZoo(Move):
    """Record a player's zoo as it lies on the table (JSON form only).

    ``during_break``: the zoo reached its target during a break (then every
    player takes one more turn).
    """

    TYPE: ClassVar[str] = "zoo"
    player: str
    zoo: Mapping[str, Any]
    during_break: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.zoo, Mapping):
            raise InvalidMove(f"a 'zoo' move carries the zoo as a JSON object, not {self.zoo!r}")

    def __hash__(self) -> int:
        return hash((self.player, repr(sorted(self.zoo.items())), self.during_break))


@dataclass(frozen=True)
class KeepFinalScoring(Move):
    """Declare the final-scoring cards a player keeps: ``keep ann 003,007``."""

    TYPE: ClassVar[str] = "keep"
    player: str
    cards: tuple[str, ...]

    def notation(self) -> str:
        return f"keep {self.player} {','.join(self.cards) or '-'}"

    @classmethod
    def from_notation(cls, text: str) -> KeepFinalScoring | None:
        m = re.fullmatch(rf"keep {_NAME} (?P<cards>-|\d{{3}}(,\d{{3}})*)", text.strip())
        if not m:
            return None
        cards = () if m["cards"] == "-" else tuple(m["cards"].split(","))
        return cls(m["player"], cards)


@dataclass(frozen=True)
class FinalTurn(Move):
    """A player has taken their last turn after the end was triggered: ``final bob``."""

    TYPE: ClassVar[str] = "final_turn"
    player: str

    def notation(self) -> str:
        return f"final {self.player}"

    @classmethod
    def from_notation(cls, text: str) -> FinalTurn | None:
        m = re.fullmatch(rf"final {_NAME}", text.strip())
        return cls(m["player"]) if m else None


@dataclass(frozen=True)
class Deal(Move):
    """Chance: the card dealt where the state asks (a hand, a display folder, a
    final-scoring card, a bonus tile, a base project): ``deal 451``, ``deal ?``
    (the top card, unseen), ``deal 003`` (a final-scoring card)."""

    TYPE: ClassVar[str] = "deal"
    card: int | str

    def __post_init__(self) -> None:
        c = self.card
        if isinstance(c, bool) or not isinstance(c, int | str):
            raise InvalidMove(f"a dealt card is its number, its id or {UNKNOWN!r}, not {c!r}")
        if isinstance(c, str) and c != UNKNOWN and not re.fullmatch(r"0\d\d", c):
            raise InvalidMove(f"a dealt card is its number, its id or {UNKNOWN!r}, not {c!r}")

    def notation(self) -> str:
        return f"deal {self.card}"

    @classmethod
    def from_notation(cls, text: str) -> Deal | None:
        m = re.fullmatch(r"deal (?P<card>\?|0\d\d|\d+)", text.strip())
        if not m:
            return None
        raw = m["card"]
        if raw == UNKNOWN or raw.startswith("0"):
            return cls(raw)
        return cls(int(raw))


@dataclass(frozen=True)
class DealRow(Move):
    """Chance at setup: a player's action cards, slot 1 first (Animals in slot 1, the
    rest shuffled): ``row ann animals,build,cards,sponsors,association``."""

    TYPE: ClassVar[str] = "row"
    player: str
    actions: tuple[str, ...]

    def __post_init__(self) -> None:
        _check_player(self.player)
        if sorted(self.actions) != sorted(ACTIONS):
            raise InvalidMove(f"a row holds each of {', '.join(ACTIONS)} once")

    def notation(self) -> str:
        return f"row {self.player} {','.join(self.actions)}"

    @classmethod
    def from_notation(cls, text: str) -> DealRow | None:
        m = re.fullmatch(rf"row {_NAME} (?P<row>[a-z]+(,[a-z]+){{4}})", text.strip())
        if not m or sorted(m["row"].split(",")) != sorted(ACTIONS):
            return None
        return cls(m["player"], tuple(m["row"].split(",")))


@dataclass(frozen=True)
class StartPlayer(Move):
    """Chance at setup: the start player (appeal 0, then 1, 2, 3 clockwise): ``start bob``."""

    TYPE: ClassVar[str] = "start"
    player: str

    def __post_init__(self) -> None:
        _check_player(self.player)

    def notation(self) -> str:
        return f"start {self.player}"

    @classmethod
    def from_notation(cls, text: str) -> StartPlayer | None:
        m = re.fullmatch(rf"start {_NAME}", text.strip())
        return cls(m["player"]) if m else None


@dataclass(frozen=True)
class CardsAction(Move):
    """The Cards action: ``cards ann``, on side II ``cards ann f1,f3`` (display
    folders in reputation range taken instead of deck draws), ``x1`` for X-tokens."""

    TYPE: ClassVar[str] = "cards"
    player: str
    folders: tuple[int, ...] = ()
    x: int = 0

    def __post_init__(self) -> None:
        _check_player(self.player)
        _check_x(self.x)
        for f in self.folders:
            if isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6:
                raise InvalidMove(f"a display folder is 1-6, not {f!r}")
        if len(set(self.folders)) != len(self.folders):
            raise InvalidMove("a cards move takes each display folder once")

    def notation(self) -> str:
        folders = " " + ",".join(f"f{f}" for f in self.folders) if self.folders else ""
        return f"cards {self.player}{folders}{_x_text(self.x)}"

    @classmethod
    def from_notation(cls, text: str) -> CardsAction | None:
        m = re.fullmatch(rf"cards {_NAME}(?: (?P<f>f[1-6](,f[1-6])*))?{_X}", text.strip())
        if not m:
            return None
        folders = tuple(int(f[1:]) for f in m["f"].split(",")) if m["f"] else ()
        if len(set(folders)) != len(folders):
            return None
        return cls(m["player"], folders, int(m["x"] or 0))


TASKS = ("reputation", "partner", "university", "project")
"""The association tasks, by their value 2, 3, 4, 5 (RB p.14-16)."""

TASK_VALUE = {"reputation": 2, "partner": 3, "university": 4, "project": 5}

_TASK = re.compile(
    r"reputation|partner:[a-z]+|university:[a-z0-9_]+"
    r"|project:(?:f[1-6]:)?\d{3}:[0-2](?::\d{3})?"
)


@dataclass(frozen=True)
class AssociationAction(Move):
    """The Association action: tasks in order, ``donate`` (side II) for a donation.

    Tasks: ``reputation``; ``partner:asia``; ``university:research2``;
    ``project:103:1`` (support project 103 at level 2 of 3, levels 0-2 best
    first; a project card from the hand is played above the board first;
    ``project:f2:118:0`` from display folder 2 on side II), a release
    project names the animal released: ``project:118:0:402``.
    Notation ``assoc ann partner:asia project:103:1 donate x1``.
    """

    TYPE: ClassVar[str] = "association"
    player: str
    tasks: tuple[str, ...]
    donate: bool = False
    x: int = 0

    def __post_init__(self) -> None:
        _check_player(self.player)
        _check_x(self.x)
        if not self.tasks:
            raise InvalidMove("an association move does at least one task")
        for t in self.tasks:
            if not isinstance(t, str) or not _TASK.fullmatch(t):
                raise InvalidMove(
                    f"{t!r} is not an association task (reputation, partner:<continent>, "
                    "university:<kind>, project:<number>:<level 0-2>)"
                )

    def notation(self) -> str:
        donate = " donate" if self.donate else ""
        return f"assoc {self.player} {' '.join(self.tasks)}{donate}{_x_text(self.x)}"

    @classmethod
    def from_notation(cls, text: str) -> AssociationAction | None:
        m = re.fullmatch(rf"assoc {_NAME}(?P<tasks>( \S+)+?)(?P<donate> donate)?{_X}", text.strip())
        if not m:
            return None
        tasks = tuple(m["tasks"].split())
        if not all(_TASK.fullmatch(t) for t in tasks):
            return None
        return cls(m["player"], tasks, bool(m["donate"]), int(m["x"] or 0))


@dataclass(frozen=True)
class SponsorsAction(Move):
    """The Sponsors action: sponsor cards played (``f3:220`` from display folder 3 on
    side II), or ``break`` for break progress and money: ``sponsors ann 205 x1``,
    ``sponsors ann break``."""

    TYPE: ClassVar[str] = "sponsors"
    player: str
    cards: tuple[int, ...] = ()
    folders: tuple[int, ...] = ()
    x: int = 0

    def __post_init__(self) -> None:
        _check_player(self.player)
        _check_x(self.x)
        if len(self.folders) != len(self.cards):
            raise InvalidMove("a sponsors move gives a folder (0: the hand) for each card")
        for c, f in zip(self.cards, self.folders, strict=True):
            if isinstance(c, bool) or not isinstance(c, int):
                raise InvalidMove(f"a sponsor card is its number, not {c!r}")
            if isinstance(f, bool) or not isinstance(f, int) or not 0 <= f <= 6:
                raise InvalidMove(f"a display folder is 1-6 (0 the hand), not {f!r}")
        if len(set(self.cards)) != len(self.cards):
            raise InvalidMove("a sponsors move plays each card once")

    @property
    def takes_break(self) -> bool:
        return not self.cards

    def notation(self) -> str:
        if not self.cards:
            return f"sponsors {self.player} break{_x_text(self.x)}"
        parts = [
            f"f{f}:{c}" if f else str(c) for c, f in zip(self.cards, self.folders, strict=True)
        ]
        return f"sponsors {self.player} {' '.join(parts)}{_x_text(self.x)}"

    @classmethod
    def from_notation(cls, text: str) -> SponsorsAction | None:
        m = re.fullmatch(
            rf"sponsors {_NAME} (?P<what>break|(f[1-6]:)?\d+( (f[1-6]:)?\d+)*){_X}", text.strip()
        )
        if not m:
            return None
        x = int(m["x"] or 0)
        if m["what"] == "break":
            return cls(m["player"], (), (), x)
        cards, folders = [], []
        for part in m["what"].split():
            folder, _, card = part.rpartition(":")
            cards.append(int(card))
            folders.append(int(folder[1:]) if folder else 0)
        if len(set(cards)) != len(cards):
            return None
        return cls(m["player"], tuple(cards), tuple(folders), x)


STEPPED = ("animals", "build", "association", "sponsors")
"""The action cards taken one thing a move (rules spec §3): X-tokens spent first
(``spend``), then each building, animal, task or sponsor, then ``done``."""


@dataclass(frozen=True)
class SpendX(Move):
    """X-tokens spent on an action card before its action: ``spend ann build 2``
    (the action then takes its steps at the raised strength)."""

    TYPE: ClassVar[str] = "x_spend"
    player: str
    card: str
    x: int

    def __post_init__(self) -> None:
        _check_player(self.player)
        if self.card not in STEPPED:
            raise InvalidMove(f"X-tokens are spent here on {', '.join(STEPPED)}, not {self.card!r}")
        if _check_x(self.x) < 1:
            raise InvalidMove("a spend move spends 1 to 5 X-tokens")

    def notation(self) -> str:
        return f"spend {self.player} {self.card} {self.x}"

    @classmethod
    def from_notation(cls, text: str) -> SpendX | None:
        m = re.fullmatch(rf"spend {_NAME} (?P<card>[a-z]+) (?P<x>[1-5])", text.strip())
        if not m or m["card"] not in STEPPED:
            return None
        return cls(m["player"], m["card"], int(m["x"]))


@dataclass(frozen=True)
class Done(Move):
    """The action under way takes nothing more: ``done ann``."""

    TYPE: ClassVar[str] = "done"
    player: str

    def __post_init__(self) -> None:
        _check_player(self.player)

    def notation(self) -> str:
        return f"done {self.player}"

    @classmethod
    def from_notation(cls, text: str) -> Done | None:
        m = re.fullmatch(rf"done {_NAME}", text.strip())
        return cls(m["player"]) if m else None


REWARDS = ("money", "worker", "tile", "upgrade")


@dataclass(frozen=True)
class Reward(Move):
    """A track reward chosen: ``reward ann money``, ``reward ann worker``,
    ``reward ann upgrade:build``, ``reward ann tile:2`` (the bonus tile in slot 2)."""

    TYPE: ClassVar[str] = "reward"
    player: str
    choice: str

    def __post_init__(self) -> None:
        _check_player(self.player)
        kind, _, arg = self.choice.partition(":")
        ok = (
            (kind in ("money", "worker") and not arg)
            or (kind == "upgrade" and arg in ACTIONS)
            or (kind == "tile" and arg in ("1", "2", "3", "4"))
        )
        if not ok:
            raise InvalidMove(
                f"{self.choice!r} is not a reward (money, worker, upgrade:<action card>, "
                "tile:<1-4>)"
            )

    def notation(self) -> str:
        return f"reward {self.player} {self.choice}"

    @classmethod
    def from_notation(cls, text: str) -> Reward | None:
        m = re.fullmatch(rf"reward {_NAME} (?P<c>\S+)", text.strip())
        if not m:
            return None
        try:
            return cls(m["player"], m["c"])
        except InvalidMove:
            return None


_GAIN_KEYS = ("money", "appeal", "conservation", "reputation", "x_tokens", "cards")
_GAIN_SHORT = {"money": "$", "appeal": "ap", "conservation": "cp", "reputation": "rep",
               "x_tokens": "x", "cards": "card"}  # fmt: skip
_GAIN_LONG = {v: k for k, v in _GAIN_SHORT.items()}
_TOKEN = re.compile(
    rf"(?P<kind>{'|'.join(TOKEN_KINDS)}):(?P<player>.+):(?P<card>{'|'.join(ACTIONS)})"
)
"""A token in an effect's notation: kind:player:action card (a name may hold a colon)."""


@dataclass(frozen=True)
class TableEffect(Move):
    """A card effect the table resolved, with what it gave: ``effect ann 402 -``
    (nothing), ``effect ann 249 $3 ap2 card1``; a unique building's hexes:
    ``effect ann 243 @4,4+4,5``; a token an ability placed on an action card, as
    kind:player:card (``effect ann 470 venom:bob:build``; JSON ``"tokens": [["venom",
    "bob", "build"]]``)."""

    TYPE: ClassVar[str] = "effect"
    player: str
    card: int
    gains: tuple[tuple[str, int], ...] = ()
    hexes: tuple[Hex, ...] = ()
    tokens: tuple[tuple[str, str, str], ...] = ()

    def __post_init__(self) -> None:
        _check_player(self.player)
        if isinstance(self.card, bool) or not isinstance(self.card, int):
            raise InvalidMove(f"an effect names its card number, not {self.card!r}")
        keys = [k for k, _ in self.gains]
        for k, v in self.gains:
            if k not in _GAIN_KEYS:
                raise InvalidMove(f"an effect gains {', '.join(_GAIN_KEYS)}, not {k!r}")
            if isinstance(v, bool) or not isinstance(v, int) or not -30 <= v <= 30 or v == 0:
                raise InvalidMove(f"an effect's {k} is a whole number -30 to 30, not 0: {v!r}")
        if len(set(keys)) != len(keys) or keys != sorted(keys, key=_GAIN_KEYS.index):
            raise InvalidMove(f"an effect lists each gain once, in the order {_GAIN_KEYS}")
        for h in self.hexes:
            if not (isinstance(h, tuple) and len(h) == 2 and all(isinstance(v, int) for v in h)):
                raise InvalidMove(f"a hex is [col, row], not {h!r}")
        for t in self.tokens:
            if not (
                isinstance(t, tuple)
                and len(t) == 3
                and t[0] in TOKEN_KINDS
                and isinstance(t[1], str)
                and t[1]
                and t[2] in ACTIONS
            ):
                raise InvalidMove(
                    f"a token is [kind, player, action card]: a {', '.join(TOKEN_KINDS)} "
                    f"token on {', '.join(ACTIONS)}, not {t!r}"
                )

    @property
    def gained(self) -> Gains:
        return Gains(**dict(self.gains))

    def notation(self) -> str:
        parts = [f"{_GAIN_SHORT[k]}{v}" for k, v in self.gains]
        if self.hexes:
            parts.append("@" + "+".join(f"{c},{r}" for c, r in self.hexes))
        parts += [":".join(t) for t in self.tokens]
        return f"effect {self.player} {self.card} {' '.join(parts) or '-'}"

    @classmethod
    def from_notation(cls, text: str) -> TableEffect | None:
        m = re.fullmatch(rf"effect {_NAME} (?P<card>\d+) (?P<rest>.+)", text.strip())
        if not m:
            return None
        gains: list[tuple[str, int]] = []
        hexes: tuple[Hex, ...] = ()
        tokens: list[tuple[str, str, str]] = []
        if m["rest"] != "-":
            for part in m["rest"].split():
                t = _TOKEN.fullmatch(part)
                if t:
                    tokens.append((t["kind"], t["player"], t["card"]))
                    continue
                if part.startswith("@"):
                    try:
                        hexes = tuple(
                            (int(a), int(b)) for a, b in (h.split(",") for h in part[1:].split("+"))
                        )
                    except ValueError:
                        return None
                    continue
                g = re.fullmatch(r"(\$|ap|cp|rep|x|card)(-?\d+)", part)
                if not g:
                    return None
                gains.append((_GAIN_LONG[g[1]], int(g[2])))
        try:
            return cls(m["player"], int(m["card"]), tuple(gains), hexes, tuple(tokens))
        except InvalidMove:
            return None


TURN_MOVES: tuple[type[Move], ...] = (
    Deal,
    DealRow,
    StartPlayer,
    CardsAction,
    AssociationAction,
    SponsorsAction,
    SpendX,
    Done,
    Reward,
    TableEffect,
)
