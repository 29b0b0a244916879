"""Every game's mats: zones as polygons in millimetres and the ArUco fiducials that fix the frame.

Each mat has its own frame: origin at the printed mat's top-left corner, x to
the right, y down, in millimetres (``docs/design.md``, "Components and
tags"; types and marker placement in ``printables.mats.geometry``). A game's
mats come from its catalog when the catalog gives their geometry
(``printables.mats.from_catalog``), else from the built-in layouts of the
submodules, which follow each game's rules spec in ``docs/rules/``.

Vision imports this package (``MATS``, ``mats_of``, ``marker_table``) without
pulling in drawing code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from engines.core import Catalog
from printables import payload
from printables.mats import hare_tortoise, noah
from printables.mats.from_catalog import game_mats
from printables.mats.geometry import (
    ARUCO_DICTIONARY,
    BAND_MM,
    CALIBRATION_FRAME_MM,
    CALIBRATION_MARKERS,
    MARKER_GAP_MM,
    MARKER_MM,
    Marker,
    MatLayout,
    Point,
    Zone,
    calibration_markers,
    marker_spots,
    rect,
    rotated_rect,
)

BUILTIN: Mapping[str, tuple[MatLayout, ...]] = MappingProxyType(
    {
        "noah": noah.MATS,
        "animals_on_board": (),
        "hare_tortoise": hare_tortoise.MATS,
        "niagara": (),
        "ark_nova": (),
    }
)
"""Layouts drawn from the rules specs, for mats a catalog gives no geometry for (the
Animals on Board, Niagara and Ark Nova catalogs give all of theirs, so they have none here)."""

MARKER_BASES: Mapping[str, int] = MappingProxyType(
    {"noah": 0, "animals_on_board": 48, "hare_tortoise": 96, "niagara": 144, "ark_nova": 192}
)
"""First marker id of each game; a game's mats count on from there, so changing one
game's mats never renumbers another game's printed markers."""


def mats_for(game: str, catalog: Catalog | None) -> tuple[MatLayout, ...]:
    """The mats of ``game`` as ``catalog`` describes them, with their marker ids.

    Raises:
        ValueError: the mats need more marker ids than the game's range holds.
    """
    bases = [*sorted(MARKER_BASES.values()), CALIBRATION_MARKERS[0]]
    base = MARKER_BASES[game]
    limit = bases[bases.index(base) + 1]
    layouts: list[MatLayout] = []
    next_id = base
    for mat in game_mats(game, catalog, BUILTIN[game]):
        placed = replace(mat, first_marker=next_id)
        next_id += len(marker_spots(placed))
        layouts.append(placed)
    if next_id > limit:
        raise ValueError(f"{game} mats need marker ids up to {next_id - 1}, past {limit - 1}")
    return tuple(layouts)


def _registry() -> tuple[MatLayout, ...]:
    return tuple(m for game in MARKER_BASES for m in mats_for(game, payload.catalog_of(game)))


MATS: tuple[MatLayout, ...] = _registry()
"""Every mat of every game, in a fixed order (marker ids follow it)."""

_BY_GAME: Mapping[str, tuple[MatLayout, ...]] = MappingProxyType(
    {game: tuple(m for m in MATS if m.game == game) for game in dict.fromkeys(m.game for m in MATS)}
)


def mats_of(game: str) -> tuple[MatLayout, ...]:
    """The mats of ``game`` (empty when it has none)."""
    return _BY_GAME.get(game, ())


def marker_table() -> dict[int, tuple[MatLayout, Marker]]:
    """Every mat fiducial by id: which mat it belongs to and where it lies there."""
    return {marker.id: (mat, marker) for mat in MATS for marker in mat.markers}


def layout(game: str, key: str) -> MatLayout:
    for mat in mats_of(game):
        if mat.key == key:
            return mat
    raise KeyError(f"{game} has no mat {key!r}")


__all__ = [
    "ARUCO_DICTIONARY",
    "BAND_MM",
    "CALIBRATION_FRAME_MM",
    "CALIBRATION_MARKERS",
    "MARKER_GAP_MM",
    "MARKER_MM",
    "MATS",
    "Marker",
    "MatLayout",
    "Point",
    "Zone",
    "calibration_markers",
    "layout",
    "marker_table",
    "mats_for",
    "mats_of",
    "rect",
    "rotated_rect",
]
