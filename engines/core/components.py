"""Physical pieces with stable ids, shared by engines, printables and vision."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

PIECE_KINDS = ("card", "tile", "token", "back", "board", "mat", "marker")
"""Kinds of physical piece; printables pick a size and layout per kind."""


@dataclass(frozen=True)
class Component:
    """One physical piece with a stable id, shared by engines, printables and vision.

    Attributes:
        id: 1 to 7 characters of ``0-9A-Z``, unique within the game; it goes into
            the QR tag, so keep it short.
        kind: one of ``PIECE_KINDS``.
        names: display names by language (``en``, ``zh-Hant``).
        data: the rules data printed on the piece (weight, value, ...).
    """

    id: str
    kind: str
    names: Mapping[str, str]
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not (1 <= len(self.id) <= 7 and all(c in _PIECE_ID_CHARS for c in self.id)):
            raise ValueError(f"piece id {self.id!r} must be 1-7 characters of 0-9A-Z")
        if self.kind not in PIECE_KINDS:
            raise ValueError(f"piece kind {self.kind!r} is not one of {PIECE_KINDS}")


_PIECE_ID_CHARS = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")


class Catalog:
    """Every physical piece of one game, in a fixed order, looked up by id."""

    def __init__(self, game: str, components: Iterable[Component]) -> None:
        self.game = game
        self.components: tuple[Component, ...] = tuple(components)
        self._by_id: dict[str, Component] = {}
        for comp in self.components:
            if comp.id in self._by_id:
                raise ValueError(f"{game}: piece id {comp.id!r} appears twice")
            self._by_id[comp.id] = comp

    def __getitem__(self, piece_id: str) -> Component:
        return self._by_id[piece_id]

    def __contains__(self, piece_id: object) -> bool:
        return piece_id in self._by_id

    def __iter__(self) -> Iterator[Component]:
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)

    def of_kind(self, *kinds: str) -> tuple[Component, ...]:
        return tuple(c for c in self.components if c.kind in kinds)
