"""Score from a photo: the end-of-game layout of a game read and scored in one step.

What each game lays out at the end, and what scores it:

- The Hare and the Tortoise (``shared/rules/hare_tortoise.md`` §7): the
  pawns on the podium places of the race mat, and each player's bets turned
  face up on their played-cards mat (seat 1 on ``z1``): the starting bet cards
  (``BH`` ... ``BL``) and the race card kept as second bet. Scored by
  ``engines.hare_tortoise.scoring.score_bets``.
- Animals on Board (``shared/rules/animals_on_board.md`` §7): each ark after
  the cut laid open on its mat (seat 1 on ``ark1``), the tiles on the ark and
  its overflow strip, the food crates in its food zone. Scored by
  ``engines.animals_on_board.scoring.final_outcome``; the tiles cut away are
  off the table, so the breakdown's "tiles cut" line reads "none".

Noah's totals add three rounds of tears, which one photo cannot show (the
pentagon mat has no place for the score track or the hands), and Niagara's
and Ark Nova's mats have no player zones; a photo of those games is read
(``companion scan``) but not scored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engines.animals_on_board import CATALOG as AOB_CATALOG
from engines.animals_on_board.scoring import final_outcome
from engines.core import Outcome
from engines.hare_tortoise import CATALOG as HARE_CATALOG
from engines.hare_tortoise.cards import ANIMAL_CODES
from engines.hare_tortoise.scoring import score_bets
from vision.games import game_vision
from vision.pipeline import read_frame
from vision.reading import TableReading
from vision.types import U8Array

PAWNS = tuple(f"A{code}" for code in ANIMAL_CODES)
"""The Hare and the Tortoise's pawns (``AH``, ``AT``, ...), in the engine's animal order."""


class PhotoError(ValueError):
    """The photo does not show what the game's end-of-game layout needs."""


def _hare(reading: TableReading, players: Sequence[str]) -> Outcome:
    podium: list[int] = []
    for place in (1, 2, 3):
        pawns = [p for p in reading.zones.get(f"race.podium{place}", ()) if p in PAWNS]
        if len(pawns) > 1:
            raise PhotoError(f"podium place {place} holds {len(pawns)} pawns: {', '.join(pawns)}")
        if pawns:
            podium.append(PAWNS.index(pawns[0]))
    start: list[tuple[str, ...]] = []
    second: list[str | None] = []
    for seat, player in enumerate(players, start=1):
        cards = reading.zones.get(f"z{seat}.played", ())
        bets = tuple(
            str(HARE_CATALOG[c].data["bet"]) for c in cards if "bet" in HARE_CATALOG[c].data
        )
        kept = [str(HARE_CATALOG[c].data["kind"]) for c in cards if "kind" in HARE_CATALOG[c].data]
        if not bets:
            raise PhotoError(f"no starting bet is face up on {player}'s mat (z{seat})")
        if len(kept) > 1:
            raise PhotoError(f"{player}'s mat (z{seat}) shows {len(kept)} race cards, not one")
        start.append(bets)
        second.append(kept[0] if kept else None)
    return score_bets(players, start, second, podium)


def _animals_on_board(reading: TableReading, players: Sequence[str]) -> Outcome:
    holdings: list[tuple[str, ...]] = []
    food: list[int] = []
    for seat, _ in enumerate(players, start=1):
        ark = reading.zones.get(f"ark{seat}.ark", ()) + reading.zones.get(f"ark{seat}.overflow", ())
        holdings.append(tuple(p for p in ark if AOB_CATALOG[p].kind == "tile"))
        crates = reading.zones.get(f"ark{seat}.food", ())
        food.append(sum(int(AOB_CATALOG[p].data.get("food", 0)) for p in crates))
    return final_outcome(players, holdings, food, [()] * len(players))


SCORERS: Mapping[str, Callable[[TableReading, Sequence[str]], Outcome]] = {
    "hare_tortoise": _hare,
    "animals_on_board": _animals_on_board,
}
"""Games whose end-of-game layout a photo scores."""


def score_reading(game: str, reading: TableReading, players: Sequence[str]) -> Outcome:
    """The final scores of the end-of-game layout a reading shows.

    Raises:
        PhotoError: the game is not scored from a photo, or the layout is incomplete.
    """
    if game not in SCORERS:
        raise PhotoError(f"{game} is not scored from a photo (see companion.watch.photo)")
    return SCORERS[game](reading, players)


def score_photo(game: str, image: U8Array, players: Sequence[str]) -> Outcome:
    """Read a photo of the end-of-game layout and score it in one step."""
    return score_reading(game, read_frame(image, game_vision(game)).reading, players)
