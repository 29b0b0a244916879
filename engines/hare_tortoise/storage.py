"""The Hare and the Tortoise state document (format 1, ``docs/formats/hare_tortoise.md``).

Writes the game fields and reads them back: :func:`read_body` checks shape
and codes, :func:`from_body` that the 81 race cards add up once the state is
built.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engines.core import UNKNOWN, InvalidState, read_member
from engines.hare_tortoise.catalog import (
    ANIMAL_CODES,
    ANIMALS,
    KIND_INDEX,
    KINDS,
    RACE_CARDS,
    TRACK_TILES,
    UNK,
    Counts,
    cards_of,
    codes_of,
)
from engines.hare_tortoise.info import Phase
from engines.hare_tortoise.views import public_body

if TYPE_CHECKING:
    from engines.hare_tortoise.state import HareState


def read_counts(obj: Mapping[str, Any], what: str, *, known: bool = False) -> Counts:
    """Counts per card code from ``{"H": 3, ...}``; ``known`` piles may not hold ``?``."""
    extra = set(obj) - set(KINDS[:UNK] if known else KINDS)
    if extra:
        raise InvalidState(f"{what} has an unknown card code {sorted(extra)[0]!r}")
    out = tuple(int(obj.get(k, 0)) for k in KINDS)
    if min(out) < 0:
        raise InvalidState(f"{what} has a negative count")
    return out


def read_body(players: tuple[str, ...], body: Mapping[str, Any]) -> dict[str, Any]:
    """The game fields of a state, as keyword arguments of ``HareState``.

    Raises:
        InvalidState: an unknown phase, player, animal or card code.
        KeyError, ValueError: a missing field or a value of the wrong type
            (``State.from_json`` reports both as a broken state).
    """
    phase = read_member(Phase, body["phase"], "phase")
    if body["turn"] not in players:
        raise InvalidState(f"turn {body['turn']!r} is not one of the players")
    start = tuple(tuple(str(b) for b in body["bets"][p]["start"]) for p in players)
    seconds = tuple(body["bets"][p]["second"] for p in players)
    for bets, second in zip(start, seconds, strict=True):
        if any(b not in (*ANIMAL_CODES, UNKNOWN) for b in bets):
            raise InvalidState(f"starting bets {list(bets)} must be animal codes H T W F L or ?")
        if second is not None and second not in KINDS:
            raise InvalidState(f"second bet {second!r} is not a race card code")
    streams = tuple(sorted(int(s) for s in body["streams"]))
    if streams and (len(set(streams)) != 2 or not all(1 <= s <= TRACK_TILES for s in streams)):
        raise InvalidState(f"streams {list(streams)} must be two different tiles of 1 to 11")
    return {
        "phase": phase,
        "turn": players.index(body["turn"]),
        "streams": streams,
        "positions": tuple(int(body["positions"][a]) for a in ANIMALS),
        "podium": tuple(ANIMALS.index(a) for a in body["podium"]),
        "howl_pending": bool(body["howl_pending"]),
        "hands": tuple(cards_of(body["hands"][p]) for p in players),
        "start_bets": start,
        "second_bets": seconds,
        "deck": read_counts(body["deck"], "the draw pile"),
        "discard": read_counts(body["discard"], "the discard pile", known=True),
        "table": tuple(
            (players.index(play["player"]), KIND_INDEX[code])
            for play in body["table"]
            for code in play["cards"]
        ),
    }


def body_json(state: HareState) -> dict[str, Any]:
    """The game fields of the state document."""
    return {
        "phase": str(state.phase),
        "turn": state.players[state.turn],
        **public_body(state),
        "deck": dict(zip(KINDS, state.deck, strict=True)),
        "hands": {p: codes_of(h) for p, h in zip(state.players, state.hands, strict=True)},
        "bets": {
            p: {"start": list(state.start_bets[s]), "second": state.second_bets[s]}
            for s, p in enumerate(state.players)
        },
    }


def from_body(cls: type[HareState], common: dict[str, Any], body: Mapping[str, Any]) -> HareState:
    """A state from the common fields and the game fields; the 81 race cards must add up."""
    state = cls(**common, **read_body(common["players"], body))
    total = state.card_total()
    if total != RACE_CARDS:
        raise InvalidState(f"the state holds {total} race cards, not {RACE_CARDS}")
    if any(state.unseen()[k] < 0 for k in range(UNK)):
        raise InvalidState("the state shows more cards of some kind than the game has")
    if state.phase == Phase.RACE and (
        state.options["race"] != "by_hand" or state.trigger() is None
    ):
        raise InvalidState(
            "phase race waits for pawns moved by hand: it needs option race = by_hand "
            "and a table of 8 cards or 4 of one animal"
        )
    return state
