"""Noah's state JSON (format 1, ``docs/formats/noah.md``): writing, reading, checking."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engines.core import frozen, read_member
from engines.noah.catalog import DOCKS, GENDERS, HAND, LAST_DEPARTURE, RESERVE
from engines.noah.info import Step

if TYPE_CHECKING:
    from engines.noah.state import NoahState


def body_json(state: NoahState) -> dict[str, Any]:
    return {
        "round": state.round,
        "step": str(state.step),
        "docks": [None if f is None else [list(p) for p in f] for f in state.docks],
        "reserve": state.reserve,
        "noah": state.noah,
        "hands": [list(h) for h in state.hands],
        "departed": list(state.departed),
        "departures": list(state.departures),
        "active": state.active,
        "first": state.first,
        "dealt": state.dealt,
        "played": state.played,
        "played_at": state.played_at,
        "target": state.target,
        "extra": state.extra,
        "gifts_left": state.gifts_left,
        "peek": list(state.peek) if state.peek is not None else None,
        "scores": list(state.scores),
        "round_tears": [list(t) for t in state.round_tears],
        "round_hands": [[list(h) for h in r] for r in state.round_hands],
    }


def from_body(cls: type[NoahState], common: dict[str, Any], body: Mapping[str, Any]) -> NoahState:
    n = len(common["players"])
    state = cls(
        **common,
        round=_int(body["round"], 1, 99),
        step=read_member(Step, body["step"], "step"),
        docks=tuple(
            None if f is None else tuple((str(c), str(g)) for c, g in f) for f in body["docks"]
        ),
        reserve=_int(body["reserve"], 0, RESERVE),
        noah=None if body["noah"] is None else _int(body["noah"], 0, DOCKS - 1),
        hands=tuple(tuple(str(c) for c in h) for h in body["hands"]),
        departed=tuple(str(c) for c in body["departed"]),
        departures=tuple(str(p) for p in body["departures"]),
        active=_int(body["active"], 0, n - 1),
        first=None if body["first"] is None else _int(body["first"], 0, n - 1),
        dealt=_int(body["dealt"], 0, HAND * n),
        played=None if body["played"] is None else str(body["played"]),
        played_at=None if body["played_at"] is None else _int(body["played_at"], 0, DOCKS - 1),
        target=None if body["target"] is None else _int(body["target"], 0, n - 1),
        extra=bool(body["extra"]),
        gifts_left=_int(body["gifts_left"], 0, LAST_DEPARTURE),
        peek=None if body["peek"] is None else frozen(body["peek"]),
        scores=tuple(_int(s, 0, 10_000) for s in body["scores"]),
        round_tears=tuple(tuple(_int(t, 0, 1000) for t in r) for r in body["round_tears"]),
        round_hands=tuple(
            tuple(tuple(str(c) for c in h) for h in r) for r in body.get("round_hands", ())
        ),
    )
    validate(state)
    return state


def validate(state: NoahState) -> None:
    """Raise ValueError when the pieces do not add up (a hand-edited or broken file)."""
    n = len(state.players)
    if len(state.docks) != DOCKS:
        raise ValueError(f"there are {DOCKS} docks, not {len(state.docks)}")
    if len(state.hands) != n or len(state.scores) != n:
        raise ValueError("hands and scores need one entry per player")
    deck = set(state.deck)
    seen = state.known_cards()
    for card, count in seen.items():
        if card not in deck:
            raise ValueError(f"{card} is not a card of the {n}-player deck")
        if count > 1:
            raise ValueError(f"{card} is in {count} places at once")
    for ferry in state.docks:
        for _, g in ferry or ():
            if g not in GENDERS:
                raise ValueError(f"a ferry card has gender {g!r}, not M or F")
    if state.unknown_slots() > len(state.unaccounted()):
        raise ValueError("more unknown cards in hands than cards unaccounted for")
    for p in state.departures:
        if p not in state.players:
            raise ValueError(f"departure by unknown player {p!r}")
    _validate_step(state)


def _validate_step(state: NoahState) -> None:
    """The fields each step relies on must be present and agree."""
    step = state.step
    if step in (Step.PLAY, Step.STEAL, Step.GIVEBACK, Step.MOVE_NOAH, Step.GIFT) and (
        state.noah is None or state.docks[state.noah] is None
    ):
        raise ValueError(f"step '{step}' needs Noah on a dock with a ferry")
    if step in (Step.STEAL, Step.GIVEBACK, Step.MOVE_NOAH, Step.GIFT) and state.played is None:
        raise ValueError(f"step '{step}' needs the card played this turn")
    if state.played is not None and state.played not in state.deck:
        raise ValueError(f"the card played, {state.played!r}, is not in this deck")
    if step in (Step.STEAL, Step.GIVEBACK) and (
        state.target is None or state.target == state.active
    ):
        raise ValueError(f"step '{step}' needs the lion's opponent")
    if step == Step.MOVE_NOAH:
        placed = state.docks[state.played_at] if state.played_at is not None else None
        if not placed or placed[-1][0] != state.played:
            raise ValueError("step 'noah' needs the ferry the card was played onto")
    if step == Step.GIFT and not (state.gifts_left > 0 and state.hands[state.active]):
        raise ValueError("step 'gift' needs cards owed and a hand to give from")
    if step == Step.REVEAL and not state.unknown_slots():
        raise ValueError("step 'reveal' needs unknown cards in a hand")
    if step == Step.SETUP_FERRY and all(state.docks):
        raise ValueError("step 'ferry' needs a dock without its face-up card")
    if state.peek is not None and (
        len(state.peek) != 2 or not all(0 <= i < len(state.players) for i in state.peek)
    ):
        raise ValueError(f"peek {state.peek!r} must name two players")


def _int(value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{value!r} is not a whole number from {low} to {high}")
    return value
