"""Pond, the sixth game, in its own right: the rules of a trick, its refusals, the table
game's unseen cards, the camera following a whole game from rendered frames of the pond
mat, and a photo of the end that is not all there (the layers' contract tests run over
it with the five games)."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest

from companion.photo_score import score_photo, score_reading
from companion.registry import table_model
from companion.watch.infer import Applied, Refused
from companion.watch.loop import Watcher
from companion.watch.photo import PhotoError
from engines.core import CHANCE, UNKNOWN, IllegalMove, State
from testkit.camera import MatCamera, Shot
from testkit.tags import PlacedTag
from testkit.video import Script, play
from tests.end_photos import END_PHOTOS, lay
from tests.sixth.pond import GAME, Deal, Play, PondState
from tests.sixth.pond.scoring import final_outcome
from vision.games import game_vision
from vision.pipeline import read_frame


def dealt(hands: tuple[tuple[str, ...], tuple[str, ...]], **options: str) -> PondState:
    """A seeded game after the deal of ``hands`` (ann's, bob's), ann to lead."""
    state = GAME.new_game(["ann", "bob"], options=options, seed=1)
    for a, b in zip(*hands, strict=True):
        state = state.apply(Deal(a)).apply(Deal(b))
    assert isinstance(state, PondState) and state.to_move == "ann"
    return state


def test_the_higher_card_takes_the_trick_and_its_taker_draws_first() -> None:
    state = dealt((("F2", "F5"), ("F1", "F6"))).apply(Play("F5"))
    assert state.to_move == "bob" and state.pond == ("F5",)
    taken = state.apply(Play("F6"))
    assert taken.won == ((), ("F5", "F6")) and taken.leader == 1
    assert [e.data for e in taken.events] == [{"winner": "bob", "cards": ["F5", "F6"]}]
    assert taken.to_move == CHANCE and taken.receivers == (1, 0)


def test_a_lower_card_is_refused_while_a_higher_one_is_held() -> None:
    state = dealt((("F2", "F5"), ("F4", "F6"))).apply(Play("F5"))
    verdict = state.check(Play("F4"))
    assert verdict.code == "pond.must_beat"
    assert verdict.params == {
        "card_id": "F4",
        "lead_id": "F5",
        "higher_id": "F6",
        "player": "bob",
    }
    assert "holds F6, which beats it" in str(verdict.reason)
    with pytest.raises(IllegalMove, match="lower than the lead F5"):
        state.apply(Play("F4"))
    under = dealt((("F2", "F12"), ("F4", "F6"))).apply(Play("F12"))
    assert under.check(Play("F4")) and under.check(Play("F6"))  # nothing beats the 12


def test_ties_go_to_the_taker_of_the_last_trick() -> None:
    tied = final_outcome(["ann", "bob"], [("F1", "F2"), ("F3", "F4")], 0, "tricks")
    assert tied.scores == {"ann": 1, "bob": 1} and tied.ranking == (("ann",), ("bob",))
    assert tied.tiebreak == "tied on 1: ann took the last trick"
    unknown = final_outcome(["ann", "bob"], [("F1", "F2"), ("F3", "F4")], None, "tricks")
    assert unknown.ranking == (("ann", "bob"),)
    by_cards = final_outcome(["ann", "bob"], [("F1", "F2"), ("F3", "F4")], 0, "cards")
    assert by_cards.scores == {"ann": 3, "bob": 7} and by_cards.winners == ("bob",)
    assert [line.code for line in by_cards.breakdown["bob"]] == ["pond.cards", "pond.last_trick"]
    assert by_cards.breakdown["bob"][0].params == {"cards": ["F3", "F4"]}


def test_a_table_game_names_a_face_down_card_when_it_is_played() -> None:
    state = GAME.new_game(["ann", "bob"])
    assert Deal(UNKNOWN) in state.legal_moves()
    assert not any(m.names_unknown() for m in state.chance_outcomes().moves)
    for card in ("F3", UNKNOWN, UNKNOWN, "F1"):
        state = state.apply(Deal(card))
    assert isinstance(state, PondState)
    assert state.hands == (("F3", UNKNOWN), (UNKNOWN, "F1"))
    assert state.check(Play("F8"))  # ann's face-down card
    assert state.check(Play("F1")).code == "pond.not_in_hand"
    played = state.apply(Play("F8"))
    assert isinstance(played, PondState)
    assert played.hands[0] == ("F3",) and "F8" not in played.unseen()
    assert played.check(Deal("F8")).code == "pond.wrong_step"


@cache
def script() -> Script:
    return play(GAME.new_game(["Ann", "Ben"], seed=3), 100, seed=3)


@cache
def camera() -> MatCamera:
    return MatCamera("pond", game_vision("pond").mats, Shot(px_per_mm=2.6), rows=[["pond"]])


def tags(state: State) -> list[PlacedTag]:
    assert isinstance(state, PondState)
    laid = {"pond.pond": list(state.pond), "pond.won1": list(state.won[0])}
    return lay("pond", {**laid, "pond.won2": list(state.won[1])})


def test_every_state_of_a_game_reads_back_from_a_photo_as_its_view() -> None:
    model = table_model("pond")
    for state in (script().start, *script().states[6::3]):
        reading = read_frame(camera().frame(tags(state)), model.vision).reading
        assert model.read(reading) == model.view(state)


def test_the_camera_follows_a_whole_game_from_rendered_frames() -> None:
    """Every play laid on the pond is inferred; the deals, hidden in the hands, come from
    the seeded game; the game ends as played."""
    s, model = script(), table_model("pond")
    watcher = Watcher(model, s.start)
    assert s.states[-1].is_over
    shown = model.view(s.start)
    for i, state in enumerate(s.states):
        if model.view(state) == shown:
            continue  # a deal: nothing on the table changes
        shown = model.view(state)
        view = model.read(read_frame(camera().frame(tags(state), seed=i), model.vision).reading)
        judged = watcher.judge(view)
        assert judged is not None and isinstance(judged.result, Applied), (i, judged)
    assert [m.notation() for m in watcher.moves] == [m.notation() for m in s.moves]
    assert watcher.state.outcome() == s.states[-1].outcome()


def test_a_lower_card_laid_on_the_pond_is_refused_with_the_engines_code() -> None:
    state = dealt((("F2", "F5"), ("F4", "F6"))).apply(Play("F5"))
    model = table_model("pond")
    seen = dict(model.physical_moves(state))[Play("F4")]
    judged = Watcher(model, state).judge(seen)
    assert judged is not None and isinstance(judged.result, Refused)
    assert judged.result.code == "pond.must_beat"


def test_a_photo_of_the_end_scores_it_and_one_missing_a_card_does_not() -> None:
    photo = END_PHOTOS["pond"]()
    scored = score_photo("pond", photo.image, photo.players, photo.state)
    assert (scored.scores, scored.ranking) == (photo.outcome.scores, photo.outcome.ranking)
    reading = read_frame(photo.image, game_vision("pond")).reading
    short = reading.zones["pond.won1"][1:]
    partial = dataclasses.replace(reading, zones={**reading.zones, "pond.won1": short})
    with pytest.raises(PhotoError, match="11 of the 12 frog cards"):
        score_reading("pond", partial, photo.players, photo.state)
