"""The Ark Nova card catalog: base counts, patched values, and the piece catalog."""

from __future__ import annotations

import pytest

from engines.ark_nova import CATALOG, map_a
from engines.ark_nova.cards import (
    ANIMALS,
    BASE_ANIMALS,
    BASE_SPONSORS,
    CATEGORIES,
    CONTINENTS,
    FINAL_SCORING,
    PATCHES,
    PROJECTS,
    SPONSORS,
)
from engines.ark_nova.catalog import BUILDING_COPIES


def test_base_game_counts() -> None:
    assert len(BASE_ANIMALS) == 128
    assert [a.number for a in BASE_ANIMALS] == list(range(401, 529))
    assert len(BASE_SPONSORS) == 64
    assert [s.number for s in BASE_SPONSORS] == list(range(201, 265))
    assert len(PROJECTS) == 32 and sorted(PROJECTS) == list(range(101, 133))
    assert sum(p.base for p in PROJECTS.values()) == 12
    assert sorted(FINAL_SCORING) == [f"{i:03d}" for i in range(1, 12)]


def test_marine_worlds_cards_are_kept_and_marked() -> None:
    marine = [a for a in ANIMALS.values() if a.marine_worlds]
    assert len(marine) == 32 and all(a.number > 528 for a in marine)
    assert sum(s.marine_worlds for s in SPONSORS.values()) == 16


@pytest.mark.parametrize("animal", BASE_ANIMALS, ids=lambda a: str(a.number))
def test_every_base_animal_has_category_continent_and_size(animal: object) -> None:
    from engines.ark_nova.cards import Animal

    assert isinstance(animal, Animal)
    assert animal.categories, "a category icon (petting-zoo animals: the petting icon)"
    if animal.petting:
        # Petting-zoo animals carry no continent icon and need no standard enclosure.
        assert animal.categories == ("petting",) and animal.continents == () and animal.size == 0
    else:
        assert len(animal.continents) == 1
        assert 1 <= animal.size <= 5
        assert set(animal.categories) <= set(CATEGORIES)
        assert set(animal.continents) <= set(CONTINENTS)


@pytest.mark.parametrize(
    ("number", "icon", "count"),
    [
        (401, "predator", 2),
        (426, "africa", 2),
        (431, "asia", 2),
        (436, "americas", 2),
        (441, "europe", 2),
        (446, "australia", 2),
        (457, "primate", 2),
        (407, "water", 2),
        (446, "water", 2),
        (515, "water", 2),
        (444, "rock", 2),
        (482, "water", 1),
    ],
)
def test_patched_animal_icons(number: int, icon: str, count: int) -> None:
    assert ANIMALS[number].icons[icon] == count
    assert any(p.card == number for p in PATCHES)


def test_patched_prices_names_and_unverified_flags() -> None:
    assert ANIMALS[463].price == 11
    assert ANIMALS[501].name == "Indian Peafowl" and SPONSORS[252].name == "Spotted Hyena Compound"
    assert SPONSORS[210].name == "Expert on the Americas"
    unverified = {p.card for p in PATCHES if not p.verified}
    assert unverified == {463, 482}
    assert all(p.reason for p in PATCHES)


def test_patched_sponsor_icons() -> None:
    assert SPONSORS[223].icons["research"] == 2
    assert SPONSORS[245].icons["water"] == 2
    assert SPONSORS[246].icons["rock"] == 2
    for n in (231, 232, 233, 234, 235):
        assert not any(SPONSORS[n].icons.get(c) for c in CATEGORIES), n
    assert SPONSORS[251].icons["bear"] == 1 and SPONSORS[251].icons["predator"] == 1


def test_icon_totals_of_the_base_animals() -> None:
    # Rules spec §10 (TORB counts): 19 animals need rock (1 needs 2), 23 water (3 need 2),
    # 10 petting-zoo only.
    rock = [a for a in BASE_ANIMALS if a.icons.get("rock")]
    water = [a for a in BASE_ANIMALS if a.icons.get("water")]
    assert len(rock) == 19 and sum(a.icons["rock"] == 2 for a in rock) == 1
    assert len(water) == 23 and sum(a.icons["water"] == 2 for a in water) == 3
    assert sum(a.petting for a in BASE_ANIMALS) == 10


def test_piece_catalog() -> None:
    kinds = {c.id[0] for c in CATALOG}
    assert kinds == {"A", "S", "P", "F", "B", "U", "M", "T"}
    assert len(CATALOG.of_kind("token")) == 24
    assert len(CATALOG.of_kind("card")) == 128 + 64 + 32 + 11
    tiles = CATALOG.of_kind("tile")
    assert len(tiles) == 2 * sum(BUILDING_COPIES.values()) + 15
    assert {c.data["building"] for c in tiles} == {*map_a.SHAPES, "unique"}
    assert CATALOG["BE302B"].data["occupied"] and not CATALOG["BE302F"].data["occupied"]
    assert CATALOG["BAV04B"].data["mirror"] and not CATALOG["BAV04B"].data["occupied"]
    assert "A401" in CATALOG and "S264" in CATALOG and "P132" in CATALOG and "F011" in CATALOG
    for comp in CATALOG:
        assert comp.names["en"] and comp.names["zh-Hant"], comp.id
    assert CATALOG["A401"].names["zh-Hant"] == "獵豹"
    assert CATALOG["S220"].data["end_game"] == "1 CP with 9 or more reputation"
    assert CATALOG["F001"].data["first"] == [1, 2, 4, 5]


@pytest.mark.parametrize("seat", [1, 2, 3, 4])
def test_map_mat_holds_58_hexes_and_zones(seat: int) -> None:
    mat = CATALOG[f"MAPA{seat}"]
    assert mat.kind == "mat" and mat.data["seat"] == seat
    hexes = mat.data["hexes"]
    assert len(hexes) == 58
    assert sum(h["terrain"] == "rock" for h in hexes) == 7
    assert sum(h["terrain"] == "water" for h in hexes) == 9
    assert sum(h["bonus"] is not None for h in hexes) == 12
    width, height = mat.data["size_mm"]
    for h in hexes:
        assert len(h["polygon_mm"]) == 6
        for x, y in h["polygon_mm"]:
            assert 0 < x < width and 0 < y < height
    assert {z["zone"] for z in mat.data["zones"]} >= {"animals", "sponsors", "final_scoring"}
