"""Recorded playthroughs: whole games written one ply a line, replayed by a test and diffed.

The python-chess perft and OpenSpiel playthrough idea: the contract tests
catch ``legal_moves`` and ``check`` disagreeing, not a change that moves both;
a recorded game catches any change in what the rules allow or do. For every
turn engine and every rule option value there are a few seeded games (the
defaults: one per player count, and one table game without seed, whose
chance the recording draws from the legal outcomes, ``?`` among them).

A file ``<game>/<options>-<players>p-<seed>.txt`` holds a header, then one
line per ply, tab-separated: the ply, the player to move (``@chance`` at a
chance point), how many legal moves there are, the move's notation and a
short hash of the state's canonical JSON after the move (:func:`state_hash`);
the last line gives the final scores and the winners. Replaying a file
(:func:`replay`) rebuilds every line from the engine: the recorded moves are
read back with ``parse_move``, and at a chance point of a seeded game the move
is the one ``chance_move()`` picks, so a change in the seeded draw shows too.

Regenerate every file after an intended change of the rules or of a state
document with ``python -m tests.playthroughs.regenerate`` and review the diff.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import engines
from engines.core import CHANCE, EngineError, Game, Move, State

DIR = Path(__file__).resolve().parent
NAMES = ("ann", "bob", "cy", "dee", "eve")
MAX_PLIES = 5000
"""A recording stops here; every recorded game ends long before (the longest: about 600)."""


@dataclass(frozen=True)
class Case:
    """One recorded game: the game, its rule options (non-defaults only), players, seed."""

    game: str
    players: int
    seed: int | None
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return "-".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "defaults"

    @property
    def path(self) -> Path:
        seed = "table" if self.seed is None else f"seed{self.seed}"
        return DIR / self.game / f"{self.label}-{self.players}p-{seed}.txt"


def cases() -> list[Case]:
    """Every recorded game: per turn engine, the defaults at every player count and one
    table game, then two seeded games for each other choice of each rule option."""
    out: list[Case] = []
    for game_id, game in sorted(engines.GAMES.items()):
        info = game.info
        if not info.turn_engine:
            continue
        counts = list(range(info.min_players, info.max_players + 1))
        out += [Case(game_id, n, n) for n in counts]
        out.append(Case(game_id, info.min_players, None))
        k = 0
        for opt in info.options:
            for choice in opt.choices:
                if choice == opt.default:
                    continue
                for seed in (k + 1, k + 2):
                    out.append(Case(game_id, counts[seed % len(counts)], seed, {opt.name: choice}))
                k += 2
    return out


def state_hash(state: State) -> str:
    """The first 12 hex digits of the SHA-256 of the state's canonical JSON
    (sorted keys, no spaces, UTF-8)."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _header(
    game: Game, players: Sequence[str], options: Mapping[str, str], seed: int | None
) -> list[str]:
    note = ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "the defaults"
    return [
        f"# {game.info.names['en']}: rule options {note}; "
        + ("a table game, chance drawn by the recording" if seed is None else f"seed {seed}"),
        "# ply, player to move, legal moves, move, state hash after the move",
        "# regenerate: python -m tests.playthroughs.regenerate",
        f"game {game.id}",
        f"players {' '.join(players)}",
        f"options {json.dumps(dict(sorted(options.items())))}",
        f"seed {'none' if seed is None else seed}",
    ]


def _ply(ply: int, state: State, move: Move, after: State) -> str:
    cells = (ply, state.to_move, len(state.legal_moves()), move.notation(), state_hash(after))
    return "\t".join(map(str, cells))


def _end(state: State) -> str:
    outcome = state.outcome()
    if outcome is None:
        return f"unfinished after {state.ply} plies"
    scores = ", ".join(f"{p} {outcome.scores[p]}" for p in state.players)
    return f"over\t{scores}\twinners {' '.join(outcome.winners)}"


def record(case: Case) -> list[str]:
    """Play ``case`` and write it down: seeded chance from the state, the rest drawn
    with a generator of the case (the game's ``playout_move`` policy where it has one)."""
    game = engines.GAMES[case.game]
    names = NAMES[: case.players]
    state = game.new_game(names, options=case.options, seed=case.seed)
    rng = random.Random(f"playthrough:{case.game}:{case.label}:{case.players}:{case.seed}")
    lines = [*_header(game, names, case.options, case.seed), f"start {state_hash(state)}"]
    while not state.is_over and state.ply < MAX_PLIES:
        move = state.chance_move()
        if move is None and game.playout_move is not None and state.to_move != CHANCE:
            move = game.playout_move(state, rng)
        if move is None:
            move = rng.choice(state.legal_moves())
        after = state.apply(move)
        lines.append(_ply(state.ply + 1, state, move, after))
        state = after
    lines.append(_end(state))
    return lines


def _field(lines: Iterator[str], name: str) -> str:
    for line in lines:
        if not line.startswith("#"):
            key, _, value = line.partition(" ")
            if key != name:
                raise ValueError(f"expected the {name!r} line, found {line!r}")
            return value
    raise ValueError(f"the {name!r} line is missing")


def replay(lines: Sequence[str]) -> list[str]:
    """The lines of a recorded game, rebuilt by the engine from the moves it names.

    Where the recording and the engine part ways the rebuilt lines say so
    (a move that no longer reads or is refused ends them), so a diff shows it.
    """
    rows = iter(lines)
    game = engines.GAMES[_field(rows, "game")]
    names = tuple(_field(rows, "players").split())
    options: dict[str, str] = json.loads(_field(rows, "options"))
    seed_text = _field(rows, "seed")
    seed = None if seed_text == "none" else int(seed_text)
    state = game.new_game(names, options=options, seed=seed)
    out = [*_header(game, names, options, seed), f"start {state_hash(state)}"]
    _field(rows, "start")
    for line in rows:
        if not line[:1].isdigit():
            break
        recorded = line.split("\t")[3]
        move = state.chance_move()
        try:
            if move is None:
                move = game.parse_move(recorded)
            after = state.apply(move)
        except EngineError as exc:
            out.append(f"{state.ply + 1}\t{state.to_move}\t{recorded!r} fails: {exc}")
            return out
        out.append(_ply(state.ply + 1, state, move, after))
        state = after
    out.append(_end(state))
    return out


def read(case: Case) -> list[str]:
    """The recorded lines of ``case``."""
    return case.path.read_text(encoding="utf-8").splitlines()


def write(case: Case) -> None:
    """Record ``case`` into its file."""
    case.path.parent.mkdir(parents=True, exist_ok=True)
    case.path.write_text("\n".join(record(case)) + "\n", encoding="utf-8")
