"""Mats: find each mat's ArUco fiducials, fix its millimetre frame, and hold its zones.

A printed mat carries ArUco markers (``cv2.aruco``) whose corners are known
in the mat's millimetres (x right, y down, as printed). Every marker of a mat
that is seen adds four point pairs; a homography fitted to them maps frame
pixels to mat millimetres, so a mat that is partly covered is still placed
from the markers left in view. Several mats in one frame are told apart by
their markers' ids, which no two mats of a game share.

Zones are polygons in a mat's millimetres (:class:`Zone`). The printables
define every game's mats and zones with these records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

import cv2
import numpy as np

from vision.types import FloatArray, Point, Quad, U8Array

ARUCO_DICTIONARY = "DICT_4X4_250"
"""Default marker family: 4 x 4 bits read at the smallest print size, 250 ids."""

_MIN_MARKER_POINTS = 4  # one whole marker fixes a homography; more average out its error


@dataclass(frozen=True)
class Zone:
    """A region of a mat where pieces go.

    Attributes:
        id: Zone id, unique within the game (``ferry.1``, ``dock.3``, ``M4``).
        polygon: Its outline in the mat's millimetres.
        order: Direction (mm) along which the rules read the pieces in it,
            or None when their order does not matter.
        capacity: Most pieces the rules allow in it, or None for no limit.
    """

    id: str
    polygon: tuple[Point, ...]
    order: Point | None = None
    capacity: int | None = None

    def contains(self, point: Point) -> bool:
        """True when the point (mat millimetres) lies inside or on the outline."""
        poly = np.asarray(self.polygon, np.float32).reshape(-1, 1, 2)
        return cv2.pointPolygonTest(poly, (float(point[0]), float(point[1])), False) >= 0


@dataclass(frozen=True)
class MatSpec:
    """A printed mat as the printables lay it out.

    Attributes:
        id: Mat id within the game (``pentagon``, ``river``, ``ark.2``).
        size: Width and height in millimetres.
        markers: ArUco id -> its four corners in mat millimetres, in the
            marker's own order (top-left, top-right, bottom-right, bottom-left).
        zones: The mat's zones.
        dictionary: ``cv2.aruco`` dictionary name of its markers.
        tag: Catalog id the mat's own QR tag names (a mat, not a piece), or None.
        tag_box: Where that tag is printed, ``(x0, y0, x1, y1)`` mat millimetres.
    """

    id: str
    size: tuple[float, float]
    markers: Mapping[int, Quad]
    zones: tuple[Zone, ...] = ()
    dictionary: str = ARUCO_DICTIONARY
    tag: str | None = None
    tag_box: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class MatPose:
    """Where a mat lies in one frame.

    Attributes:
        mat: The mat's id.
        to_mm: Homography (3 x 3) from frame pixels to mat millimetres.
        outline: The mat's corners in frame pixels (for the overlay).
        markers: Ids of the markers seen.
        error_mm: Root-mean-square distance between the seen marker corners
            mapped into the mat and where they are printed, in millimetres.
        in_view: Share of the mat's area inside the frame (1.0: all of it).
    """

    mat: str
    to_mm: FloatArray = field(repr=False)
    outline: Quad
    markers: tuple[int, ...]
    error_mm: float
    in_view: float = 1.0

    def map(self, point: Point) -> Point:
        """A frame point in this mat's millimetres."""
        p = cv2.perspectiveTransform(np.array([[point]], np.float64), self.to_mm)[0, 0]
        return float(p[0]), float(p[1])

    def covers(self, point: Point, spec: MatSpec) -> bool:
        """True when the frame point lies on the mat."""
        x, y = self.map(point)
        return 0 <= x <= spec.size[0] and 0 <= y <= spec.size[1]


@cache
def _detector(dictionary: str) -> cv2.aruco.ArucoDetector:
    name = getattr(cv2.aruco, dictionary, None)
    if name is None:
        raise ValueError(f"unknown ArUco dictionary {dictionary!r}")
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(name), params)


def find_markers(frame: U8Array, dictionary: str = ARUCO_DICTIONARY) -> dict[int, FloatArray]:
    """Every ArUco marker in the frame: id -> its corners (4, 2) in frame pixels."""
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = _detector(dictionary).detectMarkers(grey)
    if ids is None:
        return {}
    return {
        int(i): np.asarray(c, np.float64).reshape(4, 2)
        for i, c in zip(ids.ravel(), corners, strict=True)
    }


def locate_mats(frame: U8Array, specs: Sequence[MatSpec]) -> list[MatPose]:
    """The pose of every mat whose markers are in view.

    Args:
        frame: The frame, BGR or grey.
        specs: The game's mats.

    Returns:
        One pose per mat found, in the order of ``specs``.
    """
    seen: dict[str, dict[int, FloatArray]] = {}
    poses: list[MatPose] = []
    for spec in specs:
        if spec.dictionary not in seen:
            seen[spec.dictionary] = find_markers(frame, spec.dictionary)
        markers = seen[spec.dictionary]
        ids = sorted(i for i in spec.markers if i in markers)
        if len(ids) * 4 < _MIN_MARKER_POINTS:
            continue
        img = np.concatenate([markers[i] for i in ids])
        mm = np.concatenate([np.asarray(spec.markers[i], np.float64) for i in ids])
        if len(ids) == 1:
            to_mm = cv2.getPerspectiveTransform(img.astype(np.float32), mm.astype(np.float32))
        else:
            to_mm, _ = cv2.findHomography(img, mm, 0)
        if to_mm is None:
            continue
        mapped = cv2.perspectiveTransform(img.reshape(-1, 1, 2), to_mm).reshape(-1, 2)
        error = float(np.sqrt(np.mean(np.sum((mapped - mm) ** 2, axis=1))))
        w, h = spec.size
        corners = np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float64)
        outline = cv2.perspectiveTransform(corners, np.linalg.inv(to_mm)).reshape(4, 2)
        poses.append(
            MatPose(
                mat=spec.id,
                to_mm=np.asarray(to_mm),
                outline=tuple((float(x), float(y)) for x, y in outline),  # type: ignore[arg-type]
                markers=tuple(ids),
                error_mm=error,
                in_view=_share_in_view(outline, frame.shape[1], frame.shape[0]),
            )
        )
    return poses


def _share_in_view(outline: FloatArray, width: int, height: int) -> float:
    """Share of a mat's outline (frame pixels) that lies inside the frame."""
    quad = np.asarray(outline, np.float32).reshape(-1, 2)
    whole = abs(float(cv2.contourArea(quad)))
    if whole <= 0:
        return 0.0
    hull = cv2.convexHull(quad)
    frame = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    inside, _ = cv2.intersectConvexConvex(hull, frame)
    return min(1.0, max(0.0, float(inside) / whole))
