"""Every game's mat, photographed with real tags at 4 px per module, reads back exactly."""

from __future__ import annotations

import numpy as np
import pytest

import engines
from printables import payload
from testkit.synth import render_mat_scene
from vision.games import game_vision
from vision.pipeline import read_frame

PX_PER_MODULE = 4.0
MATS = {
    "noah": "pentagon",
    "animals_on_board": "ark1",
    "hare_tortoise": "race",
    "niagara": "river",
    "ark_nova": "mapa1",
}


@pytest.mark.parametrize("game", sorted(MATS))
def test_reading_equals_ground_truth(game: str) -> None:
    vision = game_vision(game)
    mat = next(m for m in vision.mats if m.id == MATS[game])

    def side(zone_polygon: tuple[tuple[float, float], ...]) -> float:
        pts = np.asarray(zone_polygon)
        return float(min(np.ptp(pts[:, 0]), np.ptp(pts[:, 1])))

    zones = sorted(mat.zones, key=lambda z: -side(z.polygon))[:5]
    # tags as large as the smallest chosen zone holds (with their quiet zone), at most
    # what lets the whole mat fill a 1080p frame; a 4K frame when the mat needs it
    module_mm = min(0.8 * min(side(z.polygon) for z in zones) / 25, 1.9)
    px_per_mm = PX_PER_MODULE / module_mm
    fits_1080p = mat.size[0] * px_per_mm < 1800 and mat.size[1] * px_per_mm < 1000
    width, height = (1920, 1080) if fits_1080p else (3840, 2160)
    catalog = engines.GAMES[game].catalog
    pieces = [c.id for c in catalog if c.kind in ("card", "tile", "token")][: len(zones)]
    assert len(zones) >= 1 and len(pieces) == len(zones)
    table = [
        (payload.encode(game, piece), tuple(np.mean(zone.polygon, axis=0)), 0.0)
        for piece, zone in zip(pieces, zones, strict=True)
    ]
    scene = render_mat_scene(
        mat,
        table,
        module_mm=module_mm,
        px_per_mm=px_per_mm,
        width=width,
        height=height,
        seed=3,
    )
    assert all(abs(t.px_per_module - PX_PER_MODULE) < 0.5 for t in scene.tags)
    reading = read_frame(scene.image, vision).reading
    assert reading.zones == {
        z.id: (p,) for z, p in sorted(zip(zones, pieces, strict=True), key=lambda zp: zp[0].id)
    }
    assert reading.issues == ()
    assert reading.mats == (mat.id,)


def test_two_mats_in_one_frame_are_told_apart() -> None:
    vision = game_vision("animals_on_board")
    ark1, ark2 = (next(m for m in vision.mats if m.id == key) for key in ("ark1", "ark2"))
    catalog = engines.GAMES["animals_on_board"].catalog
    a, b = [c.id for c in catalog if c.kind == "tile"][:2]
    halves = []
    for mat, piece in ((ark1, a), (ark2, b)):
        zone = mat.zones[0]
        spot = tuple(np.mean(zone.polygon, axis=0))
        tag = (payload.encode("animals_on_board", piece), spot, 0.0)
        halves.append(
            render_mat_scene(mat, [tag], module_mm=1.6, px_per_mm=2.5, width=960, height=1080).image
        )
    reading = read_frame(np.hstack(halves), vision).reading
    assert reading.mats == ("ark1", "ark2")
    assert reading.zones == {ark1.zones[0].id: (a,), ark2.zones[0].id: (b,)}
