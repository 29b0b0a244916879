"""Animals on Board in words: tiles nobody at the seat has seen, splits, pairs and herds."""

from __future__ import annotations

from typing import Any

import pytest

from companion.sentences import event_text, line_words
from web.present import move_label

GAME = "animals_on_board"


@pytest.mark.parametrize(
    ("move", "en", "zh"),
    [
        ({"type": "draw", "tile": "?"}, "Draw a face-down tile", "抽到一張蓋著的板塊"),
        (
            {"type": "give", "tiles": ["?", "?"]},
            "Put 2 tiles face up in the centre",
            "把 2 張板塊翻開放到中央",
        ),
        (  # the engine's group 1 is the second players count
            {"type": "split", "group": 1, "part": "b"},
            "Split group 2: move tile 2 to a new group",
            "拆開第 2 組：把第 2 張板塊移到新的一組",
        ),
    ],
)
def test_moves_say_tiles_not_marks(move: dict[str, Any], en: str, zh: str) -> None:
    assert move_label(GAME, move, "en") == en
    assert move_label(GAME, move, "zh-Hant") == zh


def test_a_split_says_its_verbs_in_agreement() -> None:
    """The engine's group 3 is the fourth players count."""
    one = {"player": "Cy", "group": 3, "moves": ["?"], "stays": ["S9V1"]}
    two = {"player": "Cy", "group": 3, "moves": ["?", "S1V1"], "stays": ["S9V1", "S2V2"]}
    assert event_text(GAME, {"kind": "split", "data": one}, "en") == (
        "Cy splits group 4: a face-down tile moves to a new group; Rhinoceros 1 stays."
    )
    assert event_text(GAME, {"kind": "split", "data": two}, "en").endswith(
        "Lion 1 move to a new group; Rhinoceros 1 and Zebra 2 stay."
    )


@pytest.mark.parametrize(
    ("code", "params", "en", "zh"),
    [
        (
            "pairs",
            {"tiles": ["S9V1", "S9V2"]},
            "Noah took the pair of rhinoceroses",
            "挪亞帶走了成對的犀牛",
        ),
        (
            "pairs",
            {"tiles": ["S2V1", "S2V2", "S6V1", "S6V3"]},
            "Noah took the pairs of zebras and crocodiles",
            "挪亞帶走了成對的斑馬和鱷魚",
        ),
        (
            "herds",
            {
                "herds": [
                    {"species": "S3", "tiles": ["S3V1", "S3V2", "S3V3"], "points": 15},
                    {"species": "S5", "tiles": ["S5V1", "S5V2", "S5V4"], "points": 15},
                ]
            },
            "3 foxes: 15 and 3 gorillas: 15",
            "3 隻狐狸：15 分；3 隻大猩猩：15 分",
        ),
    ],
)
def test_score_lines_count_animals_by_name(
    code: str, params: dict[str, Any], en: str, zh: str
) -> None:
    line = {"code": f"{GAME}.{code}", "params": params}
    assert line_words(GAME, line, "en")[1] == en
    assert line_words(GAME, line, "zh-Hant")[1] == zh
