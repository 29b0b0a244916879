"""QR codes for the join links, drawn as inline SVG."""

from __future__ import annotations

import qrcode
import qrcode.constants
import qrcode.image.svg
from markupsafe import Markup


def qr_svg(text: str) -> Markup:
    """An SVG QR code of ``text`` (medium error correction), ready to inline in a page."""
    qr = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        border=2,
        image_factory=qrcode.image.svg.SvgPathImage,
    )
    qr.add_data(text)
    qr.make(fit=True)
    svg = qr.make_image().to_string(encoding="unicode")
    return Markup(svg)  # drawn by qrcode from our own link: safe to inline
