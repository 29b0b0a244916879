"""The state of a game of Pond: the deal, the tricks, the draws (``info`` has the rules).

A seeded game knows every card. In a table game (no seed) a card dealt into a
hand may be ``?``; it is named when it is played, as any card nobody has seen
yet (``unseen``). Whether a move is legal is ``checks.py``; what each player
sees, ``views.py``; the state document, ``storage.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engines.core import CHANCE, UNKNOWN, Event, GameInfo, Move, Outcome, State, Verdict
from tests.sixth.pond import checks, storage, views
from tests.sixth.pond.catalog import CARDS, HAND
from tests.sixth.pond.info import INFO, Step
from tests.sixth.pond.moves import Deal, Play
from tests.sixth.pond.scoring import final_outcome
from tests.sixth.pond.tricks import taker


@dataclass(frozen=True, kw_only=True)
class PondState(State):
    """A game of Pond; immutable, every step through ``apply``.

    Attributes:
        step: where the game is (``info.Step``).
        hands: the cards in each seat's hand (``?`` for one the table has not named).
        dealt: how many cards have left the deck.
        receivers: the seats the next chance cards go to, in order.
        pond: the card led to the trick in play (empty between tricks).
        leader: the seat that leads the trick in play.
        won: the cards of the tricks each seat took.
        last: the seat that took the last trick (None before the first).
    """

    INFO: ClassVar[GameInfo] = INFO

    step: Step
    hands: tuple[tuple[str, ...], ...]
    dealt: int
    receivers: tuple[int, ...]
    pond: tuple[str, ...]
    leader: int
    won: tuple[tuple[str, ...], ...]
    last: int | None

    @property
    def to_move(self) -> str | None:
        if self.step == Step.OVER:
            return None
        if self.step == Step.DEAL:
            return CHANCE
        return self.players[self.seat_to_play()]

    def seat_to_play(self) -> int:
        """The seat that lays the next card: the leader, then the other."""
        return self.leader if not self.pond else 1 - self.leader

    def unseen(self) -> tuple[str, ...]:
        """The cards nobody has seen: in the deck, or a ``?`` in a hand."""
        seen = (
            {c for h in self.hands for c in h} | set(self.pond) | {c for w in self.won for c in w}
        )
        return tuple(c for c in CARDS if c not in seen)

    def legal_moves(self) -> tuple[Move, ...]:
        if self.step == Step.DEAL:
            deals: list[Move] = [Deal(c) for c in self.unseen()]
            return (*deals, Deal(UNKNOWN)) if self.table_mode else tuple(deals)
        if self.step == Step.PLAY:
            hand = self.hands[self.seat_to_play()]
            cards = [c for c in CARDS if c in hand or (UNKNOWN in hand and c in self.unseen())]
            plays = [Play(c) for c in cards]
            return tuple(m for m in plays if checks.check(self, m))
        return ()

    def _check(self, move: Move) -> Verdict:
        return checks.check(self, move)

    def _apply(self, move: Move) -> PondState:
        if isinstance(move, Deal):
            seat, rest = self.receivers[0], self.receivers[1:]
            hands = _with(self.hands, seat, (*self.hands[seat], move.card))
            step = Step.DEAL if rest else Step.PLAY
            return self.evolve(hands=hands, dealt=self.dealt + 1, receivers=rest, step=step)
        assert isinstance(move, Play)
        seat = self.seat_to_play()
        hand = list(self.hands[seat])
        hand.remove(move.card if move.card in hand else UNKNOWN)
        hands = _with(self.hands, seat, tuple(hand))
        if not self.pond:
            return self.evolve(hands=hands, pond=(move.card,))
        lead = self.pond[0]
        took = taker(self.leader, lead, move.card)
        left = len(CARDS) - self.dealt
        receivers = (took, 1 - took)[:left]
        step = Step.DEAL if receivers else Step.PLAY if any(hands) else Step.OVER
        event = Event(
            "trick",
            f"{self.players[took]} takes the trick: {lead} and {move.card}",
            {"winner": self.players[took], "cards": [lead, move.card]},
        )
        return self.evolve(
            hands=hands,
            pond=(),
            leader=took,
            won=_with(self.won, took, (*self.won[took], lead, move.card)),
            last=took,
            receivers=receivers,
            step=step,
            events=(event,),
        )

    def outcome(self) -> Outcome | None:
        if self.step != Step.OVER:
            return None
        return final_outcome(self.players, self.won, self.last, self.options["scoring"])

    def view(self, player: str | None) -> dict[str, Any]:
        return views.view(self, player)

    def public_move(self, move: Move, viewer: str | None) -> dict[str, Any]:
        return views.public_move(self, move, viewer)

    def _body_json(self) -> dict[str, Any]:
        return storage.body_json(self)

    @classmethod
    def _from_body(cls, common: dict[str, Any], body: Mapping[str, Any]) -> PondState:
        return storage.from_body(cls, common, body)


def _with(
    rows: tuple[tuple[str, ...], ...], i: int, row: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    return (*rows[:i], row, *rows[i + 1 :])


def new_game(
    players: Sequence[str], *, options: Mapping[str, Any] | None = None, seed: int | None = None
) -> PondState:
    """A game at its first deal: two cards to each hand, seat 1 first, then seat 1 leads.

    Raises:
        InvalidSetup: not two players, bad names, an unknown option or a bad seed.
    """
    setup = INFO.setup(players, options=options, seed=seed)
    return PondState(
        players=setup.players,
        options=setup.options,
        seed=setup.seed,
        step=Step.DEAL,
        hands=((), ()),
        dealt=0,
        receivers=(0, 1) * HAND,
        pond=(),
        leader=0,
        won=((), ()),
        last=None,
    )


def load_state(obj: Any) -> PondState:
    """A state from its JSON document (raises ``InvalidState``)."""
    return PondState.from_json(obj)
