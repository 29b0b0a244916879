"""Every game's mats: zones as polygons in millimetres and the ArUco fiducials that fix the frame.

Each mat has its own frame: origin at the printed mat's top-left corner, x to
the right, y down, in millimetres (``docs/design.md``, "Components and
tags"; types and marker placement in ``printables.mats.geometry``). A game's
mats come from its catalog when the catalog gives their geometry
(``printables.mats.from_catalog``), else from the layouts of its
``PrintedGame.mats`` (``printables.registry``; Noah's and the Hare's are the
submodules, which follow their rules specs in ``docs/rules/``). A game's
markers count on from its ``PrintedGame.marker_base``.

Vision imports this package (``all_mats``, ``mats_of``, ``marker_table``) without
pulling in drawing code.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from engines.core import Catalog
from printables import payload
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
from printables.registry import PRINTED


def mats_for(game: str, catalog: Catalog | None) -> tuple[MatLayout, ...]:
    """The mats of ``game`` as ``catalog`` describes them, with their marker ids.

    Raises:
        KeyError: the printables know no such game.
        ValueError: the mats need more marker ids than the game's range holds.
    """
    printed = PRINTED[game]
    base = printed.marker_base
    limit = min(
        [b for b in (p.marker_base for p in PRINTED.values()) if b > base]
        + [CALIBRATION_MARKERS[0]]
    )
    layouts: list[MatLayout] = []
    next_id = base
    for mat in game_mats(game, catalog, printed.mats):
        placed = replace(mat, first_marker=next_id)
        next_id += len(marker_spots(placed))
        layouts.append(placed)
    if next_id > limit:
        raise ValueError(f"{game} mats need marker ids up to {next_id - 1}, past {limit - 1}")
    return tuple(layouts)


@cache
def mats_of(game: str) -> tuple[MatLayout, ...]:
    """The mats of ``game`` from its catalog (empty when it has none).

    Raises:
        KeyError: the printables know no such game.
    """
    return mats_for(game, payload.catalog_of(game))


def all_mats() -> tuple[MatLayout, ...]:
    """Every mat of every printed game, in the order the games were registered."""
    return tuple(m for game in PRINTED for m in mats_of(game))


def marker_table() -> dict[int, tuple[MatLayout, Marker]]:
    """Every mat fiducial by id: which mat it belongs to and where it lies there."""
    return {marker.id: (mat, marker) for mat in all_mats() for marker in mat.markers}


def layout(game: str, key: str) -> MatLayout:
    for mat in mats_of(game):
        if mat.key == key:
            return mat
    raise KeyError(f"{game} has no mat {key!r}")


def mat_name(game: str, key: str, lang: str) -> str:
    """A mat as its print names it in ``lang`` ("Ark mat 2", 「方舟墊 2」), not by its key.

    Raises:
        KeyError: ``game`` has no such mat.
    """
    names = layout(game, key).names
    return str(names.get(lang, names["en"]))


__all__ = [
    "ARUCO_DICTIONARY",
    "BAND_MM",
    "CALIBRATION_FRAME_MM",
    "CALIBRATION_MARKERS",
    "MARKER_GAP_MM",
    "MARKER_MM",
    "Marker",
    "MatLayout",
    "Point",
    "Zone",
    "all_mats",
    "calibration_markers",
    "layout",
    "marker_table",
    "mat_name",
    "mats_for",
    "mats_of",
    "rect",
    "rotated_rect",
]
