"""Tag payloads: encode, decode, and every way a text is refused (printables.payload)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.core import Catalog
from printables import payload
from printables.document import catalog_for
from printables.registry import PRINTED
from tests.printables_support import catalog_games, sample_catalog

SAMPLE = sample_catalog()


def catalogs() -> list[tuple[str, Catalog]]:
    return [("sample", SAMPLE), *((g, catalog_for(g)) for g in catalog_games())]


@pytest.mark.parametrize(("name", "catalog"), catalogs(), ids=[n for n, _ in catalogs()])
def test_every_piece_round_trips(name: str, catalog: Catalog) -> None:
    texts = set()
    for comp in catalog:
        text = payload.encode(catalog.game, comp.id)
        assert 4 <= len(text) <= payload.MAX_LENGTH
        assert set(text) <= set(payload.ALPHABET)
        assert payload.decode(text, game=catalog.game, catalog=catalog) == payload.Tag(
            catalog.game, comp.id
        )
        texts.add(text)
    assert len(texts) == len(catalog)


def test_calibration_tags_decode_with_their_own_catalog() -> None:
    for comp in payload.CALIBRATION_CATALOG:
        tag = payload.decode(payload.encode(payload.CALIBRATION, comp.id))
        assert tag == payload.Tag(payload.CALIBRATION, comp.id)


def refusal(text: str, **kwargs: object) -> payload.PayloadError:
    with pytest.raises(payload.PayloadError) as info:
        payload.decode(text, **kwargs)  # type: ignore[arg-type]
    assert info.value.reason and info.value.text == text
    return info.value


def test_wrong_check_character_is_refused() -> None:
    good = payload.encode("noah", "A1")
    bad = good[:-1] + ("0" if good[-1] != "0" else "1")
    error = refusal(bad, catalog=SAMPLE)
    assert error.code == "payload.check"
    assert repr(bad) in error.reason


def test_foreign_game_code_is_refused() -> None:
    text = payload.encode("niagara", "G1")
    error = refusal(text, game="noah", catalog=SAMPLE)
    assert error.code == "payload.foreign_game"
    assert "niagara" in error.reason and "noah" in error.reason


def test_unknown_game_code_is_refused() -> None:
    body = "ZZ1"
    error = refusal(body + payload.check_character(body))
    assert error.code == "payload.unknown_game"


def test_unknown_piece_is_refused() -> None:
    text = payload.encode("noah", "ZZZ9")
    error = refusal(text, game="noah", catalog=SAMPLE)
    assert error.code == "payload.unknown_piece"
    assert "ZZZ9" in error.reason


@pytest.mark.parametrize("text", ["noA1X", "NO A1X", "http://x.io", "NOÄ1", "NO-A1"])
def test_non_alphanumeric_input_is_refused(text: str) -> None:
    assert refusal(text).code == "payload.charset"


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "payload.empty"), ("NO1", "payload.length"), ("NOABCDEFGHI", "payload.length")],
)
def test_empty_and_wrong_length_are_refused(text: str, code: str) -> None:
    assert refusal(text).code == code


def test_try_decode_returns_the_error() -> None:
    result = payload.try_decode("NOXX", game="noah", catalog=SAMPLE)
    assert isinstance(result, payload.PayloadError)
    assert isinstance(payload.try_decode(payload.encode("noah", "P"), catalog=SAMPLE), payload.Tag)


def test_encode_refuses_what_it_cannot_tag() -> None:
    with pytest.raises(ValueError, match="no tag code"):
        payload.encode("chess", "K")
    with pytest.raises(ValueError, match="1-7 characters"):
        payload.encode("noah", "ABCDEFGH")


def test_ec_level_check() -> None:
    assert payload.check_ec_level("H") is None
    error = payload.check_ec_level("L")
    assert error is not None and error.code == "payload.ec_level"


ids = st.text(alphabet=payload.ALPHABET, min_size=1, max_size=7)


@given(ids, st.integers(min_value=0), st.integers(min_value=1, max_value=35))
def test_any_single_character_error_is_caught(piece: str, where: int, shift: int) -> None:
    text = payload.encode("noah", piece)
    i = where % len(text)
    changed = payload.ALPHABET[(payload.ALPHABET.index(text[i]) + shift) % 36]
    broken = text[:i] + changed + text[i + 1 :]
    assert payload.check_character(broken[:-1]) != broken[-1]


def test_neighbour_swaps_are_caught_except_0_and_z() -> None:
    missed = set()
    for a in payload.ALPHABET:
        for b in payload.ALPHABET:
            if a != b and payload.check_character("NO" + a + b) == payload.check_character(
                "NO" + b + a
            ):
                missed.add(frozenset((a, b)))
    assert missed == {frozenset("0Z")}


NUMBERED = [g for g in catalog_games() if PRINTED[g].digit is not None]


@pytest.mark.parametrize("game", NUMBERED)
def test_number_tags_round_trip_for_every_piece_that_prints_one(game: str) -> None:
    catalog = catalog_for(game)
    texts = set()
    for comp in catalog:
        text = payload.printed(game, comp)
        if comp.kind in payload.MICRO_KINDS:
            assert payload.is_number_tag(text), comp.id
            assert payload.check_ec_level("M", text) is None
            assert payload.check_ec_level("H", text) is not None
        assert payload.decode(text, game=game) == payload.Tag(game, comp.id)
        texts.add(text)
    assert len(texts) == len(catalog)


def test_every_printed_piece_has_a_tag_number() -> None:
    assert {"noah", "animals_on_board", "hare_tortoise", "niagara", "ark_nova"} <= set(NUMBERED)
    for game in NUMBERED:
        for comp in catalog_for(game):
            assert payload.number_of(game, comp.id) is not None, (game, comp.id)


def test_number_tags_refuse_misreads_and_foreign_codes() -> None:
    good = payload.encode_number("noah", "GIRM1")
    assert payload.decode(good).piece_id == "GIRM1"
    for i in range(len(good)):  # every single wrong digit fails the checks
        for d in "0123456789":
            if d != good[i]:
                assert refusal(good[:i] + d + good[i + 1 :]).code == "payload.check"
    for i in range(len(good) - 1):  # and every swap of two different neighbours
        if good[i] != good[i + 1]:
            swapped = good[:i] + good[i + 1] + good[i] + good[i + 2 :]
            assert refusal(swapped).code == "payload.check"
    assert refusal(good[:-1]).code == "payload.length"
    assert refusal(payload.encode_number("niagara", "C11"), game="noah").code == (
        "payload.foreign_game"
    )
    body = "8001"
    assert refusal(body + payload.mod97_checks(body)).code == "payload.unknown_game"
    body = "1999"
    assert refusal(body + payload.mod97_checks(body)).code == "payload.unknown_piece"
