"""The app's own refusals in the page's language: tables, links, setup, uploads, photos.

A game's refusal of a move is said by ``companion.reasons`` from the engine's
code and params. The refusals of the app around the games (a link that opens
no seat, a table that changed while a player chose, a setup with two players
of the same name, a photo too large or too blurred) are
:class:`engines.core.EngineError` s with a ``code`` (``table.*``, ``setup.*``,
``photo.*``) and the ``params`` their English sentence is built from; this
module says them in Traditional Chinese from the same code and params (and in
English too where the English sentence is for programs: :data:`ENGLISH`). An
error without a code gets its kind's sentence, and an HTTP error of the web
server its status's (``http.<status>``). ``tests/web/test_refusal_words.py``
checks that every code the program raises has its Chinese sentence here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engines
from companion.messages import fields, typeset_zh
from companion.sentences import ZH
from engines.core import EngineError, InvalidMove, InvalidSetup, InvalidState
from printables.mats import mat_name

TEMPLATES: dict[str, str] = {
    # Tables and their links.
    "table.not_found": "找不到這一桌：請向主持人要一個新的連結。",
    "table.not_a_seat": "這個連結打不開這一桌的座位：請向主持人要你的連結。",
    "table.not_host": "這個連結打不開這一桌的主持人頁面。",
    "table.not_your_turn": "現在輪到 {player}，還不是你。",
    "table.not_your_move": "這一步要由 {player} 來做，不是你。",
    "table.check_on_your_turn": "現在輪到 {player}：輪到你的時候再檢查你的動作。",
    "table.changed": "你選擇的時候，這一桌已經變了（另一支手機先送出了）：請再看一次，重新選擇。",
    "table.take_back_refused": (
        "只能收回你自己的上一步：要在別人行動之前，而且那一步沒有讓你看到任何牌或板塊；"
        "主持人可以復原。"
    ),
    "table.nothing_to_undo": "沒有可以收回的動作。",
    "table.closed": "小幫手正在關閉或重新啟動：請稍後重新載入。",
    "table.unreachable": "目前連不上牌桌的資料：請稍後重新載入。",
    "table.no_version": "這個請求沒有說明是在這一桌的哪個時候送出的：請重新載入頁面再試一次。",
    "table.bad_json": "看不懂這個請求的 JSON 內容。",
    "table.no_move": "這個請求沒有指出任何動作：請點選頁面上的動作。",
    "table.unreadable_move": "看不懂「{move}」：這不是{game}的動作；請點選頁面上列出的動作。",
    "table.unreadable_move_data": "看不懂這個{game}的動作：請點選頁面上列出的動作。",
    "table.stale_form": "這個表單已經過期，或來自別的網站：請重新載入頁面。",
    "table.no_game": "小幫手沒有這個遊戲。",
    "table.no_state_file": "請先選擇要繼續的遊戲存檔。",
    "table.state_too_big": "這個檔案太大了，不會是遊戲存檔。",
    "table.state_not_text": "這個檔案不是遊戲存檔（它不是 JSON 文字）。",
    # The camera that follows a table.
    "table.no_camera": "小幫手啟動時沒有接上攝影機。",
    "table.camera_elsewhere": "攝影機正在跟著另一桌：請先在那一桌停止。",
    "table.camera_not_here": "攝影機沒有在跟著這一桌。",
    "table.camera_cannot_follow": "攝影機還不能跟著{game}。",
    "table.camera_failed": "攝影機打不開：請檢查它的連線，再試一次。",
    "table.camera_no_picture": "攝影機還沒有送來這一桌的畫面。",
    "table.no_question": "攝影機沒有在等任何問題的回答。",
    "table.no_such_candidate": "這個問題的選項是 1 到 {count}。",
    "table.no_choice": "這個回答沒有選任何一個選項。",
    "table.camera_answer_by": "現在輪到 {player}：由他們回答攝影機的問題。",
    # Setting up a table.
    "setup.unknown_game": "小幫手沒有這個遊戲。",
    "setup.player_count": "{game}要 {low} 到 {high} 位玩家，不是 {count} 位。",
    "setup.name_length": "玩家名字要 1 到 24 個字。",
    "setup.name_reserved": "玩家名字「{name}」是保留的：請換一個。",
    "setup.names_differ": "每位玩家的名字都要不一樣。",
    "setup.players_list": "玩家要是一串名字。",
    "setup.options_mapping": "規則選項要是選項名稱和選擇的對照。",
    "setup.no_option": "{game}沒有這個規則選項。",
    "setup.bad_choice": "這個規則選項沒有這個選擇。",
    "setup.seed": "種子要是 0 到 {high} 的整數。",
    # Photos.
    "photo.empty": "上傳的檔案是空的：請再拍一次。",
    "photo.missing": "請先選擇或拍一張照片。",
    "photo.too_large": "這張照片大於 {limit} MB。",
    "photo.not_an_image": "這個檔案不是照片：請上傳 JPEG 或 PNG。",
    "photo.format": "小幫手讀不了這種圖片格式：請上傳 JPEG 或 PNG。",
    "photo.too_many_pixels": (
        "這張照片的像素太多了（最多 {limit} 百萬像素）：請用較低的解析度再拍一次。"
    ),
    "photo.damaged": "這張照片壞了或不完整：請再拍一次。",
    "photo.too_slow": "這張照片讀太久了：請從正上方、靠近一點，再拍一次。",
    "photo.failed": "讀這張照片時出了問題：請再拍一次。",
    "photo.busy": "正在讀另一張照片（或讀取器剛啟動）：請過幾秒再送一次。",
    "photo.too_many": "這台裝置在 {seconds} 秒內送了超過 {limit} 張照片：請稍等一下再送。",
    "photo.no_mats": (
        "照片裡看不到這個遊戲的墊子：請從正上方拍，整張墊子連同四角的黑色方塊都要入鏡。"
    ),
    "photo.overlay": "畫不出這張照片的標示圖。",
    "photo.not_scored": "{game}不能用照片計分。",
    "photo.no_still": "攝影機還沒看到靜止的牌桌：請把手移開，稍等一下。",
    "photo.incomplete": (
        "還不能決定贏家：{gaps}。請從正上方、靠近一點再拍一次，那些墊子要完整而清楚。"
    ),
    "photo.layout": "照片裡的擺放不能計分：請依照計分需要擺好，再拍一次。",
    # The web server's own answers.
    "http.400": "看不懂這個請求：請回到上一頁，再試一次。",
    "http.403": "這個連結不能打開這個頁面。",
    "http.404": "這個網址沒有頁面：請從首頁或主持人給你的連結開始。",
    "http.405": "這個網址不接受這種請求：請從頁面上的按鈕操作。",
    "http.413": "上傳的檔案太大了。",
    "http.429": "這台裝置對這一桌試了太多錯誤的連結：請等一分鐘，再掃一次 QR 碼。",
}
"""The zh-Hant sentence of each code, with ``{param}`` places for its params."""

ENGLISH: dict[str, str] = {
    "table.unreadable_move": (
        "the companion cannot read “{move}” as a move of {game}: tap one of the moves this "
        "page lists"
    ),
    "table.unreadable_move_data": (
        "the companion cannot read this move of {game}: tap one of the moves this page lists"
    ),
}
"""The English a page says for a code whose English sentence is for programs (an unreadable
move's names the game by its id and says how the parser failed), with ``{param}`` places."""

KINDS: tuple[tuple[type[EngineError], str], ...] = (
    (InvalidMove, "看不懂這個動作：請點選頁面上列出的動作。"),
    (InvalidState, "這個存檔讀不了：它可能是另一個遊戲的、較新版本的，或已經損壞。"),
    (InvalidSetup, "這一桌不能用這些玩家或規則選項開始：請檢查後再試一次。"),
)
"""The zh-Hant sentence of an error without a code, by its kind."""

GAP_WORDS: dict[str, str] = {
    "missing": "照片裡沒有{mats}",
    "cut": "{mats}只有一部分在照片裡",
    "unread": "{mats}上有標籤讀不出來",
    "short": "{mats}上的配件比遊戲裡的少",
}
"""The parts of ``photo.incomplete``: one per kind of gap, each naming its mats."""


def said(error: EngineError, lang: str) -> str:
    """The app's refusal ``error`` in ``lang``: its English sentence, or the Chinese one
    of its code (else of its kind) filled with its params."""
    english = str(error)
    if lang != ZH:
        text = ENGLISH.get(error.code or "")
        filled = _filled(error.params, "en")
        if text is not None and fields(text) <= filled.keys():
            return text.format(**filled)
        return english
    text = TEMPLATES.get(error.code or "")
    if text is not None and fields(text) <= _filled(error.params).keys():
        return typeset_zh(text.format(**_filled(error.params)))
    for kind, sentence in KINDS:
        if isinstance(error, kind):
            return sentence
    return TEMPLATES["http.400"]


def http_said(status: int, english: str, lang: str) -> str:
    """The web server's own answer for ``status`` (a page not found, a method not
    allowed) in ``lang``."""
    if lang != ZH:
        return english
    return TEMPLATES.get(f"http.{status}", TEMPLATES["http.400"])


def _filled(params: Mapping[str, Any], lang: str = ZH) -> dict[str, Any]:
    """Params as the sentences in ``lang`` show them: a game id as the game's name, in
    Chinese the gaps of an incomplete photo as clauses."""
    out = dict(params)
    game = out.get("game")
    game_id = game if isinstance(game, str) and game in engines.GAMES else None
    if isinstance(game, str) and game in engines.GAMES:
        out["game"] = str(engines.GAMES[game].info.names[lang])
    gaps = out.get("gaps")
    if lang == ZH and isinstance(gaps, Mapping):
        out["gaps"] = "；".join(
            GAP_WORDS[kind].format(mats="、".join(_mat(m, game_id) for m in mats))
            for kind, mats in gaps.items()
            if kind in GAP_WORDS and mats
        )
    return out


def _mat(mat: Mapping[str, Any] | str, game: str | None = None) -> str:
    """A mat as players call it, by the name its print bears: "小明的墊子（方舟墊 1）", or
    "墊子 river" where the game is not known."""
    if isinstance(mat, Mapping):
        owner, key = mat.get("owner"), str(mat["mat"])
    else:
        owner, key = None, str(mat)
    name = _printed_name(game, key)
    if name is None:
        return f"{owner}的墊子 {key}" if owner else f"墊子 {key}"
    return f"{owner}的墊子（{name}）" if owner else name


def _printed_name(game: str | None, mat: str) -> str | None:
    """The zh-Hant name ``mat`` of ``game`` is printed with, or None for a mat not known."""
    if game is None:
        return None
    try:
        return mat_name(game, mat, ZH)
    except KeyError:
        return None
