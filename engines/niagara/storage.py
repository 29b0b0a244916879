"""Niagara's state document (format 1, ``docs/formats/niagara.md``): writing and reading.

Reading checks every field: the phase, the weather on its chart, ten
different river discs, canoes on real slots with at most one gem, hands of
distinct paddles, and every gem colour counted once (``gems_per_hollow``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engines.core import read_member
from engines.niagara import river
from engines.niagara.board import (
    COLOURS,
    HOME,
    LOST,
    SLOTS,
    TILES,
    WEATHER_MAX,
    WEATHER_MIN,
    Canoe,
    gems_sorted,
)
from engines.niagara.info import Phase
from engines.niagara.views import canoe_json, river_json

if TYPE_CHECKING:
    from engines.niagara.state import NiagaraState


def body_json(state: NiagaraState) -> dict[str, Any]:
    """The game fields of the state document."""
    return {
        "round": state.round,
        "life_ring": state.players[state.ring],
        "phase": str(state.phase),
        "turn": state.turn,
        "weather": state.weather,
        "last_arm": state.last_arm,
        "river": river_json(state.discs),
        "hollows": dict(zip(COLOURS, state.hollows, strict=True)),
        "flow": {
            "steps": state.flow_total,
            "arms": state.flow_arms,
            "lost": [list(x) for x in state.flow_lost],
        },
        "seats": {
            p: {
                "canoes": [canoe_json(c) for c in state.canoes[seat]],
                "bank": state.banks[seat],
                "hand": state.hands[seat],
                "chosen": state.chosen[seat],
                "revealed": state.revealed[seat],
            }
            for seat, p in enumerate(state.players)
        },
    }


def from_body(
    cls: type[NiagaraState], common: dict[str, Any], body: Mapping[str, Any]
) -> NiagaraState:
    """A state from the common fields and the game fields, its gems counted."""
    players: tuple[str, ...] = common["players"]
    seats = body["seats"]
    if set(seats) != set(players):
        raise ValueError("'seats' must hold exactly the players")
    phase = read_member(Phase, body["phase"], "phase")
    weather = body["weather"]
    if weather not in range(WEATHER_MIN, WEATHER_MAX + 1):
        raise ValueError(f"weather {weather!r} is off the chart (-1 to +2)")
    last_arm = body.get("last_arm")
    if last_arm not in (None, "L", "R"):
        raise ValueError(f"last_arm {last_arm!r} must be L, R or null")
    riv = body["river"]
    discs = tuple(int(riv[s]) for s in (*river.DISC_SLOTS, "waiting"))
    if len(set(discs)) != len(discs) or not all(1 <= d <= 12 for d in discs):
        raise ValueError("the river's discs must be ten different discs numbered 1 to 12")
    hollows = tuple(_gems(body["hollows"][c]) for c in COLOURS)
    flow = body.get("flow", {})
    canoes: list[tuple[Canoe, ...]] = []
    banks, hands, chosen, revealed = [], [], [], []
    for p in players:
        s = seats[p]
        fleet = tuple(_canoe(c) for c in s["canoes"])
        if len(fleet) != 2:
            raise ValueError(f"{p} must have 2 canoes")
        canoes.append(fleet)
        banks.append(_gems(s.get("bank", "")))
        hand = str(s.get("hand", TILES))
        if any(t not in TILES for t in hand) or len(set(hand)) != len(hand):
            raise ValueError(f"{p}'s hand {hand!r} must be distinct paddles of {TILES}")
        hands.append("".join(t for t in TILES if t in hand))
        ch = str(s.get("chosen", ""))
        if ch and ch != "?" and ch not in hand:
            raise ValueError(f"{p} chose {ch!r}, which is not in hand {hand!r}")
        chosen.append(ch)
        rv = str(s.get("revealed", ""))
        if rv and rv not in TILES:
            raise ValueError(f"{p} revealed {rv!r}, not a paddle")
        revealed.append(rv)
    state = cls(
        **common,
        weather=weather,
        last_arm=last_arm,
        discs=discs,
        hollows=hollows,
        canoes=tuple(canoes),
        banks=tuple(banks),
        hands=tuple(hands),
        chosen=tuple(chosen),
        revealed=tuple(revealed),
        ring=players.index(body["life_ring"]),
        round=int(body.get("round", 1)),
        phase=phase,
        turn=int(body.get("turn", 0)),
        flow_total=int(flow.get("steps", 0)),
        flow_arms=str(flow.get("arms", "")),
        flow_lost=tuple((int(s), int(c), g if g else None) for s, c, g in flow.get("lost", ())),
    )
    state.check_gems()
    if not 0 <= state.turn < len(players) and phase != Phase.OVER:
        raise ValueError(f"turn {state.turn} must be below the number of players")
    return state


def _canoe(obj: Any) -> Canoe:
    slot, gem = obj["slot"], obj.get("gem")
    if slot not in SLOTS:
        raise ValueError(f"canoe slot {slot!r} is not one of {', '.join(SLOTS)}")
    if gem is not None and (gem not in COLOURS or len(gem) != 1):
        raise ValueError(f"canoe gem {gem!r} is not a colour of {COLOURS}")
    if gem is not None and slot in (HOME, LOST):
        raise ValueError(f"a canoe at {slot} carries no gem")
    return Canoe(slot, gem)


def _gems(text: Any) -> str:
    text = str(text)
    if any(c not in COLOURS for c in text):
        raise ValueError(f"gems {text!r} must be colour letters of {COLOURS}")
    return gems_sorted(text)
