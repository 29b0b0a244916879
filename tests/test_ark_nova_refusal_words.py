"""Ark Nova's refusals say the hexes of Map A, the track rewards and the final-scoring cards in
words, in English and Traditional Chinese.

The engine names them as its notation writes them (``[1,5]``, from 0); a page says them as
players count them ("column 2, row 6"; 「第 2 欄第 6 格」), and the building and the animal by
name, never by the notation the engine's English sentence quotes.
"""

from __future__ import annotations

import re

import pytest

from companion.reasons import ENGLISH, reason_text
from companion.sentences.ark_nova import card_name
from engines.ark_nova import parse_move
from engines.ark_nova.info import Ask
from engines.core import Verdict
from tests.ark_nova_turns import play, position
from tests.test_ark_nova_animals import table as animals_table
from tests.test_ark_nova_build import table as build_table
from tests.test_ark_nova_flow import first_choices

NOTATION = re.compile(r"\[-?\d+,-?\d+\]|\b[a-z]\d@|\be\d\b|enclosure_\d|\bA\d{3}\b")


def refused(state_text: tuple[str, str]) -> Verdict:
    which, move = state_text
    state = build_table(slot=5) if which == "build" else animals_table(slot=5)
    verdict = state.check(parse_move(move))
    assert not verdict.legal, move
    return verdict


CASES = {
    "ark_nova.build.off_map": ("build", "build ann e2@0,4r5"),
    "ark_nova.build.covered": ("build", "build ann e2@1,5r0"),
    "ark_nova.animals.no_enclosure": ("animals", "animals ann 408@4,0"),
    "ark_nova.animals.not_enclosure": ("animals", "animals ann 408@0,3"),
    "ark_nova.animals.occupied": ("animals", "animals ann 408@0,4 449@0,5"),
}


@pytest.mark.parametrize("code", list(CASES))
@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_a_refusal_naming_hexes_says_them_in_words(code: str, lang: str) -> None:
    verdict = refused(CASES[code])
    assert verdict.code == code and code in ENGLISH
    assert NOTATION.search(verdict.reason or ""), "the engine's sentence quotes its notation"
    text = reason_text(verdict, lang)
    assert not NOTATION.search(text), text
    assert ("column " if lang == "en" else "欄第 ") in text, text


def test_the_hexes_are_counted_from_1_as_the_map_is_read() -> None:
    covered = refused(CASES["ark_nova.build.covered"])
    assert "[1,5]" in (covered.reason or "")
    assert reason_text(covered, "en") == (
        "the size-2 enclosure would cover column 2, row 6, already built on"
    )
    assert reason_text(covered, "zh-Hant") == "2格圍欄會蓋到已經有建築的格子第 2 欄第 6 格"


def test_a_refused_reward_says_the_choices_in_words() -> None:
    """The engine's sentence lists the rewards by key (``upgrade:build``, ``worker``); the
    page says them as the move list does."""
    state = position(slot={"sponsors": 3}, hand=(261,), conservation=1)
    owed = play(state, "sponsors ann 261")  # 1 conservation point: the CP-2 reward
    verdict = owed.check(parse_move("reward ann money"))
    assert verdict.code == "ark_nova.reward" and "upgrade:build" in (verdict.reason or "")
    english = reason_text(verdict, "en")
    assert english.startswith("this reward is one of: upgrade the Animals card to side II, ")
    assert english.endswith(" or one more association worker")
    chinese = reason_text(verdict, "zh-Hant")
    assert "把建造行動卡翻到升級面" in chinese and chinese.endswith("或多一位協會工作人員")
    for text in (english, chinese):
        assert "upgrade:" not in text and "worker," not in text, text


def test_a_refused_final_scoring_card_names_the_cards_to_keep() -> None:
    """The engine's sentence lists the hand by number (``009, 010``); the page names them."""
    state = position(slot={"sponsors": 3}, hand=(261,), appeal=110, conservation=1)
    state = first_choices(play(state, "sponsors ann 261"), stop=Ask.KEEP_FINAL)
    state = first_choices(play(state, "sponsors bob break"), stop=Ask.KEEP_FINAL)
    hand = [m.notation().rsplit(" ", 1)[1] for m in state.legal_moves() if "ann" in m.notation()]
    verdict = state.check(parse_move("keep ann 011"))
    assert verdict.code == "ark_nova.keep_final" and hand[0] in (verdict.reason or "")
    names = [card_name(card, "en") for card in hand]
    assert reason_text(verdict, "en") == (
        f"ann keeps one of their own final-scoring cards: {' or '.join(names)}"
    )
    zh = "或".join(card_name(card, "zh-Hant") for card in hand)
    assert reason_text(verdict, "zh-Hant") == f"ann 要從自己的最終計分卡中保留 1 張：{zh}"
    for lang in ("en", "zh-Hant"):
        assert not any(card in reason_text(verdict, lang) for card in hand)
