"""Pond's words in Traditional Chinese (its ``Messages``): a template per refusal, score
line and event, each filled from the engine's own params."""

from __future__ import annotations

from companion.messages import Messages

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
)
"""Pond's messages."""
