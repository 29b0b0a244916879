"""Animals on Board final scores: the breakdown of each sailing ark and the ranking (§7).

Follows ``docs/rules/animals_on_board.md`` §7 steps 3 and 4: singles at
face value, herds at 5 per tile, food at 1 per crate; ties go to the player
with more species on the sailing ark, then the win is shared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.animals_on_board.advisor import HERD_POINTS, noah_pairs, tally
from engines.animals_on_board.catalog import SPECIES_OF, VALUE_OF
from engines.animals_on_board.info import plural
from engines.core import Outcome, ScoreLine, rank_players


def final_outcome(
    players: Sequence[str],
    holdings: Sequence[tuple[str, ...]],
    food: Sequence[int],
    cut: Sequence[tuple[str, ...]],
) -> Outcome:
    """Scores of arks that have sailed: ``holdings`` after the cut, Noah's pairs still in."""
    scores: dict[str, int] = {}
    species: dict[str, int] = {}
    breakdown: dict[str, tuple[ScoreLine, ...]] = {}
    for seat, player in enumerate(players):
        held = holdings[seat]
        pairs = noah_pairs(held)
        animals = tally(tuple(t for t in held if t not in pairs))
        crates = food[seat]
        singles = ", ".join(f"{t} = {VALUE_OF[t]}" for t in animals.singles)
        herds = ", ".join(
            f"{SPECIES_OF[h[0]]} x{len(h)} = {HERD_POINTS * len(h)}" for h in animals.herds
        )
        herd_params = [
            {"species": SPECIES_OF[h[0]], "tiles": list(h), "points": HERD_POINTS * len(h)}
            for h in animals.herds
        ]
        breakdown[player] = (
            ScoreLine(
                "pairs to Noah",
                0,
                " ".join(pairs) or "none",
                "animals_on_board.pairs",
                {"tiles": list(pairs)},
            ),
            ScoreLine(
                "tiles cut",
                0,
                " ".join(cut[seat]) or "none",
                "animals_on_board.cut",
                {"tiles": list(cut[seat])},
            ),
            ScoreLine(
                "singles",
                animals.single_points,
                singles or "none",
                "animals_on_board.singles",
                {"tiles": list(animals.singles)},
            ),
            ScoreLine(
                "herds",
                animals.herd_points,
                herds or "none",
                "animals_on_board.herds",
                {"herds": herd_params},
            ),
            ScoreLine(
                "food", crates, plural(crates, "crate"), "animals_on_board.food", {"crates": crates}
            ),
            ScoreLine(
                "species (tie-break)",
                0,
                plural(animals.species, "species", "species"),
                "animals_on_board.species",
                {"species": animals.species},
            ),
        )
        scores[player] = animals.points + crates
        species[player] = animals.species
    ranking = rank_players(players, lambda p: (scores[p], species[p]))
    return Outcome(
        scores=scores,
        breakdown=breakdown,
        ranking=ranking,
        tiebreak=_tiebreak_text(players, scores, species, ranking),
    )


def _tiebreak_text(
    players: Sequence[str],
    scores: Mapping[str, int],
    species: Mapping[str, int],
    ranking: tuple[tuple[str, ...], ...],
) -> str:
    parts = []
    for total in sorted(set(scores.values()), reverse=True):
        tied = [p for p in players if scores[p] == total]
        if len(tied) < 2:
            continue
        counts = ", ".join(f"{p} {species[p]}" for p in tied)
        shared = [tier for tier in ranking if len(tier) > 1 and scores[tier[0]] == total]
        text = f"tied on {total}: more species on the ark wins ({counts})"
        if shared:
            text += "; " + ", ".join(" and ".join(t) for t in shared) + " share the place"
        parts.append(text)
    return "; ".join(parts)
