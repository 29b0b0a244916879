"""Ark Nova final scoring from the zoos on the table.

Rules text: ``docs/rules/ark_nova.md`` §5 (game end trigger), §6.1 (target
and VP, the 100-based view), §6.2 (tie-break), §6.3 (final-scoring cards in
both printings) and §6.4 (end-game sponsors). Options: ``final_scoring_printing``
(``first`` by default, ``marine_worlds``) and ``score_scale`` (``rulebook`` VP
or ``plus_100``).

Each conservation point up to 10 is worth 2 appeal steps, beyond 10 worth 3::

    target(CP) = 114 - 2*CP  (CP <= 10),  124 - 3*CP  (CP >= 10)
    VP = appeal - target(CP) = appeal + 2*min(CP,10) + 3*max(CP-10,0) - 114
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.ark_nova import icons, map_a
from engines.ark_nova.cards import CATEGORIES, FINAL_SCORING
from engines.ark_nova.endgame import NOT_SCORABLE, Gain, endgame_gains
from engines.ark_nova.zoo import MAX_APPEAL, MAX_CONSERVATION, Zoo
from engines.core import Outcome, ScoreLine, rank_players

MEET = 114
"""Appeal + CP value at which the two markers meet (VP 0)."""

MAX_CP_PER_CARD = 4
"""A final-scoring card yields at most 4 CP (RB p.19)."""

MAP_BASED_FINAL_SCORING = ("004", "006")
"""Final-scoring cards that read Map A (Architectural Zoo, Naturalists' Zoo)."""


def cp_value(cp: int) -> int:
    """Appeal steps the CP track is worth: 2 per CP up to 10, 3 per CP beyond."""
    return 2 * min(cp, 10) + 3 * max(cp - 10, 0)


def target(cp: int) -> int:
    """The lowest appeal of the scoring area facing CP: 114 - 2 CP, or 124 - 3 CP above 10."""
    return MEET - cp_value(cp)


def victory_points(appeal: int, cp: int) -> int:
    """Appeal minus the target of CP; may be negative."""
    return appeal - target(cp)


def triggers_end(zoo: Zoo) -> bool:
    """The markers share a scoring area or have passed each other (rules spec §5)."""
    return victory_points(zoo.appeal, zoo.conservation) >= 0


# --------------------------------------------------------------------------- final scoring cards


def _threshold_count(card_id: str, zoo: Zoo) -> tuple[int, str]:
    """What a threshold card counts in ``zoo``, with the words for the breakdown."""
    if card_id == "001":
        n = len(icons.large_animals(zoo))
        return n, f"{n} large animals (size 4-5)"
    if card_id == "002":
        n = len(icons.small_animals(zoo))
        return n, f"{n} small animals (size 1-2)"
    if card_id == "003":
        count = icons.icon_count(zoo, "research")
        return count.total, count.explain()
    if card_id == "005":
        n = len(zoo.projects)
        return n, f"{n} conservation projects supported"
    if card_id == "006":
        n = icons.empty_building_spaces(zoo)
        return n, f"{n} empty building spaces"
    if card_id == "007":
        return zoo.reputation, f"reputation {zoo.reputation}"
    if card_id == "008":
        n = len(zoo.sponsors)
        return n, f"{n} sponsor cards"
    icon = {"010": "rock", "011": "water"}[card_id]
    count = icons.icon_count(zoo, icon)
    return count.total, count.explain()


ARCHITECTURAL = {
    "water": "all water spaces bordered",
    "rock": "all rock spaces bordered",
    "border": "all border spaces covered",
    "map": "map completely covered",
}
"""Architectural Zoo's four conditions, each 1 CP."""


def _architectural(zoo: Zoo) -> tuple[int, str, dict[str, Any]]:
    held = {
        "water": not icons.unconnected(zoo, map_a.WATER),
        "rock": not icons.unconnected(zoo, map_a.ROCK),
        "border": icons.border_covered(zoo),
        "map": icons.map_covered(zoo),
    }
    met = [key for key, ok in held.items() if ok]
    words = ", ".join(ARCHITECTURAL[key] for key in met)
    return len(met), words or "none of the 4 conditions", {"met": met}


def _diverse(zoo: Zoo, right: Zoo | None, right_name: str) -> tuple[int, str, dict[str, Any]]:
    if right is None:
        return 0, "no player on your right", {"right": None}
    mine, theirs = icons.all_icons(zoo), icons.all_icons(right)
    beaten = [c for c in CATEGORIES if mine[c] > theirs[c]]
    shown = ", ".join(f"{c.replace('_', ' ')} {mine[c]}-{theirs[c]}" for c in beaten)
    words = "category" if len(beaten) == 1 else "categories"
    facts = {"right": right_name, "beaten": [[c, mine[c], theirs[c]] for c in beaten]}
    return (
        len(beaten),
        f"more than {right_name} in {len(beaten)} {words} ({shown or 'none'})",
        facts,
    )


def final_scoring_gain(
    card_id: str, zoo: Zoo, printing: str, right: Zoo | None = None, right_name: str = ""
) -> Gain:
    """The CP one kept final-scoring card gives ``zoo`` (at most 4).

    Args:
        card_id: "001" to "011".
        printing: ``first`` or ``marine_worlds`` (the revised thresholds).
        right: the zoo of the player on this player's right (Diverse Species Zoo).
        right_name: that player's name, for the explanation.
    """
    card = FINAL_SCORING[card_id]
    if card_id in MAP_BASED_FINAL_SCORING and not zoo.map_known:
        return Gain(f"{card.name} ({card_id})", 0, 0, NOT_SCORABLE, scorable=False)
    if card_id == "004":
        cp, why, facts = _architectural(zoo)
    elif card_id == "009":
        cp, why, facts = _diverse(zoo, right, right_name)
    else:
        count, why = _threshold_count(card_id, zoo)
        steps = card.thresholds(printing)
        cp = sum(1 for s in steps if count >= s)
        why = f"{why}; needs {'/'.join(map(str, steps))} for 1/2/3/4 CP"
        facts = {"count": count, "needs": list(steps)}
    return Gain(f"{card.name} ({card_id})", min(cp, MAX_CP_PER_CARD), 0, why, params=facts)


# --------------------------------------------------------------------------- one zoo


@dataclass(frozen=True)
class ZooScore:
    """One zoo's final score: the tracks before, each gain, the tracks after, VP."""

    appeal_before: int
    cp_before: int
    gains: tuple[Gain, ...]
    appeal: int
    cp: int
    projects: int

    @classmethod
    def from_gains(cls, appeal: int, cp: int, gains: tuple[Gain, ...], projects: int) -> ZooScore:
        """The tracks before final scoring plus each gain (appeal stops at 113, CP at 41)."""
        after_appeal = min(appeal + sum(g.appeal for g in gains), MAX_APPEAL)
        after_cp = min(cp + sum(g.cp for g in gains), MAX_CONSERVATION)
        return cls(appeal, cp, gains, after_appeal, after_cp, projects)

    @property
    def complete(self) -> bool:
        """Every card could be scored from what was entered."""
        return all(g.scorable for g in self.gains)

    @property
    def target(self) -> int:
        return target(self.cp)

    @property
    def vp(self) -> int:
        return victory_points(self.appeal, self.cp)

    def lines(self, scale: str = "rulebook") -> tuple[ScoreLine, ...]:
        """Breakdown lines that add up to the score (VP, or VP + 100 on ``plus_100``)."""
        out = [
            ScoreLine(
                "Appeal",
                self.appeal_before,
                f"appeal track at {self.appeal_before}",
                "ark_nova.appeal",
                {"appeal": self.appeal_before},
            ),
            ScoreLine(
                "Conservation points",
                cp_value(self.cp_before),
                f"{self.cp_before} CP before final scoring, worth {cp_value(self.cp_before)} "
                "appeal steps (2 per CP up to 10, 3 beyond)",
                "ark_nova.conservation",
                {"cp": self.cp_before, "worth": cp_value(self.cp_before)},
            ),
        ]
        appeal, cp = self.appeal_before, self.cp_before
        for gain in self.gains:
            new_appeal = min(appeal + gain.appeal, MAX_APPEAL)
            new_cp = min(cp + gain.cp, MAX_CONSERVATION)
            points = (new_appeal - appeal) + cp_value(new_cp) - cp_value(cp)
            what = []
            if gain.cp:
                what.append(f"+{gain.cp} CP ({cp} -> {new_cp})")
            if gain.appeal:
                what.append(f"+{gain.appeal} appeal ({appeal} -> {new_appeal})")
            out.append(
                ScoreLine(
                    gain.source,
                    points,
                    f"{', '.join(what) or 'nothing'}: {gain.why}",
                    "ark_nova.gain",
                    {
                        **gain.params,
                        "card": card_of(gain.source),
                        "cp": [cp, new_cp],
                        "appeal": [appeal, new_appeal],
                        "scorable": gain.scorable,
                    },
                )
            )
            appeal, cp = new_appeal, new_cp
        out.append(
            ScoreLine(
                "Markers meet at 114",
                -MEET,
                "VP = appeal + CP value - 114",
                "ark_nova.meet",
                {"meet": MEET},
            )
        )
        out.append(
            ScoreLine(
                "Final",
                0,
                f"appeal {self.appeal}, {self.cp} CP, target {self.target}: "
                f"{self.vp:+d} VP ({self.vp + 100} on the 100-based scale)",
                "ark_nova.final",
                {"appeal": self.appeal, "cp": self.cp, "target": self.target, "vp": self.vp},
            )
        )
        if scale == "plus_100":
            out.append(
                ScoreLine(
                    "100-based scale",
                    100,
                    "BGA and tournaments count VP + 100",
                    "ark_nova.scale",
                    {"points": 100},
                )
            )
        return tuple(out)


def card_of(source: str) -> str | None:
    """The catalog id of the card a final-scoring gain comes from: a kept final-scoring
    card (``Name (004)``: ``F004``) or an end-game sponsor (``Name (230)``: ``S230``)."""
    number = source.rpartition("(")[2].rstrip(")")
    if number in FINAL_SCORING:
        return f"F{number}"
    return f"S{number}" if number.isdigit() else None


def right_of(players: Sequence[str], player: str) -> str | None:
    """The player on ``player``'s right: the one before in clockwise seating order."""
    if len(players) < 2:
        return None
    return players[(players.index(player) - 1) % len(players)]


def score_zoo(zoo: Zoo, printing: str, right: Zoo | None = None, right_name: str = "") -> ZooScore:
    """Final scoring of one zoo: kept final-scoring cards, then end-game sponsors."""
    gains = tuple(
        final_scoring_gain(c, zoo, printing, right, right_name) for c in zoo.final_scoring
    ) + endgame_gains(zoo)
    return ZooScore.from_gains(zoo.appeal, zoo.conservation, gains, len(zoo.projects))


def score_table(
    players: Sequence[str], zoos: Mapping[str, Zoo], options: Mapping[str, str]
) -> Outcome:
    """Scores, breakdown, ranking and tie-break for all zoos (rules spec §6)."""
    printing = options.get("final_scoring_printing", "first")
    scale = options.get("score_scale", "rulebook")
    scores: dict[str, ZooScore] = {}
    for p in players:
        right = right_of(players, p)
        scores[p] = score_zoo(zoos[p], printing, zoos[right] if right else None, right or "")
    bonus = 100 if scale == "plus_100" else 0
    ranking = rank_players(players, lambda p: (scores[p].vp, scores[p].projects))
    return Outcome(
        scores={p: scores[p].vp + bonus for p in players},
        breakdown={p: scores[p].lines(scale) for p in players},
        ranking=ranking,
        tiebreak=_tiebreak_words(players, scores),
        higher_wins=True,
    )


def _tiebreak_words(players: Sequence[str], scores: Mapping[str, ZooScore]) -> str:
    """How ties on VP were broken: by conservation projects supported, else shared (§6.2)."""
    groups: dict[int, list[str]] = {}
    for p in players:
        groups.setdefault(scores[p].vp, []).append(p)
    parts = []
    for vp, tied in sorted(groups.items(), reverse=True):
        if len(tied) < 2:
            continue
        supports = ", ".join(f"{p} {scores[p].projects}" for p in tied)
        text = (
            f"{' and '.join(tied)} tie on {vp:+d} VP; conservation projects supported: {supports}"
        )
        if len({scores[p].projects for p in tied}) < len(tied):
            text += " (players equal on both share the place)"
        parts.append(text)
    return "; ".join(parts)
