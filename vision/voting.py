"""Voting: one trusted reading from several frames of a still table.

A webcam frame can miss a tag (a hand passes, a reflection, a tag at the edge
of what the camera resolves). Over a window of frames, a piece counts when it
is seen in at least ``min_share`` of them, in the zone where it was seen most;
and a piece read cleanly once (its payload passed its check character and the
symbol's Reed-Solomon code) stays known while no other piece is read where it
lay, in that frame or a later one: voting never drops what was read, only
what another piece replaced (or a misread that shares its place). Issues are
kept when they recur in ``min_share`` of the frames. The symbols seen and not
read are the last frame's, but for those lying on a trusted piece (read in
another frame there): the reading stays never silent where a piece lies unread.
"""

from __future__ import annotations

import dataclasses
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence

from vision.mats import MatSpec
from vision.reading import Issue, Placement, TableReading, Unread, sort_zone
from vision.types import Point, Quad

MIN_SHARE = 0.5
"""Share of frames a piece must appear in to be trusted: a majority, so that
a piece covered by a hand in a few frames stays and a flicker does not."""


def vote(readings: Sequence[TableReading], min_share: float = MIN_SHARE) -> TableReading:
    """The reading the frames agree on.

    Args:
        readings: Readings of consecutive frames of one game, oldest first.
        min_share: Share of frames (0..1] a piece or an issue must appear in.

    Returns:
        A reading whose ``frames`` is the number of frames voted over; each
        trusted piece keeps its latest placement in its majority zone.

    Raises:
        ValueError: If there are no readings, or they are of several games.
    """
    if not readings:
        raise ValueError("no readings to vote over")
    games = {r.game for r in readings}
    if len(games) > 1:
        raise ValueError(f"readings of several games: {', '.join(sorted(games))}")
    need = min_share * len(readings)

    seen: dict[tuple[str, bool], list[Placement]] = defaultdict(list)
    for r in readings:
        for p in r.placements:
            seen[(p.piece, p.back)].append(p)
    trusted: list[Placement] = []
    for (_, back), history in seen.items():
        if back:
            continue  # backs are counted per zone below: they share one id
        if len(history) < need and _replaced(history[-1], readings):
            continue
        zone, _ = Counter(p.zone for p in history).most_common(1)[0]
        trusted.append(next(p for p in reversed(history) if p.zone == zone))

    zones: dict[str, list[Placement]] = defaultdict(list)
    for p in trusted:
        if p.zone is not None:
            zones[p.zone].append(p)
    orders = _zone_orders(readings)
    backs: dict[str, int] = {}
    for zone in {z for r in readings for z in r.backs}:
        counts = [r.backs.get(zone, 0) for r in readings]
        n = int(statistics.median_low(counts))
        if n:
            backs[zone] = n

    issue_count: Counter[tuple[str, tuple[str, ...]]] = Counter()
    latest: dict[tuple[str, tuple[str, ...]], Issue] = {}
    for r in readings:
        for key in {i.key for i in r.issues}:
            issue_count[key] += 1
        for i in r.issues:
            latest[i.key] = i
    issues = tuple(latest[k] for k, n in issue_count.items() if n >= need)

    last = readings[-1]
    unread = off(last.unread, trusted)
    return TableReading(
        game=last.game,
        zones={z: _order(zones[z], orders.get(z)) for z in sorted(zones)},
        backs=dict(sorted(backs.items())),
        placements=tuple(trusted),
        issues=issues,
        mats=tuple(sorted({m for r in readings for m in r.mats})),
        foreign_codes=int(statistics.median_low([r.foreign_codes for r in readings])),
        unread_tags=len(unread),
        unread=unread,
        frames=sum(r.frames for r in readings),
        size=last.size,
    )


def off(unread: Sequence[Unread], placements: Sequence[Placement]) -> tuple[Unread, ...]:
    """The symbols of ``unread`` that lie on none of ``placements``: a symbol not read whose
    centre lies on the outline of a piece known there (read in another frame, or before) is
    that piece, not another one."""
    return tuple(
        u for u in unread if not any(_within(_centre(u.corners), p.corners) for p in placements)
    )


def _centre(quad: Quad) -> Point:
    return sum(x for x, _ in quad) / 4, sum(y for _, y in quad) / 4


def _within(point: Point, quad: Quad) -> bool:
    """Whether ``point`` lies inside the convex outline ``quad`` (either winding)."""
    x, y = point
    sides = [
        (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        for (ax, ay), (bx, by) in zip(quad, (*quad[1:], quad[0]), strict=True)
    ]
    return all(s >= 0 for s in sides) or all(s <= 0 for s in sides)


def _replaced(last: Placement, readings: Sequence[TableReading]) -> bool:
    """Whether another piece was read where ``last`` lay, in its last frame or a later one
    (two pieces read at one place: the one seen in fewer frames is the misread)."""
    after = False
    cx = sum(x for x, _ in last.corners) / 4
    cy = sum(y for _, y in last.corners) / 4
    side = (
        sum(
            (
                (last.corners[i][0] - last.corners[i - 1][0]) ** 2
                + (last.corners[i][1] - last.corners[i - 1][1]) ** 2
            )
            ** 0.5
            for i in range(4)
        )
        / 4
    )
    for r in readings:
        after = after or any(p is last for p in r.placements)
        if not after:
            continue
        for p in r.placements:
            px = sum(x for x, _ in p.corners) / 4
            py = sum(y for _, y in p.corners) / 4
            if p.piece != last.piece and (px - cx) ** 2 + (py - cy) ** 2 < (0.5 * side) ** 2:
                return True
    return False


def _zone_orders(readings: Sequence[TableReading]) -> dict[str, tuple[str, ...]]:
    """Each zone's piece order as the latest frame that saw the zone gave it."""
    orders: dict[str, tuple[str, ...]] = {}
    for r in readings:
        orders.update(r.zones)
    return orders


def _order(members: list[Placement], order: tuple[str, ...] | None) -> tuple[str, ...]:
    """Trusted pieces of a zone in the order the frames read them."""
    if order is None:
        return sort_zone(members, None)
    rank = {piece: i for i, piece in enumerate(order)}
    by_mm = sort_zone(members, None)
    return tuple(sorted(by_mm, key=lambda p: (rank.get(p, len(rank)), p)))


def carry(
    reading: TableReading, kept: Sequence[Placement], specs: Sequence[MatSpec]
) -> TableReading:
    """The reading with ``kept`` placements added: pieces read before whose place has not
    changed since (the watcher's tracking), each in its zone, in the zone's order; a symbol
    not read that lies on one of them is that piece (:func:`off`) and leaves ``unread``.

    Args:
        reading: A new reading.
        kept: Placements of earlier readings to keep (pieces the new reading lacks).
        specs: The game's mats (each zone's reading order).
    """
    if not kept:
        return reading
    order = {z.id: z.order for s in specs for z in s.zones}
    placements = (*reading.placements, *kept)
    zones: dict[str, list[Placement]] = defaultdict(list)
    for p in placements:
        if p.zone is not None and not p.back:
            zones[p.zone].append(p)
    unread = off(reading.unread, kept)
    return dataclasses.replace(
        reading,
        placements=placements,
        zones={z: sort_zone(ps, order.get(z)) for z, ps in sorted(zones.items())},
        unread=unread,
        unread_tags=reading.unread_tags - (len(reading.unread) - len(unread)),
    )
