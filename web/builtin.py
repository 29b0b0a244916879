"""The five games as the pages show them, each registered once in ``web.presenters``.

Moves in words come from ``web.labels``, tables as SVG geometry from
``web.drawings`` (Ark Nova's moves and its table of zoos from ``web.ark_nova``,
its seat's own table and turn by touch from ``companion.ark_nova_seat``), the templates are the
app's own (``web/templates/games/``), and below are the words those templates
say, in English and Traditional Chinese.
"""

from __future__ import annotations

from companion.ark_nova_seat import BUILDINGS
from companion.sentences.ark_nova import ACTION_NAMES, TOKENS, building_name
from web import ark_nova, drawings, labels
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
    "tears": ("{n} tears", "{n} 滴眼淚"),
    "tears_one": ("1 tear", "1 滴眼淚"),
    "noah_dock_help": (
        "Tap the dock Noah goes to next on the pentagon, or his ferry to take its cards.",
        "在五角形上點挪亞接下來要去的碼頭，或點他的駁船拿走上面的牌。",
    ),
}

ANIMALS_ON_BOARD_WORDS = {
    "aob_stack": ("{n} tiles in the bag", "袋中 {n} 片"),
    "aob_stack_one": ("1 tile in the bag", "袋中 1 片"),
    "aob_supply": ("{n} food crates in the supply", "補給區 {n} 個食物箱"),
    "aob_supply_one": ("1 food crate in the supply", "補給區 1 個食物箱"),
    "aob_group": ("Group {n}", "第 {n} 組"),
    "aob_removed": ("Species out of this game", "本局移除的物種"),
    "aob_food": ("{n} food", "食物 {n}"),
    "aob_tiles": ("{n} tiles", "{n} 片動物"),
    "aob_tiles_one": ("1 tile", "1 片動物"),
    "aob_dropped": ("dropped out this round", "本回合已退出"),
    "aob_start": ("start player", "起始玩家"),
    "aob_face_down": ("a face-down tile", "一張蓋著的板塊"),
    "aob_ark": ("Your ark", "你的方舟"),
    "aob_overflow": ("Overflow", "滿出的動物"),
    "aob_pick": ("Tap tiles of a group to split them off", "點選同一組裡的板塊，把它們拆出來"),
    "aob_pick_help": (
        "Tap again to put a tile back. Splitting earns a food crate; taking a group costs a "
        "crate per tile.",
        "再點一次可放回。拆開可得一箱食物；拿走一組每張板塊付一箱食物。",
    ),
    "aob_split_these": ("Split off the chosen tiles", "把選好的板塊拆成新的一組"),
    "aob_take_group": ("Take group {n}", "拿走第 {n} 組"),
    "aob_phase_remove": ("Leaving species out", "移除物種"),
    "aob_phase_deal": ("Dealing", "發板塊"),
    "aob_phase_give": ("Giving tiles to the centre", "交出板塊到中央"),
    "aob_phase_refill": ("Refilling the centre", "補充中央"),
    "aob_phase_play": ("Split or take a group", "拆開或拿走一組"),
    "aob_phase_reveal": ("Revealing the arks", "亮出方舟"),
    "aob_phase_cut": ("Cutting arks to ten", "方舟減到十張"),
    "aob_phase_over": ("Game over", "遊戲結束"),
}

HARE_TORTOISE_WORDS = {
    "hare_deck": ("{n} cards in the deck", "牌堆 {n} 張"),
    "hare_deck_one": ("1 card in the deck", "牌堆 1 張"),
    "hare_streams": ("Streams", "小溪"),
    "hare_podium": ("Podium", "頒獎台"),
    "hare_played": ("Played this round", "本輪打出"),
    "hare_bets": ("Bets", "下注"),
    "hare_animal_H": ("hare", "兔子"),
    "hare_animal_T": ("tortoise", "烏龜"),
    "hare_animal_W": ("wolf", "野狼"),
    "hare_animal_F": ("fox", "狐狸"),
    "hare_animal_L": ("lamb", "綿羊"),
    "hare_animal_W!": ("wolf (howl)", "野狼（狼嚎）"),
    "hare_animal_?": ("face down", "蓋著"),
    "hare_phase_bets": ("Dealing the starting bets", "發起始下注卡"),
    "hare_phase_track": ("Laying the track", "擺放賽道"),
    "hare_phase_deal": ("Dealing the race cards", "發賽跑卡"),
    "hare_phase_keep": ("Keeping a second bet", "留下第二張下注卡"),
    "hare_phase_play": ("Playing cards", "出牌"),
    "hare_phase_refill": ("Refilling hands", "補牌"),
    "hare_phase_race": ("The race", "賽跑"),
    "hare_phase_reveal": ("Showing the second bets", "亮出第二張下注卡"),
    "hare_phase_over": ("Game over", "遊戲結束"),
    "hare_your_cards": ("Your race cards", "你的賽跑卡"),
    "hare_tap_cards": (
        "Tap an animal, then how many of its cards to play (or which to keep as your second bet).",
        "點一種動物，再選要打出幾張（或留哪一張作第二張下注卡）。",
    ),
    "hare_howl_mark": ("with the howl", "含狼嚎"),
    "hare_your_bets": ("Your bets", "你的下注卡"),
    "hare_race_help": (
        "Move the pawns on the table as the dashed circles show, then tap the move below.",
        "照虛線圓圈把桌上的棋子移好，再點下面的動作。",
    ),
}

NIAGARA_WORDS = {
    "niagara_weather": ("Weather {n}", "天氣 {n}"),
    "niagara_flow": ("this round the river flows {n} steps", "本回合河水流 {n} 步"),
    "niagara_flow_one": ("this round the river flows 1 step", "本回合河水流 1 步"),
    "niagara_falls": ("The falls", "瀑布"),
    "niagara_lost": ("Over the falls", "已落下瀑布"),
    "niagara_lost_canoe": ("{player}'s canoe {n}", "{player} 的獨木舟 {n}"),
    "niagara_bank": ("gems banked", "已存寶石"),
    "niagara_hand": ("paddles in hand", "手上的船槳"),
    "niagara_landing": ("Landing", "岸邊"),
    "niagara_cloud": ("cloud", "雲朵"),
    "niagara_chosen": ("paddle chosen", "已選船槳"),
    "niagara_revealed": ("revealed", "已亮出"),
    "niagara_gem_V": ("violet", "紫色"),
    "niagara_gem_W": ("clear", "透明"),
    "niagara_gem_Y": ("yellow", "黃色"),
    "niagara_gem_B": ("blue", "藍色"),
    "niagara_gem_P": ("pink", "粉紅色"),
    "niagara_phase_choose": ("Choosing paddles", "選擇船槳"),
    "niagara_phase_act": ("Paddling", "划船"),
    "niagara_phase_flow": ("The river flows", "河水流動"),
    "niagara_phase_over": ("Game over", "遊戲結束"),
    "niagara_paddles": ("Your paddles", "你的船槳"),
    "niagara_paddle_n": ("paddle {n}", "船槳 {n}"),
    "niagara_tap_paddle": (
        "Tap a paddle to see where it takes your canoes.",
        "點一支船槳，看看它能把你的獨木舟划到哪裡。",
    ),
    "niagara_tap_canoe": ("Tap one of your canoes on the river.", "點河上你的一艘獨木舟。"),
    "niagara_tap_slot": (
        "Tap a lit place: where this paddle takes that canoe. Then choose what it loads.",
        "點亮起的位置：這支船槳能把那艘獨木舟划到的地方，再選要裝卸的寶石。",
    ),
    "niagara_preview": (
        "Tap a paddle to see where it would take your canoes now (the players before you "
        "move first), then lay it face down.",
        "點一支船槳，預覽它現在能把獨木舟划到哪裡（在你之前的玩家會先移動），再把它蓋著放下。",
    ),
    "niagara_your_canoe": ("your canoe {n}", "你的獨木舟 {n}"),
    "niagara_slot_main": ("river space {n}", "河道第 {n} 格"),
    "niagara_slot_left": ("space {n} of the left arm", "左支流第 {n} 格"),
    "niagara_slot_right": ("space {n} of the right arm", "右支流第 {n} 格"),
    "niagara_start_over": ("Start over", "重新選擇"),
}

ARK_NOVA_WORDS = {
    "ark_map": ("Your zoo on Map A", "你的動物園（地圖 A）"),
    "ark_strength": ("Strength {n}", "強度 {n}"),
    "ark_placements": ("{n} legal placements", "{n} 種合法擺法"),
    "ark_placements_one": ("1 legal placement", "1 種合法擺法"),
    "ark_you": ("Your zoo's tracks", "你的動物園軌道"),
    "ark_money": ("{n} money", "{n} 元"),
    "ark_appeal": ("appeal {n}", "吸引力 {n}"),
    "ark_cp": ("conservation {n}", "保育 {n}"),
    "ark_reputation": ("reputation {n}", "聲望 {n}"),
    "ark_x": ("X-tokens {n}", "X 標記 {n}"),
    "ark_choose_action": ("Choose an action card", "選一張行動卡"),
    "ark_side_one": ("side I", "基本面"),
    "ark_side_two": ("side II", "升級面"),
    "ark_spend_x": (
        "X-tokens spent on this action: {n} of {k}",
        "這次行動花的 X 標記：{n}（共 {k} 個）",
    ),
    "ark_x_less": ("Spend one X-token less", "少花一個 X 標記"),
    "ark_x_more": ("Spend one X-token more", "多花一個 X 標記"),
    "ark_take_x": (
        "Or move a card to slot 1 for an X-token",
        "或把一張行動卡移到第 1 格，拿一個 X 標記",
    ),
    "ark_build_title": ("Build at strength {n}: choose a building", "強度 {n} 的建造：選一種建築"),
    "ark_acting": (
        "The {card} action is under way: {n} taken so far. Choose the next, or finish it.",
        "{card}行動進行中：已完成 {n} 項。選下一項，或結束這個行動。",
    ),
    "ark_spend_help": (
        "Spend the X-tokens first; then the action's choices come at the raised strength.",
        "先花掉 X 標記，行動的選項就會以提高後的強度列出。",
    ),
    "ark_tap_hex": (
        "Tap a green hex for the building's corner, then rotate or flip it; "
        "the companion checks it before you build.",
        "點一個綠色格子放建築，再旋轉或翻面；小幫手會在建造前先檢查。",
    ),
    "ark_rotate": ("Rotate", "旋轉"),
    "ark_flip": ("Flip", "翻面"),
    "ark_off_map": ("That building does not fit there.", "這個建築放不進那裡。"),
    "ark_record_title": ("Record your zoo", "記錄你的動物園"),
    "ark_record_help": (
        "Build and play animals above as they lie in your zoo; record your final-scoring card "
        "and your last turn here. A whole zoo can be typed as JSON in the field below.",
        "在上面照你動物園的樣子建造、打出動物；最終計分卡和你的最後一回合在這裡記錄。"
        "整座動物園也可以在下面的欄位用 JSON 輸入。",
    ),
    "ark_transfer_title": (
        "Move animals into the new special enclosure",
        "把動物搬進新蓋的特殊圍欄",
    ),
    "ark_transfer_help": (
        "You may move animals that can live there now, one at a time; the smallest occupied "
        "standard enclosure that suits each one turns back to empty. Tap Done when finished.",
        "現在可以把住得進去的動物一隻一隻搬過去；每搬一隻，符合牠需求的最小已入住一般圍欄就翻回空的一面。"
        "搬完請按結束。",
    ),
    "ark_animals_title": ("Choose an animal, then its enclosure", "選一隻動物，再選牠的圍欄"),
    "ark_nothing": ("Nothing this card can do now.", "這張行動卡現在沒有可做的事。"),
    "ark_owed": ("Your choice now", "現在輪到你選擇"),
    "ark_discard_title": ("Discard {n} cards", "棄掉 {n} 張牌"),
    "ark_discard_title_one": ("Discard 1 card", "棄掉 1 張牌"),
    "ark_discard_help": (
        "Tap the cards to discard ({k} of {n} chosen), then confirm.",
        "點選要棄掉的牌（已選 {k} / {n} 張），再確認。",
    ),
    "ark_hex": ("Hex {where}", "格子 {where}"),
    "ark_hand": ("Your hand ({n} cards)", "你的手牌（{n} 張）"),
    "ark_hand_one": ("Your hand (1 card)", "你的手牌（1 張）"),
    "ark_display": ("The display", "展示區"),
    "ark_zoos": ("The zoos", "各動物園"),
    "ark_player": ("Player", "玩家"),
    "ark_cards_in_hand": ("cards in hand", "手牌"),
    "ark_animals_played": ("animals", "動物"),
    "ark_sponsors_played": ("sponsors", "贊助"),
    "ark_break": ("Break token: {n} of {k}", "休息標記：{n} / {k}"),
    "ark_effect_help": (
        "Count what the effect gave (a minus for what it cost), then confirm; nothing for none.",
        "算出這個效果帶來了什麼（花掉的用減號），再確認；沒有就直接確認。",
    ),
    "ark_unique_help": (
        "Tap on the map the hexes the sponsor's building covers ({n} so far); tap one "
        "again to take it back.",
        "在地圖上點選這位贊助商的建築蓋住的格子（已選 {n} 格）；再點一次可取消。",
    ),
    "ark_less": ("One less: {what}", "少一：{what}"),
    "ark_more": ("One more: {what}", "多一：{what}"),
    "ark_g_money": ("money", "金錢"),
    "ark_g_appeal": ("appeal", "吸引力"),
    "ark_g_conservation": ("conservation", "保育點數"),
    "ark_g_reputation": ("reputation", "聲望"),
    "ark_g_x_tokens": ("X-tokens", "X 標記"),
    "ark_g_cards": ("cards", "卡牌"),
    "ark_quick_link": (
        "Quick score of a game played without the app",
        "快速計分（沒用小幫手玩的一局）",
    ),
    "quick_title": ("Ark Nova: quick score", "方舟動物園：快速計分"),
    "quick_help": (
        "Type what lies on each player's board at the end. A field left empty is not entered "
        "(never zero): the breakdown says so and gives no score until it is filled in.",
        "輸入遊戲結束時每位玩家圖板上的數字。留空的欄位是「未輸入」而不是零："
        "計分明細會標明，填好之前不算出分數。",
    ),
    "quick_printing": ("Which printing of the final-scoring cards", "最終計分卡的版本"),
    "quick_printing_first": ("first printing", "初版"),
    "quick_printing_marine_worlds": ("revised with Marine Worlds", "海洋世界修訂版"),
    "quick_player": ("Player {n}", "玩家 {n}"),
    "quick_name": ("Name", "名字"),
    "quick_appeal": ("Appeal", "吸引力"),
    "quick_conservation": ("Conservation points (before final scoring)", "保育點數（最終計分前）"),
    "quick_final": ("Kept final-scoring card", "保留的最終計分卡"),
    "quick_final_none": ("No card kept", "沒有保留"),
    "quick_final_count": ("What the card counts (its number)", "這張卡計算的數量"),
    "quick_sponsors": ("End-game sponsor", "遊戲結束時計分的贊助卡"),
    "quick_sponsors_help": (
        "End-game sponsors played, each with what it counts (1 for a condition met).",
        "打出的遊戲結束計分贊助卡，各填它計算的數量（條件達成填 1）。",
    ),
    "quick_sponsor": ("Sponsor {n}", "贊助卡 {n}"),
    "quick_count": ("Count", "數量"),
    "quick_no_sponsors": ("No end-game sponsor played", "沒有打出遊戲結束計分的贊助卡"),
    "quick_projects": (
        "Conservation projects supported (breaks ties)",
        "支持的保育計畫數（平手時比較）",
    ),
    "quick_score": ("Score", "計分"),
    "quick_result": ("The breakdown", "計分明細"),
    "quick_ranking": ("Ranking: {players}", "名次：{players}"),
    "quick_incomplete": (
        "Not every field is entered: a player with a field left empty has no score yet.",
        "還有欄位未輸入：有空白欄位的玩家還沒有分數。",
    ),
    "quick_tie_undecided": (
        "Tied, and the projects that break the tie are not entered: {players}",
        "平手，而決定平手的保育計畫數未輸入：{players}",
    ),
    "quick_vp": ("{n} points", "{n} 分"),
    "quick_vp_one": ("1 point", "1 分"),
    "quick_no_score": ("no score yet", "尚無分數"),
    "quick_not_entered": ("not entered", "未輸入"),
    "quick_not_number": (
        "{what}: {value!r} is not a whole number; type digits only, or leave it empty",
        "{what}：「{value}」不是整數；請只輸入數字，或留空",
    ),
    "quick_not_a_choice": (
        "{what!r} is not one of the cards offered; choose it from the list",
        "「{what}」不是清單裡的卡；請從清單選",
    ),
    "quick_no_players": (
        "Type at least one player's name to score.",
        "請至少輸入一位玩家的名字再計分。",
    ),
    "ark_tokens": ("Tokens on it: {what}", "卡上的標記：{what}"),
    "ark_tokens_row": ("tokens on action cards", "行動卡上的標記"),
    "ark_tokens_help": (
        "Put each token where the card's ability sends it, one at a time; then confirm the "
        "rest of the effect below.",
        "照這張牌的能力一個一個放標記，放完再在下面確認這個效果的其餘部分。",
    ),
    **{f"ark_a_{card}": words for card, words in ACTION_NAMES.items()},
    **{f"ark_t_{kind}": words for kind, words in TOKENS.items()},
    **{
        f"ark_b_{kind}": (building_name(kind, "en"), building_name(kind, "zh-Hant"))
        for kind in BUILDINGS
    },
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
        seat_template="games/animals_on_board_seat.html",
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
        seat_template="games/hare_tortoise_seat.html",
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
        seat_template="games/niagara_seat.html",
        templates=None,
        words=NIAGARA_WORDS,
    ),
)
register(
    "ark_nova",
    Presenter(
        label=ark_nova.ark_nova_label,
        drawing=ark_nova.ark_nova_drawing,
        table_template="games/ark_nova.html",
        seat_template="games/ark_nova_seat.html",
        templates=None,
        words=ARK_NOVA_WORDS,
        own_moves=True,
        quick_score="quick.ark_nova",
    ),
)
