"""The engine contract every game keeps (see ``docs/engines.md``).

Each game is a package ``engines/<game>/`` exposing ``GAME``, ``new_game``,
``parse_move`` and ``load_state``; its state is an immutable dataclass built on
:class:`State`, its moves frozen dataclasses built on :class:`Move`.

Pure Python, no I/O, no third-party imports: the whole rules layer is fast to
test and safe to import anywhere.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

CHANCE = "@chance"
"""``state.to_move`` when the table (or the seeded generator) supplies an outcome."""

UNKNOWN = "?"
"""A piece whose identity the state does not know (a face-down card, another hand)."""

LANGUAGES = ("en", "zh-Hant")


# --------------------------------------------------------------------------- errors


class EngineError(Exception):
    """Base of every error an engine raises on purpose."""


class InvalidMove(EngineError, ValueError):
    """A move that cannot be read at all (bad JSON, unknown type, bad notation)."""


class InvalidState(EngineError, ValueError):
    """A state document that cannot be loaded (another game, newer format, broken)."""


class InvalidSetup(EngineError, ValueError):
    """Players or rule options a game cannot start with."""


class IllegalMove(EngineError):
    """A readable move that the rules forbid here.

    Attributes:
        code: stable machine code such as ``noah.overweight``.
        reason: a sentence a player understands, with the numbers in it.
        move: the refused move, when there is one.
    """

    def __init__(
        self,
        code: str,
        reason: str,
        move: Move | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.move = move
        self.params = dict(params or {})

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"legal": False, "code": self.code, "reason": self.reason}
        if self.params:
            out["params"] = self.params
        return out


class GameOver(IllegalMove):
    """A move was offered after the game ended."""


# --------------------------------------------------------------------------- verdicts


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of ``state.check(move)``; truthy when the move is legal."""

    legal: bool
    code: str | None = None
    reason: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The numbers and names ``reason`` is built from (JSON-ready values), so a
    page can say the same refusal in another language (``companion/reasons.py``)."""

    def __bool__(self) -> bool:
        return self.legal

    @classmethod
    def illegal(cls, code: str, reason: str, **params: Any) -> Verdict:
        """A refusal: ``code``, the English ``reason`` and the ``params`` it names."""
        return cls(False, code, reason, params)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"legal": self.legal}
        # A legal verdict may carry a note (e.g. a condition the engine cannot check).
        if not self.legal or self.code is not None:
            out["code"] = self.code
            out["reason"] = self.reason
        if self.params:
            out["params"] = dict(self.params)
        return out


LEGAL = Verdict(True)


# --------------------------------------------------------------------------- game info


@dataclass(frozen=True)
class RuleOption:
    """One named rule option of a game's spec ("Rule options" table).

    Attributes:
        name: the option's key, e.g. ``extra_turn``.
        default: the default choice (the seed text's reading where explicit).
        choices: every allowed value, the default among them.
        text: what the option decides, in English.
        choice_text: a short English explanation per choice.
    """

    name: str
    default: str
    choices: tuple[str, ...]
    text: str
    choice_text: Mapping[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices),
            "text": self.text,
            "choice_text": dict(self.choice_text),
        }


@dataclass(frozen=True)
class GameInfo:
    """What a game is: id, names, player range and rule options.

    ``turn_engine`` is False for a game whose engine does not (yet) play whole
    turns; contract tests then skip random playouts for it.
    """

    id: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    options: tuple[RuleOption, ...] = ()
    turn_engine: bool = True

    def option(self, name: str) -> RuleOption:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(name)

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, str]:
        """Defaults overlaid with ``given``; every key and value checked.

        Raises:
            InvalidSetup: an unknown option or a value outside its choices.
        """
        resolved = {opt.name: opt.default for opt in self.options}
        for key, value in (given or {}).items():
            if key not in resolved:
                known = ", ".join(resolved) or "none"
                raise InvalidSetup(f"{self.id} has no rule option {key!r} (its options: {known})")
            text = str(value)
            choices = self.option(key).choices
            if text not in choices:
                raise InvalidSetup(
                    f"rule option {key!r} cannot be {text!r}; choose one of {', '.join(choices)}"
                )
            resolved[key] = text
        return resolved

    def check_players(self, players: Sequence[str]) -> tuple[str, ...]:
        """Validated, stripped player names.

        Raises:
            InvalidSetup: wrong count, empty, duplicate or reserved names.
        """
        names = tuple(str(p).strip() for p in players)
        n = len(names)
        if not self.min_players <= n <= self.max_players:
            raise InvalidSetup(
                f"{self.names['en']} is played by {self.min_players} to {self.max_players} "
                f"players, not {n}"
            )
        for name in names:
            if not name or len(name) > 24:
                raise InvalidSetup(f"player name {name!r} must be 1 to 24 characters")
            if name.startswith("@") or name == UNKNOWN:
                raise InvalidSetup(f"player name {name!r} is reserved; choose another")
        if len(set(names)) != n:
            raise InvalidSetup("player names must differ from each other")
        return names

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "names": dict(self.names),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_json() for o in self.options],
            "turn_engine": self.turn_engine,
        }


# --------------------------------------------------------------------------- outcome


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One labelled line of a player's score breakdown."""

    label: str
    points: int | float
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "points": self.points, "detail": self.detail}


@dataclass(frozen=True)
class Outcome:
    """The end of a game: scores, breakdown, ranking and how ties were broken.

    Attributes:
        scores: final score per player.
        breakdown: labelled lines per player; they add up to the score.
        ranking: tiers, best first; players in one tier share that place.
        tiebreak: in words, how ties on score were broken ("" if none arose).
        higher_wins: False for games where the lowest total wins (Noah).
    """

    scores: Mapping[str, int | float]
    breakdown: Mapping[str, tuple[ScoreLine, ...]]
    ranking: tuple[tuple[str, ...], ...]
    tiebreak: str = ""
    higher_wins: bool = True

    @property
    def winners(self) -> tuple[str, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_json(self) -> dict[str, Any]:
        ranking = []
        place = 1
        for tier in self.ranking:
            ranking.append({"rank": place, "players": list(tier)})
            place += len(tier)
        return {
            "scores": dict(self.scores),
            "winners": list(self.winners),
            "ranking": ranking,
            "tiebreak": self.tiebreak,
            "higher_wins": self.higher_wins,
            "breakdown": {
                p: [line.to_json() for line in lines] for p, lines in self.breakdown.items()
            },
        }


def rank_players(
    players: Iterable[str], key: Callable[[str], Any], *, reverse: bool = True
) -> tuple[tuple[str, ...], ...]:
    """Group players into tiers by ``key``, best first (highest when ``reverse``)."""
    ordered = sorted(players, key=key, reverse=reverse)
    tiers: list[list[str]] = []
    last: Any = object()
    for p in ordered:
        k = key(p)
        if tiers and k == last:
            tiers[-1].append(p)
        else:
            tiers.append([p])
            last = k
    return tuple(tuple(t) for t in tiers)


# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    """An explained consequence of a move (a race phase, a river flow, a departure).

    ``text`` is an English sentence for the history; ``data`` the same facts as
    JSON-ready values so a phone can lay them out line by line.
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": jsonable(self.data)}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Event:
        return cls(str(obj["kind"]), str(obj["text"]), dict(obj.get("data", {})))


# --------------------------------------------------------------------------- moves


def jsonable(value: Any) -> Any:
    """Tuples to lists, mappings to dicts, recursively; moves to their JSON."""
    if isinstance(value, Move):
        return value.to_json()
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    return value


def frozen(value: Any) -> Any:
    """Lists to tuples, recursively (state and move fields hold tuples)."""
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    return value


_SIMPLE_TYPES: dict[str, type | tuple[type, ...]] = {"str": str, "int": int, "bool": bool}


def _fits(value: Any, annotation: str) -> bool:
    """Whether a JSON value fits a move field's annotation (simple types only)."""
    options = [a.strip() for a in annotation.split("|")]
    if value is None:
        return "None" in options
    for option in options:
        if option in _SIMPLE_TYPES:
            if isinstance(value, bool) and option != "bool":
                continue
            if isinstance(value, _SIMPLE_TYPES[option]):
                return True
        elif option.startswith("tuple[") and option.endswith(", ...]"):
            inner = option[len("tuple[") : -len(", ...]")]
            if isinstance(value, tuple) and all(_fits(v, inner) for v in value):
                return True
        elif option != "None":
            return True  # a type the game validates itself
    return False


@dataclass(frozen=True)
class Move:
    """Base of every move: a frozen value object with a JSON form and a notation.

    Subclasses set ``TYPE`` (the JSON ``type``) and implement ``notation`` and
    ``from_notation``; ``to_json`` and ``from_json`` work from the fields.
    """

    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE}
        for f in dataclasses.fields(self):
            out[f.name] = jsonable(getattr(self, f.name))
        return out

    @classmethod
    def from_json(cls: type[M], obj: Mapping[str, Any]) -> M:
        names = {f.name for f in dataclasses.fields(cls)}
        extra = set(obj) - names - {"type"}
        if extra:
            raise InvalidMove(f"a {cls.TYPE!r} move has no field {sorted(extra)[0]!r}")
        kwargs = {k: frozen(v) for k, v in obj.items() if k != "type"}
        for f in dataclasses.fields(cls):
            if f.name in kwargs and not _fits(kwargs[f.name], str(f.type)):
                raise InvalidMove(
                    f"field {f.name!r} of a {cls.TYPE!r} move must be {f.type}, "
                    f"not {kwargs[f.name]!r}"
                )
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise InvalidMove(f"a {cls.TYPE!r} move needs the fields {sorted(names)}") from exc

    def notation(self) -> str:
        """Short text form; the base form is the compact JSON, which also parses."""
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_notation(cls: type[M], text: str) -> M | None:
        """The move written as ``text``, or None when ``text`` is not this kind."""
        return None

    def __str__(self) -> str:
        return self.notation()


M = TypeVar("M", bound=Move)


class MoveCodec:
    """Reads a game's moves from JSON objects, JSON text or notation."""

    def __init__(self, game: str, kinds: Iterable[type[Move]]) -> None:
        self.game = game
        self.kinds: dict[str, type[Move]] = {k.TYPE: k for k in kinds}

    def parse(self, obj: Any) -> Move:
        """A move from a dict, a JSON string or the text notation.

        Raises:
            InvalidMove: nothing here reads as a move of this game.
        """
        if isinstance(obj, Move):
            if type(obj) in self.kinds.values():
                return obj
            raise InvalidMove(f"{obj!r} is not a move of {self.game}")
        if isinstance(obj, str):
            text = obj.strip()
            if text.startswith("{"):
                try:
                    obj = json.loads(text)
                except json.JSONDecodeError as exc:
                    raise InvalidMove(f"move {text!r} is not valid JSON: {exc.msg}") from exc
            else:
                for kind in self.kinds.values():
                    move = kind.from_notation(text)
                    if move is not None:
                        return move
                raise InvalidMove(f"cannot read {text!r} as a {self.game} move")
        if not isinstance(obj, Mapping):
            raise InvalidMove(f"a move is a JSON object or text, not {type(obj).__name__}")
        kind_name = obj.get("type")
        if kind_name not in self.kinds:
            known = ", ".join(sorted(self.kinds))
            raise InvalidMove(f"{self.game} has no move type {kind_name!r} (known: {known})")
        try:
            return self.kinds[kind_name].from_json(obj)
        except InvalidMove:
            raise
        except (TypeError, ValueError, KeyError) as exc:
            raise InvalidMove(f"cannot read {dict(obj)!r} as a {self.game} move: {exc}") from exc


# --------------------------------------------------------------------------- states


S = TypeVar("S", bound="State")


@dataclass(frozen=True, kw_only=True)
class State(ABC):
    """Base of every game state: immutable, JSON round-tripping.

    Subclasses are ``@dataclass(frozen=True, kw_only=True)`` and implement the
    abstract members. Games write each rule once, in ``_check``; the public
    ``check`` and ``apply`` wrap it.

    Attributes:
        players: player ids in seating order (clockwise).
        options: the resolved rule options.
        seed: the seed of a simulation, or None when the table supplies chance.
        ply: how many moves have been applied since ``new_game``.
        events: explanations of what the last move did.
    """

    GAME: ClassVar[GameInfo]
    FORMAT: ClassVar[int] = 1

    players: tuple[str, ...]
    options: Mapping[str, str]
    seed: int | None = None
    ply: int = 0
    events: tuple[Event, ...] = ()

    # -- what each game provides ------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> str | None:
        """The player to move, ``CHANCE``, or None once the game is over."""

    @abstractmethod
    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move now (at a chance point: every possible outcome)."""

    @abstractmethod
    def _check(self, move: Move) -> Verdict:
        """The verdict on a move of this game while the game is not over."""

    @abstractmethod
    def _apply(self: S, move: Move) -> S:
        """The state after a legal move (``ply`` and ``events`` are set by ``apply``)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None until the game ends; then the scores with their breakdown."""

    @abstractmethod
    def view(self, player: str | None) -> dict[str, Any]:
        """JSON-ready dict of what ``player`` may see; ``None`` is the public table."""

    @abstractmethod
    def _body_json(self) -> dict[str, Any]:
        """The game-specific part of ``to_json``."""

    @classmethod
    @abstractmethod
    def _from_body(cls: type[S], common: dict[str, Any], body: Mapping[str, Any]) -> S:
        """Rebuild a state from ``common`` fields and the game-specific ``body``."""

    # -- the contract, written once -----------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def table_mode(self) -> bool:
        """True when chance comes from the table (no seed)."""
        return self.seed is None

    def check(self, move: Move) -> Verdict:
        """Whether ``move`` is legal here, with a code and a reason when not. Never raises."""
        if self.is_over:
            return Verdict.illegal(f"{self.GAME.id}.game_over", "the game is over")
        return self._check(move)

    def is_legal(self, move: Move) -> bool:
        return bool(self.check(move))

    def apply(self: S, move: Move) -> S:
        """The state after ``move``; the current state is never changed.

        Raises:
            GameOver: the game has ended.
            IllegalMove: the rules forbid the move; ``code`` and ``reason`` say why.
        """
        verdict = self.check(move)
        if not verdict:
            assert verdict.code is not None and verdict.reason is not None
            if self.is_over:
                raise GameOver(verdict.code, verdict.reason, move, verdict.params)
            raise IllegalMove(verdict.code, verdict.reason, move, verdict.params)
        after = self._apply(move)
        if after is self:
            after = copy.copy(self)
        # A game that sets no new events leaves ``events`` untouched: clear them.
        events = () if after.events is self.events else after.events
        # ``after`` is a new object nobody else holds yet: stamp it in place
        # (much faster than a second dataclasses.replace on every move).
        object.__setattr__(after, "ply", self.ply + 1)
        object.__setattr__(after, "events", events)
        return after

    def rng(self) -> random.Random:
        """The seeded generator for this ply (deterministic, nothing stored but the seed)."""
        if self.seed is None:
            raise InvalidState("a table game has no generator; the table supplies chance")
        return random.Random(f"{self.GAME.id}:{self.seed}:{self.ply}")

    def chance_move(self) -> Move | None:
        """The outcome the seeded generator picks at a chance point, else None."""
        if self.seed is None or self.to_move != CHANCE:
            return None
        return self.rng().choice(self.legal_moves())

    def public_move(self, move: Move, viewer: str | None) -> dict[str, Any]:
        """The JSON of ``move`` (applied to this state) as ``viewer`` may see it."""
        return move.to_json()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.GAME.id,
            "format": self.FORMAT,
            "players": list(self.players),
            "options": dict(self.options),
            "seed": self.seed,
            "ply": self.ply,
            "events": [e.to_json() for e in self.events],
        }
        out.update(self._body_json())
        return out

    @classmethod
    def from_json(cls: type[S], data: Any) -> S:
        """Load a state written by ``to_json``.

        Raises:
            InvalidState: another game, a newer format or a broken document.
        """
        game = cls.GAME
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise InvalidState(f"the state is not valid JSON: {exc.msg}") from exc
        if not isinstance(data, Mapping):
            raise InvalidState("a state is a JSON object")
        other = data.get("game")
        if other != game.id:
            raise InvalidState(
                f"this is a state of {other!r}, not of {game.id!r}; load it with that game"
            )
        fmt = data.get("format")
        if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
            raise InvalidState(f"the state has no valid 'format' number (found {fmt!r})")
        if fmt > cls.FORMAT:
            raise InvalidState(
                f"the state is in format {fmt}, newer than this companion reads "
                f"({game.id} format {cls.FORMAT}); update the companion"
            )
        try:
            players = game.check_players(data["players"])
            options = game.resolve_options(data["options"])
            seed = data.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                raise ValueError(f"seed must be a whole number, not {seed!r}")
            ply = data.get("ply", 0)
            if not isinstance(ply, int) or ply < 0:
                raise ValueError(f"ply must be a whole number >= 0, not {ply!r}")
            common = {
                "players": players,
                "options": options,
                "seed": seed,
                "ply": ply,
                "events": tuple(Event.from_json(e) for e in data.get("events", ())),
            }
            return cls._from_body(common, data)
        except InvalidState:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            what = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise InvalidState(f"broken {game.id} state: {what}") from exc


def advance(state: S) -> S:
    """Resolve chance points with the seeded generator until a player must move."""
    while True:
        move = state.chance_move()
        if move is None:
            return state
        state = state.apply(move)


def play_random(state: S, rng: random.Random, max_steps: int = 100_000) -> tuple[S, int]:
    """Play uniformly random legal moves (chance from the state's own seed) to the end.

    Returns:
        The final state and the number of moves applied.
    """
    steps = 0
    while not state.is_over and steps < max_steps:
        move = state.chance_move()
        if move is None:
            move = rng.choice(state.legal_moves())
        state = state.apply(move)
        steps += 1
    return state, steps


# --------------------------------------------------------------------------- components


PIECE_KINDS = ("card", "tile", "token", "back", "board", "mat", "marker")
"""Kinds of physical piece; printables pick a size and layout per kind."""


@dataclass(frozen=True)
class Component:
    """One physical piece with a stable id, shared by engines, printables and vision.

    Attributes:
        id: 1 to 7 characters of ``0-9A-Z``, unique within the game; it goes into
            the QR tag, so keep it short.
        kind: one of ``PIECE_KINDS``.
        names: display names by language (``en``, ``zh-Hant``).
        data: the rules data printed on the piece (weight, value, ...).
    """

    id: str
    kind: str
    names: Mapping[str, str]
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not (1 <= len(self.id) <= 7 and all(c in _PIECE_ID_CHARS for c in self.id)):
            raise ValueError(f"piece id {self.id!r} must be 1-7 characters of 0-9A-Z")
        if self.kind not in PIECE_KINDS:
            raise ValueError(f"piece kind {self.kind!r} is not one of {PIECE_KINDS}")


_PIECE_ID_CHARS = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")


class Catalog:
    """Every physical piece of one game, in a fixed order, looked up by id."""

    def __init__(self, game: str, components: Iterable[Component]) -> None:
        self.game = game
        self.components: tuple[Component, ...] = tuple(components)
        self._by_id: dict[str, Component] = {}
        for comp in self.components:
            if comp.id in self._by_id:
                raise ValueError(f"{game}: piece id {comp.id!r} appears twice")
            self._by_id[comp.id] = comp

    def __getitem__(self, piece_id: str) -> Component:
        return self._by_id[piece_id]

    def __contains__(self, piece_id: object) -> bool:
        return piece_id in self._by_id

    def __iter__(self) -> Iterator[Component]:
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)

    def of_kind(self, *kinds: str) -> tuple[Component, ...]:
        return tuple(c for c in self.components if c.kind in kinds)
