"""QR tags: a payload drawn at a size in millimetres, as its grammar's symbol.

A text tag is a QR version 1 symbol at level H (drawn by ``qrcode``), a number tag
a Micro QR M2 symbol at level M (drawn by ``segno``, which draws Micro QR); see
``printables.payload`` for the grammars and ``docs/design.md`` "Components and
tags" (sizes are physics: modules per pixel at the camera decide what can be read).
"""

from __future__ import annotations

from functools import lru_cache

import qrcode
import segno
from PIL import ImageDraw
from qrcode.constants import ERROR_CORRECT_H

from printables import payload as payloads

MODULES = 21
"""Modules along one edge of a version 1 symbol."""

MICRO_MODULES = 13
"""Modules along one edge of a Micro QR M2 symbol."""

QUIET_MODULES = 2
"""Light modules kept clear around a tag. ISO asks 4; zxing-cpp and pyzbar read 2
reliably, and 2 keeps a 28 mm tag on a 38 mm label (measured by the round-trip tests)."""


def modules(text: str) -> int:
    """Modules along one edge of the symbol ``text`` prints as (21 or 13)."""
    return MICRO_MODULES if payloads.is_number_tag(text) else MODULES


@lru_cache(maxsize=4096)
def matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The module matrix of ``text`` (True is dark), without quiet zone: 13 x 13 (Micro
    QR M2, level M) for a number tag, else 21 x 21 (version 1, level H).

    Raises:
        ValueError: ``text`` does not fit its symbol.
    """
    if payloads.is_number_tag(text):
        micro = segno.make(
            text,
            micro=True,
            version=payloads.MICRO_VERSION,
            error=payloads.MICRO_EC_LEVEL,
            mode="numeric",
            boost_error=False,
        )
        return tuple(tuple(bool(v) for v in row) for row in micro.matrix)
    if len(text) > payloads.MAX_LENGTH:
        raise ValueError(f"{text!r} is longer than {payloads.MAX_LENGTH} characters")
    code = qrcode.QRCode(
        version=payloads.QR_VERSION, error_correction=ERROR_CORRECT_H, border=0, box_size=1
    )
    code.add_data(text, optimize=0)
    code.make(fit=False)
    rows = code.get_matrix()
    if len(rows) != MODULES:
        raise ValueError(f"{text!r} did not fit a version {payloads.QR_VERSION} symbol")
    return tuple(tuple(bool(v) for v in row) for row in rows)


def module_px(size_mm: float, dpi: int, across: int = MODULES) -> int:
    """Whole pixels per module for a tag of about ``size_mm`` and ``across`` modules;
    at least 1.

    Modules snap to whole pixels so every module prints the same width; the
    printed tag is then within half a module of ``size_mm``.
    """
    return max(1, round(size_mm / 25.4 * dpi / across))


def draw(draw: ImageDraw.ImageDraw, text: str, left: int, top: int, module: int) -> int:
    """Draw the symbol of ``text`` with its top-left module at (``left``, ``top``) px.

    Returns:
        The symbol's edge length in pixels (without quiet zone).
    """
    n = modules(text)
    for r, row in enumerate(matrix(text)):
        c = 0
        while c < n:
            if not row[c]:
                c += 1
                continue
            start = c
            while c < n and row[c]:
                c += 1
            draw.rectangle(
                (
                    left + start * module,
                    top + r * module,
                    left + c * module - 1,
                    top + (r + 1) * module - 1,
                ),
                fill=(0, 0, 0),
            )
    return n * module
