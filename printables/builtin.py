"""The five games as the printables know them, each registered once in ``printables.registry``.

Tag codes and marker bases never change once printed: a new game takes a free
code and the free marker ids above the last game's (``docs/adding-a-game.md``).
Noah's pentagon and hand mats and the Hare's race mat are drawn from their
rules specs (``printables.mats.noah``, ``printables.mats.hare_tortoise``); the
other games' catalogs give all their mats' geometry. Ark Nova prints as
stickers: the players own the game (issue 8).
"""

from __future__ import annotations

from printables import faces
from printables.faces import Face
from printables.mats import hare_tortoise, noah
from printables.registry import PrintedGame, register

register(
    "noah",
    PrintedGame(code="NO", marker_base=0, mats=noah.MATS, face=faces.NOAH, stickers=False),
)
register(
    "animals_on_board",
    PrintedGame(code="AB", marker_base=48, mats=(), face=faces.ANIMALS_ON_BOARD, stickers=False),
)
register(
    "hare_tortoise",
    PrintedGame(
        code="HT",
        marker_base=96,
        mats=hare_tortoise.MATS,
        face=faces.HARE_TORTOISE,
        stickers=False,
    ),
)
register("niagara", PrintedGame(code="NI", marker_base=144, mats=(), face=Face(), stickers=False))
register("ark_nova", PrintedGame(code="AN", marker_base=192, mats=(), face=Face(), stickers=True))
