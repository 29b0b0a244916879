"""Where a synthetic scene lays tags: one tagged piece on a mat, and spots in a zone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vision.types import Point


@dataclass(frozen=True)
class PlacedTag:
    """One tagged piece where a synthetic scene draws it.

    Attributes:
        piece: Catalog id.
        mat: Key of the mat it lies on.
        mm: Its centre in that mat's millimetres.
        angle: Rotation in degrees (0 = upright as printed).
    """

    piece: str
    mat: str
    mm: tuple[float, float]
    angle: float = 0.0


def grid(polygon: Sequence[tuple[float, float]], count: int, pitch: float = 27.0) -> list[Point]:
    """``count`` spots a tag pitch apart inside a zone's bounding box, row by row (mat mm).

    Raises:
        ValueError: the zone is too small for that many tags.
    """
    xs = [x for x, _ in polygon]
    ys = [y for _, y in polygon]
    cols = max(int((max(xs) - min(xs)) // pitch), 1)
    rows = max(int((max(ys) - min(ys)) // pitch), 1)
    if count > cols * rows:
        raise ValueError(f"{count} tags do not fit a zone of {cols} x {rows} spots")
    x0 = min(xs) + (max(xs) - min(xs) - cols * pitch) / 2 + pitch / 2
    y0 = min(ys) + (max(ys) - min(ys) - rows * pitch) / 2 + pitch / 2
    return [(x0 + (i % cols) * pitch, y0 + (i // cols) * pitch) for i in range(count)]
