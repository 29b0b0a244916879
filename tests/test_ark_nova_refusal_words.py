"""Ark Nova's refusals say the hexes of Map A in words, in English and Traditional Chinese.

The engine names them as its notation writes them (``[1,5]``, from 0); a page says them as
players count them ("column 2, row 6"; 「第 2 欄第 6 格」), and the building and the animal by
name, never by the notation the engine's English sentence quotes.
"""

from __future__ import annotations

import re

import pytest

from companion.reasons import ENGLISH, reason_text
from engines.ark_nova import parse_move
from engines.core import Verdict
from tests.test_ark_nova_animals import table as animals_table
from tests.test_ark_nova_build import table as build_table

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
