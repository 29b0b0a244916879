"""Animals on Board mats: the centre (groups, draw stacks, the face-down tile, the food
supply) and one ark mat per seat (ark, overflow, food).

Follows ``shared/rules/animals_on_board.md`` §2-§5: tiles in the centre form
groups with no order; at most one face-down tile; 20 food crates in a shared
supply; an ark holds 10 tiles in two tiers and tiles beyond 10 lie face up in
front of it (overflow); a player's food lies in the open next to the ark.
"""

from __future__ import annotations

from printables.mats.geometry import BAND_MM, MatLayout, Zone, rect

B = BAND_MM + 5


def _centre() -> MatLayout:
    zones = (
        Zone("groups", "centre: tile groups", rect(B, B, 250, 180), "groups", "中央 動物群組"),
        Zone("draw", "draw stacks", rect(B + 256, B, 70, 70), "stack", "抽牌堆"),
        Zone("facedown", "face-down tile", rect(B + 256, B + 76, 70, 48), "facedown", "蓋著的板塊"),
        Zone("supply", "food supply", rect(B + 256, B + 130, 70, 50), "food", "食物供應區"),
    )
    return MatLayout(
        "animals_on_board",
        "centre",
        {"en": "Animals on Board centre", "zh-Hant": "動物上船 中央區"},
        2 * B + 326,
        2 * B + 180,
        zones,
        aliases=("centre", "center", "table"),
    )


def _ark(seat: int) -> MatLayout:
    zones = (
        Zone(
            "ark",
            "ark (10 tiles, hidden)",
            rect(B, B, 230, 100),
            "ark",
            "方舟 (10 片)",
            {"seat": seat},
        ),
        Zone(
            "overflow",
            "overflow (face up)",
            rect(B, B + 106, 230, 50),
            "overflow",
            "溢出 (正面朝上)",
            {"seat": seat},
        ),
        Zone("food", "food", rect(B + 236, B, 60, 156), "food", "食物", {"seat": seat}),
    )
    return MatLayout(
        "animals_on_board",
        f"ark{seat}",
        {
            "en": f"Animals on Board ark mat, player {seat}",
            "zh-Hant": f"動物上船 方舟墊 玩家 {seat}",
        },
        2 * B + 296,
        2 * B + 156,
        zones,
        aliases=(f"ark {seat}", f"ark mat {seat}", f"player {seat}"),
    )


MATS = (_centre(), *(_ark(seat) for seat in range(1, 5)))
