"""Decode on the mat plane: each located mat rectified, read there, and mapped back.

A tag lying flat on a mat seen from a chair is foreshortened: its modules are shorter
across the line of sight than along it, and a decoder reads the shorter side. Once the
mats are located (their ArUco markers read far below the QR limit), each mat's visible
part is warped onto its own plane (:func:`rectify`): every tag on it is square again and
every module as wide as the frame's pixels allow, with the far side stretched to the near
side's scale by cubic interpolation. The detect stage reads the rectified image at native
resolution (its upscaled crops and refinement included), and each symbol's corners go
back to the frame through the mat's homography. What lies off every mat is left to a
pass over the whole frame.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.config import DetectConfig
from vision.decoders import Detection
from vision.detect import DetectResult, detect, merge, to_grey
from vision.mats import MatPose, MatSpec
from vision.micro import read_marks
from vision.types import Box, FloatArray, Quad, U8Array

_SAMPLES = 9  # mat points per side where the frame's scale is measured
_MARGIN_MM = 8.0  # mat kept around the visible part


@dataclass(frozen=True)
class Plane:
    """One mat's visible part, rectified.

    Attributes:
        mat: The mat's id.
        image: The rectified grey image: x right, y down as the mat is printed.
        scale: Pixels per mat millimetre of ``image``.
        origin: Mat millimetres of ``image``'s top-left pixel.
        to_frame: Homography from ``image`` pixels to frame pixels.
        frame_px_per_mm: Least and most frame pixels per mat millimetre over the
            visible part (the far and the near side of a tilted view), along the most
            shortened direction.
    """

    mat: str
    image: U8Array
    scale: float
    origin: tuple[float, float]
    to_frame: FloatArray
    frame_px_per_mm: tuple[float, float]

    def to_frame_quad(self, quad: Quad) -> Quad:
        """Corners in ``image`` pixels to frame pixels."""
        pts = cv2.perspectiveTransform(
            np.asarray(quad, np.float64).reshape(-1, 1, 2), self.to_frame
        )
        return tuple((float(x), float(y)) for x, y in pts.reshape(4, 2))  # type: ignore[return-value]


def jacobian_svs(to_frame: FloatArray, x: float, y: float) -> tuple[float, float]:
    """Least and most frame pixels per mat millimetre at mat point (x, y)."""
    least, most = jacobians_svs(to_frame, np.array([[x, y]], np.float64))[0]
    return float(least), float(most)


def jacobians_svs(to_frame: FloatArray, points: FloatArray) -> FloatArray:
    """Least and most frame pixels per mat millimetre at each mat point (N, 2): (N, 2)."""
    n = len(points)
    steps = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    pts = points[None] + steps[:, None]  # (3, N, 2): the point, a mm right, a mm down
    p = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), to_frame).reshape(3, n, 2)
    a, b = p[1] - p[0], p[2] - p[0]  # the Jacobian's columns
    # singular values of a 2 x 2 matrix in closed form
    frob = (a * a).sum(axis=1) + (b * b).sum(axis=1)
    det = a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]
    root = np.sqrt(np.maximum(frob * frob - 4 * det * det, 0.0))
    return np.stack([np.sqrt(np.maximum(frob - root, 0.0) / 2), np.sqrt((frob + root) / 2)], axis=1)


def visible_box(
    pose: MatPose, spec: MatSpec, size: tuple[int, int]
) -> tuple[tuple[float, float, float, float], tuple[float, float], float] | None:
    """The mat's part in view: its box in mat mm, the least and most frame px per mm
    there (along the most shortened direction) and the most along any direction.

    Returns:
        None when no part of the mat lies in the frame.
    """
    w, h = spec.size
    to_frame = np.linalg.inv(pose.to_mm)
    xs, ys = np.meshgrid(np.linspace(0, w, _SAMPLES), np.linspace(0, h, _SAMPLES))
    mm = np.stack([xs.ravel(), ys.ravel()], axis=1)
    px = cv2.perspectiveTransform(mm.reshape(-1, 1, 2), to_frame).reshape(-1, 2)
    fw, fh = size
    inside = (px[:, 0] >= 0) & (px[:, 0] < fw) & (px[:, 1] >= 0) & (px[:, 1] < fh)
    if not inside.any():
        return None
    seen = mm[inside]
    svs = jacobians_svs(to_frame, seen)
    least, most_short, most = float(svs[:, 0].min()), float(svs[:, 0].max()), float(svs[:, 1].max())
    step_x, step_y = w / (_SAMPLES - 1), h / (_SAMPLES - 1)
    x0 = max(0.0, float(seen[:, 0].min()) - step_x - _MARGIN_MM)
    y0 = max(0.0, float(seen[:, 1].min()) - step_y - _MARGIN_MM)
    x1 = min(w, float(seen[:, 0].max()) + step_x + _MARGIN_MM)
    y1 = min(h, float(seen[:, 1].max()) + step_y + _MARGIN_MM)
    return (x0, y0, x1, y1), (least, most_short), most


def rectify(grey: U8Array, pose: MatPose, spec: MatSpec, scale: float) -> Plane | None:
    """The visible part of a mat warped onto its plane at ``scale`` px per mm.

    Returns:
        None when no part of the mat lies in the frame.
    """
    found = visible_box(pose, spec, (grey.shape[1], grey.shape[0]))
    if found is None:
        return None
    (x0, y0, x1, y1), span, _ = found
    width, height = max(1, round((x1 - x0) * scale)), max(1, round((y1 - y0) * scale))
    # plane pixel -> mat mm -> frame pixel
    to_mm = np.array([[1 / scale, 0, x0], [0, 1 / scale, y0], [0, 0, 1]])
    to_frame = np.linalg.inv(pose.to_mm) @ to_mm
    image = cv2.warpPerspective(
        grey,
        to_frame,
        (width, height),
        flags=cv2.INTER_CUBIC | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return Plane(spec.id, np.asarray(image), scale, (x0, y0), to_frame, span)


def plane_scale(
    poses: Sequence[MatPose], specs: Sequence[MatSpec], size: tuple[int, int], config: DetectConfig
) -> dict[str, float]:
    """Each mat's rectification scale, px per mm: the finest the frame shows it at,
    within the pixel budget of ``config.plane_pixels`` times the frame's."""
    spec_of = {s.id: s for s in specs}
    wanted: dict[str, tuple[float, float]] = {}
    for pose in poses:
        found = visible_box(pose, spec_of[pose.mat], size)
        if found is None:
            continue
        (x0, y0, x1, y1), _, most = found
        wanted[pose.mat] = (most, (x1 - x0) * (y1 - y0))
    total = sum(s * s * area for s, area in wanted.values())
    budget = config.plane_pixels * size[0] * size[1]
    shrink = min(1.0, (budget / total) ** 0.5) if total else 1.0
    return {mat: s * shrink for mat, (s, _) in wanted.items()}


def _plane_blur(plane: Plane, lens_blur_px: float) -> Callable[[float, float], float]:
    """The lens blur at a plane point, in plane pixels: the frame's sigma divided by the
    frame pixels one plane pixel spans there along its most shortened direction (a far
    side rectified at the near side's scale is stretched, and its blur with it)."""

    def blur_at(x: float, y: float) -> float:
        least, most = jacobian_svs(plane.to_frame, x, y)
        return lens_blur_px / max(np.sqrt(least * most), 1e-3)

    return blur_at


def _on_frame(d: Detection, plane: Plane) -> Detection:
    return dataclasses.replace(d, corners=plane.to_frame_quad(d.corners))


@dataclass(frozen=True)
class PlaneResult:
    """What the mat planes and the whole frame gave.

    Attributes:
        detected: Every code read (frame pixels), merged: the planes' first.
        planes: The rectified mats.
    """

    detected: DetectResult
    planes: tuple[Plane, ...]


def detect_on_mats(
    frame: U8Array,
    poses: Sequence[MatPose],
    specs: Sequence[MatSpec],
    config: DetectConfig,
    codebook: tuple[str, ...] = (),
) -> PlaneResult:
    """Read each located mat on its plane, and the whole frame for what lies off the mats.

    Args:
        frame: BGR or grey pixels.
        poses: The mats found in the frame.
        specs: The game's mats.
        config: Detect thresholds (the planes are read with the upscaled pass and the
            refinement at their own resolution, whatever their size).
        codebook: The number tags a piece may carry (``GameVision.numbers``): a tag-like
            patch on a mat that no decoder read is read against them
            (:func:`vision.micro.read_marks`) before it is reported unread.

    Returns:
        The merged detections and unread symbols in frame pixels, and the planes.
    """
    grey = to_grey(frame)
    size = (grey.shape[1], grey.shape[0])
    spec_of = {s.id: s for s in specs}
    scales = plane_scale(poses, specs, size, config)
    native = dataclasses.replace(config, upscale_max_pixels=10**12)
    planes: list[Plane] = []
    groups: list[list[Detection]] = []
    unread: list[Quad] = []
    seconds: dict[str, float] = {}
    candidates = 0
    for pose in poses:
        if pose.mat not in scales:
            continue
        plane = rectify(grey, pose, spec_of[pose.mat], scales[pose.mat])
        if plane is None:
            continue
        planes.append(plane)
        # a plane stretched past 1.5 times the frame's scale shows its far tags' modules
        # (and their blur) at 5 px and more: its finders need the wider windows too
        stretched = plane.scale > 1.5 * plane.frame_px_per_mm[0]
        blocks = (
            native
            if stretched
            else dataclasses.replace(native, finder_blocks_px=(config.block_px,))
        )
        found = detect(plane.image, blocks, _plane_blur(plane, config.lens_blur_px))
        groups.append([_on_frame(d, plane) for d in found.detections])
        unread += [plane.to_frame_quad(q) for q in found.unread]
        candidates += found.candidates
        for stage, t in found.seconds.items():
            seconds[f"plane-{stage}"] = seconds.get(f"plane-{stage}", 0.0) + t
    whole = detect(grey, dataclasses.replace(config, refine=False, upscale=1.0))
    for stage, t in whole.seconds.items():
        seconds[stage] = seconds.get(stage, 0.0) + t
    merged = merge([*groups, list(whole.detections)])
    kept_unread = [q for q in unread if not _covered(q, merged)]
    t = time.process_time()
    for plane in planes:
        boxes = mark_boxes(plane, spec_of[plane.mat], [*(d.corners for d in merged), *kept_unread])
        read = read_marks(plane.image, boxes, codebook, config)
        merged = merge([merged, [_on_frame(d, plane) for _, d in read]])
        taken = {i for i, _ in read}
        kept_unread += [
            plane.to_frame_quad(_box_quad(b)) for i, b in enumerate(boxes) if i not in taken
        ]
    if codebook:
        seconds["codebook"] = time.process_time() - t
    return PlaneResult(
        DetectResult(tuple(merged), candidates, tuple(kept_unread), seconds), tuple(planes)
    )


def _covered(quad: Quad, detections: Sequence[Detection]) -> bool:
    """True when a decoded symbol lies where ``quad`` is (read on another plane)."""
    cx = sum(x for x, _ in quad) / 4
    cy = sum(y for _, y in quad) / 4
    return any(np.hypot(d.center[0] - cx, d.center[1] - cy) < 0.5 * d.side for d in detections)


MARK_MM = (10.0, 210.0)
"""Smallest and largest side (mm) of a dark patch taken for a tag that could not be read:
the smallest printed tag with its quiet zone is 15 mm (the calibration sheet's), the largest
100 mm, and up to two tags side by side blur into one patch."""

MARK_DARKNESS = 0.7
"""A mark is darker than this share of the paper around it: a QR symbol is half dark, so
even blurred past reading its area stays near half as bright as its paper (0.5-0.6 in the
table photos), while the mats' zone fills print at 80-96% of white (Map A's rock and water
hexes the darkest)."""

MARK_FILL = 0.25
"""Least share of its bounding box a mark covers: a square at any angle covers half, and
tags laid a quiet zone apart blur into one patch that may turn a corner (an L of fanned
cards covers a third of its box)."""

MARK_ASPECT = 5.0
"""Longest ratio of a mark's sides: a row of up to five tags a quiet zone apart."""


def _box_quad(box: Box) -> Quad:
    x0, y0, x1, y1 = box
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def mark_boxes(plane: Plane, spec: MatSpec, known: Sequence[Quad]) -> list[Box]:
    """Tag-like patches on a mat that no decoder read: where a piece lies unread.

    At 1 px per mm of the mat, a patch darker than its paper (:data:`MARK_DARKNESS`),
    of a tag's size (:data:`MARK_MM`) and square enough (:data:`MARK_FILL`), away from the
    mat's markers, its own tag and every symbol already read or reported, with its centre
    in one of the mat's zones, is a symbol the camera sees but cannot read.

    Args:
        plane: The rectified mat.
        spec: The mat (its markers and its own tag are not pieces).
        known: Outlines (frame pixels) of the symbols read or already reported.

    Returns:
        The marks' boxes (x0, y0, x1, y1) in ``plane.image`` pixels.
    """
    small = cv2.resize(
        plane.image,
        (
            max(1, round(plane.image.shape[1] / plane.scale)),
            max(1, round(plane.image.shape[0] / plane.scale)),
        ),
        interpolation=cv2.INTER_AREA,
    ).astype(np.float32)
    x0, y0 = plane.origin
    paper = cv2.GaussianBlur(cv2.dilate(small, np.ones((41, 41), np.uint8)), (0, 0), 5)
    below: U8Array = (small < MARK_DARKNESS * paper).astype(np.uint8)
    opened = cv2.morphologyEx(below, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    dark: U8Array = np.asarray(cv2.morphologyEx(opened, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8)))
    to_small = np.linalg.inv(plane.to_frame)
    to_small = np.diag([1 / plane.scale, 1 / plane.scale, 1.0]) @ to_small
    for quad in known:
        pts = cv2.perspectiveTransform(np.asarray(quad, np.float64).reshape(-1, 1, 2), to_small)
        centre = pts.reshape(4, 2).mean(axis=0)
        grown = centre + (pts.reshape(4, 2) - centre) * 1.35  # the quiet zone and a margin
        cv2.fillConvexPoly(dark, np.round(grown).astype(np.int32), 0)
    boxes = [tuple(np.asarray(q)) for q in spec.markers.values()]
    if spec.tag_box is not None:
        tx0, ty0, tx1, ty1 = spec.tag_box
        boxes.append(((tx0, ty0), (tx1, ty0), (tx1, ty1), (tx0, ty1)))
    for box in boxes:
        pts = np.asarray(box, np.float64) - (x0, y0)
        lo, hi = pts.min(axis=0) - 6, pts.max(axis=0) + 6
        cv2.rectangle(dark, tuple(int(v) for v in lo), tuple(int(v) for v in hi), 0, -1)
    _, _, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    lo_mm, hi_mm = MARK_MM
    found: list[Box] = []
    for x, y, w, h, area in stats[1:]:
        if min(w, h) < lo_mm or max(w, h) > hi_mm or area < MARK_FILL * w * h:
            continue
        centre = (x0 + x + w / 2, y0 + y + h / 2)
        if not any(z.contains(centre) for z in spec.zones):
            continue  # pieces lie in zones; the band holds the mat's title and markers
        if max(w, h) > MARK_ASPECT * min(w, h):
            continue
        s = plane.scale
        found.append((float(x * s), float(y * s), float((x + w) * s), float((y + h) * s)))
    return found
