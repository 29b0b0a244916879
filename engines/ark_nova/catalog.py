"""The Ark Nova piece catalog: every tagged piece, for printables and vision.

Rules text: ``shared/rules/ark_nova.md`` §1 (components), §8 (Map A, building
shapes). Owners of the game tag their own cards with stickers by card
number, so the cards carry ``"print": "sticker"``; building tiles and the Map
A mat are tagged too (issue 8). Piece ids: ``A401``-``A528`` animals,
``S201``-``S264`` sponsors, ``P101``-``P132`` conservation projects,
``F001``-``F011`` final-scoring cards, ``B...`` building tiles by kind,
``U243``-``U257`` unique sponsor buildings, ``MAPA`` the Map A mat.
"""

from __future__ import annotations

from typing import Any

from engines.ark_nova import map_a
from engines.ark_nova.cards import BASE_ANIMALS, BASE_SPONSORS, FINAL_SCORING, PROJECTS
from engines.ark_nova.endgame import ENDGAME_SPONSORS
from engines.core import Catalog, Component

BUILDING_IDS = {
    "kiosk": "BKIOSK",
    "pavilion": "BPAVIL",
    "enclosure_1": "BENC1",
    "enclosure_2": "BENC2",
    "enclosure_3": "BENC3",
    "enclosure_4": "BENC4",
    "enclosure_5": "BENC5",
    "petting_zoo": "BPETZOO",
    "reptile_house": "BREPTIL",
    "aviary": "BAVIARY",
}

_BUILDING_NAMES_ZH = {
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

ZONE_COLUMN_MM = 110.0
"""Width of the column of player-board zones beside the map."""


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


def _map_mat() -> Component:
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
    zone_names = (
        "final_scoring",
        "partner_zoos",
        "universities",
        "x_tokens",
        "sponsors",
        "animals",
    )
    zone_height = (height - 2 * map_a.MAT_MARGIN_MM) / len(zone_names)
    zones = []
    for i, name in enumerate(zone_names):
        x0 = width
        y0 = map_a.MAT_MARGIN_MM + i * zone_height
        x1, y1 = width + ZONE_COLUMN_MM - map_a.MAT_MARGIN_MM, y0 + zone_height
        corners = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
        zones.append({"zone": name, "polygon_mm": [[round(x, 2), round(y, 2)] for x, y in corners]})
    return Component(
        "MAPA",
        "mat",
        {"en": "Map A", "zh-Hant": "地圖A"},
        {
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
    for kind, piece in BUILDING_IDS.items():
        shape = map_a.SHAPES[kind]
        out.append(
            Component(
                piece,
                "tile",
                {"en": kind.replace("_", " ").capitalize(), "zh-Hant": _BUILDING_NAMES_ZH[kind]},
                {"building": kind, "size": shape.size, "cells": [list(c) for c in shape.cells]},
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
    out.append(_map_mat())
    return out


CATALOG = Catalog("ark_nova", _components())
