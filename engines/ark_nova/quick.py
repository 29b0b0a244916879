"""The quick score of a game played off the app: what the score calculators take.

Rules text: ``docs/rules/ark_nova.md`` §6 (target and VP, the tie-break, the
final-scoring cards in both printings, the end-game sponsors). Per player the
table enters the appeal and CP tracks, the kept final-scoring card with what it
counts, each played end-game sponsor with what it counts, and the conservation
projects supported (the tie-break); the breakdown is the one ``scoring`` gives a
whole zoo, line for line.

A field left out is **not entered**, never zero: its line says so and carries
no points, and the player's result is no score (``vp`` None) until it is
entered. Only the projects may be left out without losing the score: they only
break ties, and a tie they would break is reported as undecided.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.ark_nova.cards import FINAL_SCORING
from engines.ark_nova.endgame import ENDGAME_SPONSORS, Gain
from engines.ark_nova.scoring import MAX_CP_PER_CARD, ZooScore, card_of
from engines.ark_nova.zoo import MAX_APPEAL, MAX_CONSERVATION
from engines.core import ScoreLine

NOT_ENTERED = "not entered"

FINAL_COUNTS = {
    "001": "large animals",
    "002": "small animals",
    "003": "research icons",
    "004": "conditions met (0-4)",
    "005": "conservation projects supported",
    "006": "empty building spaces",
    "007": "reputation",
    "008": "sponsor cards",
    "009": "categories where you beat the player on your right (0-4)",
    "010": "rock icons",
    "011": "water icons",
}
"""What the count entered with each final-scoring card means."""


class QuickScoreError(ValueError):
    """An entry the quick score cannot read; the message says what to fix."""


@dataclass(frozen=True)
class QuickScore:
    """One player's quick score: the breakdown, and the VP when every field was entered."""

    player: str
    lines: tuple[ScoreLine, ...]
    missing: tuple[str, ...]
    vp: int | None
    projects: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "vp": self.vp,
            "complete": self.vp is not None,
            "not_entered": list(self.missing),
            "projects": self.projects,
            "breakdown": [line.to_json() for line in self.lines],
        }


def _whole(value: Any, what: str, top: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise QuickScoreError(f"{what} is a whole number of 0 or more, not {value!r}")
    if top is not None and value > top:
        raise QuickScoreError(f"{what} is at most {top}, not {value}")
    return value


def _final_gain(card: str, count: int, printing: str) -> Gain:
    info = FINAL_SCORING[card]
    steps = info.thresholds(printing)
    cp = min(count, 4) if not steps else sum(1 for s in steps if count >= s)
    why = f"{count} {FINAL_COUNTS[card]}, as entered"
    if steps:
        why += f"; needs {'/'.join(map(str, steps))} for 1/2/3/4 CP"
    facts = {"count": count, "needs": list(steps), "entered": True}
    return Gain(f"{info.name} ({card})", min(cp, MAX_CP_PER_CARD), 0, why, params=facts)


def score_player(player: str, entry: Mapping[str, Any], printing: str) -> QuickScore:
    """The quick score of one player's entry (fields below; any may be left out).

    ``appeal`` (0-113), ``conservation`` (CP before final scoring, 0-41),
    ``final_scoring`` ({card id: count}, the kept card(s); ``{}`` for none),
    ``sponsors`` ({sponsor number: count}: the end-game sponsors played, each
    with what it counts; ``{}`` for none), ``projects`` (supported, for ties).

    Raises:
        QuickScoreError: an unknown field, card or a value off its track.
    """
    known = {"appeal", "conservation", "final_scoring", "sponsors", "projects"}
    extra = sorted(set(entry) - known)
    if extra:
        raise QuickScoreError(
            f"{player}: the quick score has no field {extra[0]!r} "
            f"(fields: {', '.join(sorted(known))})"
        )
    missing: list[str] = []
    lines: list[ScoreLine] = []
    appeal = cp = None
    if entry.get("appeal") is None:
        missing.append("appeal")
        lines.append(_not_entered("Appeal", "appeal"))
    else:
        appeal = _whole(entry["appeal"], f"{player}'s appeal", MAX_APPEAL)
    if entry.get("conservation") is None:
        missing.append("conservation")
        lines.append(_not_entered("Conservation points", "conservation"))
    else:
        cp = _whole(entry["conservation"], f"{player}'s conservation points", MAX_CONSERVATION)
    gains: list[Gain] = []
    finals = entry.get("final_scoring")
    if finals is None:
        missing.append("final_scoring")
        lines.append(_not_entered("Final-scoring card", "final_scoring"))
    else:
        for card, count in _pairs(finals, f"{player}'s final_scoring"):
            card_id = (
                f"{int(card):03d}" if str(card).isascii() and str(card).isdigit() else str(card)
            )
            if card_id not in FINAL_SCORING:
                raise QuickScoreError(f"there is no final-scoring card {card!r} ('001' to '011')")
            if count is None:
                missing.append(f"final_scoring {card_id}")
                lines.append(
                    _not_entered(FINAL_SCORING[card_id].name, "final_scoring", f"F{card_id}")
                )
                continue
            gains.append(_final_gain(card_id, _whole(count, card_id), printing))
    sponsors = entry.get("sponsors")
    if sponsors is None:
        missing.append("sponsors")
        lines.append(_not_entered("End-game sponsors", "sponsors"))
    else:
        for card, count in sorted(
            _pairs(sponsors, f"{player}'s sponsors"), key=lambda p: _number(p[0])
        ):
            number = _number(card)
            rule = ENDGAME_SPONSORS.get(number)
            if rule is None:
                raise QuickScoreError(
                    f"{card} is not an end-game sponsor "
                    f"(they are {', '.join(map(str, ENDGAME_SPONSORS))})"
                )
            if count is None:
                missing.append(f"sponsor {number}")
                lines.append(_not_entered(rule.source, "sponsors", f"S{number}"))
                continue
            gains.append(rule.gain_of_count(_whole(count, f"sponsor {number}'s count")))
    projects = entry.get("projects")
    projects = None if projects is None else _whole(projects, f"{player}'s projects")
    if appeal is None or cp is None:
        return QuickScore(player, tuple(lines) + _gain_lines(gains), tuple(missing), None, projects)
    score = ZooScore.from_gains(appeal, cp, tuple(gains), projects or 0)
    body = score.lines()
    # Not-entered lines of cards go just before the closing lines, beside the entered cards.
    closing = 2
    full = (*body[:-closing], *lines, *body[-closing:])
    vp = None if missing else score.vp
    return QuickScore(player, full, tuple(missing), vp, projects)


def _number(card: Any) -> int:
    """A card's number as typed (``"220"`` or 220), or -1 for anything else (``"²"``)."""
    text = str(card)
    return int(text) if text.isascii() and text.isdigit() else -1


def _not_entered(label: str, field: str, card: str | None = None) -> ScoreLine:
    """The line of a field (or one card's count) the table has not entered."""
    return ScoreLine(label, 0, NOT_ENTERED, "ark_nova.not_entered", {"field": field, "card": card})


def _gain_lines(gains: list[Gain]) -> tuple[ScoreLine, ...]:
    """The cards' lines when the tracks are not entered: what they add, without points."""
    return tuple(
        ScoreLine(
            g.source,
            0,
            f"+{g.cp} CP, +{g.appeal} appeal once the tracks are entered: {g.why}",
            "ark_nova.pending_gain",
            {"card": card_of(g.source), "cp": g.cp, "appeal": g.appeal},
        )
        for g in gains
    )


def _pairs(value: Any, what: str) -> list[tuple[Any, Any]]:
    if not isinstance(value, Mapping):
        raise QuickScoreError(f"{what} maps each card to its count, not {value!r}")
    return list(value.items())


def quick_score(
    entries: Mapping[str, Mapping[str, Any]], options: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Every player's quick score, the ranking of the complete ones and the tie-break.

    Args:
        entries: player name -> entry (see :func:`score_player`), in seating order.
        options: ``final_scoring_printing`` (``first`` or ``marine_worlds``).

    Raises:
        QuickScoreError: an entry it cannot read.
    """
    if not isinstance(entries, Mapping) or not entries:
        raise QuickScoreError("the quick score maps each player's name to their entry")
    printing = (options or {}).get("final_scoring_printing", "first")
    if printing not in ("first", "marine_worlds"):
        raise QuickScoreError(f"final_scoring_printing is first or marine_worlds, not {printing!r}")
    scores = []
    for player, entry in entries.items():
        if not isinstance(entry, Mapping):
            raise QuickScoreError(f"{player}'s entry is an object of fields, not {entry!r}")
        scores.append(score_player(str(player), entry, printing))
    complete = [s for s in scores if s.vp is not None]
    ranking = sorted(complete, key=lambda s: (s.vp, s.projects or 0), reverse=True)
    tied = [
        s.player
        for s in complete
        if s.projects is None and sum(1 for o in complete if o.vp == s.vp) > 1
    ]
    return {
        "players": [s.to_json() for s in scores],
        "ranking": [s.player for s in ranking],
        "complete": len(complete) == len(scores),
        "tie_undecided": tied,
        "printing": printing,
    }
