"""Pond's pieces: twelve frog cards, their back and the pond mat.

The mat's geometry is in its catalog entry (``data["zones"]``), so the
printables print it and vision reads it from here: the pond in the middle,
where a trick is laid, and each seat's pile of the tricks it took.
"""

from __future__ import annotations

from engines.core import Catalog, Component

VALUES = tuple(range(1, 13))
"""The frog cards' values."""

CARDS = tuple(f"F{v}" for v in VALUES)
"""The cards' ids, lowest first (``F1`` ... ``F12``)."""

HAND = 2
"""Cards dealt to each hand at the start."""

MAT_MM = (260.0, 180.0)
"""The pond mat's drawn area: the pond on top, the two won piles below (room for all
twelve cards in either pile, 27 mm apart)."""

POND_ZONE = [[10, 10], [250, 10], [250, 70], [10, 70]]
WON_ZONES = {
    "won1": [[10, 80], [125, 80], [125, 170], [10, 170]],
    "won2": [[135, 80], [250, 80], [250, 170], [135, 170]],
}

_ZH_NUMBERS = ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")


def value(card: str) -> int:
    """A frog card's value (``F5``: 5)."""
    return int(card[1:])


CATALOG = Catalog(
    "pond",
    [
        *(
            Component(
                card,
                "card",
                {"en": f"Frog {v}", "zh-Hant": f"青蛙{_ZH_NUMBERS[v - 1]}"},
                {"value": v},
            )
            for card, v in zip(CARDS, VALUES, strict=True)
        ),
        Component("BACK", "back", {"en": "Frog card back", "zh-Hant": "青蛙牌背面"}),
        Component(
            "POND",
            "mat",
            {"en": "Pond mat", "zh-Hant": "池塘墊"},
            {"size_mm": list(MAT_MM), "zones": {"pond": POND_ZONE, **WON_ZONES}},
        ),
    ],
)
"""Every physical piece of Pond."""
