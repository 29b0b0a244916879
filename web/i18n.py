"""English and Traditional Chinese for the pages.

The language comes from the ``lang`` cookie (set by the switch on every page),
else from the browser's Accept-Language. The app's own messages are here; the
words of a game's templates are its ``Presenter.words`` (``web.presenters``).
A refusal speaks the page's language
through ``companion/reasons.py`` (the ``reason`` helper in templates); events, score lines
and the tie-break through ``companion.sentences``, rule options through
``companion.messages.option_words`` (the ``options_of`` helper); names of games and pieces
come in both languages from the catalogs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Flask, g, request

from companion.app_reasons import said
from companion.games import EngineError
from companion.messages import option_words, typeset_zh
from companion.reasons import reason_text
from companion.sentences import join
from web.presenters import word

LANGS = ("en", "zh-Hant")
LANG_NAMES = {"en": "English", "zh-Hant": "繁體中文"}

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (English, Traditional Chinese)
    "app": ("Table Companion", "桌遊小幫手"),
    "tagline": (
        "Rules, checks and scores beside your real game table.",
        "在真實的桌遊旁：規則、檢查、計分。",
    ),
    "players_range": ("{lo}–{hi} players", "{lo}–{hi} 位玩家"),
    "start_table": ("Start a table", "開一桌"),
    "resume_title": ("Continue a saved game", "繼續已儲存的遊戲"),
    "resume_help": (
        "Choose the game and the state file saved from the host page or the command line.",
        "選擇遊戲與從主持頁面或命令列存下的狀態檔。",
    ),
    "state_file": ("State file (JSON)", "狀態檔（JSON）"),
    "resume": ("Continue", "繼續"),
    "choose_file": ("Choose a file", "選擇檔案"),
    "no_file": ("No file chosen yet", "尚未選擇檔案"),
    "choose_photo": ("Take or choose a photo", "拍照或選擇照片"),
    "no_photo": ("No photo chosen yet", "尚未選擇照片"),
    "game": ("Game", "遊戲"),
    "new_title": ("New table: {game}", "開新桌：{game}"),
    "seats": ("Players, clockwise", "玩家（順時針）"),
    "seat_n": ("Player {n}", "玩家 {n}"),
    "seat_help": (
        "Fill in {lo} to {hi} names; leave the rest empty.",
        "填入 {lo} 到 {hi} 個名字；其餘留空。",
    ),
    "chance": ("Who shuffles and deals?", "誰洗牌、發牌？"),
    "chance_seeded": (
        "The companion (it deals; phones show the cards)",
        "小幫手（由它發牌，手機顯示手牌）",
    ),
    "chance_table": (
        "We do, at the table (phones ask what was drawn)",
        "我們自己在桌上（手機會詢問抽到什麼）",
    ),
    "seed": (
        "Repeat a deal: its number (optional)",
        "重現某次發牌：輸入其編號（可不填）",
    ),
    "options": ("Rule options", "規則選項"),
    "default": (" (default)", "（預設）"),
    "create": ("Create the table", "建立牌桌"),
    "host_title": ("Host: {game}", "主持：{game}"),
    "host_help": (
        "Each player scans their own code with their phone. Keep this page to yourself: "
        "it can undo moves.",
        "每位玩家用手機掃描自己的條碼。此頁面請自己保留：它可以悔棋。",
    ),
    "live_title": ("Camera", "攝影機"),
    "live_start": ("Follow this table with the camera", "用攝影機跟隨這一桌"),
    "live_other": (
        "The camera is following another table.",
        "攝影機正在跟隨另一桌。",
    ),
    "live_picture": ("What the camera sees", "攝影機看到的畫面"),
    "live_legend": (
        "Each zone of the mats is tinted green where its tags can be read, orange where "
        "barely, red where not; a green box is a piece read, an orange box a tag that could "
        "not be read.",
        "墊子的每一區依條碼能否讀到上色：綠色讀得到，橘色勉強，紅色讀不到；綠框是讀到的配件，"
        "橘框是讀不出的條碼。",
    ),
    "live_waiting": ("Waiting for a still view of the table.", "等待牌桌畫面靜止。"),
    "live_frames": ("{n} frames seen", "已看 {n} 張畫面"),
    "live_frames_one": ("1 frame seen", "已看 1 張畫面"),
    "live_ended": (
        "The camera stopped sending pictures: check its cable or connection, then start it again.",
        "攝影機停止送出畫面：請檢查它的線路或連線，再重新開始。",
    ),
    "live_question": (
        "The camera saw a change that fits several moves: which was it?",
        "攝影機看到的變化符合多種動作：是哪一個？",
    ),
    "live_refused": ("The camera saw a move that is not allowed", "攝影機看到不允許的動作"),
    "live_mismatch": ("The table does not add up", "牌桌對不上"),
    "live_underway": (
        "Pieces are still being moved; the move is checked once it is complete",
        "棋子仍在移動中；動作完成後再檢查",
    ),
    "list_sep": (", ", "、"),
    "colon": (": ", "："),
    "clause_sep": ("; ", "；"),
    "live_played": ("The camera saw", "攝影機看到"),
    "seat_link": ("Open {player}'s seat", "開啟 {player} 的座位"),
    "board_link": ("Public board for a shared screen", "共享螢幕用的公開牌桌"),
    "undo": ("Undo the last move", "悔一步"),
    "save_state": ("Save the game state (JSON)", "儲存遊戲狀態（JSON）"),
    "you_are": ("You are {player}", "你是 {player}"),
    "your_turn": ("Your turn", "輪到你了"),
    "waiting_for": ("Waiting for {player}", "等待 {player}"),
    "table_turn": ("The table says what was drawn", "請由牌桌輸入抽到的結果"),
    "game_over": ("The game is over", "遊戲結束"),
    "moves": ("Your moves", "你可以做的動作"),
    "chance_inputs": ("What did the table draw?", "牌桌抽到了什麼？"),
    "chance_apply": ("Enter", "輸入"),
    "more_moves": ("{n} more moves: type one below", "還有 {n} 個動作：請在下方輸入"),
    "more_moves_one": ("1 more move: type it below", "還有 1 個動作：請在下方輸入"),
    "try_move": ("Check or play a move by its notation", "以記號檢查或執行動作"),
    "check": ("Check", "檢查"),
    "play": ("Play", "執行"),
    "legal": ("Legal: {move}", "合法：{move}"),
    "illegal": ("Not allowed", "不允許"),
    "take_back": ("Take back my last move", "收回我剛才的動作"),
    "take_back_help": (
        "Until the next player acts.",
        "在下一位玩家行動之前都可以。",
    ),
    "unreadable_move": (
        "This move cannot be read: tap one of the moves above.",
        "看不懂這個動作：請點選上面列出的動作。",
    ),
    "all_moves": ("Every move as a list", "所有動作的清單"),
    "code_details": ("Details for the program", "給程式看的細節"),
    "history": ("History", "紀錄"),
    "nothing_yet": ("Nothing has happened yet.", "尚未有任何動作。"),
    "scores": ("Scores", "分數"),
    "score_title": ("Final scores: {game}", "最終分數：{game}"),
    "not_over": ("The game is not over yet; no final score.", "遊戲尚未結束，沒有最終分數。"),
    "rank": ("Place", "名次"),
    "player": ("Player", "玩家"),
    "total": ("Total", "總計"),
    "winner": ("Winner: {players}", "勝利者：{players}"),
    "winners": ("Winners: {players}", "勝利者：{players}"),
    "lowest_wins": ("The lowest total wins.", "總分最低者獲勝。"),
    "highest_wins": ("The highest total wins.", "總分最高者獲勝。"),
    "see_scores": ("See the final scores", "查看最終分數"),
    "hands": ("Hands", "手牌"),
    "cards": ("{n} cards", "{n} 張牌"),
    "cards_one": ("1 card", "1 張牌"),
    "board": ("Table", "牌桌"),
    "round": ("Round {n}", "第 {n} 回合"),
    "male": ("male", "雄"),
    "female": ("female", "雌"),
    "afloat": ("canoe {n}: {p}% afloat", "獨木舟 {n}：{p}% 不落瀑布"),
    "niagara_forecast": (
        "Each choice shows how likely each of your canoes stays afloat this round.",
        "每個選項顯示你的每艘獨木舟本回合不落下瀑布的機率。",
    ),
    "scan_title": ("Photo of the table", "拍下牌桌"),
    "scan_read": ("Read the photo", "讀取照片"),
    "scan_result": ("What the photo shows", "照片中看到的"),
    "scan_zone": ("Zone", "區域"),
    "scan_nothing": (
        "No tagged piece was read on this photo.",
        "這張照片沒有讀到任何貼了條碼的配件。",
    ),
    "scan_issues": ("What does not add up", "對不上的地方"),
    "scan_new": ("New on the table: {pieces}", "牌桌上新出現：{pieces}"),
    "scan_moves": ("Apply it to the game", "套用到遊戲"),
    "scan_no_move": (
        "No legal move names a new piece; type the move below, or take another photo.",
        "沒有合法動作提到新出現的配件；請在下方輸入動作，或再拍一張。",
    ),
    "scan_back": ("Back to my seat", "回到我的座位"),
    "photo_score_title": ("Score from a photo", "拍照計分"),
    "photo_score_help": (
        "At the end of the game, lay it out for scoring, each player's things on the mat "
        "with their seat number, and take one photo from above with every mat whole in it.",
        "遊戲結束時，依計分需要擺好：每位玩家的配件放在標有自己座位號碼的墊子上，"
        "再從正上方拍一張照片，每張墊子都要完整入鏡。",
    ),
    "photo_score_read": ("Score the photo", "為照片計分"),
    "photo_score_result": ("Scores from a photo: {game}", "照片計分：{game}"),
    "photo_score_readonly": (
        "Only a result to look at: it does not record or finish the game on the companion.",
        "僅供查看：不會記錄或結束小幫手上的這局遊戲。",
    ),
    "photo_score_seats": ("Seats", "座位"),
    "photo_score_seen": ("What was read (every tag boxed)", "讀到的內容（每個條碼都已框出）"),
    "overlay_legend": (
        "Blue outlines each mat found; a green box is a piece read, an orange box a tag "
        "that could not be read, a red box a tag that is not this game's, is there twice or "
        "lies out of place.",
        "藍框是找到的墊子；綠框是讀到的配件，橘框是讀不出的條碼，紅框是不屬於本遊戲、重複或位置不對的條碼。",
    ),
    "photo_score_camera": (
        "From the camera's latest still view of the table.",
        "來自攝影機最近一次靜止的牌桌畫面。",
    ),
    "photo_score_refused": ("This photo cannot be scored", "這張照片無法計分"),
    "photo_score_nothing_lost": (
        "Nothing was changed: fix the layout or the photo and send it again.",
        "沒有任何更動：請調整擺放或照片後再送一次。",
    ),
    "photo_score_back": ("Back", "返回"),
    "live_score": ("Score the table now", "現在為牌桌計分"),
    "live_score_help": (
        "Scores the end-of-game layout in the camera's latest still view.",
        "為攝影機最近一次靜止畫面中的終局擺放計分。",
    ),
    "state": ("What you can see", "你看得到的資訊"),
    "error": ("Something is wrong", "出了點問題"),
    "back_home": ("Back to the start", "回到首頁"),
    "dealer": ("the companion", "小幫手"),
    "host": ("the host", "主持人"),
    "language": ("Language", "語言"),
}


def pick_language() -> str:
    """The language of this request: the switch's cookie, else the browser's choice (read
    once per request; a page asks several times)."""
    picked = g.get("lang")
    if picked is None:
        picked = g.lang = _language()
    return str(picked)


def _language() -> str:
    chosen = request.cookies.get("lang")
    if chosen in LANGS:
        return chosen
    best = request.accept_languages.best_match(["en", "zh-Hant", "zh-TW", "zh-HK", "zh"])
    return "zh-Hant" if best and best.startswith("zh") else "en"


def translate(key: str, lang: str, **values: object) -> str:
    """The message ``key`` in ``lang`` with ``values`` filled in: the app's own, else a
    game's (its ``Presenter.words``); where ``n`` is 1, the message ``<key>_one`` if there
    is one ("1 card", "1 tear").

    Raises:
        KeyError: neither the app nor a game has the message.
    """
    found = None
    if values.get("n") == 1:  # "1 card", not "1 cards": a message may say one apart
        found = _MESSAGES.get(f"{key}_one") or word(f"{key}_one")
    found = found or _MESSAGES.get(key) or word(key)
    if found is None:
        raise KeyError(f"no message {key!r}")
    en, zh = found
    if lang != "zh-Hant":
        return en.format(**values) if values else en
    return typeset_zh(zh.format(**values)) if values else zh


def init_app(app: Flask) -> None:
    """Give templates ``lang``, ``_`` (translate into the request's language), ``reason`` (a
    game's refusal in it), ``refusal`` (the app's), ``options_of`` (a game's rule
    options in it) and ``and_list`` (names as a list a person reads: "Ann and Bob",
    「小明和阿華」)."""

    @app.context_processor
    def inject() -> dict[str, object]:
        lang = pick_language()

        def _(key: str, **values: object) -> str:
            return translate(key, lang, **values)

        def reason(verdict: Mapping[str, Any]) -> str:
            return reason_text(verdict, lang)

        def refusal(error: EngineError) -> str:
            return said(error, lang)

        def and_list(items: Sequence[Any]) -> str:
            return join([str(i) for i in items], lang)

        def options_of(game: Mapping[str, Any]) -> list[dict[str, Any]]:
            return [option_words(str(game["id"]), o, lang) for o in game["options"]]

        return {
            "lang": lang,
            "_": _,
            "reason": reason,
            "refusal": refusal,
            "options_of": options_of,
            "and_list": and_list,
            "LANGS": LANGS,
            "LANG_NAMES": LANG_NAMES,
        }
