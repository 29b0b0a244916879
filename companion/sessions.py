"""Tables: a game at a real table, stored as an append-only event log.

A table is created with a game, its seats (player names, clockwise) and rule
options, and either a seed (the companion shuffles and deals: chance points are
resolved with ``engines.advance``) or none (the table says what was drawn: a
chance point waits for someone at the table to enter the outcome).

The log holds only what people submitted: moves and undos. The state is the
replay of the log from the game's setup, so a crash or restart loses nothing
and undo is one more log entry. Every submission names the log version it was
made against; a submission against an older version is refused
(:class:`Conflict`), so two phones tapping for the same turn cannot both apply.
The log lives in SQLite or PostgreSQL behind one interface (:mod:`companion.storage`).

Seat and host tokens come from ``secrets.token_urlsafe(32)`` and are compared
with ``hmac.compare_digest``.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import engines
from companion import games
from companion.storage import Backend, Duplicate, Entry, StorageError, TableRow, open_backend
from engines.core import (
    CHANCE,
    EngineError,
    Event,
    InvalidMove,
    InvalidSetup,
    InvalidState,
    Move,
    State,
)

HOST = "@host"
"""The actor name of the host in the log (never a player name: ``@`` is reserved)."""

DEALER = "@dealer"
"""The actor of chance outcomes the seeded generator picked."""

TABLE_CACHE = 128
"""Replayed tables kept per process (least recently used first out): a finished
table's replay is about 0.33 MB, so the cache stays under ~40 MB."""


class SessionError(EngineError):
    """A table request the companion refuses; ``status`` is the HTTP-like class of it, and
    ``code`` (``table.*``) what ``companion.app_reasons`` says in the page's language."""

    status = 400


class BadRequest(SessionError):
    """A request that does not say what the page would have said (no version, no move, no
    file, an expired form)."""

    status = 400


class TableNotFound(SessionError):
    """No table with that id."""

    status = 404
    code = "table.not_found"


class Forbidden(SessionError):
    """The token does not open this seat, or this seat may not act now."""

    status = 403


class Conflict(SessionError):
    """The submission was made against an older version of the table."""

    status = 409
    code = "table.changed"


class StoreClosed(SessionError):
    """The store was closed (the server is stopping)."""

    status = 503
    code = "table.closed"


class NothingToUndo(SessionError):
    """Undo on a table where nothing was submitted (or everything was undone)."""

    status = 409
    code = "table.nothing_to_undo"


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
        """Whether ``actor`` (a player or ``HOST``) may submit a move now: anyone at a
        chance point, else a player the state lets move (``State.movers``: the player to
        move; on a recorded Ark Nova table every player, for their own zoo)."""
        to_move = self.state.to_move
        if to_move is None:
            return False
        if to_move == CHANCE:
            return True  # anyone at the table can say what was drawn
        return actor in self.state.movers()

    def may_make(self, actor: str, move: Move) -> bool:
        """Whether ``actor`` may submit ``move``: anyone at a chance point, else only the
        player who makes it (``State.mover_of``)."""
        mover = self.state.mover_of(move)
        return mover == CHANCE or (mover is not None and mover == actor)

    def moves_of(self, actor: str) -> list[Move]:
        """The legal moves ``actor`` may submit now: every chance outcome, else the moves
        they make, so a seat's list never holds another player's moves."""
        return [m for m in self.state.legal_moves() if self.may_make(actor, m)]


def new_table_id() -> str:
    """A new table's id: 12 URL-safe characters that never start with ``-``.

    A host types it after ``--table`` on the command line, where an id
    starting with ``-`` would be read as an option.
    """
    while True:
        table_id = secrets.token_urlsafe(9)
        if not table_id.startswith("-"):
            return table_id


def _now() -> float:
    return time.time()


class TableStore:
    """Every table of one companion, in the backend ``database`` names.

    ``database`` is an SQLite file (the embedded default) or a
    ``postgresql://`` URL (:func:`companion.storage.open_backend`). Safe to
    share between threads, and between processes on the same database: a
    submission replays the table outside any lock and appends its entry at
    ``version + 1``; the log's primary key lets one writer win
    (:class:`Conflict` for the others). Replays are cached per table (at most
    ``cache`` tables, least recently used first out) and extended move by move
    from the entries the database has beyond them.
    """

    def __init__(
        self, database: str | Path, *, cache: int = TABLE_CACHE, poll: float | None = None
    ) -> None:
        """Open the tables in ``database``; ``poll`` is SQLite's live check in seconds."""
        try:
            self.backend: Backend = open_backend(database, poll=poll)
        except StorageError as exc:
            raise StoreClosed(str(exc), code="table.unreachable") from exc
        self.path = self.backend.url
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, Table] = OrderedDict()
        self._cache_size = cache
        self.closed = False

    def close(self) -> None:
        self.closed = True
        self.backend.close()

    @contextmanager
    def _storage(self) -> Iterator[Backend]:
        """The backend, with a closed or unreachable store answered as :class:`StoreClosed`."""
        if self.closed:
            raise StoreClosed("the companion is shutting down; reload in a moment")
        try:
            yield self.backend
        except StorageError as exc:
            if isinstance(exc, Duplicate):
                raise
            raise StoreClosed(
                f"the tables cannot be reached now; reload in a moment ({exc})",
                code="table.unreachable",
            ) from exc

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
        row = TableRow(
            id=new_table_id(),
            game=state.INFO.id,
            players=json.dumps(list(state.players)),
            options=json.dumps(dict(state.options)),
            seed=state.seed,
            base=base,
            host_token=secrets.token_urlsafe(32),
            created=_now(),
        )
        seats = [(i, p, secrets.token_urlsafe(32)) for i, p in enumerate(state.players)]
        with self._storage() as backend:
            backend.create(row, seats)
        return self.load(row.id)

    # ------------------------------------------------------------------ read

    def version(self, table_id: str) -> int:
        """The log version of a table (cheap; live updates poll it)."""
        with self._storage() as backend:
            return backend.version(table_id)

    def wait(self, table_id: str, known: int, timeout: float) -> int:
        """The table's version once it is not ``known``, or after ``timeout`` seconds, or
        sooner when :meth:`wake` is called."""
        with self._storage() as backend:
            return backend.wait(table_id, known, timeout)

    def wake(self, table_id: str) -> None:
        """Wake this process's streams waiting on ``table_id`` with no news."""
        with self._storage() as backend:
            backend.wake(table_id)

    def load(self, table_id: str, *, at_least: int | None = None) -> Table:
        """The table with its state replayed from the log.

        ``at_least``: a version the caller knows the log has reached (the page a move was
        chosen on, the version a stream was told of). A replay kept at that version or
        past it is the answer without asking the database; a later entry is for the
        caller's next look (a move made meanwhile meets the log's one conflict rule).

        Raises:
            TableNotFound: no such table.
        """
        with self._lock:
            cached = self._cache.get(table_id)
        if cached is not None and at_least is not None and cached.version >= at_least:
            return self._keep(cached)
        with self._storage() as backend:
            if cached is not None:
                newer = backend.entries(table_id, after=cached.version)
                if not newer:
                    self._keep(cached)
                    return cached
                if all(e.kind == "move" for e in newer):
                    return self._keep(self._extend(cached, newer))
            row = backend.table(table_id)
            if row is None:
                raise TableNotFound(f"there is no table {table_id!r}; ask the host for a new link")
            seats = backend.seats(table_id)
            log = backend.entries(table_id)
        return self._keep(self._replay(row, seats, log))

    def _keep(self, table: Table) -> Table:
        """Remember ``table``'s replay, forgetting the least recently used past the limit."""
        with self._lock:
            held = self._cache.get(table.id)
            if held is None or held.version <= table.version:
                self._cache[table.id] = table
            self._cache.move_to_end(table.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return table

    def cached(self) -> int:
        """How many replayed tables this store holds in memory."""
        with self._lock:
            return len(self._cache)

    def _replay(self, row: TableRow, seats: list[tuple[int, str, str]], log: list[Entry]) -> Table:
        module = engines.game(row.game)
        players = json.loads(row.players)
        options = json.loads(row.options)
        if row.base is not None:
            initial: State = module.load_state(row.base)
        else:
            initial = module.new_game(players, options=options, seed=row.seed)
        kept: list[Entry] = []
        for entry in log:
            if entry.kind == "move":
                kept.append(entry)
            else:
                kept.pop()
        state, steps = _resolve(initial, [])
        table = Table(
            id=row.id,
            game=row.game,
            players=tuple(players),
            options=options,
            seed=row.seed,
            host_token=row.host_token,
            seats=tuple(Seat(i, p, t) for i, p, t in seats),
            version=len(log) - len(kept),
            initial=initial,
            state=state,
            history=tuple(steps),
            undoable=0,
        )
        return self._extend(table, kept)

    def _extend(self, table: Table, entries: list[Entry]) -> Table:
        """``table`` with newly logged moves applied on top."""
        module = engines.game(table.game)
        state, steps = table.state, list(table.history)
        for entry in entries:
            move = module.parse_move(json.loads(str(entry.move)))
            state, more = _resolve(state, [Step(entry.actor, state, move, ())])
            steps.extend(more)
        return replace(
            table,
            version=table.version + len(entries),
            state=state,
            history=tuple(steps),
            undoable=table.undoable + len(entries),
        )

    def tables(self) -> list[tuple[str, str, float]]:
        """Every table as ``(id, game, created)``, newest first."""
        with self._storage() as backend:
            return backend.tables()

    # ------------------------------------------------------------------ write

    def submit(self, table_id: str, move_text: Any, *, actor: str, version: int) -> Table:
        """Apply a move for ``actor`` (a player or ``HOST``) against log ``version``.

        Raises:
            Conflict: the table moved on since ``version`` (or another phone was first).
            Forbidden: it is not ``actor``'s turn.
            InvalidMove: the move cannot be read.
            IllegalMove: the rules forbid it (with its code and reason).
        """
        # Kept at the page's version: no round trip; a move made meanwhile is the INSERT's 409.
        table = self.load(table_id, at_least=version)
        _expect(table, version)
        state = table.state
        move = read_move(table.game, move_text)
        if state.to_move is not None and not table.may_make(actor, move):
            raise _not_yours(table, actor, move)
        state.apply(move)  # raises IllegalMove (or GameOver) with its code and reason
        entry = Entry(version + 1, "move", actor, json.dumps(move.to_json()), _now())
        self._append(table, entry)
        # The log took the entry at version + 1: the table then is this one with the move
        # on top, with no need to read the entry back.
        return self._keep(self._extend(table, [entry]))

    def undo(self, table_id: str, *, version: int) -> Table:
        """Take back the last submitted move (host only; the caller checks the token).

        Raises:
            Conflict: the table moved on since ``version``.
            NothingToUndo: no move is left to take back.
        """
        table = self.load(table_id)
        _expect(table, version)
        if table.undoable == 0:
            raise NothingToUndo("there is no move to take back")
        self._append(table, Entry(version + 1, "undo", HOST, None, _now()))
        return self.load(table_id)

    def _append(self, table: Table, entry: Entry) -> None:
        """Log ``entry``; the one conflict rule: a taken ``(table, seq)`` is a :class:`Conflict`."""
        try:
            with self._storage() as backend:
                backend.append(table.id, entry)
        except Duplicate as exc:
            raise Conflict(
                f"the table changed while you chose (another phone was first at version "
                f"{entry.seq - 1}); look again and choose once more"
            ) from exc


def _storable(number: int) -> bool:
    """Whether SQLite can keep ``number`` (a signed 64-bit integer)."""
    return -(2**63) <= number < 2**63


TYPED_SHOWN = 80
"""Characters of a typed move quoted back in a refusal (an input may be megabytes long)."""


def read_move(game_id: str, move_text: Any) -> Move:
    """``move_text`` (notation typed, JSON text or a JSON object) read as a move of ``game_id``.

    Raises:
        InvalidMove: it reads as none. Its English stays the engine's, for programs; its code
            (``table.unreadable_move`` with what was typed, ``table.unreadable_move_data``
            for JSON) and params let a page say it with the game's name.
    """
    try:
        return engines.game(game_id).parse_move(move_text)
    except InvalidMove as exc:
        typed = move_text.strip() if isinstance(move_text, str) else ""
        if typed and not typed.startswith("{"):
            shown = typed if len(typed) <= TYPED_SHOWN else typed[: TYPED_SHOWN - 1] + "…"
            code, params = "table.unreadable_move", {"game": game_id, "move": shown}
        else:
            code, params = "table.unreadable_move_data", {"game": game_id}
        raise InvalidMove(str(exc), code=code, params=params) from exc


def _not_yours(table: Table, actor: str, move: Move) -> Forbidden:
    """The refusal of ``actor``'s ``move``: not their turn, or (where several players may
    move) a move that is another player's to make."""
    who = "the host" if actor == HOST else actor
    mover = table.state.mover_of(move)
    if table.may_move(actor) and mover is not None:
        return Forbidden(
            f"that move is {mover}'s to make, not {who}'s",
            code="table.not_your_move",
            params={"player": mover},
        )
    return Forbidden(
        f"it is {table.state.to_move}'s turn, not {who}'s",
        code="table.not_your_turn",
        params={"player": table.state.to_move},
    )


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
    move = read_move(table.game, move_text)
    if table.may_move(actor) and not table.may_make(actor, move):
        raise _not_yours(table, actor, move)
    if table.state.to_move is not None and not table.may_move(actor):
        raise Forbidden(
            f"it is {table.state.to_move}'s turn; check your moves on your turn",
            code="table.check_on_your_turn",
            params={"player": table.state.to_move},
        )
    return {"move": move.notation(), "json": move.to_json(), **table.state.check(move).to_json()}
