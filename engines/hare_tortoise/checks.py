"""The Hare and the Tortoise: whether a move is legal now, and why not.

Follows ``docs/rules/hare_tortoise.md``: §4 for setup (one starting bet card
per animal, 2 each with two players as §8 says; the track's two stream
positions on tiles 1 to 11; the seven race cards dealt and the second bet
kept), §5 for the card-play turn (1 to 4 cards of one animal, at most 8 on
the table and 4 of one animal; the refill from the draw pile and the
reshuffle of the discard pile only when it is empty) and, with option
``race = by_hand``, §6 through :func:`engines.hare_tortoise.race.check_race`.
At the end the table reveals the bets it only knows as ``?``.

In a table game (no seed) a ``?`` card may stand for any card still unseen;
a seeded game names every card. ``HareState._check`` calls :func:`check`;
``HareState.legal_moves`` reads the plays a hand can make with :func:`supply`.
Every refusal carries a stable code ``hare_tortoise.<rule>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engines.core import LEGAL, UNKNOWN, Move, Verdict
from engines.hare_tortoise.catalog import (
    ANIMALS,
    KIND_ANIMAL,
    KIND_INDEX,
    KINDS,
    MAX_ANIMAL,
    MAX_TABLE,
    TRACK_TILES,
    UNK,
    Counts,
    card_name,
    cards_of,
)
from engines.hare_tortoise.info import Phase
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
from engines.hare_tortoise.race import check_race

if TYPE_CHECKING:
    from engines.hare_tortoise.state import HareState

_P = "hare_tortoise."

_PHASE_MOVES: dict[Phase, type[Move] | tuple[type[Move], ...]] = {
    Phase.BETS: DealBet,
    Phase.TRACK: Track,
    Phase.DEAL: Deal,
    Phase.KEEP: Keep,
    Phase.PLAY: Play,
    Phase.REFILL: (Draw, Reshuffle),
    Phase.RACE: Race,
    Phase.REVEAL: Reveal,
    Phase.OVER: (),
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def check(state: HareState, move: Move) -> Verdict:
    """Whether ``move`` is legal in ``state``: ``LEGAL``, or the rule it breaks and why."""
    phase = state.phase
    expected = _PHASE_MOVES[phase]
    if not isinstance(move, expected):
        return Verdict.illegal(
            _P + "wrong_phase", _phase_text(state), phase=phase, player=_seat_name(state)
        )
    if isinstance(move, Play):
        return _check_play(state, move)
    if isinstance(move, Draw | Deal):
        return _check_from_deck(state, move.card, "drawn" if phase == Phase.REFILL else "dealt")
    if isinstance(move, Reshuffle):
        if sum(state.deck):
            return Verdict.illegal(
                _P + "deck_not_empty",
                f"the draw pile still holds {_plural(sum(state.deck), 'card')}; "
                "shuffle the discard pile only when it is empty",
                cards=sum(state.deck),
            )
        return LEGAL
    if isinstance(move, Keep):
        return _check_keep(state, move)
    if isinstance(move, DealBet):
        return _check_bet(state, move)
    if isinstance(move, Track):
        return _check_track(state, move)
    if isinstance(move, Race):
        return check_race(state.race_result(), move)
    assert isinstance(move, Reveal)
    return _check_reveal(state, move)


def _seat_name(state: HareState) -> str:
    return state.players[state.turn] if state.players else ""


def _phase_text(state: HareState) -> str:
    seat = _seat_name(state)
    return {
        Phase.BETS: "the table must deal a starting bet card now",
        Phase.TRACK: "the table must enter the two stream positions now (e.g. 'track 4 9')",
        Phase.DEAL: "the table must deal a race card now",
        Phase.KEEP: f"{seat} must set a card aside as second bet now",
        Phase.PLAY: f"{seat} must play race cards now",
        Phase.REFILL: f"{seat} must refill the hand from the draw pile now",
        Phase.RACE: f"{seat} must move the pawns for the race phase now",
        Phase.REVEAL: "the table must reveal the hidden bets now",
        Phase.OVER: "the game is over",
    }[state.phase]


def _unknown_refused(state: HareState, card: str, what: str) -> Verdict | None:
    if card == UNKNOWN and state.seed is not None:
        return Verdict.illegal(
            _P + "unknown_card", f"a simulated game knows every card; name the {what}"
        )
    return None


def _check_from_deck(state: HareState, card: str, verb: str) -> Verdict:
    if sum(state.deck) == 0:
        return Verdict.illegal(
            _P + "deck_empty", "the draw pile is empty; shuffle the discard pile first"
        )
    refused = _unknown_refused(state, card, f"card {verb}")
    if refused is not None:
        return refused
    if card == UNKNOWN:
        return LEGAL
    kind = KIND_INDEX[card]
    left = state.deck[kind] if state.seed is not None else state.unseen()[kind]
    if left < 1:
        return Verdict.illegal(
            _P + "not_in_deck",
            f"no {card_name(card)} card can be {verb}: none is left in the draw pile",
            card=card,
        )
    return LEGAL


def supply(hand: Counts, needs: Sequence[tuple[int, int]], unseen: Counts | None) -> str | None:
    """Why ``hand`` cannot give ``needs`` (kind, count), or None when it can."""
    short = 0
    for kind, count in needs:
        missing = count - hand[kind]
        if missing <= 0:
            continue
        name = card_name(KINDS[kind])
        if not hand[UNK]:
            return f"the hand holds {_plural(hand[kind], name + ' card')}, not {count}"
        if unseen is not None and missing > unseen[kind]:
            return (
                f"the hand shows {hand[kind]} {name} and only {unseen[kind]} more "
                f"{name} can be unseen, not {count}"
            )
        short += missing
    if short > hand[UNK]:
        return f"the hand holds only {hand[UNK]} unseen cards, {short} would be needed"
    return None


def _check_play(state: HareState, move: Play) -> Verdict:
    cards = move.cards
    player = state.players[state.turn]
    if not cards:
        return Verdict.illegal(_P + "no_cards", "play 1 to 4 cards of one animal")
    if UNKNOWN in cards:
        return Verdict.illegal(
            _P + "unknown_card", "played cards lie face up; name each card played"
        )
    if len(cards) > MAX_ANIMAL:
        return Verdict.illegal(
            _P + "too_many_cards",
            f"play at most 4 cards in a turn, not {len(cards)}",
            cards=len(cards),
        )
    counts = cards_of(cards)
    animals = {KIND_ANIMAL[k] for k in range(UNK) if counts[k]}
    if len(animals) > 1:
        names = " and ".join(ANIMALS[a] for a in sorted(animals))
        return Verdict.illegal(
            _P + "mixed_animals",
            f"all cards played must show one animal, not {names}",
            animals=sorted(ANIMALS[a] for a in animals),
        )
    animal = animals.pop()
    on_table = len(state.table)
    if on_table + len(cards) > MAX_TABLE:
        return Verdict.illegal(
            _P + "table_full",
            f"the table holds {on_table} cards; {len(cards)} more would pass the limit of 8",
            on_table=on_table,
            cards=len(cards),
            limit=8,
        )
    same = state.table_counts()[animal]
    if same + len(cards) > MAX_ANIMAL:
        return Verdict.illegal(
            _P + "animal_full",
            f"the table holds {same} {ANIMALS[animal]} cards; {len(cards)} more would "
            f"pass the limit of 4 per animal",
            animal=ANIMALS[animal],
            on_table=same,
            cards=len(cards),
            limit=MAX_ANIMAL,
        )
    hand = state.hands[state.turn]
    needs = [(k, counts[k]) for k in range(UNK) if counts[k]]
    why = supply(hand, needs, state.unseen() if hand[UNK] else None)
    if why:
        return Verdict.illegal(
            _P + "not_in_hand", f"{player} cannot play that: {why}", player=player
        )
    return LEGAL


def _check_keep(state: HareState, move: Keep) -> Verdict:
    hand = state.hands[state.turn]
    player = state.players[state.turn]
    refused = _unknown_refused(state, move.card, "card kept")
    if refused is not None:
        return refused
    if move.card == UNKNOWN:
        if hand[UNK]:
            return LEGAL
        return Verdict.illegal(
            _P + "not_in_hand",
            f"{player} has no unseen card; name the card kept",
            player=player,
        )
    kind = KIND_INDEX[move.card]
    why = supply(hand, [(kind, 1)], state.unseen() if hand[UNK] else None)
    if why:
        return Verdict.illegal(
            _P + "not_in_hand", f"{player} cannot keep that: {why}", player=player
        )
    return LEGAL


def _check_bet(state: HareState, move: DealBet) -> Verdict:
    refused = _unknown_refused(state, move.card, "starting bet card")
    if refused is not None:
        return refused
    if move.card != UNKNOWN and move.card not in state.unseen_bets():
        return Verdict.illegal(
            _P + "bet_dealt",
            f"the {card_name(move.card)} starting bet card is already dealt; "
            "there is one per animal",
            card=move.card,
        )
    return LEGAL


def _check_track(state: HareState, move: Track) -> Verdict:
    streams = move.streams
    if len(streams) != 2 or streams[0] == streams[1]:
        return Verdict.illegal(
            _P + "bad_track",
            f"the track has exactly 2 stream tiles, not {len(set(streams))}",
            streams=list(streams),
        )
    if not all(1 <= s <= TRACK_TILES for s in streams):
        return Verdict.illegal(
            _P + "bad_track",
            f"stream positions are tiles 1 to 11, not {' and '.join(map(str, streams))}",
            streams=list(streams),
        )
    return LEGAL


def _check_reveal(state: HareState, move: Reveal) -> Verdict:
    if move.player not in state.players:
        return Verdict.illegal(
            _P + "no_such_player", f"nobody called {move.player!r} plays", player=move.player
        )
    seat = state.players.index(move.player)
    if UNKNOWN in state.start_bets[seat]:
        if move.card not in state.unseen_bets():
            return _bad_bet(
                move, "starting bet", "that bet card is shown elsewhere or does not exist"
            )
        return LEGAL
    if state.second_bets[seat] != UNKNOWN:
        return Verdict.illegal(
            _P + "nothing_to_reveal",
            f"{move.player}'s bets are already known",
            player=move.player,
        )
    if move.card == UNKNOWN or not state.unseen()[KIND_INDEX[move.card]]:
        return _bad_bet(move, "second bet", "every such card is seen elsewhere")
    return LEGAL


def _bad_bet(move: Reveal, which: str, why: str) -> Verdict:
    return Verdict.illegal(
        _P + "bad_bet",
        f"{move.player}'s {which} cannot be {card_name(move.card)}: {why}",
        player=move.player,
        card=move.card,
    )
