"""Animals on Board pieces: species, tiles, food crates, mats (the game's catalog).

Follows ``docs/rules/animals_on_board.md`` §2: 60 animal tiles, 12 species
``S1``..``S12`` with five tiles each, valued 1 to 5, so every tile is unique.
The species names are the spec's provisional display table (AOB-Q1: not yet
checked on the physical tiles); the rules never depend on them.

A tile's id is its species and value, ``S3V4`` (species S3, value 4). The same
id is the engine's tile notation and the piece id in the QR tag.
"""

from __future__ import annotations

from engines.core import UNKNOWN, Catalog, Component

SPECIES: tuple[str, ...] = tuple(f"S{i}" for i in range(1, 13))
VALUES: tuple[int, ...] = (1, 2, 3, 4, 5)

SPECIES_NAMES: dict[str, dict[str, str]] = {
    "S1": {"en": "Lion", "zh-Hant": "獅子"},
    "S2": {"en": "Zebra", "zh-Hant": "斑馬"},
    "S3": {"en": "Fox", "zh-Hant": "狐狸"},
    "S4": {"en": "Panda", "zh-Hant": "熊貓"},
    "S5": {"en": "Gorilla", "zh-Hant": "大猩猩"},
    "S6": {"en": "Crocodile", "zh-Hant": "鱷魚"},
    "S7": {"en": "Giraffe", "zh-Hant": "長頸鹿"},
    "S8": {"en": "Turtle", "zh-Hant": "烏龜"},
    "S9": {"en": "Rhinoceros", "zh-Hant": "犀牛"},
    "S10": {"en": "Tiger", "zh-Hant": "老虎"},
    "S11": {"en": "Hippopotamus", "zh-Hant": "河馬"},
    "S12": {"en": "Animal 12", "zh-Hant": "動物12"},
}
"""Provisional display names (spec §2, AOB-Q1); S12 has no confirmed name yet."""


def tile_id(species: str, value: int) -> str:
    """The id of the tile of ``species`` with ``value``, e.g. ``S3V4``."""
    return f"{species}V{value}"


TILES: tuple[str, ...] = tuple(tile_id(s, v) for s in SPECIES for v in VALUES)
"""All 60 tiles in their fixed order (species, then value)."""

ORDER: dict[str, int] = {t: i for i, t in enumerate(TILES)}
"""Sort position of each tile; ``UNKNOWN`` sorts after every known tile."""
ORDER[UNKNOWN] = len(TILES)

SPECIES_OF: dict[str, str] = {t: t.split("V")[0] for t in TILES}
VALUE_OF: dict[str, int] = {t: int(t.split("V")[1]) for t in TILES}
TILES_OF: dict[str, tuple[str, ...]] = {s: tuple(tile_id(s, v) for v in VALUES) for s in SPECIES}

FOOD_CRATES = 20
"""Food crates in the box; 4 players x cap 5 = 20, so the supply never runs out (§8)."""
FOOD_CAP = 5
ARK_CAPACITY = 10

SPECIES_IN_PLAY: dict[int, int] = {2: 8, 3: 10, 4: 12}
"""Species used per player count (§3)."""
FACE_UP: dict[int, int] = {2: 8, 3: 10, 4: 12}
"""Face-up tiles in the centre after each refill, per player count (§4)."""
SETUP_DRAWS = 3
"""Tiles each player draws at the setup (§3.5)."""
SETUP_GIVE = 2
"""Of those, the tiles each player gives to the centre (§3.5)."""


def sort_tiles(tiles: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Tiles in their fixed order, unknown tiles last."""
    return tuple(sorted(tiles, key=ORDER.__getitem__))


def tile_name(tile: str, lang: str = "en") -> str:
    """A tile's display name, e.g. ``Fox 4``."""
    if tile == UNKNOWN:
        return "face-down tile" if lang == "en" else "蓋著的動物"
    return f"{SPECIES_NAMES[SPECIES_OF[tile]][lang]} {VALUE_OF[tile]}"


# --------------------------------------------------------------------------- catalog

# Mat sizes in millimetres, for 50 mm tiles laid touching and 45 mm food crates.
# The centre mat holds up to 13 tiles split into groups laid a finger apart (up
# to 20 single tiles in 5 x 4; a 13-tile group in two rows of 8); an ark mat sits
# in front of each player (A3 landscape) with the ark (10 face-down tiles in
# 5 x 2), the overflow (tiles beyond 10, face up, §5; 10 in 5 x 2) and the food
# crates (the cap of 5 in a column, 4 more beside them).
CENTRE_MAT_MM = (480.0, 340.0)
ARK_MAT_MM = (420.0, 297.0)
_MARGIN_MM = 25.0
"""Border kept free for the mats' corner fiducials."""


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def _centre_mat() -> Component:
    w, h = CENTRE_MAT_MM
    m = _MARGIN_MM
    return Component(
        "CENTRE",
        "mat",
        {"en": "Centre mat", "zh-Hant": "中央遊戲區"},
        {
            "size_mm": [w, h],
            "zones": {"centre": _rect(m, m, w - m, h - m)},
        },
    )


def _ark_mat(seat: int) -> Component:
    w, h = ARK_MAT_MM
    m = _MARGIN_MM
    split_x = 300.0
    split_y = 150.0
    return Component(
        f"ARK{seat}",
        "mat",
        {"en": f"Ark mat {seat}", "zh-Hant": f"方舟墊 {seat}"},
        {
            "seat": seat,
            "size_mm": [w, h],
            "zones": {
                "ark": _rect(m, m, split_x, split_y),
                "overflow": _rect(m, split_y, split_x, h - m),
                "food": _rect(split_x, m, w - m, h - m),
            },
        },
    )


def _components() -> list[Component]:
    comps = [
        Component(
            t,
            "tile",
            {lang: tile_name(t, lang) for lang in ("en", "zh-Hant")},
            {
                "species": SPECIES_OF[t],
                "species_en": SPECIES_NAMES[SPECIES_OF[t]]["en"],
                "species_zh": SPECIES_NAMES[SPECIES_OF[t]]["zh-Hant"],
                "value": VALUE_OF[t],
            },
        )
        for t in TILES
    ]
    comps += [
        Component(f"F{i:02d}", "token", {"en": "Food crate", "zh-Hant": "食物卡"}, {"food": 1})
        for i in range(1, FOOD_CRATES + 1)
    ]
    comps.append(Component("BACK", "back", {"en": "Tile back", "zh-Hant": "動物卡背面"}))
    comps.append(
        Component("START", "marker", {"en": "Start-player flag", "zh-Hant": "起始玩家旗幟"})
    )
    comps += [
        Component(f"BRK{i}", "marker", {"en": "Break flag", "zh-Hant": "暫停旗幟"}, {"seat": i})
        for i in range(1, 5)
    ]
    comps.append(_centre_mat())
    comps += [_ark_mat(seat) for seat in range(1, 5)]
    return comps


CATALOG = Catalog("animals_on_board", _components())
"""Every physical piece: 60 tiles, 20 food crates, the tile back, the flags, the mats."""
