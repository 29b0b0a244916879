"""Card play (rules §5): caps, the race trigger, the next player, refills and reshuffles."""

from __future__ import annotations

import dataclasses

import pytest

from engines.core import IllegalMove
from engines.hare_tortoise.catalog import KIND_INDEX
from engines.hare_tortoise.moves import Draw, Play, Reshuffle
from engines.hare_tortoise.state import HareState
from tests.hare_tortoise.helpers import at_race, draw_last


def playing(table: list[str], hand: dict[str, int] | None = None) -> HareState:
    """ann to play with ``table`` already on it."""
    state = dataclasses.replace(at_race(table=table), phase="play")
    if hand is not None:
        counts = [0] * 7
        for code, n in hand.items():
            counts[KIND_INDEX[code]] = n
        deck = list(state.deck)
        for k in range(7):
            deck[k] += state.hands[0][k] - counts[k]
        state = dataclasses.replace(
            state, hands=(tuple(counts), *state.hands[1:]), deck=tuple(deck)
        )
    return state


@pytest.mark.parametrize(
    ("table", "cards", "code"),
    [
        ([], [], "no_cards"),
        ([], ["H"] * 5, "too_many_cards"),
        ([], ["H", "T"], "mixed_animals"),
        (["T", "T", "T", "W", "W", "W", "L"], ["H", "H"], "table_full"),
        (["H", "H", "H"], ["H", "H"], "animal_full"),
        ([], ["W!"], "not_in_hand"),
        ([], ["?"], "unknown_card"),
    ],
)
def test_illegal_plays(table: list[str], cards: list[str], code: str) -> None:
    state = playing(table, {"H": 4, "T": 1, "W": 1})
    verdict = state.check(Play(tuple(cards)))
    assert not verdict and verdict.code == "hare_tortoise." + code
    with pytest.raises(IllegalMove) as err:
        state.apply(Play(tuple(cards)))
    assert err.value.code == verdict.code


def test_caps_messages_carry_the_numbers() -> None:
    state = playing(["H", "H", "H"], {"H": 4})
    verdict = state.check(Play(("H", "H")))
    assert verdict.reason == (
        "the table holds 3 hare cards; 2 more would pass the limit of 4 per animal"
    )


def test_wolf_and_howl_cards_play_together() -> None:
    state = playing([], {"W": 2, "W!": 1, "H": 3})
    assert Play(("W!", "W", "W")) in state.legal_moves()
    after = state.apply(Play(("W", "W!")))
    assert after.phase == "refill" and len(after.table) == 2


def test_cards_of_a_podium_animal_may_be_played() -> None:
    state = dataclasses.replace(
        playing([], {"F": 3, "H": 3}), podium=(3,), positions=(0, 0, 0, 12, 0)
    )
    assert state.check(Play(("F", "F", "F")))


def test_a_play_always_exists_below_the_trigger() -> None:
    state = playing(["H", "H", "H", "T", "T", "T", "W"], {"H": 3, "T": 3})
    assert set(state.legal_moves()) == {Play(("H",)), Play(("T",))}
    state = playing(["F", "F", "F", "T", "T", "T", "W"], {"L": 6})
    assert state.legal_moves() == (Play(("L",)),)


def test_no_race_below_the_trigger() -> None:
    after = draw_last(at_race(table=["H", "H", "H", "T", "T", "T", "W"]))
    assert after.phase == "play" and after.events == () and len(after.table) == 7
    assert after.to_move == "bob"


def test_race_at_exactly_four_of_one_animal() -> None:
    after = draw_last(at_race(table=["F", "F", "F", "F"]))
    assert after.events[0].data["trigger"]["reason"] == "4 fox cards on the table"


def test_next_player_after_a_race_follows_the_trigger_player() -> None:
    state = dataclasses.replace(at_race(table=["F"] * 4), turn=2)
    hands = list(state.hands)
    hands[0], hands[2] = hands[2], hands[0]
    after = draw_last(dataclasses.replace(state, hands=tuple(hands)))
    assert after.events[0].data["trigger"]["player"] == "cy"
    assert after.to_move == "ann"


def test_refill_to_six_then_reshuffle_the_discard() -> None:
    state = playing([], {"H": 2, "T": 2, "L": 2})
    discard = state.deck
    state = dataclasses.replace(state, deck=(0,) * 7, discard=discard)
    after = state.apply(Play(("L", "L")))
    assert after.legal_moves() == (Reshuffle(),)
    assert after.check(after.legal_moves()[0])
    refused = after.check(Play(("H",)))
    assert refused.code == "hare_tortoise.wrong_phase"
    assert after.check(Draw("H")).code == "hare_tortoise.deck_empty"
    shuffled = after.apply(Reshuffle())
    assert shuffled.deck == discard and sum(shuffled.discard) == 0
    done = draw_last(draw_last(shuffled))
    assert sum(done.hands[0]) == 6 and done.to_move == "bob"
