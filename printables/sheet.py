"""A page being drawn: a white raster with millimetre coordinates, text, tags and cut marks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from printables import qr
from printables.fonts import Fonts
from printables.pdf import Page
from printables.settings import Settings

Colour = tuple[int, int, int]
Progress = Callable[[], None]
"""Called once per finished sheet."""
BLACK: Colour = (0, 0, 0)
GREY: Colour = (110, 110, 110)
LIGHT: Colour = (200, 200, 200)


def has_cjk(text: str) -> bool:
    """True when ``text`` holds a character from the CJK blocks (U+2E80 on, fullwidth forms)."""
    return any("\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\uffef" for ch in text)


@dataclass
class Sheet:
    """One page: draw in millimetres from the top-left corner of the paper."""

    settings: Settings
    fonts: Fonts
    width_mm: float
    height_mm: float
    image: Image.Image = field(init=False)
    draw: ImageDraw.ImageDraw = field(init=False)
    coloured: bool = field(default=False, init=False)
    """True once anything not grey was drawn; grey pages are written as greyscale."""

    def __post_init__(self) -> None:
        size = (self.px(self.width_mm), self.px(self.height_mm))
        self.image = Image.new("RGB", size, (255, 255, 255))
        self.draw = ImageDraw.Draw(self.image)

    @classmethod
    def paper(cls, settings: Settings, fonts: Fonts) -> Sheet:
        """A blank sheet of the settings' paper."""
        return cls(settings, fonts, settings.sheet.width_mm, settings.sheet.height_mm)

    def px(self, mm: float) -> int:
        return self.settings.px(mm)

    def page(self) -> Page:
        """The finished page; greyscale when nothing coloured was drawn (smaller, faster)."""
        image = self.image if self.coloured else self.image.convert("L")
        return Page(image, self.width_mm, self.height_mm)

    def _ink(self, *colours: Colour | None) -> None:
        if any(c is not None and not c[0] == c[1] == c[2] for c in colours):
            self.coloured = True

    # -- drawing ----------------------------------------------------------------

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        outline: Colour | None = BLACK,
        fill: Colour | None = None,
        width_mm: float = 0.2,
    ) -> None:
        self._ink(outline, fill)
        self.draw.rectangle(
            (self.px(x), self.px(y), self.px(x + w) - 1, self.px(y + h) - 1),
            outline=outline,
            fill=fill,
            width=max(1, self.px(width_mm)) if outline else 0,
        )

    def line(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        *,
        colour: Colour = BLACK,
        width_mm: float = 0.2,
    ) -> None:
        self._ink(colour)
        self.draw.line(
            (self.px(x0), self.px(y0), self.px(x1), self.px(y1)),
            fill=colour,
            width=max(1, self.px(width_mm)),
        )

    def polygon(
        self,
        points: list[tuple[float, float]],
        *,
        outline: Colour = BLACK,
        fill: Colour | None = None,
        width_mm: float = 0.4,
    ) -> None:
        self._ink(outline, fill)
        pts = [(self.px(x), self.px(y)) for x, y in points]
        self.draw.polygon(pts, outline=outline, fill=fill, width=max(1, self.px(width_mm)))

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size_mm: float = 3.5,
        chinese: bool = False,
        colour: Colour = BLACK,
        anchor: str = "la",
        max_width_mm: float | None = None,
    ) -> float:
        """Draw ``text`` at (``x``, ``y``) mm; shrinks it to fit ``max_width_mm``.

        Text with Chinese characters uses the CJK font; without one (or with
        ``english_only``) it is left out rather than drawn as empty boxes.

        Returns:
            The height used, in mm (0 when ``text`` is empty).
        """
        if has_cjk(text):
            if self.fonts.cjk is None or self.settings.english_only:
                return 0.0
            chinese = True
        if not text:
            return 0.0
        self._ink(colour)
        size = self.px(size_mm)
        font = self.fonts.font(size, chinese=chinese)
        if max_width_mm is not None:
            limit = self.px(max_width_mm)
            while size > 6 and font.getlength(text) > limit:
                size = int(size * 0.9)
                font = self.fonts.font(size, chinese=chinese)
        self.draw.text((self.px(x), self.px(y)), text, font=font, fill=colour, anchor=anchor)
        return size / self.settings.dpi * 25.4

    def tag(self, payload: str, x: float, y: float, size_mm: float) -> float:
        """Draw the QR tag of ``payload`` with its symbol's top-left at (``x``, ``y``) mm.

        The caller leaves ``qr.QUIET_MODULES`` light modules around it.

        Returns:
            The symbol's real edge in mm (modules snap to whole pixels).
        """
        module = qr.module_px(size_mm, self.settings.dpi, qr.modules(payload))
        left, top = self.px(x), self.px(y)
        edge = qr.draw(self.draw, payload, left, top, module)
        return edge / self.settings.dpi * 25.4

    def cut_marks(self, xs: list[float], ys: list[float]) -> None:
        """Cut marks in the margins at the grid lines ``xs`` and ``ys`` (mm).

        Marks stop 1 mm short of the grid so no stray line shows on a piece.
        """
        length = self.settings.cut_mark_mm
        top, bottom = min(ys), max(ys)
        left, right = min(xs), max(xs)
        for x in xs:
            self.line(x, top - 1 - length, x, top - 1, colour=GREY)
            self.line(x, bottom + 1, x, bottom + 1 + length, colour=GREY)
        for y in ys:
            self.line(left - 1 - length, y, left - 1, y, colour=GREY)
            self.line(right + 1, y, right + 1 + length, y, colour=GREY)
