"""Pond's state document (format 1): the game fields, written and read back with checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engines.core import UNKNOWN, read_member
from tests.sixth.pond.catalog import CARDS
from tests.sixth.pond.info import Step

if TYPE_CHECKING:
    from tests.sixth.pond.state import PondState


def body_json(state: PondState) -> dict[str, Any]:
    return {
        "step": str(state.step),
        "hands": [list(h) for h in state.hands],
        "dealt": state.dealt,
        "receivers": list(state.receivers),
        "pond": list(state.pond),
        "leader": state.leader,
        "won": [list(w) for w in state.won],
        "last": state.last,
    }


def from_body(cls: type[PondState], common: dict[str, Any], body: Mapping[str, Any]) -> PondState:
    state = cls(
        **common,
        step=read_member(Step, body["step"], "step"),
        hands=tuple(tuple(_card(c, unknown=True) for c in h) for h in body["hands"]),
        dealt=_seat_or_count(body["dealt"], len(CARDS)),
        receivers=tuple(_seat_or_count(s, 1) for s in body["receivers"]),
        pond=tuple(_card(c) for c in body["pond"]),
        leader=_seat_or_count(body["leader"], 1),
        won=tuple(tuple(_card(c) for c in w) for w in body["won"]),
        last=None if body["last"] is None else _seat_or_count(body["last"], 1),
    )
    _validate(state)
    return state


def _card(value: Any, *, unknown: bool = False) -> str:
    if value in CARDS or (unknown and value == UNKNOWN):
        return str(value)
    raise ValueError(f"{value!r} is not a frog card (F1 to F12)")


def _seat_or_count(value: Any, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise ValueError(f"{value!r} is not a whole number from 0 to {high}")
    return value


def _validate(state: PondState) -> None:
    """Raise ValueError when the cards do not add up (a hand-edited or broken file)."""
    if len(state.hands) != 2 or len(state.won) != 2:
        raise ValueError("hands and won piles need one entry per player")
    known = [c for h in state.hands for c in h if c != UNKNOWN]
    known += [*state.pond, *(c for w in state.won for c in w)]
    twice = [c for c, n in Counter(known).items() if n > 1]
    if twice:
        raise ValueError(f"{twice[0]} is in two places at once")
    held = sum(len(h) for h in state.hands) + len(state.pond) + sum(len(w) for w in state.won)
    if held != state.dealt:
        raise ValueError(f"{held} cards are out of the deck, but {state.dealt} were dealt")
    if len(state.pond) > 1 or any(len(w) % 2 for w in state.won):
        raise ValueError("the pond holds one led card at most, and a trick is two cards")
    if (state.step == Step.DEAL) != bool(state.receivers):
        raise ValueError(f"step {str(state.step)!r} does not fit the cards owed to hands")
    if state.step == Step.OVER and (any(state.hands) or state.dealt < len(CARDS)):
        raise ValueError("the game is over only when every card has been played")
