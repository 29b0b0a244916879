"""Boards the phone app draws that need more than a player's view: the Hare and the
Tortoise's track (Ark Nova's seat is ``companion.ark_nova_seat``).

The web app holds no rules, so what only the rules can say (which hexes a
building may cover now, where a race move puts each pawn) is computed here or
read from the engine and handed over as plain data. The track follows
``docs/rules/hare_tortoise.md`` §3 through ``engines.hare_tortoise``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.hare_tortoise.catalog import ANIMAL_CODES, FINISH


@dataclass(frozen=True)
class Track:
    """The Hare and the Tortoise's track, as the pages draw it and word a race move.

    Attributes:
        pawns: the animal codes in the order of a ``race`` move's positions.
        finish: the finish line: a position at or past it has crossed it (0 is the
            start line, the positions between them the track tiles).
    """

    pawns: tuple[str, ...]
    finish: int


HARE_TRACK = Track(pawns=ANIMAL_CODES, finish=FINISH)
"""The Hare and the Tortoise's track, from its engine."""
