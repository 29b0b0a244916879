"""A game's mats and tags as vision sees them, built from the printables.

Zone ids in a :class:`vision.reading.TableReading` are the printables' zone
keys (``dock0``, ``M4``, ``hex_3_2``) when they are unique among the game's
mats, else ``<mat key>.<zone key>`` (``ark2.ark``, ``z3.played``): see
:func:`zone_id`. A game gives its zones a reading order (the direction in mat millimetres
along which the rules read their pieces) as a :data:`ZoneOrder`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from printables import payload
from printables.mats import MatLayout, mats_of
from vision.assemble import ParsedTag, RejectedPayload
from vision.mats import MatSpec
from vision.mats import Zone as VisionZone
from vision.pipeline import GameVision

ZoneOrder = Callable[[MatLayout, str], tuple[float, float] | None]
"""A game's reading order of a zone (mat, zone key) -> direction in mat mm, or None."""


def zone_id(game: str, mat: MatLayout, key: str) -> str:
    """The id a reading uses for zone ``key`` of ``mat``."""
    counts = Counter(z.key for m in mats_of(game) for z in m.zones)
    return key if counts[key] == 1 else f"{mat.key}.{key}"


def mat_spec(game: str, mat: MatLayout, order: ZoneOrder | None = None) -> MatSpec:
    """The vision record of one printed mat: its markers and its zones."""
    zones = tuple(
        VisionZone(
            zone_id(game, mat, z.key),
            z.polygon,
            order=None if order is None else order(mat, z.key),
        )
        for z in mat.zones
    )
    markers = {m.id: m.corners for m in mat.markers}
    return MatSpec(mat.key, (mat.width_mm, mat.height_mm), markers, zones)


def parser(game: str) -> Callable[[str], ParsedTag]:
    """The payload parser vision uses for ``game``'s tags (the printables' grammar)."""
    catalog = payload.catalog_of(game)

    def parse(text: str) -> ParsedTag:
        try:
            tag = payload.decode(text, game=game, catalog=catalog)
        except payload.PayloadError as exc:
            code = (
                "vision.unknown_piece"
                if exc.code == "payload.unknown_piece"
                else ("vision.foreign_code")
            )
            raise RejectedPayload(code, exc.reason) from exc
        back = catalog is not None and catalog[tag.piece_id].kind == "back"
        return ParsedTag(tag.piece_id, back=back)

    return parse


def game_vision(game: str, order: ZoneOrder | None = None) -> GameVision:
    """Everything vision needs to read ``game``'s table, zones read in ``order``."""
    return GameVision(game, parser(game), tuple(mat_spec(game, m, order) for m in mats_of(game)))


def mat_of_zone(game: str) -> Mapping[str, tuple[MatLayout, str]]:
    """Zone id -> (its mat, its key on that mat)."""
    return {zone_id(game, m, z.key): (m, z.key) for m in mats_of(game) for z in m.zones}
