"""Ark Nova's events, score lines and card effects in words, in English and Traditional Chinese.

The cards by their names (``companion.catalog_info``), the buildings by theirs
(``companion.ark_nova_seat``), the action cards, continents and what an effect
gives, for the move labels of the pages and for the sentences here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.ark_nova_seat import BUILDINGS
from companion.catalog_info import piece_name
from companion.sentences import ZH, join, pick
from engines.ark_nova import effects
from engines.ark_nova.board import ACTIONS
from engines.ark_nova.build import BONUS_TEXT
from engines.ark_nova.carddata import words
from engines.ark_nova.cards import ANIMALS, PROJECTS, SPONSORS

ACTION_NAMES = {
    "animals": ("Animals", "動物"),
    "cards": ("Cards", "卡牌"),
    "build": ("Build", "建造"),
    "association": ("Association", "協會"),
    "sponsors": ("Sponsors", "贊助"),
}
"""The five action cards."""

TOKENS = {
    "multiplier": ("multiplier", "倍增"),
    "venom": ("venom", "毒液"),
    "constriction": ("constriction", "纏繞"),
}
"""The tokens abilities lay on action cards (``engines.ark_nova.tokens``)."""

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

GAINS_ONE = {"x_tokens": "{n} X-token", "cards": "{n} card"}
"""The English of a gain of one (or minus one) where it differs: "+1 X-token"."""


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


def reward_words(choice: Any, lang: str) -> str:
    """A track reward's choice as a player takes it ("upgrade the Build card to side II";
    the engine's ``upgrade:build``, ``worker``, ``money``, ``tile:2``)."""
    zh = lang == "zh-Hant"
    kind, _, arg = str(choice).partition(":")
    if kind == "upgrade":
        card = action_name(arg, lang)
        return f"把{card}行動卡翻到升級面" if zh else f"upgrade the {card} card to side II"
    if kind == "worker":
        return "多一位協會工作人員" if zh else "one more association worker"
    if kind == "money":
        return "拿錢" if zh else "take the money"
    return f"拿第 {arg} 格的獎勵板塊" if zh else f"take the bonus tile in slot {arg}"


def token_words(kind: Any, player: Any, action: Any, lang: str) -> str:
    """A token on a player's action card ("a venom token on Bob's Build card")."""
    what = _pick(TOKENS.get(str(kind), (str(kind), "特殊")), lang)
    card = action_name(str(action), lang)
    return pick(
        lang,
        f"a {what} token on {player}'s {card} card",
        f"{player}的{card}行動卡上 1 個{what}標記",
    )


def hex_words(h: Any, lang: str) -> str:
    """A hex of Map A as players count it: column, then row, from 1."""
    col, row = [*list(h), 0, 0][:2]
    if lang == "zh-Hant":
        return f"第 {int(col) + 1} 欄第 {int(row) + 1} 格"
    return f"column {int(col) + 1}, row {int(row) + 1}"


# --------------------------------------------------------------------------- card effects

ABILITIES = {
    "action": ("Action", "行動"),
    "assertion": ("Assertion", "強勢"),
    "boost": ("Boost", "加速"),
    "clever": ("Clever", "聰明"),
    "constriction": ("Constriction", "纏繞"),
    "determination": ("Determination", "決心"),
    "digging": ("Digging", "挖掘"),
    "dominance": ("Dominance", "支配"),
    "full-throated": ("Full-throated", "高歌"),
    "hunter": ("Hunter", "狩獵"),
    "hypnosis": ("Hypnosis", "催眠"),
    "iconic": ("Iconic", "代表性"),
    "inventive": ("Inventive", "發明"),
    "jumping": ("Jumping", "跳躍"),
    "magnet": ("Magnet", "磁吸"),
    "multiplier": ("Multiplier", "倍增"),
    "pack": ("Pack", "群體"),
    "peacocking": ("Peacocking", "炫耀"),
    "perception": ("Perception", "洞察"),
    "petting": ("Petting", "觸摸"),
    "pilfering": ("Pilfering", "偷竊"),
    "posturing": ("Posturing", "姿態"),
    "pouch": ("Pouch", "育兒袋"),
    "resistance": ("Resistance", "抵抗"),
    "scavenging": ("Scavenging", "拾荒"),
    "snapping": ("Snapping", "搶奪"),
    "sprint": ("Sprint", "衝刺"),
    "sunbathing": ("Sunbathing", "日光浴"),
    "venom": ("Venom", "毒液"),
    "flock": ("Flock", "鳥群"),
}
"""The animal ability keywords, in the project's own words in both languages."""

GLOSSARY_ZH = {
    "action": "指定的行動卡移到第 1 格（或卡上寫的格子）",
    "assertion": "不論聲望，從展示區拿 1 張牌",
    "boost": "指定的行動卡可以移到第 5 格",
    "clever": "把 1 張行動卡移到第 1 格",
    "constriction": "其他玩家的一張行動卡放上纏繞標記",
    "determination": "照卡上寫的拿牌或打牌",
    "digging": "從牌庫或展示區抽牌，再棄掉同樣多張",
    "dominance": "把 1 張基本保育計畫卡拿進手牌",
    "full-throated": "照卡上寫的得到吸引力",
    "hunter": "從牌庫翻牌，留下其中 1 張動物",
    "hypnosis": "把另一位玩家的行動卡當作自己的來用",
    "iconic": "依指定大陸的圖示得到吸引力",
    "inventive": "依你的合作動物園和大學得到吸引力",
    "jumping": "推進休息標記",
    "magnet": "從展示區拿指定種類的牌",
    "multiplier": "在指定的行動卡上放倍增標記",
    "pack": "每個掠食動物圖示得到吸引力",
    "peacocking": "照卡上寫的得到吸引力",
    "perception": "從牌庫抽牌並留 1 張",
    "petting": "觸摸動物園的動物：住在觸摸動物園",
    "pilfering": "從另一位玩家拿錢或 1 張牌",
    "posturing": "免費放小賣部或涼亭",
    "pouch": "把手牌放到這張牌下面換吸引力",
    "resistance": "抽 2 張最終計分卡並留 1 張",
    "scavenging": "從棄牌堆抽牌並留 1 張",
    "snapping": "從展示區拿牌",
    "sprint": "從牌庫抽牌",
    "sunbathing": "賣掉手牌換錢",
    "venom": "其他玩家的一張行動卡放上毒液標記",
    "flock": "從展示區或牌庫拿 1 張鳥類牌",
}
"""What each keyword does in Chinese, beside the English of ``effects.GLOSSARY``."""


def ability_text(keyword: str, level: str, lang: str) -> str:
    """An ability with its level or target ("Sprint 3: draw cards from the deck";
    「衝刺 3：從牌庫抽牌」)."""
    title = _pick(ABILITIES.get(keyword, (keyword.capitalize(), "特殊能力")), lang)
    named = ACTION_NAMES.get(level) or CONTINENTS.get(level)
    shown = _pick(named, lang) if named else level
    head = f"{title} {shown}".strip()
    if lang != ZH:
        return f"{head}: {effects.GLOSSARY.get(keyword, 'as the card says')}"
    return f"{head}：{GLOSSARY_ZH.get(keyword, '照卡上寫的')}"


def card_effect(card: int, lang: str) -> str:
    """A zoo card's name and its words ("Lion: Pack: gain appeal per predator icon")."""
    name = card_name(card, lang)
    colon = "：" if lang == ZH else ": "
    if card in ANIMALS:
        said = ("；" if lang == ZH else "; ").join(
            ability_text(k, lv, lang) for k, lv in effects.abilities(card)
        )
        return name + colon + (said or _pick(("no ability", "沒有特殊能力"), lang))
    if card in SPONSORS:
        text = words.sponsor_words(card, lang)
    elif card in PROJECTS:
        text = _pick(words.PROJECT_WORDS[card], lang)
    else:
        text = ""
    return name + colon + text if text else name


def gain_words(key: str, n: int, lang: str, *, signed: bool = False) -> str:
    """``n`` of a gain ``key`` ("3 money", "1 X-token"; with ``signed``, "+3 money")."""
    text = GAINS_ONE.get(key) if abs(n) == 1 and lang != "zh-Hant" else None
    return (text or _pick(GAINS[key], lang)).format(n=f"{n:+d}" if signed else n)


def gains_text(gains: Mapping[str, Any], lang: str) -> str:
    """What an effect gave ("+3 money, +1 appeal"; 「+3 元、+1 點吸引力」), or nothing."""
    parts = [
        gain_words(key, int(n), lang, signed=True) for key, n in gains.items() if key in GAINS and n
    ]
    return join(parts, lang) if parts else _pick(("nothing", "沒有任何東西"), lang)


def owed_text(item: Mapping[str, Any], lang: str) -> str:
    """What the table is asked to enter for an owed effect (a flow's pending item: ``why``,
    ``card``, ``n``), in ``lang``."""
    why, card = str(item.get("why", "")), int(item.get("card") or 0)
    if why == "tile":
        n = item.get("n")
        return _pick(
            (f"bonus tile {n}: its reward as the tile shows", f"獎勵板塊 {n}：照板塊上的獎勵"), lang
        )
    if why == "ongoing":
        return _pick(
            (
                "any lasting effect of your played sponsors that fired during this action",
                "你打出的贊助卡在這個行動中觸發的持續效果",
            ),
            lang,
        )
    if why == "tokens":
        n = int(item.get("n") or 0)
        action = action_name(ACTIONS[n - 1], lang) if 1 <= n <= len(ACTIONS) else ""
        return pick(
            lang,
            f"the tokens on your {action} card: what they did when you used it",
            f"你{action}行動卡上的標記：你使用這張卡時它們的效果",
        )
    if not card and why == "income":
        return _pick(
            ("the free size-2 enclosure of the left edge (income)", "左邊的免費 2 格圍欄（收入）"),
            lang,
        )
    if not card:
        return _pick(
            (
                "the free size-2 enclosure freed on the left edge of Map A",
                "地圖 A 左邊空出來的免費 2 格圍欄",
            ),
            lang,
        )
    text = card_effect(card, lang)
    if why == "sponsor" and card in effects.IMMEDIATE:
        added = gains_text(vars(effects.IMMEDIATE[card]), lang)
        text += _pick(
            (
                f" (the companion added {added}; enter only the rest)",
                f"（小幫手已加上{added}；只要輸入其餘的）",
            ),
            lang,
        )
    return text


# --------------------------------------------------------------------------- events

BONUSES = {
    "reputation": "+2 點聲望",
    "x_token": "+1 個 X 標記",
    "money5": "+5 元",
    "money10": "+10 元",
    "card": "+1 張牌（從牌庫或聲望範圍內）",
    "worker": "+1 位協會工作人員",
}
"""The placement bonuses of Map A in Chinese, beside the English of ``build.BONUS_TEXT``."""


def _building(kind: Any, lang: str) -> str:
    return building_name(str(kind), lang)


def _fact(line: Mapping[str, Any], lang: str) -> str:
    """One fact of a Build or Animals event (``engines/ark_nova/said.py``) in ``lang``."""
    code, p = str(line.get("code", "")), dict(line.get("params") or {})
    if code == "build.paid":
        return pick(
            lang,
            f"a {_building(p['building'], lang)} at {hex_words(p['at'], lang)} for "
            f"{p['paid']} money",
            f"{hex_words(p['at'], lang)}的{_building(p['building'], lang)}，付 {p['paid']} 元",
        )
    if code == "build.pavilion":
        return pick(
            lang, f"+{p['appeal']} appeal for the pavilion", f"涼亭 +{p['appeal']} 點吸引力"
        )
    if code == "build.bonus":
        bonus = str(p["bonus"])
        return pick(
            lang,
            f"{BONUS_TEXT.get(bonus, bonus)} from the placement bonus at "
            f"{hex_words(p['at'], lang)}",
            f"{hex_words(p['at'], lang)}的放置獎勵：{BONUSES.get(bonus, bonus)}",
        )
    if code == "build.full_map":
        return pick(
            lang,
            f"+{p['appeal']} appeal: every building space of Map A is covered",
            f"地圖 A 的建築格全部蓋滿：+{p['appeal']} 點吸引力",
        )
    if code == "build.moved_in":
        return pick(
            lang,
            f"{card_name(p['card'], lang)} moved into the {_building(p['building'], lang)}; the "
            f"size-{p['size']} enclosure at {hex_words(p['at'], lang)} is empty again",
            f"{card_name(p['card'], lang)}搬進{_building(p['building'], lang)}；"
            f"{hex_words(p['at'], lang)}的 {p['size']} 格圍欄又空了",
        )
    if code == "animals.reputation_first":
        return pick(
            lang,
            "+1 reputation first (the Animals card on side II at strength 5)",
            "先得 +1 點聲望（升級面的動物卡，強度 5）",
        )
    if code == "animals.played":
        return _played(p, lang)
    if code == "ability":
        name = card_name(p["card"], lang)
        title = _pick(ABILITIES.get(str(p["ability"]), (str(p["ability"]), "特殊能力")), lang)
        return pick(lang, f"{name}: {title} {p['level']}", f"{name}：{title} {p['level']}")
    return pick(lang, "something the card does", "卡牌的一個效果")


def _played(p: Mapping[str, Any], lang: str) -> str:
    name, where = card_name(p["card"], lang), hex_words(p["at"], lang)
    home = _building(p["building"], lang)
    cost = [pick(lang, f"{p['printed']} printed", f"印價 {p['printed']}")]
    if p.get("discount"):
        cost.append(
            pick(lang, f"{p['discount']} off for partner zoos", f"合作動物園折 {p['discount']}")
        )
    if p.get("folder"):
        cost.append(
            pick(
                lang,
                f"{p['folder']} more from display folder {p['folder']}",
                f"展示區第 {p['folder']} 格加 {p['folder']}",
            )
        )
    gained = [pick(lang, f"+{p['appeal']} appeal", f"+{p['appeal']} 點吸引力")]
    if p.get("cp"):
        gained.append(pick(lang, f"+{p['cp']} CP", f"+{p['cp']} 點保育點數"))
    if p.get("reputation"):
        gained.append(pick(lang, f"+{p['reputation']} reputation", f"+{p['reputation']} 點聲望"))
    return pick(
        lang,
        f"played {name} into the {home} at {where} for {p['paid']} money ({', '.join(cost)}): "
        f"{', '.join(gained)}",
        f"打出{name}，住進{where}的{home}，付 {p['paid']} 元（{'，'.join(cost)}）："
        f"{'、'.join(gained)}",
    )


def _facts(data: Mapping[str, Any], lang: str) -> str:
    return pick(lang, "; ", "；").join(_fact(line, lang) for line in data.get("lines", []))


def _action(data: Mapping[str, Any], lang: str) -> str:
    player, card = data["player"], action_name(str(data.get("card", "")), lang)
    if data.get("x_token"):
        return pick(
            lang,
            f"{player} moved the {card} card to slot 1 for an X-token.",
            f"{player} 把{card}行動卡移到第 1 格，拿 1 個 X 標記。",
        )
    return pick(lang, f"{player} used the {card} card.", f"{player} 使用了{card}行動卡。")


def _entered(data: Mapping[str, Any], lang: str) -> str:
    player, why, card = data["player"], str(data.get("why", "")), int(data.get("card") or 0)
    if card:
        what = pick(
            lang, f"the effect of {card_name(card, lang)}", f"{card_name(card, lang)}的效果"
        )
    elif why == "tile":
        what = pick(lang, f"bonus tile {data.get('n')}", f"獎勵板塊 {data.get('n')}")
    elif why == "ongoing":
        what = pick(lang, "the lasting effects of the sponsors", "贊助卡的持續效果")
    elif why == "tokens":
        n = int(data.get("n") or 0)
        action = action_name(ACTIONS[n - 1], lang) if 1 <= n <= len(ACTIONS) else ""
        what = pick(lang, f"the tokens on the {action} card", f"{action}行動卡上的標記")
    else:
        what = pick(lang, "the free size-2 enclosure of the left edge", "左邊的免費 2 格圍欄")
    gained = gains_text(dict(data.get("gains") or {}), lang)
    hexes = list(data.get("hexes") or [])
    if hexes:
        on = join([hex_words(h, lang) for h in hexes], lang)
        gained += pick(lang, f"; its building on {on}", f"；建築放在{on}")
    for token in data.get("tokens") or []:
        kind, whose, action = [*list(token), "", "", ""][:3]
        gained += pick(lang, "; ", "；") + token_words(kind, whose, action, lang)
    return pick(
        lang,
        f"{player} entered what {what} gave: {gained}.",
        f"{player} 輸入了{what}：{gained}。",
    )


def _trigger(data: Mapping[str, Any], lang: str) -> str:
    player = data["player"]
    who = (
        pick(lang, "every player", "每位玩家")
        if data.get("during_break")
        else pick(lang, "every other player", "其他每位玩家")
    )
    if "appeal" not in data:
        return pick(
            lang,
            f"{player}'s markers met: the final round begins ({who} takes one more turn).",
            f"{player} 的兩個標記相遇：最後一輪開始（{who}再進行一回合）。",
        )
    return pick(
        lang,
        f"{player}'s appeal {data['appeal']} reached the target {data['target']} of "
        f"{data['cp']} CP: the final round begins ({who} takes one more turn).",
        f"{player} 的吸引力 {data['appeal']} 達到 {data['cp']} 點保育點數的目標 "
        f"{data['target']}：最後一輪開始（{who}再進行一回合）。",
    )


def event_words(kind: str, data: Mapping[str, Any], lang: str) -> str | None:
    """An Ark Nova event (``Event.kind`` and ``data``) in ``lang``, or None for one it does
    not know."""
    player = data.get("player", "")
    if kind == "action":
        return _action(data, lang)
    heads = {
        "build": (f"{player} built: ", f"{player} 蓋了："),
        "animals": (f"{player}: ", f"{player}："),
        "resolved": ("The companion resolved ", "小幫手結算了"),
    }
    if kind in heads:
        return _pick(heads[kind], lang) + _facts(data, lang) + pick(lang, ".", "。")
    if kind == "table_effect":
        return _entered(data, lang)
    if kind == "x_spent":
        card, x = action_name(str(data.get("card", "")), lang), int(data.get("x") or 0)
        return pick(
            lang,
            f"{player} spent {x} X-token{'s' * (x != 1)} on the {card} card.",
            f"{player} 在{card}行動卡上花了 {x} 個 X 標記。",
        )
    if kind == "step":
        card = action_name(str(data.get("card", "")), lang)
        return pick(
            lang,
            f"{player} took one step of the {card} action; more may follow.",
            f"{player} 進行了{card}行動的一步，還可以繼續。",
        )
    if kind == "break_reached":
        return pick(
            lang,
            f"{player} moved the break token to the end: +1 X-token; a break follows the turn.",
            f"{player} 把休息標記推到終點：+1 個 X 標記；這回合結束後休息。",
        )
    if kind == "break":
        return pick(
            lang,
            "A break: hands down to their limit, workers back, the display refreshed, income.",
            "休息：手牌棄到上限、協會工作人員回來、展示區更新、發收入。",
        )
    if kind == "tokens_returned":
        gone = [
            token_words(token, p, action, lang)
            for p, tokens in dict(data.get("tokens") or {}).items()
            for action, token in tokens
        ]
        return (
            pick(
                lang,
                "Break: the tokens on the action cards went back to the supply: ",
                "休息：行動卡上的標記放回供應區：",
            )
            + join(gone, lang)
            + pick(lang, ".", "。")
        )
    if kind == "income":
        paid = dict(data.get("money") or {})
        each = [pick(lang, f"{p} +{m} money", f"{p} +{m} 元") for p, m in paid.items()]
        return pick(lang, "Income: ", "收入：") + join(each, lang) + pick(lang, ".", "。")
    if kind == "first_ten":
        return pick(
            lang,
            f"{player} reached 10 CP first: every player keeps one final-scoring card.",
            f"{player} 最先達到 10 點保育點數：每位玩家保留 1 張最終計分卡。",
        )
    if kind == "end_triggered":
        return _trigger(data, lang)
    if kind == "owed":
        return owed_text(data, lang)
    if kind == "game_over":
        return pick(lang, "The game is over: final scoring.", "遊戲結束：最終計分。")
    return None


# --------------------------------------------------------------------------- score lines

COUNTED = {
    "001": ("{n} large animals (size 4-5)", "{n} 隻大型動物（4–5 格）"),
    "002": ("{n} small animals (size 1-2)", "{n} 隻小型動物（1–2 格）"),
    "003": ("{n} research icons", "{n} 個研究圖示"),
    "005": ("{n} conservation projects supported", "支持了 {n} 個保育計畫"),
    "006": ("{n} empty building spaces", "{n} 個空的建築格"),
    "007": ("reputation {n}", "聲望 {n}"),
    "008": ("{n} sponsor cards", "{n} 張贊助卡"),
    "010": ("{n} rock icons", "{n} 個岩石圖示"),
    "011": ("{n} water icons", "{n} 個水域圖示"),
    "004": ("{n} of the 4 conditions", "達成 4 個條件中的 {n} 個"),
    "009": (
        "{n} categories with more icons than the player on the right",
        "{n} 個類別的圖示比右邊的玩家多",
    ),
}

COUNTED_ONE = {
    "001": "1 large animal (size 4-5)",
    "002": "1 small animal (size 1-2)",
    "003": "1 research icon",
    "005": "1 conservation project supported",
    "006": "1 empty building space",
    "008": "1 sponsor card",
    "009": "1 category with more icons than the player on the right",
    "010": "1 rock icon",
    "011": "1 water icon",
}
"""The English of a count of one where it differs from ``COUNTED``."""
"""What a final-scoring card with thresholds counts."""

ARCHITECTURAL = {
    "water": ("all water spaces bordered", "水域格全部有建築相鄰"),
    "rock": ("all rock spaces bordered", "岩石格全部有建築相鄰"),
    "border": ("all border spaces covered", "邊界格全部蓋滿"),
    "map": ("map completely covered", "地圖全部蓋滿"),
}

CATEGORIES = {
    "bird": ("bird", "鳥類"),
    "herbivore": ("herbivore", "草食動物"),
    "predator": ("predator", "掠食動物"),
    "reptile": ("reptile", "爬蟲類"),
    "primate": ("primate", "靈長類"),
    "sea_animal": ("sea animal", "海洋動物"),
}

FIELDS = {
    "appeal": ("Appeal", "吸引力"),
    "conservation": ("Conservation points", "保育點數"),
    "final_scoring": ("Final-scoring card", "最終計分卡"),
    "sponsors": ("End-game sponsors", "終局計分的贊助卡"),
}
"""The fields of a quick score a table may leave out."""

SPONSOR_COUNTS = {
    201: ("research icons", "研究圖示"),
    203: ("universities", "大學"),
    208: ("different animal category icons", "不同的動物類別圖示"),
    209: ("universities", "大學"),
    210: ("kiosks", "小賣部"),
    211: ("occupied 1-space enclosures", "住了動物的 1 格圍欄"),
    214: ("X-tokens", "X 標記"),
    215: ("conservation project supports", "保育計畫支持"),
    216: ("reputation", "聲望"),
    217: ("map covered (1 if so)", "地圖全部蓋滿（是則為 1）"),
    218: ("conservation project supports", "保育計畫支持"),
    219: ("pairs of water and rock icons", "水域和岩石圖示的對數"),
    220: ("reputation", "聲望"),
    221: ("border covered (1 if so)", "邊界格全部蓋滿（是則為 1）"),
    225: ("different continent icons", "不同的大陸圖示"),
    226: ("different continent icons", "不同的大陸圖示"),
    241: ("water spaces connected (1 if all)", "水域格全部相連（是則為 1）"),
    242: ("rock spaces connected (1 if all)", "岩石格全部相連（是則為 1）"),
    243: ("herbivore icons", "草食動物圖示"),
    244: ("bird icons", "鳥類圖示"),
    245: ("water icons", "水域圖示"),
    246: ("rock icons", "岩石圖示"),
    247: ("primate icons", "靈長類圖示"),
    251: ("bear icons", "熊圖示"),
    257: ("map covered (1 if so)", "地圖全部蓋滿（是則為 1）"),
    258: ("unconnected water spaces", "不相連的水域格"),
    259: ("unconnected rock spaces", "不相連的岩石格"),
    260: ("building spaces without buildings", "沒有建築的建築格"),
    261: ("different animal category icons", "不同的動物類別圖示"),
    264: ("unconnected placement-bonus spaces", "不相連、有放置獎勵的格子"),
}
"""What each end-game sponsor counts (``endgame.ENDGAME_SPONSORS``), in both languages."""


def _why(p: Mapping[str, Any], lang: str) -> str:
    """What a final-scoring card or end-game sponsor counted, from its line's params."""
    card = str(p.get("card") or "")
    if not p.get("scorable", True):
        return pick(
            lang,
            "not scorable: this card reads Map A, and the zoo's buildings were not entered",
            "無法計分：這張牌要看地圖 A，但沒有輸入動物園的建築",
        )
    if card == "F004" and "met" in p:
        met = [_pick(ARCHITECTURAL[m], lang) for m in p.get("met", []) if m in ARCHITECTURAL]
        return (
            join(met, lang) if met else pick(lang, "none of the 4 conditions", "4 個條件都沒達成")
        )
    if card == "F009" and "right" in p:
        if not p.get("right"):
            return pick(lang, "no player on your right", "你右邊沒有玩家")
        beaten = [
            f"{_pick(CATEGORIES.get(c, (c, c)), lang)} {a}–{b}" for c, a, b in p.get("beaten", [])
        ]
        shown = join(beaten, lang) if beaten else pick(lang, "none", "無")
        return pick(
            lang,
            f"more than {p['right']} in {len(beaten)} categories ({shown})",
            f"有 {len(beaten)} 個類別比 {p['right']} 多（{shown}）",
        )
    n = p.get("count", 0)
    entered = pick(lang, ", as entered", "，照輸入的") if p.get("entered") else ""
    if card.startswith("F"):
        said = COUNTED_ONE.get(card[1:]) if n == 1 and lang != ZH else None
        counted = (said or _pick(COUNTED.get(card[1:], ("{n}", "{n}")), lang)).format(n=n)
        counted += entered
        needs = "/".join(str(x) for x in p.get("needs", []))
        if not needs:
            return counted
        return pick(
            lang,
            f"{counted}; needs {needs} for 1/2/3/4 CP",
            f"{counted}；要 {needs} 才得 1/2/3/4 點保育點數",
        )
    number = int(card[1:]) if card[1:].isdigit() else 0
    what = _pick(SPONSOR_COUNTS.get(number, ("counted", "計數")), lang)
    return pick(lang, f"{what}: {n}{entered}", f"{what}：{n}{entered}")


def _gain(p: Mapping[str, Any], lang: str) -> tuple[str, str]:
    label = card_name(str(p.get("card") or "")[1:], lang)
    cp, appeal = list(p.get("cp") or [0, 0]), list(p.get("appeal") or [0, 0])
    what = []
    if cp[1] != cp[0]:
        what.append(
            pick(
                lang,
                f"+{cp[1] - cp[0]} CP ({cp[0]} -> {cp[1]})",
                f"+{cp[1] - cp[0]} 點保育點數（{cp[0]} → {cp[1]}）",
            )
        )
    if appeal[1] != appeal[0]:
        what.append(
            pick(
                lang,
                f"+{appeal[1] - appeal[0]} appeal ({appeal[0]} -> {appeal[1]})",
                f"+{appeal[1] - appeal[0]} 點吸引力（{appeal[0]} → {appeal[1]}）",
            )
        )
    said = join(what, lang) if what else pick(lang, "nothing", "沒有加分")
    if str(p.get("card") or "").startswith("S") and p.get("scorable", True):
        return label, pick(lang, f"{said} ({_why(p, lang)})", f"{said}（{_why(p, lang)}）")
    return label, f"{said}{pick(lang, ': ', '：')}{_why(p, lang)}"


def line_words(code: str, p: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
    """An Ark Nova score line (``ScoreLine.code`` and ``params``) as its row label and its
    detail in ``lang``, or None for a code it does not know."""
    if code == "ark_nova.appeal":
        return pick(lang, "Appeal", "吸引力"), pick(
            lang, f"appeal track at {p['appeal']}", f"軌道上 {p['appeal']}"
        )
    if code == "ark_nova.conservation":
        return pick(lang, "Conservation points", "保育點數"), pick(
            lang,
            f"{p['cp']} CP before final scoring, worth {p['worth']} appeal steps "
            "(2 per CP up to 10, 3 beyond)",
            f"計分前 {p['cp']} 點，換算吸引力 {p['worth']} 格（10 點內每點 2 格，之後每點 3 格）",
        )
    if code == "ark_nova.gain":
        return _gain(p, lang)
    if code == "ark_nova.meet":
        return pick(lang, f"Markers meet at {p['meet']}", f"標記相遇點 {p['meet']}"), pick(
            lang,
            f"VP = appeal + CP value - {p['meet']}",
            f"勝利點數 = 吸引力 + 保育換算格數 − {p['meet']}",
        )
    if code == "ark_nova.final":
        vp = int(p["vp"])
        return pick(lang, "Final", "最終"), pick(
            lang,
            f"appeal {p['appeal']}, {p['cp']} CP, target {p['target']}: {vp:+d} VP "
            f"({vp + 100} on the 100-based scale)",
            f"吸引力 {p['appeal']}、保育點數 {p['cp']}、目標 {p['target']}：{vp:+d} 勝利點數"
            f"（100 分制為 {vp + 100}）",
        )
    if code == "ark_nova.not_entered":
        card = str(p.get("card") or "")
        label = (
            card_name(card[1:], lang)
            if card
            else _pick(FIELDS.get(str(p.get("field")), ("", "")), lang)
        )
        return label, pick(lang, "not entered", "沒有輸入")
    if code == "ark_nova.pending_gain":
        card = str(p.get("card") or "")
        return card_name(card[1:], lang), pick(
            lang,
            f"+{p['cp']} CP, +{p['appeal']} appeal once the tracks are entered",
            f"輸入軌道之後：+{p['cp']} 點保育點數、+{p['appeal']} 點吸引力",
        )
    if code == "ark_nova.scale":
        return pick(lang, "100-based scale", "100 分制"), pick(
            lang, "BGA and tournaments count VP + 100", "BGA 和比賽以勝利點數加 100 計分"
        )
    return None


class ArkNovaSentences:
    """Ark Nova's :class:`companion.messages.Sentences`."""

    def event(self, kind: str, data: Mapping[str, Any], lang: str) -> str | None:
        return event_words(kind, data, lang)

    def line(self, code: str, params: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
        return line_words(code, params, lang)

    def tiebreak(self, lang: str) -> str | None:
        return pick(lang, "the number of conservation projects supported", "支持的保育計畫數")

    def points(self, n: int | float, lang: str) -> str | None:
        return None


SENTENCES = ArkNovaSentences()
"""Ark Nova's sentences."""
