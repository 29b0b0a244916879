"""Map A as data: grid, terrain, border, bonuses and building shapes (rules spec §8)."""

from __future__ import annotations

from collections import deque

import pytest

from engines.ark_nova import map_a


def test_grid_counts() -> None:
    assert len(map_a.HEXES) == 58 and len(set(map_a.HEXES)) == 58
    assert len(map_a.ROCK) == 7 and len(map_a.WATER) == 9
    assert not map_a.ROCK & map_a.WATER
    assert len(map_a.BUILDABLE) == 42
    assert len(map_a.BORDER) == 26
    assert len(map_a.BUILDABLE_BORDER) == 16
    assert len(map_a.BONUSES) == 12
    assert not set(map_a.BONUSES) & (map_a.ROCK | map_a.WATER)
    assert map_a.UPGRADE_ONLY <= map_a.BUILDABLE


def test_neighbours_are_symmetric_and_six_inside() -> None:
    for h in map_a.HEXES:
        for n in map_a.neighbours(h):
            assert h in map_a.neighbours(n)
        if not map_a.is_border(h):
            assert len(map_a.neighbours(h)) == 6, h


def bfs(a: map_a.Hex, b: map_a.Hex) -> int:
    seen = {a: 0}
    queue = deque([a])
    while queue:
        h = queue.popleft()
        for n in map_a.neighbours(h):
            if n not in seen:
                seen[n] = seen[h] + 1
                queue.append(n)
    return seen[b]


def test_distance_equals_steps_on_the_map() -> None:
    for a in map_a.HEXES[::5]:
        for b in map_a.HEXES[::3]:
            assert map_a.distance(a, b) == bfs(a, b), (a, b)


def test_setup_buildings_sit_on_the_printed_spaces() -> None:
    triangle = map_a.SHAPES["enclosure_3"].footprint(map_a.SETUP_ENCLOSURE[1])
    assert set(triangle) == set(map_a.SETUP_ENCLOSURE)
    assert any(n == map_a.SETUP_KIOSK for h in triangle for n in map_a.neighbours(h))


@pytest.mark.parametrize("name", list(map_a.SHAPES))
def test_shapes_rotate_and_mirror(name: str) -> None:
    shape = map_a.SHAPES[name]
    anchor = (4, 3)
    base = shape.footprint(anchor)
    assert len(set(base)) == shape.size
    assert shape.footprint(anchor, 6) == base
    assert set(shape.footprint(anchor, 0, True)) != set() and base[0] == anchor
    for rotation in range(6):
        cells = shape.footprint(anchor, rotation)
        assert len(set(cells)) == shape.size
        # Every footprint is one connected piece.
        start, rest = cells[0], set(cells[1:])
        frontier = [start]
        while frontier:
            h = frontier.pop()
            for n in map_a.neighbours(h):
                if n in rest:
                    rest.discard(n)
                    frontier.append(n)
        assert not rest, (name, rotation)


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("kiosk", 1),
        ("enclosure_2", 3),
        ("enclosure_3", 2),
        ("enclosure_4", 3),
        ("enclosure_5", 6),
        ("petting_zoo", 6),
        ("reptile_house", 3),
        ("aviary", 6),
    ],
)
def test_distinct_orientations(name: str, count: int) -> None:
    """Shapes up to translation: a pair lies 3 ways, a triangle 2, the H-shaped reptile house 3."""
    shapes = set()
    for cells in map_a.orientations(map_a.SHAPES[name], (4, 3)):
        axial = [map_a.to_axial(h) for h in cells]
        q0 = min(q for q, _ in axial)
        r0 = min(r for _, r in axial)
        shapes.add(frozenset((q - q0, r - r0) for q, r in axial))
    assert len(shapes) == count


def test_mm_geometry_keeps_neighbours_one_hex_apart() -> None:
    flat = 3**0.5 * map_a.HEX_SIDE_MM
    for h in map_a.HEXES:
        cx, cy = map_a.hex_center_mm(h)
        for n in map_a.neighbours(h):
            nx, ny = map_a.hex_center_mm(n)
            assert abs(((cx - nx) ** 2 + (cy - ny) ** 2) ** 0.5 - flat) < 0.05


@pytest.mark.parametrize("name", list(map_a.SHAPES))
def test_mirroring_adds_no_footprint(name: str) -> None:
    """No building shape is chiral: the 6 rotations already give every mirrored footprint."""
    shape = map_a.SHAPES[name]
    for anchor in ((4, 3), (3, 3)):
        rotated = {frozenset(shape.footprint(anchor, r)) for r in range(6)}
        for r in range(6):
            mirrored = shape.footprint(anchor, r, mirror=True)
            assert any(
                len({map_a.to_axial(h) for h in mirrored}) == shape.size
                and _same_up_to_translation(mirrored, tuple(cells))
                for cells in rotated
            )


def _same_up_to_translation(a: tuple[map_a.Hex, ...], b: tuple[map_a.Hex, ...]) -> bool:
    def norm(cells: tuple[map_a.Hex, ...]) -> frozenset[tuple[int, int]]:
        axial = [map_a.to_axial(h) for h in cells]
        q0 = min(q for q, _ in axial)
        r0 = min(r for _, r in axial)
        return frozenset((q - q0, r - r0) for q, r in axial)

    return norm(a) == norm(b)
