"""Moves in words, per game: what a page calls a move, from its JSON only.

Each ``<game>_label`` is that game's ``Presenter.label`` (``web.builtin``); it
names the pieces from the game's catalog, in the reader's language. A move a
game does not word is its :func:`generic_label`: the notation, with the names
of the pieces it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.boards import HARE_TRACK
from companion.catalog_info import piece, piece_name
from companion.games import UNKNOWN, notation
from companion.sentences import join
from companion.sentences.animals_on_board import group_number
from companion.sentences.animals_on_board import tile as aob_tile
from companion.sentences.hare_tortoise import animal
from companion.sentences.niagara import paddle, plan
from companion.sentences.noah import dock_number
from web.i18n import translate


def name_of(game_id: str, piece_id: str, lang: str) -> str:
    if piece_id == UNKNOWN:
        return "?"
    return piece_name(game_id, piece_id, lang) or piece_id


def generic_label(game_id: str, move_json: Mapping[str, Any], lang: str) -> str:
    text = notation(game_id, move_json)
    if len(text) > 90:
        text = text[:87] + "..."
    names = [
        name_of(game_id, v, lang)
        for k, v in move_json.items()
        if k != "type" and isinstance(v, str) and piece_name(game_id, v, lang)
    ]
    return text + "".join(f" · {n}" for n in names)


_NOAH: dict[str, tuple[str, str]] = {
    "play": ("Play {card}", "打出 {card}"),
    "take": ("Take every card of this ferry", "拿走這艘駁船上的所有牌"),
    "noah": ("Move Noah to dock {dock}", "把挪亞移到碼頭 {dock}"),
    "gift": ("Give {card} to {to}", "把 {card} 送給 {to}"),
    "giveback": ("Give {card} back", "還回 {card}"),
    "ferry": ("Face up on the next ferry: {card}", "翻開放上下一艘駁船：{card}"),
    "deal": ("Deal {card}", "發牌：{card}"),
    "place": ("Noah starts at dock {dock}", "挪亞從碼頭 {dock} 開始"),
    "first": ("{player} starts the round", "{player} 先開始這回合"),
    "steal": ("The lion draws {card}", "獅子抽到 {card}"),
    "reveal": ("Reveal {card}", "亮出 {card}"),
}


def noah_label(move_json: Mapping[str, Any], lang: str) -> str:
    kind = str(move_json.get("type"))
    if kind not in _NOAH:
        return generic_label("noah", move_json, lang)
    zh = lang == "zh-Hant"
    card = move_json.get("card")
    values: dict[str, Any] = dict(move_json)
    if "dock" in values:
        values["dock"] = dock_number(values["dock"])
    if isinstance(card, str):
        values["card"] = (
            ("一張未知的牌" if zh else "a face-down card")
            if card == UNKNOWN
            else name_of("noah", card, lang)
        )
    gender = move_json.get("gender")
    if gender in ("M", "F") and isinstance(card, str):
        values["card"] = _snail(card, gender, lang)
    text = _NOAH[kind][1 if zh else 0].format_map(_Missing(values))
    target = move_json.get("target")
    if target and isinstance(card, str):
        text += _NOAH_TARGET[_species(card) == "LIO"][1 if zh else 0].format(player=target)
    return text


_NOAH_TARGET = {
    False: (" and look at {player}'s hand", "，看 {player} 的手牌"),
    True: (" and draw a card from {player}'s hand", "，從 {player} 的手牌抽一張"),
}
"""What a giraffe (False) or a lion (True) does to the opponent its player names."""


def _species(card: str) -> str:
    found = piece("noah", card)
    return str(found["data"].get("species", "")) if found else ""


def _snail(card: str, gender: str, lang: str) -> str:
    """The snail played as the gender its player chose ("a Snail, as a male")."""
    found = piece("noah", card)
    data = found["data"] if found else {}
    word = translate("male" if gender == "M" else "female", lang)
    if lang == "zh-Hant":
        return f"{data.get('species_zh', '蝸牛')}（當作{word}性）"
    return f"{data.get('species_en', 'Snail')} as a {word}"


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


_AOB: dict[str, tuple[str, str]] = {
    "draw": ("Draw {tile}", "抽到 {tile}"),
    "remove": ("Leave {species} out of this game", "本局移除 {species}"),
    "give": ("Put {tiles} face up in the centre", "把 {tiles} 翻開放到中央"),
    "reveal": ("Reveal {tile} on your ark", "亮出方舟上的 {tile}"),
    "cut": ("Send {tiles} back to the box", "把 {tiles} 放回盒中"),
    "split": (
        "Split group {group}: move tiles {part} to a new group",
        "拆開第 {group} 組：把第 {part} 張板塊移到新的一組",
    ),
    "merge": (
        "Lay tiles {part} of group {group} with group {into}",
        "把第 {group} 組的第 {part} 張板塊併到第 {into} 組",
    ),
    "take": ("Take group {group}", "拿走第 {group} 組"),
    "pass": ("Pass", "放棄"),
}


def animals_on_board_label(move_json: Mapping[str, Any], lang: str) -> str:
    kind = str(move_json.get("type"))
    if kind not in _AOB:
        return generic_label("animals_on_board", move_json, lang)
    values = _Missing(move_json)
    for key in ("group", "into"):
        if key in values:
            values[key] = group_number(values[key])
    tile = move_json.get("tile")
    if isinstance(tile, str):
        values["tile"] = name_of("animals_on_board", tile, lang)
    species = move_json.get("species")
    if isinstance(species, str):
        values["species"] = name_of("animals_on_board", f"{species}V1", lang).rsplit(" ", 1)[0]
    if tile == UNKNOWN:
        values["tile"] = aob_tile(UNKNOWN, lang)
    tiles = move_json.get("tiles")
    if isinstance(tiles, list):
        values["tiles"] = _aob_tiles([str(t) for t in tiles], lang)
    part = move_json.get("part")
    if isinstance(part, str):
        values["part"] = join([str(ord(c) - 96) for c in part], lang)
    text = _AOB[kind][1 if lang == "zh-Hant" else 0]
    if isinstance(part, str) and len(part) == 1:
        text = text.replace("tiles {part}", "tile {part}")
    return text.format_map(values)


def _aob_tiles(tiles: list[str], lang: str) -> str:
    """Tiles by name; tiles nobody at this seat has seen as how many they are ("2 tiles",
    not "? and ?")."""
    if tiles and all(t == UNKNOWN for t in tiles):
        n = len(tiles)
        return f"{n} 張板塊" if lang == "zh-Hant" else ("a tile" if n == 1 else f"{n} tiles")
    return join([aob_tile(t, lang) for t in tiles], lang)


def niagara_label(move_json: Mapping[str, Any], lang: str) -> str:
    zh = lang == "zh-Hant"
    kind = move_json.get("type")
    if kind == "arm":
        left = move_json.get("arm") == "L"
        if zh:
            return "河水流一步：" + ("左支流" if left else "右支流")
        return "Run the river one step: " + ("the left arm" if left else "the right arm")
    if kind == "choose":
        tile = str(move_json.get("tile"))
        if tile == "?":
            return "選好一支船槳（蓋著）" if zh else "Choose a paddle, face down"
        what = ("雲朵" if zh else "the cloud") if tile == "C" else tile
        return f"選擇船槳：{what}" if zh else f"Choose paddle {what}"
    if kind in ("paddle", "cloud"):
        return paddle(move_json, lang)
    if kind == "canoe":  # one canoe's part of a paddle move, as the river drawing offers it
        return plan(move_json, lang)
    return generic_label("niagara", move_json, lang)


_RACE_TO: dict[str, tuple[str, str]] = {
    "podium": ("podium place {n}", "頒獎台第 {n} 名"),
    "start": ("the start line", "起跑線"),
    "finish": ("the finish line", "終點線"),
    "space": ("space {n}", "第 {n} 格"),
}


_HARE: dict[str, tuple[str, str]] = {
    "bet": ("Deal a starting bet: {card}", "發起始下注卡：{card}"),
    "deal": ("Deal a race card: {card}", "發賽跑卡：{card}"),
    "keep": ("Keep {card} face down as your second bet", "把 {card} 蓋著留作第二張下注卡"),
    "draw": ("Draw a race card: {card}", "抽一張賽跑卡：{card}"),
    "reshuffle": ("Shuffle the discards into a new draw pile", "把棄牌洗成新的牌堆"),
    "play": ("Play {cards}", "打出 {cards}"),
    "reveal": ("{player} shows the second bet: {card}", "{player} 亮出第二張下注卡：{card}"),
    "track": ("Lay the track: streams at spaces {streams}", "擺好賽道：溪流在第 {streams} 格"),
}


def _hare_card(card: str, lang: str) -> str:
    zh = lang == "zh-Hant"
    if card in ("?", UNKNOWN):
        return "一張蓋著的牌" if zh else "a face-down card"
    if card == "W!":
        return "野狼卡（狼嚎）" if zh else "a wolf card with the howl"
    name = animal(card, lang)
    return f"{name}卡" if zh else f"a {name.removeprefix('the ')} card"


def _hare_cards(card: str, n: int, lang: str) -> str:
    """``n`` cards of one kind ("2 lamb cards", 「2 張綿羊卡」), one as :func:`_hare_card`."""
    if n == 1 or card in ("?", UNKNOWN, "W!"):
        return join([_hare_card(card, lang)] * n, lang)
    name = animal(card, lang)
    return f"{n} 張{name}卡" if lang == "zh-Hant" else f"{n} {name.removeprefix('the ')} cards"


def hare_tortoise_label(move_json: Mapping[str, Any], lang: str) -> str:
    """A Hare and Tortoise move in words; a race moved by hand says where each pawn goes
    (podium places first)."""
    kind = str(move_json.get("type"))
    zh = lang == "zh-Hant"
    if kind in _HARE:
        values = _Missing(move_json)
        if isinstance(move_json.get("card"), str):
            values["card"] = _hare_card(str(move_json["card"]), lang)
        cards = [str(c) for c in move_json.get("cards", [])]
        values["cards"] = join(
            [_hare_cards(c, cards.count(c), lang) for c in dict.fromkeys(cards)], lang
        )
        values["streams"] = join([str(n) for n in move_json.get("streams", [])], lang)
        return _HARE[kind][1 if zh else 0].format_map(values)
    if kind != "race":
        return generic_label("hare_tortoise", move_json, lang)
    podium = [str(a) for a in move_json.get("podium", [])]
    parts: list[str] = []
    for code, pos in zip(HARE_TRACK.pawns, move_json.get("positions", []), strict=False):
        if code in podium:
            key, n = "podium", podium.index(code) + 1
        elif pos <= 0:
            key, n = "start", 0
        elif pos >= HARE_TRACK.finish:
            key, n = "finish", 0
        else:
            key, n = "space", int(pos)
        where = _RACE_TO[key][1 if zh else 0].format(n=n)
        parts.append(f"{name_of('hare_tortoise', 'A' + code, lang)} → {where}")
    head = "移動棋子：" if zh else "Move the pawns: "
    return head + ("；" if zh else "; ").join(parts)
