"""Noah: whether a move is legal now, and why not (a stable code and a sentence).

Follows ``docs/rules/noah.md`` (seed text ``001_be788f962c07f759.txt``): §4
for setup (the face-up ferry cards, the deal, Noah's dock, the start player),
§5 for a turn (steps 1-1b: weight limit 21, or 13 with a woodpecker, the
gender pattern, taking the ferry's cards only when no card fits; step 3: the
giraffe's and lion's opponent, the lion's steal and give-back; step 4 with §3:
Noah's move by the played card's gender; step 5: the gifts after a
departure), §6 for the special animals' edge cases. Rule option
``starting_snail_gender`` decides whether the table names a face-up snail's
gender. ``NoahState._check`` calls ``check``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engines.core import LEGAL, UNKNOWN, Move, Verdict
from engines.noah.catalog import CARD_BY_ID, DOCKS, FEMALE, GENDER_WORDS, GENDERS, GIRAFFE, LION
from engines.noah.ferry import WOODPECKER_LIMIT, Placed, limit, required_gender, weight
from engines.noah.info import Step
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

if TYPE_CHECKING:
    from engines.noah.state import NoahState


def _code(rule: str) -> str:
    return f"noah.{rule}"


def _illegal(rule: str, reason: str, **params: Any) -> Verdict:
    return Verdict.illegal(_code(rule), reason, **params)


def _name(card: str) -> str:
    """A card as players name it ("female Giraffe"); its id stays in the params."""
    c = CARD_BY_ID[card]
    if c.gender is None:
        return c.species.en
    return f"{GENDER_WORDS[c.gender]} {c.species.en}"


_STEP_WORDS = {
    Step.SETUP_FERRY: "the table deals a face-up card onto the next ferry",
    Step.SETUP_DEAL: "the table deals the next hand card",
    Step.SETUP_NOAH: "the table places Noah on a dock",
    Step.SETUP_FIRST: "the table names the start player",
    Step.STEAL: "the table says which card the lion drew",
    Step.GIVEBACK: "the lion's player gives one card back",
    Step.MOVE_NOAH: "move Noah",
    Step.GIFT: "give a card to an opponent",
    Step.REVEAL: "reveal the unknown cards of a hand",
}


def check(state: NoahState, move: Move) -> Verdict:
    step = state.step
    expected = {
        Step.SETUP_FERRY: FerryCard,
        Step.SETUP_DEAL: Deal,
        Step.SETUP_NOAH: PlaceNoah,
        Step.SETUP_FIRST: First,
        Step.STEAL: Steal,
        Step.GIVEBACK: GiveBack,
        Step.MOVE_NOAH: MoveNoah,
        Step.GIFT: Gift,
        Step.REVEAL: Reveal,
    }
    if step == Step.PLAY:
        if isinstance(move, Play):
            return _check_play(state, move)
        if isinstance(move, TakeFerry):
            return _check_take(state)
        return _wrong_step(move, "play a card (or take the ferry's cards)")
    kind = expected[step]
    if not isinstance(move, kind):
        return _wrong_step(move, _STEP_WORDS[step])
    if isinstance(move, FerryCard):
        return _check_ferry_card(state, move)
    if isinstance(move, Deal):
        return _check_deal(state, move)
    if isinstance(move, PlaceNoah):
        if not 0 <= move.dock < DOCKS:
            return _illegal(
                "no_dock", f"there is no dock {move.dock}; docks are 0 to 4", dock=move.dock
            )
        return LEGAL
    if isinstance(move, First):
        if move.player not in state.first_candidates():
            who = ", ".join(state.first_candidates())
            return _illegal(
                "start_player",
                f"{move.player!r} cannot start; choose {who}",
                player=move.player,
                choices=who,
            )
        return LEGAL
    if isinstance(move, Steal):
        return _check_steal(state, move)
    if isinstance(move, GiveBack):
        return _check_in_hand(state, state.active, move.card, "give back")
    if isinstance(move, MoveNoah):
        return _check_noah(state, move)
    if isinstance(move, Gift):
        return _check_gift(state, move)
    if isinstance(move, Reveal):
        return _check_reveal(state, move)
    raise AssertionError(move)


def _wrong_step(move: Move, wanted: str) -> Verdict:
    return _illegal("wrong_step", f"that move does not fit now: {wanted}", move=move.notation())


def _check_ferry_card(state: NoahState, move: FerryCard) -> Verdict:
    if move.card not in CARD_BY_ID or move.card not in state.deck:
        return _illegal("unknown_card", f"{move.card} is not a card of this deck", card=move.card)
    if move.card not in state.unaccounted():
        return _illegal(
            "card_placed",
            f"{_name(move.card)} is already on the table",
            card_id=move.card,
        )
    is_snail = CARD_BY_ID[move.card].gender is None
    by_table = state.options["starting_snail_gender"] == "table"
    if is_snail and by_table and move.gender not in GENDERS:
        return _illegal(
            "snail_gender", "say which end of the snail faces up: M or F", card=move.card
        )
    if move.gender is not None and not (is_snail and by_table):
        return _illegal(
            "snail_gender", f"the {_name(move.card)} takes no gender here", card=move.card
        )
    return LEGAL


def _check_deal(state: NoahState, move: Deal) -> Verdict:
    pool = state.unaccounted()
    free = len(pool) - state.unknown_slots()
    if move.card == UNKNOWN:
        if not state.table_mode:
            return _illegal("unknown_card", "a simulated game deals known cards only", card=UNKNOWN)
        if free < 1:
            return _illegal("deck_empty", "no card is left to deal")
        return LEGAL
    if move.card not in state.deck:
        return _illegal("unknown_card", f"{move.card} is not a card of this deck", card=move.card)
    if move.card not in pool or free < 1:
        return _illegal("card_placed", f"{_name(move.card)} is already dealt", card_id=move.card)
    return LEGAL


def _check_in_hand(state: NoahState, player: int, card: str, verb: str) -> Verdict:
    hand = state.hands[player]
    if card in hand:
        return LEGAL
    if card == UNKNOWN:
        return _illegal(
            "not_in_hand",
            f"you hold no unknown card to {verb}",
            card=UNKNOWN,
            player=state.players[player],
        )
    if card not in CARD_BY_ID:
        return _illegal("unknown_card", f"{card} is not a Noah card", card=card)
    if UNKNOWN in hand and card in state.unaccounted():
        return LEGAL
    return _illegal(
        "not_in_hand",
        f"{_name(card)} is not in {state.players[player]}'s hand",
        card=card,
        player=state.players[player],
    )


def _check_take(state: NoahState) -> Verdict:
    me = state.active
    if UNKNOWN in state.hands[me]:
        return LEGAL  # the table cannot know whether an unknown card fits
    fits = [m for m in state.play_moves() if isinstance(m, Play)]
    if fits:
        card = fits[0].card
        return _illegal(
            "must_play",
            f"you may take the ferry's cards only when no card fits; {_name(card)} fits",
            card_id=card,
        )
    return LEGAL


def _check_play(state: NoahState, move: Play) -> Verdict:
    me = state.active
    held = _check_in_hand(state, me, move.card, "play")
    if not held:
        return held
    if move.card == UNKNOWN:
        return _illegal("unknown_card", "name the card played; it lies face up", card=UNKNOWN)
    card = CARD_BY_ID[move.card]
    ferry = state.ferry
    total = weight(ferry)
    cap = limit(ferry, move.card)
    if total + card.weight > cap:
        why = f"the ferry would weigh {total + card.weight}, over its limit of {cap}" + (
            " (a woodpecker is aboard or being played)" if cap == WOODPECKER_LIMIT else ""
        )
        return _illegal(
            "overweight",
            why + _take_hint(state),
            card_id=move.card,
            weight=total + card.weight,
            limit=cap,
        )
    need = required_gender(ferry)
    if card.gender is None:
        if move.gender not in GENDERS:
            return _illegal("snail_gender", "choose the snail's gender: M or F", card=move.card)
        if need is not None and move.gender != need:
            return _illegal(
                "gender",
                f"this ferry now takes a {GENDER_WORDS[need]}; "
                f"the snail must be played as {GENDER_WORDS[need]}",
                card_id=move.card,
                need=need,
            )
    else:
        if move.gender is not None:
            return _illegal(
                "snail_gender",
                f"only a snail takes a chosen gender, not the {_name(card.id)}",
                card=card.id,
            )
        if need is not None and card.gender != need:
            return _illegal(
                "gender",
                f"this ferry now takes a {GENDER_WORDS[need]} (its cards "
                f"{_pattern_words(ferry)}); the {_name(card.id)} does not fit" + _take_hint(state),
                card_id=card.id,
                need=need,
            )
    wants_target = card.species.code in (GIRAFFE, LION)
    if wants_target:
        t = state.seat_of(move.target)
        if t is None or t == me:
            return _illegal(
                "target",
                f"the {card.species.en.lower()} needs an opponent: "
                + ", ".join(p for i, p in enumerate(state.players) if i != me),
                card_id=card.id,
            )
    elif move.target is not None:
        return _illegal("target", f"{card.species.en} has no target", card_id=card.id)
    return LEGAL


def _take_hint(state: NoahState) -> str:
    if UNKNOWN in state.hands[state.active]:
        return ""
    if any(isinstance(m, Play) for m in state.play_moves()):
        return ""
    return "; no card of yours fits, so take the ferry's cards"


def _pattern_words(ferry: Sequence[Placed]) -> str:
    if ferry[0][1] == ferry[1][1]:
        return f"are all {GENDER_WORDS[ferry[0][1]]}"
    return "alternate male and female"


def _check_steal(state: NoahState, move: Steal) -> Verdict:
    assert state.target is not None
    return _check_in_hand(state, state.target, move.card, "lose")


def _check_noah(state: NoahState, move: MoveNoah) -> Verdict:
    targets = state.noah_targets()
    if move.dock in targets:
        return LEGAL
    gender = state.played_gender()
    kind = "a neighbouring dock" if gender == FEMALE else "a dock that is not a neighbour"
    return _illegal(
        "noah_move",
        f"a {GENDER_WORDS[gender]} moves Noah to {kind}: dock {targets[0]} or {targets[1]}, "
        f"not {move.dock}",
        need=gender,
        dock=move.dock,
        dock_a=targets[0],
        dock_b=targets[1],
    )


def _check_gift(state: NoahState, move: Gift) -> Verdict:
    to = state.seat_of(move.to)
    if to is None or to == state.active:
        return _illegal(
            "gift_target", f"give the card to an opponent, not {move.to!r}", player=move.to
        )
    return _check_in_hand(state, state.active, move.card, "give")


def _check_reveal(state: NoahState, move: Reveal) -> Verdict:
    if move.card not in state.unaccounted():
        return _illegal(
            "reveal",
            f"{move.card} cannot be in your hand: it is elsewhere or not in this deck",
            card=move.card,
        )
    return LEGAL
