"""Ark Nova in a synthetic scene: which building tile lies where on each Map A, each tag's
spot, the played cards beside the map and the tracker's markers below it.

The pieces of a state laid as players lay them on the catalog's mats
(``engines.ark_nova.catalog``), for :mod:`testkit.camera` to photograph; the table
model that reads them back is :mod:`companion.watch.ark_nova`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.watch.ark_nova import STEP_DEGREES, mat_key, placement_for
from engines.ark_nova import map_a
from engines.ark_nova.build import Placement
from engines.ark_nova.catalog import BUILDING_COPIES, TRACKS, building_tag
from engines.ark_nova.state import ArkNovaState
from engines.ark_nova.zoo import Building, Zoo
from engines.core import Move, State
from printables.mats import layout
from testkit.tags import PlacedTag, grid

CARD_PITCH_MM = 34.0
"""How far apart a synthetic scene lays the played cards' stickers (cards overlapping): a
24 mm sticker (Micro QR M2, a 31.4 mm footprint) and 2.6 mm of card between; a seat's
animals zone holds 20 cards, its sponsors and final-scoring zones 5 each."""


@dataclass
class ArkNovaScene:
    """Which physical tile lies where as a scripted game goes on, and where its tags go.

    Tiles are handed out copy by copy (``BUILDING_COPIES``) the first time a building
    appears, and keep their copy while the game goes on; a building shows its back
    when it is an occupied standard enclosure or a flipped special one. With
    ``tracker``, each seat's marker tokens show its appeal, conservation and reputation.
    """

    copies: dict[tuple[int, int], int] = field(default_factory=dict)
    used: Counter[str] = field(default_factory=Counter)
    tracker: bool = False

    def tags(self, state: ArkNovaState) -> list[PlacedTag]:
        """Every tag on the table when it shows ``state``.

        Raises:
            ValueError: more tiles of a kind than carry tags, or cards that do not fit
                their zone.
        """
        out: list[PlacedTag] = []
        for seat, zoo in enumerate(state.zoos):
            mat = layout("ark_nova", mat_key(seat))
            for i, b in enumerate(zoo.buildings):
                if b.kind == "unique":
                    continue
                out.append(self._tile(seat, i, b))
            for zone, cards in (
                ("animals", [f"A{n}" for n in zoo.animals]),
                ("sponsors", [f"S{n}" for n in zoo.sponsors]),
                ("final_scoring", [f"F{c}" for c in zoo.final_scoring]),
            ):
                spots = grid(mat.zone(zone).polygon, len(cards), CARD_PITCH_MM)
                out += [PlacedTag(c, mat.key, s) for c, s in zip(cards, spots, strict=True)]
            if self.tracker:
                out += self._markers(seat, zoo)
        return out

    @staticmethod
    def _markers(seat: int, zoo: Zoo) -> list[PlacedTag]:
        """The seat's marker tokens on its tracker's tens and ones cells."""
        mat = layout("ark_nova", mat_key(seat))
        out: list[PlacedTag] = []
        n = seat * 2 * len(TRACKS)
        for track, _ in TRACKS:
            value = int(getattr(zoo, track))
            for place, digit in (("tens", value // 10), ("ones", value % 10)):
                n += 1
                spot = mat.zone(f"{track}_{place}_{digit}").centre
                out.append(PlacedTag(f"TRK{n:02d}", mat.key, spot))
        return out

    def _tile(self, seat: int, index: int, b: Building) -> PlacedTag:
        key = (seat, index)
        if key not in self.copies:
            self.used[b.kind] += 1
            if self.used[b.kind] > BUILDING_COPIES[b.kind]:
                raise ValueError(f"more than {BUILDING_COPIES[b.kind]} {b.kind} tiles")
            self.copies[key] = self.used[b.kind]
        back = b.occupied or (b.mirror and b.kind not in map_a.STANDARD_ENCLOSURES)
        at = placement_for(b.kind, b.cells, mirror=back)
        assert at is not None, b
        if not back and b.at is not None and not b.mirror:
            at = Placement(b.kind, b.at, b.rotation)
        mat = layout("ark_nova", mat_key(seat))
        spot = mat.zone(f"hex_{at.at[0]}_{at.at[1]}").centre
        piece = building_tag(b.kind, self.copies[key], "B" if back else "F")
        return PlacedTag(piece, mat.key, spot, STEP_DEGREES * at.rotation)


def script_tags(start: State, moves: Iterable[Move]) -> list[list[PlacedTag]]:
    """The tags on the table at the start and after each move of a scripted game."""
    assert isinstance(start, ArkNovaState)
    scene = ArkNovaScene()
    state = start
    out = [scene.tags(state)]
    for move in moves:
        state = state.apply(move)
        assert isinstance(state, ArkNovaState)
        out.append(scene.tags(state))
    return out
