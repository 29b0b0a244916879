"""Playing animals: how many, from where, at what price, into which enclosure.

Rules text: ``docs/rules/ark_nova.md`` §3 (Animals side I plays 0,1,1,1,2
animals at strength 1-5, hand only; side II 1,1,2,2,2, also from the display
in reputation range paying the folder number, and +1 reputation first at
strength 5 or more) and "Animal placement" (price less 3 per continent icon
matching a partner zoo; left-side conditions; one animal per empty standard
enclosure of at least the printed size, adjacent to at least the printed
number of rock and water spaces, same for special enclosures; petting-zoo
animals only there; reptile house and aviary capacity 5, petting zoo 3).
Seed text: "动物行动", Platypus needs an enclosure of 2 next to water.

Card abilities stay out of scope: players declare their effects.

Codes, in the order they are checked for each animal:
``not_animal``, ``played``, ``not_in_hand``, ``display_side``,
``reputation_range``, ``not_in_display``, ``condition``, ``money``,
``no_enclosure``, ``not_enclosure``, ``petting_only``, ``no_standard``,
``occupied``, ``too_small``, ``not_petting``, ``special_kind``,
``spaces_unknown``, ``full``, ``rock``, ``water`` (all ``ark_nova.animals.*``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engines.ark_nova import map_a
from engines.ark_nova.board import (
    SPECIAL_CAPACITY,
    Card,
    PlayerBoard,
    gain_appeal,
    gain_reputation,
    reputation_range,
)
from engines.ark_nova.build import Problem, hexes_text
from engines.ark_nova.cards import ANIMALS, Animal
from engines.ark_nova.conditions import review
from engines.ark_nova.map_a import Hex
from engines.ark_nova.said import Said
from engines.ark_nova.zoo import MAX_CONSERVATION, Building, Zoo
from engines.core import UNKNOWN, InvalidMove

COUNT_BY_STRENGTH = {1: (0, 1, 1, 1, 2), 2: (1, 1, 2, 2, 2)}
"""Animals per action at strength 1-5 on side I and side II (RB p.2, p.11-12)."""

PARTNER_DISCOUNT = 3
"""Money off per continent icon matching a partner zoo (RB p.6)."""

SPECIAL_SPACES: Mapping[int, int] = {469: 3, 480: 2}
"""Reptile-house or aviary spaces an animal takes, where a source gives the number.

469 Nile Crocodile "5W (RH 3)" (TORB ``SCHEMA-animal.md``); 480 Broad-Snouted
Caiman takes 2 (RB p.12, "Playing animals (enclosures)" example). The card data
holds only whether an animal may use the special enclosure; for the others
the player says how many spaces the card's icon shows (``*N`` in notation).
"""

PETTING_SPACES = 1
"""A petting-zoo animal takes one of the petting zoo's 3 spaces."""


def animals_allowed(side: int, strength: int) -> int:
    return COUNT_BY_STRENGTH[side][min(max(strength, 1), 5) - 1]


# --------------------------------------------------------------------------- a play


_PLAY = re.compile(
    r"(?:f(?P<folder>[1-6]):)?(?P<card>\d+)@(?P<col>-?\d+),(?P<row>-?\d+)(?:\*(?P<spaces>\d))?"
)


@dataclass(frozen=True)
class AnimalPlay:
    """One animal put into an enclosure.

    Attributes:
        card: the animal's number.
        enclosure: any hex of the enclosure it goes into.
        folder: 0 from the hand, 1-6 from that display folder.
        spaces: reptile-house or aviary spaces, as the card's icon shows (None: keyed data).

    Notation ``451@2,3`` (from hand), ``f2:470@4,4*2`` (folder 2, 2 spaces).
    """

    card: int
    enclosure: Hex
    folder: int = 0
    spaces: int | None = None

    def __post_init__(self) -> None:
        if self.card < 0:
            raise InvalidMove(f"there is no card {self.card}")
        if not 0 <= self.folder <= 6:
            raise InvalidMove(f"display folder {self.folder} is not 1-6 (0 is the hand)")
        if self.spaces is not None and not 1 <= self.spaces <= 5:
            raise InvalidMove(f"an animal takes 1 to 5 spaces, not {self.spaces}")
        if self.spaces is not None and SPECIAL_SPACES.get(self.card) == self.spaces:
            # The keyed number said again is the same play (one move, listed once).
            object.__setattr__(self, "spaces", None)

    def notation(self) -> str:
        c, r = self.enclosure
        text = f"{self.card}@{c},{r}"
        if self.folder:
            text = f"f{self.folder}:{text}"
        return text + (f"*{self.spaces}" if self.spaces is not None else "")

    @classmethod
    def from_notation(cls, text: str) -> AnimalPlay | None:
        m = _PLAY.fullmatch(text.strip())
        if not m:
            return None
        return cls(
            int(m["card"]),
            (int(m["col"]), int(m["row"])),
            int(m["folder"] or 0),
            int(m["spaces"]) if m["spaces"] else None,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": self.card, "enclosure": list(self.enclosure)}
        if self.folder:
            out["folder"] = self.folder
        if self.spaces is not None:
            out["spaces"] = self.spaces
        return out

    @classmethod
    def from_json(cls, obj: Any) -> AnimalPlay:
        if not isinstance(obj, Mapping):
            raise InvalidMove(f"an animal play is a JSON object, not {obj!r}")
        at = obj.get("enclosure")
        if not isinstance(at, list | tuple) or len(at) != 2:
            raise InvalidMove(f"'enclosure' is a hex [col, row] of the enclosure, not {at!r}")
        spaces = obj.get("spaces")
        return cls(
            _whole(obj.get("card")),
            (_whole(at[0]), _whole(at[1])),
            _whole(obj.get("folder", 0)),
            None if spaces is None else _whole(spaces),
        )


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidMove(f"expected a whole number, not {value!r}")
    return value


# --------------------------------------------------------------------------- price


@dataclass(frozen=True)
class Price:
    """What an animal costs here, line by line."""

    printed: int
    discount: int
    folder: int

    @property
    def total(self) -> int:
        return max(0, self.printed - self.discount) + self.folder

    def text(self) -> str:
        parts = [f"{self.printed} printed"]
        if self.discount:
            parts.append(f"- {self.discount} partner-zoo discount")
        if self.folder:
            parts.append(f"+ {self.folder} for folder {self.folder}")
        return f"{self.total} ({' '.join(parts)})"


def price(animal: Animal, zoo: Zoo, folder: int = 0) -> Price:
    """Printed price less 3 per continent icon with a matching partner zoo, plus the folder."""
    matching = sum(animal.icons.get(c, 0) for c in zoo.partner_zoos)
    return Price(animal.price, PARTNER_DISCOUNT * matching, folder)


# --------------------------------------------------------------------------- checking


@dataclass(frozen=True)
class Table:
    """What one animal play reads and changes: the zoo, the board, the display."""

    zoo: Zoo
    board: PlayerBoard
    display: tuple[Card, ...]
    taken: frozenset[int] = frozenset()
    """Display folders emptied during this action (the display slides after the turn)."""


def _problem(code: str, reason: str, hexes: tuple[Hex, ...] = (), **params: Any) -> Problem:
    return Problem(f"ark_nova.animals.{code}", reason, hexes, params)


def _card(animal: Animal) -> str:
    """The catalog id of an animal card (``A401``)."""
    return f"A{animal.number}"


def check_play(table: Table, play: AnimalPlay, side: int) -> Problem | None:
    """The first rule the play breaks, or None."""
    problem = check_card(table, play, side)
    if problem:
        return problem
    animal = ANIMALS[play.card]
    return check_enclosure(table.zoo, table.board, play, animal, f"{animal.name} ({animal.number})")


def check_card(table: Table, play: AnimalPlay, side: int) -> Problem | None:
    """The first rule the play breaks before its enclosure (the card, where it comes from,
    its conditions, its price), or None: the same for every enclosure it may go into."""
    animal = ANIMALS.get(play.card)
    if animal is None:
        return _problem("not_animal", f"there is no animal card {play.card}", card=play.card)
    zoo, board = table.zoo, table.board
    name = f"{animal.name} ({animal.number})"
    if animal.marine_worlds:
        return _problem(
            "marine_worlds",
            f"{name} is a Marine Worlds card; the companion plays the base game only",
            animal_id=_card(animal),
        )
    if play.card in zoo.animals:
        return _problem("played", f"{name} already lives in this zoo", animal_id=_card(animal))
    problem = _check_source(table, play, side, name)
    if problem:
        return problem
    broken = review(play.card, zoo, board)
    if broken:
        cond, short = broken[0]
        return _problem(
            "condition", f"{name} needs {cond.text()}; {short}", animal_id=_card(animal)
        )
    cost = price(animal, zoo, play.folder)
    if cost.total > zoo.money:
        return _problem(
            "money",
            f"{name} costs {cost.text()}, and only {zoo.money} money are left",
            animal_id=_card(animal),
            cost=cost.total,
            money=zoo.money,
        )
    return None


def _check_source(table: Table, play: AnimalPlay, side: int, name: str) -> Problem | None:
    if play.folder == 0:
        if not table.board.holds(play.card):
            return _problem("not_in_hand", f"{name} is not in hand", animal_id=f"A{play.card}")
        return None
    if side == 1:
        return _problem(
            "display_side", "the Animals card on side I plays animals from the hand only"
        )
    reach = reputation_range(table.zoo.reputation)
    if play.folder > reach:
        return _problem(
            "reputation_range",
            f"folder {play.folder} is out of reputation range: reputation "
            f"{table.zoo.reputation} reaches folder {reach or 'none'}",
            folder=play.folder,
            reputation=table.zoo.reputation,
            reach=reach,
        )
    held = table.display[play.folder - 1] if play.folder <= len(table.display) else None
    if play.folder in table.taken or held not in (play.card, UNKNOWN):
        return _problem(
            "not_in_display",
            f"{name} is not in display folder {play.folder}",
            animal_id=f"A{play.card}",
            folder=play.folder,
        )
    return None


def enclosure_at(zoo: Zoo, h: Hex) -> Building | None:
    for b in zoo.buildings:
        if h in b.cells:
            return b
    return None


def check_enclosure(
    zoo: Zoo, board: PlayerBoard, play: AnimalPlay, animal: Animal, name: str
) -> Problem | None:
    b = enclosure_at(zoo, play.enclosure)
    where = hexes_text([play.enclosure])
    if b is None:
        return _problem("no_enclosure", f"no building covers {where}", (play.enclosure,), at=where)
    cells = b.cells
    if play.spaces is not None and (b.kind in map_a.STANDARD_ENCLOSURES or b.kind == "petting_zoo"):
        label = (
            "the petting zoo"
            if b.kind == "petting_zoo"
            else f"a size-{len(cells)} standard enclosure"
        )
        return _problem(
            "spaces_not_special",
            f"'*{play.spaces}' counts reptile-house or aviary spaces; {name} would go into "
            f"{label} at {where}",
            cells,
            animal_id=_card(animal),
            building=b.kind,
            spaces=play.spaces,
        )
    if b.kind in map_a.STANDARD_ENCLOSURES:
        problem = _check_standard(b, animal, name)
    elif b.kind == "petting_zoo":
        problem = _check_petting(board, animal, name)
    elif b.kind in ("reptile_house", "aviary"):
        problem = _check_house(board, play, animal, name, b.kind)
    else:
        label = "a sponsor's building" if b.kind == "unique" else f"a {b.kind}"
        problem = _problem(
            "not_enclosure", f"{where} is {label}, not an enclosure", at=where, building=b.kind
        )
    if problem:
        return replace(problem, hexes=problem.hexes or cells)
    return terrain_problem(cells, animal, name)


def terrain_problem(cells: tuple[Hex, ...], animal: Animal, name: str) -> Problem | None:
    """Not enough rock or water spaces beside an enclosure for ``animal``, or None."""
    for terrain, hexes in (("rock", map_a.ROCK), ("water", map_a.WATER)):
        need = animal.icons.get(terrain, 0)
        near = sorted({n for h in cells for n in map_a.neighbours(h) if n in hexes})
        if len(near) < need:
            return _problem(
                terrain,
                f"{name} needs {need} {terrain} space{'s' * (need > 1)} next to its enclosure; "
                f"the enclosure at {hexes_text(cells)} borders {len(near)}"
                + (f" ({hexes_text(near)})" if near else ""),
                cells,
                animal_id=_card(animal),
                need=need,
                near=len(near),
                at=hexes_text(cells),
            )
    return None


def _check_standard(b: Building, animal: Animal, name: str) -> Problem | None:
    size = len(b.cells)
    where = f"the size-{size} enclosure at {hexes_text(b.cells)}"
    if animal.petting:
        return _problem(
            "petting_only",
            f"{name} is a petting-zoo animal: petting zoo only",
            animal_id=_card(animal),
        )
    if animal.size == 0:
        return _problem(
            "no_standard",
            f"{name} does not live in a standard enclosure",
            animal_id=_card(animal),
        )
    if b.occupied:
        return _problem(
            "occupied", f"{where} already holds an animal", size=size, at=hexes_text(b.cells)
        )
    if size < animal.size:
        return _problem(
            "too_small",
            f"{name} needs an enclosure of size {animal.size}; {where} has {size}",
            animal_id=_card(animal),
            need=animal.size,
            size=size,
            at=hexes_text(b.cells),
        )
    return None


def _check_petting(board: PlayerBoard, animal: Animal, name: str) -> Problem | None:
    if not animal.petting:
        return _problem(
            "not_petting", f"{name} is not a petting-zoo animal", animal_id=_card(animal)
        )
    used, room = board.used("petting_zoo"), SPECIAL_CAPACITY["petting_zoo"]
    if used + PETTING_SPACES > room:
        return _problem(
            "full",
            f"the petting zoo is full ({used} of {room} spaces taken)",
            building="petting_zoo",
            used=used,
            room=room,
            spaces=PETTING_SPACES,
        )
    return None


def _check_house(
    board: PlayerBoard, play: AnimalPlay, animal: Animal, name: str, kind: str
) -> Problem | None:
    label = "reptile house" if kind == "reptile_house" else "large bird aviary"
    if not (animal.reptile_house if kind == "reptile_house" else animal.aviary):
        return _problem(
            "special_kind",
            f"{name} cannot live in the {label}",
            animal_id=_card(animal),
            building=kind,
        )
    keyed = SPECIAL_SPACES.get(play.card)
    if keyed is not None and play.spaces is not None and play.spaces != keyed:
        return _problem(
            "spaces_keyed",
            f"{name} takes {keyed} spaces of the {label} (its icon), not {play.spaces}",
            animal_id=_card(animal),
            building=kind,
            spaces=keyed,
            given=play.spaces,
        )
    spaces = special_spaces(play)
    if spaces is None:
        return _problem(
            "spaces_unknown",
            f"say how many {label} spaces {name} takes (the number on its {label} icon), "
            f"e.g. {play.card}@{play.enclosure[0]},{play.enclosure[1]}*1",
            animal_id=_card(animal),
            building=kind,
        )
    used, room = board.used(kind), SPECIAL_CAPACITY[kind]
    if used + spaces > room:
        return _problem(
            "full",
            f"{name} takes {spaces} space{'s' * (spaces > 1)} of the {label}; "
            f"{used} of {room} are taken",
            animal_id=_card(animal),
            building=kind,
            spaces=spaces,
            used=used,
            room=room,
        )
    return None


def special_spaces(play: AnimalPlay) -> int | None:
    return play.spaces if play.spaces is not None else SPECIAL_SPACES.get(play.card)


# --------------------------------------------------------------------------- playing


def play_animal(table: Table, play: AnimalPlay) -> tuple[Table, Said]:
    """Put a legal play on the table: pay, take the card, fill the enclosure, gain.

    Returns:
        The table after it and what happened, with its params.
    """
    animal = ANIMALS[play.card]
    zoo, board = table.zoo, table.board
    cost = price(animal, zoo, play.folder)
    zoo = replace(zoo, money=zoo.money - cost.total, animals=(*zoo.animals, play.card))
    taken = table.taken
    if play.folder:
        taken = taken | {play.folder}
    else:
        board = board.without(play.card)
    target = enclosure_at(zoo, play.enclosure)
    assert target is not None
    if target.kind in map_a.STANDARD_ENCLOSURES:
        filled = replace(target, occupied=True)
        zoo = replace(zoo, buildings=tuple(filled if b is target else b for b in zoo.buildings))
    elif target.kind == "petting_zoo":
        board = board.with_special("petting_zoo", PETTING_SPACES)
    else:
        spaces = special_spaces(play)
        assert spaces is not None
        board = board.with_special(target.kind, spaces)
    zoo = gain_appeal(zoo, animal.appeal)
    zoo = replace(zoo, conservation=min(MAX_CONSERVATION, zoo.conservation + animal.conservation))
    zoo = gain_reputation(zoo, board, animal.reputation)
    gains = [f"+{animal.appeal} appeal"]
    if animal.conservation:
        gains.append(f"+{animal.conservation} CP")
    if animal.reputation:
        gains.append(f"+{animal.reputation} reputation")
    text = (
        f"{animal.name} ({animal.number}) into the {target.kind.replace('_', ' ')} at "
        f"{hexes_text([play.enclosure])} for {cost.text()} money: {', '.join(gains)}"
    )
    params = {
        "card": play.card,
        "building": target.kind,
        "at": play.enclosure,
        "paid": cost.total,
        "printed": cost.printed,
        "discount": cost.discount,
        "folder": cost.folder,
        "appeal": animal.appeal,
        "cp": animal.conservation,
        "reputation": animal.reputation,
    }
    return Table(zoo, board, table.display, taken), Said("animals.played", text, params)


def settle_display(display: tuple[Card, ...], taken: frozenset[int]) -> tuple[Card, ...]:
    """After the turn: the cards slide toward folder 1 and unknown new cards fill the rest."""
    kept = tuple(c for i, c in enumerate(display, start=1) if i not in taken)
    return kept + (UNKNOWN,) * (len(display) - len(kept))
