"""How Pond is printed and read (its ``PrintedGame``): tag code ``PD``, the free marker
ids from 240 (the five games hold 0 to 239, the calibration sheet 246 to 249; the pond
mat takes 5), the pond mat from its catalog, each card's value large in its corner."""

from __future__ import annotations

from printables.faces import Face
from printables.registry import PrintedGame

PRINTED = PrintedGame(
    code="PD", marker_base=240, mats=(), face=Face(corner="value"), stickers=False
)
