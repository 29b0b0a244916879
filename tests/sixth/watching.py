"""The companion's Pond (its ``CompanionGame``): the camera's view of the pond mat, and the
score of a photo of the won piles at the end.

The pond mat (``POND`` in the catalog) shows the card led to the trick in play
(zone ``pond.pond``) and each seat's won tricks face up (``pond.won1``,
``pond.won2``); the hands and the deal never show. A play is one card laid, and
the second card of a trick goes with the first onto its taker's pile, so a
change is one move (``max_depth`` 1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.registry import CompanionGame
from companion.watch.model import TableModel, drop_empty
from companion.watch.photo import PhotoError
from engines.core import UNKNOWN, Move, Outcome, State
from tests.sixth.pond import CARDS, CATALOG, INFO, Play, PondState, Step
from tests.sixth.pond.scoring import final_outcome
from tests.sixth.pond.tricks import taker
from vision.reading import TableReading

POND, WON = "pond.pond", ("pond.won1", "pond.won2")


def _table(pond: Sequence[str], won: Sequence[Sequence[str]]) -> dict[str, tuple[str, ...]]:
    return drop_empty({POND: sorted(pond), WON[0]: sorted(won[0]), WON[1]: sorted(won[1])})


class PondTable(TableModel):
    """The pond mat as a :class:`TableModel`."""

    game = INFO.id
    max_depth = 1

    def view(self, state: State) -> dict[str, tuple[str, ...]]:
        assert isinstance(state, PondState)
        return _table(state.pond, state.won)

    def read(self, reading: TableReading) -> dict[str, tuple[str, ...]]:
        zones = {z: [p for p in reading.zones.get(z, ()) if p in CARDS] for z in (POND, *WON)}
        return _table(zones[POND], (zones[WON[0]], zones[WON[1]]))

    def physical_moves(self, state: State) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """A follower's card laid lower than the lead while a higher one is in hand (the
        rules refuse it): the trick as it would be taken."""
        assert isinstance(state, PondState)
        if state.step != Step.PLAY or not state.pond:
            return
        lead = state.pond[0]
        for card in sorted(set(state.hands[state.seat_to_play()]) - {UNKNOWN}):
            took = taker(state.leader, lead, card)
            won = [list(w) for w in state.won]
            won[took] += [lead, card]
            yield Play(card), _table((), won)

    def zone_name(self, zone: str, lang: str = "en") -> str:
        if lang == "zh-Hant":
            return {POND: "池塘", WON[0]: "第 1 位的吃墩", WON[1]: "第 2 位的吃墩"}[zone]
        return {POND: "the pond", WON[0]: "seat 1's tricks", WON[1]: "seat 2's tricks"}[zone]

    def piece_name(self, piece: str, lang: str = "en") -> str:
        return str(CATALOG[piece].names["zh-Hant" if lang == "zh-Hant" else "en"])


def score_pond(reading: TableReading, players: Sequence[str], state: State | None) -> Outcome:
    """The won piles of the end, face up on the pond mat (seat 1's on ``won1``); the last
    trick's taker (the tie-break) and the scoring option come from the game as followed.

    Raises:
        PhotoError: a card is not on a won pile, a pile is not whole tricks, or the game
            is played by other players.
    """
    if state is not None and tuple(players) != state.players:
        raise PhotoError(f"the game is played by {', '.join(state.players)}")
    won = [tuple(p for p in reading.zones.get(zone, ()) if p in CARDS) for zone in WON]
    laid = sum(len(w) for w in won)
    if laid != len(CARDS):
        raise PhotoError(f"{laid} of the {len(CARDS)} frog cards lie on the won piles")
    if any(len(w) % 2 for w in won):
        raise PhotoError("a won pile holds an odd number of cards: a trick is two")
    game = state if isinstance(state, PondState) else None
    options = INFO.resolve_options(None if game is None else game.options)
    return final_outcome(players, won, None if game is None else game.last, options["scoring"])


COMPANION = CompanionGame(
    table_model=PondTable, photo_scorer=score_pond, board=None, quick_score=None
)
"""Pond's companion adapter: the camera follows its plays, a photo of the end scores it."""
