"""How the pages show Pond (its ``Presenter``): moves in words, the pond drawn as SVG by
its own templates (``templates/games/``), and the words they say."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.catalog_info import piece_name
from companion.games import UNKNOWN
from web.labels import generic_label
from web.presenters import Presenter

_MOVES = {"deal": ("Deal {card}", "發牌：{card}"), "play": ("Play {card}", "打出 {card}")}


def pond_label(move_json: Mapping[str, Any], lang: str) -> str:
    """A deal or a play in words, the card by its name (a card dealt unseen as such)."""
    words = _MOVES.get(str(move_json.get("type")))
    card = str(move_json.get("card"))
    if words is None:
        return generic_label("pond", move_json, lang)
    zh = lang == "zh-Hant"
    if card == UNKNOWN:
        name = "一張蓋著的牌" if zh else "a face-down card"
    else:
        name = piece_name("pond", card, lang) or card
    return words[1 if zh else 0].format(card=name)


def pond_drawing(view: Mapping[str, Any]) -> dict[str, Any]:
    """The pond with the card led to the trick, and each player's won pile beneath it."""
    pond = [{"card": c, "x": 150 + 64 * i, "y": 36} for i, c in enumerate(view["pond"])]
    piles = [
        {"player": p, "cards": list(cards), "x": 20 + 180 * i, "y": 150}
        for i, (p, cards) in enumerate(view["won"].items())
    ]
    return {"pond": pond, "piles": piles, "deck": view["deck"]}


PRESENTER = Presenter(
    label=pond_label,
    drawing=pond_drawing,
    table_template="games/pond.html",
    seat_template="games/pond_seat.html",
    templates=Path(__file__).resolve().parent / "templates",
    words={
        "pond_pond": ("The pond", "池塘"),
        "pond_won": ("{player}: {n} cards won", "{player}：贏得 {n} 張牌"),
        "pond_deck": ("{n} cards in the deck", "牌堆還有 {n} 張"),
        "pond_hand": ("Your hand", "你的手牌"),
    },
)
"""Pond's presenter: its templates live beside it, outside the app's own."""
