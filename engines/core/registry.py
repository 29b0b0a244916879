"""One layer's adapters for each game, keyed by game id (``docs/adding-a-game.md``).

The engines keep ``engines.GAMES``; every layer above keeps one
:class:`Registry` of its own typed adapters (the printables' tag code and mats,
the companion's watch adapter and photo scorer, the messages, the web's
presenter), so no layer dispatches on a game's id. A game registers once per
layer; a part it does not have is declared absent in its adapter (a field
set to None, never left out), so a layer's contract test tells a game that
forgot a layer (:meth:`Registry.missing`) from one that has nothing there.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TypeVar

A = TypeVar("A")


class Registry(Mapping[str, A]):
    """A read-only mapping of game id to one layer's adapter, filled by :meth:`register`.

    Attributes:
        layer: what the adapters are, in words ("printables adapter").
        where: the function a game registers with, for the error of a missing one.
    """

    def __init__(self, layer: str, where: str) -> None:
        self.layer = layer
        self.where = where
        self._adapters: dict[str, A] = {}

    def register(self, game_id: str, adapter: A) -> A:
        """Add the adapter of ``game_id``: once per game.

        Raises:
            ValueError: the game has an adapter here already.
        """
        if game_id in self._adapters:
            raise ValueError(f"{game_id} has a {self.layer} already; a game registers once")
        self._adapters[game_id] = adapter
        return adapter

    def __getitem__(self, game_id: str) -> A:
        try:
            return self._adapters[game_id]
        except KeyError:
            raise KeyError(
                f"{game_id} has no {self.layer}; register one with {self.where}"
            ) from None

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._adapters

    def __iter__(self) -> Iterator[str]:
        return iter(self._adapters)

    def __len__(self) -> int:
        return len(self._adapters)

    def missing(self, game_ids: Iterable[str]) -> list[str]:
        """The games of ``game_ids`` that have no adapter here, in their order."""
        return [g for g in game_ids if g not in self._adapters]
