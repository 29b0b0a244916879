"""Score from a photo: a synthetic photo of a seeded game's end scores as the engine does."""

from __future__ import annotations

import pytest

from companion.photo_score import score_photo
from companion.watch.photo import PhotoError
from engines.core import Outcome
from tests.end_photos import animals_on_board_photo, hare_tortoise_photo, noah_photo


def _same(a: Outcome, b: Outcome) -> None:
    assert dict(a.scores) == dict(b.scores)
    assert a.ranking == b.ranking


def test_hare_and_tortoise_end_photo_scores_as_the_engine() -> None:
    photo = hare_tortoise_photo()
    _same(score_photo("hare_tortoise", photo.image, photo.players), photo.outcome)


def test_animals_on_board_end_photo_scores_as_the_engine() -> None:
    photo = animals_on_board_photo()
    _same(score_photo("animals_on_board", photo.image, photo.players), photo.outcome)


def test_noah_round_end_photo_adds_the_last_round_to_the_earlier_ones() -> None:
    """The hands laid out face up at the last round's end; the earlier rounds come from the
    state the watcher holds before the round is scored (``noah_photo``)."""
    photo = noah_photo()
    scored = score_photo("noah", photo.image, photo.players, photo.state)
    _same(scored, photo.outcome)
    assert scored.breakdown == photo.outcome.breakdown
    with pytest.raises(PhotoError):
        score_photo("noah", photo.image, photo.players)
