"""Overlay: the frame with every tag boxed, the mats outlined and each zone coloured
by whether its tags can be read.

Green boxes are placed pieces, labelled with their id; red boxes are codes
that were not used, labelled with the reason; amber boxes are symbols seen
but not decoded. Mats are outlined in blue with their id. Given the mats'
specs, each zone of a mat in view is tinted by :func:`zone_sights`: green where
a tag's modules get what a decoder needs at the zone's most foreshortened
corner and nothing in it went unread, amber where they get less than that but
at least :data:`MARGINAL_PX_PER_MODULE` (a number tag, read against the codebook:
:data:`NUMBER_TAG_PX_PER_MODULE`), red below that, where part of the zone lies out of
the frame, or where a symbol in it could not be read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.config import QR_V1_MODULES
from vision.mats import MatPose, MatSpec
from vision.plane import jacobian_svs
from vision.reading import TableReading
from vision.refine import MICRO_N as MICRO_MODULES
from vision.types import Point, Quad, U8Array

READABLE_PX_PER_MODULE = 3.0
"""Module size (frame pixels, along the most shortened direction) a tag reads from under a
lens blur of sigma 1.5 px: ``bench.micro_qr`` reads 74% of version-1 tags at 2.6 px a module,
97% at 2.8 and 100% from 3.0 (``docs/tags.md``)."""

MARGINAL_PX_PER_MODULE = 2.5
"""Below this hardly a tag is read under sigma 1.5 px (``bench.micro_qr``: 5% at 2.4 px a
module); from it up to :data:`READABLE_PX_PER_MODULE` some are."""

NUMBER_TAG_PX_PER_MODULE = (1.4, 1.8)
"""The marginal and the readable module size of a number tag (Micro QR M2) on a mat, which a
mark's search reads against the codebook where no decoder does (:func:`vision.micro.
read_marks`): under a lens blur of sigma 1.5 px ``bench.codebook`` reads 99% of them at
1.8 px a module, 76% at 1.6 and 51% at 1.4."""

READABLE, MARGINAL, UNREADABLE = "readable", "marginal", "unreadable"
"""What a zone's tint says."""

GREEN = (60, 180, 40)
RED = (40, 40, 220)
AMBER = (0, 170, 255)
BLUE = (220, 120, 30)
LABELS = {
    "vision.foreign_code": "foreign code",
    "vision.unknown_piece": "unknown piece",
    "vision.duplicate_piece": "duplicate",
    "vision.outside_zones": "outside zones",
    "vision.no_mat": "off the mats",
    "vision.impossible_count": "too many in zone",
    "vision.unreadable_tag": "unreadable",
    "vision.mat_cut": "mat cut by the frame",
    "vision.missing_piece": "pieces missing",
}
"""The short label of each issue code on the overlay (every code of ``ISSUE_CODES``)."""


@dataclass(frozen=True)
class ZoneSight:
    """How well the camera sees one zone.

    Attributes:
        zone: Zone id.
        outline: The zone's outline in frame pixels.
        px_per_module: Module size of a tag at the zone's most foreshortened corner, pixels
            (0 where part of the zone lies out of the frame).
        unread: Symbols seen in the zone and not read.
        needs: The marginal and the readable module size of the game's tags there.
    """

    zone: str
    outline: tuple[Point, ...]
    px_per_module: float
    unread: int
    needs: tuple[float, float] = (MARGINAL_PX_PER_MODULE, READABLE_PX_PER_MODULE)

    @property
    def state(self) -> str:
        """:data:`READABLE`, :data:`MARGINAL` or :data:`UNREADABLE`."""
        marginal, readable = self.needs
        if self.unread or self.px_per_module < marginal:
            return UNREADABLE
        return READABLE if self.px_per_module >= readable else MARGINAL


def tag_mm_read(reading: TableReading, poses: Sequence[MatPose]) -> float | None:
    """Edge in millimetres of the smallest tag read on a mat (its corners mapped onto the
    mat), or None when no tag was read on any mat in ``poses``."""
    by_mat = {p.mat: p for p in poses}
    sides = []
    for placement in reading.placements:
        pose = by_mat.get(placement.mat or "")
        if pose is None:
            continue
        pts = np.asarray(placement.corners, np.float64).reshape(-1, 1, 2)
        mm = cv2.perspectiveTransform(pts, pose.to_mm).reshape(4, 2)
        sides.append(float(np.mean(np.linalg.norm(mm - np.roll(mm, 1, axis=0), axis=1))))
    return min(sides) if sides else None


def zone_sights(
    reading: TableReading | None,
    poses: Sequence[MatPose],
    mats: Sequence[MatSpec],
    tag_mm: float,
    size: tuple[int, int],
    modules: int = QR_V1_MODULES,
) -> list[ZoneSight]:
    """Every zone of every mat in view, with the module size a tag of ``tag_mm`` and
    ``modules`` across (21 for version 1, 13 for Micro QR M2) gets there and the symbols
    the reading could not read in it.

    Args:
        reading: The reading of the frame (its unread symbols), or None.
        poses: The mats found in the frame.
        mats: The game's mats.
        tag_mm: Edge of the tags printed for the game, mm (:func:`tag_mm_read` measures it).
        size: The frame's width and height, pixels.
        modules: Modules across the game's piece tags (``GameVision.tag_modules``).
    """
    specs = {m.id: m for m in mats}
    needs = (
        NUMBER_TAG_PX_PER_MODULE
        if modules == MICRO_MODULES
        else (MARGINAL_PX_PER_MODULE, READABLE_PX_PER_MODULE)
    )
    unread = Counter(u.zone for u in reading.unread) if reading is not None else Counter()
    w, h = size
    out = []
    for pose in poses:
        spec = specs.get(pose.mat)
        if spec is None:
            continue
        to_frame = np.linalg.inv(pose.to_mm)
        for zone in spec.zones:
            pts = np.asarray(zone.polygon, np.float64).reshape(-1, 1, 2)
            outline = cv2.perspectiveTransform(pts, to_frame).reshape(-1, 2)
            inside = bool(
                (outline[:, 0] >= 0).all()
                and (outline[:, 0] < w).all()
                and (outline[:, 1] >= 0).all()
                and (outline[:, 1] < h).all()
            )
            least = min(jacobian_svs(to_frame, x, y)[0] for x, y in zone.polygon)
            module = least * tag_mm / modules if inside else 0.0
            corners = tuple((float(x), float(y)) for x, y in outline)
            out.append(ZoneSight(zone.id, corners, module, unread.get(zone.id, 0), needs))
    return out


_TINT = {READABLE: (60, 180, 40), MARGINAL: (0, 170, 255), UNREADABLE: (40, 40, 220)}


def tint_zones(img: U8Array, sights: Sequence[ZoneSight]) -> None:
    """Tint each zone in ``img`` (in place) by its :attr:`ZoneSight.state` and outline it."""
    layer = img.copy()
    for sight in sights:
        poly = np.round(np.asarray(sight.outline)).astype(np.int32).reshape(-1, 1, 2)
        cv2.fillPoly(layer, [poly], _TINT[sight.state])
    cv2.addWeighted(layer, 0.25, img, 0.75, 0, dst=img)
    for sight in sights:
        poly = np.round(np.asarray(sight.outline)).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(img, [poly], True, _TINT[sight.state], 2, cv2.LINE_AA)


def _box(img: U8Array, quad: Quad, colour: tuple[int, int, int], label: str, thick: int) -> None:
    pts = np.round(np.asarray(quad, np.float64)).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(img, [pts], True, colour, thick, cv2.LINE_AA)
    if label:
        x, y = pts[:, 0, 0].min(), pts[:, 0, 1].min()
        scale = max(0.4, thick * 0.25)
        (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        y = max(int(y) - 3, th + 2)
        cv2.rectangle(img, (int(x), y - th - 2), (int(x) + tw + 2, y + 2), colour, -1)
        cv2.putText(
            img,
            label,
            (int(x) + 1, y),
            cv2.FONT_HERSHEY_SIMPLEX,
            scale,
            (255, 255, 255),
            1,
            cv2.LINE_AA,
        )


def draw(
    frame: U8Array,
    reading: TableReading,
    poses: tuple[MatPose, ...] = (),
    sights: Sequence[ZoneSight] = (),
    *,
    labels: bool = True,
) -> U8Array:
    """A copy of the frame with the reading drawn on it.

    Args:
        frame: The frame the reading was made from, BGR or grey.
        reading: Its reading.
        poses: The mats found, to outline.
        sights: The zones to tint by readability (:func:`zone_sights`).
        labels: Write each box's mat, piece id or issue beside it (for the command line);
            a picture for a page has its boxes alone, its colours said in the page's
            language (``overlay_legend``) and its pieces named in words below it.

    Returns:
        The annotated BGR image.
    """
    img = frame.copy() if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    thick = max(1, round(max(img.shape[:2]) / 1000))
    tint_zones(img, sights)
    for pose in poses:
        _box(img, pose.outline, BLUE, f"mat {pose.mat}" if labels else "", thick + 1)
    flagged: set[tuple[float, ...]] = set()
    for issue in reading.issues:
        colour = AMBER if issue.code == "vision.unreadable_tag" else RED
        for quad in issue.corners:
            flagged.add(tuple(np.ravel(quad)))
            _box(img, quad, colour, LABELS.get(issue.code, issue.code) if labels else "", thick)
    for p in reading.placements:
        if tuple(np.ravel(p.corners)) in flagged:
            continue
        label = p.piece + (" (back)" if p.back else "") if labels else ""
        _box(img, p.corners, GREEN, label, thick)
    return img
