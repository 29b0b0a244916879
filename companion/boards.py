"""Boards the phone app draws that need more than a player's view: Ark Nova's Map A,
the Hare and the Tortoise's track.

The web app holds no rules, so what only the rules can say (which hexes a
building may cover now, where a race move puts each pawn) is computed here or
read from the engine and handed over as plain data. Map A follows
``docs/rules/ark_nova.md`` §8 through ``engines.ark_nova.build``; the track
follows ``docs/rules/hare_tortoise.md`` §3 through ``engines.hare_tortoise``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.ark_nova import build, map_a
from engines.core import State
from engines.hare_tortoise.catalog import ANIMAL_CODES, FINISH

STRENGTHS = (1, 2, 3, 4, 5)
"""Build strengths the map can highlight (the Build card's slot 1-5)."""


def ark_nova_board(state: State, player: str, args: Mapping[str, str]) -> dict[str, Any]:
    """Ark Nova's board for ``player``'s page (its ``CompanionGame.board``): Map A for
    the player's own zoo, its buildings and terrain, and the hexes that a building may
    cover with ``args["strength"]`` (1-5)."""
    raw = args.get("strength", "")
    # Compared as text: '²' and '٣' are digits to str.isdigit but not to int().
    strength = next((s for s in STRENGTHS if raw == str(s)), None)
    return ark_nova_map(state, player, strength)


def ark_nova_map(state: State, player: str, strength: int | None) -> dict[str, Any]:
    """Map A in millimetres for ``player``'s zoo, with the legal hexes for ``strength``."""
    zoo = state.zoo(player)  # type: ignore[attr-defined]
    covered = build.Site.of(zoo).covered
    legal: set[map_a.Hex] = set()
    placements = 0
    if strength is not None:
        found = build.legal_placements(zoo, strength=strength)
        placements = len(found)
        for placement in found:
            legal.update(placement.cells)
    hexes = []
    for h in map_a.HEXES:
        terrain = "rock" if h in map_a.ROCK else "water" if h in map_a.WATER else "plain"
        cx, cy = map_a.hex_center_mm(h)
        hexes.append(
            {
                "hex": list(h),
                "x": cx,
                "y": cy,
                "points": " ".join(f"{x},{y}" for x, y in map_a.hex_corners_mm(h)),
                "terrain": terrain,
                "bonus": map_a.BONUSES.get(h),
                "covered": h in covered,
                "legal": h in legal and h not in covered,
            }
        )
    width, height = map_a.grid_size_mm()
    return {
        "kind": "ark_nova_map",
        "width": width,
        "height": height,
        "hexes": hexes,
        "strength": strength,
        "strengths": list(STRENGTHS),
        "placements": placements,
    }


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
