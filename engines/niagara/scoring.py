"""Niagara's final scoring (``docs/rules/niagara.md`` §10): who met a goal, and the tie-break.

Option ``tiebreak``: ``shared`` (the seed text: several players meeting a goal
in the same round share the win) or ``gem_value`` (BGA's gem values summed
over banked gems). The state's ``outcome`` and the score from a photo of the
bank mats both use :func:`final_outcome`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import Outcome, ScoreLine
from engines.niagara.board import gem_value, goal, goal_met


def final_outcome(players: Sequence[str], banks: Sequence[str], tiebreak: str) -> Outcome:
    """The outcome of a finished game from each player's banked gems.

    Args:
        players: The players in seat order.
        banks: Per seat, the banked gems as colour letters.
        tiebreak: The ``tiebreak`` option, ``shared`` or ``gem_value``.
    """
    goals = {p: goal_met(b) for p, b in zip(players, banks, strict=True)}
    by_player = dict(zip(players, banks, strict=True))
    winners = [p for p in players if goals[p]]
    others = tuple(p for p in players if not goals[p])
    scores: dict[str, int | float] = {}
    breakdown: dict[str, tuple[ScoreLine, ...]] = {}
    for p in players:
        bank = by_player[p]
        detail = f"banked {bank or 'none'} ({len(bank)} gems, value {gem_value(bank)})"
        scores[p] = 1 if goals[p] else 0
        params: dict[str, Any] = {"gems": list(bank), "value": gem_value(bank)}
        met = goal(bank)
        if met is not None:
            kind, colour = met
            params |= {"goal": kind, "colour": colour}
            line = ScoreLine(f"goal: {goals[p]}", 1, detail, "niagara.goal", params)
        else:
            line = ScoreLine("no goal", 0, detail, "niagara.no_goal", params)
        breakdown[p] = (line,)
    tiers: list[tuple[str, ...]] = []
    said = ""
    if tiebreak == "gem_value" and len(winners) > 1:
        values = {p: gem_value(by_player[p]) for p in winners}
        for value in sorted(set(values.values()), reverse=True):
            tiers.append(tuple(p for p in winners if values[p] == value))
        said = "several players met a goal; highest gem value wins: " + ", ".join(
            f"{p} {values[p]}" for p in winners
        )
    else:
        tiers.append(tuple(winners))
        if len(winners) > 1:
            said = f"{' and '.join(winners)} met a goal in the same round and share the win"
    if others:
        tiers.append(others)
    return Outcome(scores, breakdown, tuple(tiers), said)
