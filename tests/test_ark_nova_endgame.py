"""Every end-game sponsor scores its rule (rules spec §6.4), with a case below its bar."""

from __future__ import annotations

from typing import Any

import pytest

from engines.ark_nova import map_a
from engines.ark_nova.endgame import ENDGAME_SPONSORS, endgame_gains
from engines.ark_nova.zoo import Building, Zoo
from tests.ark_nova_zoos import cover, cover_all_but, with_icon

SPEC_LIST = {
    201, 203, 208, 209, 210, 211, 214, 215, 216, 217, 218, 219, 220, 221, 225, 226,
    241, 242, 243, 244, 245, 246, 247, 251, 257, 261, 264, 258, 259, 260,
}  # fmt: skip
"""The 27 of the rules spec §6.4 and the three Native sponsors (258-260)."""

FIVE_CATEGORIES = (236, 237, 238, 239, 240)  # primate, reptile, bird, predator, herbivore
FIVE_CONTINENTS = ("africa", "europe", "asia", "australia", "americas")
KIOSKS = ((0, 3), (3, 3), (6, 2), (2, 5 - 1), (7, 4))  # pairwise 3 or more apart


def kiosks(n: int) -> tuple[Building, ...]:
    return tuple(Building.standard("kiosk", h) for h in KIOSKS[:n])


def small_enclosures(n: int, occupied: bool = True) -> tuple[Building, ...]:
    spots = ((3, 3), (3, 4), (4, 4), (4, 5), (5, 6), (6, 6))
    return tuple(Building.standard("enclosure_1", h, occupied=occupied) for h in spots[:n])


def water_neighbours() -> set[map_a.Hex]:
    return {n for w in map_a.WATER for n in map_a.neighbours(w) if n in map_a.BUILDABLE}


def rock_neighbours() -> set[map_a.Hex]:
    return {n for r in map_a.ROCK for n in map_a.neighbours(r) if n in map_a.BUILDABLE}


# (sponsor, zoo fields meeting the rule, (cp, appeal), zoo fields below it)
CASES: list[tuple[int, dict[str, Any], tuple[int, int], dict[str, Any]]] = [
    # Science Lab shows a research icon itself.
    (201, {"sponsors": (202, 203)}, (1, 0), {"sponsors": (202,)}),
    (201, {"sponsors": (202, 203, 204, 205), "universities": ("research_reputation",)}, (2, 0),
     {}),
    (203, {"universities": ("research2", "research_reputation", "reputation_hand")}, (1, 0),
     {"universities": ("research2", "reputation_hand")}),
    (208, {"sponsors": FIVE_CATEGORIES}, (1, 0), {"sponsors": FIVE_CATEGORIES[:4]}),
    (209, {"universities": ("research2", "research_reputation", "reputation_hand")}, (1, 0),
     {"universities": ("research2",)}),
    (210, {"buildings": kiosks(5)}, (1, 0), {"buildings": kiosks(4)}),
    (211, {"buildings": small_enclosures(5)}, (1, 0), {"buildings": small_enclosures(5, False)}),
    (214, {"x_tokens": 4}, (0, 4), {"x_tokens": 0}),
    (215, {"projects": (101, 102, 103, 113, 113)}, (1, 0), {"projects": (101, 102, 103, 104)}),
    (216, {"reputation": 9}, (1, 0), {"reputation": 8}),
    (217, {"buildings": cover_all_but()}, (0, 5), {"buildings": cover_all_but((3, 3))}),
    (218, {"projects": (101, 102, 103, 104, 105)}, (1, 0), {"projects": (101,)}),
    # 3 water (Eurasian Brown Bear, Australian and New Zealand Sea Lion), 2 rock (Leopard, Cougar).
    (219, {"animals": (416, 422, 423, 403, 413)}, (0, 4), {"animals": (416, 422, 423)}),
    (220, {"reputation": 10}, (1, 0), {"reputation": 3}),
    (221, {"buildings": cover(map_a.BUILDABLE_BORDER)}, (1, 0),
     {"buildings": cover(map_a.BUILDABLE_BORDER - {(0, 0)})}),
    (225, {"partner_zoos": FIVE_CONTINENTS[:4], "animals": (412,)}, (1, 0),
     {"partner_zoos": FIVE_CONTINENTS[:4]}),
    (226, {"partner_zoos": FIVE_CONTINENTS[:3], "animals": (448, 412)}, (1, 0),
     {"animals": (448, 412)}),
    (241, {"buildings": cover(water_neighbours())}, (1, 0),
     {"buildings": cover(water_neighbours() - {(7, 1), (6, 0), (6, 1)})}),
    (242, {"buildings": cover(rock_neighbours())}, (1, 0),
     {"buildings": cover(rock_neighbours() - {(6, 5), (7, 4), (7, 5), (5, 5)})}),
    (243, {"animals": with_icon("herbivore", 5)}, (1, 0), {"animals": with_icon("herbivore", 4)}),
    (244, {"animals": with_icon("bird", 5)}, (1, 0), {"animals": with_icon("bird", 4)}),
    (245, {"animals": with_icon("water", 4)}, (1, 0), {"animals": with_icon("water", 3)}),
    (246, {"animals": with_icon("rock", 4)}, (1, 0), {"animals": with_icon("rock", 3)}),
    (247, {"animals": with_icon("primate", 5)}, (1, 0), {"animals": with_icon("primate", 4)}),
    (251, {"animals": (408, 409)}, (1, 0), {"animals": (408,)}),
    (251, {"animals": (408, 409, 411, 414, 415)}, (2, 0), {}),
    (257, {"buildings": cover_all_but()}, (0, 5), {}),
    (261, {"sponsors": FIVE_CATEGORIES}, (1, 0), {"sponsors": (236, 237)}),
    (264, {"buildings": cover_all_but(*map_a.BONUSES)}, (0, 0), {}),
    (264, {"buildings": ()}, (6, 0), {}),
    # 9 water and 7 rock spaces on Map A; 42 building spaces.
    (258, {"buildings": ()}, (4, 0), {"buildings": cover(water_neighbours())}),
    (259, {"buildings": ()}, (3, 0), {"buildings": cover(rock_neighbours())}),
    (260, {"buildings": ()}, (7, 0), {"buildings": cover_all_but(*sorted(map_a.BUILDABLE)[:5])}),
]  # fmt: skip


def make(sponsor: int, fields: dict[str, Any]) -> Zoo:
    fields = dict(fields)
    fields["sponsors"] = (*fields.get("sponsors", ()), sponsor)
    return Zoo(**fields)


def gain_of(sponsor: int, zoo: Zoo) -> tuple[int, int]:
    gains = [g for g in endgame_gains(zoo) if g.source.endswith(f"({sponsor})")]
    assert len(gains) == 1
    return gains[0].cp, gains[0].appeal


def test_the_30_end_game_sponsors() -> None:
    assert set(ENDGAME_SPONSORS) == SPEC_LIST
    assert len(ENDGAME_SPONSORS) == 30


def test_every_end_game_sponsor_has_a_case() -> None:
    assert {case[0] for case in CASES} == SPEC_LIST


@pytest.mark.parametrize(("sponsor", "meets", "gain", "below"), CASES)
def test_end_game_sponsor(
    sponsor: int, meets: dict[str, Any], gain: tuple[int, int], below: dict[str, Any]
) -> None:
    assert gain_of(sponsor, make(sponsor, meets)) == gain
    if below:
        assert gain_of(sponsor, make(sponsor, below)) == (0, 0)


def test_sponsor_icons_count_for_their_own_rule() -> None:
    # Aquarium (245) shows 2 water icons itself: 4 more on animals reach 6.
    assert gain_of(245, make(245, {"animals": with_icon("water", 4)})) == (1, 0)
    # Cable Car (246) likewise with 2 rock icons.
    assert gain_of(246, make(246, {"animals": with_icon("rock", 3)})) == (0, 0)


def test_sponsors_without_an_end_rule_add_nothing() -> None:
    assert endgame_gains(Zoo(sponsors=(202, 212, 230))) == ()


def test_unique_buildings_cover_the_map_too() -> None:
    den = Building.unique(243, [(4, 4), (4, 5)])
    zoo = Zoo(sponsors=(243, 257), buildings=(*cover_all_but((4, 4), (4, 5)), den))
    assert gain_of(257, zoo) == (0, 5)
    without = Zoo(sponsors=(243, 257), buildings=cover_all_but((4, 4), (4, 5)))
    assert gain_of(257, without) == (0, 0)
