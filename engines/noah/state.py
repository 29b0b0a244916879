"""Noah: the rules engine.

Follows ``docs/rules/noah.md`` (seed text ``001_be788f962c07f759.txt``): 3
rounds, 5 docks on a pentagon, ferries of capacity 21 (13 with a woodpecker),
the gender pattern, taking the ferry's cards only when no card fits,
departures with 1-4 gift cards, giraffe, lion, mule and snail, the extra turn,
tears scored from the hands, the lowest total wins. Rule options: §11 of the
spec (``extra_turn``, ``noah_round_start``, ``starting_snail_gender``,
``round_start_tie``, ``end_at_26``, ``promo_cards``).

A turn is a short sequence of steps so that every choice (and every piece of
chance) is its own move: ``play`` (or ``take`` then ``play``), for a lion a
chance ``steal`` and a ``giveback``, then ``noah`` (Noah's move; none after a
mule), then one ``gift`` per card owed after a departure.

This module holds the state, its legal moves, how each move changes it and
the odds of chance; whether a move is legal (and why not) is
``engines.noah.checks``, the tears and the outcome ``engines.noah.scoring``,
what each player sees ``views``, the state document ``storage``, the ferry's
weight, limit and gender rule ``ferry``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import (
    CHANCE,
    UNKNOWN,
    ChanceOutcomes,
    Event,
    Move,
    Outcome,
    State,
    Verdict,
)
from engines.noah.catalog import (
    CARD_BY_ID,
    DOCKS,
    FEMALE,
    GENDERS,
    GIRAFFE,
    HAND,
    LAST_DEPARTURE,
    LION,
    MULE,
    RESERVE,
    deck_for,
)
from engines.noah.checks import check
from engines.noah.ferry import Placed, limit, required_gender, weight
from engines.noah.info import INFO, Step
from engines.noah.moves import (
    Deal,
    FerryCard,
    First,
    Gift,
    GiveBack,
    MoveNoah,
    PlaceNoah,
    Play,
    Reveal,
    Steal,
    TakeFerry,
)
from engines.noah.scoring import final_outcome, game_ends, hand_tears, round_end_event
from engines.noah.storage import body_json, from_body
from engines.noah.views import public_move, view

CHANCE_STEPS = frozenset(
    {Step.SETUP_FERRY, Step.SETUP_DEAL, Step.SETUP_NOAH, Step.SETUP_FIRST, Step.STEAL}
)


@dataclass(frozen=True, kw_only=True)
class NoahState(State):
    """A game of Noah. See the module docstring and ``docs/formats/noah.md``.

    Attributes:
        round: 1-based round number.
        step: the state machine's step (``play``, ``noah``, ``gift``, ...).
        docks: per dock (0-4, clockwise) the ferry's cards in the order played,
            or None where no ferry lies.
        reserve: ferries left in the centre this round.
        noah: Noah's dock, None before he is placed.
        hands: per player, sorted card ids (``?`` for a card the table does not know).
        departed: animals that left on ferries this round.
        departures: who completed each ferry this round, in order.
        active: index of the player whose turn it is.
        first: index of this round's start player (None until chosen).
        dealt: hand cards dealt so far this round.
        played: the card played this turn (None before the play).
        played_at: the dock of the ferry it was played onto.
        target: index of the giraffe's or lion's opponent this turn.
        extra: whether this turn's play earned an extra turn.
        gifts_left: cards still to give after a departure.
        peek: ``(viewer, target)`` after a giraffe, until the turn ends.
        scores: total tears per player.
        round_tears: tears per player of each finished round.
        round_hands: the hands scored at the end of each finished round.
    """

    INFO = INFO
    FORMAT = 1

    round: int = 1
    step: Step = Step.SETUP_FERRY
    docks: tuple[tuple[Placed, ...] | None, ...] = ((),) * DOCKS
    reserve: int = RESERVE
    noah: int | None = None
    hands: tuple[tuple[str, ...], ...] = ()
    departed: tuple[str, ...] = ()
    departures: tuple[str, ...] = ()
    active: int = 0
    first: int | None = None
    dealt: int = 0
    played: str | None = None
    played_at: int | None = None
    target: int | None = None
    extra: bool = False
    gifts_left: int = 0
    peek: tuple[int, int] | None = None
    scores: tuple[int, ...] = ()
    round_tears: tuple[tuple[int, ...], ...] = ()
    round_hands: tuple[tuple[tuple[str, ...], ...], ...] = ()

    # ------------------------------------------------------------------ basics

    @property
    def deck(self) -> tuple[str, ...]:
        return deck_for(len(self.players))

    @property
    def ferry(self) -> tuple[Placed, ...]:
        """The ferry at Noah's dock."""
        assert self.noah is not None
        f = self.docks[self.noah]
        return f if f is not None else ()

    @property
    def to_move(self) -> str | None:
        if self.step == Step.OVER:
            return None
        if self.step in CHANCE_STEPS:
            return CHANCE
        if self.step == Step.REVEAL:
            return self.players[self._revealer()]
        return self.players[self.active]

    def _revealer(self) -> int:
        return next(i for i, h in enumerate(self.hands) if UNKNOWN in h)

    def seat_of(self, player: str | None) -> int | None:
        try:
            return self.players.index(player) if player is not None else None
        except ValueError:
            return None

    def known_cards(self) -> Counter[str]:
        """How many times each known card appears in hands, on ferries and departed."""
        seen: Counter[str] = Counter()
        for hand in self.hands:
            seen.update(c for c in hand if c != UNKNOWN)
        for ferry in self.docks:
            if ferry:
                seen.update(c for c, _ in ferry)
        seen.update(self.departed)
        return seen

    def unaccounted(self) -> tuple[str, ...]:
        """Cards of this round's deck not known to be anywhere (undealt or unknown in hands)."""
        seen = self.known_cards()
        return tuple(c for c in self.deck if c not in seen)

    def undealt_count(self) -> int:
        """Cards of this round's deck not in a hand, on a ferry or departed."""
        on_table = sum(len(f) for f in self.docks if f) + len(self.departed)
        return len(self.deck) - sum(len(h) for h in self.hands) - on_table

    def unknown_slots(self) -> int:
        return sum(h.count(UNKNOWN) for h in self.hands)

    def _rng(self) -> random.Random:
        """Chance the rules leave to the engine (option ``random``), seeded or not."""
        return random.Random(f"noah:{self.seed}:{self.ply}")

    # ------------------------------------------------------------------ legal moves

    def legal_moves(self) -> tuple[Move, ...]:
        step = self.step
        if step == Step.OVER:
            return ()
        if step == Step.SETUP_FERRY:
            moves: list[Move] = []
            genders: tuple[str | None, ...] = (
                GENDERS if self.options["starting_snail_gender"] == "table" else (None,)
            )
            for card in self.unaccounted():
                if CARD_BY_ID[card].gender is None:
                    moves.extend(FerryCard(card, g) for g in genders)
                else:
                    moves.append(FerryCard(card))
            return tuple(moves)
        if step == Step.SETUP_DEAL:
            pool = self.unaccounted()
            if len(pool) <= self.unknown_slots():
                return ()
            cards = [Deal(c) for c in pool]
            if self.table_mode:
                cards.append(Deal(UNKNOWN))
            return tuple(cards)
        if step == Step.SETUP_NOAH:
            return tuple(PlaceNoah(d) for d in range(DOCKS))
        if step == Step.SETUP_FIRST:
            return tuple(First(p) for p in self.first_candidates())
        if step == Step.PLAY:
            return self.play_moves()
        if step == Step.STEAL:
            assert self.target is not None
            hand = self.hands[self.target]
            options = sorted({c for c in hand if c != UNKNOWN})
            if UNKNOWN in hand:
                options = sorted(set(options) | set(self.unaccounted()))
                options.append(UNKNOWN)
            return tuple(Steal(c) for c in options)
        if step == Step.GIVEBACK:
            return tuple(GiveBack(c) for c in sorted(set(self.hands[self.active])))
        if step == Step.MOVE_NOAH:
            return tuple(MoveNoah(d) for d in self.noah_targets())
        if step == Step.GIFT:
            me = self.active
            return tuple(
                Gift(c, p)
                for c in sorted(set(self.hands[me]))
                for i, p in enumerate(self.players)
                if i != me
            )
        if step == Step.REVEAL:
            return tuple(Reveal(c) for c in self.unaccounted())
        raise AssertionError(f"unknown step {step!r}")

    def play_moves(self) -> tuple[Move, ...]:
        me = self.active
        ferry = self.ferry
        total = weight(ferry)
        need = required_gender(ferry)
        opponents = [p for i, p in enumerate(self.players) if i != me]
        moves: list[Move] = []
        hand = set(self.hands[me]) - {UNKNOWN}
        if UNKNOWN in self.hands[me]:
            hand |= set(self.unaccounted())
        for card in sorted(hand):
            c = CARD_BY_ID[card]
            if total + c.weight > limit(ferry, card):
                continue
            if c.gender is None:
                genders: tuple[str | None, ...] = GENDERS if need is None else (need,)
            elif need is None or c.gender == need:
                genders = (None,)
            else:
                continue
            targets: Sequence[str | None] = (
                opponents if c.species.code in (GIRAFFE, LION) else (None,)
            )
            moves.extend(Play(card, g, t) for g in genders for t in targets)
        if UNKNOWN in self.hands[me]:
            moves.append(TakeFerry())  # the table cannot know whether a hidden card fits
        elif not moves:
            return (TakeFerry(),)
        return tuple(moves)

    def first_candidates(self) -> tuple[str, ...]:
        if self.round == 1:
            return self.players
        best = max(self.scores)
        return tuple(p for p, s in zip(self.players, self.scores, strict=True) if s == best)

    def noah_targets(self) -> tuple[int, ...]:
        assert self.noah is not None and self.played is not None
        gender = self.played_gender()
        offsets = (1, 4) if gender == FEMALE else (2, 3)
        return tuple(sorted((self.noah + o) % DOCKS for o in offsets))

    def played_gender(self) -> str:
        """The gender the card just played counts as (a snail's given gender)."""
        assert self.played_at is not None
        ferry = self.docks[self.played_at]
        assert ferry
        return ferry[-1][1]

    def chance_outcomes(self) -> ChanceOutcomes:
        """Each card dealt is as likely as any other; the lion draws one card of the
        opponent's hand at random, and a card the table only knows as ``?`` in that
        hand is any card unaccounted for, alike."""
        if self.step == Step.STEAL and self.target is not None:
            hand = self.hands[self.target]
            unknown = hand.count(UNKNOWN)
            if unknown:
                pool = self.unaccounted()
                weight = {c: len(pool) for c in hand if c != UNKNOWN}
                weight.update((c, unknown) for c in pool)
                steals = (m for m in self.legal_moves() if isinstance(m, Steal))
                return ChanceOutcomes.weighted((m, weight.get(m.card, 0)) for m in steals)
        return super().chance_outcomes()

    # ------------------------------------------------------------------ checks

    def _check(self, move: Move) -> Verdict:
        return check(self, move)

    # ------------------------------------------------------------------ apply

    def _apply(self, move: Move) -> NoahState:
        if isinstance(move, FerryCard):
            return self._apply_ferry_card(move)
        if isinstance(move, Deal):
            return self._apply_deal(move)
        if isinstance(move, PlaceNoah):
            return self.evolve(noah=move.dock)._after_setup_noah()
        if isinstance(move, First):
            i = self.players.index(move.player)
            return self.evolve(first=i, active=i, step=Step.PLAY)
        if isinstance(move, TakeFerry):
            return self._apply_take()
        if isinstance(move, Play):
            return self._apply_play(move)
        if isinstance(move, Steal):
            assert self.target is not None
            hands = self._move_card(self.target, self.active, move.card)
            return self.evolve(hands=hands, step=Step.GIVEBACK)
        if isinstance(move, GiveBack):
            assert self.target is not None
            hands = self._move_card(self.active, self.target, move.card)
            return self.evolve(hands=hands)._after_power()
        if isinstance(move, MoveNoah):
            return self.evolve(noah=move.dock)._after_noah()
        if isinstance(move, Gift):
            to = self.players.index(move.to)
            left = self.gifts_left - 1
            state = self.evolve(hands=self._move_card(self.active, to, move.card), gifts_left=left)
            return state if left > 0 and state.hands[self.active] else state._end_turn()
        if isinstance(move, Reveal):
            return self._apply_reveal(move)
        raise AssertionError(move)

    def _take_from(self, hand: tuple[str, ...], card: str) -> tuple[str, ...]:
        """``hand`` without ``card`` (an unknown slot when the card was not known there)."""
        items = list(hand)
        items.remove(card if card in items else UNKNOWN)
        return tuple(items)

    def _move_card(self, src: int, dst: int, card: str) -> tuple[tuple[str, ...], ...]:
        hands = list(self.hands)
        hands[src] = self._take_from(hands[src], card)
        hands[dst] = tuple(sorted((*hands[dst], card)))
        return tuple(hands)

    def _apply_ferry_card(self, move: FerryCard) -> NoahState:
        dock = next(i for i, f in enumerate(self.docks) if not f)
        gender = CARD_BY_ID[move.card].gender or move.gender
        if gender is None:
            gender = self._rng().choice(GENDERS)
        docks = list(self.docks)
        docks[dock] = ((move.card, gender),)
        state = self.evolve(docks=tuple(docks))
        if dock == DOCKS - 1:
            state = state.evolve(step=Step.SETUP_DEAL)
        return state

    def _apply_deal(self, move: Deal) -> NoahState:
        n = len(self.players)
        who = self.dealt % n
        hands = list(self.hands)
        hands[who] = tuple(sorted((*hands[who], move.card)))
        state = self.evolve(hands=tuple(hands), dealt=self.dealt + 1)
        if state.dealt < HAND * n:
            return state
        if self.round == 1 or self.options["noah_round_start"] == "any" or self.noah is None:
            return state.evolve(step=Step.SETUP_NOAH)
        return state._after_setup_noah()

    def _after_setup_noah(self) -> NoahState:
        if self.round == 1:
            return self.evolve(step=Step.SETUP_FIRST)
        candidates = self.first_candidates()
        if len(candidates) == 1 or self.options["round_start_tie"] == "random":
            chosen = self.players.index(self._rng().choice(candidates))
            return self.evolve(first=chosen, active=chosen, step=Step.PLAY)
        return self.evolve(step=Step.SETUP_FIRST)

    def _apply_take(self) -> NoahState:
        assert self.noah is not None
        me = self.active
        taken = [c for c, _ in self.ferry]
        hands = list(self.hands)
        hands[me] = tuple(sorted((*hands[me], *taken)))
        docks = list(self.docks)
        docks[self.noah] = ()
        event = Event(
            "take",
            f"{self.players[me]} took the {len(taken)} card(s) of ferry {self.noah} into hand",
            {"player": self.players[me], "dock": self.noah, "cards": taken},
        )
        return self.evolve(hands=tuple(hands), docks=tuple(docks), events=(event,))

    def _apply_play(self, move: Play) -> NoahState:
        assert self.noah is not None
        me = self.active
        card = CARD_BY_ID[move.card]
        ferry = self.ferry
        gender = move.gender or card.gender
        assert gender is not None
        top = ferry[-1] if ferry else None
        extra = False
        if top is not None and CARD_BY_ID[top[0]].species is card.species:
            extra = self.options["extra_turn"] == "species" or top[1] != gender
        docks = list(self.docks)
        docks[self.noah] = (*ferry, (move.card, gender))
        hands = list(self.hands)
        hands[me] = self._take_from(hands[me], move.card)
        target = self.seat_of(move.target)
        state = self.evolve(
            docks=tuple(docks),
            hands=tuple(hands),
            played=move.card,
            played_at=self.noah,
            target=target,
            extra=extra,
        )
        if card.species.code == LION:
            assert target is not None
            return state.evolve(step=Step.STEAL)
        if card.species.code == GIRAFFE:
            assert target is not None
            state = state.evolve(peek=(me, target))
        return state._after_power()

    def _after_power(self) -> NoahState:
        assert self.played is not None
        if CARD_BY_ID[self.played].species.code == MULE:
            return self._after_noah()
        return self.evolve(step=Step.MOVE_NOAH)

    def _after_noah(self) -> NoahState:
        """Departure check on the ferry played onto, then gifts or the end of the turn."""
        dock = self.played_at
        assert dock is not None
        ferry = self.docks[dock]
        assert ferry
        if weight(ferry) != limit(ferry):
            return self._end_turn()
        me = self.active
        departures = (*self.departures, self.players[me])
        docks = list(self.docks)
        reserve = self.reserve
        if reserve > 0:
            docks[dock] = ()
            reserve -= 1
        else:
            docks[dock] = None
        d = len(departures)
        owed = min(d, len(self.hands[me]))
        event = Event(
            "departure",
            f"ferry {dock} departed with weight {weight(ferry)} (departure {d} of this round); "
            f"{self.players[me]} takes the ferry card"
            + (f" and gives {owed} card(s)" if owed else ""),
            {
                "dock": dock,
                "weight": weight(ferry),
                "cards": [c for c, _ in ferry],
                "player": self.players[me],
                "departure": d,
                "gifts": owed,
            },
        )
        state = self.evolve(
            docks=tuple(docks),
            reserve=reserve,
            departed=(*self.departed, *(c for c, _ in ferry)),
            departures=departures,
            gifts_left=owed,
            events=(event,),
        )
        if owed > 0:
            return state.evolve(step=Step.GIFT)
        return state._end_turn()

    def _end_turn(self) -> NoahState:
        events = self.events
        turn_over = self.evolve(
            played=None,
            played_at=None,
            target=None,
            gifts_left=0,
            peek=None,
            step=Step.PLAY,
            events=events,
        )
        if any(not h for h in self.hands) or len(self.departures) >= LAST_DEPARTURE:
            return turn_over._end_round()
        if self.extra:
            return turn_over.evolve(extra=False)
        return turn_over.evolve(extra=False, active=(self.active + 1) % len(self.players))

    def _end_round(self) -> NoahState:
        if self.unknown_slots():
            return self.evolve(step=Step.REVEAL, extra=False)
        return self._score_round()

    def _apply_reveal(self, move: Reveal) -> NoahState:
        me = self._revealer()
        hands = list(self.hands)
        hands[me] = tuple(sorted((*self._take_from(hands[me], UNKNOWN), move.card)))
        state = self.evolve(hands=tuple(hands))
        if state.unknown_slots():
            return state
        return state._score_round()

    def _score_round(self) -> NoahState:
        tears = hand_tears(self.hands)
        scores = tuple(a + b for a, b in zip(self.scores, tears, strict=True))
        state = self.evolve(
            scores=scores,
            round_tears=(*self.round_tears, tears),
            round_hands=(*self.round_hands, self.hands),
            events=(*self.events, round_end_event(self.round, self.players, self.hands, tears)),
            extra=False,
        )
        if game_ends(self.options, self.round, scores):
            return state.evolve(step=Step.OVER)
        return state.evolve(
            round=self.round + 1,
            step=Step.SETUP_FERRY,
            docks=((),) * DOCKS,
            reserve=RESERVE,
            hands=((),) * len(self.players),
            departed=(),
            departures=(),
            dealt=0,
            first=None,
        )

    # ------------------------------------------------------------------ outcome

    def outcome(self) -> Outcome | None:
        if self.step != Step.OVER:
            return None
        return final_outcome(self.players, self.scores, self.round_tears, self.round_hands)

    # ------------------------------------------------------------------ views and JSON

    def view(self, player: str | None) -> dict[str, Any]:
        return view(self, player)

    def public_move(self, move: Move, viewer: str | None) -> dict[str, Any]:
        return public_move(self, move, viewer)

    def _body_json(self) -> dict[str, Any]:
        return body_json(self)

    @classmethod
    def _from_body(cls, common: dict[str, Any], body: Mapping[str, Any]) -> NoahState:
        return from_body(cls, common, body)


def new_game(
    players: Sequence[str], *, options: Mapping[str, Any] | None = None, seed: int | None = None
) -> NoahState:
    """A new game at its first chance point (the round's face-up ferry cards).

    Args:
        players: names in clockwise seating order (2 to 5).
        options: rule options (see ``INFO.options``); defaults follow the seed text.
        seed: simulate chance with this seed (``0 <= seed < 2**63``); None means the
            table supplies it.

    Raises:
        InvalidSetup: a wrong player count or names, unknown options or a bad seed.
    """
    setup = INFO.setup(players, options=options, seed=seed)
    return NoahState(
        players=setup.players,
        options=setup.options,
        seed=setup.seed,
        hands=((),) * setup.count,
        scores=(0,) * setup.count,
    )


def load_state(obj: Any) -> NoahState:
    """A Noah state from its JSON; raises ``InvalidState``."""
    return NoahState.from_json(obj)
