"""What every game's table model provides: the camera's view of a state, and of a reading.

A :data:`View` is what the camera can tell apart, per zone id (empty zones
left out): a game's ``view(state)`` projects an engine state onto its mats,
``read(reading)`` turns a table reading into the same form, so the two
compare with ``==``. Pieces the rules treat as alike (Noah's eight ferry
cards) appear under one name; a piece's orientation, where it means something
(a snail's upward end), is part of its name.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from companion.sentences import ZH
from engines.core import Move, State
from vision.games import game_vision
from vision.pipeline import GameVision
from vision.reading import TableReading

View = Mapping[str, tuple[str, ...]]
"""Per zone id, what the camera sees there, in the zone's reading order."""


class TableModel(ABC):
    """One game's table as the camera sees it.

    Attributes:
        game: Game id.
        vision: Its mats and tags for the vision pipeline.
        max_depth: Most visible moves one change may hold (Noah: a card played
            and Noah moved, in one reach over the table).
        applies_unlisted: A move :meth:`refusable` finds that the rules allow but
            ``legal_moves`` does not list (Ark Nova: an animal played from a hand
            the companion has not seen) explains the change, as a listed one would.
    """

    game: str
    vision: GameVision
    max_depth: int = 2
    applies_unlisted: bool = False

    def __init__(self) -> None:
        self.vision = game_vision(self.game)

    @abstractmethod
    def view(self, state: State) -> dict[str, tuple[str, ...]]:
        """What the camera should see when the table shows ``state``."""

    @abstractmethod
    def read(self, reading: TableReading) -> dict[str, tuple[str, ...]]:
        """What a reading shows, in the form of :meth:`view`."""

    @abstractmethod
    def physical_moves(self, state: State) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """Moves a hand can make here that the rules may refuse, with the table each leaves.

        Only the moves :meth:`State.legal_moves` does not already list matter:
        the inference asks the engine's verdict on each.
        """

    def refusable(
        self, state: State, seen: View
    ) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """Moves the rules may refuse that could explain ``seen``, with the table each leaves.

        :meth:`physical_moves` by default; a model adds the moves it can only find from
        what is seen (Animals on Board: which tiles were laid with which group).
        """
        return self.physical_moves(state)

    def view_zone(self, zone: str) -> str:
        """The zone of a view that a reading's ``zone`` is part of (by default the same): where
        a symbol seen there and not read may be a piece the view lacks."""
        return zone

    def lacks(self, whole: str, seen: str | None) -> int | None:
        """How many of the pieces of the view item ``whole`` a reading lacks that shows
        ``seen`` in its place (None: nothing of it), or None when ``seen`` cannot be ``whole``
        with some of its pieces not read.

        By default a view item is one piece. A model whose items hold several (a Niagara canoe
        and the gem riding in it, an Animals on Board group of tiles) says how many a part
        read of one lacks, so a piece not read inside such an item is a piece not read, as
        anywhere else.
        """
        if seen is None:
            return 1
        return 0 if seen == whole else None

    def unread_symbols(self, item: str) -> int:
        """How many symbols not read a view item of a reading stands for alone (a model that
        names them where they lie, as ``?``), which may be no piece at all; 0 for an item
        holding a piece read."""
        return 0

    @abstractmethod
    def zone_name(self, zone: str, lang: str = "en") -> str:
        """A zone as players call it in ``lang`` ("the ferry at dock 3", "the centre"; 「中央」)."""

    def piece_name(self, piece: str, lang: str = "en") -> str:
        """A piece of a view as players call it in ``lang``."""
        return piece

    def describe(self, before: View, after: View, lang: str = "en") -> list[str]:
        """Sentences in ``lang`` on what changed from ``before`` to ``after``, zone by zone."""
        zh = lang == ZH
        lines: list[str] = []
        for zone in sorted(set(before) | set(after)):
            was, now = Counter(before.get(zone, ())), Counter(after.get(zone, ()))
            left, came = was - now, now - was
            where = self.zone_name(zone, lang)
            for piece, n in sorted(left.items()):
                what = _count(n, self.piece_name(piece, lang))
                lines.append(f"{what}離開了{where}" if zh else f"{what} left {where}")
            for piece, n in sorted(came.items()):
                what = _count(n, self.piece_name(piece, lang))
                lines.append(f"{what}來到{where}" if zh else f"{what} arrived on {where}")
            if not left and not came and before.get(zone) != after.get(zone):
                lines.append(
                    f"{where}的配件換了順序" if zh else f"the pieces on {where} changed order"
                )
        return lines


def _count(n: int, name: str) -> str:
    return name if n == 1 else f"{n} × {name}"


def zones_in_order(reading: TableReading) -> dict[str, list[tuple[str, float]]]:
    """Per zone, its face-up pieces in reading order with their angles on the mat."""
    angle = {p.piece: p.angle for p in reading.placements if not p.back}
    return {z: [(p, angle.get(p, 0.0)) for p in ps] for z, ps in reading.zones.items()}


def drop_empty(view: Mapping[str, Sequence[str]]) -> dict[str, tuple[str, ...]]:
    """A view without its empty zones, keys sorted."""
    return {z: tuple(p) for z, p in sorted(view.items()) if p}
