"""Animals on Board's table as the camera sees it: the groups in the centre and each ark.

Follows ``docs/rules/animals_on_board.md`` §4-§7 and the catalog's mats
(the centre mat; one ark mat per seat, seat 1 on ``ark1``, with its ark,
overflow and food zones). The centre's tiles have no order; a group is the
set of tiles lying together (the camera clusters the tags of the centre
that lie within ``GROUP_GAP_MM`` of each other), the face-down tile as
``BACK``. A view names each group ``(S1V1+S3V2+BACK)``, the tiles on an ark
(face down) as ``BACK``, the overflow by tile, the food crates as ``FOOD``.
The setup (species removed, tiles dealt and given) happens before watching.

Groups are never merged (§5): tiles of one group laid with another (a split
gone wrong, or two groups pushed together) are the engine's ``merge`` move,
which it always refuses (``animals_on_board.merge``); the table model finds
which tiles went where from the groups seen, with or without the food crate
a split takes.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

from companion.watch.model import PlacedTag, TableModel, View, drop_empty
from engines.animals_on_board import CATALOG
from engines.animals_on_board.moves import LETTERS, Merge, Take
from engines.animals_on_board.state import AnimalsOnBoardState
from engines.core import Move, State
from testkit.camera import grid
from vision.games import game_vision
from vision.reading import Placement, TableReading

CENTRE = "centre.centre"
BACK, FOOD = "BACK", "FOOD"
TILE_MM, CRATE_MM = 50.0, 40.0
"""A tile's edge (tiles of a group touch, their tags 50 mm apart centre to centre) and
the spacing of food crates (32 mm tokens) in a synthetic scene."""
GROUP_SPACE_MM = 30.0
"""The space a synthetic scene leaves between groups in the centre (a finger's width)."""
GROUP_GAP_MM = 65.0
"""Tags of one group lie closer than this: touching tiles are 50 mm apart centre to
centre, tiles of two groups a finger apart 80 mm or more."""


def _shown(state: AnimalsOnBoardState, g: int) -> list[str]:
    """Group ``g``'s tiles in lettered order as the camera sees them (face down: ``BACK``)."""
    return [*state.groups[g], *([BACK] if g == state.down_group else [])]


def _tiles(name: str) -> list[str]:
    """The tiles of a group as a view names it."""
    return name[1:-1].split("+")


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
                name = group_name(_shown(state, g))
                left = list(view.get(CENTRE, ()))
                left.remove(name)
                view[CENTRE] = tuple(left)
                view[f"{ark}.ark"] = (BACK,) * (len(state.arks[seat]) + size)
                view[f"{ark}.food"] = ()
                yield Take(g), drop_empty(view)

    def refusable(
        self, state: State, seen: View
    ) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """The food-short takes, and the merges that explain the groups seen."""
        yield from self.physical_moves(state)
        assert isinstance(state, AnimalsOnBoardState)
        if state.phase != "play":
            return
        before = self.view(state)
        was, now = Counter(before.get(CENTRE, ())), Counter(seen.get(CENTRE, ()))
        left, came = was - now, now - was
        shown = {group_name(_shown(state, g)): g for g in range(len(state.groups))}
        for a in left:
            for b in left:
                if a == b or a not in shown or b not in shown:
                    continue
                for new in came:
                    part = Counter(_tiles(new)) - Counter(_tiles(b))
                    if Counter(_tiles(b)) - Counter(_tiles(new)) or not part:
                        continue
                    if part - Counter(_tiles(a)):
                        continue
                    yield from self._merged(state, before, (shown[a], shown[b]), part)

    def _merged(
        self, state: AnimalsOnBoardState, before: View, pair: tuple[int, int], part: Counter[str]
    ) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """Tiles ``part`` of group ``pair[0]`` laid with group ``pair[1]``, a crate taken or
        not."""
        g, h = pair
        letters = "".join(LETTERS[i] for i, t in enumerate(_shown(state, g)) if t in part)
        rest = list((Counter(_shown(state, g)) - part).elements())
        names = {group_name(_shown(state, g)), group_name(_shown(state, h))}
        centre = [n for n in before.get(CENTRE, ()) if n not in names]
        centre.append(group_name([*_shown(state, h), *part.elements()]))
        if rest:
            centre.append(group_name(rest))
        view = dict(before)
        view[CENTRE] = tuple(sorted(centre))
        move = Merge(g, letters, h)
        yield move, drop_empty(view)
        food = f"ark{state.turn + 1}.food"
        yield move, drop_empty({**view, food: (FOOD,) * (state.food[state.turn] + 1)})

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
