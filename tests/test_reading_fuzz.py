"""Fuzzing table readings (``vision.reading``): any JSON loads or says why, never crashes.

A reading travels as JSON (``docs/formats/reading.md``): from ``companion
watch`` to whatever listens, from a file. ``TableReading.from_json`` either
gives a reading that survives its own round trip or raises ``InvalidReading``
with a message, whatever it is given: random JSON, or a real reading with
one field replaced.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.web.test_scan import photo_of_noah
from vision.capture import decode_image
from vision.games import game_vision
from vision.pipeline import read_frame
from vision.reading import InvalidReading, TableReading

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)


@cache
def real_reading() -> dict[str, Any]:
    """The reading of a synthetic photo of the Noah pentagon with a card on a dock."""
    image = decode_image(photo_of_noah({0: "CATF1"}))
    reading: dict[str, Any] = read_frame(image, game_vision("noah")).reading.to_json()
    assert reading["zones"] == {"pentagon.dock0": ["CATF1"]}
    return reading


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path into a JSON value."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            found += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += paths(v, (*prefix, i))
    return found


def loads_or_says_why(document: Any) -> None:
    try:
        reading = TableReading.from_json(document)
    except InvalidReading as exc:
        assert str(exc)
        return
    text = json.dumps(reading.to_json(), sort_keys=True)
    assert json.dumps(TableReading.from_json(text).to_json(), sort_keys=True) == text


@settings(max_examples=150, deadline=None)
@given(document=json_values)
def test_any_json_loads_or_says_why(document: Any) -> None:
    loads_or_says_why(document)
    loads_or_says_why(json.dumps(document))


@settings(max_examples=200, deadline=None)
@given(where=st.integers(min_value=0), value=json_values)
def test_a_reading_with_one_field_broken_loads_or_says_why(where: int, value: Any) -> None:
    document = copy.deepcopy(real_reading())
    path = paths(document)[where % len(paths(document))]
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    loads_or_says_why(document)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"format": 1}', "NaN", "\x00"])
def test_broken_text_says_why(text: str) -> None:
    with pytest.raises(InvalidReading):
        TableReading.from_json(text)
