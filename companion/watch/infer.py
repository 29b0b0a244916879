"""Move inference: the move or moves that explain what changed on the table.

From the current state and a new view of the table (``TableModel.read`` of
a reading), :func:`infer` searches sequences of up to ``model.max_depth``
moves the table can show (a card laid on a ferry, then Noah moved). Between
them it resolves what the table cannot show: chance of a seeded game
(``state.chance_move``) and the moves the phones sent (``pending``: a gift,
the first player). The answer is one of:

- :class:`Applied`: exactly one sequence explains the change; the new state.
- :class:`Refused`: no legal sequence does, but a move the hands could make
  and the rules refuse does (``model.refusable``); the engine's code and
  reason, and the state stays at the last legal one. A model with
  ``applies_unlisted`` applies a move ``refusable`` finds that the rules allow
  though ``legal_moves`` does not list it (an animal from an unseen hand).
- :class:`Question`: several sequences explain it; the candidates, no guess.
- :class:`Underway`: nothing explains it yet, but what changed is part of what
  a legal move changes (three of the five pawns of a race moved, a card laid
  and Noah not moved yet): the players are still at it, nothing is flagged.
- :class:`Mismatch`: nothing explains it; sentences on what does not add up.

The phones' moves come as :class:`Sent`: each names its player, and is
applied only when that player is to move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.watch.model import ZH, TableModel, View
from engines.core import CHANCE, UNKNOWN, Move, State


@dataclass(frozen=True)
class Sent:
    """A move a phone sent that the table cannot show (a gift, a face-down paddle).

    Attributes:
        player: Who sent it; it applies only when this player is to move.
        move: The move.
    """

    player: str
    move: Move


@dataclass(frozen=True)
class Applied:
    """The change is these moves; ``state`` is the game after them."""

    moves: tuple[Move, ...]
    state: State
    used: int = 0  # phone moves consumed

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "applied",
            "moves": [m.notation() for m in self.moves],
            "json": [m.to_json() for m in self.moves],
        }


@dataclass(frozen=True)
class Refused:
    """A move the rules refuse explains the change."""

    move: Move
    code: str
    reason: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The numbers and names of the reason (``Verdict.params``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "refused",
            "move": self.move.notation(),
            "json": self.move.to_json(),
            "code": self.code,
            "reason": self.reason,
            "params": dict(self.params),
        }


@dataclass(frozen=True)
class Question:
    """Several move sequences explain the change; the players must say which.

    ``used[i]`` is how many of the phones' pending moves candidate ``i`` consumed.
    """

    candidates: tuple[tuple[Move, ...], ...]
    used: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "question",
            "candidates": [[m.notation() for m in c] for c in self.candidates],
            "candidates_json": [[m.to_json() for m in c] for c in self.candidates],
        }


@dataclass(frozen=True)
class Mismatch:
    """Nothing explains the change."""

    lines: tuple[str, ...]
    lines_zh: tuple[str, ...] = ()
    """The same sentences in Traditional Chinese."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": "mismatch", "lines": list(self.lines), "lines_zh": list(self.lines_zh)}


@dataclass(frozen=True)
class Underway:
    """What changed so far is part of a legal move: the players are still moving pieces."""

    lines: tuple[str, ...]
    lines_zh: tuple[str, ...] = ()
    """The same sentences in Traditional Chinese."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": "underway", "lines": list(self.lines), "lines_zh": list(self.lines_zh)}


Inference = Applied | Refused | Question | Underway | Mismatch


def settle(
    model: TableModel, state: State, pending: Sequence[Sent] = ()
) -> tuple[State, tuple[Move, ...], int]:
    """Apply what the table cannot show: seeded chance and the phones' moves.

    Returns:
        The state, the moves applied and how many of ``pending`` were used.
    """
    done: list[Move] = []
    used = 0
    while not state.is_over:
        chance = _unseen_chance(model, state) if state.to_move == CHANCE else None
        if chance is not None:
            if _visible(model, state, chance):
                break
            move = chance
        elif (
            used < len(pending)
            and pending[used].player == state.to_move
            and state.is_legal(pending[used].move)
        ):
            if _visible(model, state, pending[used].move):
                break
            move = pending[used].move
            used += 1
        else:
            break
        state = state.apply(move)
        done.append(move)
    return state, tuple(done), used


def _unseen_chance(model: TableModel, state: State) -> Move | None:
    """The chance outcome to apply without looking: the seed's own in a seeded game; in a
    table game an unknown card dealt face down (``?``), when no outcome shows on the table."""
    if state.seed is not None:
        return state.chance_move()
    unknown = [m for m in state.legal_moves() if UNKNOWN in m.to_json().values()]
    if len(unknown) == 1 and not _visible(model, state, unknown[0]):
        return unknown[0]
    return None


def _candidates(state: State) -> tuple[Move, ...]:
    """The moves to try next: at a chance point of a seeded game only the seed's own outcome
    (the table cannot tell apart cards drawn face down; the seed knows which it was).
    A chance the table supplies even in a seeded game (Hare's streams) lists every outcome."""
    move = state.chance_move() if state.to_move == CHANCE else None
    return state.legal_moves() if move is None else (move,)


def _visible(model: TableModel, state: State, move: Move) -> bool:
    return model.view(state.apply(move)) != model.view(state)


def infer(
    model: TableModel,
    state: State,
    seen: View,
    pending: Sequence[Sent] = (),
    unread: Mapping[str, int] | None = None,
) -> Inference:
    """What explains the table showing ``seen`` after ``state``.

    Where the camera saw symbols it could not read (``unread``), a move sequence whose
    table holds every piece seen, and in each zone no more pieces besides than the
    symbols not read there, explains the change as well: the one such sequence is
    applied, several are a question. Where no sequence fits that count, one whose
    table lacks pieces only in zones where a symbol was not read does (fanned cards'
    tags touch and are seen as one symbol). So a piece the camera loses sight of neither
    stalls the game nor has a move applied that the table does not show.

    Args:
        model: The game's table model.
        state: The last legal state (already settled).
        seen: The view read from the table.
        pending: Moves the phones sent that the table cannot show, in order.
        unread: Per zone id, symbols seen there that could not be read.
    """
    before = model.view(state)
    if before == seen and not unread:
        return Applied((), state)
    found: list[tuple[tuple[Move, ...], State, int]] = []
    # the table as it was, some of it not read this time, is a candidate too
    loose: list[tuple[tuple[Move, ...], State, int]] = (
        [((), state, 0)] if unread and hidden_by(model, before, seen, unread) else []
    )
    # where no sequence fits the count of symbols not read, one that fits their zones
    merged: list[tuple[tuple[Move, ...], State, int]] = (
        [((), state, 0)] if unread and hidden_by(model, before, seen, unread, strict=False) else []
    )
    reached: list[View] = []
    frontier: list[tuple[tuple[Move, ...], State, int]] = [((), state, 0)]
    for _ in range(model.max_depth):
        nxt: list[tuple[tuple[Move, ...], State, int]] = []
        for path, node, used in frontier:
            here = model.view(node)
            for move in _candidates(node):
                after = node.apply(move)
                view = model.view(after)
                if view == here:
                    continue
                after, quiet, extra = settle(model, after, pending[used:])
                step = (*path, move, *quiet)
                view = model.view(after)
                if view == seen:
                    found.append((step, after, used + extra))
                else:
                    if unread and hidden_by(model, view, seen, unread):
                        loose.append((step, after, used + extra))
                    elif unread and hidden_by(model, view, seen, unread, strict=False):
                        merged.append((step, after, used + extra))
                    reached.append(view)
                    nxt.append((step, after, used + extra))
        if found:
            break
        frontier = nxt
    loose = loose or merged
    if not found and loose and model.applies_unlisted:
        # a move the rules allow and do not list may explain a symbol not read too
        paths = {path for path, _, _ in loose}
        loose += [
            c
            for c in _unlisted(model, state, before, seen, unread or {}, pending)
            if c[0] not in paths
        ]
    if not found and loose:
        # the sequences that leave the fewest symbols unexplained: a symbol not read
        # where nothing is missing is a piece that arrived
        left = [unexplained(model, model.view(after), seen, unread or {}) for _, after, _ in loose]
        found = [c for c, n in zip(loose, left, strict=True) if n == min(left)]
    if len(found) == 1:
        path, after, used = found[0]
        return Applied(path, after, used)
    if found:
        return Question(tuple(p for p, _, _ in found), tuple(u for _, _, u in found))
    refused: Refused | None = None
    allowed: list[Move] = []
    # what was not read is taken as it lay: a move the rules refuse, or one they allow that
    # they do not list, is found from what did change
    seen = restored(model, before, seen, unread or {})
    for move, view in model.refusable(state, seen):
        if _same(view, seen) or (unread and hidden_by(model, view, seen, unread)):
            verdict = state.check(move)
            if not verdict:
                assert verdict.code is not None and verdict.reason is not None
                refused = refused or Refused(move, verdict.code, verdict.reason, verdict.params)
                if not model.applies_unlisted:
                    break
            elif model.applies_unlisted and move not in allowed:
                allowed.append(move)
    if len(allowed) == 1:
        after, quiet, extra = settle(model, state.apply(allowed[0]), pending)
        return Applied((allowed[0], *quiet), after, extra)
    if allowed:
        return Question(tuple((m,) for m in allowed))
    if refused is not None:
        return refused
    lines = tuple(model.describe(before, seen)) or ("the table changed",)
    lines_zh = tuple(model.describe(before, seen, ZH)) or ("桌上的配件變了",)
    if any(partway(before, seen, goal) for goal in reached):
        return Underway(lines, lines_zh)
    return Mismatch(lines, lines_zh)


def _unlisted(
    model: TableModel,
    state: State,
    before: View,
    seen: View,
    unread: Mapping[str, int],
    pending: Sequence[Sent],
) -> list[tuple[tuple[Move, ...], State, int]]:
    """The moves the rules allow and ``legal_moves`` does not list that explain ``seen``
    with some pieces not read, each with the state after it and the phones' moves used."""
    out: list[tuple[tuple[Move, ...], State, int]] = []
    for move, view in model.refusable(state, restored(model, before, seen, unread)):
        if hidden_by(model, view, seen, unread) and state.check(move):
            after, quiet, used = settle(model, state.apply(move), pending)
            if all(move != path[0] for path, _, _ in out):
                out.append(((move, *quiet), after, used))
    return out


def hidden_by(
    model: TableModel,
    view: View,
    seen: View,
    unread: Mapping[str, int],
    *,
    strict: bool = True,
) -> bool:
    """Whether ``seen`` is ``view`` with some pieces unread: every item seen is an item
    ``view`` has in that zone, whole or, for an item of several pieces, in part
    (``model.lacks``), or a symbol not read that is no piece, and each zone lacks no more
    pieces than symbols were not read there besides those (``strict``), or, not
    ``strict``, lacks pieces only where a symbol was not read (fanned or stacked tags
    touch, and several are seen as one symbol)."""
    for zone in set(view) | set(seen):
        lacks = lacking(model, view.get(zone, ()), seen.get(zone, ()))
        symbols = unread.get(zone, 0)
        if lacks is None:
            return False
        missing, smudges = lacks
        if missing + smudges > symbols if strict else missing and not symbols:
            return False
    return True


def unexplained(model: TableModel, view: View, seen: View, unread: Mapping[str, int]) -> int:
    """How many of the symbols not read are not pieces ``view`` has and ``seen`` lacks."""
    extra = 0
    for zone, n in unread.items():
        lacks = lacking(model, view.get(zone, ()), seen.get(zone, ()))
        extra += max(0, n - (lacks[0] if lacks is not None else 0))
    return extra


def lacking(model: TableModel, want: Sequence[str], got: Sequence[str]) -> tuple[int, int] | None:
    """The pieces a zone that should hold ``want`` lacks when it shows ``got``, and the
    symbols not read it shows that are no piece: each item of ``got`` stands for an item of
    ``want``, whole or read in part (``model.lacks``), or, made of symbols not read alone
    (``model.unread_symbols``), for nothing (a smudge of a tag's size); the items of
    ``want`` nothing stands for lack all their pieces. Of the ways to pair them, the one
    with the fewest such smudges, then the fewest pieces lacking; None when an item of
    ``got`` can stand for none."""
    if tuple(want) == tuple(got):
        return 0, 0
    same = Counter(want) & Counter(got)
    rest = list((Counter(want) - same).elements())
    extra = list((Counter(got) - same).elements())

    def best(i: int, free: tuple[int, ...]) -> tuple[int, int] | None:
        if i == len(extra):
            return sum(model.lacks(rest[k], None) or 1 for k in free), 0
        out: tuple[int, int] | None = None
        smudge = model.unread_symbols(extra[i])
        if smudge:
            after = best(i + 1, free)
            out = None if after is None else (after[0], after[1] + smudge)
        for k in free:
            n = model.lacks(rest[k], extra[i])
            if n is None:
                continue
            after = best(i + 1, tuple(j for j in free if j != k))
            if after is not None and (out is None or (after[1], n + after[0]) < out[::-1]):
                out = (n + after[0], after[1])
        return out

    return best(0, tuple(range(len(rest))))


def restored(model: TableModel, before: View, seen: View, unread: Mapping[str, int]) -> View:
    """``seen`` with what the symbols not read may be taken as what lay there before: in each
    zone, an item read in part of an item of ``before`` is that item, and items of ``before``
    the zone lacks are put back, as many pieces as symbols were not read there."""
    out = dict(seen)
    for zone, symbols in unread.items():
        was, got = list(before.get(zone, ())), list(seen.get(zone, ()))
        same = Counter(was) & Counter(got)
        rest = list((Counter(was) - same).elements())
        items = list(same.elements())
        for item in (Counter(got) - same).elements():
            whole = next((w for w in rest if 0 < (model.lacks(w, item) or 0) <= symbols), None)
            if whole is None:
                items.append(item)
                continue
            symbols -= model.lacks(whole, item) or 0
            rest.remove(whole)
            items.append(whole)
        for whole in rest:
            need = model.lacks(whole, None) or 1
            if need <= symbols:
                symbols -= need
                items.append(whole)
        same_as_before = Counter(items) == Counter(was)
        out[zone] = tuple(was) if same_as_before else tuple(sorted(items))
    return {z: v for z, v in out.items() if v}


def partway(before: View, seen: View, goal: View) -> bool:
    """Whether the table went part of the way from ``before`` to ``goal``: every piece that
    left a zone also leaves it on the way to ``goal``, every piece that arrived also
    arrives there (a piece lifted and not yet put down has only left)."""
    for zone in set(before) | set(seen):
        was, now, end = (Counter(v.get(zone, ())) for v in (before, seen, goal))
        if not _within(was - now, was - end) or not _within(now - was, end - was):
            return False
    return True


def _within(part: Counter[str], whole: Counter[str]) -> bool:
    return all(whole[k] >= n for k, n in part.items())


def _same(a: Mapping[str, tuple[str, ...]], b: Mapping[str, tuple[str, ...]]) -> bool:
    return {k: v for k, v in a.items() if v} == {k: v for k, v in b.items() if v}
