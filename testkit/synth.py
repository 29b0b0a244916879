"""Seeded synthetic table scenes with ground truth, for tests and the bench.

A scene is a virtual table photographed from above: a wood-grain background,
white cards each carrying a QR version-1 tag drawn with ``qrcode``, decoys
(foreign QR codes of other versions, printed art and text), hands covering
some pieces, then the camera: perspective per card, uneven light and a soft
shadow, lens blur, sensor noise and JPEG compression.

Every number that shapes a scene is a field of :class:`SceneSpec`, so a test
or the bench names the conditions it measures. The same seed always gives the
same pixels. Sizes are given in *pixels per module* measured in the image
(the quantity that decides whether a decoder can read a code, see
``docs/design.md``, "Size matters"), and blur as the Gaussian sigma of the
lens in image pixels.
"""

from __future__ import annotations

import dataclasses
import random
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
import qrcode
import qrcode.constants

from vision.mats import ARUCO_DICTIONARY, MatSpec
from vision.types import FloatArray, Quad, U8Array

QR_ALPHANUMERIC = string.digits + string.ascii_uppercase + " $%*+-./:"
"""The 45 characters of the QR alphanumeric mode (ISO/IEC 18004, 7.4.4)."""

_EC_LEVELS = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}

RESOLUTIONS = {"1080p": (1920, 1080), "4k": (3840, 2160)}


@dataclass(frozen=True)
class SceneSpec:
    """The conditions of one synthetic scene.

    Attributes:
        width: Frame width in pixels.
        height: Frame height in pixels.
        tags: Number of tagged cards on the table.
        px_per_module: Mean size of one QR module in the image, in pixels.
        px_per_module_spread: Relative spread of that size across tags
            (0.1 means each tag is drawn at 0.9 to 1.1 times the mean), as a
            camera tilt makes near pieces larger than far ones.
        blur_sigma: Lens blur, Gaussian sigma in image pixels.
        noise_sigma: Sensor noise, Gaussian sigma in grey levels (0-255).
        jpeg_quality: JPEG quality the frame is compressed with; 0 for none.
        perspective: Corner jitter of each card, as a fraction of its side
            (0.08 is a camera about 25 degrees off vertical).
        light_range: Uneven light: the darkest corner of the table gets this
            fraction less light than the brightest (0 = flat light).
        shadow: Strength of one soft shadow across the table, 0 to 1.
        hands: Number of hands, each covering one card's tag.
        foreign_codes: Number of foreign QR codes (not our grammar) on the
            table.
        art_patches: Number of printed-art decoys (shapes, stripes, text).
        quiet_zone: White border around each tag, in modules.
        ec_level: QR error-correction level of the tags (L, M, Q or H); H is
            the level of every printed tag (``printables.payload``: version 1
            at level H holds exactly the grammar's 10 characters).
        payload_length: Characters of each random payload; 10 is the tag
            grammar's longest (2 game + 7 piece + 1 check).
        seed: Seed of every random choice in the scene.
    """

    width: int = 1920
    height: int = 1080
    tags: int = 40
    px_per_module: float = 4.0
    px_per_module_spread: float = 0.0
    blur_sigma: float = 0.8
    noise_sigma: float = 3.0
    jpeg_quality: int = 90
    perspective: float = 0.06
    light_range: float = 0.3
    shadow: float = 0.3
    hands: int = 0
    foreign_codes: int = 0
    art_patches: int = 0
    quiet_zone: int = 2
    ec_level: str = "H"
    payload_length: int = 10
    seed: int = 0


@dataclass(frozen=True)
class TagTruth:
    """Where one tag was drawn.

    Attributes:
        payload: The text encoded in the tag.
        corners: The symbol's four outer corners in image pixels (without
            the quiet zone), in the symbol's own order: top-left, top-right,
            bottom-right, bottom-left of the code as printed.
        px_per_module: The module size this tag was drawn at, in pixels.
        occluded: True when a hand covers the tag so that no decoder can be
            expected to read it.
    """

    payload: str
    corners: Quad
    px_per_module: float
    occluded: bool = False

    @property
    def center(self) -> tuple[float, float]:
        """The symbol's centre in image pixels."""
        c = np.asarray(self.corners, dtype=np.float64).mean(axis=0)
        return float(c[0]), float(c[1])


@dataclass(frozen=True)
class Scene:
    """A rendered scene and what is truly on it.

    Attributes:
        spec: The conditions it was rendered with.
        image: The frame, BGR uint8.
        tags: Ground truth of every tag, in the order the payloads were given.
        foreign: Ground truth of the foreign QR codes (decoys).
    """

    spec: SceneSpec
    image: U8Array
    tags: tuple[TagTruth, ...]
    foreign: tuple[TagTruth, ...] = field(default=())

    @property
    def visible_tags(self) -> tuple[TagTruth, ...]:
        """The tags no hand covers: what a perfect reader returns."""
        return tuple(t for t in self.tags if not t.occluded)


def random_payloads(count: int, rng: random.Random, length: int = 10) -> list[str]:
    """Distinct random payloads of the QR alphanumeric set (no spaces).

    Args:
        count: How many payloads.
        rng: The generator to draw from.
        length: Characters per payload.

    Returns:
        ``count`` distinct strings.
    """
    alphabet = string.digits + string.ascii_uppercase
    out: list[str] = []
    while len(out) < count:
        text = "".join(rng.choice(alphabet) for _ in range(length))
        if text not in out:
            out.append(text)
    return out


def qr_modules(payload: str, *, ec_level: str = "M", version: int | None = 1) -> U8Array:
    """The module matrix of a QR code, 1 for dark, without quiet zone.

    Args:
        payload: Text to encode.
        ec_level: Error-correction level, one of L, M, Q, H.
        version: QR version, or None for the smallest that fits.

    Returns:
        A square uint8 array of 0 and 1.

    Raises:
        ValueError: If the payload does not fit the version at that level.
    """
    code = qrcode.QRCode(version=version, error_correction=_EC_LEVELS[ec_level], border=0)
    code.add_data(payload)
    try:
        code.make(fit=version is None)
    except qrcode.exceptions.DataOverflowError as exc:
        raise ValueError(f"payload {payload!r} does not fit QR version {version}") from exc
    return np.asarray(code.get_matrix(), dtype=np.uint8)


def render_scene(
    spec: SceneSpec,
    payloads: Sequence[str] | None = None,
    *,
    card_text: Callable[[str], str] | None = None,
) -> Scene:
    """Render one table scene.

    Args:
        spec: The conditions.
        payloads: The tag payloads, one per card; ``spec.tags`` random
            11-character payloads when omitted.
        card_text: The text printed on each card beside its tag, from its
            payload; the payload itself when omitted.

    Returns:
        The scene with its ground truth.

    Raises:
        ValueError: If the cards do not fit on the table at this size.
    """
    rng = random.Random(spec.seed)
    nrng = np.random.default_rng(spec.seed)
    if payloads is None:
        payloads = random_payloads(spec.tags, rng, spec.payload_length)
    h, w = spec.height, spec.width
    canvas = _wood(h, w, nrng)

    cells = _layout(len(payloads) + spec.foreign_codes + spec.art_patches, spec, rng)
    truths: list[TagTruth] = []
    for payload, cell in zip(payloads, cells, strict=False):
        modules = qr_modules(payload, ec_level=spec.ec_level)
        ppm = spec.px_per_module * (1 + rng.uniform(-1, 1) * spec.px_per_module_spread)
        corners = _draw_card(
            canvas, modules, cell, ppm, spec, rng, text=(card_text or str)(payload)
        )
        truths.append(TagTruth(payload, corners, ppm))
    foreign: list[TagTruth] = []
    rest = cells[len(payloads) :]
    for cell in rest[: spec.foreign_codes]:
        text = _foreign_payload(rng)
        modules = qr_modules(text, ec_level=rng.choice("LMQ"), version=None)
        fit = cell[2] / ((modules.shape[0] + 2 * spec.quiet_zone + 3) * 0.75)
        ppm = min(spec.px_per_module * rng.uniform(0.9, 1.6), fit)
        corners = _draw_card(canvas, modules, cell, ppm, spec, rng, text="")
        foreign.append(TagTruth(text, corners, ppm))
    for cell in rest[spec.foreign_codes :]:
        _draw_art(canvas, cell, rng, nrng)

    occluded = set(rng.sample(range(len(truths)), min(spec.hands, len(truths))))
    for i in sorted(occluded):
        _draw_hand(canvas, truths[i], rng)
    truths = [
        TagTruth(t.payload, t.corners, t.px_per_module, occluded=i in occluded)
        for i, t in enumerate(truths)
    ]
    image = _camera(canvas, spec, nrng)
    return Scene(spec, image, tuple(truths), tuple(foreign))


def _wood(h: int, w: int, nrng: np.random.Generator) -> FloatArray:
    """A wood-grain table top, float32 BGR in 0..1."""
    small = nrng.normal(0, 1, (max(h // 40, 2), max(w // 4, 2))).astype(np.float32)
    grain = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    grain = cv2.GaussianBlur(grain, (0, 0), 3)
    base = 0.45 + 0.06 * grain
    colour = np.array([0.55, 0.75, 1.0], dtype=np.float32)  # brown, BGR
    return np.clip(base[..., None] * colour, 0, 1)


def _layout(count: int, spec: SceneSpec, rng: random.Random) -> list[tuple[float, float, float]]:
    """Centres and free radius of ``count`` pieces on a jittered grid, shuffled."""
    aspect = spec.width / spec.height
    rows = max(1, round((count / aspect) ** 0.5))
    cols = -(-count // rows)
    while rows * cols < count:
        rows += 1
    cw, ch = spec.width / cols, spec.height / rows
    radius = min(cw, ch) / 2
    cells: list[tuple[float, float, float]] = []
    for r in range(rows):
        for c in range(cols):
            jx = rng.uniform(-0.12, 0.12) * cw
            jy = rng.uniform(-0.12, 0.12) * ch
            cells.append(((c + 0.5) * cw + jx, (r + 0.5) * ch + jy, radius * 0.88))
    rng.shuffle(cells)
    return cells[:count]


def _jittered_square(
    cx: float, cy: float, side: float, spec: SceneSpec, rng: random.Random
) -> tuple[FloatArray, float]:
    """The four corners of a rotated, perspective-jittered square, and its angle."""
    angle = rng.uniform(0, 2 * np.pi)
    half = side / 2
    base = np.array([[-half, -half], [half, -half], [half, half], [-half, half]], np.float64)
    jitter = np.array([[rng.uniform(-1, 1), rng.uniform(-1, 1)] for _ in range(4)])
    base = base + jitter * spec.perspective * side
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    return base @ rot.T + np.array([cx, cy]), angle


def _draw_card(
    canvas: FloatArray,
    modules: U8Array,
    cell: tuple[float, float, float],
    ppm: float,
    spec: SceneSpec,
    rng: random.Random,
    *,
    text: str,
) -> Quad:
    """Draw a white card carrying a QR symbol; return the symbol's corners."""
    n = modules.shape[0]
    cx, cy, radius = cell
    card_modules = n + 2 * spec.quiet_zone + 3  # three modules of text below the code
    if card_modules * ppm * 0.707 * (1 + spec.perspective) > radius:
        raise ValueError(
            f"cards of {card_modules * ppm:.0f} px do not fit {spec.tags} pieces on a "
            f"{spec.width}x{spec.height} table; use fewer tags or fewer px per module"
        )
    # Sharp master: the card at `k` pixels per module, then warped into place.
    k = 8
    qz = spec.quiet_zone
    size = card_modules * k
    master = np.full((size, size), 0.93 + rng.uniform(-0.03, 0.04), np.float32)
    off = (card_modules - n) // 2
    y0 = qz * k
    sym = np.kron(1 - modules.astype(np.float32), np.ones((k, k), np.float32)) * 0.9 + 0.05
    master[y0 : y0 + n * k, off * k : off * k + n * k] = sym
    if text:
        _ink_text(master, text[:11], (k, size - k), k * 0.09, max(1, k // 4))
    corners, _ = _jittered_square(cx, cy, card_modules * ppm, spec, rng)
    src = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    m = cv2.getPerspectiveTransform(src, corners.astype(np.float32))
    # Pre-filter so the warp integrates over each output pixel (no aliasing).
    master = cv2.GaussianBlur(master, (0, 0), max(0.3, 0.45 * k / ppm))
    _paste(canvas, master, m)
    sym_src = np.array(
        [
            [off * k, y0],
            [off * k + n * k, y0],
            [off * k + n * k, y0 + n * k],
            [off * k, y0 + n * k],
        ],
        np.float32,
    ).reshape(-1, 1, 2)
    sym_corners = cv2.perspectiveTransform(sym_src, m).reshape(4, 2)
    return tuple((float(x), float(y)) for x, y in sym_corners)  # type: ignore[return-value]


def _paste(canvas: FloatArray, master: FloatArray, m: FloatArray) -> None:
    """Warp a grey master into the canvas through homography ``m``, in its bounding box."""
    h, w = master.shape[:2]
    pts = cv2.perspectiveTransform(
        np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float32), m
    ).reshape(4, 2)
    x0, y0 = np.floor(pts.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + 2
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, canvas.shape[1]), min(y1, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    local = shift @ m
    size = (int(x1 - x0), int(y1 - y0))
    grey = cv2.warpPerspective(master, local, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.ones_like(master), local, size, flags=cv2.INTER_LINEAR)
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - mask[..., None]) + (grey * mask)[..., None]


def _ink_text(
    master: FloatArray, text: str, origin: tuple[int, int], scale: float, thickness: int
) -> None:
    """Print dark text onto a float grey master (OpenCV draws text on 8-bit images only)."""
    ink = np.zeros(master.shape[:2], np.uint8)
    cv2.putText(ink, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, 255, thickness, cv2.LINE_AA)
    master -= (master - 0.12) * (ink.astype(np.float32) / 255)


def _foreign_payload(rng: random.Random) -> str:
    """A payload of a code that is not ours: a URL, a product code, a Wi-Fi login."""
    word = "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(4, 9)))
    return rng.choice(
        [
            f"https://example.com/{word}",
            f"WIFI:S:{word};T:WPA;P:{rng.randint(10**7, 10**8)};;",
            f"{rng.randint(10**12, 10**13)}",
            f"Hello {word}",
        ]
    )


def _draw_art(
    canvas: FloatArray,
    cell: tuple[float, float, float],
    rng: random.Random,
    nrng: np.random.Generator,
) -> None:
    """A printed-art decoy: blocky texture, stripes and text on a card."""
    cx, cy, radius = cell
    size = int(radius * 1.2)
    master: FloatArray = np.full((size, size), 0.9, np.float32)
    kind = rng.choice(["blocks", "stripes", "text"])
    if kind == "blocks":
        cells = rng.randint(6, 25)
        blocks = (nrng.random((cells, cells)) < 0.5).astype(np.float32)
        master = cv2.resize(1 - 0.85 * blocks, (size, size), interpolation=cv2.INTER_NEAREST)
    elif kind == "stripes":
        period = rng.uniform(3, 12)
        xs = np.arange(size, dtype=np.float32)
        master = np.tile(0.5 + 0.4 * np.sign(np.sin(xs / period)), (size, 1)).astype(np.float32)
    else:
        for row in range(1, 6):
            word = "".join(rng.choice(string.ascii_letters) for _ in range(8))
            _ink_text(master, word, (2, row * size // 6), size / 200, 1)
    spec = SceneSpec(perspective=0.05)
    corners, _ = _jittered_square(cx, cy, size, spec, rng)
    src = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    _paste(canvas, master, cv2.getPerspectiveTransform(src, corners.astype(np.float32)))


def _draw_hand(canvas: FloatArray, tag: TagTruth, rng: random.Random) -> None:
    """A hand (palm and fingers, skin coloured) covering most of one tag."""
    c = np.asarray(tag.corners, np.float64)
    cx, cy = c.mean(axis=0)
    side = float(np.linalg.norm(c[1] - c[0]))
    skin = (0.55 + rng.uniform(-0.1, 0.1), 0.65, 0.85)
    angle = rng.uniform(0, 360)
    axes = (int(side * 0.75), int(side * 0.6))
    cv2.ellipse(canvas, (int(cx), int(cy)), axes, angle, 0, 360, skin, -1, cv2.LINE_AA)
    rad = np.deg2rad(angle)
    for f in range(4):
        offset = (f - 1.5) * side * 0.25
        bx = cx + np.cos(rad) * side * 0.5 - np.sin(rad) * offset
        by = cy + np.sin(rad) * side * 0.5 + np.cos(rad) * offset
        ex, ey = bx + np.cos(rad) * side * 0.7, by + np.sin(rad) * side * 0.7
        thickness = max(2, int(side * 0.18))
        cv2.line(canvas, (int(bx), int(by)), (int(ex), int(ey)), skin, thickness, cv2.LINE_AA)


def _camera(canvas: FloatArray, spec: SceneSpec, nrng: np.random.Generator) -> U8Array:
    """Light, shadow, lens blur, sensor noise and JPEG: the camera's view of the table."""
    h, w = canvas.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = nrng.uniform(-1, 1, 2)
    ramp = gx * (xx / w - 0.5) + gy * (yy / h - 0.5)
    spread = float(np.ptp(ramp)) or 1.0
    light = 1 - spec.light_range * (ramp - ramp.min()) / spread
    if spec.shadow > 0:
        sx, sy = nrng.uniform(0.2, 0.8) * w, nrng.uniform(0.2, 0.8) * h
        r = nrng.uniform(0.15, 0.35) * w
        dist = np.sqrt((xx - sx) ** 2 + ((yy - sy) * 1.6) ** 2)
        light *= 1 - spec.shadow * 0.5 * (1 - np.clip((dist - r) / (0.2 * w), 0, 1))
    img = canvas * light[..., None]
    if spec.blur_sigma > 0:
        img = cv2.GaussianBlur(img, (0, 0), spec.blur_sigma)
    img = img * 255
    if spec.noise_sigma > 0:
        img = img + nrng.normal(0, spec.noise_sigma, img.shape).astype(np.float32)
    out = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    if spec.jpeg_quality > 0:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, spec.jpeg_quality])
        if ok:
            out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def render_marker(marker_id: int, pixels: int, dictionary: str = ARUCO_DICTIONARY) -> U8Array:
    """A marker image ``pixels`` square (black border included), for synthetic mats."""
    family = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    return np.asarray(cv2.aruco.generateImageMarker(family, marker_id, pixels))


@dataclass(frozen=True)
class MatScene:
    """A rendered mat photo and what is truly on it.

    Attributes:
        image: The frame, BGR uint8.
        tags: Ground truth per tag, corners in frame pixels, in input order.
        to_frame: Homography from mat millimetres to frame pixels.
    """

    image: U8Array
    tags: tuple[TagTruth, ...]
    to_frame: FloatArray


def render_mat_scene(
    mat: MatSpec,
    tags: Sequence[tuple[str, tuple[float, float], float]],
    *,
    module_mm: float = 1.25,
    px_per_mm: float = 3.2,
    width: int = 1920,
    height: int = 1080,
    tilt: float = 0.04,
    hands: Sequence[int] = (),
    camera: SceneSpec | None = None,
    seed: int = 0,
    tag_modules_mm: Mapping[str, float] | None = None,
) -> MatScene:
    """Photograph one printed mat with tagged pieces lying on it.

    Args:
        mat: The mat (its markers are drawn where it says, zones outlined).
        tags: ``(payload, centre in mat mm, rotation in degrees)`` per piece.
        module_mm: Printed size of one QR module in millimetres.
        px_per_mm: Camera scale at the mat's centre, pixels per millimetre.
        width: Frame width in pixels.
        height: Frame height in pixels.
        tilt: Perspective: corner jitter as a fraction of the mat's size.
        hands: Indexes of tags a hand covers.
        camera: Light, blur, noise and JPEG (its other fields are ignored).
        seed: Seed of the perspective, the hands and the camera.
        tag_modules_mm: Module size (mm) of particular payloads, where it
            differs from ``module_mm`` (a calibration sheet's tag sizes).

    Returns:
        The frame and its ground truth.
    """
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    camera = camera or SceneSpec(blur_sigma=0.7, light_range=0.2, shadow=0.2)
    k = 4.0  # canvas pixels per millimetre: supersampled, then warped down
    mw, mh = mat.size
    canvas = np.ones((int(mh * k), int(mw * k), 3), np.float32) * 0.92
    for zone in mat.zones:
        poly = (np.asarray(zone.polygon) * k).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(canvas, [poly], True, (0.7, 0.7, 0.7), max(1, int(k)), cv2.LINE_AA)
    for marker_id, quad in mat.markers.items():
        side = 200
        img = render_marker(marker_id, side, mat.dictionary).astype(np.float32) / 255
        src = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
        dst = (np.asarray(quad, np.float32) * k).astype(np.float32)
        _paste(canvas, img, cv2.getPerspectiveTransform(src, dst))
    truths_mm: list[tuple[str, FloatArray, int]] = []
    for payload, (cx, cy), angle in tags:
        module = (tag_modules_mm or {}).get(payload, module_mm)
        modules = qr_modules(payload, ec_level=camera.ec_level, version=None)
        n = modules.shape[0]
        m = 8
        qz = 2
        master = np.ones(((n + 2 * qz) * m, (n + 2 * qz) * m), np.float32) * 0.95
        master[qz * m : (qz + n) * m, qz * m : (qz + n) * m] = (
            np.kron(1 - modules.astype(np.float32), np.ones((m, m), np.float32)) * 0.9 + 0.05
        )
        half = (n / 2 + qz) * module
        a = np.deg2rad(angle)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        box = np.array([[-half, -half], [half, -half], [half, half], [-half, half]]) @ rot.T
        box += (cx, cy)
        size = master.shape[0]
        src = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
        _paste(canvas, master, cv2.getPerspectiveTransform(src, (box * k).astype(np.float32)))
        sym = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * (n / 2 * module) @ rot.T
        truths_mm.append((payload, sym + np.array([cx, cy]), n))

    centre = np.array([width / 2, height / 2])
    base = np.array([[-mw / 2, -mh / 2], [mw / 2, -mh / 2], [mw / 2, mh / 2], [-mw / 2, mh / 2]])
    jitter = np.array([[rng.uniform(-1, 1), rng.uniform(-1, 1)] for _ in range(4)])
    dst = centre + base * px_per_mm + jitter * tilt * np.array([mw, mh]) * px_per_mm
    mm_quad = np.array([[0, 0], [mw, 0], [mw, mh], [0, mh]], np.float32)
    to_frame = cv2.getPerspectiveTransform(mm_quad, dst.astype(np.float32))
    scale = np.diag([1 / k, 1 / k, 1.0])
    soft = cv2.GaussianBlur(canvas, (0, 0), max(0.3, 0.45 * k / px_per_mm))
    table = _wood(height, width, nrng)
    mask = cv2.warpPerspective(
        np.ones(soft.shape[:2], np.float32), to_frame @ scale, (width, height)
    )
    warped = cv2.warpPerspective(soft, to_frame @ scale, (width, height), flags=cv2.INTER_LINEAR)
    frame = table * (1 - mask[..., None]) + warped * mask[..., None]

    truths = []
    for payload, sym, n in truths_mm:
        pts = cv2.perspectiveTransform(sym.reshape(-1, 1, 2).astype(np.float64), to_frame)
        corners = tuple((float(x), float(y)) for x, y in pts.reshape(4, 2))
        ppm = float(np.linalg.norm(pts[1, 0] - pts[0, 0])) / n
        truths.append(TagTruth(payload, corners, ppm))  # type: ignore[arg-type]
    for i in hands:
        _draw_hand(frame, truths[i], rng)
        truths[i] = dataclasses.replace(truths[i], occluded=True)
    image = _camera(frame, camera, nrng)
    return MatScene(image, tuple(truths), np.asarray(to_frame))
