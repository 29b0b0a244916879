"""Animals on Board's events, score lines and refusals' params in words: groups, arks, pairs,
herds.

The engine numbers the centre's groups from 0 and a group's tiles by letter (its notation
and JSON keep that); players count both from 1, as every page says them
(:func:`group_number`, :func:`tile_number`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.catalog_info import piece_name
from companion.sentences import ZH, join, pick
from engines.animals_on_board.catalog import SPECIES_NAMES

GAME = "animals_on_board"


def group_number(group: Any) -> Any:
    """A group of the centre as players count it: from 1 (the engine's from 0)."""
    return group + 1 if isinstance(group, int) and not isinstance(group, bool) else group


def tile_number(letter: Any) -> Any:
    """A tile of a group as players count it, from 1 (the engine's letter: ``a`` is 1)."""
    if isinstance(letter, str) and len(letter) == 1 and "a" <= letter <= "z":
        return ord(letter) - ord("a") + 1
    return letter


def refusal_params(code: str, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A refusal's params as players say them (Animals on Board's ``Messages.said``):
    groups and tiles from 1; in English the groups the centre holds and a group's tiles as
    words ("groups 1 to 3", "1 tile")."""
    out = dict(params)
    for key in ("group", "into"):
        if key in out:
            out[key] = group_number(out[key])
    for key in ("letter", "last"):
        if key in out:
            out[key] = tile_number(out[key])
    if lang == ZH:
        return out
    groups = out.get("groups")
    if isinstance(groups, int):
        out["held"] = (
            "no group" if groups < 1 else "group 1" if groups == 1 else f"groups 1 to {groups}"
        )
    size = out.get("size")
    if isinstance(size, int):
        out["tiles_held"] = f"{size} {'tile' if size == 1 else 'tiles'}"
    return out


def tile(tile_id: str, lang: str) -> str:
    """A tile's name ("Zebra 2"), or "a face-down tile"."""
    return piece_name(GAME, tile_id, lang) or pick(lang, "a face-down tile", "一張蓋著的板塊")


def tiles(ids: Sequence[str], lang: str) -> str:
    return join([tile(t, lang) for t in ids], lang)


def species(code: str, lang: str) -> str:
    names = SPECIES_NAMES.get(code)
    return names[lang if lang in names else "en"] if names else code


class AnimalsOnBoardSentences:
    """Animals on Board's :class:`companion.messages.Sentences`."""

    def event(self, kind: str, data: Mapping[str, Any], lang: str) -> str | None:
        if kind == "round":
            return pick(
                lang,
                f"Round {data['round']}: {data['start']} starts.",
                f"第 {data['round']} 回合：{data['start']} 先開始。",
            )
        if kind == "split":
            moves, stays = list(data["moves"]), list(data["stays"])
            group = group_number(data["group"])
            return pick(
                lang,
                f"{data['player']} splits group {group}: {tiles(moves, lang)} "
                f"{_verb('move', moves)} to a new group; {tiles(stays, lang)} "
                f"{_verb('stay', stays)}.",
                f"{data['player']} 拆開第 {group} 組：{tiles(data['moves'], lang)} "
                f"移到新的一組；{tiles(data['stays'], lang)} 留下。",
            )
        if kind == "take":
            shown = list(data.get("tiles", []))
            hidden = bool(data.get("hidden"))
            en_more = " and the face-down tile" if hidden else ""
            zh_more = "和那張蓋著的板塊" if hidden else ""
            return pick(
                lang,
                f"{data['player']} takes group {group_number(data['group'])} onto the ark: "
                f"{tiles(shown, lang)}{en_more}.",
                f"{data['player']} 把第 {group_number(data['group'])} 組帶上方舟："
                f"{tiles(shown, lang)}{zh_more}。",
            )
        if kind == "round_end":
            return pick(
                lang,
                f"Round {data['round']} ends; {data['start']} starts the next.",
                f"第 {data['round']} 回合結束；下一回合由 {data['start']} 開始。",
            )
        if kind == "departure":
            full = join(list(data.get("full", [])), lang)
            return pick(
                lang,
                f"Round {data['round']} ends with a full ark ({full}): the arks sail.",
                f"第 {data['round']} 回合結束，{full} 的方舟滿了：方舟出航。",
            )
        return None

    def line(self, code: str, params: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
        if code == "animals_on_board.pairs":
            kinds = sorted({t.split("V")[0] for t in params.get("tiles", [])}, key=_order)
            if not kinds:
                return pick(lang, "Pairs to Noah", "交給挪亞的成對動物"), pick(
                    lang, "no pair", "沒有成對的動物"
                )
            names = join([species(k, lang) for k in kinds], lang)
            many = join([_plural(species(k, "en")) for k in kinds], lang)
            pairs = "pairs" if len(kinds) > 1 else "pair"
            return pick(lang, "Pairs to Noah", "交給挪亞的成對動物"), pick(
                lang, f"Noah took the {pairs} of {many}", f"挪亞帶走了成對的{names}"
            )
        if code == "animals_on_board.cut":
            return pick(lang, "Cut to ten", "超過十張而移除"), tiles(params.get("tiles", []), lang)
        if code == "animals_on_board.singles":
            return pick(lang, "Single animals", "單隻動物"), tiles(params.get("tiles", []), lang)
        if code == "animals_on_board.herds":
            herds = [
                pick(
                    lang,
                    f"{len(h['tiles'])} {_plural(species(h['species'], lang))}: {h['points']}",
                    f"{len(h['tiles'])} 隻{species(h['species'], lang)}：{h['points']} 分",
                )
                for h in params.get("herds", [])
            ]
            said = "；".join(herds) if lang == ZH else join(herds, lang)
            return pick(lang, "Herds (3 or more)", "獸群（3 隻以上）"), said or pick(
                lang, "none", "無"
            )
        if code == "animals_on_board.food":
            n = int(params.get("crates", 0))
            return pick(lang, "Food left", "剩下的食物"), pick(
                lang, f"{n} {'crate' if n == 1 else 'crates'}", f"{n} 箱"
            )
        if code == "animals_on_board.species":
            n = int(params.get("species", 0))
            return pick(lang, "Species on the ark (for a tie)", "方舟上的物種（平手時比較）"), pick(
                lang, f"{n} species", f"{n} 種"
            )
        return None

    def tiebreak(self, lang: str) -> str | None:
        return pick(lang, "more species on the ark", "方舟上物種較多者勝")

    def points(self, n: int | float, lang: str) -> str | None:
        return None


def _verb(verb: str, subjects: Sequence[str]) -> str:
    """``verb`` agreeing with its tiles: "a tile moves", "two tiles move"."""
    return verb + "s" if len(subjects) == 1 else verb


def _plural(name: str) -> str:
    """A species in the plural, as a sentence says it ("foxes", "rhinoceroses")."""
    if name[-1:].isdigit():  # a species with no name yet: its tiles
        return f"{name} tiles"
    word = name.lower()
    return word + ("es" if word.endswith(("s", "x")) else "s")


def _order(code: str) -> int:
    return int(code[1:]) if code[1:].isdigit() else 0


SENTENCES = AnimalsOnBoardSentences()
"""Animals on Board's sentences."""
