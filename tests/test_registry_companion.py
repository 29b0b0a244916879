"""The companion's registry (``companion.registry``), checked for every game the engines
know: one ``CompanionGame`` each; a watch adapter that sees its own game's mats and names
every zone it fills; a photo scorer that scores its game's end photo as the engine does;
board data a page can take as JSON."""

from __future__ import annotations

import json
from itertools import islice

import pytest

import engines
from companion.photo_score import score_photo
from companion.registry import (
    COMPANION,
    board,
    quick_scored,
    quick_scorer,
    scored_games,
    table_model,
    watched,
)
from tests.end_photos import END_PHOTOS
from tests.registry_support import EXAMPLES, check_registered, states
from vision.games import game_vision

GAMES = list(engines.GAMES)


def test_every_game_has_a_companion_adapter_and_nothing_else_does() -> None:
    check_registered(COMPANION)
    with pytest.raises(KeyError, match="not inferred from the table"):
        table_model("chess")
    assert "chess" not in watched() and "chess" not in scored_games()


def _mats(zones: object) -> set[str]:
    """The mats a view's zones lie on (``pentagon.dock3``, Ark Nova's ``mapa1.map``)."""
    assert isinstance(zones, dict)
    return {str(zone).split(".", 1)[0] for zone in zones}


@pytest.mark.parametrize("game", watched())
def test_a_watch_adapter_sees_its_own_games_mats(game: str) -> None:
    model = table_model(game)
    assert model.game == game and model.vision == game_vision(game)
    mats = {mat.id for mat in game_vision(game).mats}
    parse = engines.GAMES[game].parse_move
    for state in states(game)[::20]:
        view = model.view(state)
        assert _mats(view) <= mats, _mats(view) - mats
        assert all(isinstance(p, str) for pieces in view.values() for p in pieces)
        assert all(model.zone_name(zone) for zone in view)
        for move, table in islice(model.physical_moves(state), 10):
            assert parse(move.to_json()) == move
            assert _mats(table) <= mats, _mats(table) - mats


@pytest.mark.parametrize("game", scored_games())
def test_a_photo_scorer_scores_its_games_end_photo_as_the_engine(game: str) -> None:
    assert game in END_PHOTOS, f"add an end photo of {game} to tests/end_photos.py"
    photo = END_PHOTOS[game]()
    scored = score_photo(game, photo.image, photo.players, photo.state)
    assert dict(scored.scores) == dict(photo.outcome.scores)
    assert scored.ranking == photo.outcome.ranking


BOARD_OPTIONS = {"hare_tortoise": (("race", "by_hand"),)}
"""Rule options under which a game's board data shows up (the Hare's: races moved by hand)."""


@pytest.mark.parametrize("game", [g for g in GAMES if COMPANION[g].board is not None])
def test_board_data_is_json_for_a_player_and_none_for_a_stranger(game: str) -> None:
    seen = 0
    played = states(game, options=BOARD_OPTIONS.get(game, ()))
    for state in (*played[::7], played[-1]):
        for player in {state.players[0], state.to_move} & set(state.players):
            data = board(state, str(player), {})
            if data is not None:
                seen += 1
                assert json.loads(json.dumps(data)) == data
        assert board(state, "stranger", {}) is None
    assert seen  # some state of the game gives a player its board data


@pytest.mark.parametrize("game", [g for g in GAMES if COMPANION[g].board is None])
def test_a_game_without_board_data_gives_none(game: str) -> None:
    state = states(game)[0]
    assert board(state, state.players[0], {}) is None


@pytest.mark.parametrize("game", quick_scored())
def test_a_quick_score_scores_its_example_and_says_what_to_fix(game: str) -> None:
    """The example the table would type in (``examples/<game>/quick_score.json``) scores
    as JSON, each breakdown line with its code; a text it cannot read is a ValueError."""
    score = quick_scorer(game)
    assert score is not None
    result = score((EXAMPLES / game / "quick_score.json").read_text(encoding="utf-8"))
    assert json.loads(json.dumps(result)) == result
    lines = [line for player in result["players"] for line in player["breakdown"]]
    assert lines and all(line["code"].startswith(f"{game}.") for line in lines)
    with pytest.raises(ValueError):
        score("{not json")


def test_a_game_without_a_quick_score_has_none() -> None:
    assert quick_scorer("chess") is None
    assert all(quick_scorer(g) is None for g in GAMES if g not in quick_scored())
