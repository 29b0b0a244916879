"""Noah's table as the camera sees it: the pentagon's five docks and the reserve in the centre.

Follows ``docs/rules/noah.md`` §3-§5 and the pentagon mat of
``printables.mats.noah``. A dock shows its ferry card, the animals played
onto it in the order played (read outward from the pentagon) and the Noah
pawn when he stands there; the centre shows the reserve ferries. The eight
ferry cards are alike to the rules, so a view names each ``FERRY``. A snail's
gender is the end placed upward (§6): its tag upright counts as male, turned
half round as female, and the view names it ``SNLX1:M`` or ``SNLX1:F``.
Hands, gifts, steals and the deal never show on the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.sentences.noah import dock_number
from companion.watch.model import ZH, TableModel, drop_empty, zones_in_order
from engines.core import UNKNOWN, Move, State
from engines.noah import catalog
from engines.noah.info import Step
from engines.noah.moves import MoveNoah, Play, TakeFerry
from engines.noah.state import NoahState
from printables.mats import layout
from vision.reading import TableReading

FERRY, NOAH = "FERRY", "NOAH"
MAT = layout("noah", "pentagon")


def _dock(zone: str) -> int | None:
    """The dock a zone id names (``pentagon.dock3`` -> 3), or None."""
    key = zone.rpartition(".")[2]
    return int(key[4:]) if key.startswith("dock") else None


def dock_zone(dock: int) -> str:
    """The zone id of ``dock`` (3 -> ``pentagon.dock3``)."""
    return f"{MAT.key}.dock{dock}"


def dock_turn(zone: str) -> float:
    """How far a card lying along dock ``zone`` is turned on the mat, degrees (dock 0: 0)."""
    dock = _dock(zone)
    return 0.0 if dock is None else 360.0 * dock / catalog.DOCKS


def is_snail(card: str) -> bool:
    """True for a snail card, whose gender is the end placed upward."""
    return catalog.CARD_BY_ID[card].species.code == catalog.SNAIL


def _gender(angle: float) -> str:
    """A snail's gender from its tag's turn within its dock: upright male, half round female."""
    return catalog.FEMALE if 90 < angle % 360 < 270 else catalog.MALE


def card_name(card: str, gender: str) -> str:
    """A card as the view names it: a snail with the gender its upward end shows."""
    return f"{card}:{gender}" if is_snail(card) else card


class NoahTable(TableModel):
    """Noah's pentagon, docks and reserve as a :class:`TableModel`."""

    game = "noah"
    max_depth = 2

    def view(self, state: State) -> dict[str, tuple[str, ...]]:
        assert isinstance(state, NoahState)
        out: dict[str, list[str]] = {f"{MAT.key}.centre": [FERRY] * state.reserve}
        for dock, ferry in enumerate(state.docks):
            items: list[str] = []
            if ferry is not None:
                items.append(FERRY)
                items.extend(card_name(c, g) for c, g in ferry)
            if state.noah == dock:
                items.append(NOAH)
            out[dock_zone(dock)] = items
        return drop_empty(out)

    def read(self, reading: TableReading) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for zone, pieces in zones_in_order(reading).items():
            ferries = [FERRY for p, _ in pieces if p in catalog.FERRY_IDS]
            animals = [
                card_name(p, _gender(angle - dock_turn(zone)))
                for p, angle in pieces
                if p in catalog.CARD_BY_ID
            ]
            noah = [NOAH for p, _ in pieces if p == NOAH]
            out[zone] = [*ferries, *animals, *noah]
        return drop_empty(out)

    def physical_moves(self, state: State) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        assert isinstance(state, NoahState)
        view = self.view(state)
        if state.step == Step.PLAY:
            yield from self._plays(state, view)
        elif state.step == Step.MOVE_NOAH:
            for dock in range(catalog.DOCKS):
                yield MoveNoah(dock), _with_noah(view, dock)

    def _plays(
        self, state: NoahState, view: Mapping[str, tuple[str, ...]]
    ) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """Any card of the hand laid on Noah's ferry (and Noah moved anywhere, or not)."""
        me = state.active
        hand = set(state.hands[me]) - {UNKNOWN}
        if UNKNOWN in state.hands[me]:
            hand |= set(state.unaccounted())
        opponent = state.players[(me + 1) % len(state.players)]
        assert state.noah is not None
        zone = dock_zone(state.noah)
        for card in sorted(hand):
            species = catalog.CARD_BY_ID[card].species.code
            target = opponent if species in (catalog.GIRAFFE, catalog.LION) else None
            for gender in catalog.GENDERS if is_snail(card) else (None,):
                move = Play(card, gender, target)
                shown = card_name(card, gender or catalog.CARD_BY_ID[card].gender or "")
                items = [p for p in view.get(zone, ()) if p != NOAH]
                laid = {**view, zone: (*items, shown, NOAH)}
                yield move, dict(laid)
                for dock in range(catalog.DOCKS):
                    if dock != state.noah:
                        yield move, _with_noah({**laid, zone: (*items, shown)}, dock)
        yield TakeFerry(), {**view, zone: (FERRY, NOAH)}

    def zone_name(self, zone: str, lang: str = "en") -> str:
        dock = _dock(zone)
        mat = zone.partition(".")[0]
        if dock is None and mat.startswith("hand"):  # a seat's hand mat (a round-end photo)
            seat = mat[4:]
            return f"第 {seat} 位玩家的攤牌區" if lang == ZH else f"the hand mat of seat {seat}"
        if lang == ZH:
            return "中央" if dock is None else f"碼頭 {dock_number(dock)} 的駁船"
        return "the centre" if dock is None else f"the ferry at dock {dock_number(dock)}"

    def piece_name(self, piece: str, lang: str = "en") -> str:
        zh = lang == ZH
        if piece == FERRY:
            return "一張駁船卡" if zh else "a ferry card"
        if piece == NOAH:
            return "挪亞" if zh else "Noah"
        card = catalog.CARD_BY_ID[piece.split(":")[0]]
        return f"一張{card.species.zh}卡" if zh else f"a card ({card.species.en})"


def _with_noah(view: Mapping[str, tuple[str, ...]], dock: int) -> dict[str, tuple[str, ...]]:
    out = {z: tuple(p for p in ps if p != NOAH) for z, ps in view.items()}
    key = dock_zone(dock)
    out[key] = (*out.get(key, ()), NOAH)
    return drop_empty(out)
