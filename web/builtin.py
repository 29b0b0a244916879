"""The five games as the pages show them, each registered once in ``web.presenters``.

Moves in words come from ``web.labels`` (Ark Nova's moves are their notation),
tables as SVG geometry from ``web.drawings`` (Ark Nova shows its view as a
list, and its seat page Map A from ``companion.boards``), the templates are the
app's own (``web/templates/games/``), and below are the words those templates
say, in English and Traditional Chinese.
"""

from __future__ import annotations

from web import drawings, labels
from web.presenters import Presenter, register

NOAH_WORDS = {
    "your_hand": ("Your hand", "你的手牌"),
    "hand_help": (
        "Tap a card to play it; the companion says why when it may not go on this ferry.",
        "點一張牌打出；若不能放上這艘駁船，小幫手會說明原因。",
    ),
    "dock": ("Dock {n}", "碼頭 {n}"),
    "no_ferry": ("no ferry", "無駁船"),
    "weight": ("weight {w} / limit {l}", "重量 {w} / 上限 {l}"),
    "next_gender": ("next: {g}", "下一張：{g}"),
    "noah_here": ("Noah is here", "挪亞在此"),
    "reserve": ("Ferries in reserve: {n}", "備用駁船：{n}"),
    "departed": ("Departures this round: {n}", "本回合已出發：{n}"),
    "tears": ("tears", "眼淚"),
}

ANIMALS_ON_BOARD_WORDS = {
    "aob_stack": ("{n} tiles in the bag", "袋中 {n} 片"),
    "aob_supply": ("{n} food crates in the supply", "補給區 {n} 個食物箱"),
    "aob_group": ("Group {n}", "第 {n} 組"),
    "aob_removed": ("Species out of this game", "本局移除的物種"),
    "aob_food": ("{n} food", "食物 {n}"),
    "aob_tiles": ("{n} tiles", "{n} 片動物"),
    "aob_dropped": ("dropped out this round", "本回合已退出"),
    "aob_ark": ("Your ark", "你的方舟"),
    "aob_overflow": ("Overflow", "滿出的動物"),
}

HARE_TORTOISE_WORDS = {
    "hare_deck": ("{n} cards in the deck", "牌堆 {n} 張"),
    "hare_streams": ("Streams", "小溪"),
    "hare_podium": ("Podium", "頒獎台"),
    "hare_played": ("Played this round", "本輪打出"),
    "hare_bets": ("Your bets", "你的下注"),
}

NIAGARA_WORDS = {
    "niagara_weather": ("Weather {n}", "天氣 {n}"),
    "niagara_falls": ("The falls", "瀑布"),
    "niagara_lost": ("Over the falls", "已落下瀑布"),
    "niagara_bank": ("gems banked", "已存寶石"),
    "niagara_hand": ("paddles in hand", "手上的船槳"),
}

ARK_NOVA_WORDS = {
    "ark_map": ("Your zoo on Map A", "你的動物園（地圖 A）"),
    "ark_map_help": (
        "Choose the Build strength to light up every hex a new building may cover.",
        "選擇建造行動的強度，亮起新建築可以覆蓋的所有格子。",
    ),
    "ark_strength": ("Strength {n}", "強度 {n}"),
    "ark_placements": ("{n} legal placements", "{n} 種合法擺法"),
}


register(
    "noah",
    Presenter(
        label=labels.noah_label,
        drawing=drawings.noah_drawing,
        table_template="games/noah.html",
        seat_template="games/noah_seat.html",
        templates=None,
        words=NOAH_WORDS,
    ),
)
register(
    "animals_on_board",
    Presenter(
        label=labels.animals_on_board_label,
        drawing=drawings.animals_on_board_drawing,
        table_template="games/animals_on_board.html",
        seat_template=None,
        templates=None,
        words=ANIMALS_ON_BOARD_WORDS,
    ),
)
register(
    "hare_tortoise",
    Presenter(
        label=labels.hare_tortoise_label,
        drawing=drawings.hare_tortoise_drawing,
        table_template="games/hare_tortoise.html",
        seat_template=None,
        templates=None,
        words=HARE_TORTOISE_WORDS,
    ),
)
register(
    "niagara",
    Presenter(
        label=labels.niagara_label,
        drawing=drawings.niagara_drawing,
        table_template="games/niagara.html",
        seat_template=None,
        templates=None,
        words=NIAGARA_WORDS,
    ),
)
register(
    "ark_nova",
    Presenter(
        label=None,
        drawing=None,
        table_template=None,
        seat_template="games/ark_nova_seat.html",
        templates=None,
        words=ARK_NOVA_WORDS,
    ),
)
