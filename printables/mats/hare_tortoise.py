"""The Hare and the Tortoise mats: the race (start, 11 tile spaces, finish, podium) and
the players' played-card zones.

Follows ``shared/rules/hare_tortoise.md`` §2-§3: position 0 is the start line,
1..11 the eleven track tiles in the order laid, 12 past the finish line; the
podium has places 1, 2, 3. Each track space holds one 45 mm track tile, whose
own tag says which tile (and so whether it is a stream) lies where; the order
is read from the spaces. The track snakes over two rows to fit the table.
"""

from __future__ import annotations

from printables.mats import BAND_MM, MatLayout, Zone, rect

B = BAND_MM + 5
SPACE = 50.0
STEP = 55.0
CARD_W, CARD_H = 70.0, 95.0


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


def _players() -> MatLayout:
    zones = tuple(
        Zone(
            f"played{seat}",
            f"player {seat}: played cards",
            rect(B + (seat - 1) * (CARD_W + 6), B, CARD_W, CARD_H),
            "played",
            f"玩家 {seat} 已出的牌",
            {"seat": seat},
        )
        for seat in range(1, 6)
    )
    return MatLayout(
        "hare_tortoise",
        "players",
        {"en": "The Hare and the Tortoise played cards", "zh-Hant": "龜兔賽跑 出牌區"},
        2 * B + 5 * CARD_W + 4 * 6,
        2 * B + CARD_H,
        zones,
        aliases=("played", "players"),
    )


MATS = (_race(), _players())
