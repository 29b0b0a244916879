"""Fonts for printed text: a CJK font found on the system, or English only.

``.ci/run`` installs ``fonts-wqy-microhei`` (5 MB, Traditional and Simplified
Chinese plus Latin). Any font in ``CJK_CANDIDATES`` or one ``fc-match`` finds
for ``zh-tw`` works too; ``COMPANION_CJK_FONT`` names a file explicitly (or
``none`` to print English only). Without a CJK font the printables warn once,
clearly, and print English text only, never boxes of missing glyphs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

CJK_CANDIDATES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "C:/Windows/Fonts/msjh.ttc",
)
"""Where common CJK fonts live on Debian, macOS and Windows, in order of preference."""

LATIN_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
)

PROBE = "長頸鹿象熊貓"
"""Traditional characters a usable font must draw (giraffe, elephant, panda)."""

_NOT_A_CHARACTER = "\U0010fffd"
"""A private-use code point no font maps: rendering it shows the font's missing-glyph box."""


class MissingFontWarning(UserWarning):
    """No CJK font was found; Chinese text is left out."""


@dataclass(frozen=True)
class Fonts:
    """The fonts one print job uses.

    Attributes:
        latin: path of the font for English text ("" for Pillow's built-in).
        cjk: path of the CJK font, or None when Chinese is left out.
    """

    latin: str
    cjk: str | None

    def font(self, size_px: int, *, chinese: bool = False) -> ImageFont.FreeTypeFont:
        """A font at ``size_px`` pixels; the CJK one for Chinese text."""
        path = self.cjk if chinese and self.cjk else self.latin
        return _load(path, max(4, size_px))


@lru_cache(maxsize=256)
def _load(path: str, size: int) -> ImageFont.FreeTypeFont:
    if path:
        return ImageFont.truetype(path, size)
    font = ImageFont.load_default(size=size)
    if not isinstance(font, ImageFont.FreeTypeFont):
        raise RuntimeError("Pillow was built without FreeType; install a TrueType font")
    return font


def covers(path: str, text: str, size_px: int = 48) -> bool:
    """True when the font at ``path`` has a real glyph for every character of ``text``.

    A missing glyph renders as the font's .notdef box, identical to what the
    font draws for a code point nobody maps; a real glyph differs from it.
    """
    font = _load(path, size_px)
    box = bytes(font.getmask(_NOT_A_CHARACTER))
    for char in text:
        if char.isspace():
            continue
        if bytes(font.getmask(char)) == box:
            return False
    return True


def _fc_match() -> str | None:
    if shutil.which("fc-match") is None:
        return None
    try:
        out = subprocess.run(
            ["fc-match", "-f", "%{file}", ":lang=zh-tw"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def find_cjk_font(candidates: Sequence[str] = CJK_CANDIDATES, *, use_fc: bool = True) -> str | None:
    """The path of an installed font that draws Traditional Chinese, or None."""
    chosen = os.environ.get("COMPANION_CJK_FONT", "")
    if chosen.lower() == "none":
        return None
    paths = [chosen] if chosen else []
    paths += list(candidates)
    if use_fc and not chosen:
        found = _fc_match()
        if found:
            paths.append(found)
    for path in paths:
        if path and Path(path).is_file() and covers(path, PROBE):
            return path
    return None


def find_latin_font(cjk: str | None) -> str:
    """A sans-serif font for English text; the CJK font or Pillow's own when none is installed."""
    for path in LATIN_CANDIDATES:
        if Path(path).is_file():
            return path
    return cjk or ""


def system_fonts(*, english_only: bool = False) -> Fonts:
    """The fonts of this machine; warns with :class:`MissingFontWarning` when Chinese is lost."""
    cjk = None if english_only else find_cjk_font()
    if cjk is None and not english_only:
        warnings.warn(
            "no Chinese (CJK) font found: printing English text only. Install one "
            "(Debian/Ubuntu: apt-get install fonts-wqy-microhei) or set COMPANION_CJK_FONT "
            "to a .ttf/.ttc file",
            MissingFontWarning,
            stacklevel=2,
        )
    return Fonts(find_latin_font(cjk), cjk)
