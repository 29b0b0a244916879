"""What the pages say: moves, history, turns and scores in words, from views and JSON only.

Nothing here decides legality or reads a full state: it turns
``state.view(player)``, move JSON and ``public_move`` output into labels in
the reader's language, naming pieces from the game's catalog.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games import CHANCE
from companion.messages import typeset_zh
from companion.sentences import event_text, line_words, points_text, tiebreak_text
from companion.sessions import DEALER, HOST, Step, Table
from web.i18n import translate
from web.kept import Kept
from web.labels import generic_label
from web.presenters import PRESENTERS

MOVES_SHOWN = 60
"""Legal moves drawn as buttons; past that the page asks for the notation (Ark Nova).
Chance outcomes are all offered, in one menu when there are many."""

HISTORY_SHOWN = 25
"""History entries on a page, newest first."""

HISTORY_LINES = 16_384
"""History lines kept in words per worker (a step as one viewer sees it, in one language):
a page shows 25 or so, 4 phones each at 128 tables in the cache is about 13,000."""


def move_label(game_id: str, move_json: Mapping[str, Any], lang: str) -> str:
    """A move in words, in ``lang``: the game's ``Presenter.label``, else its notation
    with the names of the pieces it names."""
    label = PRESENTERS[game_id].label
    text = label(move_json, lang) if label is not None else generic_label(game_id, move_json, lang)
    return typeset_zh(text) if lang == "zh-Hant" else text


@dataclass(frozen=True)
class MoveButton:
    """One legal move as a tap target, with the companion's advice on it (if any)."""

    label: str
    notation: str
    json: str
    advice: str = ""
    data: Mapping[str, Any] | None = None
    """The move's JSON as data, for a seat panel that lays its moves out by touch."""


def move_buttons(
    table: Table, lang: str, advice: Mapping[str, Any] | None = None, *, actor: str = HOST
) -> list[MoveButton]:
    """The legal moves ``actor`` may submit now, as buttons (at most ``MOVES_SHOWN``;
    every chance outcome)."""
    notes = _advice_notes(advice, lang)
    out = []
    moves = table.moves_of(actor)
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
                data,
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
    shown once with a count. Only the steps of the lines shown are read (from the
    newest back), so a page costs the same late in a long game as early on, and
    each step's line is said once per viewer and language (:class:`_Lines`).
    """
    out: list[dict[str, Any]] = []
    for n in range(len(table.history), 0, -1):
        actor, label, events = _LINES.line(table.game, table.history[n - 1], viewer, lang)
        entry = {"n": n, "actor": actor, "label": label, "events": list(events), "times": 1}
        newer = out[-1] if out else None
        if (
            newer is not None
            and not newer["events"]
            and not entry["events"]
            and (newer["actor"], newer["label"]) == (entry["actor"], entry["label"])
        ):
            newer["times"] += 1
            continue
        if len(out) == HISTORY_SHOWN:
            break  # the oldest line shown is complete: an older, different line is here
        out.append(entry)
    return out


Line = tuple[str, str, tuple[str, ...]]
"""A history line in words: who, the move, what it caused."""


class _Lines:
    """Each step's history line per viewer and language, said once: a step is kept in the
    table's history from one version to the next, and the phones of a table ask for the
    same 25 lines on every page.

    Kept by the step's identity, checked through a weak reference (an undone step's
    line is not given to the step that took its place, and no step is kept alive here),
    at most ``HISTORY_LINES`` lines, least recently used out.
    """

    def __init__(self, size: int) -> None:
        self._kept: Kept[tuple[int, str | None, str], tuple[weakref.ref[Step], Line]] = Kept(size)

    def line(self, game: str, step: Step, viewer: str | None, lang: str) -> Line:
        key = (id(step), viewer, lang)
        kept = self._kept.get(key)
        if kept is not None and kept[0]() is step:
            return kept[1]
        public = step.public(viewer)
        said = (
            actor_label(step.actor, lang),
            move_label(game, public, lang),
            tuple(event_text(game, e.to_json(), lang) for e in step.events),
        )
        self._kept.put(key, (weakref.ref(step), said))
        return said


_LINES = _Lines(HISTORY_LINES)


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
    if player is not None and player in table.state.movers():
        return translate("your_turn", lang), "mine"
    return translate("waiting_for", lang, player=to_move), "wait"


def outcome_json(table: Table) -> dict[str, Any] | None:
    outcome = table.state.outcome()
    return None if outcome is None else outcome.to_json()


def score_rows(
    game_id: str,
    outcome: Mapping[str, Any],
    lang: str,
    order: Sequence[str] | None = None,
) -> tuple[list[str], list[dict[str, Any]]]:
    """The breakdown as a table in ``lang``: one row per line (its label in words), one
    column per player, in ranking order (or in ``order``: the seats, for a photo laid
    out seat by seat); each cell the points as the game counts them ("3 tears", "a goal
    met": :func:`total`) and the line's detail in words."""
    players = (
        list(order)
        if order is not None
        else [p for tier in outcome["ranking"] for p in tier["players"]]
    )
    labels: list[str] = []
    cells: dict[str, dict[str, list[tuple[int | float, str]]]] = {}
    for p in players:
        for line in outcome["breakdown"].get(p, []):
            label, detail = line_words(game_id, line, lang)
            if label not in labels:
                labels.append(label)
            cells.setdefault(label, {}).setdefault(p, []).append((line["points"], detail))
    rows = []
    for label in labels:
        row = {}
        for p in players:
            lines = cells[label].get(p, [])
            row[p] = {
                "points": total(game_id, sum(p for p, _ in lines), lang) if lines else "",
                "detail": translate("clause_sep", lang).join(d for _, d in lines if d),
            }
        rows.append({"label": label, "cells": row})
    return players, rows


def total(game_id: str, points: int | float, lang: str) -> str:
    """A player's total (or a line's points) as the game counts it in ``lang``: Noah's
    "11 tears", Niagara's "a goal met" or "no goal met", else the number."""
    return points_text(game_id, points, lang)


def tiebreak(game_id: str, outcome: Mapping[str, Any], lang: str) -> str:
    """How the top of the ranking was decided, in one sentence in ``lang``."""
    return tiebreak_text(game_id, outcome, lang)
