"""The Hare and the Tortoise race mat: start, 11 tile spaces, finish and podium (the
players' played-card mats come from the catalog, ``engines.hare_tortoise``).

Follows ``shared/rules/hare_tortoise.md`` §2-§3: position 0 is the start line,
1..11 the eleven track tiles in the order laid, 12 past the finish line; the
podium has places 1, 2, 3. Each track space holds one 50 mm track tile, whose
own tag says which tile (and so whether it is a stream) lies where; the order
is read from the spaces. The track snakes over two rows to fit the table.
"""

from __future__ import annotations

from printables.mats.geometry import BAND_MM, MatLayout, Zone, rect

B = BAND_MM + 5
SPACE = 54.0  # a 50 mm printed track tile with room to spare
STEP = 58.0


def _race() -> MatLayout:
    zones = [Zone("start", "start", rect(B, B, SPACE, SPACE), "space", "起點", {"position": 0})]
    for pos in range(1, 12):
        if pos <= 6:
            x, y = B + pos * STEP, B
        else:
            x, y = B + (13 - pos) * STEP, B + STEP
        zones.append(
            Zone(f"T{pos}", str(pos), rect(x, y, SPACE, SPACE), "space", "", {"position": pos})
        )
    zones.append(
        Zone(
            "finish",
            "finish",
            rect(B + STEP, B + STEP, SPACE, SPACE),
            "space",
            "終點",
            {"position": 12},
        )
    )
    for place in (1, 2, 3):
        zones.append(
            Zone(
                f"podium{place}",
                f"podium {place}",
                rect(B + (place - 1) * STEP, B + 2 * STEP + 5, SPACE, SPACE),
                "podium",
                f"頒獎台 {place}",
                {"place": place},
            )
        )
    return MatLayout(
        "hare_tortoise",
        "race",
        {
            "en": "The Hare and the Tortoise race track and podium",
            "zh-Hant": "龜兔賽跑 賽道與頒獎台",
        },
        2 * B + 6 * STEP + SPACE,
        2 * B + 3 * STEP + 5 - 5,
        tuple(zones),
        aliases=("track", "podium", "race", "board"),
    )


MATS = (_race(),)
