"""The five games as the printables know them, each registered once in ``printables.registry``.

Tag codes, tag digits and marker bases never change once printed: a new game takes a free
code, a free digit and the free marker ids above the last game's (``docs/adding-a-game.md``).
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
    PrintedGame(
        code="NO",
        marker_base=0,
        mats=noah.MATS,
        face=faces.NOAH,
        stickers=False,
        digit=1,
        # cards fanned down a dock show a strip of each: two columns of tags 27 mm apart
        tag_mm={"card": 20.0, "token": 20.0},
    ),
)
register(
    "animals_on_board",
    PrintedGame(
        code="AB",
        marker_base=48,
        mats=(),
        face=faces.ANIMALS_ON_BOARD,
        stickers=False,
        digit=2,
        # food crates lie in a column of five (the cap) down an ark's 247 mm food zone:
        # 45 mm crates hold a 31 mm tag
        tag_mm={"token": 31.0, "marker": 31.0},
        piece_mm={"token": (45.0, 45.0), "marker": (45.0, 45.0)},
    ),
)
register(
    "hare_tortoise",
    PrintedGame(
        code="HT",
        marker_base=96,
        mats=hare_tortoise.MATS,
        face=faces.HARE_TORTOISE,
        stickers=False,
        digit=3,
        # six tag spots 36 mm apart on each space, cards laid 36 mm apart: 32.7 mm
        # footprints; 35 mm pawns hold the same tag
        tag_mm={"card": 25.0, "tile": 25.0, "token": 25.0},
        piece_mm={"token": (35.0, 35.0)},
    ),
)
register(
    "niagara",
    PrintedGame(
        code="NI",
        marker_base=144,
        mats=(),
        face=Face(),
        stickers=False,
        digit=4,
        # canoes and gems side by side on the river's 36 mm grid: 35 mm tokens, a 32.7 mm
        # footprint
        tag_mm={"token": 25.0, "marker": 25.0},
        piece_mm={"token": (35.0, 35.0), "marker": (35.0, 35.0)},
    ),
)
register(
    "ark_nova",
    PrintedGame(
        code="AN",
        marker_base=192,
        mats=(),
        face=Face(),
        stickers=True,
        digit=5,
        # stickers on Map A's hexes 38 mm apart, a tile turned by 60 degrees (a 28.8 mm
        # footprint clears the neighbours' tags); the played cards' 34 mm apart
        tag_mm={"card": 24.0, "tile": 22.0, "token": 22.0},
    ),
)
