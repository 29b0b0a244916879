"""Scoring The Hare and the Tortoise: 5/3/2 per bet, the best-placed-bet tie-break (§7).

Follows ``docs/rules/hare_tortoise.md`` §7: every bet (starting bets and the
second bet; a howl card counts as a wolf bet) scores for its animal's podium
place; ties on points go to the player whose best-placed bet animal finished
higher, then the next; beyond that players share the place (the rules say
"play again").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.core import Outcome, ScoreLine, rank_players
from engines.hare_tortoise.catalog import (
    ANIMAL_CODES,
    ANIMALS,
    KIND_ANIMAL,
    KIND_INDEX,
    PODIUM_POINTS,
)

PLACES = ("1st", "2nd", "3rd")


def bets_of(start: Sequence[str], second: str | None) -> list[tuple[str, int]]:
    """(label, animal) per bet: starting bets first, then the second bet."""
    out = [("starting bet", ANIMAL_CODES.index(b)) for b in start]
    if second is not None:
        out.append(("second bet", KIND_ANIMAL[KIND_INDEX[second]]))
    return out


def score_bets(
    players: Sequence[str],
    start_bets: Sequence[Sequence[str]],
    second_bets: Sequence[str | None],
    podium: Sequence[int],
) -> Outcome:
    """The final scores with one breakdown line per bet, ranked with the tie-break."""
    scores: dict[str, int] = {}
    breakdown: dict[str, tuple[ScoreLine, ...]] = {}
    places: dict[str, tuple[int, ...]] = {}
    for seat, player in enumerate(players):
        lines = []
        placed = []
        for label, animal in bets_of(start_bets[seat], second_bets[seat]):
            name = ANIMALS[animal]
            params = {"bet": label.split()[0], "animal": ANIMAL_CODES[animal], "place": None}
            if animal in podium:
                place = podium.index(animal)
                placed.append(place)
                detail = f"the {name} finished {PLACES[place]}"
                lines.append(
                    ScoreLine(
                        f"{label}: {name}",
                        PODIUM_POINTS[place],
                        detail,
                        "hare_tortoise.bet",
                        {**params, "place": place + 1},
                    )
                )
            else:
                lines.append(
                    ScoreLine(
                        f"{label}: {name}",
                        0,
                        f"the {name} missed the podium",
                        "hare_tortoise.bet",
                        params,
                    )
                )
        scores[player] = sum(int(line.points) for line in lines)
        breakdown[player] = tuple(lines)
        places[player] = tuple(sorted(placed))
    bets = max(len(bets_of(start_bets[s], second_bets[s])) for s in range(len(players)))

    def key(p: str) -> tuple[int, tuple[int, ...]]:
        # Lower places are better; a bet off the podium counts as place 9.
        padded = places[p] + (9,) * (bets - len(places[p]))
        return scores[p], tuple(-x for x in padded)

    ranking = rank_players(players, key)
    return Outcome(scores, breakdown, ranking, _tiebreak_text(players, scores, places, ranking))


def _tiebreak_text(
    players: Sequence[str],
    scores: Mapping[str, int],
    places: Mapping[str, tuple[int, ...]],
    ranking: tuple[tuple[str, ...], ...],
) -> str:
    parts = []
    by_score: dict[int, list[str]] = {}
    for p in players:
        by_score.setdefault(scores[p], []).append(p)
    for score, tied in sorted(by_score.items(), reverse=True):
        if len(tied) < 2:
            continue
        best = ", ".join(
            f"{p}: " + (" ".join(PLACES[x] for x in places[p]) or "no bet on the podium")
            for p in tied
        )
        shared = [t for t in ranking if len(t) > 1 and set(t) <= set(tied)]
        text = f"tied on {score} points; the best-placed bet animal decides ({best})"
        if shared:
            text += "; still tied: " + ", ".join(" and ".join(t) for t in shared) + " share"
        parts.append(text)
    return "; ".join(parts)
