"""Assembly: from validated codes and mat poses to a :class:`TableReading` with issues.

Game-independent: each game brings its mats and zones (from the printables)
and the payload parser; the rules' own counting limits arrive as zone
capacities. Nothing here raises for a messy table: what does not add up
becomes an :class:`Issue`.
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from vision.decoders import Detection
from vision.mats import MatPose, MatSpec, Zone
from vision.reading import Issue, Placement, Sighting, TableReading, Unread, sort_zone
from vision.types import Quad


@dataclass(frozen=True)
class ParsedTag:
    """What a valid payload names.

    Attributes:
        piece: Catalog id of the piece, or of the back kind for a back tag.
        back: True for a card-back tag.
    """

    piece: str
    back: bool = False


class RejectedPayload(ValueError):
    """A payload that is not a valid tag of the game.

    Attributes:
        code: ``vision.foreign_code`` (not this game's grammar) or
            ``vision.unknown_piece`` (this game's tag naming no catalog piece).
    """

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code


PayloadParser = Callable[[str], ParsedTag]
"""Parses one decoded text; raises :class:`RejectedPayload` with the reason."""


def validate(
    detections: Sequence[Detection],
    parse: PayloadParser,
    ec_level: str = "",
    micro_ec_level: str = "",
) -> list[Sighting]:
    """Every detection with what its payload names, or why it names nothing.

    Args:
        detections: What the detect stage read.
        parse: The game's payload parser (from the printables' payload module).
        ec_level: The error-correction level every QR tag is printed with; a
            symbol declaring another is foreign ("" accepts any, as does a
            detection whose backend does not say).
        micro_ec_level: The same for Micro QR tags.

    Returns:
        One sighting per detection, in the same order.
    """
    out: list[Sighting] = []
    for d in detections:
        wanted = micro_ec_level if d.symbol == "micro" else ec_level
        if wanted and d.ec_level and d.ec_level != wanted:
            reason = f"{d.text!r} uses error correction {d.ec_level}, tags use {wanted}"
            out.append(Sighting(d.text, d.corners, None, reason=reason, code="vision.foreign_code"))
            continue
        try:
            tag = parse(d.text)
        except RejectedPayload as exc:
            out.append(Sighting(d.text, d.corners, None, reason=str(exc), code=exc.code))
            continue
        out.append(Sighting(d.text, d.corners, tag.piece, back=tag.back))
    return out


def _angle(corners: Quad, pose: MatPose | None) -> float:
    """The tag's rotation in degrees, on the mat when there is one, else in the frame."""
    (x0, y0), (x1, y1) = corners[0], corners[1]
    if pose is not None:
        (x0, y0), (x1, y1) = pose.map((x0, y0)), pose.map((x1, y1))
    return math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360


def _centre(corners: Quad) -> tuple[float, float]:
    return sum(x for x, _ in corners) / 4, sum(y for _, y in corners) / 4


def assemble(
    game: str,
    sightings: Sequence[Sighting],
    poses: Sequence[MatPose],
    specs: Sequence[MatSpec],
    *,
    unread: Sequence[Quad] = (),
    size: tuple[int, int] = (0, 0),
) -> TableReading:
    """The table reading of one frame.

    Args:
        game: Game id.
        sightings: Validated codes.
        poses: The mats found in the frame.
        specs: All mats of the game (zones and sizes).
        unread: Symbols seen but not decoded.
        size: Frame width and height.

    Returns:
        The reading, with an issue for every foreign code, unknown piece,
        duplicate piece, piece outside every zone or mat, zone over its
        capacity and unreadable tag.
    """
    spec_of = {s.id: s for s in specs}
    issues: list[Issue] = []
    foreign = [s for s in sightings if s.piece is None and s.code == "vision.foreign_code"]
    if foreign:
        n = len(foreign)
        issues.append(
            Issue(
                "vision.foreign_code",
                f"{n} QR code{'s' if n > 1 else ''} on the table "
                f"{'are not tags' if n > 1 else 'is not a tag'} of {game}; ignored",
                corners=tuple(s.corners for s in foreign),
            )
        )
    for s in sightings:
        if s.piece is None and s.code == "vision.unknown_piece":
            issues.append(Issue("vision.unknown_piece", s.reason, corners=(s.corners,)))

    placements: list[Placement] = []
    first_at: dict[str, Sighting] = {}
    mat_tags = {spec.tag for spec in specs if spec.tag is not None}
    for s in sightings:
        if s.piece is None or s.piece in mat_tags:
            continue  # a mat's own tag names the mat, not a piece on it
        if not s.back and s.piece in first_at:
            issues.append(
                Issue(
                    "vision.duplicate_piece",
                    f"piece {s.piece} is on the table twice; only one is counted",
                    pieces=(s.piece,),
                    corners=(first_at[s.piece].corners, s.corners),
                )
            )
            continue
        first_at.setdefault(s.piece, s)
        placements.append(_place(s, poses, spec_of))

    for p in placements:
        if p.mat is None and poses:
            issues.append(
                Issue(
                    "vision.no_mat",
                    f"piece {p.piece} lies off every mat",
                    pieces=(p.piece,),
                    corners=(p.corners,),
                )
            )
        elif p.zone is None:
            issues.append(
                Issue(
                    "vision.outside_zones",
                    f"piece {p.piece} is on no zone"
                    + (f" of mat {p.mat}" if p.mat is not None else " (no mat in view)"),
                    pieces=(p.piece,),
                    corners=(p.corners,),
                )
            )

    by_zone: dict[str, list[Placement]] = defaultdict(list)
    for p in placements:
        if p.zone is not None:
            by_zone[p.zone].append(p)
    zones: dict[str, tuple[str, ...]] = {}
    backs: dict[str, int] = {}
    zone_of = zones_of(specs)
    for zone_id, members in by_zone.items():
        zone = zone_of[zone_id]
        zones[zone_id] = sort_zone([p for p in members if not p.back], zone.order)
        n_backs = sum(p.back for p in members)
        if n_backs:
            backs[zone_id] = n_backs
        if zone.capacity is not None and len(members) > zone.capacity:
            issues.append(
                Issue(
                    "vision.impossible_count",
                    f"zone {zone_id} holds {len(members)} pieces, more than its {zone.capacity}",
                    pieces=tuple(p.piece for p in members),
                    corners=tuple(p.corners for p in members),
                )
            )
    unread_at = tuple(_place_unread(q, poses, spec_of) for q in unread)
    if unread_at:
        issues.append(_unreadable(unread_at))
    for pose in poses:
        if pose.in_view < MAT_IN_VIEW:
            issues.append(
                Issue(
                    "vision.mat_cut",
                    f"mat {pose.mat} is only {100 * pose.in_view:.0f}% in the picture: "
                    "take it again with the whole mat in view",
                    corners=(pose.outline,),
                    mats=(pose.mat,),
                )
            )
    return TableReading(
        game=game,
        zones=dict(sorted(zones.items())),
        backs=dict(sorted(backs.items())),
        placements=tuple(placements),
        issues=tuple(issues),
        mats=tuple(p.mat for p in poses),
        foreign_codes=len(foreign),
        unread_tags=len(unread),
        unread=unread_at,
        size=size,
    )


MAT_IN_VIEW = 0.99
"""Share of a mat that must lie in the frame for every piece on it to be seen."""


def _place_unread(quad: Quad, poses: Sequence[MatPose], spec_of: dict[str, MatSpec]) -> Unread:
    """Put one unread symbol on its mat and zone."""
    centre = _centre(quad)
    for pose in poses:
        spec = spec_of[pose.mat]
        if pose.covers(centre, spec):
            mm = pose.map(centre)
            zone = next((z for z in spec.zones if z.contains(mm)), None)
            return Unread(quad, pose.mat, None if zone is None else zone.id, mm)
    return Unread(quad)


def _unreadable(unread: Sequence[Unread]) -> Issue:
    """One issue for every symbol that could not be read, saying where they lie."""
    where: dict[str, int] = defaultdict(int)
    for u in unread:
        where[u.zone or (f"mat {u.mat}" if u.mat else "off the mats")] += 1
    places = ", ".join(f"{n} on {z}" for z, n in sorted(where.items()))
    n = len(unread)
    return Issue(
        "vision.unreadable_tag",
        f"{n} tag{'s' if n > 1 else ''} could not be read ({places}): "
        "move the camera closer, light the table or print larger tags",
        corners=tuple(u.corners for u in unread),
        zones=tuple(sorted({u.zone for u in unread if u.zone})),
        mats=tuple(sorted({u.mat for u in unread if u.mat})),
    )


def expect(
    reading: TableReading, counts: Mapping[str, int], names: Mapping[str, str]
) -> TableReading:
    """The reading with an issue for every zone that holds fewer pieces than ``counts``.

    The game knows how many pieces some zones hold (a followed game knows each hand,
    ark, ferry and canoe); a zone showing fewer, face up and face down, is missing
    pieces the camera did not see, even where it saw no symbol it could not read.

    Args:
        reading: The reading.
        counts: Zone id -> how many pieces the game says lie there.
        names: Zone id -> how players call it, for the messages (the id when absent).
    """
    issues = list(reading.issues)
    for zone, want in sorted(counts.items()):
        got = len(reading.zones.get(zone, ())) + reading.backs.get(zone, 0)
        if got >= want:
            continue
        unread = reading.unread_in(zone)
        seen = f"{got} read" + (f" and {unread} seen but not read" if unread else "")
        issues.append(
            Issue(
                "vision.missing_piece",
                f"{names.get(zone, zone)} should hold {want} pieces; {seen}: "
                "photograph it again, closer",
                zones=(zone,),
                mats=(zone.split(".", 1)[0],),
            )
        )
    return dataclasses.replace(reading, issues=tuple(issues))


def _place(s: Sighting, poses: Sequence[MatPose], spec_of: dict[str, MatSpec]) -> Placement:
    """Put one valid sighting on its mat and zone."""
    assert s.piece is not None
    centre = _centre(s.corners)
    for pose in poses:
        spec = spec_of[pose.mat]
        if not pose.covers(centre, spec):
            continue
        mm = pose.map(centre)
        zone = next((z for z in spec.zones if z.contains(mm)), None)
        return Placement(
            piece=s.piece,
            corners=s.corners,
            mat=pose.mat,
            mm=mm,
            angle=_angle(s.corners, pose),
            zone=None if zone is None else zone.id,
            back=s.back,
        )
    return Placement(piece=s.piece, corners=s.corners, angle=_angle(s.corners, None), back=s.back)


def zones_of(specs: Sequence[MatSpec]) -> dict[str, Zone]:
    """Every zone of the game's mats by id."""
    return {z.id: z for s in specs for z in s.zones}
