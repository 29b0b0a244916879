"""Niagara's paddles, the river's flow and the goals in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.sentences import join, pick
from engines.niagara.board import COLOUR_NAMES


def gem(colour: str, lang: str) -> str:
    names = COLOUR_NAMES.get(colour)
    return names[lang if lang in names else "en"] if names else colour


def gems(colours: Sequence[str], lang: str) -> str:
    """Gems counted by colour ("2 clear, 1 pink"; 「透明 2 顆、粉紅 1 顆」)."""
    counts: dict[str, int] = {}
    for c in colours:
        counts[c] = counts.get(c, 0) + 1
    if lang == "zh-Hant":
        return "、".join(f"{gem(c, lang)} {n} 顆" for c, n in counts.items()) or "沒有寶石"
    return join([f"{n} {gem(c, lang)}" for c, n in counts.items()], lang) if counts else "no gem"


def slot(name: str, lang: str) -> str:
    """A place on the river as players say it."""
    if name == "HOME":
        return pick(lang, "the landing", "岸邊")
    if name in ("FALLS", "LOST"):
        return pick(lang, "over the falls", "瀑布下")
    if name.startswith("M"):
        return pick(lang, f"river space {name[1:]}", f"河道第 {name[1:]} 格")
    arm = pick(lang, "left", "左") if name.startswith("L") else pick(lang, "right", "右")
    return pick(lang, f"space {name[1:]} of the {arm} arm", f"{arm}支流第 {name[1:]} 格")


def plan(p: Mapping[str, Any], lang: str) -> str:
    """One canoe's part of a paddle move in words."""
    parts = []
    loads = [op for op in (*p.get("pre", []), *p.get("post", []))]
    start, end = str(p["start"]), str(p.get("end", p["start"]))
    if start != end:
        parts.append(pick(lang, f"to {slot(end, lang)}", f"划到{slot(end, lang)}"))
    for op in loads:
        word = gem(op[1], lang)
        parts.append(
            pick(lang, f"load a {word} gem", f"裝上一顆{word}寶石")
            if op[0] == "+"
            else pick(lang, f"unload a {word} gem", f"卸下一顆{word}寶石")
        )
    if p.get("rob"):
        owner, canoe = p["rob"]
        parts.append(
            pick(
                lang,
                f"take a gem from {owner}'s canoe {canoe}",
                f"搶走 {owner} 的獨木舟 {canoe} 上的寶石",
            )
        )
    what = pick(lang, ", ", "，").join(parts) or pick(lang, "stays", "不動")
    return pick(lang, f"canoe {p['canoe']} {what}", f"獨木舟 {p['canoe']} {what}")


def paddle(move: Mapping[str, Any], lang: str) -> str:
    """A paddle or cloud move in words (its buy first)."""
    if move.get("type") == "cloud":
        up = int(move.get("shift", 1)) > 0
        text = pick(
            lang,
            f"Play the cloud: weather {'+1' if up else '-1'}",
            f"打出雲朵：天氣{'+1' if up else '-1'}",
        )
    else:
        plans = [plan(p, lang) for p in move.get("canoes", [])]
        text = pick(lang, f"Paddle {move.get('tile')}", f"船槳 {move.get('tile')}")
        if plans:
            text += pick(lang, ": ", "：") + pick(lang, "; ", "；").join(plans)
    if move.get("buy"):
        word = gem(str(move["buy"]), lang)
        text += pick(
            lang, f" (buy a canoe back with a {word} gem)", f"（用一顆{word}寶石買回獨木舟）"
        )
    return text


def _loss(x: Mapping[str, Any], lang: str) -> str:
    if x.get("gem"):
        word = gem(str(x["gem"]), lang)
        return pick(
            lang,
            f"{x['player']}'s canoe {x['canoe']} goes over the falls with a {word} gem",
            f"{x['player']} 的獨木舟 {x['canoe']} 帶著一顆{word}寶石衝下瀑布",
        )
    return pick(
        lang,
        f"{x['player']}'s canoe {x['canoe']} goes over the falls",
        f"{x['player']} 的獨木舟 {x['canoe']} 衝下瀑布",
    )


class NiagaraSentences:
    """Niagara's :class:`companion.messages.Sentences`."""

    def event(self, kind: str, data: Mapping[str, Any], lang: str) -> str | None:
        if kind == "action":
            return pick(lang, f"{data['player']} reveals: ", f"{data['player']} 亮出：") + paddle(
                data.get("move", {}), lang
            )
        if kind == "current":
            steps = int(data["steps"])
            nums = list(data.get("numbers", []))
            low = (
                pick(lang, f"lowest paddle {min(nums)}", f"最小的船槳 {min(nums)}")
                if nums
                else pick(lang, "only clouds", "只有雲朵")
            )
            flow = (
                pick(
                    lang,
                    f"the river flows {steps} {'step' if steps == 1 else 'steps'}",
                    f"河水流 {steps} 步",
                )
                if steps
                else pick(lang, "the river does not flow", "河水不流動")
            )
            return pick(
                lang,
                f"Current {data['current']} ({low}, weather {int(data['weather']):+d}): {flow}.",
                f"水流 {data['current']}（{low}，天氣 {int(data['weather']):+d}）：{flow}。",
            )
        if kind == "flow_step":
            arm = pick(lang, "left", "左") if data.get("arm") == "L" else pick(lang, "right", "右")
            text = pick(
                lang,
                f"Flow step {data['step']} of {data['of']}, into the {arm} arm: "
                f"disc {data['dropped_disc']} drops over the fall",
                f"第 {data['step']} 步（共 {data['of']} 步），流入{arm}支流："
                f"圓盤 {data['dropped_disc']} 落下瀑布",
            )
            lost = [_loss(x, lang) for x in data.get("lost", [])]
            if lost:
                text += pick(lang, "; ", "；") + pick(lang, "; ", "；").join(lost)
            return text + pick(lang, ".", "。")
        if kind == "flow":
            steps = int(data.get("steps", 0))
            if not steps:
                return pick(lang, "The river does not flow this round.", "這回合河水不流動。")
            lost = [_loss(x, lang) for x in data.get("canoes_lost", [])]
            head = pick(
                lang,
                f"The river flowed {steps} {'step' if steps == 1 else 'steps'}",
                f"河水流了 {steps} 步",
            )
            tail = (
                pick(lang, "; ", "；").join(lost)
                if lost
                else pick(lang, "no canoe went over", "沒有獨木舟衝下瀑布")
            )
            return head + pick(lang, ": ", "：") + tail + pick(lang, ".", "。")
        if kind == "free_return":
            return pick(
                lang,
                f"{data['player']} lost both canoes and holds no gem: canoe 1 returns to the "
                "landing for free.",
                f"{data['player']} 兩艘獨木舟都沒了，也沒有寶石：獨木舟 1 免費回到岸邊。",
            )
        if kind == "game_over":
            return pick(
                lang,
                f"{join(list(data.get('winners', [])), lang)} met a goal: the game ends with "
                "this round.",
                f"{join(list(data.get('winners', [])), lang)} 達成目標：遊戲在這回合結束。",
            )
        return None

    def line(self, code: str, params: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
        banked = list(params.get("gems", []))
        detail = pick(
            lang,
            f"banked {gems(banked, lang)} (value {params.get('value', 0)})",
            f"存下{gems(banked, lang)}（價值 {params.get('value', 0)}）",
        )
        if code == "niagara.no_goal":
            return pick(lang, "No goal met", "未達成目標"), detail
        if code != "niagara.goal":
            return None
        kind = params.get("goal")
        if kind == "colours":
            goal = pick(lang, "5 different colours", "5 種不同顏色")
        elif kind == "same":
            word = gem(str(params.get("colour")), lang)
            goal = pick(lang, f"4 {word} gems", f"4 顆{word}寶石")
        else:
            goal = pick(lang, "7 gems", "7 顆寶石")
        return pick(lang, f"Goal met: {goal}", f"達成目標：{goal}"), detail

    def tiebreak(self, lang: str) -> str | None:
        return pick(lang, "the higher value of the banked gems", "存下寶石價值較高者勝")

    def points(self, n: int | float, lang: str) -> str | None:
        if n == 1:
            return pick(lang, "a goal met", "達成目標")
        return pick(lang, "no goal met", "未達成目標") if n == 0 else None


SENTENCES = NiagaraSentences()
"""Niagara's sentences."""
