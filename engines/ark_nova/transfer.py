"""Moving animals into a newly built reptile house or large bird aviary.

Rules text: ``docs/rules/ark_nova.md`` §8.5 item 7, RB p.10 and p.12
("Special Enclosures"): when you build a Reptile House or a Large Bird
Aviary you may at once, and only this once, move animals already in your zoo
that could live there. For each animal moved, the smallest occupied standard
enclosure that meets the animal's needs (size, rock and water spaces) flips
back to its empty side, and the animal takes its spaces in the new special
enclosure (whose rock and water needs are the same).

The zoo records which enclosures are occupied, not which animal is where, so
"the smallest occupied standard enclosure that meets its needs" is read over
every occupied standard enclosure of the zoo.

Seed text "4.动物行动 (4) 动物转移": when you build a special enclosure you may
at once move animals that could live there out of standard enclosures; for each
animal moved, the smallest occupied standard enclosure meeting its needs flips
back, and the animal's tokens go onto the special enclosure. In an action taken
one thing a move each animal moved is a step of its own
(:func:`transfer_choices` lists them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engines.ark_nova import map_a
from engines.ark_nova.animals import (
    SPECIAL_SPACES,
    AnimalPlay,
    check_enclosure,
    special_spaces,
    terrain_problem,
)
from engines.ark_nova.board import SPECIAL_CAPACITY, PlayerBoard
from engines.ark_nova.build import Problem, hexes_text
from engines.ark_nova.cards import ANIMALS, Animal
from engines.ark_nova.said import Said
from engines.ark_nova.zoo import Building, Zoo
from engines.core import InvalidMove

HOUSES = ("reptile_house", "aviary")

_MOVE = re.compile(r"(?P<card>\d+)(?:\*(?P<spaces>\d))?")


@dataclass(frozen=True)
class Transfer:
    """One animal moved into the special enclosure built in this action.

    Notation ``473*1`` (``*N``: the spaces its icon shows, unless keyed);
    JSON ``{"card": 473, "spaces": 1}``.
    """

    card: int
    spaces: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.card, bool) or not isinstance(self.card, int) or self.card < 0:
            raise InvalidMove(f"there is no card {self.card!r}")
        if self.spaces is not None and not 1 <= self.spaces <= 5:
            raise InvalidMove(f"an animal takes 1 to 5 spaces, not {self.spaces}")
        if self.spaces is not None and SPECIAL_SPACES.get(self.card) == self.spaces:
            # The keyed number said again is the same move (one move, listed once).
            object.__setattr__(self, "spaces", None)

    def notation(self) -> str:
        return f"{self.card}" + (f"*{self.spaces}" if self.spaces is not None else "")

    @classmethod
    def from_notation(cls, text: str) -> Transfer | None:
        m = _MOVE.fullmatch(text)
        if not m:
            return None
        return cls(int(m["card"]), int(m["spaces"]) if m["spaces"] else None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": self.card}
        if self.spaces is not None:
            out["spaces"] = self.spaces
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Transfer:
        if not isinstance(obj, Mapping):
            raise InvalidMove(f"a moved animal is a JSON object, not {obj!r}")
        card, spaces = obj.get("card"), obj.get("spaces")
        for value in (card, spaces):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise InvalidMove(f"expected a whole number, not {value!r}")
        if card is None:
            raise InvalidMove("a moved animal names its 'card'")
        return cls(card, spaces)


def _problem(code: str, reason: str, **params: Any) -> Problem:
    return Problem(f"ark_nova.build.{code}", reason, (), params)


def house_of(animal: Animal) -> str | None:
    """The special enclosure ``animal`` may move into: the reptile house, the aviary, or None."""
    return "reptile_house" if animal.reptile_house else "aviary" if animal.aviary else None


def smallest_home(zoo: Zoo, animal: Animal) -> Building | None:
    """The smallest occupied standard enclosure meeting the animal's needs, or None."""
    name = animal.name
    fits = [
        b
        for b in zoo.buildings
        if b.kind in map_a.STANDARD_ENCLOSURES
        and b.occupied
        and len(b.cells) >= animal.size
        and terrain_problem(b.cells, animal, name) is None
    ]
    return min(fits, key=lambda b: len(b.cells), default=None)


def check_transfer(
    zoo: Zoo, board: PlayerBoard, move: Transfer, built: tuple[str, ...]
) -> Problem | None:
    """Why ``move`` cannot happen after this action's buildings, or None.

    Args:
        zoo, board: after the action's buildings and any earlier transfers.
        move: the animal to move.
        built: the buildings placed in this action.
    """
    animal = ANIMALS.get(move.card)
    if animal is None or move.card not in zoo.animals:
        return _problem(
            "transfer_not_in_zoo", f"card {move.card} is no animal of this zoo", card=move.card
        )
    name = f"{animal.name} ({animal.number})"
    kind = house_of(animal)
    if kind is None or kind not in built:
        new = " or ".join(h.replace("_", " ") for h in HOUSES if h in built) or "none"
        return _problem(
            "transfer_no_house",
            f"{name} may only move into a reptile house or aviary it can live in, built in "
            f"this action (built: {new})",
            animal_id=f"A{animal.number}",
        )
    house = next(b for b in zoo.buildings if b.kind == kind)
    problem = check_enclosure(
        zoo, board, AnimalPlay(move.card, house.cells[0], spaces=move.spaces), animal, name
    )
    if problem:
        return problem
    if smallest_home(zoo, animal) is None:
        return _problem(
            "transfer_no_enclosure",
            f"no occupied standard enclosure of this zoo could hold {name}, so it is not there",
            animal_id=f"A{animal.number}",
        )
    return None


def transfer_choices(
    zoo: Zoo, board: PlayerBoard, built: tuple[str, ...], moved: tuple[int, ...] = ()
) -> list[Transfer]:
    """Every animal the zoo may move now into a reptile house or aviary built in this action.

    Args:
        zoo, board: after the action's buildings and the animals moved so far.
        built: the buildings placed in this action.
        moved: the animals already moved in this action (each moves once).

    Each animal of the zoo that may live in a house built here and is not moved
    yet, once per number of spaces that fits when its number is not keyed (the
    players say what its icon shows, as for a play), each passing
    :func:`check_transfer`.
    """
    if not any(h in built for h in HOUSES):
        return []
    out: list[Transfer] = []
    for card in dict.fromkeys(zoo.animals):
        animal = ANIMALS.get(card)
        kind = None if animal is None else house_of(animal)
        if kind is None or kind not in built or card in moved:
            continue
        counts: tuple[int | None, ...] = (None,)
        if card not in SPECIAL_SPACES:
            counts = tuple(range(1, SPECIAL_CAPACITY[kind] - board.used(kind) + 1))
        for spaces in counts:
            move = Transfer(card, spaces)
            if check_transfer(zoo, board, move, built) is None:
                out.append(move)
    return out


def transfer(zoo: Zoo, board: PlayerBoard, move: Transfer) -> tuple[Zoo, PlayerBoard, Said]:
    """Move a checked animal: its old enclosure flips back empty, the house fills."""
    animal = ANIMALS[move.card]
    home = smallest_home(zoo, animal)
    assert home is not None
    kind = house_of(animal)
    assert kind is not None
    emptied = replace(home, occupied=False)
    zoo = replace(zoo, buildings=tuple(emptied if b is home else b for b in zoo.buildings))
    spaces = special_spaces(AnimalPlay(move.card, home.cells[0], spaces=move.spaces))
    assert spaces is not None
    board = board.with_special(kind, spaces)
    text = (
        f"{animal.name} ({animal.number}) moved into the {kind.replace('_', ' ')}; the "
        f"size-{len(home.cells)} enclosure at {hexes_text(home.cells)} is empty again"
    )
    params = {"card": animal.number, "building": kind, "size": len(home.cells), "at": home.cells[0]}
    return zoo, board, Said("build.moved_in", text, params)
