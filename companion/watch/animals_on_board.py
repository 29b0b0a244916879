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

from companion.watch.model import ZH, TableModel, View, drop_empty
from engines.animals_on_board import CATALOG
from engines.animals_on_board.moves import LETTERS, Merge, Take
from engines.animals_on_board.state import AnimalsOnBoardState
from engines.core import Move, State
from vision.reading import Placement, TableReading
from vision.types import Point

CENTRE = "centre.centre"
BACK, FOOD = "BACK", "FOOD"
UNREAD = "?"
"""A symbol seen in a group of the centre and not read: a tile the group holds, unnamed."""
_ARK_ZONES = {"ark": ("ark", "方舟"), "overflow": ("overflow", "溢出區"), "food": ("food", "食物")}
"""An ark mat's zones in English and Traditional Chinese."""
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


def clusters(
    placements: Sequence[Placement],
    gap: float = GROUP_GAP_MM,
    unread: Sequence[Point] = (),
) -> list[list[str]]:
    """Pieces lying together: single-link groups of tags nearer than ``gap`` mm.

    ``unread`` are the places of symbols seen and not read: each joins the pieces it lies
    beside as a tile would, as ``UNREAD`` (a tile not read in the middle of a group does not
    split it in two, and the group says it holds a tile not read).
    """
    spots = [(p.piece if not p.back else BACK, p.mm or (0.0, 0.0)) for p in placements]
    spots += [(UNREAD, at) for at in unread]
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
        unread = [u.mm for u in reading.unread if u.zone == CENTRE and u.mm is not None]
        out[CENTRE] = [group_name(g) for g in clusters(centre, unread=unread)]
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

    def lacks(self, whole: str, seen: str | None) -> int | None:
        """A group read in part is its tiles read and a symbol not read (``UNREAD``) for each
        tile it lacks (each tile carries its own tag)."""
        if not whole.startswith("("):
            return super().lacks(whole, seen)
        tiles = Counter(_tiles(whole))
        if seen is None:
            return sum(tiles.values())
        if not seen.startswith("("):
            return None
        read = Counter(_tiles(seen))
        symbols = read.pop(UNREAD, 0)
        missing = sum((tiles - read).values())
        return None if read - tiles or missing > symbols else missing

    def unread_symbols(self, item: str) -> int:
        tiles = _tiles(item) if item.startswith("(") else [item]
        return len(tiles) if set(tiles) == {UNREAD} else 0

    def zone_name(self, zone: str, lang: str = "en") -> str:
        zh = lang == ZH
        if zone == CENTRE:
            return "中央" if zh else "the centre"
        mat, _, key = zone.partition(".")
        en, zh_key = _ARK_ZONES.get(key, (key, key))
        return f"第 {mat[3:]} 號方舟的{zh_key}" if zh else f"the {en} of ark {mat[3:]}"

    def piece_name(self, piece: str, lang: str = "en") -> str:
        zh = lang == ZH
        if piece.startswith("("):
            tiles = [self.piece_name(t, lang) for t in _tiles(piece)]
            return f"一組板塊（{'、'.join(tiles)}）" if zh else f"a group of {', '.join(tiles)}"
        if piece == BACK:
            return "一張蓋著的板塊" if zh else "a face-down tile"
        if piece == UNREAD:
            return "一塊讀不到的板塊" if zh else "a tile that could not be read"
        if piece == FOOD:
            return "一個食物箱" if zh else "a food crate"
        if piece in CATALOG:
            return str(CATALOG[piece].names[lang if zh else "en"])
        return piece
