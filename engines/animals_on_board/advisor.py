"""The departure of the arks: pairs to Noah, the cut to ten, scoring, the best keep.

Follows ``docs/rules/animals_on_board.md`` §7. An ark sails with exactly
``min(10, tiles left after the pairs)`` tiles and never with exactly two of a
species. A single scores its printed value, a herd of 3 or more 5 points per
tile, food 1 point per crate; ties go to more species on the sailing ark.

The advisor is exact: per species the only keeps worth considering are none,
the single highest tile, or 3 or more tiles (any 3+ tiles score the same), so
a knapsack over species that keeps the two best candidates per tile count
finds the best keep and the runner-up.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from engines.animals_on_board.catalog import ARK_CAPACITY, SPECIES_OF, VALUE_OF, sort_tiles

HERD = 3
"""Three or more tiles of one species form a herd."""
HERD_POINTS = 5
"""Points per tile of a herd, whatever the printed values."""


def by_species(tiles: Sequence[str]) -> dict[str, list[str]]:
    """The tiles grouped by species, each group in the fixed tile order."""
    out: dict[str, list[str]] = {}
    for t in sort_tiles(tuple(tiles)):
        out.setdefault(SPECIES_OF[t], []).append(t)
    return out


def noah_pairs(tiles: Sequence[str]) -> tuple[str, ...]:
    """The tiles Noah takes: every species held exactly twice (§7 step 1)."""
    return sort_tiles(
        tuple(t for group in by_species(tiles).values() if len(group) == 2 for t in group)
    )


@dataclass(frozen=True)
class Tally:
    """The animals of a sailing ark, scored."""

    singles: tuple[str, ...]
    herds: tuple[tuple[str, ...], ...]

    @property
    def single_points(self) -> int:
        return sum(VALUE_OF[t] for t in self.singles)

    @property
    def herd_points(self) -> int:
        return HERD_POINTS * sum(len(h) for h in self.herds)

    @property
    def points(self) -> int:
        return self.single_points + self.herd_points

    @property
    def species(self) -> int:
        return len(self.singles) + len(self.herds)


def tally(tiles: Sequence[str]) -> Tally:
    """Singles and herds of ``tiles`` (which hold no pair)."""
    groups = by_species(tiles)
    singles = tuple(g[0] for g in groups.values() if len(g) == 1)
    herds = tuple(tuple(g) for g in groups.values() if len(g) >= HERD)
    return Tally(singles, herds)


def cut_problem(tiles: Sequence[str], cut: Sequence[str]) -> str | None:
    """Why cutting ``cut`` from ``tiles`` (pairs already gone) is not allowed, or None."""
    held = set(tiles)
    foreign = [t for t in cut if t not in held]
    if foreign:
        return f"{foreign[0]} is not on the ark"
    need = max(0, len(tiles) - ARK_CAPACITY)
    if len(cut) != need:
        return (
            f"the ark holds {len(tiles)} tiles, so exactly {need} go back to the box "
            f"(not {len(cut)}) and exactly {min(len(tiles), ARK_CAPACITY)} sail"
        )
    gone = set(cut)
    left = [t for t in tiles if t not in gone]
    for species, group in by_species(left).items():
        if len(group) == 2:
            return (
                f"that cut leaves exactly two {species} ({' '.join(group)}); Noah would take them"
            )
    return None


@dataclass(frozen=True)
class Keep:
    """A way to sail: the tiles kept, their animal points and species count."""

    tiles: tuple[str, ...]
    points: int
    species: int

    def cut_from(self, tiles: Sequence[str]) -> tuple[str, ...]:
        """The tiles that go back to the box when ``tiles`` sail as this keep."""
        return cut_for(tiles, self.tiles)


def cut_for(tiles: Sequence[str], keep: Sequence[str]) -> tuple[str, ...]:
    """The tiles of ``tiles`` not kept, in tile order."""
    kept = set(keep)
    return sort_tiles(tuple(t for t in tiles if t not in kept))


def _options(group: list[str]) -> list[tuple[int, int, int, tuple[str, ...]]]:
    """(tiles, points, species, kept) for each sensible keep of one species."""
    high = sorted(group, key=VALUE_OF.__getitem__, reverse=True)
    opts = [(0, 0, 0, ()), (1, VALUE_OF[high[0]], 1, (high[0],))]
    opts += [(j, HERD_POINTS * j, 1, tuple(high[:j])) for j in range(HERD, len(group) + 1)]
    return opts


def best_keeps(tiles: Sequence[str], count: int = 2) -> list[Keep]:
    """The ``count`` best keeps of an ark (pairs already removed), best first.

    Keeps sail exactly ``min(10, len(tiles))`` tiles and leave no pair. They
    are ranked by animal points, then species count; further ties by keeping
    more of the earlier species. Distinct keeps differ in how many tiles of
    some species sail.
    """
    target = min(ARK_CAPACITY, len(tiles))
    # cells[n]: up to ``count`` best partial keeps holding n tiles, as
    # (points, species, counts, kept) so tuples compare best-last.
    Cell = list[tuple[int, int, tuple[int, ...], tuple[str, ...]]]
    cells: list[Cell] = [[] for _ in range(target + 1)]
    cells[0] = [(0, 0, (), ())]
    for group in by_species(tiles).values():
        nxt: list[Cell] = [[] for _ in range(target + 1)]
        for n, cell in enumerate(cells):
            for points, species, counts, kept in cell:
                for size, p, s, add in _options(group):
                    if n + size <= target:
                        nxt[n + size].append((points + p, species + s, (*counts, size), kept + add))
        cells = [sorted(c, reverse=True)[:count] for c in nxt]
    return [Keep(sort_tiles(kept), points, species) for points, species, _, kept in cells[target]]


def legal_keeps(tiles: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """Every legal keep of an ark (pairs already removed): exactly min(10, n) tiles, no pair."""
    target = min(ARK_CAPACITY, len(tiles))
    groups = list(by_species(tiles).values())

    def walk(i: int, room: int) -> Iterator[tuple[str, ...]]:
        if i == len(groups):
            if room == 0:
                yield ()
            return
        rest = sum(len(g) for g in groups[i + 1 :])
        for size in range(len(groups[i]) + 1):
            if size == 2 or size > room or room - size > rest:
                continue
            for part in combinations(groups[i], size):
                for tail in walk(i + 1, room - size):
                    yield part + tail

    for keep in walk(0, target):
        yield sort_tiles(keep)
