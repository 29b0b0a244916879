"""The state every game builds on: immutable, JSON round-tripping, the contract written once."""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from engines.core.chance import NO_CHANCE, ChanceOutcomes
from engines.core.documents import DocumentError, nesting, read_json
from engines.core.errors import GameOver, IllegalMove, InvalidState, Verdict
from engines.core.info import CHANCE, GameInfo
from engines.core.moves import Move
from engines.core.outcome import Event, Outcome
from engines.core.setup import check_seed

S = TypeVar("S", bound="State")
E = TypeVar("E", bound=StrEnum)


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

    INFO: ClassVar[GameInfo]
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

    def movers(self) -> tuple[str, ...]:
        """Every player who may make a move now: the player to move (none at a chance
        point or once the game is over). A game where several players act at once lists
        each of them (a recorded Ark Nova table: every player records their own zoo), and
        ``mover_of`` says whose a move is."""
        to_move = self.to_move
        return () if to_move is None or to_move == CHANCE else (to_move,)

    def mover_of(self, move: Move) -> str | None:
        """Who makes ``move`` now: the player to move (``CHANCE`` at a chance point, where
        anyone at the table says what happened; None once the game is over). A game with
        several movers names the one the move belongs to."""
        return self.to_move

    @property
    def table_mode(self) -> bool:
        """True when chance comes from the table (no seed)."""
        return self.seed is None

    def evolve(self: S, **changes: Any) -> S:
        """A copy with ``changes``: ``dataclasses.replace`` without re-running ``__init__``.

        Every engine steps its state with it. Playouts copy a state a few times
        per move; copying the field dictionary is several times cheaper than the
        generated ``__init__`` (``bench/engines.py``). The fields are the
        dataclass's own, already checked when the state was built or loaded.

        Raises:
            TypeError: a change names no field of the state.
        """
        fields = self.__dataclass_fields__
        if not changes.keys() <= fields.keys():
            unknown = sorted(set(changes) - set(fields))
            raise TypeError(f"{type(self).__name__} has no field {unknown[0]!r}")
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def check(self, move: Move) -> Verdict:
        """Whether ``move`` is legal here, with a code and a reason when not. Never raises."""
        if self.is_over:
            return Verdict.illegal(f"{self.INFO.id}.game_over", "the game is over")
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
        return random.Random(f"{self.INFO.id}:{self.seed}:{self.ply}")

    def chance_outcomes(self) -> ChanceOutcomes:
        """At a chance point, every outcome with its probability; elsewhere none.

        By default every legal outcome is equally likely; a game whose draw is
        not uniform (the Hare's pile: cards of each kind in proportion to their
        count) says so here, as weights. In a seeded game the outcomes are the
        legal moves. In a table game the probabilities are those of the
        physical draw given what the table has seen, and a move naming an
        unseen piece (``?``) is not an outcome: it says one happened unseen.
        """
        if self.to_move != CHANCE:
            return NO_CHANCE
        moves = self.legal_moves()
        if self.seed is None:
            moves = tuple(m for m in moves if not m.names_unknown())
        return ChanceOutcomes.uniform(moves)

    def chance_move(self) -> Move | None:
        """At a chance point of a seeded game, the outcome its generator picks, else None.

        The pick follows ``chance_outcomes()`` (``ChanceOutcomes.pick`` with
        ``rng()``). A game may leave a chance point to the table even when
        seeded (the Hare's stream tiles with ``stream_positions = table``).
        """
        if self.seed is None or self.to_move != CHANCE:
            return None
        return self.chance_outcomes().pick(self.rng())

    def public_move(self, move: Move, viewer: str | None) -> dict[str, Any]:
        """The JSON of ``move`` (applied to this state) as ``viewer`` may see it."""
        return move.to_json()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.INFO.id,
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
        game = cls.INFO
        try:
            data = read_json(data) if isinstance(data, str | bytes) else nesting(data)
        except DocumentError as exc:
            raise InvalidState(f"the state cannot be read: {exc}") from exc
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
            seed = check_seed(data.get("seed"))
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


def read_member(kind: type[E], value: object, what: str) -> E:
    """The member of ``kind`` (a game's phases or steps) that a state document names.

    Raises:
        ValueError: ``value`` names no member (``State.from_json`` reports a
            broken state, with the choices).
    """
    if isinstance(value, str) and value in kind.__members__.values():
        return kind(value)
    raise ValueError(f"unknown {what} {value!r} (one of {', '.join(kind)})")


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
