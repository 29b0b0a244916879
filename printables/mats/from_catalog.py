"""Mats whose geometry a game's catalog gives, and matching catalog mats to built-in layouts.

A ``mat`` or ``board`` component that carries ``data["size_mm"]`` and zones
(``data["zones"]``: a mapping of zone name to polygon, or a list of
``{"zone": name, "polygon_mm": [...]}``; and/or ``data["hexes"]``: a list of
``{"hex": [col, row], "polygon_mm": [...], ...}``) is printed from that
geometry: the catalog is the single source of where zones are. The printed
mat adds the marker band around it; ``MatLayout.catalog_offset`` says where
the catalog's origin lies on the printed mat, so ``MatLayout.to_catalog``
turns mat millimetres into the catalog's own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import Catalog, Component
from printables.mats.geometry import BAND_MM, MatLayout, Point, Zone

_HEX_WORDS = {
    "reputation": "+2 rep",
    "x_token": "X",
    "money5": "$5",
    "money10": "$10",
    "money_5": "$5",
    "money_10": "$10",
}


def _points(raw: Any) -> tuple[Point, ...]:
    return tuple((float(p[0]), float(p[1])) for p in raw)


def _zone_items(raw: Any) -> list[tuple[str, tuple[Point, ...], dict[str, Any]]]:
    if isinstance(raw, Mapping):
        return [(str(name), _points(poly), {}) for name, poly in raw.items()]
    items = []
    for entry in raw or ():
        name = entry.get("zone") or entry.get("key") or entry.get("name")
        poly = entry.get("polygon_mm") or entry.get("polygon")
        rest = {
            k: v
            for k, v in entry.items()
            if k not in ("zone", "key", "name", "polygon_mm", "polygon")
        }
        items.append((str(name), _points(poly), rest))
    return items


def _hex_label(entry: Mapping[str, Any]) -> str:
    words = []
    terrain = entry.get("terrain")
    if terrain and terrain != "land":
        words.append(str(terrain))
    bonus = entry.get("bonus")
    if bonus:
        words.append(_HEX_WORDS.get(str(bonus), str(bonus)))
    if entry.get("upgrade_only"):
        words.append("II")
    return " ".join(words)


def has_geometry(component: Component) -> bool:
    """True when the component's data describes a mat to print."""
    data = component.data
    return (
        component.kind in ("mat", "board")
        and "size_mm" in data
        and ("zones" in data or "hexes" in data)
    )


def layout_from(game: str, component: Component) -> MatLayout:
    """The printed mat of a catalog component with geometry (see the module docstring)."""
    data = component.data
    raw: list[tuple[str, str, tuple[Point, ...], str, dict[str, Any]]] = []
    for entry in data.get("hexes") or ():
        col, row = entry["hex"]
        rest = {k: v for k, v in entry.items() if k not in ("polygon_mm", "polygon")}
        rest.setdefault("col", col)
        rest.setdefault("row", row)
        poly = _points(entry.get("polygon_mm") or entry.get("polygon"))
        raw.append((f"hex_{col}_{row}", _hex_label(entry), poly, "hex", rest))
    for name, poly, rest in _zone_items(data.get("zones")):
        raw.append((name, name.replace("_", " "), poly, "area", rest))
    width, height = (float(v) for v in data["size_mm"])
    xs = [p[0] for *_, poly, _, _ in raw for p in poly]
    ys = [p[1] for *_, poly, _, _ in raw for p in poly]
    dx = max(0.0, BAND_MM - min(xs, default=BAND_MM))
    dy = max(0.0, BAND_MM - min(ys, default=BAND_MM))
    zones = tuple(
        Zone(
            key, label, tuple((round(x + dx, 3), round(y + dy, 3)) for x, y in poly), kind, "", rest
        )
        for key, label, poly, kind, rest in raw
    )
    printed_w = max(width + dx, max(xs, default=0.0) + dx + BAND_MM)
    printed_h = max(height + dy, max(ys, default=0.0) + dy + BAND_MM)
    return MatLayout(
        game,
        component.id.lower(),
        {
            "en": component.names.get("en", component.id),
            "zh-Hant": component.names.get("zh-Hant", ""),
        },
        round(printed_w, 2),
        round(printed_h, 2),
        zones,
        piece_id=component.id,
        catalog_offset=(dx, dy),
    )


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"[a-z0-9]+", text.lower())) + " "


def match(builtins: Sequence[MatLayout], candidates: Sequence[Component]) -> dict[str, Component]:
    """Built-in layout key to the catalog component it stands for.

    A component matches when its ``data["layout"]`` is the layout's key, else
    when its English name contains one of the layout's aliases as words; a
    single layout and a single component pair up.
    """
    taken: dict[str, Component] = {}

    def free(comp: Component) -> bool:
        return all(c.id != comp.id for c in taken.values())

    for mat in builtins:
        for comp in candidates:
            if comp.data.get("layout") == mat.key and free(comp):
                taken[mat.key] = comp
                break
    for mat in builtins:
        if mat.key in taken:
            continue
        for comp in candidates:
            name = _words(comp.names.get("en", ""))
            if (
                free(comp)
                and "layout" not in comp.data
                and any(f" {a} " in name for a in mat.aliases)
            ):
                taken[mat.key] = comp
                break
    left = [c for c in candidates if free(c)]
    if len(builtins) == 1 and not taken and len(left) == 1:
        taken[builtins[0].key] = left[0]
    return taken


def game_mats(game: str, catalog: Catalog | None, builtins: Sequence[MatLayout]) -> list[MatLayout]:
    """The mats ``game`` prints: the catalog's own geometry first, then built-in layouts.

    Without a catalog every built-in layout prints. With one, a built-in layout
    prints when a catalog mat or board without geometry matches it, or when the
    catalog has no mat geometry of its own.
    """
    from dataclasses import replace

    if catalog is None:
        return list(builtins)
    comps = catalog.of_kind("mat", "board")
    own = [layout_from(game, c) for c in comps if has_geometry(c)]
    plain = [c for c in comps if not has_geometry(c)]
    paired = match(builtins, plain)
    kept = [replace(m, piece_id=paired[m.key].id) if m.key in paired else m for m in builtins]
    if own:
        kept = [m for m in kept if m.piece_id is not None]
    return own + kept
