"""Each game's table as SVG geometry, from a player's view only.

Each function here is a game's ``Presenter.drawing`` (``web.builtin``): it lays
out the Noah pentagon, the Animals on Board groups, the Hare's track or
Niagara's river in SVG units for a 360 px phone, and the game's template in
``web/templates/games/`` draws it. A game without a drawing shows its view as
a list. A dock or a group is numbered as players count it (from 1), beside the engine's
own number that the moves name.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from companion.boards import HARE_TRACK
from companion.catalog_info import piece
from companion.games import UNKNOWN
from companion.sentences.animals_on_board import group_number
from companion.sentences.noah import dock_number

_SPECIES_COLOURS = {
    "SNL": "#c9b27c",
    "GIR": "#e8c15a",
    "MUL": "#a58c74",
    "LIO": "#e49a3c",
    "WOO": "#d2553f",
    "CAT": "#9aa7b8",
    "ELE": "#8d9aa6",
    "PAN": "#e6e6e6",
    "PAR": "#5bbf6a",
    "KAN": "#c88a58",
    "RHI": "#7f8c8d",
    "BEA": "#8b5e3c",
}

NOAH_BOX = (104, 72)
"""A dock's ferry box in SVG units (the drawing is 360 wide: a 360 px phone)."""


def noah_drawing(view: Mapping[str, Any]) -> dict[str, Any]:
    """The Noah pentagon: 5 docks at the corners, ferries with cards, weights, Noah."""
    cx, cy, radius = 180, 172, 118
    corners = [
        (
            cx + radius * math.cos(math.radians(-90 + 72 * d)),
            cy + radius * math.sin(math.radians(-90 + 72 * d)),
        )
        for d in range(5)
    ]
    w, h = NOAH_BOX
    docks = []
    for dock, (x, y) in zip(view["docks"], corners, strict=True):
        chips = []
        cards = dock.get("cards", []) if dock.get("ferry") else []
        for i, c in enumerate(cards[:8]):
            species = str(c["card"])[:3]
            found = piece("noah", str(c["card"]))
            chips.append(
                {
                    "card": c["card"],
                    "code": species,
                    "weight": found["data"]["weight"] if found else "",
                    "sign": "♂" if c["gender"] == "M" else "♀",
                    "x": x - w / 2 + 4 + (i % 4) * 24.5,
                    "y": y - h / 2 + 30 + (i // 4) * 19,
                    "colour": _SPECIES_COLOURS.get(species, "#cccccc"),
                }
            )
        docks.append(
            {
                **dock,
                "x": x,
                "y": y,
                "left": x - w / 2,
                "top": y - h / 2,
                "chips": chips,
                "more": max(0, len(cards) - 8),
                "number": dock_number(dock["dock"]),
                "noah": view.get("noah") == dock["dock"],
                "over": dock.get("ferry") and dock["weight"] > dock["limit"] * 0.8,
            }
        )
    points = " ".join(f"{x:.0f},{y:.0f}" for x, y in corners)
    return {"docks": docks, "points": points, "box": {"w": w, "h": h}, "cx": cx, "cy": cy}


AOB_TILE = (34, 40)
"""An Animals on Board tile in SVG units; 9 fit across a 360 px phone."""


def _species_colour(species: str) -> str:
    """A steady, distinct colour per species code (``S1`` .. ``S12``)."""
    digits = "".join(ch for ch in species if ch.isdigit()) or "0"
    hue = (int(digits) * 47) % 360
    return f"hsl({hue}, 55%, 72%)"


def animals_on_board_drawing(view: Mapping[str, Any]) -> dict[str, Any]:
    """The centre herd of Animals on Board: each group a box of tiles, laid out in rows."""
    tw, th = AOB_TILE
    width, gap, pad = 360, 8, 5
    x = y = gap
    groups = []
    for group in view.get("centre", []):
        tiles = list(group["tiles"])
        w = pad * 2 + len(tiles) * (tw + 3) - 3
        if x + w > width - gap and x > gap:
            x, y = gap, y + th + 34
        placed = []
        for i, tile in enumerate(tiles):
            species, _, value = str(tile).partition("V")
            placed.append(
                {
                    "tile": tile,
                    "x": x + pad + i * (tw + 3),
                    "value": value if tile != UNKNOWN else "?",
                    "species": species if tile != UNKNOWN else "",
                    "colour": _species_colour(species) if tile != UNKNOWN else "#ddd",
                }
            )
        groups.append(
            {
                "group": group["group"],
                "number": group_number(group["group"]),
                "x": x,
                "y": y,
                "w": w,
                "tiles": placed,
            }
        )
        x += w + gap
    return {
        "groups": groups,
        "height": y + th + 34,
        "tile": {"w": tw, "h": th},
    }


_RUNNER_COLOURS = {
    "hare": "#b07a45",
    "tortoise": "#4f8a4c",
    "wolf": "#6d7178",
    "fox": "#e07b2e",
    "lamb": "#f4f1ea",
}


def hare_tortoise_drawing(view: Mapping[str, Any]) -> dict[str, Any]:
    """The Hare and the Tortoise: the track with its streams, the runners, the podium."""
    cell, left, top = 26.5, 8, 22
    streams = set(view.get("streams", []))
    finish = HARE_TRACK.finish  # drawn: the start line (0), every tile, the finish line
    cells = [
        {"pos": i, "x": left + i * cell, "stream": i in streams, "end": i in (0, finish)}
        for i in range(finish + 1)
    ]
    stacks: dict[int, int] = {}
    runners = []
    for animal, pos in view.get("positions", {}).items():
        pos = min(int(pos), finish)
        level = stacks.get(pos, 0)
        stacks[pos] = level + 1
        runners.append(
            {
                "animal": animal,
                "initial": animal[:1].upper(),
                "x": left + pos * cell + cell / 2,
                "y": top + 30 + level * 24,
                "colour": _RUNNER_COLOURS.get(animal, "#ccc"),
            }
        )
    height = top + 30 + max(stacks.values(), default=1) * 24 + 6
    return {"cells": cells, "runners": runners, "cell": cell, "top": top, "height": height}


_PLAYER_COLOURS = ("#d1495b", "#2e86ab", "#edae49", "#66a182", "#8d6a9f")


def player_colour(seat: int) -> str:
    """The colour of the player in seat ``seat`` (0-based), the same on every game's pages."""
    return _PLAYER_COLOURS[seat % len(_PLAYER_COLOURS)]


_GEM_COLOURS = {"V": "#7b3fa0", "W": "#e8eef2", "Y": "#f2c84b", "B": "#2f6fd0", "P": "#ef7fb0"}

# Niagara's river drawn like the board, top to bottom: the landing, the five
# main slots with the violet, clear and yellow hollows beside M3-M5, the fork
# round the island that holds the blue and pink hollows, each arm's two slots
# and its fall. Every slot is at least 44 units tall: a tap target on a phone.
NIAGARA_SLOT = 44
"""A slot's height in SVG units (the drawing is 360 wide: a 360 px phone)."""

_NIAGARA_SLOTS = {
    "HOME": (180, 26, 190),
    "M1": (170, 76, 200),
    "M2": (170, 122, 200),
    "M3": (170, 168, 200),
    "M4": (170, 214, 200),
    "M5": (170, 260, 200),
    "L6": (78, 316, 140),
    "L7": (78, 362, 140),
    "R6": (282, 316, 140),
    "R7": (282, 362, 140),
}
"""Each slot's centre and width in SVG units."""

_NIAGARA_HOLLOWS = {
    "V": (316, 168),
    "W": (316, 214),
    "Y": (316, 260),
    "B": (180, 316),
    "P": (180, 362),
}
"""Each gem hollow's centre: beside its slot, the blue and pink ones on the island."""

_NIAGARA_FALLS = ((8, 148), (212, 148))
"""Each arm's fall under its last slot: left edge and width."""

_OWN_CANOE = 44
_OTHER_CANOE = 15


def niagara_drawing(view: Mapping[str, Any]) -> dict[str, Any]:
    """Niagara: the river's slots, the hollows and their gems, the falls, each canoe in its
    player's colour (the viewer's own drawn large enough to tap)."""
    half = NIAGARA_SLOT / 2
    slots = [
        {"slot": slot, "x": x - w / 2, "y": y - half, "w": w, "cx": x, "cy": y}
        for slot, (x, y, w) in _NIAGARA_SLOTS.items()
    ]
    falls_y = _NIAGARA_SLOTS["L7"][1] + half + 2
    falls = [{"x": x, "y": falls_y, "w": w} for x, w in _NIAGARA_FALLS]
    hollows = []
    for colour, (x, y) in _NIAGARA_HOLLOWS.items():
        held = str(view.get("hollows", {}).get(colour, ""))
        gems = [
            {
                "colour": _GEM_COLOURS.get(g, "#fff"),
                "x": x - 12 + 8 * (i % 4),
                "y": y - 4 + 8 * (i // 4),
            }
            for i, g in enumerate(held[:8])
        ]
        hollows.append(
            {
                "colour": colour,
                "x": x,
                "y": y,
                "fill": _GEM_COLOURS[colour],
                "gems": gems,
                "count": len(held),
            }
        )
    canoes = []
    own_in: dict[str, int] = {}
    others_in: dict[str, int] = {}
    viewer = view.get("viewer")
    for i, seat in enumerate(view.get("seats", [])):
        for n, canoe in enumerate(seat["canoes"], start=1):
            where = str(canoe["slot"])
            own = seat["player"] == viewer
            gem = canoe.get("gem")
            entry: dict[str, Any] = {
                "player": seat["player"],
                "n": n,
                "own": own,
                "slot": where,
                "colour": player_colour(i),
                "gem": gem,
                "gem_colour": _GEM_COLOURS.get(gem or "", "#fff"),
            }
            if where in _NIAGARA_SLOTS:
                x, y, w = _NIAGARA_SLOTS[where]
                left, top = x - w / 2, y - half
            else:  # over the falls: drawn in the left arm's fall
                left, top = _NIAGARA_FALLS[0][0], falls_y
            if own:
                k = own_in.get(where, 0)
                own_in[where] = k + 1
                entry.update(x=left + 2 + k * (_OWN_CANOE + 2), y=top, w=_OWN_CANOE)
            else:
                k = others_in.get(where, 0)
                others_in[where] = k + 1
                entry.update(
                    x=left + 2 + 2 * (_OWN_CANOE + 2) + (k // 2) * (_OTHER_CANOE + 2),
                    y=top + 6 + (k % 2) * 18,
                    w=_OTHER_CANOE,
                )
            canoes.append(entry)
    return {
        "slots": slots,
        "hollows": hollows,
        "falls": falls,
        "canoes": canoes,
        "lost": [c for c in canoes if c["slot"] not in _NIAGARA_SLOTS],
        "size": NIAGARA_SLOT,
        "height": falls_y + NIAGARA_SLOT + 4,
    }
