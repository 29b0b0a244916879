"""The Hare and the Tortoise's race event said in words, from the trigger's data."""

from __future__ import annotations

import pytest

from companion.sentences import event_text
from tests.hare_tortoise.helpers import race

FOUR_FOXES = ["F"] * 4
FULL_TABLE = ["H", "H", "W", "F", "F", "F", "L", "L"]


@pytest.mark.parametrize(
    ("table", "en", "zh"),
    [
        (FOUR_FOXES, "Race (4 fox cards on the table, by ann)", "賽跑（桌上有 4 張狐狸卡，"),
        (FULL_TABLE, "Race (8 cards on the table, by ann)", "賽跑（桌上有 8 張卡，"),
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
