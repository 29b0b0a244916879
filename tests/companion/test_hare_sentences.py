"""The Hare and the Tortoise's race event said in words, from the trigger's data."""

from __future__ import annotations

import re

import pytest

from companion.sentences import event_text
from tests.hare_tortoise.helpers import race
from web.present import move_label

FOUR_FOXES = ["F"] * 4
FULL_TABLE = ["H", "H", "W", "F", "F", "F", "L", "L"]


@pytest.mark.parametrize(
    ("table", "en", "zh"),
    [
        (
            FOUR_FOXES,
            "Race (4 fox cards on the table after ann played)",
            "賽跑（ann 出牌後桌上有 4 張狐狸卡）",
        ),
        (
            FULL_TABLE,
            "Race (8 cards on the table after ann played)",
            "賽跑（ann 出牌後桌上有 8 張卡）",
        ),
    ],
)
def test_the_race_names_what_started_it_in_both_languages(
    table: list[str], en: str, zh: str
) -> None:
    (event,) = race(table=table).events
    assert event_text("hare_tortoise", event.to_json(), "en").startswith(en)
    assert event_text("hare_tortoise", event.to_json(), "zh-Hant").startswith(zh)


def test_the_trigger_is_read_from_its_data_not_its_english() -> None:
    (event,) = race(table=FOUR_FOXES).events
    said = event.to_json()
    said["data"]["trigger"]["reason"] = "words in no known form"
    assert "桌上有 4 張狐狸卡" in event_text("hare_tortoise", said, "zh-Hant")


def test_a_pawn_is_at_the_start_a_space_or_the_finish_line() -> None:
    """The track has 11 spaces: a pawn that runs past the last one reaches the finish line
    (never "space 14"), and one that does not move stays where it is."""
    near = {"hare": 10, "tortoise": 3, "wolf": 3, "fox": 11, "lamb": 3}
    (event,) = race(table=FULL_TABLE, positions=near).events
    en = event_text("hare_tortoise", event.to_json(), "en")
    zh = event_text("hare_tortoise", event.to_json(), "zh-Hant")
    assert "the finish line" in en and "終點線" in zh
    assert not re.search(r"space 1[2-9]", en) and not re.search(r"第 1[2-9] 格", zh)


@pytest.mark.parametrize(
    ("cards", "en", "zh"),
    [
        (["L", "L"], "Play 2 lamb cards", "打出 2 張綿羊卡"),
        (["F"], "Play a fox card", "打出狐狸卡"),
    ],
)
def test_cards_of_one_animal_are_counted(cards: list[str], en: str, zh: str) -> None:
    assert move_label("hare_tortoise", {"type": "play", "cards": cards}, "en") == en
    assert move_label("hare_tortoise", {"type": "play", "cards": cards}, "zh-Hant") == zh
