"""Ark Nova's refusals' params as players say them: the hexes of Map A in words.

The engine names the hexes of a refusal as its notation writes them (``[0,5] [0,4]``,
column and row from 0); a page says them as players count them (:func:`hex_words`:
"column 1, row 6"), and in English names the building and the animal as the cards do,
for the English templates (``companion.reasons.ENGLISH``) said in place of the engine's
sentence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.catalog_info import piece_name
from companion.sentences import ZH, either, join
from companion.sentences.ark_nova import building_name, card_name, hex_words, reward_words

HEX_PARAMS = ("hexes", "at", "other")
"""The params of a refusal that name hexes, as the engine's notation writes them."""

_HEX = re.compile(r"\[(-?\d+),(-?\d+)\]")
_TERRAINS = {"ark_nova.animals.rock": "rock", "ark_nova.animals.water": "water"}


def hexes_in_words(text: str, lang: str) -> str:
    """Hexes written ``[0,5] [0,4] [1,5]`` in words ("column 1, row 6; column 1, row 5 and
    column 2, row 6"; 「第 1 欄第 6 格、第 1 欄第 5 格和第 2 欄第 6 格」); any other text as
    it is."""
    found = _HEX.findall(text)
    if not found or _HEX.sub("", text).strip():
        return text
    said = [hex_words((int(c), int(r)), lang) for c, r in found]
    if lang == ZH or len(said) == 1:
        return join(said, lang)
    return "; ".join(said[:-1]) + " and " + said[-1]  # a hex's words hold a comma


def refusal_params(code: str, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A refusal's params as players say them (Ark Nova's ``Messages.said``): hexes in
    words, a track reward's choices and a hand of final-scoring cards in words; in English
    the building and the animal by name, and the rock or water spaces an animal needs
    counted ("2 rock spaces")."""
    out = dict(params)
    for key in HEX_PARAMS:
        if isinstance(out.get(key), str):
            out[key] = hexes_in_words(out[key], lang)
    if code == "ark_nova.reward" and isinstance(out.get("choices"), list):
        out["choices"] = either([reward_words(c, lang) for c in out["choices"]], lang)
    if code == "ark_nova.keep_final" and isinstance(out.get("cards"), list):
        out["cards"] = either([card_name(c, lang) for c in out["cards"]], lang)
    if lang == ZH:
        return out
    if isinstance(out.get("building"), str):
        out["building"] = building_name(out["building"], "en")
    animal = out.get("animal_id")
    if isinstance(animal, str):
        out["animal_id"] = piece_name("ark_nova", animal, "en") or animal
    need, terrain = out.get("need"), _TERRAINS.get(code)
    if terrain is not None and isinstance(need, int):
        out["needed"] = f"{need} {terrain} {'space' if need == 1 else 'spaces'}"
    return out
