"""What the pages say: moves, history, turns and scores in words, from views and JSON only.

Nothing here decides legality or reads a full state: it turns
``state.view(player)``, move JSON and ``public_move`` output into labels in
the reader's language, naming pieces from the game's catalog.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.boards import HARE_TRACK
from companion.catalog_info import piece_name
from companion.games import CHANCE, UNKNOWN, notation
from companion.sessions import DEALER, HOST, Table
from web.i18n import translate

MOVES_SHOWN = 60
"""Legal moves drawn as buttons; past that the page asks for the notation (Ark Nova).
Chance outcomes are all offered, in one menu when there are many."""

HISTORY_SHOWN = 25
"""History entries on a page, newest first."""


def name_of(game_id: str, piece_id: str, lang: str) -> str:
    if piece_id == UNKNOWN:
        return "?"
    return piece_name(game_id, piece_id, lang) or piece_id


def _generic_label(game_id: str, move_json: Mapping[str, Any], lang: str) -> str:
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


def _noah_label(move_json: Mapping[str, Any], lang: str) -> str:
    kind = str(move_json.get("type"))
    if kind not in _NOAH:
        return _generic_label("noah", move_json, lang)
    zh = lang == "zh-Hant"
    card = move_json.get("card")
    values: dict[str, Any] = dict(move_json)
    if isinstance(card, str):
        values["card"] = (
            ("一張未知的牌" if zh else "a face-down card")
            if card == UNKNOWN
            else name_of("noah", card, lang)
        )
    text = _NOAH[kind][1 if zh else 0].format_map(_Missing(values))
    gender = move_json.get("gender")
    if gender in ("M", "F"):
        word = translate("male" if gender == "M" else "female", lang)
        text += f"（{word}）" if zh else f" as {word}"
    target = move_json.get("target")
    if target:
        text += f" → {target}"
    return text


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
        "Split group {group}: move {part} to a new group",
        "拆開第 {group} 組：把 {part} 移到新組",
    ),
    "take": ("Take group {group}", "拿走第 {group} 組"),
    "pass": ("Pass", "放棄"),
}


def _aob_label(move_json: Mapping[str, Any], lang: str) -> str:
    kind = str(move_json.get("type"))
    if kind not in _AOB:
        return _generic_label("animals_on_board", move_json, lang)
    values = _Missing(move_json)
    tile = move_json.get("tile")
    if isinstance(tile, str):
        values["tile"] = name_of("animals_on_board", tile, lang)
    species = move_json.get("species")
    if isinstance(species, str):
        values["species"] = name_of("animals_on_board", f"{species}V1", lang).rsplit(" ", 1)[0]
    tiles = move_json.get("tiles")
    if isinstance(tiles, list):
        values["tiles"] = ", ".join(name_of("animals_on_board", str(t), lang) for t in tiles)
    return _AOB[kind][1 if lang == "zh-Hant" else 0].format_map(values)


def _niagara_label(move_json: Mapping[str, Any], lang: str) -> str:
    if move_json.get("type") == "arm":
        left = move_json.get("arm") == "L"
        if lang == "zh-Hant":
            return "河水流一步：" + ("左支流" if left else "右支流")
        return "Run the river one step: " + ("the left arm" if left else "the right arm")
    return _generic_label("niagara", move_json, lang)


_RACE_TO: dict[str, tuple[str, str]] = {
    "podium": ("podium place {n}", "頒獎台第 {n} 名"),
    "start": ("the start line", "起跑線"),
    "finish": ("the finish line", "終點線"),
    "space": ("space {n}", "第 {n} 格"),
}


def _hare_label(move_json: Mapping[str, Any], lang: str) -> str:
    """A race moved by hand in words: where each pawn goes (podium places first)."""
    if move_json.get("type") != "race":
        return _generic_label("hare_tortoise", move_json, lang)
    zh = lang == "zh-Hant"
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


_LABELS: dict[str, Callable[[Mapping[str, Any], str], str]] = {
    "animals_on_board": _aob_label,
    "hare_tortoise": _hare_label,
    "noah": _noah_label,
    "niagara": _niagara_label,
}


def move_label(game_id: str, move_json: Mapping[str, Any], lang: str) -> str:
    """A move in words, in ``lang``."""
    label = _LABELS.get(game_id)
    if label is not None:
        return label(move_json, lang)
    return _generic_label(game_id, move_json, lang)


@dataclass(frozen=True)
class MoveButton:
    """One legal move as a tap target, with the companion's advice on it (if any)."""

    label: str
    notation: str
    json: str
    advice: str = ""


def move_buttons(
    table: Table, lang: str, advice: Mapping[str, Any] | None = None
) -> list[MoveButton]:
    """The legal moves now, as buttons (at most ``MOVES_SHOWN``; every chance outcome)."""
    notes = _advice_notes(advice, lang)
    out = []
    moves = table.state.legal_moves()
    if table.state.to_move != CHANCE:
        moves = moves[:MOVES_SHOWN]
    for move in moves:
        data = move.to_json()
        text = move.notation()
        out.append(
            MoveButton(
                move_label(table.game, data, lang),
                text,
                json.dumps(data, separators=(",", ":"), ensure_ascii=False),
                notes.get(text, ""),
            )
        )
    return out


def _advice_notes(advice: Mapping[str, Any] | None, lang: str) -> dict[str, str]:
    """Per move notation, the falls forecast in words: each canoe's chance to stay afloat."""
    if not advice:
        return {}
    notes = {}
    for line in advice.get("lines", []):
        if line.get("move") is None:
            continue
        parts = [
            translate("afloat", lang, n=i, p=round(100 * chance))
            for i, chance in enumerate(line["survival"], start=1)
        ]
        notes[str(line["move"])] = " · ".join(parts)
    return notes


def actor_label(actor: str, lang: str) -> str:
    if actor == DEALER:
        return translate("dealer", lang)
    if actor == HOST:
        return translate("host", lang)
    return actor


def history(table: Table, viewer: str | None, lang: str) -> list[dict[str, Any]]:
    """The history as ``viewer`` may see it, newest first, with the explanations.

    Runs of the same line with nothing to explain (eight face-down deals) are
    shown once with a count.
    """
    out: list[dict[str, Any]] = []
    for n, step in enumerate(table.history, start=1):
        public = step.public(viewer)
        entry = {
            "n": n,
            "actor": actor_label(step.actor, lang),
            "move": public,
            "label": move_label(table.game, public, lang),
            "events": [e.text for e in step.events],
            "times": 1,
        }
        last = out[-1] if out else None
        if (
            last is not None
            and not last["events"]
            and not entry["events"]
            and (last["actor"], last["label"]) == (entry["actor"], entry["label"])
        ):
            last["times"] += 1
            last["n"] = n
            continue
        out.append(entry)
    out = out[-HISTORY_SHOWN:]
    out.reverse()
    return out


def history_json(table: Table, viewer: str | None) -> list[dict[str, Any]]:
    """The whole history as ``viewer`` may see it, oldest first (JSON routes)."""
    return [
        {
            "actor": step.actor,
            "move": step.public(viewer),
            "events": [e.to_json() for e in step.events],
        }
        for step in table.history
    ]


def turn_line(table: Table, player: str | None, lang: str) -> tuple[str, str]:
    """A status line and its kind (``mine``, ``chance``, ``wait``, ``over``)."""
    to_move = table.state.to_move
    if to_move is None:
        return translate("game_over", lang), "over"
    if to_move == CHANCE:
        return translate("table_turn", lang), "chance"
    if to_move == player:
        return translate("your_turn", lang), "mine"
    return translate("waiting_for", lang, player=to_move), "wait"


def outcome_json(table: Table) -> dict[str, Any] | None:
    outcome = table.state.outcome()
    return None if outcome is None else outcome.to_json()


def score_rows(
    outcome: Mapping[str, Any], order: Sequence[str] | None = None
) -> tuple[list[str], list[dict[str, Any]]]:
    """The breakdown as a table: labels down, one column per player, in ranking order
    (or in ``order``: the seats, for a photo laid out seat by seat)."""
    players = (
        list(order)
        if order is not None
        else [p for tier in outcome["ranking"] for p in tier["players"]]
    )
    labels: list[str] = []
    for p in players:
        for line in outcome["breakdown"].get(p, []):
            if line["label"] not in labels:
                labels.append(line["label"])
    rows = []
    for label in labels:
        cells = {}
        for p in players:
            lines = [ln for ln in outcome["breakdown"].get(p, []) if ln["label"] == label]
            cells[p] = {
                "points": sum(ln["points"] for ln in lines) if lines else "",
                "detail": "; ".join(ln["detail"] for ln in lines if ln["detail"]),
            }
        rows.append({"label": label, "cells": cells})
    return players, rows
