"""Refusals in the page's language.

An engine refuses a move with a :class:`engines.core.Verdict`: a stable code, an
English reason and the ``params`` the reason is built from. This catalog holds
one Traditional Chinese template per refusal code; :func:`reason_text` fills it
with the params (piece ids and animal words become their zh-Hant names from the
games' catalogs) and falls back to the engine's English sentence for a code
without a template or a verdict without the params its template needs.

Game terms follow the zh-Hant names of the catalogs (駁船, 挪亞, 賽跑卡, 下注卡,
食物, 板塊 ...). Codes no template covers yet are listed in :data:`UNCOVERED`
(and in ``docs/web.md``); ``tests/test_reasons.py`` fails when an engine gains a
code that is in neither.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any

import engines
from engines.core import Verdict
from engines.hare_tortoise.cards import ANIMAL_CODES, ANIMAL_ZH, ANIMALS

ZH = "zh-Hant"

_GENDER_ZH = {"M": "雄性", "F": "雌性"}
_HARE_ZH = {
    **dict(zip(ANIMALS, ANIMAL_ZH, strict=True)),
    **dict(zip(ANIMAL_CODES, ANIMAL_ZH, strict=True)),
    "W!": "野狼（嚎叫）",
    "?": "未知的牌",
}

_WORDS: dict[str, dict[str, str]] = {
    "noah": {**_GENDER_ZH, "?": "未知的牌"},
    "hare_tortoise": _HARE_ZH,
    "animals_on_board": {"?": "未知的板塊"},
}
"""Per game: words in params (not piece ids) and their zh-Hant names."""

_OVER = "遊戲已經結束"

TEMPLATES: dict[str, str] = {
    # ------------------------------------------------------------------ Noah
    "noah.game_over": _OVER,
    "noah.no_dock": "沒有碼頭 {dock}；碼頭編號是 0 到 4",
    "noah.start_player": "{player} 不能當起始玩家；請從 {choices} 中選",
    "noah.wrong_step": "現在不能做「{move}」，請照目前的步驟進行",
    "noah.unknown_card": "{card} 不是這副牌裡的動物牌",
    "noah.card_placed": "{card_id} 已經在桌上了",
    "noah.snail_gender": "請說明蝸牛 {card} 的性別：雄（M）或雌（F）；只有蝸牛可以選性別",
    "noah.deck_empty": "已經沒有牌可以發了",
    "noah.not_in_hand": "{player} 的手牌裡沒有 {card}",
    "noah.must_play": "還有牌可以出時不能收走駁船上的牌：{card_id} 就放得上去",
    "noah.overweight": "駁船會重達 {weight}，超過上限 {limit}",
    "noah.gender": "這艘駁船現在要放{need}動物，{card_id} 不行",
    "noah.target": "{card_id} 的目標必須是一位對手",
    "noah.noah_move": "{need}動物要把挪亞移到碼頭 {dock_a} 或 {dock_b}，不能移到 {dock}",
    "noah.gift_target": "這張牌要送給一位對手，不能給 {player}",
    "noah.reveal": "{card} 不可能在你手上：它在別處或不在這副牌裡",
    # -------------------------------------------------------- Hare & Tortoise
    "hare_tortoise.game_over": _OVER,
    "hare_tortoise.wrong_phase": "現在還不能這樣做，請先完成目前的階段",
    "hare_tortoise.deck_not_empty": "抽牌堆還有 {cards} 張牌；抽完了才能把棄牌堆洗成新的牌堆",
    "hare_tortoise.unknown_card": "請說出是哪一張牌",
    "hare_tortoise.deck_empty": "抽牌堆已經空了；請先把棄牌堆洗成新的牌堆",
    "hare_tortoise.not_in_deck": "抽牌堆裡已經沒有{card}賽跑卡了",
    "hare_tortoise.no_cards": "請打出 1 到 4 張同一種動物的賽跑卡",
    "hare_tortoise.too_many_cards": "一回合最多打出 4 張牌，不能打 {cards} 張",
    "hare_tortoise.mixed_animals": "一次打出的牌必須是同一種動物，不能混 {animals}",
    "hare_tortoise.table_full": "桌上已有 {on_table} 張牌，再打 {cards} 張會超過上限 {limit} 張",
    "hare_tortoise.animal_full": (
        "桌上已有 {on_table} 張{animal}，再打 {cards} 張會超過每種動物 {limit} 張的上限"
    ),
    "hare_tortoise.not_in_hand": "{player} 手上沒有這些牌",
    "hare_tortoise.bet_dealt": "{card}的起始下注卡已經發過了；每種動物只有一張",
    "hare_tortoise.bad_track": "兩塊小溪賽道圖板要放在第 1 到 11 塊，且不能重複，不能是 {streams}",
    "hare_tortoise.no_such_player": "沒有叫 {player} 的玩家",
    "hare_tortoise.bad_bet": "{player} 的下注卡不可能是{card}：那張牌已在別處出現",
    "hare_tortoise.nothing_to_reveal": "{player} 的下注卡都已經公開了",
    "hare_tortoise.bad_race": "頒獎台上是 {podium}，但過了終點的棋子是 {finished}",
    "hare_tortoise.lamb_stream": "綿羊必須停在第 {space} 格的小溪喝水",
    "hare_tortoise.race_distance": "{animal}的棋子放錯了：應到第 {space} 格，卻放在第 {put} 格",
    "hare_tortoise.podium_order": "頒獎台順序是 {podium}，但動物抵達的順序是 {order}",
    # ------------------------------------------------------- Animals on Board
    "animals_on_board.game_over": _OVER,
    "animals_on_board.already_removed": "{species} 已經移出遊戲了",
    "animals_on_board.bad_reveal": "{tile} 不可能藏在方舟上",
    "animals_on_board.bad_cut": "不能這樣捨棄板塊：{tiles}",
    "animals_on_board.unknown_move": "「{move}」不是諾亞鬧方舟的動作",
    "animals_on_board.no_group": "沒有第 {group} 組；中央遊戲區有 {groups} 組",
    "animals_on_board.no_such_tile": (
        "第 {group} 組有 {size} 塊板塊，編號 a 到 {last}；沒有板塊 {letter}"
    ),
    "animals_on_board.merge": (
        "動物組永遠不能合併：第 {group} 組不能併入第 {into} 組；分組時移出的板塊自成新的一組"
    ),
    "animals_on_board.wrong_phase": "現在不能{move}",
    "animals_on_board.stack_empty": "抽牌堆已經空了",
    "animals_on_board.unknown_tile": "請說出抽到哪一塊板塊",
    "animals_on_board.tile_not_in_stack": "{tile} 不在抽牌堆裡",
    "animals_on_board.bad_give": "請從你抽到的 3 塊板塊中選 2 塊放到中央，不能是 {tiles}",
    "animals_on_board.must_act": "不能跳過：還有 2 塊以上的組可以分",
    "animals_on_board.must_take": "不能跳過：每組都只剩 1 塊，請拿一組（你有 {food} 個食物）",
    "animals_on_board.not_enough_food": (
        "第 {group} 組有 {size} 塊板塊，要付 {size} 個食物；{player} 只有 {food} 個"
    ),
    "animals_on_board.split_single": "第 {group} 組只有 1 塊板塊；請分 2 塊以上的組",
    "animals_on_board.split_names_a": (
        "請說出要移到新組的板塊；板塊 a 一定留在原組（請改說另一部分）"
    ),
}
"""Refusal code: zh-Hant template with ``{param}`` placeholders."""

UNCOVERED: frozenset[str] = frozenset(
    {
        "ark_nova.animals.count",
        "ark_nova.animals.unchecked",
        "ark_nova.bad_board",
        "ark_nova.bad_display",
        "ark_nova.bad_zoo",
        "ark_nova.break.discard_too_many",
        "ark_nova.break.hand_limit",
        "ark_nova.break.not_in_hand",
        "ark_nova.build.border",
        "ark_nova.build.count",
        "ark_nova.build.covered",
        "ark_nova.build.kiosk_distance",
        "ark_nova.build.money",
        "ark_nova.build.not_adjacent",
        "ark_nova.build.off_map",
        "ark_nova.build.repeat",
        "ark_nova.build.side",
        "ark_nova.build.special_twice",
        "ark_nova.build.strength",
        "ark_nova.build.upgrade_only",
        "ark_nova.cards.empty_folder",
        "ark_nova.cards.snap_strength",
        "ark_nova.final_scoring",
        "ark_nova.final_turn_taken",
        "ark_nova.game_over",
        "ark_nova.no_final_round",
        "ark_nova.trigger_player",
        "ark_nova.unknown_card",
        "ark_nova.unknown_move",
        "ark_nova.unknown_player",
        "ark_nova.x_token.full",
        "ark_nova.x_tokens",
        "niagara.after_falls",
        "niagara.after_home",
        "niagara.buy_no_gem",
        "niagara.buy_nothing_lost",
        "niagara.canoe_lost",
        "niagara.canoe_order",
        "niagara.game_over",
        "niagara.load_full",
        "niagara.load_missing",
        "niagara.load_same_colour",
        "niagara.load_then_unload",
        "niagara.must_launch",
        "niagara.must_move",
        "niagara.no_hollow",
        "niagara.not_in_hand",
        "niagara.pass_gem",
        "niagara.path",
        "niagara.phase",
        "niagara.points",
        "niagara.rob_full",
        "niagara.rob_nothing",
        "niagara.rob_own",
        "niagara.rob_then_ops",
        "niagara.rob_upstream",
        "niagara.rob_who",
        "niagara.stay_home",
        "niagara.unload_colour",
        "niagara.unload_empty",
        "niagara.unload_own_colour",
        "niagara.unseen_tile",
        "niagara.weather_edge",
        "niagara.wrong_start",
        "niagara.wrong_tile",
    }
)
"""Refusal codes the engines give that no template covers yet: they stay English.

Niagara and Ark Nova do not pass params yet; Ark Nova's computed codes
(``ark_nova.animals.<problem>``, ``ark_nova.build.<terrain>``) are not listed here.
"""


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def placeholders(code: str) -> set[str]:
    """The params the template of ``code`` fills in."""
    return _fields(TEMPLATES[code])


def _zh_value(game: str, value: Any) -> str:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return "、".join(_zh_value(game, v) for v in value) or "無"
    if isinstance(value, str):
        words = _WORDS.get(game, {})
        if value in words:
            return words[value]
        catalog = engines.GAMES[game].CATALOG if game in engines.GAMES else None
        if catalog is not None and value in catalog:
            return str(catalog[value].names[ZH])
    return str(value)


def reason_text(verdict: Verdict | Mapping[str, Any], lang: str) -> str:
    """The reason of a refusal in ``lang`` (``en`` or ``zh-Hant``).

    Args:
        verdict: a :class:`Verdict` or its JSON (``code``, ``reason``, ``params``).
        lang: the page's language.

    Returns:
        The English reason for ``en``, for a code without a template and for a
        verdict that lacks a param its template needs; else the Chinese one.
    """
    if isinstance(verdict, Verdict):
        code, reason, params = verdict.code, verdict.reason, dict(verdict.params)
    else:
        code, reason = verdict.get("code"), verdict.get("reason")
        params = dict(verdict.get("params") or {})
    english = reason or ""
    if lang != ZH or code not in TEMPLATES:
        return english
    template = TEMPLATES[code]
    if not _fields(template) <= params.keys():
        return english
    game = code.split(".", 1)[0]
    return template.format(**{k: _zh_value(game, v) for k, v in params.items()})
