"""The Hare and the Tortoise race mat: start, 11 tile spaces, finish and podium (the
players' played-card mats come from the catalog, ``engines.hare_tortoise``).

Follows ``docs/rules/hare_tortoise.md`` §2-§3: position 0 is the start line,
1..11 the eleven track tiles in the order laid, 12 past the finish line; the
podium has places 1, 2, 3. A camera must read every piece on a space, so each
space is a 112 x 76 mm box of six tag spots (three across, two down, 36 mm
apart; :data:`SPOTS`): the first for the space's track tile, whose own tag says
which tile (and so whether it is a stream) lies there, one per animal pawn
after it, so all five pawns and the tile fit side by side on one space, even
with the default printed tags (``docs/printing.md``: 28 mm on tiles, 22 mm on
tokens, each with a quiet zone of 2 modules). The track snakes over four rows:
start and T1-T3 left to right, T4-T7 back, T8-T11 again, then the finish line
and the podium places 1-3 back along the last row. At 556 x 412 mm the mat
prints tiled over several sheets (``printables.mat_sheets``).
"""

from __future__ import annotations

from printables.mats.geometry import BAND_MM, MatLayout, Point, Zone, rect

B = BAND_MM + 5
SPACE_W, SPACE_H = 112.0, 76.0
GAP = 6.0
PITCH = 36.0
"""Distance between neighbouring tag spots: a 28 mm tag with its quiet zone (33 mm) and
3 mm of table between two tags."""

SPOTS: tuple[Point, ...] = tuple(
    (SPACE_W / 2 + (i % 3 - 1) * PITCH, SPACE_H / 2 + (i // 3 - 0.5) * PITCH) for i in range(6)
)
"""Tag spots from a space's top-left corner (mm): 0 for the tile, 1-5 for the pawns of the
hare, tortoise, wolf, fox and lamb."""

_ROWS = (
    ("start", "T1", "T2", "T3"),
    ("T7", "T6", "T5", "T4"),
    ("T8", "T9", "T10", "T11"),
    ("podium3", "podium2", "podium1", "finish"),
)
"""The spaces by row and column, as laid out on the mat."""


def space_origin(key: str) -> Point:
    """Top-left corner (mat mm) of the space ``key`` (``start``, ``T5``, ``podium2``)."""
    for row, keys in enumerate(_ROWS):
        if key in keys:
            return B + keys.index(key) * (SPACE_W + GAP), B + row * (SPACE_H + GAP)
    raise KeyError(key)


def _zone(key: str) -> Zone:
    box = rect(*space_origin(key), SPACE_W, SPACE_H)
    if key.startswith("T"):
        pos = int(key[1:])
        return Zone(key, str(pos), box, "space", "", {"position": pos})
    if key.startswith("podium"):
        place = int(key[6:])
        return Zone(key, f"podium {place}", box, "podium", f"頒獎台 {place}", {"place": place})
    pos, zh = (0, "起點") if key == "start" else (12, "終點")
    return Zone(key, key, box, "space", zh, {"position": pos})


def _race() -> MatLayout:
    keys = ["start", *(f"T{p}" for p in range(1, 12)), "finish", "podium1", "podium2", "podium3"]
    columns, rows = len(_ROWS[0]), len(_ROWS)
    return MatLayout(
        "hare_tortoise",
        "race",
        {
            "en": "The Hare and the Tortoise race track and podium",
            "zh-Hant": "龜兔賽跑 賽道與頒獎台",
        },
        2 * B + columns * SPACE_W + (columns - 1) * GAP,
        2 * B + rows * SPACE_H + (rows - 1) * GAP,
        tuple(_zone(k) for k in keys),
        aliases=("track", "podium", "race", "board"),
    )


MATS = (_race(),)
