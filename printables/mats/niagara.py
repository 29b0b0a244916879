"""Niagara's river as a mat: HOME, the rope, M1-M5, the arms L6-L7 and R6-R7, the five
gem hollows and the falls.

Follows ``shared/rules/niagara.md`` §3: the single main channel M1..M5, the
fork into two arms of 2 discs each, gem access (M3 violet, M4 clear, M5
yellow, L6/R6 blue, L7/R7 pink; M1 and M2 none), and the falls below L7/R7.
The river runs down the mat; a slot holds a 50 mm river disc with canoes on it.
"""

from __future__ import annotations

from printables.mats.geometry import BAND_MM, MatLayout, Zone, rect

B = BAND_MM + 5
SLOT = 54.0
STEP = 60.0
COL = 66.0  # left arm, island, right arm columns
HOLLOW = 50.0


def _river() -> MatLayout:
    mid = B + COL + (COL - SLOT) / 2
    zones = [
        Zone(
            "HOME",
            "HOME",
            rect(B, B, 3 * COL - (COL - SLOT), 44),
            "home",
            "家 (起點)",
            {"distance": 0},
        ),
        Zone("ROPE", "rope: waiting disc", rect(mid, B + 50, SLOT, 40), "rope", "繩索 (待命圓盤)"),
    ]
    top = B + 96
    gems = {3: ("violet", "紫"), 4: ("clear", "透明"), 5: ("yellow", "黃")}
    for n in range(1, 6):
        y = top + (n - 1) * STEP
        zones.append(Zone(f"M{n}", f"M{n}", rect(mid, y, SLOT, SLOT), "slot", "", {"distance": n}))
        if n in gems:
            colour, zh = gems[n]
            x = B if n != 4 else B + 2 * COL + SLOT - HOLLOW
            zones.append(
                Zone(
                    f"hollow_{colour}",
                    f"{colour} hollow",
                    rect(x, y + 2, HOLLOW, HOLLOW),
                    "hollow",
                    f"{zh}色寶石坑",
                    {"gem": colour, "slots": [f"M{n}"]},
                )
            )
    arms = top + 5 * STEP
    for n in (6, 7):
        y = arms + (n - 6) * STEP
        zones.append(
            Zone(f"L{n}", f"L{n}", rect(B, y, SLOT, SLOT), "slot", "", {"distance": n, "arm": "L"})
        )
        zones.append(
            Zone(
                f"R{n}",
                f"R{n}",
                rect(B + 2 * COL, y, SLOT, SLOT),
                "slot",
                "",
                {"distance": n, "arm": "R"},
            )
        )
        colour, zh = ("blue", "藍") if n == 6 else ("pink", "粉紅")
        zones.append(
            Zone(
                f"hollow_{colour}",
                f"{colour} hollow",
                rect(mid, y + 2, SLOT, HOLLOW),
                "hollow",
                f"{zh}色寶石坑",
                {"gem": colour, "slots": [f"L{n}", f"R{n}"]},
            )
        )
    falls = arms + 2 * STEP
    zones.append(Zone("falls_L", "falls", rect(B, falls, SLOT, 36), "falls", "瀑布"))
    zones.append(Zone("falls_R", "falls", rect(B + 2 * COL, falls, SLOT, 36), "falls", "瀑布"))
    return MatLayout(
        "niagara",
        "river",
        {"en": "Niagara river", "zh-Hant": "尼加拉瀑布 河道"},
        2 * B + 2 * COL + SLOT,
        falls + 36 + B,
        tuple(zones),
        aliases=("river", "board"),
    )


MATS = (_river(),)
