"""The score sheet's one tie-break sentence: what happened at the top, with the total named
as the game counts it, in English and in Chinese as it is typeset."""

from __future__ import annotations

from typing import Any

import pytest

from companion.sentences import join, tiebreak_text


def outcome(scores: dict[str, int], tiers: list[list[str]], winners: list[str]) -> dict[str, Any]:
    return {"scores": scores, "ranking": [{"players": t} for t in tiers], "winners": winners}


SHARED = outcome(
    {"小明": 11, "阿華": 11, "美玲": 17}, [["小明", "阿華"], ["美玲"]], ["小明", "阿華"]
)
ALONE = outcome({"Bob": 1, "Ann": 0}, [["Bob"], ["Ann"]], ["Bob"])
BROKEN = outcome({"Bob": 40, "Ann": 40}, [["Bob"], ["Ann"]], ["Bob"])


@pytest.mark.parametrize(
    ("game", "result", "en", "zh"),
    [
        (
            "noah",
            SHARED,
            "小明 and 阿華 share the win on 11 tears.",
            "小明和阿華以 11 滴眼淚並列獲勝。",
        ),
        ("niagara", ALONE, "No tie: Bob wins with a goal met.", "沒有平手：Bob 以達成目標獲勝。"),
        (
            "animals_on_board",
            BROKEN,
            "Bob and Ann tied on 40 points; more species on the ark puts Bob ahead of Ann.",
            "Bob 和 Ann 同為 40 分；依方舟上物種較多者勝，Bob 排在 Ann 前面。",
        ),
        ("hare_tortoise", ALONE, "No tie: Bob wins with 1 point.", "沒有平手：Bob 以 1 分獲勝。"),
    ],
)
def test_the_sentence_names_the_total(game: str, result: dict[str, Any], en: str, zh: str) -> None:
    assert tiebreak_text(game, result, "en") == en
    assert tiebreak_text(game, result, "zh-Hant") == zh


def test_a_list_in_chinese_keeps_a_space_beside_latin_words_and_numbers_only() -> None:
    assert join(["小明", "阿華"], "zh-Hant") == "小明和阿華"
    assert join(["Ann", "Bob", "Cy"], "zh-Hant") == "Ann、Bob 和 Cy"
    assert join(["老虎 1", "河馬 2"], "zh-Hant") == "老虎 1 和河馬 2"
