"""Overlay: the frame with every tag boxed and the mats outlined.

Green boxes are placed pieces, labelled with their id; red boxes are codes
that were not used, labelled with the reason; amber boxes are symbols seen
but not decoded. Mats are outlined in blue with their id.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.mats import MatPose
from vision.reading import TableReading
from vision.types import Quad, U8Array

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


def draw(frame: U8Array, reading: TableReading, poses: tuple[MatPose, ...] = ()) -> U8Array:
    """A copy of the frame with the reading drawn on it.

    Args:
        frame: The frame the reading was made from, BGR or grey.
        reading: Its reading.
        poses: The mats found, to outline.

    Returns:
        The annotated BGR image.
    """
    img = frame.copy() if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    thick = max(1, round(max(img.shape[:2]) / 1000))
    for pose in poses:
        _box(img, pose.outline, BLUE, f"mat {pose.mat}", thick + 1)
    flagged: set[tuple[float, ...]] = set()
    for issue in reading.issues:
        colour = AMBER if issue.code == "vision.unreadable_tag" else RED
        for quad in issue.corners:
            flagged.add(tuple(np.ravel(quad)))
            _box(img, quad, colour, LABELS.get(issue.code, issue.code), thick)
    for p in reading.placements:
        if tuple(np.ravel(p.corners)) in flagged:
            continue
        _box(img, p.corners, GREEN, p.piece + (" (back)" if p.back else ""), thick)
    return img
