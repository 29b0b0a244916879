"""The Ark Nova piece catalog: every tagged piece, for printables and vision.

Rules text: ``docs/rules/ark_nova.md`` §1 (components), §8 (Map A, building
shapes). Owners of the game tag their own cards with stickers by card
number, so the cards carry ``"print": "sticker"``; building tiles and the Map
A mat are tagged too (issue 8). Piece ids: ``A401``-``A528`` animals,
``S201``-``S264`` sponsors, ``P101``-``P132`` conservation projects,
``F001``-``F011`` final-scoring cards, ``B...`` building tiles (one tag per
side of each tile, below), ``U243``-``U257`` unique sponsor buildings,
``MAPA1``-``MAPA4`` Map A, one mat per seat (with a tracker of appeal, conservation
and reputation below the map, read by ``TRK01``-``TRK24`` marker tokens).

Building tiles: a zoo holds several tiles of a kind (kiosks, size-2
enclosures) and the camera tells pieces apart by their tags, so every tile
copy has its own tags: ``B`` + the kind's short code (``K``, ``P``, ``E1``-
``E5``, ``PZ``, ``RH``, ``AV``) + the copy number + ``F`` for the front or
``B`` for the back (``BE302F``, ``BE302B``). ``BUILDING_COPIES`` tiles of each
kind are tagged. Each sticker goes over shape cell (0, 0) (the anchor of
``map_a.SHAPES``): on the front, upright when the tile lies at rotation 0
(its other cells where ``SHAPES`` puts them, cell (0, -1) straight above); on
the back, upright when the flipped tile covers the mirrored cells
(``Shape.footprint(..., mirror=True)`` at rotation 0). A tag turned by
``60 x r`` degrees clockwise then reads as rotation ``r``. A standard
enclosure's back is its occupied side (an animal lives there); a special
enclosure is printed alike on both sides, so its back is the flipped tile
(``mirror``).
"""

from __future__ import annotations

from typing import Any

from engines.ark_nova import map_a
from engines.ark_nova.cards import BASE_ANIMALS, BASE_SPONSORS, FINAL_SCORING, PROJECTS
from engines.ark_nova.endgame import ENDGAME_SPONSORS
from engines.core import Catalog, Component

BUILDING_CODES = {
    "kiosk": "K",
    "pavilion": "P",
    "enclosure_1": "E1",
    "enclosure_2": "E2",
    "enclosure_3": "E3",
    "enclosure_4": "E4",
    "enclosure_5": "E5",
    "petting_zoo": "PZ",
    "reptile_house": "RH",
    "aviary": "AV",
}
"""Each building kind's code in its tiles' ids."""

BUILDING_COPIES = {
    "kiosk": 8,
    "pavilion": 8,
    "enclosure_1": 8,
    "enclosure_2": 8,
    "enclosure_3": 6,
    "enclosure_4": 4,
    "enclosure_5": 4,
    "petting_zoo": 4,
    "reptile_house": 4,
    "aviary": 4,
}
"""Tiles of each kind that carry tags (a special enclosure once per zoo, so one per seat;
the size-3 enclosure and kiosk laid over Map A's printed ones at setup count too)."""

SIDES = ("F", "B")
"""A tile's front and back, as the last letter of its tags' ids."""

SEATS = 4
"""Map A mats printed, one per seat (``MAPA1`` for seat 1)."""

TRACKS = (("appeal", 113), ("conservation", 41), ("reputation", 15))
"""The tracks a Map A mat's tracker shows, with their tops (rules spec §1)."""

TRACKER_CELL_MM = 30.0
"""Pitch of the tracker's digit cells below the map: a 21 mm marker tag and its quiet zone
fit one cell."""

TRACKER_TOP_MM = 296.0
"""Where the tracker's first row starts, below the map's lowest hex (catalog mm)."""

TRACK_MARKERS = 2 * len(TRACKS) * SEATS
"""Marker tokens (``TRK01``...): one on the tens row and one on the ones row of each
track, per seat."""


def tracker_zones() -> list[dict[str, Any]]:
    """The tracker below Map A: per track a row of tens cells (``appeal_tens_7`` is 70) and a
    row of ones cells (``appeal_ones_3``); a marker on one cell of each row shows the value."""
    zones: list[dict[str, Any]] = []
    y = TRACKER_TOP_MM
    for track, top in TRACKS:
        for place, count, unit in (("tens", top // 10 + 1, 10), ("ones", 10, 1)):
            for digit in range(count):
                x = map_a.MAT_MARGIN_MM + digit * TRACKER_CELL_MM
                corners = [
                    [x, y],
                    [x + TRACKER_CELL_MM, y],
                    [x + TRACKER_CELL_MM, y + TRACKER_CELL_MM],
                ]
                corners.append([x, y + TRACKER_CELL_MM])
                zones.append(
                    {
                        "zone": f"{track}_{place}_{digit}",
                        "polygon_mm": [[round(a, 2), round(b, 2)] for a, b in corners],
                        "track": track,
                        "value": digit * unit,
                    }
                )
            y += TRACKER_CELL_MM
    return zones


def building_tag(kind: str, copy: int, side: str) -> str:
    """The id of one side of one building tile: ``building_tag("enclosure_3", 2, "B")`` is
    ``BE302B``."""
    return f"B{BUILDING_CODES[kind]}{copy:02d}{side}"


BUILDING_NAMES_ZH = {
    "kiosk": "小賣部",
    "pavilion": "涼亭",
    "enclosure_1": "1格圍欄",
    "enclosure_2": "2格圍欄",
    "enclosure_3": "3格圍欄",
    "enclosure_4": "4格圍欄",
    "enclosure_5": "5格圍欄",
    "petting_zoo": "觸摸動物園",
    "reptile_house": "爬蟲館",
    "aviary": "大型鳥舍",
}

ZONE_COLUMN_MM = 215.0
"""Width of the column of played-card zones beside the map (the last 25 mm a margin)."""

CARD_ZONES = (("animals", 0.56), ("sponsors", 0.22), ("final_scoring", 0.22))
"""The played-card zones beside the map, top to bottom, with their share of its height:
the animals and sponsors played into the zoo and, at the end, the kept final-scoring
cards, each card laid so that its sticker shows (cards overlap in rows)."""


def _animal(a: Any) -> Component:
    return Component(
        f"A{a.number}",
        "card",
        {"en": a.name, "zh-Hant": a.name_zh},
        {
            "number": a.number,
            "print": "sticker",
            "categories": list(a.categories),
            "continents": list(a.continents),
            "size": a.size,
            "reptile_house": a.reptile_house,
            "aviary": a.aviary,
            "petting_zoo_only": a.petting,
            "rock": a.icons.get("rock", 0),
            "water": a.icons.get("water", 0),
            "price": a.price,
            "appeal": a.appeal,
            "conservation": a.conservation,
            "reputation": a.reputation,
            "ability": a.ability,
            "icons": dict(a.icons),
        },
    )


def _sponsor(s: Any) -> Component:
    data: dict[str, Any] = {
        "number": s.number,
        "print": "sticker",
        "level": s.level,
        "icons": dict(s.icons),
    }
    if s.number in ENDGAME_SPONSORS:
        data["end_game"] = ENDGAME_SPONSORS[s.number].text
    if s.number in map_a.UNIQUE_BUILDING_SPONSORS:
        data["building"] = f"U{s.number}"
    return Component(f"S{s.number}", "card", {"en": s.name, "zh-Hant": s.name_zh}, data)


def _map_mat(seat: int) -> Component:
    width, height = map_a.grid_size_mm()
    hexes = [
        {
            "hex": list(h),
            "terrain": "rock" if h in map_a.ROCK else "water" if h in map_a.WATER else "land",
            "border": h in map_a.BORDER,
            "upgrade_only": h in map_a.UPGRADE_ONLY,
            "bonus": map_a.BONUSES.get(h),
            "center_mm": list(map_a.hex_center_mm(h)),
            "polygon_mm": [list(p) for p in map_a.hex_corners_mm(h)],
        }
        for h in map_a.HEXES
    ]
    column = height - 2 * map_a.MAT_MARGIN_MM
    zones = []
    y0 = map_a.MAT_MARGIN_MM
    for name, share in CARD_ZONES:
        x0, x1, y1 = width, width + ZONE_COLUMN_MM - map_a.MAT_MARGIN_MM, y0 + share * column
        corners = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
        zones.append({"zone": name, "polygon_mm": [[round(x, 2), round(y, 2)] for x, y in corners]})
        y0 = y1
    zones += tracker_zones()
    tracker_bottom = TRACKER_TOP_MM + 2 * len(TRACKS) * TRACKER_CELL_MM
    height = round(tracker_bottom + map_a.MAT_MARGIN_MM, 2)
    return Component(
        f"MAPA{seat}",
        "mat",
        {"en": f"Map A, seat {seat}", "zh-Hant": f"地圖A，座位 {seat}"},
        {
            "seat": seat,
            "size_mm": [round(width + ZONE_COLUMN_MM, 2), height],
            "hex_side_mm": map_a.HEX_SIDE_MM,
            "hexes": hexes,
            "zones": zones,
            "setup": {
                "kiosk": list(map_a.SETUP_KIOSK),
                "enclosure": [list(h) for h in map_a.SETUP_ENCLOSURE],
            },
        },
    )


def _components() -> list[Component]:
    out = [_animal(a) for a in BASE_ANIMALS]
    out += [_sponsor(s) for s in BASE_SPONSORS]
    out += [
        Component(
            f"P{p.number}",
            "card",
            {"en": p.name, "zh-Hant": p.name_zh},
            {
                "number": p.number,
                "print": "sticker",
                "base": p.base,
                "counts": p.counts,
                "levels": [list(level) for level in p.levels],
                "extra": p.extra,
            },
        )
        for p in PROJECTS.values()
    ]
    out += [
        Component(
            f"F{c.id}",
            "card",
            {"en": c.name, "zh-Hant": c.name_zh},
            {
                "number": c.id,
                "print": "sticker",
                "counts": c.counts,
                "first": list(c.first),
                "marine_worlds": list(c.marine_worlds),
            },
        )
        for c in FINAL_SCORING.values()
    ]
    for kind, copies in BUILDING_COPIES.items():
        shape = map_a.SHAPES[kind]
        name = kind.replace("_", " ").capitalize()
        for copy in range(1, copies + 1):
            for side in SIDES:
                back = side == "B"
                data: dict[str, Any] = {
                    "building": kind,
                    "size": shape.size,
                    "cells": [list(c) for c in shape.cells],
                    "copy": copy,
                    "side": "back" if back else "front",
                    "mirror": back,
                    "occupied": back and kind in map_a.STANDARD_ENCLOSURES,
                }
                out.append(
                    Component(
                        building_tag(kind, copy, side),
                        "tile",
                        {
                            "en": f"{name} {copy}" + (" (back)" if back else ""),
                            "zh-Hant": f"{BUILDING_NAMES_ZH[kind]} {copy}"
                            + ("（背面）" if back else ""),
                        },
                        data,
                    )
                )
    for number in map_a.UNIQUE_BUILDING_SPONSORS:
        sponsor = next(s for s in BASE_SPONSORS if s.number == number)
        out.append(
            Component(
                f"U{number}",
                "tile",
                {"en": sponsor.name, "zh-Hant": sponsor.name_zh},
                {"building": "unique", "sponsor": number},
            )
        )
    out += [
        Component(
            f"TRK{n:02d}",
            "token",
            {"en": f"Track marker {n}", "zh-Hant": f"軌道標記 {n}"},
            {"tracker": True},
        )
        for n in range(1, TRACK_MARKERS + 1)
    ]
    out += [_map_mat(seat) for seat in range(1, SEATS + 1)]
    return out


CATALOG = Catalog("ark_nova", _components())
