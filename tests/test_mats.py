"""Mat geometry and fiducials: zones clear of the markers, and the homography a camera
recovers from the printed markers maps every zone corner within 1 mm (issue 8)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from printables.document import catalog_for
from printables.fonts import system_fonts
from printables.mat_sheets import draw_mat, mat_pages, tiling
from printables.mats import BAND_MM, all_mats, layout, marker_table, mats_for, mats_of
from printables.mats.from_catalog import has_geometry
from printables.settings import Settings
from tests.printables_support import catalog_games, find_markers

DPI = 100  # 0.25 mm per pixel: enough to show a 1 mm error, fast to draw


def test_marker_ids_are_unique_and_in_the_dictionary() -> None:
    table = marker_table()
    assert len(table) == sum(len(m.markers) for m in all_mats())
    assert max(table) < 246


@pytest.mark.parametrize("mat", all_mats(), ids=[f"{m.game}.{m.key}" for m in all_mats()])
def test_zones_lie_inside_the_marker_band(mat: object) -> None:
    from printables.mats import MatLayout

    assert isinstance(mat, MatLayout)
    keys = [z.key for z in mat.zones]
    assert len(keys) == len(set(keys))
    for zone in mat.zones:
        for x, y in zone.polygon:
            assert BAND_MM - 0.01 <= x <= mat.width_mm - BAND_MM + 0.01, (zone.key, x)
            assert BAND_MM - 0.01 <= y <= mat.height_mm - BAND_MM + 0.01, (zone.key, y)
        assert mat.zone_at(zone.centre) is zone


def test_the_pentagon_prints_its_docks_as_players_count_them() -> None:
    """Zone keys and data keep the engine's docks 0-4; the printed labels say 1-5, as the
    pages do, in both languages."""
    docks = [z for z in layout("noah", "pentagon").zones if z.kind == "dock"]
    assert [z.data["dock"] for z in docks] == [0, 1, 2, 3, 4]
    assert [z.label for z in docks] == [f"dock {n}" for n in range(1, 6)]
    assert [z.label_zh for z in docks] == [f"碼頭 {n}" for n in range(1, 6)]


def test_games_have_the_zones_their_rules_name() -> None:
    assert {f"dock{i}" for i in range(5)} <= {z.key for z in layout("noah", "pentagon").zones}
    river = {z.key for m in mats_of("niagara") for z in m.zones}
    assert {"HOME", "M1", "M5", "L6", "L7", "R6", "R7"} <= river
    hollows = [
        z for m in mats_of("niagara") for z in m.zones if "hollow" in (z.key + z.kind).lower()
    ]
    assert len(hollows) == 5
    assert [m.key for m in mats_of("ark_nova")] == ["mapa1", "mapa2", "mapa3", "mapa4"]
    hexes = [z for z in layout("ark_nova", "mapa2").zones if z.kind == "hex"]
    assert len(hexes) == 58
    terrain = [z.data.get("class", z.data.get("terrain")) for z in hexes]
    assert (terrain.count("rock"), terrain.count("water")) == (7, 9)
    race = layout("hare_tortoise", "race")
    assert [race.zone(f"T{p}").data["position"] for p in range(1, 12)] == list(range(1, 12))
    assert layout("hare_tortoise", "race").zone("podium1").data["place"] == 1
    assert {m.key for m in mats_of("animals_on_board")} == {
        "centre",
        "ark1",
        "ark2",
        "ark3",
        "ark4",
    }


@pytest.mark.parametrize("mat", all_mats(), ids=[f"{m.game}.{m.key}" for m in all_mats()])
def test_fiducial_homography_maps_zones_within_a_millimetre(mat: object) -> None:
    from printables.mats import MatLayout

    assert isinstance(mat, MatLayout)
    settings = Settings(dpi=DPI)
    image = np.array(draw_mat(mat, settings, system_fonts()).image.convert("L"))
    h, w = image.shape
    # a camera looking down at an angle: a fixed perspective with some shrink
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[60, 40], [w * 0.9 + 40, 90], [w * 0.95, h * 0.88], [20, h * 0.97]])
    warp = cv2.getPerspectiveTransform(src, dst)
    photo = cv2.warpPerspective(image, warp, (w + 100, h + 100), borderValue=255)
    found = find_markers(photo)
    table = marker_table()
    assert set(found) == {m.id for m in mat.markers}
    image_pts, mat_pts = [], []
    for marker_id, quad in found.items():
        owner, marker = table[marker_id]
        assert owner.key == mat.key
        image_pts += quad.tolist()
        mat_pts += list(marker.corners)
    homography, _ = cv2.findHomography(np.float32(image_pts), np.float32(mat_pts))
    px_per_mm = DPI / 25.4
    worst = 0.0
    for zone in mat.zones:
        pts = np.float32([[[x * px_per_mm, y * px_per_mm] for x, y in zone.polygon]])
        in_photo = cv2.perspectiveTransform(pts, warp)
        back = cv2.perspectiveTransform(in_photo, homography)[0]
        err = np.linalg.norm(back - np.float32(zone.polygon), axis=1).max()
        worst = max(worst, float(err))
    assert worst < 1.0


@pytest.mark.parametrize("game", catalog_games())
def test_catalog_geometry_prints_where_the_catalog_says(game: str) -> None:
    catalog = catalog_for(game)
    for mat in mats_for(game, catalog):
        if mat.piece_id is None or not has_geometry(catalog[mat.piece_id]):
            continue
        data = catalog[mat.piece_id].data
        polygons = [h.get("polygon_mm") for h in data.get("hexes") or ()]
        zones = data.get("zones") or ()
        polygons += (
            list(zones.values()) if isinstance(zones, dict) else [z["polygon_mm"] for z in zones]
        )
        printed = [v for z in mat.zones for p in z.polygon for v in mat.to_catalog(p)]
        assert printed == pytest.approx(
            [float(v) for poly in polygons for p in poly for v in p], abs=0.01
        )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_sheets_put_back_together_give_the_whole_mat(paper: str) -> None:
    settings = Settings(paper=paper, dpi=DPI)
    fonts = system_fonts()
    mat = layout("noah", "pentagon")
    whole = np.array(draw_mat(mat, settings, fonts).image.convert("L"))
    plan = tiling(mat, settings)
    pages = mat_pages(mat, settings, fonts)
    assert len(pages) == plan.count > 1
    cols = len(plan.xs) - 1
    margin = settings.sheet.margin_mm
    inset = 4.0  # clear of the cut line, the seam line and its ticks
    for index, page in enumerate(pages):
        row, col = divmod(index, cols)
        sheet = np.array(page.image.convert("L"))
        x0, x1 = plan.xs[col], plan.xs[col + 1]
        y0, y1 = plan.ys[row], plan.ys[row + 1]
        dx = settings.px(margin) - settings.px(x0)
        dy = settings.px(margin + 4) - settings.px(y0)
        top, bottom = settings.px(y0 + inset), settings.px(y1 - inset)
        left, right = settings.px(x0 + inset), settings.px(x1 - inset)
        assert np.array_equal(
            sheet[top + dy : bottom + dy, left + dx : right + dx], whole[top:bottom, left:right]
        )
