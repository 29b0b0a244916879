"""Ark Nova's pages: its moves in words (its ``Presenter.label``) and its table (its
``Presenter.drawing``).

Every move a seat can choose, the table deals or the history shows is one
sentence with the cards' names, in English or Traditional Chinese, from its
JSON only: no notation, no card number, no code. The table is each zoo's
tracks and cards and the display, from a player's view only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.ark_nova_seat import piece_id
from companion.sentences import join
from companion.sentences.ark_nova import (
    CONTINENTS,
    GAINS,
    action_name,
    building_name,
    card_name,
    gain_words,
    hex_words,
    reward_words,
    token_words,
)

UNIVERSITIES = {
    "research2": ("the university with 2 research icons", "有 2 個研究圖示的大學"),
    "research_reputation": (
        "the university with a research icon and 2 reputation",
        "有 1 個研究圖示並 +2 聲望的大學",
    ),
    "reputation_hand": (
        "the university with hand limit 5 and 2 reputation",
        "手牌上限 5 並 +2 聲望的大學",
    ),
}

LEVELS = (
    ("the top level", "最高一層"),
    ("the middle level", "中間一層"),
    ("the lowest level", "最低一層"),
)


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "zh-Hant" else pair[0]


def _names(cards: Sequence[Any], lang: str) -> str:
    return join([card_name(c, lang) for c in cards], lang)


def _with_x(text: str, move: Mapping[str, Any], lang: str) -> str:
    x = move.get("x") or 0
    if not x:
        return text
    tokens = "an X-token" if x == 1 else f"{x} X-tokens"
    return text + (f"（花 {x} 個 X 標記）" if lang == "zh-Hant" else f", spending {tokens}")


def _build(move: Mapping[str, Any], lang: str) -> str:
    zh = lang == "zh-Hant"
    parts = []
    for p in move.get("buildings", []):
        name = building_name(str(p.get("building")), lang)
        parts.append(
            f"{name}（{hex_words(p.get('at'), lang)}）"
            if zh
            else f"a {name} at {hex_words(p.get('at'), lang)}"
        )
    moved = []
    for t in move.get("moves", []):
        name = card_name(t.get("card"), lang)
        spaces = t.get("spaces")
        plural = "s" if spaces != 1 else ""
        room = (f"，佔 {spaces} 格" if zh else f", taking {spaces} space{plural}") if spaces else ""
        moved.append(
            f"把{name}從一般圍欄搬進新蓋的爬蟲館或大型鳥舍{room}"
            if zh
            else f"move {name} from its standard enclosure into the new reptile house or "
            f"aviary{room}"
        )
    text = ("建造" if zh else "Build ") + ("、" if zh else ", then ").join(parts) if parts else ""
    if moved:
        rest = ("；" if zh else "; ").join(moved)
        text = f"{text}{'；' if zh else '; '}{rest}" if text else rest[0].upper() + rest[1:]
    return _with_x(text, move, lang)


def _animals(move: Mapping[str, Any], lang: str) -> str:
    zh = lang == "zh-Hant"
    parts = []
    for p in move.get("plays", []):
        name = card_name(p.get("card"), lang)
        folder = p.get("folder")
        source = (
            (f"從展示區第 {folder} 格" if zh else f" from display folder {folder}")
            if folder
            else ""
        )
        where = hex_words(p.get("enclosure"), lang)
        spaces = p.get("spaces")
        room = (f"，佔 {spaces} 格" if zh else f", taking {spaces} spaces") if spaces else ""
        if zh:
            parts.append(f"{source}打出{name}，放進{where}的圍欄{room}")
        else:
            parts.append(f"Play {name}{source} into the enclosure at {where}{room}")
    if not parts:
        return "不打出動物" if zh else "Play no animal"
    return _with_x(("；" if zh else "; ").join(parts), move, lang)


def _cards(move: Mapping[str, Any], lang: str) -> str:
    zh = lang == "zh-Hant"
    folders = move.get("folders") or []
    if folders:
        where = "、".join(map(str, folders)) if zh else ", ".join(map(str, folders))
        text = (
            f"卡牌行動：從展示區第 {where} 格拿牌" if zh else f"Cards: take display folders {where}"
        )
    else:
        text = "卡牌行動：從牌庫抽牌" if zh else "Cards: draw from the deck"
    return _with_x(text, move, lang)


def _association(move: Mapping[str, Any], lang: str) -> str:
    zh = lang == "zh-Hant"
    parts = []
    for task in move.get("tasks", []):
        kind, _, rest = str(task).partition(":")
        if kind == "reputation":
            parts.append("獲得 2 點聲望" if zh else "take 2 reputation")
        elif kind == "partner":
            parts.append(
                f"拿取{_pick(CONTINENTS.get(rest, (rest, rest)), lang)}的合作動物園"
                if zh
                else f"take a partner zoo in {_pick(CONTINENTS.get(rest, (rest, rest)), lang)}"
            )
        elif kind == "university":
            uni = _pick(UNIVERSITIES.get(rest, (rest, rest)), lang)
            parts.append(f"與{uni}合作" if zh else f"take {uni}")
        elif kind == "project":
            parts.append(_project(rest, lang))
    if move.get("donate"):
        parts.append("捐款" if zh else "donate")
    head = "協會行動：" if zh else "Association: "
    return _with_x(head + ("、" if zh else ", ").join(parts), move, lang)


def _project(rest: str, lang: str) -> str:
    zh = lang == "zh-Hant"
    bits = rest.split(":")
    folder = bits.pop(0)[1:] if bits and bits[0].startswith("f") else ""
    number = bits[0] if bits else "?"
    level = int(bits[1]) if len(bits) > 1 and bits[1].isdigit() and int(bits[1]) < 3 else 0
    text = (
        f"在{_pick(LEVELS[level], lang)}支持保育計畫「{card_name(number, lang)}」"
        if zh
        else f"support the project {card_name(number, lang)} at {_pick(LEVELS[level], lang)}"
    )
    if folder:
        text += f"（展示區第 {folder} 格）" if zh else f" (from display folder {folder})"
    if len(bits) > 2:
        text += (
            f"，野放{card_name(bits[2], lang)}" if zh else f", releasing {card_name(bits[2], lang)}"
        )
    return text


def _sponsors(move: Mapping[str, Any], lang: str) -> str:
    zh = lang == "zh-Hant"
    cards = move.get("cards") or []
    if not cards:
        text = (
            "贊助行動：推進休息標記並拿錢"
            if zh
            else "Sponsors: move the break token on and take money"
        )
        return _with_x(text, move, lang)
    parts = []
    for card, folder in zip(cards, move.get("folders") or [0] * len(cards), strict=False):
        name = card_name(card, lang)
        if folder:
            name += f"（展示區第 {folder} 格）" if zh else f" from display folder {folder}"
        parts.append(name)
    head = "贊助行動：打出" if zh else "Sponsors: play "
    return _with_x(head + ("、" if zh else ", ").join(parts), move, lang)


def _reward(move: Mapping[str, Any], lang: str) -> str:
    head = "獎勵：" if lang == "zh-Hant" else "Reward: "
    return head + reward_words(move.get("choice", ""), lang)


def _effect(move: Mapping[str, Any], lang: str) -> str:
    zh = lang == "zh-Hant"
    card = move.get("card")
    if card:
        whose = f"{card_name(card, lang)}的效果" if zh else f"The effect of {card_name(card, lang)}"
    else:
        whose = "這個效果" if zh else "This effect"
    gains = [
        gain_words(str(pair[0]), int(pair[1]), lang)
        for pair in move.get("gains") or []
        if isinstance(pair, list | tuple) and len(pair) == 2 and pair[0] in GAINS
    ]
    if move.get("hexes"):
        gains.append(
            "建築放在" + "、".join(hex_words(h, lang) for h in move["hexes"])
            if zh
            else "its building on " + "; ".join(hex_words(h, lang) for h in move["hexes"])
        )
    gains += [
        token_words(t[0], t[1], t[2], lang)
        for t in move.get("tokens") or []
        if isinstance(t, list | tuple) and len(t) == 3
    ]
    if not gains:
        return f"{whose}：沒有帶來任何東西" if zh else f"{whose} gave nothing"
    joined = ("、" if zh else ", ").join(gains)
    return f"{whose}：{joined}" if zh else f"{whose}: {joined}"


def _deal(move: Mapping[str, Any], lang: str) -> str:
    zh = lang == "zh-Hant"
    card = move.get("card")
    if card == "?":
        return "發一張牌" if zh else "Deal a card"
    if isinstance(card, int) and card < 10:
        return f"翻開第 {card} 號獎勵板塊" if zh else f"Reveal bonus tile {card}"
    return f"發牌：{card_name(card, lang)}" if zh else f"Deal {card_name(card, lang)}"


def ark_nova_label(move: Mapping[str, Any], lang: str) -> str:
    """An Ark Nova move (its JSON, as the viewer may see it) in words, in ``lang``."""
    zh = lang == "zh-Hant"
    kind = move.get("type")
    player = str(move.get("player", ""))
    if kind == "build":
        return _build(move, lang)
    if kind == "animals":
        return _animals(move, lang)
    if kind == "x_token":
        card = action_name(str(move.get("card")), lang)
        return (
            f"把{card}行動卡移到第 1 格，拿 1 個 X 標記"
            if zh
            else f"Move the {card} card to slot 1 and take an X-token"
        )
    if kind == "x_spend":
        card = action_name(str(move.get("card")), lang)
        n = move.get("x")
        return (
            f"在{card}行動卡上花 {n} 個 X 標記，提高它的強度"
            if zh
            else f"Spend {'an X-token' if n == 1 else f'{n} X-tokens'} on the {card} card to "
            "raise its strength"
        )
    if kind == "done":
        return "結束這個行動" if zh else "Finish this action"
    if kind == "snap":
        return _with_x(
            f"卡牌行動：直接拿展示區第 {move.get('folder')} 格的牌"
            if zh
            else f"Cards: snap the card in display folder {move.get('folder')}",
            move,
            lang,
        )
    if kind == "cards":
        return _cards(move, lang)
    if kind == "association":
        return _association(move, lang)
    if kind == "sponsors":
        return _sponsors(move, lang)
    if kind == "reward":
        return _reward(move, lang)
    if kind == "effect":
        return _effect(move, lang)
    if kind == "discard":
        cards = move.get("cards")
        if isinstance(cards, int):
            some = "a card" if cards == 1 else f"{cards} cards"
            return f"{player} 棄掉 {cards} 張牌" if zh else f"{player} discards {some}"
        if not cards:
            return "不棄牌" if zh else "Discard nothing"
        return f"棄掉{_names(cards, lang)}" if zh else f"Discard {_names(cards, lang)}"
    if kind == "keep":
        cards = move.get("cards")
        if isinstance(cards, int):
            return f"{player} 保留了最終計分卡" if zh else f"{player} keeps a final-scoring card"
        if not cards:
            return "不保留最終計分卡" if zh else "Keep no final-scoring card"
        return (
            f"保留最終計分卡{_names(cards, lang)}"
            if zh
            else f"Keep the final-scoring card {_names(cards, lang)}"
        )
    if kind == "final_turn":
        return f"{player} 的最後一回合" if zh else f"{player}'s last turn"
    if kind == "deal":
        return _deal(move, lang)
    if kind == "row":
        row = "、".join(action_name(str(c), lang) for c in move.get("actions", []))
        if not zh:
            row = ", ".join(action_name(str(c), lang) for c in move.get("actions", []))
        return f"{player} 的行動卡排列：{row}" if zh else f"{player}'s action cards lie: {row}"
    if kind == "start":
        return f"{player} 先開始" if zh else f"{player} starts"
    if kind == "zoo":
        return f"記錄 {player} 的動物園" if zh else f"Record {player}'s zoo"
    if kind == "board":
        return f"記錄 {player} 的玩家圖板" if zh else f"Record {player}'s board"
    if kind == "display":
        return "記錄展示區" if zh else "Record the display"
    return "一個動作" if zh else "A move"


TRACKS = (
    ("appeal", "ark_appeal"),
    ("conservation", "ark_cp"),
    ("reputation", "ark_reputation"),
    ("money", "ark_money"),
    ("x_tokens", "ark_x"),
)
"""The rows of the zoos' table: the view's field and the page word that names it."""


def ark_nova_drawing(view: Mapping[str, Any]) -> dict[str, Any]:
    """The zoos as a table from a player's view: tracks, hand sizes, cards played, the
    tokens on the action cards, the display and the break token."""
    players = list(view.get("players", []))
    zoos = view.get("zoos", {})
    boards = view.get("boards", {})
    hands = {}
    for p in players:
        hand = boards.get(p, {}).get("hand", [])
        hands[p] = hand if isinstance(hand, int) else len(hand)
    flow = view.get("flow") or {}
    return {
        "players": players,
        "tracks": [
            {"word": word, "cells": [zoos.get(p, {}).get(key, 0) for p in players]}
            for key, word in TRACKS
        ],
        "hands": [hands[p] for p in players],
        "animals": [[piece_id(c) for c in zoos.get(p, {}).get("animals", [])] for p in players],
        "sponsors": [[piece_id(c) for c in zoos.get(p, {}).get("sponsors", [])] for p in players],
        "display": [piece_id(c) for c in view.get("display", [])],
        "break": list(flow.get("break") or []),
        "tokens": [_tokens(boards.get(p, {})) for p in players],
    }


def _tokens(board: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The multiplier, venom and constriction tokens on a player's action cards (public):
    each card with the kinds on it, for the page to word."""
    tokens = board.get("tokens")
    if not isinstance(tokens, Mapping):
        return []
    return [{"card": str(a), "kinds": [str(k) for k in kinds]} for a, kinds in tokens.items()]
