"""Animals on Board in a synthetic scene: the centre's groups and each ark's pieces.

The pieces of a state laid as players lay them on the catalog's mats, for
:mod:`testkit.camera` to photograph; the table model that reads them back (and
clusters the centre's tags into groups) is :mod:`companion.watch.animals_on_board`.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.watch.animals_on_board import BACK
from engines.animals_on_board import CATALOG
from engines.animals_on_board.state import AnimalsOnBoardState
from testkit.tags import PlacedTag, grid
from vision.games import game_vision

TILE_MM, CRATE_MM = 50.0, 48.0
"""A tile's edge (tiles of a group touch, their tags 50 mm apart centre to centre) and
the spacing of food crates (45 mm tokens, five to a column of an ark's food zone) in a
synthetic scene."""
GROUP_SPACE_MM = 30.0
"""The space a synthetic scene leaves between groups in the centre (a finger's width)."""


def _polygon(mat: str, zone: str) -> Sequence[tuple[float, float]]:
    spec = next(m for m in game_vision("animals_on_board").mats if m.id == mat)
    return next(z for z in spec.zones if z.id == f"{mat}.{zone}").polygon


def _bounds(mat: str, zone: str) -> tuple[float, float, float, float]:
    polygon = _polygon(mat, zone)
    xs = [x for x, _ in polygon]
    ys = [y for _, y in polygon]
    return min(xs), min(ys), max(xs), max(ys)


def centre_tags(state: AnimalsOnBoardState) -> list[PlacedTag]:
    """Where a synthetic scene lays the centre's groups: each group a block of touching
    tiles (rows of up to what the zone's width holds), blocks laid left to right and in
    shelves, ``GROUP_SPACE_MM`` apart.

    Raises:
        ValueError: the groups do not fit the centre mat.
    """
    x0, y0, x1, y1 = _bounds("centre", "centre")
    per_row = int((x1 - x0) // TILE_MM)
    out: list[PlacedTag] = []
    x, y, shelf = x0, y0, 0.0
    for g, tiles in enumerate(state.groups):
        pieces = [*tiles, *([BACK] if g == state.down_group else [])]
        if not pieces:
            continue
        cols = min(len(pieces), per_row)
        rows = -(-len(pieces) // cols)
        if x + cols * TILE_MM > x1:
            x, y, shelf = x0, y + shelf + GROUP_SPACE_MM, 0.0
        for k, piece in enumerate(pieces):
            spot = (x + (k % cols + 0.5) * TILE_MM, y + (k // cols + 0.5) * TILE_MM)
            out.append(PlacedTag(piece, "centre", spot))
        x += cols * TILE_MM + GROUP_SPACE_MM
        shelf = max(shelf, rows * TILE_MM)
    if y + shelf > y1:
        raise ValueError("the groups do not fit the centre mat")
    return out


def _laid(mat: str, zone: str, pieces: Sequence[str], pitch: float) -> list[PlacedTag]:
    """``pieces`` in rows ``pitch`` apart in a zone of a mat."""
    spots = grid(_polygon(mat, zone), len(pieces), pitch)
    return [PlacedTag(p, mat, spot) for p, spot in zip(pieces, spots, strict=True)]


def table_tags(state: AnimalsOnBoardState) -> list[PlacedTag]:
    """Every tag on the table when it shows ``state``: the centre's groups, each ark's
    face-down tiles, its overflow face up and its food crates (crate ids dealt seat by seat).

    Raises:
        ValueError: the pieces do not fit their mats.
    """
    crates = [c.id for c in CATALOG if c.data.get("food")]
    out = centre_tags(state)
    used = 0
    for seat in range(len(state.players)):
        ark = f"ark{seat + 1}"
        out += _laid(ark, "ark", [BACK] * len(state.arks[seat]), TILE_MM)
        out += _laid(ark, "overflow", list(state.overflow[seat]), TILE_MM)
        out += _laid(ark, "food", crates[used : used + state.food[seat]], CRATE_MM)
        used += state.food[seat]
    return out
