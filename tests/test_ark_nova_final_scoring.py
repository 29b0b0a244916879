"""Every final-scoring card at each threshold, in both printings (rules spec §6.3)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines.ark_nova import map_a
from engines.ark_nova.cards import FINAL_SCORING
from engines.ark_nova.scoring import final_scoring_gain
from engines.ark_nova.zoo import Zoo
from tests.ark_nova_zoos import animals, cover, cover_all_but, with_icon

PRINTINGS = ("first", "marine_worlds")
RESEARCH_SPONSORS = (201, 202, 203, 204, 205, 206, 207, 208, 209)  # 1 research icon each


def zoo_counting(card: str, n: int) -> Zoo:
    """A zoo whose count for ``card`` is exactly ``n``."""
    builders: dict[str, Callable[[int], Zoo]] = {
        "001": lambda k: Zoo(
            animals=animals(lambda a: a.size >= 4 and a.ability != "resistance", k)
        ),
        "002": lambda k: Zoo(animals=animals(lambda a: 1 <= a.size <= 2, k)),
        "003": lambda k: Zoo(sponsors=RESEARCH_SPONSORS[:k]),
        "005": lambda k: Zoo(projects=tuple(range(101, 101 + k))),
        "006": lambda k: Zoo(buildings=cover(sorted(map_a.BUILDABLE)[k:])),
        "007": lambda k: Zoo(reputation=k),
        "008": lambda k: Zoo(sponsors=tuple(range(227, 227 + k))),
        "010": lambda k: Zoo(animals=with_icon("rock", k)),
        "011": lambda k: Zoo(animals=with_icon("water", k)),
    }
    return builders[card](n)


THRESHOLD_CASES = [
    (card, printing, level)
    for card in ("001", "002", "003", "005", "006", "007", "008", "010", "011")
    for printing in PRINTINGS
    for level in range(1, 5)
]


@pytest.mark.parametrize(("card", "printing", "level"), THRESHOLD_CASES)
def test_threshold_gives_its_cp_and_one_less_does_not(card: str, printing: str, level: int) -> None:
    steps = FINAL_SCORING[card].thresholds(printing)
    need = steps[level - 1]
    assert final_scoring_gain(card, zoo_counting(card, need), printing).cp == level
    assert final_scoring_gain(card, zoo_counting(card, need - 1), printing).cp == level - 1


@pytest.mark.parametrize(
    ("card", "first", "revised"),
    [
        ("001", (1, 2, 4, 5), (1, 2, 3, 4)),
        ("002", (3, 6, 8, 10), (3, 6, 8, 10)),
        ("003", (3, 4, 5, 6), (3, 4, 5, 7)),
        ("005", (3, 4, 5, 6), (2, 3, 4, 5)),
        ("006", (6, 12, 18, 24), (6, 12, 18, 24)),
        ("007", (6, 9, 12, 15), (6, 9, 12, 15)),
        ("008", (3, 6, 8, 10), (3, 5, 7, 9)),
        ("010", (1, 3, 5, 7), (1, 3, 5, 6)),
        ("011", (2, 4, 6, 8), (2, 4, 6, 7)),
    ],
)
def test_thresholds_match_the_spec_table(
    card: str, first: tuple[int, ...], revised: tuple[int, ...]
) -> None:
    assert FINAL_SCORING[card].thresholds("first") == first
    assert FINAL_SCORING[card].thresholds("marine_worlds") == revised


def test_a_card_gives_at_most_4_cp() -> None:
    many = Zoo(animals=animals(lambda a: 1 <= a.size <= 2, 14))
    assert final_scoring_gain("002", many, "first").cp == 4


# Architectural Zoo (004): 1 CP per condition met.
ARCHITECTURAL = [
    ("full cover: all four", cover_all_but(), 4),
    ("one inner space open: map not covered", cover_all_but((3, 3)), 3),
    ("a border space open: border and map fail", cover_all_but((0, 2)), 2),
    ("water (5,4) with no building beside it", cover_all_but((5, 3), (5, 5), (4, 3), (4, 4)), 2),
    (
        "rock (5,2) with no building beside it",
        cover_all_but((5, 1), (5, 3), (4, 1), (4, 2), (6, 1), (6, 2)),
        2,
    ),
    ("empty map: no condition", (), 0),
]


@pytest.mark.parametrize("printing", PRINTINGS)
@pytest.mark.parametrize(("case", "buildings", "cp"), ARCHITECTURAL)
def test_architectural_zoo(printing: str, case: str, buildings: tuple, cp: int) -> None:
    gain = final_scoring_gain("004", Zoo(buildings=buildings), printing)
    assert gain.cp == cp, (case, gain.why)


CATEGORY_SPONSORS = (236, 237, 238, 239, 240)  # primate, reptile, bird, predator, herbivore


@pytest.mark.parametrize("printing", PRINTINGS)
@pytest.mark.parametrize(("beaten", "cp"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 4)])
def test_diverse_species_zoo(printing: str, beaten: int, cp: int) -> None:
    mine = Zoo(sponsors=CATEGORY_SPONSORS[:beaten])
    right = Zoo()
    gain = final_scoring_gain("009", mine, printing, right, "bob")
    assert gain.cp == cp
    assert "more than bob" in gain.why


@pytest.mark.parametrize("printing", PRINTINGS)
def test_diverse_species_zoo_needs_strictly_more(printing: str) -> None:
    mine = Zoo(sponsors=(236, 237))  # 1 primate, 1 reptile
    right = Zoo(sponsors=(236,), animals=(451,))  # 1 + 1 primates
    assert final_scoring_gain("009", mine, printing, right, "bob").cp == 1  # reptiles only
