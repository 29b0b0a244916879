"""Array and geometry aliases shared by the vision stages."""

from __future__ import annotations

from typing import Any

import numpy.typing as npt

U8Array = npt.NDArray[Any]
"""An 8-bit image: grey (H, W) or BGR (H, W, 3), dtype uint8.

Typed loosely because OpenCV's stubs return untyped arrays from every call.
"""

FloatArray = npt.NDArray[Any]
"""A float array (images in 0..1, coordinates, homographies)."""

Point = tuple[float, float]
"""A point in image pixels (x right, y down) or in mat millimetres."""

Quad = tuple[Point, Point, Point, Point]
"""Four corners, clockwise in the image as the code is printed: top-left first."""

Box = tuple[float, float, float, float]
"""An upright box in image pixels: x0, y0, x1, y1."""
