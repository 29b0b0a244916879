"""The five games' rule options in Traditional Chinese: what each decides, and each choice.

Each is a game's ``Messages.options``: per option name, (the question, per choice
its explanation), beside the engine's English ``RuleOption.text`` and
``choice_text``.
"""

from __future__ import annotations

from collections.abc import Mapping

Options = Mapping[str, tuple[str, Mapping[str, str]]]

NOAH: Options = {
    "extra_turn": (
        "打出哪種牌可以再行動一次。",
        {
            "couple": "與最上面的牌同種且性別相反（規則原文）",
            "species": "與最上面的牌同種，性別不限（出版商、BGA）",
        },
    ),
    "noah_round_start": (
        "第 2、3 回合挪亞從哪裡開始。",
        {"keep": "留在上一回合結束的位置", "any": "在桌上選任何一艘駁船"},
    ),
    "starting_snail_gender": (
        "回合開始時翻開放上駁船的蝸牛是什麼性別。",
        {"table": "看朝上的那一端，在桌上輸入", "random": "隨機決定"},
    ),
    "round_start_tie": (
        "多位玩家同為最高分時，第 2、3 回合由誰開始。",
        {"table": "由牌桌決定", "random": "隨機決定"},
    ),
    "end_at_26": (
        "遊戲進行多久。",
        {"off": "剛好 3 回合", "on": "直到某回合結束時有人達到 26 分以上"},
    ),
    "promo_cards": (
        "官方宣傳卡（青蛙、鱷魚、室友駁船）；本程式不含。",
        {"none": "基本遊戲的 47 張動物牌"},
    ),
}

ANIMALS_ON_BOARD: Options = {
    "food_cap": (
        "持有 5 個食物的玩家拆開一組時。",
        {
            "return_then_take": "還一箱、拿一箱：維持 5 個（規則原文）",
            "drop_to_four": "還一箱：降為 4 個（BBLOG 的解讀）",
        },
    ),
    "overflow_tiles": (
        "方舟上超過第十張的板塊。",
        {"face_up": "翻開放在方舟前，公開（規則原文）", "face_down": "蓋著放，和方舟一樣隱藏"},
    ),
    "removed_species": (
        "2 或 3 人遊戲時移除的物種。",
        {"chosen": "由玩家選擇；起始玩家輸入", "random": "隨機抽出（由牌桌或模擬遊戲的亂數）"},
    ),
}

HARE_TORTOISE: Options = {
    "howl": (
        "狼嚎卡讓哪一次賽跑只有野狼跑。",
        {
            "next_phase": "下一次賽跑（規則原文）",
            "this_phase": "這些牌觸發的這一次賽跑（出版商簡介）",
        },
    ),
    "lamb_zero_cards": (
        "桌上沒有綿羊卡時綿羊走幾格。",
        {"0": "不動", "1": "1 格（把「牌數 + 1」照字面讀）"},
    ),
    "stream_positions": (
        "兩張溪流板塊在哪裡。",
        {"table": "依擺好的賽道輸入", "random": "由模擬遊戲（固定亂數）抽出"},
    ),
    "race": (
        "賽跑時由誰移動棋子。",
        {"auto": "程式，在最後一張補牌抽出時", "by_hand": "觸發的玩家，以一個由程式檢查的賽跑動作"},
    ),
}

NIAGARA: Options = {
    "arm_policy": (
        "程式建議或模擬時，每一步水流走分岔的哪一邊。",
        {
            "alternate": "與上一步相反，先走左邊（規則原文：通常一左一右）",
            "random": "每一步左右機會相同",
            "ask": "不建議：每一步由牌桌輸入（模擬時隨機）",
        },
    ),
    "gems_per_hollow": (
        "開局時每個凹槽放幾顆該顏色的寶石。",
        {"7": "七顆，每種顏色的第八顆備用", "8": "全部八顆"},
    ),
    "tiebreak": (
        "多位玩家在同一回合達成目標時。",
        {
            "shared": "共同獲勝（規則原文）",
            "gem_value": "寶石價值總和最高者獲勝（紫 1 ... 粉紅 5，BGA）",
        },
    ),
}

ARK_NOVA: Options = {
    "final_scoring_printing": (
        "盒裡的最終計分卡是哪一版印刷。",
        {
            "first": "初版（規則書 1.0 版的門檻）",
            "marine_worlds": "隨「海洋世界」擴充附上的修訂版",
        },
    ),
    "base_projects_face_up": (
        "開局時翻開幾張基本保育計畫卡。",
        {"seed": "不論人數都是 4 張", "rulebook": "4 人遊戲 4 張，其他 3 張"},
    ),
    "mode": (
        "由程式一回合一回合進行，還是記錄桌上擺好的動物園。",
        {
            "turns": "逐回合進行：開局、五種行動、休息和遊戲結束，全部由程式檢查",
            "record": "由牌桌記錄每座動物園；程式檢查建造和動物，並計算終局分數",
        },
    ),
    "score_scale": (
        "最終分數怎麼顯示。",
        {
            "rulebook": "勝利點數（吸引力減去目標）",
            "plus_100": "勝利點數加 100（BGA 的算法）",
        },
    ),
}
