"""Scripted synthetic games: a seeded game played out and rendered as camera frames.

A script is the seeded game's moves with the state after each. The table
changes in *reaches*: the moves one actor makes in one go over the table (a
card laid and Noah moved), at most ``model.max_depth`` of them. Each reach
is filmed as hands passing over the changed zones (frames that differ from
each other, as a moving hand does), then the still table for a few frames.
Moves the table cannot show (the deal, gifts, a steal) are listed apart: the
phones would send them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from companion.watch.infer import Question, Sent
from companion.watch.loop import Judged, Watcher
from companion.watch.model import TableModel
from engines.core import CHANCE, Move, State
from testkit.camera import MatCamera
from testkit.tags import PlacedTag
from vision.types import U8Array

Chooser = Callable[[State, random.Random], Move]
"""Picks a player's move in a scripted game."""


def random_choice(state: State, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    return rng.choice(state.legal_moves())


@dataclass(frozen=True)
class Script:
    """A seeded game as played: every move and the state after it.

    Attributes:
        start: The state before the first move.
        moves: Every move in order.
        states: The state after each move.
    """

    start: State
    moves: tuple[Move, ...]
    states: tuple[State, ...]

    def before(self, i: int) -> State:
        return self.start if i == 0 else self.states[i - 1]

    def hidden(self, model: TableModel) -> tuple[Sent, ...]:
        """The players' moves the table cannot show (the phones send them, each its own)."""
        return tuple(sent for _, sent in self.phone_moves(model))

    def phone_moves(self, model: TableModel) -> tuple[tuple[int, Sent], ...]:
        """The players' moves the table cannot show, each with its index in :attr:`moves`
        (when the phone sends it)."""
        return tuple(
            (i, Sent(str(self.before(i).to_move), m))
            for i, m in enumerate(self.moves)
            if self.before(i).to_move != CHANCE
            and model.view(self.states[i]) == model.view(self.before(i))
        )

    def reaches(self, model: TableModel) -> list[tuple[int, int]]:
        """``(first, last)`` move index of each change the camera sees, in order."""
        out: list[tuple[int, int]] = []
        i = 0
        n = len(self.moves)
        while i < n:
            if model.view(self.states[i]) == model.view(self.before(i)):
                i += 1
                continue
            actor = self.before(i).to_move
            j, visible = i, 1
            while j + 1 < n and visible < model.max_depth:
                nxt = j + 1
                if self.before(nxt).to_move != actor or actor == CHANCE:
                    break
                if model.view(self.states[nxt]) != model.view(self.before(nxt)):
                    visible += 1
                j = nxt
            out.append((i, j))
            i = j + 1
        return out


def follow_answering(watcher: Watcher, frames: Iterable[U8Array], script: Script) -> list[Judged]:
    """Feed ``frames`` to ``watcher``; each question is answered as the players would, with the
    candidate ``script`` played (none when the script played none of them)."""
    judged: list[Judged] = []
    for frame in frames:
        out = watcher.feed(frame)
        if out is None:
            continue
        judged.append(out)
        if isinstance(out.result, Question):
            done = len(watcher.moves)
            played = [
                i
                for i, c in enumerate(out.result.candidates)
                if c == script.moves[done : done + len(c)]
            ]
            if len(played) == 1:
                watcher.answer(played[0])
    return judged


def follow_sending(
    watcher: Watcher,
    stills: Iterable[tuple[int, Sequence[U8Array]]],
    script: Script,
) -> list[Judged]:
    """Feed each still table's frames (``(n, frames)``: the table after the script's first
    ``n`` moves) to ``watcher``, the phones sending each move the table cannot show once its
    player has made it (before the camera sees the table after it, the last ones at the end),
    each question answered as in :func:`follow_answering`."""
    phones = list(script.phone_moves(watcher.model))
    judged: list[Judged] = []
    for shown, frames in stills:
        while phones and phones[0][0] < shown:
            watcher.send(phones.pop(0)[1])
        judged += follow_answering(watcher, frames, script)
    watcher.send(*(sent for _, sent in phones))
    return judged


def play(start: State, plies: int, seed: int, choose: Chooser = random_choice) -> Script:
    """Play ``plies`` moves from ``start`` (chance from the state's seed, players by ``choose``)."""
    rng = random.Random(seed)
    moves: list[Move] = []
    states: list[State] = []
    state = start
    while len(moves) < plies and not state.is_over:
        move = state.chance_move() or choose(state, rng)
        state = state.apply(move)
        moves.append(move)
        states.append(state)
    return Script(start, tuple(moves), tuple(states))


def film(
    camera: MatCamera,
    tags: Callable[[int], Sequence[PlacedTag]],
    stills: Sequence[int],
    *,
    hands: int = 2,
    still: int = 3,
    seed: int = 0,
) -> Iterator[U8Array]:
    """Frames of a table going through ``stills`` (indexes ``tags`` turns into pieces).

    Args:
        camera: The synthetic camera over the mat.
        tags: The pieces on the table at a still index.
        stills: The still tables in order.
        hands: Frames with a hand over the table before each still table (none before the
            first, nor before an empty table).
        still: Frames of each still table.
        seed: Seed of the hands.
    """
    rng = random.Random(seed)
    for k, index in enumerate(stills):
        pieces = list(tags(index))
        if k > 0 and pieces:
            for h in range(hands):
                over = [rng.randrange(len(pieces)) for _ in range(2)]
                yield camera.frame(pieces, over, seed=seed * 1000 + k * 10 + h)
        frame = camera.frame(pieces, seed=seed)
        for _ in range(still):
            yield frame
