"""A strip of printed number tags seen by a camera, for the codebook reading's tests and bench.

Each tag is drawn as the printables draw it (``printables.qr.matrix``: Micro QR M2 with its
2-module quiet zone), dark ink on light paper, turned at random, at a given size in frame
pixels per module; the strip then goes through the table photos' optics
(:func:`testkit.table_photo.optics`: uneven light, lens blur, sensor noise, JPEG 80). Each
tag comes with its symbol's bounding box: the dark patch a mat's search
(:func:`vision.plane.mark_boxes`) finds where a tag lies unread.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from printables import qr
from testkit.table_photo import Camera, optics, paste
from vision.detect import to_grey
from vision.types import Box, U8Array

_FINE = 16  # pixels a module as drawn, before the strip is warped to its size


def number_tag_strip(
    texts: Sequence[str], module_px: float, seed: int, blur_sigma: float = 1.5
) -> tuple[U8Array, list[Box]]:
    """``texts`` in a row, each at ``module_px`` pixels a module; the grey strip and each
    symbol's box (x0, y0, x1, y1)."""
    rng = np.random.default_rng(seed)
    spacing = int(30 * module_px)
    canvas = np.full((spacing + 40, spacing * len(texts) + 40), 225.0, np.float32)
    boxes: list[Box] = []
    for k, text in enumerate(texts):
        bits = np.pad(np.array(qr.matrix(text), np.float32), qr.QUIET_MODULES)
        fine = cv2.resize(
            np.where(bits > 0, 35.0, 225.0).astype(np.float32),
            None,
            fx=_FINE,
            fy=_FINE,
            interpolation=cv2.INTER_NEAREST,
        )
        angle = float(rng.uniform(0, 360))
        centre = np.array([20 + spacing * (k + 0.5), 20 + spacing / 2])
        to_canvas = cv2.getRotationMatrix2D((0, 0), angle, module_px / _FINE)
        to_canvas[:, 2] = centre - to_canvas[:, :2] @ (np.array(fine.shape[::-1]) / 2)
        paste(canvas, fine, to_canvas)
        half = qr.MICRO_MODULES * module_px / 2
        square = np.array([[[-half, -half], [half, -half], [half, half], [-half, half]]])
        corners = cv2.transform(square, cv2.getRotationMatrix2D((0, 0), angle, 1.0))[0] + centre
        (x0, y0), (x1, y1) = corners.min(axis=0), corners.max(axis=0)
        boxes.append((float(x0), float(y0), float(x1), float(y1)))
    return to_grey(optics(canvas, Camera(blur_sigma=blur_sigma), rng)), boxes
