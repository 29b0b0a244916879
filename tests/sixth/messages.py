"""Pond's words (its ``Messages``): a zh-Hant template per refusal, score line and event,
each filled from the engine's own params; its events and score lines in both languages
with the cards' names (:class:`PondSentences`); its rule option in zh-Hant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.catalog_info import piece_name
from companion.messages import Messages
from companion.sentences import join, pick


def _cards(cards: list[str], lang: str) -> str:
    return join([piece_name("pond", c, lang) or c for c in cards], lang)


class PondSentences:
    """Pond's tricks and score lines in words."""

    def event(self, kind: str, data: Mapping[str, Any], lang: str) -> str | None:
        if kind != "trick":
            return None
        cards = _cards(list(data["cards"]), lang)
        winner = data["winner"]
        return pick(lang, f"{winner} takes the trick: {cards}.", f"{winner} 拿下這一墩：{cards}。")

    def line(self, code: str, params: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
        if code == "pond.cards":
            return pick(lang, "Cards won", "贏得的牌"), _cards(list(params["cards"]), lang)
        if code == "pond.tricks":
            n = params["tricks"]
            return pick(lang, "Tricks won", "贏得的墩數"), pick(lang, f"{n} tricks", f"{n} 墩")
        if code == "pond.last_trick":
            last = params.get("last")
            return pick(lang, "Last trick (for a tie)", "最後一墩（平手時比較）"), (
                pick(lang, f"{last} took it", f"由 {last} 拿下") if last else ""
            )
        return None

    def tiebreak(self, lang: str) -> str | None:
        return pick(lang, "the last trick", "拿下最後一墩者勝")

    def points(self, n: int | float, lang: str) -> str | None:
        return None


MESSAGES = Messages(
    refusals={
        "pond.game_over": "遊戲已經結束",
        "pond.wrong_step": "現在沒有要發的牌：輪到 {player} 出牌",
        "pond.deal_first": "還有牌要發：請先發牌",
        "pond.unseen": "模擬遊戲知道每一張牌：請說出發的是哪一張",
        "pond.not_in_deck": "{card_id} 不在牌堆裡：它已在桌上或某人手中",
        "pond.no_such_card": "沒有青蛙牌 {card}：牌是 F1 到 F12",
        "pond.not_in_hand": "{player} 手上沒有 {card_id}",
        "pond.must_beat": "{card_id} 比領出的 {lead_id} 小，而 {player} 手上有更大的 {higher_id}",
        "pond.unknown_move": "「{move}」不是池塘的動作",
    },
    words={"?": "未知的牌"},
    name=None,
    lines={
        "pond.cards": "贏得的牌：{cards}",
        "pond.tricks": "贏得 {tricks} 墩",
        "pond.last_trick": "最後一墩由 {last} 拿下",
    },
    events={"trick": "{winner} 拿下這一墩：{cards}"},
    sentences=PondSentences(),
    options={"scoring": ("一墩算幾分。", {"cards": "它的兩張牌的點數", "tricks": "1 分"})},
)
"""Pond's messages."""
