"""Table photos rendered from the real printed pages through a pinhole camera, with ground truth.

The mats and tags come from :func:`testkit.printed.printed_set` (the PDF of ``companion
print GAME --what all`` rasterized by poppler). The mats lie on a wooden table in rows,
each a little askew; each piece lies where a scene puts its tag (:class:`PlacedTag`, in
its mat's millimetres), shown as the printed paper around its tag: the part of a card,
tile or token that stays in view where pieces are fanned or stacked. The table is then
photographed by a pinhole camera looking at its centre from ``tilt`` degrees off the
vertical (0: straight down; 45 and 55: from a chair), its horizontal field of view
``fov`` degrees and its distance set so the table fills the frame; the optics add lens
blur, uneven light, sensor noise and JPEG compression.

Sampling is physical: the table is drawn at a scale finer than the finest the camera
sees, projected onto a frame twice the camera's size and averaged down, so each pixel
integrates the paper it sees. Ground truth per tag: its piece, mat and zone, its
corners in the frame, whether it lies in the frame, and its module size in pixels
(the shorter side of a module through the projection, the quantity decoders care about).
Test support: not installed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from printables import payload, qr
from testkit.printed import PrintedSet
from testkit.tags import PlacedTag
from vision.mats import MatSpec
from vision.types import FloatArray, Quad, U8Array

RESOLUTIONS: Mapping[str, tuple[int, int]] = {
    "1080p": (1920, 1080),
    "4k": (3840, 2160),
    "12mp": (4000, 3000),
}
"""Camera frame sizes by name: a 1080p and a 4K webcam, a 12 MP phone."""

_GAP_MM = 30.0  # table between mats in a row, and between rows
_EDGE_MM = 25.0  # table showing around the mats


@dataclass(frozen=True)
class Camera:
    """A pinhole camera over the table, and its optics.

    Attributes:
        width: Frame width in pixels.
        height: Frame height in pixels.
        tilt: Degrees between the optical axis and the vertical (0 looks straight down;
            the camera leans back towards the table's near edge, the bottom of the frame).
        fov: Horizontal field of view, degrees.
        blur_sigma: Lens blur, Gaussian sigma in frame pixels.
        noise_sigma: Sensor noise, grey levels (0-255).
        light: Uneven light: the darkest part of the table gets this share less light.
        jpeg_quality: JPEG quality of the photo (0: not compressed).
        fill: Share of the frame the table's longer projected extent takes.
        seed: Seed of the mats' lie, the light and the noise.
    """

    width: int = 1920
    height: int = 1080
    tilt: float = 0.0
    fov: float = 70.0
    blur_sigma: float = 1.5
    noise_sigma: float = 3.0
    light: float = 0.35
    jpeg_quality: int = 80
    fill: float = 0.98
    seed: int = 0


def camera(name: str, tilt: float, **optics: float) -> Camera:
    """The camera of a :data:`RESOLUTIONS` name at ``tilt`` degrees."""
    w, h = RESOLUTIONS[name]
    return Camera(width=w, height=h, tilt=tilt, **optics)  # type: ignore[arg-type]


@dataclass(frozen=True)
class TagTruth:
    """One tag on the photographed table.

    Attributes:
        piece: Catalog id.
        text: Its payload.
        mat: The mat it lies on.
        zone: The zone id (``<mat>.<zone>``) holding it, or None.
        corners: Its symbol's corners in the frame, top-left of the code first, clockwise.
        px_per_module: Shorter side of one module in the frame, pixels.
        in_frame: True when the whole symbol lies inside the frame.
    """

    piece: str
    text: str
    mat: str
    zone: str | None
    corners: Quad
    px_per_module: float
    in_frame: bool


@dataclass(frozen=True)
class TablePhoto:
    """A rendered photo and what is truly on it.

    Attributes:
        image: The photo, BGR uint8.
        camera: The camera that took it.
        tags: Every piece's tag.
        mats: Mat id -> its outline in the frame.
        to_frame: Table millimetres -> frame pixels (3 x 3).
    """

    image: U8Array
    camera: Camera
    tags: tuple[TagTruth, ...]
    mats: Mapping[str, Quad] = field(default_factory=dict)
    to_frame: FloatArray = field(default_factory=lambda: np.eye(3))


@dataclass(frozen=True)
class Table:
    """Mats laid out on a table: where each mat lies, in table millimetres.

    Attributes:
        mats: The mats, by id.
        placements: Mat id -> the 3 x 3 transform from its millimetres to the table's.
        size: The table's width and height, mm.
    """

    mats: Mapping[str, MatSpec]
    placements: Mapping[str, FloatArray]
    size: tuple[float, float]


def lay_out(
    mats: Sequence[MatSpec], rows: Sequence[Sequence[str]], *, seed: int = 0, skew: float = 1.5
) -> Table:
    """The mats in rows on the table, top row farthest from the camera, each turned up to
    ``skew`` degrees, as mats lie."""
    rng = np.random.default_rng(seed)
    by_id = {m.id: m for m in mats}
    placements: dict[str, FloatArray] = {}
    y = _EDGE_MM
    width = 0.0
    for row in rows:
        x, tall = _EDGE_MM, 0.0
        for mat_id in row:
            w, h = by_id[mat_id].size
            a = math.radians(float(rng.uniform(-skew, skew)))
            c, s = math.cos(a), math.sin(a)
            # turn about the mat's centre, then move it to its spot in the row
            cx, cy = x + w / 2, y + h / 2
            placements[mat_id] = np.array(
                [
                    [c, -s, cx - c * w / 2 + s * h / 2],
                    [s, c, cy - s * w / 2 - c * h / 2],
                    [0, 0, 1],
                ]
            )
            x += w + _GAP_MM
            tall = max(tall, h)
        width = max(width, x - _GAP_MM + _EDGE_MM)
        y += tall + _GAP_MM
    return Table(by_id, placements, (width, y - _GAP_MM + _EDGE_MM))


def _look(cam: Camera, size: tuple[float, float], distance: float) -> FloatArray:
    """Homography table mm -> frame px of the camera ``distance`` mm from the table's centre."""
    w, h = size
    f = cam.width / 2 / math.tan(math.radians(cam.fov) / 2)
    k = np.array([[f, 0, cam.width / 2], [0, f, cam.height / 2], [0, 0, 1]])
    t = math.radians(cam.tilt)
    # camera centre: above the table's centre, leaning back over the near edge (y grows)
    centre = np.array([w / 2, h / 2 + distance * math.sin(t), -distance * math.cos(t)])
    forward = np.array([w / 2, h / 2, 0.0]) - centre
    forward /= np.linalg.norm(forward)
    right = np.array([1.0, 0.0, 0.0])
    down = np.cross(forward, right)
    rot = np.stack([right, down, forward])  # rows: camera x, y, z in table axes
    trans = -rot @ centre
    # table plane z = 0 (z points down into the table from the camera's side: x right,
    # y towards the near edge, z = x cross y points into the table)
    return np.asarray(k @ np.column_stack([rot[:, 0], rot[:, 1], trans]))


def frame_of(cam: Camera, size: tuple[float, float]) -> FloatArray:
    """The homography of ``cam`` placed so the table of ``size`` mm fills its frame."""
    w, h = size
    corners = np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float64)
    lo, hi = 10.0, 1e5
    for _ in range(60):
        mid = (lo + hi) / 2
        pts = cv2.perspectiveTransform(corners, _look(cam, size, mid)).reshape(4, 2)
        margin_x = cam.width * (1 - cam.fill) / 2
        margin_y = cam.height * (1 - cam.fill) / 2
        inside = (
            pts[:, 0].min() >= margin_x
            and pts[:, 0].max() <= cam.width - margin_x
            and pts[:, 1].min() >= margin_y
            and pts[:, 1].max() <= cam.height - margin_y
        )
        lo, hi = (lo, mid) if inside else (mid, hi)
    return _look(cam, size, hi)


def px_per_mm(to_frame: FloatArray, point: tuple[float, float]) -> float:
    """Frame pixels per table millimetre at ``point``, along its most shortened direction."""
    x, y = point
    pts = np.array([[[x, y]], [[x + 1, y]], [[x, y + 1]]], np.float64)
    p = cv2.perspectiveTransform(pts, to_frame).reshape(3, 2)
    jac = np.column_stack([p[1] - p[0], p[2] - p[0]])
    return float(np.linalg.svd(jac, compute_uv=False).min())


def wood(h: int, w: int, rng: np.random.Generator) -> U8Array:
    small = rng.normal(0, 1, (max(h // 60, 2), max(w // 6, 2))).astype(np.float32)
    grain = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(115 + 14 * grain, 0, 255).astype(np.uint8)


def paste(canvas: U8Array, image: U8Array, to_canvas: FloatArray) -> None:
    """Warp ``image`` into ``canvas`` through the affine ``to_canvas`` (2 x 3), in its box."""
    h, w = image.shape[:2]
    box = cv2.transform(np.array([[[0, 0], [w, 0], [w, h], [0, h]]], np.float64), to_canvas)[0]
    x0, y0 = np.floor(box.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(box.max(axis=0)).astype(int) + 1
    x0, y0 = max(int(x0), 0), max(int(y0), 0)
    x1, y1 = min(int(x1), canvas.shape[1]), min(int(y1), canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    local = to_canvas.copy()
    local[:, 2] -= (x0, y0)
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpAffine(image, local, size, flags=cv2.INTER_AREA, borderValue=0)
    mask = cv2.warpAffine(np.full((h, w), 255, np.uint8), local, size, flags=cv2.INTER_LINEAR)
    roi = canvas[y0:y1, x0:x1].astype(np.float32)
    m = mask.astype(np.float32) / 255
    canvas[y0:y1, x0:x1] = np.clip(roi * (1 - m) + warped * m + 0.5, 0, 255).astype(np.uint8)


def _similarity(
    scale: float, angle_deg: float, src: tuple[float, float], dst: FloatArray
) -> FloatArray:
    a = math.radians(angle_deg)
    c, s = math.cos(a) * scale, math.sin(a) * scale
    return np.array(
        [[c, -s, dst[0] - (c * src[0] - s * src[1])], [s, c, dst[1] - (s * src[0] + c * src[1])]]
    )


def photograph(
    printed: PrintedSet,
    table: Table,
    tags: Sequence[PlacedTag],
    cam: Camera,
) -> TablePhoto:
    """Photograph the table with ``tags`` lying on its mats.

    Args:
        printed: The game's printed set (its mats and tags).
        table: Where the mats lie.
        tags: The pieces, each where its tag lies on its mat.
        cam: The camera.

    Raises:
        KeyError: a mat or a tag the printed set does not hold.
    """
    rng = np.random.default_rng(cam.seed)
    to_frame = frame_of(cam, table.size)
    tw, th = table.size
    finest = max(
        px_per_mm(to_frame, (x, y)) * 1.5 for x in (0, tw / 2, tw) for y in (0, th / 2, th)
    )
    # the table's own raster: 1.25 times finer than the 2x frame it is projected onto
    scale = min(2 * finest / 1.5 * 1.25, printed.px_per_mm)
    canvas = wood(int(th * scale) + 1, int(tw * scale) + 1, rng)
    page = 1 / printed.px_per_mm
    for mat_id, place in table.placements.items():
        image = printed.mats[mat_id]
        m = np.diag([scale, scale, 1.0]) @ place @ np.diag([page, page, 1.0])
        paste(canvas, image, m[:2])
    truths: list[TagTruth] = []
    for tag in tags:
        text = printed.texts.get(tag.piece) or payload.encode(printed.game, tag.piece)
        art = printed.tags[text]
        place = table.placements[tag.mat]
        mat_turn = math.degrees(math.atan2(place[1, 0], place[0, 0]))
        centre = (place @ np.array([tag.mm[0], tag.mm[1], 1.0]))[:2]
        h, w = art.image.shape[:2]
        m = _similarity(scale * page, tag.angle + mat_turn, (w / 2, h / 2), centre * scale)
        paste(canvas, art.image, m)
        side_mm = art.side_px * page
        a = math.radians(tag.angle + mat_turn)
        c, s = math.cos(a), math.sin(a)
        half = side_mm / 2
        box = [(-half, -half), (half, -half), (half, half), (-half, half)]
        pts = np.array(
            [[[centre[0] + c * x - s * y, centre[1] + s * x + c * y]] for x, y in box], np.float64
        )
        corners = cv2.perspectiveTransform(pts, to_frame).reshape(4, 2)
        inside = bool(
            (corners[:, 0] >= 0).all()
            and (corners[:, 0] < cam.width).all()
            and (corners[:, 1] >= 0).all()
            and (corners[:, 1] < cam.height).all()
        )
        spec = table.mats[tag.mat]
        zone = next((z.id for z in spec.zones if z.contains(tag.mm)), None)
        ppm = px_per_mm(to_frame, (float(centre[0]), float(centre[1]))) * side_mm / qr.modules(text)
        truths.append(
            TagTruth(
                tag.piece,
                text,
                tag.mat,
                zone,
                tuple((float(x), float(y)) for x, y in corners),  # type: ignore[arg-type]
                ppm,
                inside,
            )
        )
    big = np.diag([2.0, 2.0, 1.0]) @ to_frame @ np.diag([1 / scale, 1 / scale, 1.0])
    frame2 = cv2.warpPerspective(
        canvas, big, (2 * cam.width, 2 * cam.height), flags=cv2.INTER_LINEAR, borderValue=60
    )
    grey = cv2.resize(frame2, (cam.width, cam.height), interpolation=cv2.INTER_AREA)
    image = optics(grey.astype(np.float32), cam, rng)
    outlines: dict[str, Quad] = {}
    for mat_id, place in table.placements.items():
        w, h = table.mats[mat_id].size
        pts = np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float64)
        out = cv2.perspectiveTransform(pts, to_frame @ place).reshape(4, 2)
        outlines[mat_id] = tuple((float(x), float(y)) for x, y in out)  # type: ignore[assignment]
    return TablePhoto(image, cam, tuple(truths), outlines, to_frame)


def optics(img: FloatArray, cam: Camera, rng: np.random.Generator) -> U8Array:
    """Uneven light, lens blur, sensor noise and JPEG compression."""
    h, w = img.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-1, 1, 2)
    ramp = gx * (xx / w - 0.5) + gy * (yy / h - 0.5)
    ramp = (ramp - ramp.min()) / (float(np.ptp(ramp)) or 1.0)
    vignette = ((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2) * 2
    light = 1 - cam.light * np.clip(0.7 * ramp + 0.3 * vignette, 0, 1)
    img = img * light
    if cam.blur_sigma > 0:
        img = cv2.GaussianBlur(img, (0, 0), cam.blur_sigma)
    if cam.noise_sigma > 0:
        img = img + rng.normal(0, cam.noise_sigma, img.shape).astype(np.float32)
    out = cv2.cvtColor(np.clip(img + 0.5, 0, 255).astype(np.uint8), cv2.COLOR_GRAY2BGR)
    if cam.jpeg_quality > 0:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, cam.jpeg_quality])
        decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
        if decoded is not None:
            out = decoded
    return np.asarray(out)
