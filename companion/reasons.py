"""Refusals in the page's language, and the five games' Chinese refusals and words.

An engine refuses a move with a :class:`engines.core.Verdict`: a stable code, an
English reason and the ``params`` the reason is built from. Each game's
:class:`~companion.messages.Messages` (``companion.messages``) holds one
Traditional Chinese template per refusal code; :func:`reason_text` fills it
with the params (piece ids become their zh-Hant names from the game's catalog,
other words the game's ``words``) and falls back to the engine's English
sentence for a code without a template or a verdict without the params its
template needs. Where the engine's sentence counts or names things its own way
(Noah's docks and Animals on Board's groups from 0, hexes of Map A as
``[col,row]``), the English is a template too (:data:`ENGLISH`), and both
languages fill their templates with the params as players say them (each game's
``Messages.said``: docks and groups from 1, hexes in words).

:data:`TEMPLATES` and the ``*_WORDS`` below are the five games' (registered by
``companion.builtin``). Game terms follow the zh-Hant names of the catalogs
(駁船, 挪亞, 賽跑卡, 下注卡, 食物, 板塊 ...). Codes no template covers yet are
listed in :data:`UNCOVERED` (and in ``docs/web.md``); ``tests/test_reasons.py``
fails when an engine gains a code that is in neither.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import engines
from companion.messages import MESSAGES, Messages, fields, typeset_zh
from engines.animals_on_board.catalog import SPECIES_NAMES as AOB_SPECIES
from engines.ark_nova.cards import ANIMALS as ARK_ANIMALS
from engines.ark_nova.catalog import BUILDING_NAMES_ZH as ARK_BUILDINGS
from engines.core import Verdict
from engines.hare_tortoise.catalog import ANIMAL_CODES, ANIMAL_ZH, ANIMALS
from engines.niagara.board import CLOUD, COLOUR_NAMES, FALLS, HOME, LOST, MAIN, RIVER

ZH = "zh-Hant"

NOAH_WORDS = {"M": "雄性", "F": "雌性", "?": "未知的牌"}
"""Noah's genders, and an unknown card."""

HARE_TORTOISE_WORDS = {
    **dict(zip(ANIMALS, ANIMAL_ZH, strict=True)),
    **dict(zip(ANIMAL_CODES, ANIMAL_ZH, strict=True)),
    "W!": "野狼（嚎叫）",
    "?": "未知的牌",
}
"""The Hare and the Tortoise's animals by name and by code, the howl, an unknown card."""

ANIMALS_ON_BOARD_WORDS = {
    **{code: names["zh-Hant"] for code, names in AOB_SPECIES.items()},
    "?": "未知的板塊",
    "remove": "移除物種",
    "draw": "抽板塊",
    "give": "交出板塊",
    "split": "拆開一組",
    "take": "拿走一組",
    "pass": "放棄",
    "reveal": "亮出板塊",
    "cut": "捨棄板塊",
    "merge": "合併兩組",
}
"""Animals on Board's species, unknown tile and moves (what a player may not do now)."""

NIAGARA_WORDS = {
    **{c: f"{n['zh-Hant']}" for c, n in COLOUR_NAMES.items()},
    **{s: f"河道第 {s[1:]} 格" for s in MAIN},
    **{s: f"{'左' if s[0] == 'L' else '右'}支流第 {s[1:]} 格" for s in RIVER if s not in MAIN},
    HOME: "岸邊",
    FALLS: "瀑布",
    LOST: "瀑布下",
    CLOUD: "雲朵",
    "?": "未知的船槳",
}
"""Niagara's gem colours, the river's places and an unknown paddle."""

ARK_NOVA_WORDS = {
    **ARK_BUILDINGS,
    "unique": "贊助建築",
    "rock": "岩石",
    "water": "水域",
    "I": "基本",
    "II": "升級",
    "animals": "動物",
    "cards": "卡牌",
    "build": "建造",
    "association": "協會",
    "sponsors": "贊助",
    "multiplier": "倍增",
    "venom": "毒液",
    "constriction": "纏繞",
    "africa": "非洲",
    "europe": "歐洲",
    "asia": "亞洲",
    "australia": "澳洲",
    "americas": "美洲",
    "reputation": "聲望",
    "partner": "合作動物園",
    "university": "大學",
    "project": "保育計畫",
}
"""Ark Nova's buildings, terrains, the sides of the action cards, the action cards and the
tokens abilities lay on them."""


def ark_nova_name(piece_id: str) -> str | None:
    """The name of an expansion animal (``A5xx``) Ark Nova's catalog lacks, or None."""
    if piece_id[1:].isdigit() and int(piece_id[1:]) in ARK_ANIMALS:
        return ARK_ANIMALS[int(piece_id[1:])].name
    return None


_OVER = "遊戲已經結束"

TEMPLATES: dict[str, str] = {
    # ------------------------------------------------------------------ Noah
    "noah.game_over": _OVER,
    "noah.no_dock": "沒有碼頭 {dock}；碼頭編號是 1 到 5",
    "noah.start_player": "{player} 不能當起始玩家；請從 {choices} 中選",
    "noah.wrong_step": "現在不能做這個動作，請照目前的步驟進行",
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
    "animals_on_board.no_such_tile": "第 {group} 組只有 {size} 塊板塊，沒有第 {letter} 塊",
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
        "請說出要移到新組的板塊；每組的第 1 塊一定留在原組（請改說另一部分）"
    ),
    # ---------------------------------------------------------------- Ark Nova
    "ark_nova.game_over": _OVER,
    "ark_nova.unknown_player": "{player} 不在這一桌（{players}）",
    "ark_nova.bad_zoo": "{player} 的動物園資料有誤",
    "ark_nova.bad_board": "{player} 的玩家圖板資料有誤",
    "ark_nova.unknown_move": "這不是方舟動物園的動作",
    "ark_nova.bad_display": "展示區的卡牌設定有誤（要 6 格，每張牌只能出現一次）",
    "ark_nova.unknown_card": "沒有最終計分卡 {card}（編號 001 到 011）",
    "ark_nova.final_scoring": "{player} 不能保留這些最終計分卡",
    "ark_nova.no_final_round": "還沒有動物園達到目標，沒有最後一輪",
    "ark_nova.final_turn_taken": "{player} 已經進行過最後一回合了",
    "ark_nova.trigger_player": "{player} 在休息階段以外觸發了遊戲結束，之後不再有回合",
    "ark_nova.x_tokens": "要花 {x} 個 X 標記，但圖板上只有 {have} 個",
    "ark_nova.x_token.full": "{player} 已經有 {most} 個 X 標記，已達上限",
    "ark_nova.build.count": "基本面的建造卡只能放 1 個建築，不能放 {count} 個",
    "ark_nova.cards.snap_strength": (
        "從展示區拿牌需要強度 {need}（{side} 面的卡牌行動卡）；"
        "目前強度 {strength}（卡槽 {slot} + {x} 個 X 標記）"
    ),
    "ark_nova.cards.empty_folder": "展示區第 {folder} 格是空的",
    "ark_nova.break.not_in_hand": "{card} 不在手牌中",
    "ark_nova.break.hand_limit": "手牌會留下 {cards} 張，超過手牌上限 {limit} 張",
    "ark_nova.break.discard_too_many": "休息時手牌要棄到 {limit} 張，不是 {cards} 張",
    "ark_nova.animals.count": (
        "{side}面的動物卡在強度 {strength} 時可打出 {allowed} 隻動物，不能打 {count} 隻"
    ),
    "ark_nova.build.side": "{building}只能用升級面的建造卡建造",
    "ark_nova.build.special_twice": "動物園已經有{building}了（在 {hexes}）；每座動物園只能有一個",
    "ark_nova.build.repeat": "一次建造動作要放不同的建築，不能放兩個{building}",
    "ark_nova.build.strength": "{building}大小 {size}，超過這次動作剩下的強度 {strength}",
    "ark_nova.build.money": "{building}要 {cost} 元（每格 {per_hex} 元），只剩 {money} 元",
    "ark_nova.build.off_map": "{building}超出地圖 A：{hexes}",
    "ark_nova.build.covered": "{building}會蓋到已經有建築的格子 {hexes}",
    "ark_nova.build.rock": "{building}會蓋到岩石格 {hexes}",
    "ark_nova.build.water": "{building}會蓋到水域格 {hexes}",
    "ark_nova.build.upgrade_only": (
        "{building}會蓋到標有升級記號的格子 {hexes}，那裡要用升級面的建造卡"
    ),
    "ark_nova.build.border": (
        "動物園的第一個建築必須碰到地圖邊緣；{building}蓋在 {hexes}，都不是邊緣格"
    ),
    "ark_nova.build.not_adjacent": "{building}沒有和任何建築共邊（它蓋在 {hexes}）",
    "ark_nova.build.kiosk_distance": (
        "{hexes} 的小賣部離 {other} 的小賣部只有 {distance} 格；小賣部之間至少相隔 {least} 格"
    ),
    "ark_nova.build.transfer_not_in_zoo": "卡牌 {card} 不是這座動物園的動物",
    "ark_nova.build.transfer_no_house": "{animal_id}只能移進這次動作建好、能住的爬蟲館或大型鳥舍",
    "ark_nova.build.transfer_twice": "{animal_id}在這次動作裡已經搬過了；每隻動物只搬一次",
    "ark_nova.build.transfer_no_enclosure": (
        "這座動物園沒有已入住的一般圍欄能容納{animal_id}，所以它不在那裡"
    ),
    "ark_nova.animals.not_animal": "沒有動物卡 {card}",
    "ark_nova.animals.played": "{animal_id}已經住在這座動物園了",
    "ark_nova.animals.condition": "{animal_id}的打出條件不符",
    "ark_nova.animals.money": "{animal_id}要 {cost} 元，只剩 {money} 元",
    "ark_nova.animals.not_in_hand": "{animal_id}不在手牌中",
    "ark_nova.animals.marine_worlds": "{animal_id}是海洋世界擴充的卡牌；小幫手只進行基本遊戲",
    "ark_nova.animals.display_side": "基本面的動物卡只能打出手牌中的動物",
    "ark_nova.animals.reputation_range": (
        "展示區第 {folder} 格超出聲望範圍：聲望 {reputation} 只到第 {reach} 格"
    ),
    "ark_nova.animals.not_in_display": "{animal_id}不在展示區第 {folder} 格",
    "ark_nova.animals.no_enclosure": "{at} 沒有建築",
    "ark_nova.animals.not_enclosure": "{at} 是{building}，不是圍欄",
    "ark_nova.animals.rock": "{animal_id}的圍欄旁需要 {need} 個岩石格；{at} 的圍欄旁只有 {near} 個",
    "ark_nova.animals.water": (
        "{animal_id}的圍欄旁需要 {need} 個水域格；{at} 的圍欄旁只有 {near} 個"
    ),
    "ark_nova.animals.petting_only": "{animal_id}是觸摸動物園的動物：只能住觸摸動物園",
    "ark_nova.animals.no_standard": "{animal_id}不住一般圍欄",
    "ark_nova.animals.occupied": "{at} 的 {size} 格圍欄已經有動物了",
    "ark_nova.animals.too_small": "{animal_id}需要 {need} 格的圍欄；{at} 的圍欄只有 {size} 格",
    "ark_nova.animals.not_petting": "{animal_id}不是觸摸動物園的動物",
    "ark_nova.animals.full": "{building}已滿（{room} 格中已用 {used} 格）",
    "ark_nova.animals.special_kind": "{animal_id}不能住在{building}",
    "ark_nova.animals.spaces_unknown": (
        "請說明{animal_id}在{building}裡佔幾格（看牌上{building}圖示的數字）"
    ),
    "ark_nova.animals.spaces_keyed": (
        "{animal_id}在{building}裡佔 {spaces} 格（牌上的圖示），不是 {given} 格"
    ),
    "ark_nova.animals.spaces_not_special": (
        "佔 {spaces} 格是爬蟲館或大型鳥舍裡的算法；{animal_id}要放進的是{building}"
    ),
    "ark_nova.not_now/waiting": "現在要先處理另一件事（發牌、棄牌、選獎勵或輸入卡牌效果）",
    "ark_nova.not_now/action": (
        "現在輪到 {player} 選一個行動（動物、建造、卡牌、協會、贊助或 X 標記）"
    ),
    "ark_nova.not_your_turn": "現在輪到 {turn}，不是 {player}",
    "ark_nova.step.x_first": "X 標記要在行動前先花掉：先花 {x} 個 X 標記，再一步一步進行這個行動",
    "ark_nova.step.one": "這個行動一次只做一件事（這裡給了 {count} 件）：一件一件做，最後按結束",
    "ark_nova.step.acting": "{player} 正在進行一個行動：請選它的下一步，或結束它",
    "ark_nova.step.nothing_yet": "這個行動還沒做任何事：請先選它的第一步",
    "ark_nova.step.no_action": "強度 {strength} 的這張行動卡現在什麼都做不了",
    "ark_nova.step.no_action/done": "{player} 沒有進行中的行動",
    "ark_nova.not_chance": "現在沒有在發牌",
    "ark_nova.deal": "現在不能發這張牌",
    "ark_nova.discard_count": "要棄 {need} 張牌，不是 {count} 張",
    "ark_nova.keep_final": "{player} 要從自己的最終計分卡中保留 1 張：{cards}",
    "ark_nova.reward": "這個獎勵只能選：{choices}",
    "ark_nova.effect_card": "現在要輸入卡牌 {card} 的效果",
    "ark_nova.effect_hexes": "這個效果不能蓋在這些格子上（地圖外、已有建築、岩石或水域）",
    "ark_nova.token.one": (
        "一次只放 1 個標記（這裡給了 {count} 個）：一個一個放，最後再輸入其餘的效果"
    ),
    "ark_nova.token.kind": "{card_id}的能力不會放{kind}標記",
    "ark_nova.token.kind/none": "只有動物的倍增、毒液或纏繞能力會在行動卡上放標記",
    "ark_nova.token.owner/unknown": "沒有叫 {player} 的玩家",
    "ark_nova.token.owner/own": "{kind}標記要放在這張牌的主人 {owner} 的行動卡上，不是 {player} 的",
    "ark_nova.token.owner/other": "{kind}標記要放在其他玩家的行動卡上，不能放在 {player} 自己的",
    "ark_nova.token.action": "{card_id}的{kind}標記要放在{named}行動卡上，不是{action}行動卡",
    "ark_nova.token.twice": "這個效果已經給 {player} 放過{kind}標記了",
    "ark_nova.token.appeal": (
        "{player} 的吸引力 {appeal} 還不到 {shield}：其他玩家打出的卡還影響不到他"
    ),
    "ark_nova.token.protected": "{player} 打出了{card_id}：{kind}對他不再有效",
    "ark_nova.token.supply": "{supply} 個{kind}標記都已經放在行動卡上了",
    "ark_nova.cards.display_side": "基本面的卡牌行動只從牌庫抽牌；升級面才能拿聲望範圍內展示區的牌",
    "ark_nova.cards.reputation_range": "展示區第 {folder} 格超出聲望範圍（{range} 格）",
    "ark_nova.cards.too_many": "這個強度只能抽 {draw} 張牌，不能拿 {count} 張",
    "ark_nova.association.side": "基本面的協會卡只能做 1 項工作，也不能捐款",
    "ark_nova.association.repeat": "一次協會行動的工作必須各不相同",
    "ark_nova.association.strength": "這些工作的值合計 {value}，超過強度 {strength}",
    "ark_nova.association.money": "要付 {cost} 元，只有 {have} 元",
    "ark_nova.association.task_full": "你的工人已經佔滿這項工作（{task}），要等到休息",
    "ark_nova.association.workers": "這項工作（{task}）要 {need} 個協會工人，你手邊只有 {have} 個",
    "ark_nova.association.partner_unknown": "{continent} 不是大洲",
    "ark_nova.association.partner_held": "已經有 {continent} 的合作動物園了",
    "ark_nova.association.partner_taken": "{continent} 的合作動物園這一輪已被拿走，休息時才補回",
    "ark_nova.association.partner_limit": "已有 {have} 個合作動物園，這一面最多 {limit} 個",
    "ark_nova.association.university_unknown": "{kind} 不是大學",
    "ark_nova.association.university_held": "已經有這所大學了",
    "ark_nova.association.university_taken": "這所大學這一輪已被拿走，休息時才補回",
    "ark_nova.association.project_unknown": "沒有保育計畫 {project}",
    "ark_nova.association.project_display": "只有升級面的協會卡能打出展示區的保育計畫",
    "ark_nova.association.project_range": "展示區第 {folder} 格超出聲望範圍",
    "ark_nova.association.project_source": "保育計畫 {project} 不在協會板旁，也不在你的手牌中",
    "ark_nova.association.level_taken": "保育計畫 {project} 的第 {level} 級已經有人支持了",
    "ark_nova.association.supported": "你已經支持過保育計畫 {project}",
    "ark_nova.association.release_animal": "保育計畫 {project} 要放歸你動物園中的一隻動物：請指明",
    "ark_nova.association.release_kind": "{animal_id}沒有 {what} 圖示",
    "ark_nova.association.release_size": "{animal_id}（{size} 格）不符合第 {level} 級",
    "ark_nova.association.release_home": "{animal_id}不住在一般圍欄裡",
    "ark_nova.association.condition": "保育計畫 {project} 這一級需要 {need}，動物園只有 {have}",
    "ark_nova.sponsors.condition": "這張贊助卡的條件不符：需要 {need}，只有 {have}",
    "ark_nova.sponsors.count": "基本面的贊助卡只能打出 1 張贊助卡",
    "ark_nova.sponsors.display_side": "只有升級面的贊助卡能打出展示區的贊助卡",
    "ark_nova.sponsors.not_sponsor": "{card} 不是基本遊戲的贊助卡",
    "ark_nova.sponsors.level": "贊助卡等級合計 {level}，超過強度 {strength} 允許的 {limit}",
    "ark_nova.sponsors.played": "這張贊助卡已經打出過了",
    "ark_nova.sponsors.reputation_range": "展示區第 {folder} 格超出聲望範圍（{range} 格）",
    "ark_nova.sponsors.not_in_display": "{card} 不在展示區第 {folder} 格",
    "ark_nova.sponsors.money": "要付 {cost} 元，只有 {have} 元",
    "ark_nova.sponsors.not_in_hand": "{card} 不在手牌中",
    # ---------------------------------------------------------------- Niagara
    "niagara.game_over": _OVER,
    "niagara.phase": "現在不能這樣做：請照目前的階段進行（選船槳、翻開行動或河水流動）",
    "niagara.unseen_tile": "模擬遊戲知道每片船槳；請說出選哪一片",
    "niagara.not_in_hand": "你手上沒有船槳 {tile}",
    "niagara.wrong_tile": "你蓋下的是船槳 {chosen}；請翻開它，不是 {tile}",
    "niagara.weather_edge": "天氣在 {weather}，不能變成 {after}（天氣表從 {low} 到 {high}）",
    "niagara.buy_nothing_lost": "你沒有落下瀑布的獨木舟，不需要買回",
    "niagara.buy_no_gem": "你的寶石庫裡沒有{colour}寶石可以付",
    "niagara.canoe_order": "每艘獨木舟只列一次，獨木舟 1 在獨木舟 2 之前",
    "niagara.must_move": "獨木舟 {canoe} 在河上（{slot}），必須用掉這 {points} 點",
    "niagara.canoe_lost": "獨木舟 {canoe} 已經落下瀑布；要先買回才能移動",
    "niagara.must_launch": "你的兩艘獨木舟都在岸邊：至少要出發一艘",
    "niagara.wrong_start": "獨木舟 {canoe} 在 {slot}，不在 {start}",
    "niagara.stay_home": "獨木舟 {canoe} 在岸邊：不移動就別列它，要不就讓它出發",
    "niagara.points": "獨木舟 {canoe} 的點數不對",
    "niagara.points/ops": "獨木舟 {canoe} 裝卸寶石要花 {cost} 點，超過船槳的 {points} 點",
    "niagara.points/stay": "獨木舟 {canoe} 停在 {slot}，但必須用完 {points} 點",
    "niagara.points/none": (
        "獨木舟 {canoe} 沒有剩下可移動的點數（船槳 {paddle} 點，裝卸花掉 {cost} 點）"
    ),
    "niagara.points/home": "獨木舟 {canoe} 要 {need} 點才能回到岸邊，只有 {points} 點",
    "niagara.points/reach": (
        "獨木舟 {canoe} 從 {start} 到 {end} 要 {need} 點，但它要移動 {points} 點；"
        "移動 {points} 點會到 {reached}"
    ),
    "niagara.path": "兩條支流只在 M5 交會：{start} 到不了 {end}",
    "niagara.path/falls": "獨木舟 {canoe} 要 {need} 點才會落下瀑布，只有 {points} 點",
    "niagara.no_hollow": "獨木舟 {canoe} 在 {slot} 不能裝卸：那裡沒有寶石凹槽",
    "niagara.unload_empty": "獨木舟 {canoe} 沒有載寶石可以卸下",
    "niagara.load_then_unload": "獨木舟 {canoe} 同一回合不能先裝再卸",
    "niagara.unload_colour": "獨木舟 {canoe} 載的是{gem}寶石，不是{colour}寶石",
    "niagara.unload_own_colour": "{colour}寶石不能卸到{colour}的凹槽",
    "niagara.load_full": "獨木舟 {canoe} 已經載著{gem}寶石（最多一顆）",
    "niagara.load_same_colour": "獨木舟 {canoe} 這回合卸下了{colour}寶石；只能裝另一種顏色",
    "niagara.pass_gem": "你的另一艘獨木舟這回合卸下了那顆{colour}寶石；寶石不能在獨木舟之間傳遞",
    "niagara.load_missing": "{slot} 的{hollow}凹槽裡沒有{colour}寶石（裡面有：{held}）",
    "niagara.after_falls": "獨木舟 {canoe} 已經落下瀑布，不能再做任何事",
    "niagara.after_home": "獨木舟 {canoe} 已經回到岸邊，不能再做任何事",
    "niagara.rob_then_ops": "搶奪會結束獨木舟 {canoe} 的行動：搶完不能再裝卸",
    "niagara.rob_upstream": "獨木舟 {canoe} 只有往上游移動後才能搶奪",
    "niagara.rob_full": "獨木舟 {canoe} 載著寶石；只有空船才能搶奪",
    "niagara.rob_who": "沒有叫 {player} 的玩家可以搶",
    "niagara.rob_own": "獨木舟不能搶自己玩家的獨木舟",
    "niagara.rob_nothing": "{player} 的獨木舟 {canoe} 在 {slot} 沒有載寶石可搶",
}
"""The five games' refusal codes (or ``code/case`` for one case of one): zh-Hant
template with ``{param}`` placeholders; each game's share is its ``Messages.refusals``
(:func:`templates_of`)."""

ENGLISH: dict[str, str] = {
    # ------------------------------------------------------------------ Noah
    "noah.no_dock": "there is no dock {dock}; the docks are 1 to 5",
    "noah.noah_move": "a {need} moves Noah to {kind}: dock {dock_a} or {dock_b}, not {dock}",
    # ------------------------------------------------------- Animals on Board
    "animals_on_board.no_group": "there is no group {group}; the centre holds {held}",
    "animals_on_board.no_such_tile": "group {group} holds {tiles_held}; there is no tile {letter}",
    "animals_on_board.merge": (
        "groups are never merged: the tiles of group {group} cannot join group {into}; a "
        "split lays the tiles it moves as a new group of their own"
    ),
    "animals_on_board.not_enough_food": (
        "group {group} holds {tiles_held}, which costs {size} food; {player} has {food}"
    ),
    "animals_on_board.split_single": "group {group} is a single tile; split a group of 2 or more",
    "animals_on_board.split_names_a": (
        "name the tiles that move to the new group; a group's first tile always stays (name "
        "the other part instead)"
    ),
    # ---------------------------------------------------------------- Ark Nova
    "ark_nova.keep_final": "{player} keeps one of their own final-scoring cards: {cards}",
    "ark_nova.reward": "this reward is one of: {choices}",
    "ark_nova.build.special_twice": "the zoo already has a {building}, at {hexes}; a zoo has one",
    "ark_nova.build.off_map": "the {building} would leave Map A at {hexes}",
    "ark_nova.build.covered": "the {building} would cover {hexes}, already built on",
    "ark_nova.build.rock": "the {building} would cover rock: {hexes}",
    "ark_nova.build.water": "the {building} would cover water: {hexes}",
    "ark_nova.build.upgrade_only": (
        "the {building} would cover {hexes}, marked II: that needs the Build card on side II"
    ),
    "ark_nova.build.border": (
        "the zoo's first building must touch the map's border; the {building} would cover "
        "{hexes}, none of them a border space"
    ),
    "ark_nova.build.not_adjacent": (
        "the {building} shares no edge with a building (it would cover {hexes})"
    ),
    "ark_nova.build.kiosk_distance": (
        "a kiosk at {hexes} would stand {distance} from the kiosk at {other}; kiosks stand at "
        "least {least} apart"
    ),
    "ark_nova.animals.no_enclosure": "no building covers {at}",
    "ark_nova.animals.not_enclosure": "{at} is a {building}, not an enclosure",
    "ark_nova.animals.rock": (
        "{animal_id} needs {needed} next to its enclosure; the enclosure at {at} borders {near}"
    ),
    "ark_nova.animals.water": (
        "{animal_id} needs {needed} next to its enclosure; the enclosure at {at} borders {near}"
    ),
    "ark_nova.animals.occupied": "the size-{size} enclosure at {at} already holds an animal",
    "ark_nova.animals.too_small": (
        "{animal_id} needs an enclosure of size {need}; the enclosure at {at} has {size}"
    ),
    "ark_nova.animals.spaces_not_special": (
        "taking {spaces} spaces is for a reptile house or a large bird aviary; {animal_id} "
        "would go into a {building}"
    ),
    "ark_nova.effect_hexes": "the building cannot cover {at}: off the map, built on, rock or water",
}
"""English templates of the refusals whose engine sentence counts or names things the
engine's way (docks and groups from 0, a group's tiles by letter, the hexes of Map A as
``[col,row]``): said in their place, with the params as players say them (each game's
``Messages.said``)."""

UNCOVERED: frozenset[str] = frozenset()
"""Refusal codes the engines give that no template covers yet: they stay English.

Empty: every code of the five games has a template (``tests/test_reasons.py``).
"""


def templates_of(game_id: str, templates: Mapping[str, str] = TEMPLATES) -> dict[str, str]:
    """The templates of :data:`TEMPLATES` (or of ``templates``, such as :data:`ENGLISH`)
    that belong to ``game_id``'s codes."""
    return {k: v for k, v in templates.items() if k.startswith(f"{game_id}.")}


def _messages(code: str | None) -> Messages | None:
    game = (code or "").split(".", 1)[0]
    return MESSAGES.get(game)


def _templates(messages: Messages, lang: str) -> Mapping[str, str]:
    return messages.refusals if lang == ZH else messages.english


def template_key(code: str | None, params: Mapping[str, Any], lang: str = ZH) -> str | None:
    """The template of a refusal in ``lang``: ``code/case`` when its ``case`` has one, else
    ``code``; None when the game's messages have neither (in English: the engine's
    sentence is said as it is)."""
    messages = _messages(code)
    if messages is None:
        return None
    templates = _templates(messages, lang)
    case = f"{code}/{params.get('case')}"
    if "case" in params and case in templates:
        return case
    return code if code in templates else None


def template(key: str, lang: str = ZH) -> str:
    """The template of a refusal's :func:`template_key` in ``lang``."""
    messages = _messages(key)
    assert messages is not None, key
    return _templates(messages, lang)[key]


def said_params(code: str, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A refusal's params as players say them in ``lang`` (its game's ``Messages.said``)."""
    messages = _messages(code)
    if messages is None or messages.said is None:
        return dict(params)
    return dict(messages.said(code, params, lang))


def placeholders(verdict: Verdict) -> set[str]:
    """The params the template of ``verdict`` fills in."""
    key = template_key(verdict.code, verdict.params)
    assert key is not None, verdict.code
    return fields(template(key))


def zh_value(game: str, value: Any) -> str:
    """A param's value in Chinese: a word of the game's, a piece's catalog name, a list
    joined with 、, anything else as written."""
    if isinstance(value, Sequence) and not isinstance(value, str):
        return "、".join(zh_value(game, v) for v in value) or "無"
    if isinstance(value, str):
        messages = MESSAGES.get(game)
        if messages is not None and value in messages.words:
            return messages.words[value]
        catalog = engines.GAMES[game].catalog if game in engines.GAMES else None
        if catalog is not None and value in catalog:
            return str(catalog[value].names[ZH])
        named = messages.name(value) if messages is not None and messages.name else None
        if named is not None:
            return named
    return str(value)


def reason_text(verdict: Verdict | Mapping[str, Any], lang: str) -> str:
    """The reason of a refusal in ``lang`` (``en`` or ``zh-Hant``).

    Args:
        verdict: a :class:`Verdict` or its JSON (``code``, ``reason``, ``params``).
        lang: the page's language.

    Returns:
        For ``zh-Hant`` the Chinese one; for ``en`` the game's English template where
        the engine's sentence counts or names things the engine's way (:data:`ENGLISH`),
        else the engine's sentence; the engine's sentence too for a code without a
        template and for a verdict that lacks a param its template needs.
    """
    if isinstance(verdict, Verdict):
        code, reason, params = verdict.code, verdict.reason, dict(verdict.params)
    else:
        code, reason = verdict.get("code"), verdict.get("reason")
        params = dict(verdict.get("params") or {})
    english = reason or ""
    lang = ZH if lang == ZH else "en"
    key = template_key(code, params, lang)
    if key is None:
        return english
    said = said_params(str(code), params, lang)
    text = template(key, lang)
    if not fields(text) <= said.keys():
        return english
    if lang != ZH:
        return text.format(**said)
    game = key.split(".", 1)[0]
    return typeset_zh(text.format(**{k: zh_value(game, v) for k, v in said.items()}))
