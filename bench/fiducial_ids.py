"""Fiducial ids against Micro QR: which printed size each symbol needs on a seated 1080p view.

Run: ``nice -n 19 .venv/bin/python -m bench.fiducial_ids [--seeds 4] [--sizes 20,25,...]
[--tilts 45,0] [--families m2,4x4,5x5,6x6,april] [--empty 16]`` (about 7 minutes of CPU,
one core, at its defaults; a measurement, nothing in the product reads these symbols).

A piece's number tag today is a Micro QR M2 symbol (13 modules and a 2-module quiet zone:
17 modules across, ``docs/tags.md``). A marker of OpenCV's ``cv2.aruco`` dictionaries has
far fewer, larger cells: ``DICT_4X4_250`` is 4 x 4 data cells in a 1-cell black border,
8 cells across with the 1-cell white quiet zone drawn here (``DICT_5X5_250``: 9;
``DICT_6X6_250`` and ``DICT_APRILTAG_36h11``: 10). **Size** is always the printed square
of the symbol *and* its quiet zone (what a piece must hold), in mm; a cell (a module) is
size / cells.

Each frame holds one family at one size: a jittered grid of its tags (different ids, each
turned at random; pitch 1.5 sizes, at least 70 mm: at most 204 tags) over a whole 1.3 x
0.9 m table, wood with light paper sheets on it, printed with clutter (lines of text,
zone outlines, rules, filled squares and dots, as mats and cards print), the tags drawn
over it. The table is photographed by :mod:`testkit.table_photo`'s pinhole camera
(``camera("1080p", tilt)``: 70 degrees across, placed by ``frame_of`` so the table fills
the frame) and sampled as its ``photograph`` samples (the table drawn 1.25 times finer
than a frame twice the camera's size, projected onto that and averaged down), then its
optics (``optics``: uneven light, lens blur sigma 1.5 px, sensor noise sigma 3, JPEG 80).
At tilt 45 the table's far edge gets 0.46-0.49 px per mm along its most shortened
direction, the far third of the table 0.46-0.65, the near edge 1.1-1.37; at tilt 0 the
table gets 1.18 px per mm everywhere.

Readers (OpenCV on one thread; CPU ms of the read alone, per frame):

* Micro QR M2: the project's detect stage (``vision.detect.detect``, as
  ``bench.micro_qr`` runs it, with room to refine every tag of these crowded frames:
  :data:`MICRO_CONFIG`) on tags drawn by ``printables.qr.matrix`` (segno) from number
  tags (game digit, piece 001-999, ``payload.mod97_checks``);
* each ``cv2.aruco`` dictionary through ``ArucoDetector``: ``mats`` with the parameters
  the mats' markers are read with today (``vision.mats``: OpenCV's defaults and sub-pixel
  corners); ``tuned``: :data:`TUNED` on the frame sharpened against the lens blur
  (``vision.detect.sharpened``, sigma 1.5 px, amount :data:`SHARPEN`); ``tuned 2x``: the
  same on a 2x cubic upscale (sigma 3 px; :data:`TUNED_2X`), corners scaled back.

A tag is read when a reader returns its id with the centre of the returned corners inside
the tag's printed square in the frame; every other id returned (one not placed, or one
read away from where it lies) is a false id. Tables, per tilt: recall per family, size and
reader in the far, middle and near third of the table (far edge first) with false ids;
recall by px per cell at the tag's centre (``px_per_mm`` there times size / cells: the
most shortened direction; at tilt 45 a cell is longer across the frame, so a tag reads
at fewer px per cell than at tilt 0). Then per reader: false ids, those on another tag
(a misread or a square inside a marker read as a marker), the ids it invents on frames of
clutter alone (``--empty`` seeds per tilt) and CPU ms per frame; and per reader the
smallest size read at >= 95% in the far third at tilt 45, with its false ids and the
pieces it fits (:data:`PIECES`).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import string
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from printables import payload, qr
from testkit.table_photo import Camera, camera, frame_of, optics, paste, px_per_mm, wood
from vision.config import DEFAULT
from vision.detect import detect, sharpened
from vision.types import FloatArray, U8Array

TABLE = (1300.0, 900.0)
"""The table, mm: width (across the frame) and depth (its far edge at y = 0)."""

ROWS = ("far", "middle", "near")
"""Thirds of the table's depth, far edge first."""

INK, PAPER = 25, 230
"""Grey of printed black and of the tags' white paper."""

BLUR_PX = 1.5
"""Lens blur of the camera (``Camera.blur_sigma``), Gaussian sigma in frame px."""

SHARPEN = 3.0
"""Amount of the unsharp mask the tuned ArUco readers apply first (the detect stage's is 2.0
on its 3x upscale; of 1 to 4 tried on a few frames of these markers, 3 read the most small
ones without more false ids)."""

BUCKETS = (0.0, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 2.75, 3.0, 3.5, 4.0, 5.0, 6.0, math.inf)
"""Edges of the px-per-cell buckets."""

PIECES = {"63 x 88 card": 58.0, "35 mm token": 32.7, "38 mm hex": 27.8}
"""The largest footprint (symbol and quiet zone, mm) a piece holds: a card 63 mm wide less
2.5 mm margins (``printables.settings``); a 35 mm token what the Hare's and Niagara's print
today (a 25 mm Micro QR: 32.7 mm); the largest square in a hexagon 38 mm across flats."""

SIZES = (20, 25, 30, 35, 40, 45, 50, 55, 60, 70, 80, 90, 100)
"""Printed sizes of the default run, mm (symbol and quiet zone)."""

FAR_EDGE_PX_PER_MM = 0.463
"""Px per mm at the far edge of the table at tilt 45 (its corners; 0.489 in its middle)."""

_MARGIN_MM = 30.0  # table kept clear of tags along its edges
_MIN_PITCH_MM = 70.0  # tag grid pitch: at most 17 x 12 = 204 tags, fewer than any dictionary


@dataclass(frozen=True)
class Family:
    """A symbol family as printed.

    Attributes:
        name: Short name.
        title: The symbol (for ArUco: the ``cv2.aruco`` dictionary).
        cells: Cells (modules) across the printed footprint, quiet zone included.
        ids: Distinct ids the family offers.
        symbol: Id index -> its cells, quiet zone included (1 dark).
        label: Id index -> what a reader returns for it.
    """

    name: str
    title: str
    cells: int
    ids: int
    symbol: Callable[[int], U8Array]
    label: Callable[[int], str]


def number_tag(index: int) -> str:
    """The ``index``-th number tag (0 to 8990): game digit 1-9, piece 001-999, checks."""
    body = f"{index // 999 + 1}{index % 999 + 1:03d}"
    return body + payload.mod97_checks(body)


def _micro_symbol(index: int) -> U8Array:
    bits = np.array(qr.matrix(number_tag(index)), np.uint8)
    return np.pad(bits, qr.QUIET_MODULES)


def _dictionary(name: str) -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name))


def _aruco_family(name: str, dictionary_name: str) -> Family:
    dictionary = _dictionary(dictionary_name)
    side = dictionary.markerSize + 2

    def symbol(index: int) -> U8Array:
        marker = cv2.aruco.generateImageMarker(dictionary, index, side, borderBits=1)
        return np.pad((marker < 128).astype(np.uint8), 1)

    return Family(name, dictionary_name, side + 2, int(dictionary.bytesList.shape[0]), symbol, str)


FAMILIES: dict[str, Family] = {
    "m2": Family(
        "m2",
        "Micro QR M2",
        qr.MICRO_MODULES + 2 * qr.QUIET_MODULES,
        9 * 999,
        _micro_symbol,
        number_tag,
    ),
    "4x4": _aruco_family("4x4", "DICT_4X4_250"),
    "5x5": _aruco_family("5x5", "DICT_5X5_250"),
    "6x6": _aruco_family("6x6", "DICT_6X6_250"),
    "april": _aruco_family("april", "DICT_APRILTAG_36h11"),
}

TUNED: dict[str, float] = {
    # markers down to a 6 px side on a 1920 px frame (default 0.03: 14 px)
    "minMarkerPerimeterRate": 0.0125,
    # adaptive threshold windows 3, 7, ..., 23 px (default 3, 13, 23)
    "adaptiveThreshWinSizeMin": 3,
    "adaptiveThreshWinSizeMax": 23,
    "adaptiveThreshWinSizeStep": 4,
    # bits sampled from 8 x 8 px a cell, its middle 40% only (default 4 px, middle 74%)
    "perspectiveRemovePixelPerCell": 8,
    "perspectiveRemoveIgnoredMarginPerCell": 0.3,
    "cornerRefinementMethod": cv2.aruco.CORNER_REFINE_SUBPIX,
}
"""``DetectorParameters`` of the tuned ArUco reader that differ from OpenCV's defaults
(``errorCorrectionRate`` stays 0.6: 1.0 read more 4x4 markers but invented ids)."""

TUNED_2X: dict[str, float] = {
    **TUNED,
    # adaptive threshold windows 3, 13, 23, 33 px of the upscale
    "adaptiveThreshWinSizeMin": 3,
    "adaptiveThreshWinSizeMax": 33,
    "adaptiveThreshWinSizeStep": 10,
}
"""``DetectorParameters`` of the tuned reader on the 2x upscale (the same
``minMarkerPerimeterRate`` of its 3840 px: the same 6 px side of the frame)."""


def parameters(values: dict[str, float]) -> cv2.aruco.DetectorParameters:
    """OpenCV's default detector parameters, with ``values`` set."""
    params = cv2.aruco.DetectorParameters()
    for key, value in values.items():
        setattr(params, key, type(getattr(params, key))(value))
    return params


@dataclass(frozen=True)
class Read:
    """One id a reader returned: the id and the centre of its corners, frame px."""

    label: str
    centre: tuple[float, float]


Reader = Callable[[U8Array], list[Read]]


def _centre(corners: FloatArray) -> tuple[float, float]:
    x, y = corners.reshape(-1, 2).mean(axis=0)
    return float(x), float(y)


def aruco_reader(
    dictionary: str, values: dict[str, float], *, upscale: int = 1, sharpen: float = 0.0
) -> Reader:
    """A reader of ``dictionary``'s markers with ``values`` set, on the frame upscaled
    ``upscale`` times (cubic) and sharpened by ``sharpen`` against the lens blur."""
    detector = cv2.aruco.ArucoDetector(_dictionary(dictionary), parameters(values))
    config = dataclasses.replace(DEFAULT, sharpen=sharpen)

    def read(grey: U8Array) -> list[Read]:
        image = grey
        if upscale > 1:
            image = cv2.resize(grey, None, fx=upscale, fy=upscale, interpolation=cv2.INTER_CUBIC)
        image = sharpened(image, BLUR_PX * upscale, config)
        corners, ids, _ = detector.detectMarkers(image)
        if ids is None:
            return []
        return [
            Read(str(int(i)), _centre(np.asarray(c, np.float64) / upscale))
            for i, c in zip(ids.ravel(), corners, strict=True)
        ]

    return read


MICRO_CONFIG = dataclasses.replace(DEFAULT, max_candidates=400)
"""The detect stage's configuration: the project's, with room for every tag of a frame
(``max_candidates`` 80 caps the finder patterns refined per frame, "a table holds well
under 100 tags"; a frame here holds up to 204, and at 80 the tags found last, the near
rows, were left unrefined)."""


def _detect_stage(grey: U8Array) -> list[Read]:
    found = detect(grey, MICRO_CONFIG).detections
    return [Read(d.text, _centre(np.asarray(d.corners, np.float64))) for d in found]


def readers(family: Family) -> dict[str, Reader]:
    """The readers of ``family``, by name."""
    if family.name == "m2":
        return {"detect stage": _detect_stage}
    mats: dict[str, float] = {"cornerRefinementMethod": cv2.aruco.CORNER_REFINE_SUBPIX}
    return {
        "mats": aruco_reader(family.title, mats),
        "tuned": aruco_reader(family.title, TUNED, sharpen=SHARPEN),
        "tuned 2x": aruco_reader(family.title, TUNED_2X, upscale=2, sharpen=SHARPEN),
    }


@dataclass(frozen=True)
class Placed:
    """A tag on the photographed table.

    Attributes:
        label: What a reader should return.
        quad: Its printed square (quiet zone included) in the frame, (4, 2).
        px_per_cell: Frame px per cell at its centre, along the most shortened direction.
        row: Index in :data:`ROWS`.
    """

    label: str
    quad: FloatArray
    px_per_cell: float
    row: int

    def holds(self, point: tuple[float, float]) -> bool:
        contour = self.quad.astype(np.float32).reshape(-1, 1, 2)
        return cv2.pointPolygonTest(contour, point, False) >= 0


_CHARACTERS = list(string.ascii_letters + string.digits + "    ")


def _clutter(canvas: U8Array, scale: float, rng: np.random.Generator) -> None:
    """Light paper sheets on the wood, printed with text, outlines, rules, squares and dots
    (``scale``: canvas px per table mm)."""
    w, h = TABLE
    aa = cv2.LINE_AA

    def pt(x: float, y: float) -> tuple[int, int]:
        return round(x * scale), round(y * scale)

    def square(x: float, y: float, side: float, turn: float) -> list[np.ndarray]:
        box = cv2.boxPoints(((x * scale, y * scale), (side * scale, side * scale), turn))
        return [np.round(box).astype(np.int32)]

    for _ in range(int(rng.integers(6, 10))):  # sheets: mats, cards laid out
        sw, sh = rng.uniform(250, 600), rng.uniform(200, 450)
        centre = (rng.uniform(0, w) * scale, rng.uniform(0, h) * scale)
        box = cv2.boxPoints((centre, (sw * scale, sh * scale), rng.uniform(-4, 4)))
        poly = [np.round(box).astype(np.int32)]
        cv2.fillPoly(canvas, poly, int(rng.integers(200, 236)), aa)
        cv2.polylines(canvas, poly, True, 150, 1, aa)
    per_dm2 = w * h / 1e4
    for _ in range(int(per_dm2 * 2.5)):  # lines of text, 2-10 mm high
        text = "".join(rng.choice(_CHARACTERS, int(rng.integers(4, 30))))
        height = rng.uniform(2, 10) * scale
        thick = max(1, round(height / 12 * rng.uniform(0.8, 2.0)))
        font = int(rng.choice([cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX]))
        at = pt(rng.uniform(-50, w), rng.uniform(0, h))
        cv2.putText(canvas, text, at, font, height / 22, int(rng.integers(15, 110)), thick, aa)
    for _ in range(int(per_dm2)):  # zone outlines
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        corner = pt(x + rng.uniform(20, 200), y + rng.uniform(20, 150))
        thick = max(1, round(rng.uniform(0.3, 2.0) * scale))
        cv2.rectangle(canvas, pt(x, y), corner, int(rng.integers(20, 140)), thick, aa)
    for _ in range(int(per_dm2)):  # rules
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        a, n = rng.uniform(0, math.pi), rng.uniform(30, 300)
        thick = max(1, round(rng.uniform(0.2, 1.5) * scale))
        end = pt(x + n * math.cos(a), y + n * math.sin(a))
        cv2.line(canvas, pt(x, y), end, int(rng.integers(20, 140)), thick, aa)
    for _ in range(int(per_dm2 * 1.5)):  # filled squares and dots: icons, pips
        x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(1.5, 8)
        ink = int(rng.integers(15, 120))
        if rng.random() < 0.5:
            cv2.fillPoly(canvas, square(x, y, 2 * r, rng.uniform(0, 90)), ink, aa)
        else:
            cv2.circle(canvas, pt(x, y), round(r * scale), ink, -1, aa)


def _layout(size_mm: float, rng: np.random.Generator) -> list[tuple[float, float, float]]:
    """Tag centres (table mm) and turns (degrees) on a jittered grid over the table."""
    w, h = TABLE
    pitch = max(_MIN_PITCH_MM, 1.5 * size_mm)
    cols = int((w - 2 * _MARGIN_MM) // pitch)
    rows = int((h - 2 * _MARGIN_MM) // pitch)
    x0 = (w - cols * pitch) / 2 + pitch / 2
    y0 = (h - rows * pitch) / 2 + pitch / 2
    slack = max(0.0, (pitch - size_mm * math.sqrt(2)) / 2 - 2)
    return [
        (
            x0 + c * pitch + rng.uniform(-slack, slack),
            y0 + r * pitch + rng.uniform(-slack, slack),
            float(rng.uniform(0, 360)),
        )
        for r in range(rows)
        for c in range(cols)
    ]


def _tag(
    canvas: U8Array, cells: U8Array, centre: tuple[float, float], size: float, turn: float
) -> None:
    """Draw a tag's ``cells`` on ``canvas`` as a square of ``size`` canvas px, turned."""
    px_cell = max(4, math.ceil(1.5 * size / cells.shape[0]))
    flat = np.where(cells > 0, INK, PAPER).astype(np.uint8)
    art = cv2.resize(flat, None, fx=px_cell, fy=px_cell, interpolation=cv2.INTER_NEAREST)
    side = art.shape[0]
    a = math.radians(turn)
    c, s = math.cos(a) * size / side, math.sin(a) * size / side
    x, y = centre
    to_canvas = np.array(
        [[c, -s, x - (c * side / 2 - s * side / 2)], [s, c, y - (s * side / 2 + c * side / 2)]]
    )
    paste(canvas, art, to_canvas)


def photo(
    cam: Camera, family: Family | None, size_mm: float, seed: int
) -> tuple[U8Array, list[Placed]]:
    """A grey photo of the table with ``family``'s tags of ``size_mm`` on it (None: the
    clutter alone), and the tags that lie whole in the frame."""
    rng = np.random.default_rng(seed)
    to_frame = frame_of(cam, TABLE)
    w, h = TABLE
    # as testkit.table_photo.photograph: 1.25 times finer than the 2x frame anywhere
    scale = 2.5 * max(px_per_mm(to_frame, (x, y)) for x in (0, w / 2, w) for y in (0, h / 2, h))
    canvas = wood(int(h * scale) + 1, int(w * scale) + 1, rng)
    _clutter(canvas, scale, rng)
    placed: list[Placed] = []
    if family is not None:
        spots = _layout(size_mm, rng)
        chosen = rng.choice(family.ids, len(spots), replace=False)
        half = size_mm / 2
        for (x, y, turn), index in zip(spots, chosen, strict=True):
            _tag(canvas, family.symbol(int(index)), (x * scale, y * scale), size_mm * scale, turn)
            a = math.radians(turn)
            ca, sa = math.cos(a), math.sin(a)
            box = ((-half, -half), (half, -half), (half, half), (-half, half))
            pts = np.array([[[x + ca * u - sa * v, y + sa * u + ca * v]] for u, v in box])
            quad = cv2.perspectiveTransform(pts, to_frame).reshape(4, 2)
            cell = px_per_mm(to_frame, (x, y)) * size_mm / family.cells
            row = min(int(y / h * len(ROWS)), len(ROWS) - 1)
            placed.append(Placed(family.label(int(index)), quad, cell, row))
    big = np.diag([2.0, 2.0, 1.0]) @ to_frame @ np.diag([1 / scale, 1 / scale, 1.0])
    frame2 = cv2.warpPerspective(
        canvas, big, (2 * cam.width, 2 * cam.height), flags=cv2.INTER_LINEAR, borderValue=60
    )
    grey = cv2.resize(frame2, (cam.width, cam.height), interpolation=cv2.INTER_AREA)
    image = cv2.cvtColor(optics(grey.astype(np.float32), cam, rng), cv2.COLOR_BGR2GRAY)
    limit = np.array([cam.width, cam.height])
    inside = [p for p in placed if (p.quad >= 0).all() and (p.quad < limit).all()]
    return np.asarray(image), inside


def score(reads: Sequence[Read], placed: Sequence[Placed]) -> tuple[set[int], list[Read]]:
    """Indices of ``placed`` read right, and the false ids among ``reads``."""
    where = {p.label: k for k, p in enumerate(placed)}
    hit: set[int] = set()
    false: list[Read] = []
    for r in reads:
        k = where.get(r.label)
        if k is not None and placed[k].holds(r.centre):
            hit.add(k)
        else:
            false.append(r)
    return hit, false


@dataclass
class Tally:
    """What one reader read of some tags."""

    placed: int = 0
    read: int = 0

    def add(self, read: bool) -> None:
        self.placed += 1
        self.read += read

    def share(self) -> str:
        return f"{100 * self.read / self.placed:.0f}%" if self.placed else "-"

    def ok(self) -> bool:
        return self.placed > 0 and self.read >= 0.95 * self.placed


@dataclass
class Run:
    """One reader on the frames of one family, size and tilt.

    Attributes:
        rows: Tags read per table row.
        cells: Px per cell of the tags placed, per table row.
        false: False ids returned.
        misread: Of those, returned inside another tag's square: px per cell of that tag.
        seconds: CPU seconds of the reads.
        frames: Frames read.
    """

    rows: list[Tally] = dataclasses.field(default_factory=lambda: [Tally() for _ in ROWS])
    cells: list[list[float]] = dataclasses.field(default_factory=lambda: [[] for _ in ROWS])
    false: int = 0
    misread: list[float] = dataclasses.field(default_factory=list)
    seconds: float = 0.0
    frames: int = 0


Key = tuple[float, str, str, float]
"""Tilt, family, reader, size."""


@dataclass
class Results:
    """Every reader's runs, its reads by px per cell, and its ids on frames of clutter."""

    runs: dict[Key, Run] = dataclasses.field(default_factory=lambda: defaultdict(Run))
    buckets: dict[tuple[float, str, str, int], Tally] = dataclasses.field(
        default_factory=lambda: defaultdict(Tally)
    )
    invented: dict[tuple[str, str], int] = dataclasses.field(
        default_factory=lambda: defaultdict(int)
    )
    empty_frames: int = 0


def _bucket(px: float) -> int:
    return next(k for k in range(len(BUCKETS) - 1) if px < BUCKETS[k + 1])


def _bucket_name(k: int) -> str:
    lo, hi = BUCKETS[k], BUCKETS[k + 1]
    return f"≥ {lo:g}" if math.isinf(hi) else f"{lo:g}-{hi:g}"


def measure(
    families: Sequence[Family],
    sizes: Sequence[float],
    tilts: Sequence[float],
    seeds: int,
    empty: int,
) -> Results:
    """Photograph and read every family at every size and tilt, ``seeds`` frames each
    (the families share each frame's clutter and tag spots), then ``empty`` frames of
    clutter per tilt read by every reader."""
    out = Results()
    reading = {f.name: readers(f) for f in families}
    for tilt in tilts:
        cam = camera("1080p", tilt)
        for family in families:
            for size in sizes:
                for seed in range(seeds):
                    grey, placed = photo(cam, family, size, 1000 * seed + round(10 * size))
                    for name, reader in reading[family.name].items():
                        run = out.runs[tilt, family.name, name, size]
                        t = time.process_time()
                        reads = reader(grey)
                        run.seconds += time.process_time() - t
                        run.frames += 1
                        hit, false = score(reads, placed)
                        run.false += len(false)
                        run.misread += [
                            p.px_per_cell for r in false for p in placed if p.holds(r.centre)
                        ]
                        for k, p in enumerate(placed):
                            run.rows[p.row].add(k in hit)
                            run.cells[p.row].append(p.px_per_cell)
                            out.buckets[tilt, family.name, name, _bucket(p.px_per_cell)].add(
                                k in hit
                            )
        for seed in range(empty):
            grey, _ = photo(cam, None, 0.0, 100_000 + seed)
            out.empty_frames += 1
            for family in families:
                for name, reader in reading[family.name].items():
                    out.invented[family.name, name] += len(reader(grey))
    return out


def _span(values: Sequence[float]) -> str:
    return f"{min(values):.2f}-{max(values):.2f}" if values else "-"


def _smallest(res: Results, family: Family, reader: str, sizes: Sequence[float]) -> float | None:
    """The smallest size from which on every size is read >= 95% in the far third at tilt
    45."""
    good: float | None = None
    for size in sorted(sizes, reverse=True):
        run = res.runs[45.0, family.name, reader, size]
        if not run.rows[0].ok():
            break
        good = size
    return good


def _needed_px(res: Results, family: Family, reader: str) -> float | None:
    """The px per cell from which on every bucket of 10 tags or more is read >= 95% at
    tilt 45."""
    needed: float | None = None
    for k in reversed(range(len(BUCKETS) - 1)):
        tally = res.buckets[45.0, family.name, reader, k]
        if tally.placed >= 10:
            if not tally.ok():
                break
            needed = BUCKETS[k]
    return needed


def report(
    res: Results, families: Sequence[Family], sizes: Sequence[float], tilts: Sequence[float]
) -> None:
    """Print the tables (Markdown)."""
    columns = [(f, n) for f in families for n in readers(f)]
    print("## Families\n")
    print("| family | symbol | cells across (quiet zone included) | distinct ids |")
    print("|---|---|---|---|")
    for f in families:
        print(f"| {f.name} | {f.title} | {f.cells} | {f.ids} |")
    for tilt in tilts:
        print(f"\n## Tilt {tilt:g}°: read in the far / middle / near third (false ids)\n")
        for family in families:
            names = [n for f, n in columns if f is family]
            print(f"**{family.title}** ({family.cells} cells across)\n")
            print("| size mm | px/cell far-near | " + " | ".join(names) + " |")
            print("|---" * (2 + len(names)) + "|")
            for size in sizes:
                every = [
                    c for row in res.runs[tilt, family.name, names[0], size].cells for c in row
                ]
                cells = []
                for name in names:
                    run = res.runs[tilt, family.name, name, size]
                    cells.append(" / ".join(t.share() for t in run.rows) + f" ({run.false})")
                print(f"| {size:g} | {_span(every)} | " + " | ".join(cells) + " |")
            print()
    for tilt in tilts:
        print(
            f"## Tilt {tilt:g}°: read by px per cell at the tag, all sizes and rows: share (tags)\n"
        )
        print("| px/cell | " + " | ".join(f"{f.name} {n}" for f, n in columns) + " |")
        print("|---" * (1 + len(columns)) + "|")
        for k in range(len(BUCKETS) - 1):
            tallies = [res.buckets[tilt, f.name, n, k] for f, n in columns]
            if any(t.placed for t in tallies):
                cells = [f"{t.share()} ({t.placed})" if t.placed else "-" for t in tallies]
                print(f"| {_bucket_name(k)} | " + " | ".join(cells) + " |")
        print()
    print("## False ids and CPU\n")
    print(
        "| family | reader | false ids, tag frames | of which on another tag (its px/cell) "
        f"| ids invented on {res.empty_frames} frames of clutter | CPU ms per frame |"
    )
    print("|---|---|---|---|---|---|")
    for f, n in columns:
        mine = [r for (_, fam, name, _), r in res.runs.items() if fam == f.name and name == n]
        false = sum(r.false for r in mine)
        misread = [c for r in mine for c in r.misread]
        ms = 1000 * sum(r.seconds for r in mine) / max(sum(r.frames for r in mine), 1)
        on_tag = f"{len(misread)} ({_span(misread)})" if misread else "0"
        print(f"| {f.name} | {n} | {false} | {on_tag} | {res.invented[f.name, n]} | {ms:.0f} |")
    if 45.0 not in tilts:
        return
    print("\n## Tilt 45°: the smallest size read ≥ 95% in the far third\n")
    print(
        "Size: the smallest from which on every size measured reads ≥ 95% in the far third; "
        "false: ids returned wrong at that size and larger, at both tilts, and on the clutter "
        "frames; px/cell for 95%: from the tilt-45 table by px per cell (a bucket's lower "
        "edge), and the size that asks for at the far edge (0.463 px/mm). Fits: size ≤ "
        "the room, with no false id.\n"
    )
    print(
        "| family | reader | size mm (far third read) | its px/cell there | false | "
        "px/cell for 95% | size at far edge mm | "
        + " | ".join(f"fits {p} ({m:g} mm)" for p, m in PIECES.items())
        + " |"
    )
    print("|---" * (7 + len(PIECES)) + "|")
    for f, n in columns:
        smallest = _smallest(res, f, n, sizes)
        px = _needed_px(res, f, n)
        need = f"{px:g}" if px is not None else "-"
        edge = f"{px * f.cells / FAR_EDGE_PX_PER_MM:.0f}" if px is not None else "-"
        if smallest is None:
            shown, span, wrongs = f"> {max(sizes):g}", "-", "-"
            fits = ["no"] * len(PIECES)
        else:
            run = res.runs[45.0, f.name, n, smallest]
            shown = f"{smallest:g} ({run.rows[0].share()})"
            span = _span(run.cells[0])
            wrong = sum(
                r.false
                for (_, fam, name, size), r in res.runs.items()
                if fam == f.name and name == n and size >= smallest
            )
            invented = res.invented[f.name, n]
            wrongs = f"{wrong} + {invented}"
            clean = wrong + invented == 0
            fits = ["yes" if clean and smallest <= room else "no" for room in PIECES.values()]
        print(
            f"| {f.name} | {n} | {shown} | {span} | {wrongs} | {need} | {edge} | "
            + " | ".join(fits)
            + " |"
        )


def _floats(text: str) -> list[float]:
    return [float(v) for v in text.split(",") if v]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=4, help="frames per family, size, tilt")
    parser.add_argument("--sizes", default=",".join(f"{s:g}" for s in SIZES), help="mm")
    parser.add_argument("--tilts", default="45,0", help="degrees from the vertical")
    parser.add_argument("--families", default=",".join(FAMILIES))
    parser.add_argument("--empty", type=int, default=16, help="frames of clutter per tilt")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    started = time.process_time()
    families = [FAMILIES[f] for f in args.families.split(",")]
    sizes, tilts = _floats(args.sizes), _floats(args.tilts)
    res = measure(families, sizes, tilts, args.seeds, args.empty)
    report(res, families, sizes, tilts)
    print(f"\nCPU {time.process_time() - started:.0f} s in all.")


if __name__ == "__main__":
    main()
