"""Zoo builders for the Ark Nova tests: exact icon counts and map coverings."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engines.ark_nova import map_a
from engines.ark_nova.cards import ANIMALS, BASE_ANIMALS, Animal
from engines.ark_nova.zoo import Building, Zoo


def cover(hexes: Iterable[map_a.Hex]) -> tuple[Building, ...]:
    """One 1-space enclosure on each hex."""
    return tuple(Building.standard("enclosure_1", h) for h in sorted(hexes))


def cover_all_but(*left: map_a.Hex) -> tuple[Building, ...]:
    """Every building space covered except ``left``."""
    return cover(map_a.BUILDABLE - set(left))


def animals(where: Callable[[Animal], bool], n: int) -> tuple[int, ...]:
    """The first ``n`` base animals matching ``where`` (fails loudly when too few)."""
    found = tuple(a.number for a in BASE_ANIMALS if where(a))
    assert len(found) >= n, f"only {len(found)} animals match"
    return found[:n]


def with_icon(icon: str, n: int) -> tuple[int, ...]:
    """Animals showing exactly ``n`` icons of ``icon`` in total, one icon each."""
    return animals(lambda a: a.icons.get(icon, 0) == 1 and a.ability != "resistance", n)


def zoo(**fields: Any) -> Zoo:
    return Zoo(**fields)


def animal(number: int) -> Animal:
    return ANIMALS[number]
