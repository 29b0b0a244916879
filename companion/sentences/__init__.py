"""Events, score lines and tie-breaks as sentences with names, in English and Traditional Chinese.

An engine's event keeps its facts beside its English text (``Event.kind`` and
``Event.data``), a score line beside its label (``ScoreLine.code`` and
``params``). Each game's :class:`companion.messages.Sentences` (its
``Messages.sentences``) words them in both languages with the pieces' names;
a game without one gets its zh-Hant templates (``Messages.events`` and
``Messages.lines``) filled with the params, else the engine's English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.messages import MESSAGES, Messages, fields, typeset_zh
from companion.reasons import zh_value

ZH = "zh-Hant"


def pick(lang: str, en: str, zh: str) -> str:
    """``zh`` for a Chinese page, else ``en``."""
    return zh if lang == ZH else en


def join(items: Sequence[str], lang: str, *, word: tuple[str, str] = ("and", "和")) -> str:
    """Items as a list a person reads ("a, b and c"; 「甲、乙和丙」), the last two joined by
    ``word`` (English, Chinese): :func:`either` joins them by "or"."""
    items = [str(i) for i in items]
    if not items:
        return pick(lang, "none", "無")
    if len(items) == 1:
        return items[0]
    if lang == ZH:
        head, last = "、".join(items[:-1]), items[-1]
        left = " " if head[-1:].isascii() and head[-1:].isalnum() else ""
        right = " " if last[:1].isascii() and last[:1].isalnum() else ""
        # 「小明和阿華」, 「Ann 和 Bob」, 「老虎 1 和河馬 2」
        return f"{head}{left}{word[1]}{right}{last}"
    return ", ".join(items[:-1]) + f" {word[0]} " + items[-1]


def either(items: Sequence[str], lang: str) -> str:
    """Choices as a person reads them ("a, b or c"; 「甲、乙或丙」)."""
    return join(items, lang, word=("or", "或"))


def _sentences(game_id: str) -> tuple[Messages | None, Any]:
    messages = MESSAGES.get(game_id)
    return messages, (messages.sentences if messages is not None else None)


def _template(game_id: str, template: str | None, params: Mapping[str, Any]) -> str | None:
    if template is None or not fields(template) <= params.keys():
        return None
    return template.format(**{k: zh_value(game_id, v) for k, v in params.items()})


def event_text(game_id: str, event: Mapping[str, Any], lang: str) -> str:
    """An event's JSON (``kind``, ``text``, ``data``) as a sentence in ``lang``."""
    kind, data = str(event.get("kind", "")), dict(event.get("data") or {})
    messages, sentences = _sentences(game_id)
    said = sentences.event(kind, data, lang) if sentences is not None else None
    if said is None and lang == ZH and messages is not None:
        said = _template(game_id, messages.events.get(kind), data)
    return _typeset(said if said is not None else str(event.get("text", "")), lang)


def line_words(game_id: str, line: Mapping[str, Any], lang: str) -> tuple[str, str]:
    """A score line's JSON as its row label and its detail in ``lang``."""
    code, params = str(line.get("code", "")), dict(line.get("params") or {})
    messages, sentences = _sentences(game_id)
    said = sentences.line(code, params, lang) if sentences is not None else None
    if said is not None:
        return _typeset(said[0], lang), _typeset(said[1], lang)
    if lang == ZH and messages is not None:
        detail = _template(game_id, messages.lines.get(code), params)
        if detail is not None:
            return typeset_zh(detail), ""
    return str(line.get("label", "")), str(line.get("detail", ""))


def _typeset(text: str, lang: str) -> str:
    return typeset_zh(text) if lang == ZH else text


def points_text(game_id: str, points: int | float, lang: str) -> str:
    """A total or a score line's points as the game counts them in ``lang`` ("11 tears",
    "a goal met"); the number alone where the game counts points."""
    _, sentences = _sentences(game_id)
    said = sentences.points(points, lang) if sentences is not None else None
    return str(points) if said is None else _typeset(str(said), lang)


def tiebreak_text(game_id: str, outcome: Mapping[str, Any], lang: str) -> str:
    """One sentence on how the top of the ranking was decided: a shared win, a tie-break
    won, or no tie, with the top total as the game counts it ("11 tears", "40 points").

    Args:
        game_id: the game, for what decides its ties and what its totals count.
        outcome: ``Outcome.to_json()``.
        lang: the page's language.
    """
    scores: Mapping[str, Any] = outcome["scores"]
    ranking = [list(t["players"]) for t in outcome["ranking"]]
    winners = list(outcome["winners"])
    if not winners:
        return ""
    top = scores[winners[0]]
    tied = [p for tier in ranking for p in tier if scores[p] == top]
    _, sentences = _sentences(game_id)
    rule = sentences.tiebreak(lang) if sentences is not None else None
    counted = sentences.points(top, lang) if sentences is not None else None
    total = counted or pick(lang, f"{top} {'point' if top == 1 else 'points'}", f"{top} 分")
    if len(winners) > 1:
        said = pick(
            lang,
            f"{join(winners, lang)} share the win on {total}.",
            f"{join(winners, lang)} 以 {total}並列獲勝。",
        )
    elif len(tied) > 1:
        others = [p for p in tied if p not in winners]
        how = rule or pick(lang, "the tie-break", "平手規則")
        said = pick(
            lang,
            f"{join(tied, lang)} tied on {total}; {how} puts {winners[0]} ahead of "
            f"{join(others, lang)}.",
            f"{join(tied, lang)} 同為 {total}；依{how}，"
            f"{winners[0]} 排在 {join(others, lang)} 前面。",
        )
    else:
        said = pick(
            lang,
            f"No tie: {winners[0]} wins with {total}.",
            f"沒有平手：{winners[0]} 以 {total}獲勝。",
        )
    return _typeset(said, lang)
