"""The printables' registry (``printables.registry``), checked for every game the engines know:
one ``PrintedGame`` each, a tag code and marker range of its own, every piece's tag read
back by vision as that piece, a face that names its catalog's data."""

from __future__ import annotations

import dataclasses

import pytest

import engines
from printables import payload
from printables.mats import CALIBRATION_MARKERS, mats_for
from printables.registry import PRINTED, register
from tests.registry_support import check_registered
from vision.games import game_vision

GAMES = list(engines.GAMES)


def test_every_game_is_printed_and_nothing_else_is() -> None:
    check_registered(PRINTED)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_tag_code_of_its_own(game: str) -> None:
    code = PRINTED[game].code
    assert len(code) == 2 and set(code) <= set(payload.ALPHABET)
    assert code != payload.CALIBRATION_CODE
    assert [p.code for p in PRINTED.values()].count(code) == 1
    assert payload.code_of(game) == code and payload.game_of(code) == game


@pytest.mark.parametrize("game", GAMES)
def test_each_games_markers_stay_in_its_own_range(game: str) -> None:
    """From its base up to the next game's base (or the calibration sheet's markers), the
    mats as they would be printed now: a game registered later cannot squeeze them."""
    base = PRINTED[game].marker_base
    limit = min(
        [p.marker_base for p in PRINTED.values() if p.marker_base > base] + [CALIBRATION_MARKERS[0]]
    )
    ids = [m.id for mat in mats_for(game, engines.GAMES[game].catalog) for m in mat.markers]
    assert all(base <= i < limit for i in ids), (base, limit, ids)
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("game", GAMES)
def test_every_piece_tag_reads_back_as_that_piece(game: str) -> None:
    vision = game_vision(game)
    for comp in engines.GAMES[game].catalog:
        parsed = vision.parse(payload.encode(game, comp.id))
        assert parsed.piece == comp.id
        assert parsed.back == (comp.kind == "back")


@pytest.mark.parametrize("game", GAMES)
def test_the_face_names_data_its_pieces_carry(game: str) -> None:
    face = PRINTED[game].face
    keys = {k for comp in engines.GAMES[game].catalog for k in comp.data}
    named = {face.corner, face.badge, *face.hide, *face.text} - {None}
    assert named <= keys, named - keys


def test_a_taken_code_or_marker_base_is_refused() -> None:
    noah = PRINTED["noah"]
    with pytest.raises(ValueError, match="tag code 'NO' belongs to noah"):
        register("chess", noah)
    with pytest.raises(ValueError, match="marker base 0 belongs to noah"):
        register("chess", dataclasses.replace(noah, code="ZZ"))
    with pytest.raises(ValueError, match="tag digit 1 belongs to noah"):
        register("chess", dataclasses.replace(noah, code="ZZ", marker_base=250))
    with pytest.raises(ValueError, match="all digits"):
        register("chess", dataclasses.replace(noah, code="12", digit=None))
    assert "chess" not in PRINTED
