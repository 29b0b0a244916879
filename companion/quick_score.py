"""The quick score of an Ark Nova game played off the app, as the command line runs it.

The table types what the score calculators take (``engines.ark_nova.quick``):
per player the appeal, the CP, the kept final-scoring card with its count, the
end-game sponsors with their counts and the projects supported. A field left
out is "not entered", not zero. Input: a JSON document
``{"players": {"Ann": {...}, "Ben": {...}}, "options": {...}}`` (players in
seating order); see ``docs/formats/ark_nova.md`` "Quick score".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.ark_nova.quick import QuickScoreError, quick_score
from engines.core import DocumentError, read_json


def read_entries(text: str) -> tuple[dict[str, Any], dict[str, str]]:
    """The players' entries and options of a quick-score document.

    Raises:
        QuickScoreError: not JSON within bounds, or not the document's shape.
    """
    try:
        doc = read_json(text)
    except DocumentError as exc:
        raise QuickScoreError(f"the quick score cannot be read: {exc}") from exc
    if not isinstance(doc, Mapping) or not isinstance(doc.get("players"), Mapping):
        raise QuickScoreError(
            'a quick score is {"players": {"<name>": {"appeal": ..., "conservation": ...}}}'
        )
    options = doc.get("options", {})
    if not isinstance(options, Mapping):
        raise QuickScoreError(
            '\'options\' is an object such as {"final_scoring_printing": "first"}'
        )
    return dict(doc["players"]), {str(k): str(v) for k, v in options.items()}


def score_text(text: str) -> dict[str, Any]:
    """The quick score of a document's text (``quick_score``'s result).

    Raises:
        QuickScoreError: what to fix in the document.
    """
    entries, options = read_entries(text)
    return quick_score(entries, options)
