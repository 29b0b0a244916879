"""Animals on Board's table as the camera sees it: the groups in the centre and each ark.

Follows ``shared/rules/animals_on_board.md`` §4-§7 and the catalog's mats
(the centre mat; one ark mat per seat, seat 1 on ``ark1``, with its ark,
overflow and food zones). The centre's tiles have no order; a group is the
set of tiles lying together (the camera clusters the tags of the centre
that lie within ``GROUP_GAP_MM`` of each other), the face-down tile as
``BACK``. A view names each group ``(S1V1+S3V2+BACK)``, the tiles on an ark
(face down) as ``BACK``, the overflow by tile, the food crates as ``FOOD``.
The setup (species removed, tiles dealt and given) happens before watching.

Groups are never merged (§5): tiles of two groups pushed together are no
move of the engine, so that change is said in words ("a group (...) left
the centre"), not refused with a code.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from companion.watch.model import PlacedTag, TableModel, drop_empty
from engines.animals_on_board import CATALOG
from engines.animals_on_board.moves import Take
from engines.animals_on_board.state import AnimalsOnBoardState
from engines.core import Move, State
from vision.games import game_vision
from vision.reading import Placement, TableReading

CENTRE = "centre.centre"
BACK, FOOD = "BACK", "FOOD"
GROUP_GAP_MM = 40.0
"""Tags of one group lie closer than this (tiles touch, 50 mm apart at most centre to
centre along a row); groups are laid apart by more."""


def group_name(tiles: Iterable[str]) -> str:
    """A group as a view names it: its tiles sorted, face-down ones as ``BACK``."""
    return "(" + "+".join(sorted(tiles)) + ")"


def clusters(placements: Sequence[Placement], gap: float = GROUP_GAP_MM) -> list[list[str]]:
    """Pieces lying together: single-link groups of tags nearer than ``gap`` mm."""
    spots = [(p.piece if not p.back else BACK, p.mm or (0.0, 0.0)) for p in placements]
    parent = list(range(len(spots)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, (_, a) in enumerate(spots):
        for j in range(i):
            if math.dist(a, spots[j][1]) < gap:
                parent[root(i)] = root(j)
    groups: dict[int, list[str]] = {}
    for i, (piece, _) in enumerate(spots):
        groups.setdefault(root(i), []).append(piece)
    return list(groups.values())


class AnimalsOnBoardTable(TableModel):
    """The centre and the arks as a :class:`TableModel`."""

    game = "animals_on_board"
    max_depth = 1

    def view(self, state: State) -> dict[str, tuple[str, ...]]:
        assert isinstance(state, AnimalsOnBoardState)
        out: dict[str, list[str]] = {}
        out[CENTRE] = [
            group_name([*g, *([BACK] if i == state.down_group else [])])
            for i, g in enumerate(state.groups)
            if g or i == state.down_group
        ]
        for seat in range(len(state.players)):
            ark = f"ark{seat + 1}"
            out[f"{ark}.ark"] = [BACK] * len(state.arks[seat])
            out[f"{ark}.overflow"] = list(state.overflow[seat])
            out[f"{ark}.food"] = [FOOD] * state.food[seat]
        return drop_empty({z: sorted(p) for z, p in out.items()})

    def read(self, reading: TableReading) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        centre = [p for p in reading.placements if p.zone == CENTRE]
        out[CENTRE] = [group_name(g) for g in clusters(centre)]
        for zone, pieces in reading.zones.items():
            if zone == CENTRE:
                continue
            items = out.setdefault(zone, [])
            for piece in pieces:
                kind = CATALOG[piece].kind
                if kind == "tile":
                    items.append(piece)
                elif CATALOG[piece].data.get("food"):
                    items.append(FOOD)
        for zone, n in reading.backs.items():
            if zone != CENTRE:
                out.setdefault(zone, []).extend([BACK] * n)
        return drop_empty({z: sorted(p) for z, p in out.items()})

    def physical_moves(self, state: State) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """Any group taken onto the ark, every crate paid whether enough or not."""
        assert isinstance(state, AnimalsOnBoardState)
        if state.phase != "play":
            return
        seat = state.turn
        ark = f"ark{seat + 1}"
        for g in range(len(state.groups)):
            size = state.group_size(g)
            if size > state.food[seat]:
                view = dict(self.view(state))
                name = group_name([*state.groups[g], *([BACK] if g == state.down_group else [])])
                left = list(view.get(CENTRE, ()))
                left.remove(name)
                view[CENTRE] = tuple(left)
                view[f"{ark}.ark"] = (BACK,) * (len(state.arks[seat]) + size)
                view[f"{ark}.food"] = ()
                yield Take(g), drop_empty(view)

    def zone_name(self, zone: str) -> str:
        if zone == CENTRE:
            return "the centre"
        mat, _, key = zone.partition(".")
        return f"the {key} of ark {mat[3:]}"

    def piece_name(self, piece: str) -> str:
        if piece.startswith("("):
            return f"a group {piece}"
        if piece == BACK:
            return "a face-down tile"
        if piece == FOOD:
            return "a food crate"
        return f"tile {piece}"


def centre_tags(state: AnimalsOnBoardState, pitch: float = 27.0) -> list[PlacedTag]:
    """Where a synthetic scene lays the centre's groups: each group a row of touching tiles,
    groups two pitches apart, rows wrapping inside the centre zone."""
    mat = next(m for m in game_vision("animals_on_board").mats if m.id == "centre")
    zone = next(z for z in mat.zones if z.id == CENTRE)
    xs = [x for x, _ in zone.polygon]
    ys = [y for _, y in zone.polygon]
    x, y = min(xs) + pitch / 2, min(ys) + pitch / 2
    out: list[PlacedTag] = []
    for g, tiles in enumerate(state.groups):
        pieces = [*tiles, *(["BACK"] if g == state.down_group else [])]
        if not pieces:
            continue
        if x + pitch * len(pieces) > max(xs):
            x, y = min(xs) + pitch / 2, y + 2 * pitch
        for piece in pieces:
            out.append(PlacedTag(piece, mat.id, (x, y)))
            x += pitch
        x += pitch
    if y > max(ys):
        raise ValueError("the groups do not fit the centre mat")
    return out
