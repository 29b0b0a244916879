"""One piece drawn in a rectangle: its tag, its names in English and Chinese, its data.

Generic over ``engines.core.Component``: the title is ``names["en"]``, the
subtitle ``names["zh-Hant"]``, then one line per ``data`` item, and the tag at
the bottom. A ``gender`` item colours the top band (blue male, pink female, as
the Noah cards; rules spec ``noah.md`` §2).
"""

from __future__ import annotations

import re
from functools import lru_cache

from engines.core import Catalog, Component
from printables import payload, qr
from printables.faces import corner_text, data_lines
from printables.registry import PRINTED
from printables.sheet import GREY, LIGHT, Colour, Sheet

MALE: Colour = (45, 100, 210)
FEMALE: Colour = (225, 85, 150)
_GENDER = {"m": MALE, "male": MALE, "♂": MALE, "f": FEMALE, "female": FEMALE, "♀": FEMALE}


def tag_block_mm(sheet: Sheet, tag_mm: float, across: int = qr.MODULES) -> tuple[float, float]:
    """(symbol edge, symbol plus quiet zone) in mm for a tag of about ``tag_mm`` and
    ``across`` modules (``qr.modules`` of its payload)."""
    module = qr.module_px(tag_mm, sheet.settings.dpi, across)
    edge = across * module / sheet.settings.dpi * 25.4
    quiet = qr.QUIET_MODULES * module / sheet.settings.dpi * 25.4
    return edge, edge + 2 * quiet


def fit_tag_mm(sheet: Sheet, wanted_mm: float, room_mm: float, across: int = qr.MODULES) -> float:
    """The largest tag size up to ``wanted_mm`` whose symbol and quiet zone fit ``room_mm``."""
    size = wanted_mm
    while size > 5 and tag_block_mm(sheet, size, across)[1] > room_mm:
        size -= 0.5
    return size


def gender_colour(component: Component) -> Colour | None:
    value = component.data.get("gender")
    return _GENDER.get(str(value).strip().lower()) if value is not None else None


def draw_piece(
    sheet: Sheet,
    game: str,
    component: Component,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    tag_mm: float,
    details: bool = True,
) -> None:
    """Draw ``component`` filling the rectangle (``x``, ``y``, ``w``, ``h``) mm.

    Args:
        details: print the data lines (cards); False prints names only (labels).
    """
    sheet.rect(x, y, w, h, outline=LIGHT, width_mm=0.15)
    text = payload.printed(game, component)
    across = qr.modules(text)
    pad = min(2.5, w * 0.05)
    room = min(w - 2 * pad, h - 2 * pad)
    size = fit_tag_mm(sheet, tag_mm, room, across)
    edge, block = tag_block_mm(sheet, size, across)
    band = gender_colour(component)
    top = y + pad
    if band is not None:
        sheet.rect(x, y, w, min(5.0, h * 0.08), outline=None, fill=band)
        top += min(5.0, h * 0.08)
    text_bottom = y + h - pad - block
    sheet.tag(
        text,
        x + (w - edge) / 2,
        text_bottom + (block - edge) / 2,
        size,
    )
    if w >= 40:  # on a small token the id would crowd the tag's quiet zone
        sheet.text(x + w - 1.2, y + h - 1.0, component.id, size_mm=2.0, colour=GREY, anchor="rd")
    face = PRINTED[game].face
    badge = corner_text(face, component, face.badge)
    if badge:
        sheet.text(x + 1.5, y + h - 1.0, badge, size_mm=4.0, anchor="ld")
    corner = corner_text(face, component, face.corner) if details else None
    side = pad  # text keeps clear of a small corner value on both sides
    line = min(4.5, max(2.2, w / 14))
    if corner and text_bottom - top >= 25:
        top += sheet.text(x + 2.5, top, corner, size_mm=9.0) + 1.0
    elif corner:
        size_px = sheet.px(line * 1.2)
        side = pad + sheet.fonts.font(size_px).getlength(corner) / sheet.settings.dpi * 25.4 + 1
        sheet.text(x + pad, top, corner, size_mm=line * 1.2)
    room_h = text_bottom - top
    lines: list[tuple[str, float, bool]] = [(component.names.get("en", component.id), line, False)]
    zh = component.names.get("zh-Hant", "")
    if zh and sheet.fonts.cjk and not sheet.settings.english_only:
        lines.append((zh, line, True))
    if details:
        lines += [(text, line * 0.7, False) for text in data_lines(face, component)]
    cursor = top
    for text, size_mm, chinese in lines:
        if cursor + size_mm * 1.15 > top + room_h:
            break
        sheet.text(
            x + w / 2,
            cursor,
            text,
            size_mm=size_mm,
            chinese=chinese,
            anchor="ma",
            max_width_mm=w - 2 * side,
        )
        cursor += size_mm * 1.25


_BACK_NAME_MM = 4.5
"""Height a back's name takes above its tag: the 3.5 mm line and 1 mm of paper."""


def draw_back(
    sheet: Sheet,
    game: str,
    back: Component,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    tag_mm: float,
) -> None:
    """A card back: the game's name, the back's name and its back tag in the middle."""
    sheet.rect(x, y, w, h, outline=LIGHT, width_mm=0.15)
    text = payload.printed(game, back)
    across = qr.modules(text)
    pad = min(2.5, w * 0.05)
    # the name line above the tag (3.5 mm and a gap) stays clear of its quiet zone
    room = min(w - 2 * pad, h - 2 * (pad + _BACK_NAME_MM))
    size = fit_tag_mm(sheet, tag_mm, room, across)
    edge = tag_block_mm(sheet, size, across)[0]
    sheet.tag(text, x + (w - edge) / 2, y + (h - edge) / 2, size)
    name = back.names.get("en", back.id)
    sheet.text(x + w / 2, y + pad, name, size_mm=3.5, anchor="ma", max_width_mm=w - 2 * pad)
    sheet.text(x + w - 1.2, y + h - 1.0, back.id, size_mm=2.0, colour=GREY, anchor="rd")


_GENERIC_WORDS = frozenset({"back", "backs", "card", "cards", "of", "the", "a", "for"})


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


@lru_cache(maxsize=16)
def backs_of(catalog: Catalog) -> dict[str, Component]:
    """Which back each piece wears: piece id to its ``back`` component.

    A back's ``data["for"]`` lists the piece kinds or piece ids it backs. A
    back without ``for`` backs the cards and tiles whose English name shares a
    word with its own ("race card back" backs "hare race card"); a single such
    back also backs every card left over. A piece with no back prints
    single-sided (``docs/printing.md``).
    """
    result: dict[str, Component] = {}
    open_backs: list[Component] = []
    for back in catalog.of_kind("back"):
        claim = back.data.get("for")
        if claim is None:
            open_backs.append(back)
            continue
        names = {claim} if isinstance(claim, str) else {str(c) for c in claim}
        for comp in catalog:
            if (
                comp.kind != "back"
                and comp.id not in result
                and (comp.id in names or comp.kind in names)
            ):
                result[comp.id] = back
    for comp in catalog.of_kind("card", "tile"):
        if comp.id in result:
            continue
        words = _words(comp.names.get("en", "")) | {comp.kind}
        for back in open_backs:
            if (_words(back.names.get("en", "")) - _GENERIC_WORDS) & words:
                result[comp.id] = back
                break
    if len(open_backs) == 1:
        for comp in catalog.of_kind("card"):
            result.setdefault(comp.id, open_backs[0])
    return result
