"""Score from a photo: each game's scorer of the end-of-game layout a reading shows.

Each is its game's ``CompanionGame.photo_scorer`` (``companion.builtin``);
``companion.photo_score`` reads the photo and calls it. What each game lays
out at the end, and what scores it:

- The Hare and the Tortoise (``docs/rules/hare_tortoise.md`` §7): the
  pawns on the podium places of the race mat, and each player's bets turned
  face up on their played-cards mat (seat 1 on ``z1``): the starting bet cards
  (``BH`` ... ``BL``) and the race card kept as second bet. Scored by
  ``engines.hare_tortoise.scoring.score_bets``.
- Animals on Board (``docs/rules/animals_on_board.md`` §7): each ark after
  the cut laid open on its mat (seat 1 on ``ark1``), the tiles on the ark and
  its overflow strip, the food crates in its food zone. Scored by
  ``engines.animals_on_board.scoring.final_outcome``; the tiles cut away are
  off the table, so the breakdown's "tiles cut" line reads "none".

- Noah (``docs/rules/noah.md``, round end and game end): at the last round's
  end each player lays their hand out face up on their hand mat (seat 1 on
  ``hand1``); the photographed cards are the last round's tears, and the
  earlier rounds' tears come from the game's state (``state``: the game as
  followed, in its last round or over). Scored by
  ``engines.noah.state.final_outcome``. A card face down in a hand zone is
  refused: its tears cannot be read.

- Niagara (``docs/rules/niagara.md`` §10): each player's banked gems on
  their bank mat (seat 1 on ``bank1``), read by colour. Scored by
  ``engines.niagara.scoring.final_outcome`` with the game's ``tiebreak``
  option (``state``, when given; the default otherwise). A photo where no
  bank meets a goal is refused: the game is not over.

- Ark Nova (``docs/rules/ark_nova.md`` §6): each player's Map A (seat 1 on
  ``mapa1``) with its building tiles and, beside it, the animals and sponsors
  played and the kept final-scoring cards, and below it the tracker (appeal,
  conservation, reputation as marker tokens); a track without markers and what
  no photo shows come from the game's state (``state``: the game as followed),
  else from a zoo at the start (no partner zoos, universities or X-tokens).
  Scored by ``engines.ark_nova.scoring.score_table`` (see
  ``companion.watch.ark_nova.photo_zoos``).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.catalog_info import piece_name
from companion.watch.ark_nova import photo_zoos
from engines.animals_on_board import CATALOG as AOB_CATALOG
from engines.animals_on_board.scoring import final_outcome
from engines.ark_nova.info import INFO as ARK_NOVA
from engines.ark_nova.scoring import score_table
from engines.ark_nova.state import ArkNovaState
from engines.core import Outcome, State
from engines.hare_tortoise import CATALOG as HARE_CATALOG
from engines.hare_tortoise.catalog import ANIMAL_CODES
from engines.hare_tortoise.scoring import score_bets
from engines.niagara import CATALOG as NIAGARA_CATALOG
from engines.niagara import INFO as NIAGARA
from engines.niagara.board import gems_sorted, goal_met
from engines.niagara.scoring import final_outcome as niagara_outcome
from engines.noah.catalog import CARD_BY_ID
from engines.noah.state import NoahState
from engines.noah.state import final_outcome as noah_outcome
from printables.mats import mat_name
from vision.reading import TableReading

PAWNS = tuple(f"A{code}" for code in ANIMAL_CODES)
"""The Hare and the Tortoise's pawns (``AH``, ``AT``, ...), in the engine's animal order."""


class PhotoError(ValueError):
    """The photo does not show what the game's end-of-game layout needs."""


def score_noah(reading: TableReading, players: Sequence[str], state: State | None) -> Outcome:
    if not isinstance(state, NoahState):
        raise PhotoError("Noah's earlier rounds come from the game's state: pass the game")
    if tuple(players) != state.players:
        raise PhotoError(f"the game is played by {', '.join(state.players)}")
    hands: list[tuple[str, ...]] = []
    for seat, player in enumerate(players, start=1):
        zone = f"hand{seat}.hand"
        if reading.backs.get(zone):
            raise PhotoError(f"a card lies face down in {player}'s hand (hand{seat})")
        hands.append(tuple(sorted(c for c in reading.zones.get(zone, ()) if c in CARD_BY_ID)))
    tears = tuple(sum(CARD_BY_ID[c].tears for c in h) for h in hands)
    earlier = state.round_tears[: state.round - 1]
    scores = [sum(r[i] for r in earlier) + tears[i] for i in range(len(players))]
    return noah_outcome(
        players, scores, (*earlier, tears), (*state.round_hands[: state.round - 1], tuple(hands))
    )


def score_hare_tortoise(
    reading: TableReading, players: Sequence[str], state: State | None
) -> Outcome:
    podium: list[int] = []
    for place in (1, 2, 3):
        pawns = [p for p in reading.zones.get(f"race.podium{place}", ()) if p in PAWNS]
        if len(pawns) > 1:
            names = ", ".join(piece_name("hare_tortoise", p, "en") or "a pawn" for p in pawns)
            raise PhotoError(f"podium place {place} holds {len(pawns)} pawns: {names}")
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
        mat = f"{player}'s mat ({mat_name('hare_tortoise', f'z{seat}', 'en')})"
        if not bets:
            raise PhotoError(f"no starting bet is face up on {mat}")
        if len(kept) > 1:
            raise PhotoError(f"{mat} shows {len(kept)} race cards, not one")
        start.append(bets)
        second.append(kept[0] if kept else None)
    return score_bets(players, start, second, podium)


def score_animals_on_board(
    reading: TableReading, players: Sequence[str], state: State | None
) -> Outcome:
    holdings: list[tuple[str, ...]] = []
    food: list[int] = []
    for seat, _ in enumerate(players, start=1):
        ark = reading.zones.get(f"ark{seat}.ark", ()) + reading.zones.get(f"ark{seat}.overflow", ())
        holdings.append(tuple(p for p in ark if AOB_CATALOG[p].kind == "tile"))
        crates = reading.zones.get(f"ark{seat}.food", ())
        food.append(sum(int(AOB_CATALOG[p].data.get("food", 0)) for p in crates))
    return final_outcome(players, holdings, food, [()] * len(players))


def score_niagara(reading: TableReading, players: Sequence[str], state: State | None) -> Outcome:
    if state is not None and tuple(players) != state.players:
        raise PhotoError(f"the game is played by {', '.join(state.players)}")
    options = NIAGARA.resolve_options(None if state is None else state.options)
    banks = [
        gems_sorted(
            "".join(
                str(NIAGARA_CATALOG[g].data["colour"])
                for g in reading.zones.get(f"bank{seat}.BANK", ())
                if "colour" in NIAGARA_CATALOG[g].data
            )
        )
        for seat in range(1, len(players) + 1)
    ]
    if not any(goal_met(b) for b in banks):
        raise PhotoError("no bank meets a goal: the game is not over")
    return niagara_outcome(players, banks, str(options["tiebreak"]))


def score_ark_nova(reading: TableReading, players: Sequence[str], state: State | None) -> Outcome:
    game = state if isinstance(state, ArkNovaState) else None
    if game is not None and tuple(players) != game.players:
        raise PhotoError(f"the game is played by {', '.join(game.players)}")
    try:
        zoos = photo_zoos(reading, players, game)
    except ValueError as exc:
        raise PhotoError(str(exc)) from exc
    options = ARK_NOVA.resolve_options(None) if game is None else game.options
    return score_table(players, zoos, options)
