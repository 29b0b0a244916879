"""Tables: a game at a real table, stored in SQLite as an append-only event log.

A table is created with a game, its seats (player names, clockwise) and rule
options, and either a seed (the companion shuffles and deals: chance points are
resolved with ``engines.advance``) or none (the table says what was drawn: a
chance point waits for someone at the table to enter the outcome).

The log holds only what people submitted: moves and undos. The state is the
replay of the log from the game's setup, so a crash or restart loses nothing
and undo is one more log entry. Every submission names the log version it was
made against; a submission against an older version is refused
(:class:`Conflict`), so two phones tapping for the same turn cannot both apply.

Seat and host tokens come from ``secrets.token_urlsafe(32)`` and are compared
with ``hmac.compare_digest``.
"""

from __future__ import annotations

import hmac
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import engines
from companion import games
from engines.core import CHANCE, EngineError, Event, InvalidSetup, InvalidState, Move, State

HOST = "@host"
"""The actor name of the host in the log (never a player name: ``@`` is reserved)."""

DEALER = "@dealer"
"""The actor of chance outcomes the seeded generator picked."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER,
    base TEXT,
    host_token TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS log (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('move', 'undo')),
    actor TEXT NOT NULL,
    move TEXT,
    created REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


class SessionError(EngineError):
    """A table request the companion refuses; ``status`` is the HTTP-like class of it."""

    status = 400


class TableNotFound(SessionError):
    """No table with that id."""

    status = 404


class Forbidden(SessionError):
    """The token does not open this seat, or this seat may not act now."""

    status = 403


class Conflict(SessionError):
    """The submission was made against an older version of the table."""

    status = 409


class StoreClosed(SessionError):
    """The store was closed (the server is stopping)."""

    status = 503


class NothingToUndo(SessionError):
    """Undo on a table where nothing was submitted (or everything was undone)."""

    status = 409


@dataclass(frozen=True)
class Seat:
    """One player's place at a table, opened by its private token."""

    index: int
    player: str
    token: str


@dataclass(frozen=True)
class Step:
    """One applied move of the replay, with the state it was applied to.

    Attributes:
        actor: the player, ``HOST``, or ``DEALER`` (a seeded chance outcome).
        before: the state the move was applied to (``public_move`` needs it).
        move: the move.
        events: what the move caused, explained.
    """

    actor: str
    before: State
    move: Move
    events: tuple[Event, ...]

    def public(self, viewer: str | None) -> dict[str, Any]:
        """The move as ``viewer`` may see it."""
        return self.before.public_move(self.move, viewer)


@dataclass(frozen=True)
class Table:
    """A table as it stands: its setup, seats, log version and replayed state.

    Attributes:
        version: number of log entries; a submission must name it.
        history: every applied move since the setup, oldest first.
    """

    id: str
    game: str
    players: tuple[str, ...]
    options: Mapping[str, str]
    seed: int | None
    host_token: str
    seats: tuple[Seat, ...]
    version: int
    initial: State
    state: State
    history: tuple[Step, ...]
    undoable: int

    def seat_by_token(self, token: str) -> Seat | None:
        """The seat ``token`` opens, compared in constant time; None for no seat."""
        found = None
        for seat in self.seats:
            if hmac.compare_digest(seat.token.encode(), token.encode()):
                found = seat
        return found

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.host_token.encode(), token.encode())

    def may_move(self, actor: str) -> bool:
        """Whether ``actor`` (a player or ``HOST``) may submit the next move."""
        to_move = self.state.to_move
        if to_move is None:
            return False
        if to_move == CHANCE:
            return True  # anyone at the table can say what was drawn
        return actor == to_move


def _now() -> float:
    return time.time()


class TableStore:
    """Every table of one companion, in one SQLite file (WAL mode).

    Safe to share between threads (calls are serialised); replays are cached
    per table and extended move by move.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.RLock()
        self._cache: dict[str, Table] = {}
        self.closed = False
        # One connection, serialised by the lock: a table of friends never needs more,
        # and closing the last connection would checkpoint the WAL on every call.
        self._db = sqlite3.connect(
            self.path, timeout=10, isolation_level=None, check_same_thread=False
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        # WAL with synchronous=NORMAL: a crash of the companion loses no committed move.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self.closed = True
            self._db.close()

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self.closed:
                raise StoreClosed("the companion is shutting down; reload in a moment")
            yield self._db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """The connection inside ``BEGIN IMMEDIATE``: one writer at a time, all or nothing."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    # ------------------------------------------------------------------ create

    def create(
        self,
        game_id: str,
        players: Sequence[str],
        *,
        options: Mapping[str, str] | None = None,
        seed: int | None = None,
    ) -> Table:
        """A new table at the start of ``game_id``.

        Raises:
            InvalidSetup: unknown game, wrong players or options.
        """
        module = engines.game(game_id)
        if seed is not None and not _storable(seed):
            raise InvalidSetup(f"the seed {seed} is too large; use a number below {2**63}")
        state: State = module.new_game(list(players), options=options, seed=seed)
        return self._insert(state, base=None)

    def resume(self, game_id: str, document: Any) -> Table:
        """A new table that continues a saved state of ``game_id`` (its JSON).

        Raises:
            InvalidState: the document is another game's, newer, or broken.
        """
        state = games.load(game_id, document)
        if state.seed is not None and not _storable(state.seed):
            raise InvalidState(f"the saved seed {state.seed} is out of range: not a saved game")
        return self._insert(state, base=json.dumps(state.to_json()))

    def _insert(self, state: State, base: str | None) -> Table:
        table_id = secrets.token_urlsafe(9)
        host = secrets.token_urlsafe(32)
        with self._write() as db:
            db.execute(
                "INSERT INTO tables (id, game, players, options, seed, base, host_token, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    state.INFO.id,
                    json.dumps(list(state.players)),
                    json.dumps(dict(state.options)),
                    state.seed,
                    base,
                    host,
                    _now(),
                ),
            )
            for i, player in enumerate(state.players):
                db.execute(
                    "INSERT INTO seats (table_id, seat, player, token) VALUES (?, ?, ?, ?)",
                    (table_id, i, player, secrets.token_urlsafe(32)),
                )
        return self.load(table_id)

    # ------------------------------------------------------------------ read

    def version(self, table_id: str) -> int:
        """The log version of a table (cheap; live updates poll it)."""
        with self._connect() as db:
            row = db.execute("SELECT COUNT(*) FROM log WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])

    def load(self, table_id: str) -> Table:
        """The table with its state replayed from the log.

        Raises:
            TableNotFound: no such table.
        """
        with self._connect() as db:
            return self._load(db, table_id)

    def _load(self, db: sqlite3.Connection, table_id: str) -> Table:
        row = db.execute(
            "SELECT game, players, options, seed, base, host_token FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            raise TableNotFound(f"there is no table {table_id!r}; ask the host for a new link")
        log = db.execute(
            "SELECT kind, actor, move FROM log WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        cached = self._cache.get(table_id)
        if cached is not None and cached.version == len(log):
            return cached
        newer = log[cached.version :] if cached is not None else []
        if cached is not None and newer and all(kind == "move" for kind, _, _ in newer):
            return self._extend(cached, [(actor, json.loads(move)) for _, actor, move in newer])
        game, players, options, seed, base, host = row
        seats = tuple(
            Seat(i, p, t)
            for i, p, t in db.execute(
                "SELECT seat, player, token FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            )
        )
        module = engines.game(game)
        if base is not None:
            initial: State = module.load_state(base)
        else:
            initial = module.new_game(json.loads(players), options=json.loads(options), seed=seed)
        kept: list[tuple[str, Any]] = []
        for kind, actor, move in log:
            if kind == "move":
                kept.append((actor, json.loads(move)))
            else:
                kept.pop()
        state, steps = _resolve(initial, [])
        table = Table(
            id=table_id,
            game=game,
            players=tuple(json.loads(players)),
            options=json.loads(options),
            seed=seed,
            host_token=host,
            seats=seats,
            version=len(log) - len(kept),
            initial=initial,
            state=state,
            history=tuple(steps),
            undoable=0,
        )
        return self._extend(table, kept)

    def _extend(self, table: Table, moves: list[tuple[str, Any]]) -> Table:
        """The cached ``table`` with newly logged moves applied on top."""
        module = engines.game(table.game)
        state, steps = table.state, list(table.history)
        for actor, move_json in moves:
            move = module.parse_move(move_json)
            state, more = _resolve(state, [Step(actor, state, move, ())])
            steps.extend(more)
        table = replace(
            table,
            version=table.version + len(moves),
            state=state,
            history=tuple(steps),
            undoable=table.undoable + len(moves),
        )
        self._cache[table.id] = table
        return table

    def tables(self) -> list[tuple[str, str, float]]:
        """Every table as ``(id, game, created)``, newest first."""
        with self._connect() as db:
            rows = db.execute("SELECT id, game, created FROM tables ORDER BY created DESC")
            return [(str(i), str(g), float(c)) for i, g, c in rows]

    # ------------------------------------------------------------------ write

    def submit(self, table_id: str, move_text: Any, *, actor: str, version: int) -> Table:
        """Apply a move for ``actor`` (a player or ``HOST``) against log ``version``.

        Raises:
            Conflict: the table moved on since ``version``.
            Forbidden: it is not ``actor``'s turn.
            InvalidMove: the move cannot be read.
            IllegalMove: the rules forbid it (with its code and reason).
        """
        with self._write() as db:
            table = self._load(db, table_id)
            _expect(table, version)
            state = table.state
            move = engines.game(table.game).parse_move(move_text)
            if state.to_move is not None and not table.may_move(actor):
                who = "the host" if actor == HOST else actor
                raise Forbidden(f"it is {state.to_move}'s turn, not {who}'s")
            state.apply(move)  # raises IllegalMove (or GameOver) with its code and reason
            db.execute(
                "INSERT INTO log (table_id, seq, kind, actor, move, created)"
                " VALUES (?, ?, 'move', ?, ?, ?)",
                (table_id, version + 1, actor, json.dumps(move.to_json()), _now()),
            )
            return self._load(db, table_id)

    def undo(self, table_id: str, *, version: int) -> Table:
        """Take back the last submitted move (host only; the caller checks the token).

        Raises:
            Conflict: the table moved on since ``version``.
            NothingToUndo: no move is left to take back.
        """
        with self._write() as db:
            table = self._load(db, table_id)
            _expect(table, version)
            if table.undoable == 0:
                raise NothingToUndo("there is no move to take back")
            db.execute(
                "INSERT INTO log (table_id, seq, kind, actor, move, created)"
                " VALUES (?, ?, 'undo', ?, NULL, ?)",
                (table_id, version + 1, HOST, _now()),
            )
            return self._load(db, table_id)


def _storable(number: int) -> bool:
    """Whether SQLite can keep ``number`` (a signed 64-bit integer)."""
    return -(2**63) <= number < 2**63


def _expect(table: Table, version: int) -> None:
    if version != table.version:
        raise Conflict(
            f"the table changed while you chose (version {table.version}, your page showed "
            f"{version}); look again and choose once more"
        )


def _resolve(state: State, pending: list[Step]) -> tuple[State, list[Step]]:
    """Apply ``pending`` steps, then the seeded chance outcomes that follow them."""
    done: list[Step] = []
    for step in pending:
        after = state.apply(step.move)
        done.append(Step(step.actor, state, step.move, after.events))
        state = after
    while (chance := state.chance_move()) is not None:
        after = state.apply(chance)
        done.append(Step(DEALER, state, chance, after.events))
        state = after
    return state, done


def check(table: Table, move_text: Any, *, actor: str) -> dict[str, Any]:
    """The verdict on ``actor``'s move at ``table`` without applying it.

    Only the actor who may move now gets a verdict: an engine's reason speaks to
    the player to move and may name the cards in that player's hand.

    Raises:
        InvalidMove: the move cannot be read.
        Forbidden: ``actor`` may not move now.
    """
    move = engines.game(table.game).parse_move(move_text)
    if table.state.to_move is not None and not table.may_move(actor):
        raise Forbidden(f"it is {table.state.to_move}'s turn; check your moves on your turn")
    return {"move": move.notation(), "json": move.to_json(), **table.state.check(move).to_json()}
