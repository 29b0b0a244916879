"""What a Niagara seat's phone draws and offers: the paddles, and each canoe's reach.

:func:`seat_board` is Niagara's ``CompanionGame.board``. For the player to
move it gives, per paddle the player may use, each canoe's plans (where the
canoe ends, what it loads, unloads or robs) with the chance it stays afloat,
and, when the paddle is revealed, the engine's legal moves with the plans each
is made of. The river drawing maps taps on a paddle, a canoe and a slot to one
of those listed moves; nothing here or on the page decides what is legal.

While the paddles are being chosen the plans are a preview: the falls
forecast (``companion.games.advice``) lists, per paddle, the moves it would
allow now with each canoe's chance to stay afloat. Everything is data (move
JSON, plan keys, chances); the pages put it in words. The seat sees its own
view, its own legal moves and its own forecast only.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games import State, advice
from engines.niagara.moves import CanoePlan

STAYS = "-"
"""A canoe's part of a move in which it does nothing (on the landing, or lost)."""


def plan_key(canoe: int, plan: Mapping[str, Any] | None) -> str:
    """A canoe's part of a paddle move as a short key, the same for equal plans."""
    if plan is None:
        return f"{canoe}:{STAYS}"
    rob = plan.get("rob")
    return ":".join(
        [
            str(canoe),
            str(plan["start"]),
            str(plan.get("end", plan["start"])),
            "".join(plan.get("pre", [])),
            "".join(plan.get("post", [])),
            f"{rob[0]}/{rob[1]}" if rob else "",
        ]
    )


def _canoe_plans(
    move: Mapping[str, Any], canoes: Sequence[Mapping[str, Any]]
) -> dict[int, Mapping[str, Any] | None]:
    """Each of the player's canoes (1, 2) to its plan in ``move``, None when it stays."""
    plans: dict[int, Mapping[str, Any] | None] = {n: None for n in range(1, len(canoes) + 1)}
    for plan in move.get("canoes", []):
        plans[int(plan["canoe"])] = plan
    return plans


@functools.lru_cache(maxsize=4096)
def _plan(token: str) -> dict[str, Any] | None:
    """One canoe's plan from its notation (``1:H>M4+W``), None for another word of a move."""
    plan = CanoePlan.from_notation(token)
    return plan.to_json() if plan is not None else None


def _preview(notation: str) -> dict[str, Any]:
    """The canoes' plans of a paddle move the forecast names by its notation: all a preview
    of where a paddle would take the canoes needs (one forecast lists hundreds)."""
    plans = [_plan(word) for word in notation.split()[1:]]
    return {"canoes": [p for p in plans if p is not None]}


def _tile_of(move: Mapping[str, Any]) -> str:
    return "C" if move.get("type") == "cloud" else str(move.get("tile"))


def _options(
    moves: Sequence[tuple[Mapping[str, Any], Sequence[float]]],
    canoes: Sequence[Mapping[str, Any]],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The distinct plans per canoe (with the lowest afloat chance any move gives it), and
    each move with the key of every canoe's plan."""
    plans: dict[str, dict[str, Any]] = {}
    listed = []
    for move, survival in moves:
        keys = []
        for n, plan in _canoe_plans(move, canoes).items():
            key = plan_key(n, plan)
            keys.append(key)
            here = str(canoes[n - 1]["slot"])
            chance = survival[n - 1] if n - 1 < len(survival) else None
            known = plans.get(key)
            if known is None:
                end = str(plan.get("end", plan["start"])) if plan is not None else here
                plans[key] = known = {
                    "canoe": n,
                    "key": key,
                    "end": end,
                    "plan": dict(plan) if plan is not None else {"canoe": n, "start": here},
                    "stays": plan is None,
                    "afloat": chance,
                }
            elif chance is not None and known["afloat"] is not None:
                known["afloat"] = min(known["afloat"], chance)
        listed.append({"move": dict(move), "plans": " ".join(keys), "survival": list(survival)})
    shown = [p for p in plans.values() if not (p["stays"] and p["end"] == "LOST")]
    return shown, listed


def seat_board(state: State, player: str, args: Mapping[str, str]) -> dict[str, Any] | None:
    """The paddles and canoe plans of ``player``, the player to move; None otherwise.

    ``args`` (the page's query) is not read: the taps are kept on the page.
    """
    del args
    if state.to_move != player:
        return None
    view = state.view(player)
    seat = next(s for s in view["seats"] if s["player"] == player)
    canoes = list(seat["canoes"])
    forecast = advice(state, player) or {}
    lines = [line for line in forecast.get("lines", []) if line.get("move") is not None]
    survival = {str(line["move"]): list(line["survival"]) for line in lines}
    legal = state.legal_moves()
    tiles: dict[str, dict[str, Any]] = {}
    if view["phase"] == "choose":
        for move in legal:
            data = move.to_json()
            if data.get("type") == "choose" and data["tile"] != "?":
                tiles[str(data["tile"])] = {"tile": str(data["tile"]), "choose": data, "moves": []}
        for line in lines:
            tile = tiles.get(str(line["tile"]))
            if tile is not None:
                tile["moves"].append((_preview(str(line["move"])), line["survival"]))
    elif view["phase"] == "act":
        for move in legal:
            data = move.to_json()
            if data.get("type") not in ("paddle", "cloud"):
                continue
            tile = tiles.setdefault(
                _tile_of(data), {"tile": _tile_of(data), "choose": None, "moves": []}
            )
            tile["moves"].append((data, survival.get(move.notation(), [])))
    if not tiles:
        return None
    out = []
    for tile in tiles.values():
        plans, moves = _options(tile["moves"], canoes)
        out.append(
            {
                "tile": tile["tile"],
                "choose": tile["choose"],
                "plans": plans,
                "moves": moves if view["phase"] == "act" else [],
            }
        )
    return {
        "kind": "niagara_seat",
        "phase": view["phase"],
        "canoes": [{"n": n, **c} for n, c in enumerate(canoes, start=1)],
        "tiles": out,
    }
