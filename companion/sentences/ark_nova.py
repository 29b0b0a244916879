"""Ark Nova's events, score lines and card effects in words, in English and Traditional Chinese.

The cards by their names (``companion.catalog_info``), the buildings by theirs
(``companion.ark_nova_seat``), the action cards, continents and what an effect
gives, for the move labels of the pages and for the sentences here.
"""

from __future__ import annotations

from typing import Any

from companion.ark_nova_seat import BUILDINGS
from companion.catalog_info import piece_name

ACTION_NAMES = {
    "animals": ("Animals", "動物"),
    "cards": ("Cards", "卡牌"),
    "build": ("Build", "建造"),
    "association": ("Association", "協會"),
    "sponsors": ("Sponsors", "贊助"),
}
"""The five action cards."""

CONTINENTS = {
    "africa": ("Africa", "非洲"),
    "europe": ("Europe", "歐洲"),
    "asia": ("Asia", "亞洲"),
    "australia": ("Australia", "澳洲"),
    "americas": ("the Americas", "美洲"),
}

GAINS = {
    "money": ("{n} money", "{n} 元"),
    "appeal": ("{n} appeal", "{n} 點吸引力"),
    "conservation": ("{n} conservation", "{n} 點保育"),
    "reputation": ("{n} reputation", "{n} 點聲望"),
    "x_tokens": ("{n} X-tokens", "{n} 個 X 標記"),
    "cards": ("{n} cards", "{n} 張牌"),
}


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "zh-Hant" else pair[0]


def card_name(card: Any, lang: str) -> str:
    """A zoo card (animal, sponsor, project) or final-scoring card by its name."""
    zh = lang == "zh-Hant"
    if card == "?" or card is None:
        return "一張未知的牌" if zh else "an unseen card"
    text = str(card)
    if len(text) == 3 and text.startswith("0"):
        return piece_name("ark_nova", "F" + text, lang) or text
    if not text.isdigit():
        return text
    number = int(text)
    prefix = "P" if number < 200 else "S" if number < 400 else "A"
    return piece_name("ark_nova", f"{prefix}{number}", lang) or ("卡牌" if zh else "a card")


def building_name(kind: str, lang: str) -> str:
    return _pick(BUILDINGS.get(kind, ("sponsor's building", "贊助建築")), lang)


def action_name(card: str, lang: str) -> str:
    return _pick(ACTION_NAMES.get(card, (card, card)), lang)


def hex_words(h: Any, lang: str) -> str:
    """A hex of Map A as players count it: column, then row, from 1."""
    col, row = [*list(h), 0, 0][:2]
    if lang == "zh-Hant":
        return f"第 {int(col) + 1} 欄第 {int(row) + 1} 格"
    return f"column {int(col) + 1}, row {int(row) + 1}"
