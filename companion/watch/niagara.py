"""Niagara's table as the camera sees it: canoes and their cargo on the river, the weather,
and each player's banked gems.

Follows ``docs/rules/niagara.md`` §3-§10 and the mats of the catalog
(``engines.niagara.catalog``): the river mat (zones ``HOME``, ``M1``-``M5``,
``L6``, ``L7``, ``R6``, ``R7``, the falls, the five hollows and the weather
chart) and a bank mat per seat (seat 1 banks on ``bank1``).

A view names each canoe by its tag (``C21``: seat 2's first canoe) in the zone
it floats on (a canoe lost over the falls lies on ``FALLS``) with the gem it
carries (``C21+Y``), every banked gem by colour (``GEM-Y``) on its seat's bank
mat, and the weather marker on its step.

**The hollows are piles, not read.** Gems in a hollow lie heaped, as in the
boxed game; the camera does not count them: a view leaves the hollows out
(the engine knows what each holds) and a gem tag read in a hollow is ignored.
A gem loaded shows where it arrives (beside its canoe), one unloaded where it
leaves (its canoe), so every change of cargo still shows; which colours a
hollow holds after an unload is the engine's to know.

The physical convention for cargo: **a gem riding a canoe lies at the canoe's
right** as the mat's labels read, its tag just right of the canoe's tag. A gem
tag within ``CARGO_MM`` of a canoe's tag, more to its right than above or below
it, rides in that canoe (each canoe takes the nearest such gem; a gem in a
hollow or on a bank mat never rides). A gem lying loose on a river slot shows
as a gem there, which no state explains. Paddle tiles are chosen face down:
they reach the companion from the phones.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

from companion.sentences.niagara import slot
from companion.watch.model import ZH, TableModel, View, drop_empty
from engines.core import Move, State
from engines.niagara import CATALOG
from engines.niagara.board import COLOUR_NAMES, COLOURS
from engines.niagara.moves import Paddle
from engines.niagara.state import NiagaraState
from vision.reading import Placement, TableReading
from vision.types import Point

RIVER = "river"
WEATHER = "WEATHER"
CARGO_MM = 50.0
"""Farthest a gem's tag lies from the tag of the canoe it rides in (side by side: 36 mm; the
next spot over, 72 mm, is another berth)."""


def slot_zone(slot: str) -> str:
    """The river mat's zone of a canoe's slot (``LOST`` lies on the falls)."""
    return f"{RIVER}.FALLS" if slot == "LOST" else f"{RIVER}.{slot}"


def weather_zone(weather: int) -> str:
    return f"{RIVER}.WEATHER{weather:+d}"


def bank_zone(seat: int) -> str:
    """The zone of the bank mat of ``seat`` (1-based) where its banked gems lie."""
    return f"bank{seat}.BANK"


def gem(colour: str) -> str:
    return f"GEM-{colour}"


def _colour(piece: str) -> str:
    return str(CATALOG[piece].data["colour"])


def _rides(canoe: Point, gem_at: Point) -> bool:
    """True when a gem's tag at ``gem_at`` lies at the right of a canoe at ``canoe``."""
    dx, dy = gem_at[0] - canoe[0], gem_at[1] - canoe[1]
    return dx > abs(dy) and math.hypot(dx, dy) <= CARGO_MM


def _load(
    canoes: Sequence[Placement], gems: Sequence[Placement]
) -> tuple[dict[str, str], list[Placement]]:
    """Canoe id -> colour of the gem riding in it, and the gems left loose.

    Pairs the closest canoe and gem first; each canoe carries one gem at most.
    """
    pairs = sorted(
        (math.dist(c.mm, g.mm), i, j)
        for i, c in enumerate(canoes)
        for j, g in enumerate(gems)
        if c.mm is not None and g.mm is not None and c.mat == g.mat and _rides(c.mm, g.mm)
    )
    cargo: dict[str, str] = {}
    taken: set[int] = set()
    for _, i, j in pairs:
        if canoes[i].piece not in cargo and j not in taken:
            cargo[canoes[i].piece] = _colour(gems[j].piece)
            taken.add(j)
    return cargo, [g for j, g in enumerate(gems) if j not in taken]


def _recolour(ops: tuple[str, ...], colour: str) -> tuple[str, ...]:
    """Loads and unloads with every load's colour changed to ``colour``."""
    return tuple(f"+{colour}" if op[0] == "+" else op for op in ops)


def _hollow(zone: str | None) -> bool:
    """True for a hollow: a heap the camera does not count."""
    return zone is not None and zone.partition(".")[2].startswith("HOLLOW_")


def _bank(zone: str | None) -> bool:
    return zone is not None and zone.partition(".")[2] == "BANK"


class NiagaraTable(TableModel):
    """The river mat and the bank mats as a :class:`TableModel`."""

    game = "niagara"
    max_depth = 1

    def view(self, state: State) -> dict[str, tuple[str, ...]]:
        assert isinstance(state, NiagaraState)
        out: dict[str, list[str]] = {}
        for seat, canoes in enumerate(state.canoes, start=1):
            for k, canoe in enumerate(canoes, start=1):
                name = f"C{seat}{k}"
                loaded = name if canoe.gem is None else f"{name}+{canoe.gem}"
                out.setdefault(slot_zone(canoe.slot), []).append(loaded)
        for seat, bank in enumerate(state.banks, start=1):
            out.setdefault(bank_zone(seat), []).extend(gem(c) for c in bank)
        out.setdefault(weather_zone(state.weather), []).append(WEATHER)
        return drop_empty({z: sorted(p) for z, p in out.items()})

    def read(self, reading: TableReading) -> dict[str, tuple[str, ...]]:
        up = [p for p in reading.placements if not p.back and p.piece in CATALOG]
        canoes = [p for p in up if "canoe" in CATALOG[p.piece].data and p.zone is not None]
        gems = [p for p in up if "colour" in CATALOG[p.piece].data and not _hollow(p.zone)]
        kept = [g for g in gems if _bank(g.zone)]
        cargo, loose = _load(canoes, [g for g in gems if g not in kept])
        out: dict[str, list[str]] = {}
        for c in canoes:
            assert c.zone is not None
            name = f"{c.piece}+{cargo[c.piece]}" if c.piece in cargo else c.piece
            out.setdefault(c.zone, []).append(name)
        for g in (*kept, *loose):
            if g.zone is not None:
                out.setdefault(g.zone, []).append(gem(_colour(g.piece)))
        for p in up:
            if p.piece == WEATHER and p.zone is not None:
                out.setdefault(p.zone, []).append(WEATHER)
        return drop_empty({z: sorted(p) for z, p in out.items()})

    def physical_moves(self, state: State) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """None beyond the legal ones: a paddle's distance is on a face-down tile, so a canoe
        moved too far is told by the words of the mismatch, not by a move to check."""
        return ()

    def refusable(
        self, state: State, seen: View
    ) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """Legal loads with the gem's colour changed to one seen riding in that canoe.

        A gem the hollow does not hold, loaded at a slot (a clear gem taken at the violet
        hollow's ``M3``), is then the engine's move carrying that colour, which it refuses
        (``niagara.load_missing``). A gem that appears where no load is possible (a canoe at
        ``M1``) has no such move: a mismatch in words.
        """
        assert isinstance(state, NiagaraState)
        if state.phase != "act":
            return
        riding = {p for pieces in seen.values() for p in pieces if "+" in p}
        who = f"C{state.seat + 1}"
        for move in state.legal_moves():
            if not isinstance(move, Paddle):
                continue
            for k, plan in enumerate(move.canoes):
                loads = [op for op in (*plan.pre, *plan.post) if op[0] == "+"]
                if not loads:
                    continue
                name = f"{who}{plan.canoe}"
                for colour in COLOURS:
                    if f"{name}+{colour}" not in riding or f"+{colour}" in loads:
                        continue
                    plans = list(move.canoes)
                    plans[k] = replace(
                        plan,
                        pre=_recolour(plan.pre, colour),
                        post=_recolour(plan.post, colour),
                    )
                    wrong = Paddle(move.tile, tuple(plans), move.buy)
                    view = self.view(state.apply(move))
                    was = f"{name}+{loads[0][1]}"
                    yield (
                        wrong,
                        {
                            z: tuple(sorted(f"{name}+{colour}" if p == was else p for p in ps))
                            for z, ps in view.items()
                        },
                    )

    def lacks(self, whole: str, seen: str | None) -> int | None:
        """A loaded canoe is two pieces: read without its gem it shows as the canoe alone,
        without the canoe as a loose gem of its colour."""
        canoe, _, cargo = whole.partition("+")
        if not cargo:
            return super().lacks(whole, seen)
        if seen is None:
            return 2
        return 0 if seen == whole else 1 if seen in (canoe, gem(cargo)) else None

    def zone_name(self, zone: str, lang: str = "en") -> str:
        zh = lang == ZH
        mat, _, key = zone.partition(".")
        if key == "BANK":
            return f"第 {mat[4:]} 位玩家的寶石區" if zh else f"the bank of seat {mat[4:]}"
        if key.startswith("HOLLOW_"):
            colour = COLOUR_NAMES[key[7:]][ZH if zh else "en"]
            return f"{colour}寶石的凹槽" if zh else f"the {colour} hollow"
        if key.startswith("WEATHER"):
            return f"天氣第 {key[7:]} 格" if zh else f"weather step {key[7:]}"
        if key == "FALLS":
            return "瀑布" if zh else "the falls"
        return slot(key, lang)

    def piece_name(self, piece: str, lang: str = "en") -> str:
        zh = lang == ZH
        if piece.startswith("GEM-"):
            colour = COLOUR_NAMES[piece[4:]][ZH if zh else "en"]
            return f"一顆{colour}寶石" if zh else f"a {colour} gem"
        if piece == WEATHER:
            return "天氣標記" if zh else "the weather marker"
        canoe, _, cargo = piece.partition("+")
        name = str(CATALOG[canoe].names[ZH if zh else "en"]) if canoe in CATALOG else canoe
        if cargo:
            colour = COLOUR_NAMES[cargo][ZH if zh else "en"]
            return f"載著{colour}寶石的{name}" if zh else f"{name} carrying a {colour} gem"
        return name
