"""Noah's events, score lines and refusals' params in words: ferries, departures, tears.

The engine numbers the pentagon's docks 0 to 4 (its notation and JSON keep that);
players count them 1 to 5, and every page says a dock as :func:`dock_number` gives it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.catalog_info import piece_name
from companion.sentences import ZH, join, pick
from engines.noah.catalog import CARD_BY_ID

DOCK_PARAMS = ("dock", "dock_a", "dock_b")
"""The params of a refusal that name a dock."""


def dock_number(dock: Any) -> Any:
    """A dock as players count it: 1 to 5 round the pentagon (the engine's 0 to 4)."""
    return dock + 1 if isinstance(dock, int) and not isinstance(dock, bool) else dock


def refusal_params(code: str, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A refusal's params as players say them (Noah's ``Messages.said``): docks from 1;
    in English the gender an animal needs as a word, with the docks it sends Noah to."""
    out = dict(params)
    for key in DOCK_PARAMS:
        if key in out:
            out[key] = dock_number(out[key])
    if lang != ZH and out.get("need") in ("M", "F"):
        female = out["need"] == "F"
        out["need"] = "female" if female else "male"
        out["kind"] = "a neighbouring dock" if female else "a dock that is not a neighbour"
    return out


def _card(card: str, lang: str) -> str:
    return piece_name("noah", card, lang) or pick(lang, "a card", "一張牌")


def _cards(cards: Sequence[str], lang: str) -> str:
    return join([_card(c, lang) for c in cards], lang)


def _tears(card: str, lang: str) -> str:
    n = CARD_BY_ID[card].tears if card in CARD_BY_ID else 0
    return pick(
        lang,
        f"{_card(card, lang)} ({n} {'tear' if n == 1 else 'tears'})",
        f"{_card(card, lang)}（{n} 滴眼淚）",
    )


class NoahSentences:
    """Noah's :class:`companion.messages.Sentences`."""

    def event(self, kind: str, data: Mapping[str, Any], lang: str) -> str | None:
        if kind == "take":
            cards = list(data.get("cards", []))
            dock = dock_number(data["dock"])
            return pick(
                lang,
                f"{data['player']} took the {len(cards)} cards of the ferry at dock {dock} into "
                f"hand: {_cards(cards, lang)}.",
                f"{data['player']} 把碼頭 {dock} 駁船上的 {len(cards)} 張牌收進手牌："
                f"{_cards(cards, lang)}。",
            )
        if kind == "departure":
            gifts = int(data.get("gifts", 0))
            en_gift = (
                f" and gives {gifts} {'card' if gifts == 1 else 'cards'} away" if gifts else ""
            )
            zh_gift = f"，並送出 {gifts} 張牌" if gifts else ""
            dock = dock_number(data["dock"])
            return pick(
                lang,
                f"The ferry at dock {dock} sailed with weight {data['weight']} "
                f"(departure {data['departure']} of this round), carrying "
                f"{_cards(data.get('cards', []), lang)}; {data['player']} takes the ferry "
                f"card{en_gift}.",
                f"碼頭 {dock} 的駁船以重量 {data['weight']} 出航（本回合第 "
                f"{data['departure']} 艘），載著{_cards(data.get('cards', []), lang)}；"
                f"{data['player']} 拿走駁船卡{zh_gift}。",
            )
        if kind == "round_end":
            tears = dict(data.get("tears", {}))
            en = ", ".join(f"{p} {t}" for p, t in tears.items())
            zh = "、".join(f"{p} {t} 滴" for p, t in tears.items())
            return pick(
                lang,
                f"Round {data['round']} ends. Tears this round: {en}.",
                f"第 {data['round']} 回合結束。本回合的眼淚：{zh}。",
            )
        return None

    def line(self, code: str, params: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
        if code != "noah.round":
            return None
        label = pick(lang, f"Round {params['round']}", f"第 {params['round']} 回合")
        cards = list(params.get("cards", []))
        if not cards:
            return label, pick(lang, "empty hand: no tears", "手牌出完：沒有眼淚")
        shown = join([_tears(c, lang) for c in cards], lang)
        return label, pick(lang, f"left in hand: {shown}", f"手上剩下：{shown}")

    def tiebreak(self, lang: str) -> str | None:
        return None

    def points(self, n: int | float, lang: str) -> str | None:
        return pick(lang, f"{n} {'tear' if n == 1 else 'tears'}", f"{n} 滴眼淚")


SENTENCES = NoahSentences()
"""Noah's sentences."""
