"""Ark Nova in words, in English and Traditional Chinese: every event, score line, card
effect and rule option of the game said from its codes and params (``companion/sentences/
ark_nova.py``), never in the engine's English on a Chinese page."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from companion.messages import MESSAGES
from companion.quick_score import score_text
from companion.sentences import event_text, line_words
from companion.sentences.ark_nova import card_effect, card_name, owed_text
from engines import ark_nova
from engines.ark_nova import RECORD, new_game, parse_move
from engines.ark_nova.board import PlayerBoard
from engines.ark_nova.carddata.texts import SPONSOR_TEXT
from engines.ark_nova.carddata.words import PROJECT_WORDS, SPONSOR_WORDS
from engines.ark_nova.cards import ANIMALS, PROJECTS
from engines.ark_nova.info import INFO
from engines.ark_nova.state import ArkNovaState
from engines.ark_nova.zoo import Zoo

ZH = "zh-Hant"
LATIN = re.compile(r"(?<![\w-])[A-Za-z]{2,}(?![\w-])")
SAID_AS_IS = {"BGA"}
"""A rule source the score line names, as the crawl allows it."""


QUICK_EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ark_nova" / "quick_score.json"


def latin(text: str) -> list[str]:
    return [w for w in LATIN.findall(text) if w not in SAID_AS_IS]


def whole_game(players: int, seed: int) -> tuple[list[dict[str, object]], ArkNovaState]:
    """Every event of a seeded game played out by the engine's policy, and its end."""
    state = new_game(["小明", "阿華", "美玲", "志強"][:players], seed=seed)
    rng = random.Random(seed)
    events: list[dict[str, object]] = []
    while state.to_move is not None:
        state = state.apply(ark_nova.playout_move(state, rng))
        events += [e.to_json() for e in state.events]
    return events, state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_event_and_score_line_of_a_game_is_said_in_chinese(players: int, seed: int) -> None:
    events, end = whole_game(players, seed)
    kinds = {str(e["kind"]) for e in events}
    assert {"action", "build", "animals", "break", "income", "game_over"} <= kinds
    for event in events:
        zh, en = event_text("ark_nova", event, ZH), event_text("ark_nova", event, "en")
        assert zh != event["text"] and en, event
        assert not latin(zh), (zh, event)
        assert "卡牌的一個效果" not in zh, event  # every fact's code is known
    outcome = end.outcome()
    assert outcome is not None
    for lines in outcome.breakdown.values():
        for line in lines:
            label, detail = line_words("ark_nova", line.to_json(), ZH)
            assert label != line.label and not latin(label + detail), line


def test_a_build_says_the_building_the_hex_the_price_and_the_bonus() -> None:
    state = new_game(["ann", "bob"], options=RECORD)
    row = ("animals", "cards", "association", "sponsors", "build")
    state = state.with_player(
        "ann", replace(Zoo(), money=30), PlayerBoard(actions=row, upgraded=("build",))
    )
    after = state.apply(parse_move("build ann e4@1,4r1"))  # covers [2,4]: 5 money
    (event,) = [e.to_json() for e in after.events if e.kind == "build"]
    assert event_text("ark_nova", event, ZH) == (
        "ann 蓋了：第 2 欄第 5 格的4格圍欄，付 8 元；第 3 欄第 5 格的放置獎勵：+5 元。"
    )
    assert event_text("ark_nova", event, "en") == (
        "ann built: a size-4 enclosure at column 2, row 5 for 8 money; +5 money from the "
        "placement bonus at column 3, row 5."
    )


def test_an_animal_played_says_its_enclosure_its_price_and_its_gains() -> None:
    state = new_game(["ann", "bob"], options=RECORD)
    zoo = Zoo.from_json({**state.zoo("ann").to_json(), "money": 30, "partner_zoos": ["asia"]})
    actions = ("cards", "animals", "build", "association", "sponsors")
    state = state.with_player("ann", zoo, PlayerBoard(actions=actions, hand=(408,)))
    (home,) = [b for b in zoo.buildings if b.kind == "enclosure_3"]
    at = f"{home.cells[0][0]},{home.cells[0][1]}"
    after = state.apply(parse_move(f"animals ann 408@{at}"))
    (event,) = [e.to_json() for e in after.events if e.kind == "animals"]
    bear = ANIMALS[408]
    zh = event_text("ark_nova", event, ZH)
    col, row = home.cells[0]
    where = f"第 {col + 1} 欄第 {row + 1} 格"
    assert zh.startswith(
        f"ann：打出懶熊，住進{where}的3格圍欄，付 11 元（印價 14，合作動物園折 3）："
    )
    assert zh.endswith(f"+{bear.appeal} 點吸引力。") and not latin(zh.replace("ann", ""))


def test_card_effects_read_in_chinese() -> None:
    # Keyword abilities are templates with their level and target.
    assert card_effect(401, ZH) == "獵豹：衝刺 3：從牌庫抽牌"
    assert card_effect(401, "en") == "Cheetah: Sprint 3: draw cards from the deck"
    assert card_effect(408, ZH) == "懶熊：加速 協會：指定的行動卡可以移到第 5 格"
    # Sponsors and projects: the project's own words in both languages, every timing
    # said (when played, at each break, from then on, at the end).
    assert set(SPONSOR_WORDS) == {n for n, *_ in SPONSOR_TEXT} and set(PROJECT_WORDS) == set(
        PROJECTS
    )
    for card in (*SPONSOR_WORDS, *PROJECT_WORDS):
        assert not latin(card_effect(card, ZH).replace("X 標記", "")), card
        assert card_effect(card, "en") != card_name(card, "en") or card == 223, card
    assert card_effect(230, ZH) == (
        "大型動物專家：打出時：動物園裡每隻大型動物得 2 點吸引力；之後：你打出大型動物少付 4 元"
    )
    assert card_effect(220, "en") == (
        "Federal Grants: when played: +3 money; at each break: +3 money; at the end: 1 CP with "
        "reputation 9 or more"
    )
    assert card_effect(110, "en") == "Predators: 5 / 4 / 2 predator icons in your zoo: 5 / 4 / 2 CP"
    assert card_effect(110, ZH) == "掠食動物：動物園裡有 5／4／2 個掠食動物圖示：5／4／2 點保育點數"
    assert owed_text({"why": "tile", "n": 3}, ZH) == "獎勵板塊 3：照板塊上的獎勵"


def test_every_rule_option_and_choice_is_said_in_chinese() -> None:
    said = MESSAGES["ark_nova"].options
    for option in INFO.options:
        question, choices = said[option.name]
        assert set(choices) == set(option.choices), option.name
        assert not latin(question + "".join(choices.values())), option.name


def test_a_quick_score_reads_in_chinese_entered_or_not() -> None:
    doc = json.loads(
        (Path(__file__).parent.parent / "examples/ark_nova/quick_score.json").read_text()
    )
    red = next(iter(doc["players"]))
    for players in (
        doc["players"],
        {**doc["players"], red: {**doc["players"][red], "appeal": None}},
    ):
        result = score_text(json.dumps({**doc, "players": players}))
        for player in result["players"]:
            for line in player["breakdown"]:
                label, detail = line_words("ark_nova", line, ZH)
                assert label and detail and not latin(label + detail), line


def test_the_steps_of_an_action_and_an_x_token_spent_are_said_in_both_languages() -> None:
    spent = {"kind": "x_spent", "text": "", "data": {"player": "小明", "card": "build", "x": 2}}
    step = {"kind": "step", "text": "", "data": {"player": "小明", "card": "sponsors"}}
    assert event_text("ark_nova", spent, ZH) == "小明在建造行動卡上花了 2 個 X 標記。"
    assert event_text("ark_nova", spent, "en") == "小明 spent 2 X-tokens on the Build card."
    assert event_text("ark_nova", step, ZH) == "小明進行了贊助行動的一步，還可以繼續。"
    assert "one step of the Sponsors action" in event_text("ark_nova", step, "en")
