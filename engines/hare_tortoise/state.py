"""The state of a game of The Hare and the Tortoise: setup, card play, refills, bets.

Follows ``docs/rules/hare_tortoise.md`` (§4 setup, §5 card play, §7
scoring, §8 two players): the legal moves, their effect and the odds of
chance. Whether a move is legal (and why not) is ``checks.py``; the race
phase itself is in ``race.py``; what each player sees, ``views.py``; the state
document, ``storage.py``. Rule options (§11): ``howl`` (``next_phase`` /
``this_phase``), ``lamb_zero_cards`` (``0`` / ``1``), ``stream_positions``
(``table``: the table enters the two stream positions, also in a seeded game;
``random``: a seeded game draws them) and ``race`` (``auto``: the engine moves
the pawns when the last refill card is drawn; ``by_hand``: the player who
triggered the phase moves them with one ``race`` move, checked pawn by pawn).

Every location of race cards is a count per card kind (``catalog.KINDS``: the
six known kinds and ``?``). A seeded game knows every card; in a table game
(no seed) the draw pile is all ``?``, cards dealt into hands may be ``?``, and
a ``?`` turns into a named card when it is played, kept or revealed, as long
as enough cards of that kind are still unseen.

Phases: ``bets`` (deal starting bets), ``track`` (stream positions),
``deal`` (seven race cards each), ``keep`` (each player sets a second bet
aside), ``play`` (a player's turn), ``refill`` (draws back to six; the race
phase runs when the last card is drawn), ``race`` (option ``race = by_hand``:
the player who triggered the phase moves the pawns), ``reveal`` (the table
turns up bets it only knows as ``?``), ``over`` (``info.Phase``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engines.core import (
    CHANCE,
    NO_CHANCE,
    UNKNOWN,
    ChanceOutcomes,
    GameInfo,
    Move,
    Outcome,
    State,
    Verdict,
)
from engines.hare_tortoise.catalog import (
    ANIMAL_CODES,
    ANIMALS,
    DEALT,
    FULL_DECK,
    HAND_SIZE,
    HOWL,
    KIND_ANIMAL,
    KIND_INDEX,
    KINDS,
    MAX_ANIMAL,
    MAX_TABLE,
    NKINDS,
    RACE_CARDS,
    TRACK_TILES,
    UNK,
    WOLF,
    ZERO,
    Counts,
    cards_of,
)
from engines.hare_tortoise.checks import check, supply
from engines.hare_tortoise.info import INFO, Phase
from engines.hare_tortoise.moves import (
    Deal,
    DealBet,
    Draw,
    Keep,
    Play,
    Race,
    Reshuffle,
    Reveal,
    Track,
)
from engines.hare_tortoise.plays import PLAYS, SINGLE, WOLF_KIND, WOLF_PLAYS
from engines.hare_tortoise.race import RaceResult, race_move, run_race
from engines.hare_tortoise.scoring import score_bets
from engines.hare_tortoise.storage import body_json, from_body
from engines.hare_tortoise.views import public_move, view

_CHANCE_PHASES = frozenset({Phase.BETS, Phase.TRACK, Phase.DEAL, Phase.REFILL, Phase.REVEAL})
_PILE_PHASES = frozenset({Phase.DEAL, Phase.REFILL})
"""Phases in which a race card comes off the draw pile."""

# Move objects built once: legal_moves hands out these shared instances.
_DRAWS = tuple(Draw(k) for k in KINDS)
_DEALS = tuple(Deal(k) for k in KINDS)
_KEEPS = tuple(Keep(k) for k in KINDS)
_BETS = tuple(DealBet(a) for a in (*ANIMAL_CODES, UNKNOWN))
_TRACKS = tuple(
    Track((a, b)) for a in range(1, TRACK_TILES + 1) for b in range(a + 1, TRACK_TILES + 1)
)
_RESHUFFLE = Reshuffle()


def _plus(counts: Counts, kind: int, n: int = 1) -> Counts:
    lst = list(counts)
    lst[kind] += n
    return tuple(lst)


@dataclass(frozen=True, kw_only=True)
class HareState(State):
    """A game in progress; immutable, every step through ``apply``.

    Attributes:
        phase: the phase of the game (``info.Phase``).
        turn: the seat playing, refilling or keeping its second bet.
        streams: the two stream positions (empty before the track is laid).
        positions: position per animal (hare, tortoise, wolf, fox, lamb).
        podium: animal indices on the podium, 1st first.
        howl_pending: the next race phase is wolf-only (option ``next_phase``).
        hands: race cards per seat, as counts per kind.
        start_bets: starting bet cards per seat (animal codes or ``?``).
        second_bets: the race card kept as second bet per seat (``None`` before).
        deck: the draw pile as counts per kind (all ``?`` in a table game).
        discard: the discard pile as counts per kind (always known).
        table: cards on the table this race, ``(seat, kind)`` in play order.
    """

    INFO: ClassVar[GameInfo] = INFO

    phase: Phase = Phase.BETS
    turn: int = 0
    streams: tuple[int, ...] = ()
    positions: tuple[int, ...] = (0, 0, 0, 0, 0)
    podium: tuple[int, ...] = ()
    howl_pending: bool = False
    hands: tuple[Counts, ...] = ()
    start_bets: tuple[tuple[str, ...], ...] = ()
    second_bets: tuple[str | None, ...] = ()
    deck: Counts = ZERO
    discard: Counts = ZERO
    table: tuple[tuple[int, int], ...] = ()

    # -- whose move ---------------------------------------------------------------

    @property
    def to_move(self) -> str | None:
        phase = self.phase
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase == Phase.OVER:
            return None
        return self.players[self.turn]

    @property
    def bets_per_player(self) -> int:
        """Starting bet cards per player: 2 with two players, else 1 (§8)."""
        return 2 if len(self.players) == 2 else 1

    def bet_seat(self) -> int:
        return sum(len(b) for b in self.start_bets) % len(self.players)

    def deal_seat(self) -> int:
        return sum(sum(h) for h in self.hands) % len(self.players)

    def table_counts(self) -> list[int]:
        """Race cards on the table per animal (howl cards count as wolf)."""
        n = [0, 0, 0, 0, 0]
        for _, kind in self.table:
            n[KIND_ANIMAL[kind]] += 1
        return n

    def card_total(self) -> int:
        """Race cards in hands, on the table, in both piles and kept as second bets."""
        return (
            sum(sum(h) for h in self.hands)
            + len(self.table)
            + sum(self.deck)
            + sum(self.discard)
            + sum(1 for b in self.second_bets if b is not None)
        )

    # -- what is still unseen (table games) -----------------------------------------

    def unseen(self) -> Counts:
        """Race cards per kind that no location shows: what a ``?`` may turn out to be."""
        known = [0] * NKINDS
        for hand in self.hands:
            for k in range(UNK):
                known[k] += hand[k]
        for k in range(UNK):
            known[k] += self.deck[k] + self.discard[k]
        for _, kind in self.table:
            known[kind] += 1
        for bet in self.second_bets:
            if bet is not None and bet != UNKNOWN:
                known[KIND_INDEX[bet]] += 1
        return tuple(FULL_DECK[k] - known[k] for k in range(NKINDS))

    def unseen_bets(self) -> tuple[str, ...]:
        """Starting bet cards that no seat shows: what a ``?`` bet may turn out to be."""
        known = {b for bets in self.start_bets for b in bets}
        return tuple(a for a in ANIMAL_CODES if a not in known)

    # -- legal moves ------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase == Phase.PLAY:
            return self._legal_plays()
        if phase == Phase.REFILL:
            if not sum(self.deck):
                return (_RESHUFFLE,)
            return self._card_outcomes(_DRAWS)
        if phase == Phase.DEAL:
            return self._card_outcomes(_DEALS)
        if phase == Phase.KEEP:
            hand = self.hands[self.turn]
            if not hand[UNK]:
                return tuple(_KEEPS[k] for k in range(UNK) if hand[k])
            unseen = self.unseen()
            return (*tuple(_KEEPS[k] for k in range(UNK) if hand[k] or unseen[k]), _KEEPS[UNK])
        if phase == Phase.BETS:
            free = self.unseen_bets()
            out = tuple(b for b in _BETS if b.card in free)
            return out if self.seed is not None else (*out, _BETS[-1])
        if phase == Phase.TRACK:
            return _TRACKS
        if phase == Phase.REVEAL:
            return self._legal_reveals()
        if phase == Phase.RACE:
            return (race_move(self.race_result()),)
        return ()

    def _card_outcomes(self, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        if self.seed is not None:
            deck = self.deck
            return tuple(moves[k] for k in range(UNK) if deck[k])
        unseen = self.unseen()
        return (*tuple(moves[k] for k in range(UNK) if unseen[k]), moves[UNK])

    def _legal_plays(self) -> tuple[Move, ...]:
        hand = self.hands[self.turn]
        n = self.table_counts()
        room = MAX_TABLE - len(self.table)
        out: list[Move] = []
        if hand[UNK]:
            unseen = self.unseen()
            for move, animal, k, needs in PLAYS:
                fits = k <= room and n[animal] + k <= MAX_ANIMAL
                if fits and supply(hand, needs, unseen) is None:
                    out.append(move)
            return tuple(out)
        # Every card in the hand is known: read the plays off the counts.
        for kind, plays in SINGLE.items():
            limit = min(room, MAX_ANIMAL - n[KIND_ANIMAL[kind]], hand[kind])
            out += plays[1 : limit + 1]
        limit = min(room, MAX_ANIMAL - n[WOLF])
        for w in range(min(hand[WOLF_KIND], limit) + 1):
            out += WOLF_PLAYS[w][1 if w == 0 else 0 : min(hand[HOWL], limit - w) + 1]
        return tuple(out)

    def _legal_reveals(self) -> tuple[Move, ...]:
        out: list[Move] = []
        unseen = self.unseen()
        free = self.unseen_bets()
        for seat, player in enumerate(self.players):
            if UNKNOWN in self.start_bets[seat]:
                out += [Reveal(player, a) for a in free]
            elif self.second_bets[seat] == UNKNOWN:
                out += [Reveal(player, KINDS[k]) for k in range(UNK) if unseen[k]]
        return tuple(out)

    # -- checking -----------------------------------------------------------------------

    def _check(self, move: Move) -> Verdict:
        return check(self, move)

    # -- applying -----------------------------------------------------------------------

    def _apply(self, move: Move) -> HareState:
        if isinstance(move, Draw):
            return self._apply_draw(move.card)
        if isinstance(move, Play):
            return self._apply_play(move)
        if isinstance(move, Deal):
            return self._apply_deal(move.card)
        if isinstance(move, Reshuffle):
            deck = self.discard if self.seed is not None else _plus(ZERO, UNK, sum(self.discard))
            return self.evolve(deck=deck, discard=ZERO)
        if isinstance(move, Keep):
            return self._apply_keep(move.card)
        if isinstance(move, DealBet):
            seat = self.bet_seat()
            bets = list(self.start_bets)
            bets[seat] = (*bets[seat], move.card)
            done = sum(len(b) for b in bets) == self.bets_per_player * len(self.players)
            return self.evolve(start_bets=tuple(bets), phase=Phase.TRACK if done else Phase.BETS)
        if isinstance(move, Track):
            return self.evolve(streams=move.streams, phase=Phase.DEAL)
        if isinstance(move, Race):
            return self._after_race(self.race_result())
        assert isinstance(move, Reveal)
        return self._apply_reveal(move)

    def _take(self, hand: Counts, kind: int, count: int) -> Counts:
        """``hand`` less ``count`` cards of ``kind``, unseen cards standing in for missing ones."""
        lst = list(hand)
        own = min(count, lst[kind])
        lst[kind] -= own
        lst[UNK] -= count - own
        return tuple(lst)

    def _from_deck(self, card: str) -> tuple[Counts, int]:
        """The draw pile after taking ``card``, and the kind the receiving hand gets."""
        kind = KIND_INDEX[card]
        taken = kind if self.seed is not None else UNK
        return _plus(self.deck, taken, -1), kind

    def _apply_deal(self, card: str) -> HareState:
        seat = self.deal_seat()
        deck, kind = self._from_deck(card)
        hands = list(self.hands)
        hands[seat] = _plus(hands[seat], kind)
        done = sum(sum(h) for h in hands) == DEALT * len(self.players)
        return self.evolve(
            deck=deck, hands=tuple(hands), phase=Phase.KEEP if done else Phase.DEAL, turn=0
        )

    def _apply_keep(self, card: str) -> HareState:
        hands = list(self.hands)
        hands[self.turn] = self._take(hands[self.turn], KIND_INDEX[card], 1)
        seconds = list(self.second_bets)
        seconds[self.turn] = card
        last = self.turn == len(self.players) - 1
        return self.evolve(
            hands=tuple(hands),
            second_bets=tuple(seconds),
            turn=0 if last else self.turn + 1,
            phase=Phase.PLAY if last else Phase.KEEP,
        )

    def _apply_play(self, move: Play) -> HareState:
        counts = cards_of(move.cards)
        hand = self.hands[self.turn]
        for k in range(UNK):
            if counts[k]:
                hand = self._take(hand, k, counts[k])
        hands = list(self.hands)
        hands[self.turn] = hand
        table = self.table + tuple((self.turn, KIND_INDEX[c]) for c in move.cards)
        return self.evolve(hands=tuple(hands), table=table, phase=Phase.REFILL)

    def _apply_draw(self, card: str) -> HareState:
        deck, kind = self._from_deck(card)
        hands = list(self.hands)
        hand = _plus(hands[self.turn], kind)
        hands[self.turn] = hand
        after = self.evolve(deck=deck, hands=tuple(hands))
        if sum(hand) < HAND_SIZE:
            return after
        return after._end_turn()

    def trigger(self) -> str | None:
        """Why the table starts a race phase (§5.5: 8 cards, or 4 of one animal), or None."""
        cause = self.trigger_cause()
        if cause is None:
            return None
        if cause["animal"] is None:
            return f"{MAX_TABLE} cards on the table"
        return f"{MAX_ANIMAL} {cause['animal']} cards on the table"

    def trigger_cause(self) -> dict[str, str | None] | None:
        """The race trigger as data: ``{"animal": None}`` for a full table of 8 cards,
        ``{"animal": name}`` for 4 cards of one animal (§5.5); None below the trigger."""
        n = self.table_counts()
        if len(self.table) == MAX_TABLE:
            return {"animal": None}
        if MAX_ANIMAL in n:
            return {"animal": ANIMALS[n.index(MAX_ANIMAL)]}
        return None

    def _end_turn(self) -> HareState:
        """The end-of-turn check (§5.5); with ``race = by_hand`` the player then moves the pawns."""
        if self.trigger() is None:
            return self.evolve(phase=Phase.PLAY, turn=(self.turn + 1) % len(self.players))
        if self.options["race"] == "by_hand":
            return self.evolve(phase=Phase.RACE)
        return self._after_race(self.race_result())

    def race_result(self) -> RaceResult:
        """The race phase the cards on the table make (§6), on the current positions."""
        return run_race(
            self.positions,
            self.podium,
            self.streams,
            self.table_counts(),
            any(kind == HOWL for _, kind in self.table),
            self.howl_pending,
            self.options,
            {
                "player": self.players[self.turn],
                "reason": self.trigger() or "",
                **(self.trigger_cause() or {}),
            },
        )

    def _after_race(self, result: RaceResult) -> HareState:
        """The table after a race phase: pawns moved, cards discarded, the next player on."""
        discard = list(self.discard)
        for _, kind in self.table:
            discard[kind] += 1
        if not result.finished:
            phase = Phase.PLAY
        elif UNKNOWN in self.second_bets or any(UNKNOWN in b for b in self.start_bets):
            phase = Phase.REVEAL
        else:
            phase = Phase.OVER
        return self.evolve(
            positions=result.positions,
            podium=result.podium,
            howl_pending=result.howl_pending,
            table=(),
            discard=tuple(discard),
            phase=phase,
            turn=(self.turn + 1) % len(self.players),
            events=(result.event,),
        )

    def _apply_reveal(self, move: Reveal) -> HareState:
        seat = self.players.index(move.player)
        start = list(self.start_bets)
        seconds = list(self.second_bets)
        if UNKNOWN in start[seat]:
            bets = list(start[seat])
            bets[bets.index(UNKNOWN)] = move.card
            start[seat] = tuple(bets)
        else:
            seconds[seat] = move.card
        hidden = UNKNOWN in seconds or any(UNKNOWN in b for b in start)
        return self.evolve(
            start_bets=tuple(start),
            second_bets=tuple(seconds),
            phase=Phase.REVEAL if hidden else Phase.OVER,
        )

    # -- chance ---------------------------------------------------------------------------

    def chance_outcomes(self) -> ChanceOutcomes:
        """Race cards come off the pile in proportion to the cards of each kind in it.

        A seeded game knows the pile; a table game weighs each kind by the cards
        of it still unseen (the pile, hidden hands and bets are all ``?`` alike).
        A hidden bet the table reveals is one of the unseen cards of its kind.
        Everything else (the starting bets, the track, the reshuffle) is uniform.
        """
        phase = self.phase
        left: int = sum(self.deck)
        if phase in _PILE_PHASES and left:
            pile = self.deck if self.seed is not None else self.unseen()
            moves = _DRAWS if phase == Phase.REFILL else _DEALS
            kinds = [k for k in range(UNK) if pile[k]]
            return ChanceOutcomes(tuple([moves[k] for k in kinds]), tuple([pile[k] for k in kinds]))
        if phase == Phase.REVEAL:
            return self._reveal_outcomes()
        return super().chance_outcomes()

    def _reveal_outcomes(self) -> ChanceOutcomes:
        """What the first hidden bet (in seat order) turns out to be."""
        for seat, player in enumerate(self.players):
            if UNKNOWN in self.start_bets[seat]:
                return ChanceOutcomes.uniform(Reveal(player, a) for a in self.unseen_bets())
            if self.second_bets[seat] == UNKNOWN:
                unseen = self.unseen()
                return ChanceOutcomes.weighted(
                    (Reveal(player, KINDS[k]), unseen[k]) for k in range(UNK)
                )
        return NO_CHANCE

    def chance_move(self) -> Move | None:
        """The seeded outcome; with ``stream_positions = table`` even a seeded game
        leaves the track to the table (None), so the stream positions are always
        entered."""
        if self.options["stream_positions"] == "table" and self.phase == Phase.TRACK:
            return None
        return super().chance_move()

    # -- outcome ------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        return score_bets(self.players, self.start_bets, self.second_bets, self.podium)

    # -- views and JSON -------------------------------------------------------------------

    def view(self, player: str | None) -> dict[str, Any]:
        return view(self, player)

    def public_move(self, move: Move, viewer: str | None) -> dict[str, Any]:
        """Cards dealt, drawn or kept show only to their receiver."""
        return public_move(self, move, viewer)

    def _body_json(self) -> dict[str, Any]:
        return body_json(self)

    @classmethod
    def _from_body(cls, common: dict[str, Any], body: Mapping[str, Any]) -> HareState:
        return from_body(cls, common, body)


def new_game(
    players: Sequence[str], *, options: Mapping[str, Any] | None = None, seed: int | None = None
) -> HareState:
    """A new game before the starting bets are dealt.

    Raises:
        InvalidSetup: a wrong player count or names, unknown options or a bad seed.
    """
    setup = INFO.setup(players, options=options, seed=seed)
    n = setup.count
    deck = FULL_DECK if setup.seed is not None else _plus(ZERO, UNK, RACE_CARDS)
    return HareState(
        players=setup.players,
        options=setup.options,
        seed=setup.seed,
        hands=(ZERO,) * n,
        start_bets=((),) * n,
        second_bets=(None,) * n,
        deck=deck,
    )


def load_state(obj: Any) -> HareState:
    """A state from its JSON (dict or text).

    Raises:
        InvalidState: another game, a newer format or a broken document.
    """
    return HareState.from_json(obj)
