"""The Hare and the Tortoise's race phases and bets in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.sentences import pick
from engines.hare_tortoise.catalog import (
    ANIMAL_CODES,
    ANIMAL_ZH,
    ANIMALS,
    FINISH,
    MAX_ANIMAL,
    MAX_TABLE,
)

_ZH = dict(zip(ANIMALS, ANIMAL_ZH, strict=True)) | dict(zip(ANIMAL_CODES, ANIMAL_ZH, strict=True))
_EN = dict(zip(ANIMALS, ANIMALS, strict=True)) | dict(zip(ANIMAL_CODES, ANIMALS, strict=True))
_PLACE_EN = ("1st", "2nd", "3rd")

_WHY: dict[str, tuple[str, str]] = {
    "moved": ("", ""),
    "no_move": (" (no move)", "（不動）"),
    "nap": (" (naps: 4 hare cards while leading)", "（領先時出了 4 張兔子卡：睡午覺）"),
    "howl": (" (hides from the howl: only the wolf runs)", "（狼嚎：只有野狼跑）"),
    "stream": (" (stops to drink at the stream)", "（停在溪邊喝水）"),
    "skipped": (" (already on the podium)", "（已在頒獎台上）"),
    "race_over": (" (the race is over)", "（比賽已經結束）"),
}


def animal(code: str, lang: str) -> str:
    """An animal by its name or letter ("the fox"; 「狐狸」)."""
    return pick(lang, "the " + _EN.get(code, code), _ZH.get(code, code))


def _spot(n: int, lang: str) -> str:
    """A pawn's place as the track shows it: the start, a space 1 to 11, or the finish line
    (every position at or past it)."""
    if n <= 0:
        return pick(lang, "the start", "起跑線")
    if n >= FINISH:
        return pick(lang, "the finish line", "終點線")
    return pick(lang, f"space {n}", f"第 {n} 格")


def _trigger(trigger: Mapping[str, Any], lang: str) -> str:
    """What started the race: a full table of 8 cards, or 4 cards of one animal (§5.5)."""
    name = trigger.get("animal")
    if name is None:
        return pick(lang, f"{MAX_TABLE} cards on the table", f"桌上有 {MAX_TABLE} 張卡")
    return pick(
        lang,
        f"{MAX_ANIMAL} {_EN.get(name, name)} cards on the table",
        f"桌上有 {MAX_ANIMAL} 張{_ZH.get(name, name)}卡",
    )


class HareSentences:
    """The Hare and the Tortoise's :class:`companion.messages.Sentences`."""

    def event(self, kind: str, data: Mapping[str, Any], lang: str) -> str | None:
        if kind != "race":
            return None
        trigger = dict(data.get("trigger", {}))
        parts = []
        for line in data.get("animals", []):
            n = int(line["cards"])
            who = animal(str(line["animal"]), lang)
            who = who[0].upper() + who[1:]
            if line["reason"] == "podium":
                place = int(line["place"])
                why = pick(
                    lang,
                    f" (reaches the podium, {_PLACE_EN[place - 1]})",
                    f"（登上頒獎台，第 {place} 名）",
                )
            else:
                en, zh = _WHY.get(str(line["reason"]), ("", ""))
                why = pick(lang, en, zh)
            start, end = _spot(line["from"], lang), _spot(line["to"], lang)
            way = (
                pick(lang, f"stays at {start}", f"留在{start}")
                if start == end
                else pick(lang, f"{start} to {end}", f"{start}到{end}")
            )
            cards = pick(lang, f"{n} {'card' if n == 1 else 'cards'}", f"{n} 張")
            parts.append(pick(lang, f"{who}, {cards}: {way}{why}", f"{who} {cards}：{way}{why}"))
        cause = _trigger(trigger, lang)
        by = str(trigger.get("player"))
        text = pick(
            lang, f"Race ({cause} after {by} played): ", f"賽跑（{by} 出牌後{cause}）："
        ) + pick(lang, "; ", "；").join(parts)
        if data.get("wolf_only_next"):
            text += pick(lang, "; the howl: only the wolf runs next time", "；狼嚎：下次只有野狼跑")
        if data.get("race_over"):
            text += pick(
                lang,
                "; three animals on the podium: the race is over",
                "；三隻動物上了頒獎台：比賽結束",
            )
        return text + pick(lang, ".", "。")

    def line(self, code: str, params: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
        if code != "hare_tortoise.bet":
            return None
        who = animal(str(params["animal"]), lang)
        starting = params.get("bet") == "starting"
        label = pick(
            lang,
            "Starting bets" if starting else "Second bet",
            "起始下注" if starting else "第二張下注",
        )
        place = params.get("place")
        if place is None:
            return label, pick(lang, f"{who} missed the podium", f"{who}沒有登上頒獎台")
        return label, pick(
            lang, f"{who} finished {_PLACE_EN[int(place) - 1]}", f"{who}得到第 {place} 名"
        )

    def tiebreak(self, lang: str) -> str | None:
        return pick(lang, "the best-placed bet animal", "下注動物名次較好者勝")

    def points(self, n: int | float, lang: str) -> str | None:
        return None


SENTENCES = HareSentences()
"""The Hare and the Tortoise's sentences."""
