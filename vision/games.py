"""Each game's :class:`~vision.pipeline.GameVision`, from the printables.

The payload grammar is the printables' (``printables.payload``: game code,
piece id, Luhn check character, error correction H) and the mats are theirs
(``printables.mats``: ArUco fiducials and zone polygons in millimetres), so
what is printed and what is read cannot drift apart.

Zone ids in a reading are ``<mat>.<zone>`` (``pentagon.dock0``). A Noah dock
holds a ferry card with the animals played onto it fanned outward from the
pentagon, so dock zones read their pieces outward from the mat's centre.
"""

from __future__ import annotations

import math
from functools import cache

from printables import payload
from printables.mats import ARUCO_DICTIONARY, mats_of
from printables.mats.geometry import MatLayout
from printables.registry import PRINTED
from printables.settings import Settings
from vision.assemble import ParsedTag, RejectedPayload
from vision.mats import MatSpec, Zone
from vision.micro import prepare
from vision.pipeline import GameVision
from vision.types import Point

_UNKNOWN_PIECE = "payload.unknown_piece"
_NOT_PIECES = frozenset({"mat", "board", "back"})  # labels and backs: no piece on a zone


def _outward(layout: MatLayout, polygon: tuple[Point, ...]) -> Point:
    """Unit vector from the mat's centre towards a zone's centre."""
    cx = sum(x for x, _ in polygon) / len(polygon) - layout.width_mm / 2
    cy = sum(y for _, y in polygon) / len(polygon) - layout.height_mm / 2
    norm = math.hypot(cx, cy) or 1.0
    return cx / norm, cy / norm


def mat_spec(layout: MatLayout) -> MatSpec:
    """A printed mat as vision reads it."""
    zones = tuple(
        Zone(
            id=f"{layout.key}.{z.key}",
            polygon=tuple(z.polygon),
            order=_outward(layout, z.polygon) if z.kind == "dock" else None,
        )
        for z in layout.zones
    )
    (tx, ty), side = layout.tag_spot
    return MatSpec(
        id=layout.key,
        size=(layout.width_mm, layout.height_mm),
        markers={m.id: m.corners for m in layout.markers},
        zones=zones,
        dictionary=ARUCO_DICTIONARY,
        tag=layout.piece_id,
        tag_box=(tx, ty, tx + side, ty + side) if layout.piece_id is not None else None,
    )


def number_tags() -> tuple[str, ...]:
    """Every number tag the printables print, of every game registered: an unread patch is
    read against them all, so another game's piece is told for what it is (a foreign
    piece) instead of being taken for the nearest piece of this game."""
    return _number_tags(tuple(g for g, printed in PRINTED.items() if printed.digit is not None))


@cache
def _number_tags(games: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(payload.encode_number(g, piece) for g in games for piece in payload.numbers(g))


def warm() -> None:
    """Draw the codebook of every number tag now, so no reading waits for it: the photo
    reader's process does this as it starts."""
    prepare(number_tags())


@cache
def game_vision(game: str) -> GameVision:
    """The parser and mats of ``game``.

    Raises:
        KeyError: If the printables know no such game.
    """
    if game not in PRINTED:
        raise KeyError(f"no tags are printed for game {game!r}")
    catalog = payload.catalog_of(game)

    def parse(text: str) -> ParsedTag:
        try:
            tag = payload.decode(text, game=game)
        except payload.PayloadError as exc:
            code = "vision.unknown_piece" if exc.code == _UNKNOWN_PIECE else "vision.foreign_code"
            raise RejectedPayload(code, exc.reason) from exc
        back = catalog is not None and catalog[tag.piece_id].kind == "back"
        return ParsedTag(tag.piece_id, back=back)

    sizes = Settings.for_game(game).tag_mm
    kinds = {c.kind for c in catalog} - _NOT_PIECES if catalog is not None else set()
    return GameVision(
        game=game,
        parse=parse,
        mats=tuple(mat_spec(m) for m in mats_of(game)),
        ec_level=payload.EC_LEVEL,
        micro_ec_level=payload.MICRO_EC_LEVEL,
        tag_modules=13 if PRINTED[game].digit is not None else 21,
        tag_mm=min((sizes[k] for k in kinds if k in sizes), default=sizes["card"]),
        numbers=number_tags(),
    )
