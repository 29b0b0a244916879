"""The printables' registry: how each game's pieces are tagged, printed and read.

One :class:`PrintedGame` per game id, registered once
(``printables.builtin`` registers the five games; ``docs/adding-a-game.md``).
Vision reads the same registry through ``vision.games``, so what is printed
and what is read cannot drift apart. This module imports nothing of the
printables at run time: every module that looks a game up may import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from engines.core import Registry

if TYPE_CHECKING:
    from printables.faces import Face
    from printables.mats.geometry import MatLayout


@dataclass(frozen=True)
class PrintedGame:
    """One game as the printables and vision know it.

    Attributes:
        code: the two characters of ``0-9A-Z`` that open each of its tags'
            payloads (``printables.payload``); never changed once printed.
        marker_base: the first ArUco id of its mats' fiducials; its mats count
            on from there up to the next game's base (``printables.mats``), so
            one game's mats never renumber another's printed markers.
        mats: layouts drawn from the rules spec, for mats its catalog gives no
            geometry for (empty when the catalog gives all of them).
        face: what its pieces' data shows on their faces (``Face()``: every
            data key as ``key: value``).
        stickers: True when ``companion print GAME --what all`` prints its
            pieces as stickers (the players own the game), False for cards.
        digit: the digit 1-9 that opens its number tags (Micro QR,
            ``printables.payload``), or None when its pieces print text tags only;
            never changed once printed.
        tag_mm: tag sizes per piece kind over ``printables.settings``' defaults: the
            sizes its mats and the way its pieces lie are drawn for (Noah's cards
            fanned on a dock show a 20 mm tag; Ark Nova's stickers sit 38 mm apart on
            Map A's hexes).
        piece_mm: printed piece sizes per kind over the defaults.
    """

    code: str
    marker_base: int
    mats: tuple[MatLayout, ...]
    face: Face
    stickers: bool
    digit: int | None = None
    tag_mm: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    piece_mm: Mapping[str, tuple[float, float]] = field(
        default_factory=lambda: MappingProxyType({})
    )


PRINTED: Registry[PrintedGame] = Registry("printables adapter", "printables.registry.register")
"""Every printed game by game id."""


def register(game_id: str, printed: PrintedGame) -> PrintedGame:
    """Register how ``game_id`` is printed and read (once per game).

    Raises:
        ValueError: the game, its tag code, its digit or its marker base is taken, the
            code is all digits (number tags are) or the digit is not 1-9.
    """
    if printed.code.isdigit():
        raise ValueError(f"tag code {printed.code!r} is all digits, as number tags are")
    if printed.digit is not None and not 1 <= printed.digit <= 9:
        raise ValueError(f"tag digit {printed.digit} is not 1-9")
    for other, known in PRINTED.items():
        if known.code == printed.code:
            raise ValueError(f"tag code {printed.code!r} belongs to {other}")
        if known.marker_base == printed.marker_base:
            raise ValueError(f"marker base {printed.marker_base} belongs to {other}")
        if printed.digit is not None and known.digit == printed.digit:
            raise ValueError(f"tag digit {printed.digit} belongs to {other}")
    return PRINTED.register(game_id, printed)
