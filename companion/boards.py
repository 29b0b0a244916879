"""Boards the phone app draws that need more than a player's view: the Hare and the
Tortoise's track and a race moved by hand on it (Ark Nova's seat is
``companion.ark_nova_seat``, Niagara's ``companion.niagara_seat``).

The web app holds no rules, so what only the rules can say (which hexes a
building may cover now, where a race move puts each pawn) is computed here or
read from the engine and handed over as plain data. The track follows
``docs/rules/hare_tortoise.md`` §3 through ``engines.hare_tortoise``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games import State
from engines.hare_tortoise.catalog import ANIMAL_CODES, FINISH


@dataclass(frozen=True)
class Track:
    """The Hare and the Tortoise's track, as the pages draw it and word a race move.

    Attributes:
        pawns: the animal codes in the order of a ``race`` move's positions.
        finish: the finish line: a position at or past it has crossed it (0 is the
            start line, the positions between them the track tiles).
    """

    pawns: tuple[str, ...]
    finish: int


HARE_TRACK = Track(pawns=ANIMAL_CODES, finish=FINISH)
"""The Hare and the Tortoise's track, from its engine."""


def hare_seat(state: State, player: str, args: Mapping[str, str]) -> dict[str, Any] | None:
    """The Hare and the Tortoise's ``CompanionGame.board``: a race moved by hand, as where
    the engine's one race move takes each pawn on the drawn track; None when ``player`` has
    no race move to make. ``args`` (the page's query) is not read."""
    del args
    if state.to_move != player:
        return None
    races = [m.to_json() for m in state.legal_moves() if m.to_json().get("type") == "race"]
    if not races:
        return None
    podium = [str(a) for a in races[0].get("podium", [])]
    pawns = [
        {
            "pawn": code,
            "to": max(0, min(int(pos), HARE_TRACK.finish)),
            "place": podium.index(code) + 1 if code in podium else None,
        }
        for code, pos in zip(HARE_TRACK.pawns, races[0]["positions"], strict=True)
    ]
    return {"kind": "hare_seat", "race": pawns}
