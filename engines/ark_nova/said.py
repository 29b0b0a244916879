"""What an Ark Nova action did, one fact at a time: a code and its params beside the English.

An event that lists several things (a Build's buildings and the bonuses they
covered, an Animals action's plays) keeps each as a :class:`Said` in its
``data["lines"]``, the way a refusal keeps its code and params beside its
reason, so the pages say it in either language from the facts alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.core import jsonable


@dataclass(frozen=True)
class Said:
    """One fact: ``code`` (``build.paid``, ``animals.played``, ...), its English ``text`` and
    the ``params`` it is built from."""

    code: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": jsonable(self.params)}


def texts(lines: tuple[Said, ...] | list[Said]) -> list[str]:
    """The English of each fact."""
    return [s.text for s in lines]
