"""Niagara's catalog: every physical piece once, with a river mat and bank mats laid out in
millimetres, every zone big enough for what can lie there, the river small enough for one
1080p camera."""

from __future__ import annotations

from engines.niagara import CATALOG
from engines.niagara.board import COLOURS, HOLLOW_SLOTS, RIVER
from engines.niagara.catalog import BANK_MAX, BERTHS, CANOES, GAP_MM, PITCH_MM


def test_counts_per_kind_of_piece() -> None:
    ids = [c.id for c in CATALOG]
    assert len(ids) == len(set(ids)) == 1 + 5 + 10 + 40 + 35 + 1 + 1
    assert len([i for i in ids if i.startswith("C")]) == 10
    assert len([i for i in ids if i.startswith("G")]) == 40
    assert len([i for i in ids if i.startswith("P")]) == 35
    assert {"RIVER", "WEATHER", "RING", "BANK1", "BANK5"} <= set(ids)
    for colour in COLOURS:
        gems = [c for c in CATALOG if c.data.get("colour") == colour]
        assert len(gems) == 8
    assert CATALOG["P3C"].names["en"] == "Cloud paddle of set 3"
    assert CATALOG["P34"].data == {"set": 3, "tile": "4", "value": 4}
    assert CATALOG["C52"].names["zh-Hant"] == "第五組 獨木舟2"
    assert all(c.names["en"] and c.names["zh-Hant"] for c in CATALOG)


def test_river_mat_zones_cover_slots_hollows_and_weather_without_overlap() -> None:
    mat = CATALOG["RIVER"]
    width, height = mat.data["size_mm"]
    zones = mat.data["zones"]
    expected = {"HOME", *RIVER, *(f"HOLLOW_{c}" for c in COLOURS), "FALLS"}
    expected |= {"WEATHER-1", "WEATHER+0", "WEATHER+1", "WEATHER+2"}
    assert set(zones) == expected
    boxes = {}
    for name, corners in zones.items():
        xs = [x for x, _ in corners]
        ys = [y for _, y in corners]
        assert len(corners) == 4
        assert min(xs) >= 25 and max(xs) <= width - 25, name  # fiducial border kept free
        assert min(ys) >= 25 and max(ys) <= height - 25, name
        boxes[name] = (min(xs), min(ys), max(xs), max(ys))
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            ax0, ay0, ax1, ay1 = boxes[a]
            bx0, by0, bx1, by1 = boxes[b]
            assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (a, b)
    # the blue and pink hollows lie on the island between the arms they serve
    assert boxes["L6"][3] <= boxes["HOLLOW_B"][1] and boxes["HOLLOW_B"][3] <= boxes["R6"][1]
    assert boxes["L7"][3] <= boxes["HOLLOW_P"][1] and boxes["HOLLOW_P"][3] <= boxes["R7"][1]


def _spots(corners: list[list[float]]) -> int:
    """Tags that fit a zone on the pitch grid, whole and apart."""
    xs = [x for x, _ in corners]
    ys = [y for _, y in corners]
    return int((max(xs) - min(xs)) // PITCH_MM) * int((max(ys) - min(ys)) // PITCH_MM)


def test_every_zone_holds_every_piece_that_can_lie_there_at_once() -> None:
    zones = CATALOG["RIVER"].data["zones"]
    for slot in RIVER:  # a crowd of canoes, each with a gem riding at its side
        xs = [x for x, _ in zones[slot]]
        assert int((max(xs) - min(xs)) // PITCH_MM) % 2 == 0, slot  # whole berths across
        assert _spots(zones[slot]) >= 2 * BERTHS >= 12, slot
    assert _spots(zones["HOME"]) >= CANOES and _spots(zones["FALLS"]) >= CANOES
    assert all(_spots(zones[f"WEATHER{v:+d}"]) >= 1 for v in (-1, 0, 1, 2))
    for s in range(1, 6):
        bank = CATALOG[f"BANK{s}"]
        assert bank.data["set"] == s and _spots(bank.data["zones"]["BANK"]) >= BANK_MAX


def _apart(a: list[list[float]], b: list[list[float]]) -> float:
    """Distance between two zones' boxes (0 when they overlap or touch)."""
    ax, ay = [x for x, _ in a], [y for _, y in a]
    bx, by = [x for x, _ in b], [y for _, y in b]
    dx = max(min(bx) - max(ax), min(ax) - max(bx), 0.0)
    dy = max(min(by) - max(ay), min(ay) - max(by), 0.0)
    return max(dx, dy)


def test_each_hollow_is_a_pile_beside_the_slots_that_reach_it() -> None:
    zones = CATALOG["RIVER"].data["zones"]
    for colour in "VWY":  # the main channel's hollows lie against their slot
        (slot,) = HOLLOW_SLOTS[colour]
        assert _apart(zones[f"HOLLOW_{colour}"], zones[slot]) <= GAP_MM, colour
    for colour in "BP":  # the island's hollows lie between the arms, clear of the other slots
        for slot in RIVER:
            gap = _apart(zones[f"HOLLOW_{colour}"], zones[slot])
            assert gap >= GAP_MM if slot not in HOLLOW_SLOTS[colour] else gap <= 2 * PITCH_MM


def test_the_river_is_filmed_whole_by_one_1080p_camera() -> None:
    """At most about 750 x 430 mm with its marker band: 2.4 px/mm across a 1920 px frame
    (2 % perspective each side), or 1.6 px/mm above a row of four bank mats in 1080 rows."""
    width, height = CATALOG["RIVER"].data["size_mm"]
    bank_w, bank_h = CATALOG["BANK1"].data["size_mm"]
    assert width * 1.04 * 2.4 + 48 <= 1920
    assert (height + bank_h) * 1.04 * 1.6 + 2 * 48 <= 1080
    assert 4 * (bank_w * 1.04 * 1.6 + 48) <= 1920
