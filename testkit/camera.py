"""A fast synthetic camera over a game's printed mats: the mats shot once, tags laid per frame.

Each empty mat is rendered once with :func:`testkit.synth.render_mat_scene`
(markers, zone outlines, perspective, light, blur, noise, the wood table)
and the mats are laid out in rows on one table (each a little askew, as
mats lie); each frame then pastes the pieces' QR tags (the printables' payloads at level
H) through the same perspective, blurred and noised like the rest, and hands
where a script passes them. A frame costs a few milliseconds instead of the
seconds a whole re-render takes, so a scripted game of many moves stays cheap.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from printables.payload import EC_LEVEL, encode
from testkit.synth import qr_modules, render_mat_scene
from testkit.tags import PlacedTag
from vision.mats import MatSpec
from vision.types import FloatArray, U8Array


@dataclass(frozen=True)
class Shot:
    """How the synthetic camera sees the mat.

    Attributes:
        width: Frame width in pixels (at least what the mats' rows need).
        height: Frame height in pixels (at least what the mats' rows need).
        px_per_mm: Camera scale at the mat's centre, pixels per millimetre.
        module_mm: Printed size of one QR module, millimetres (21 modules a tag).
        blur_sigma: Lens blur applied to each pasted tag, pixels.
        noise_sigma: Sensor noise on each pasted tag, grey levels.
        tilt: Perspective: corner jitter as a fraction of the mat's size.
        seed: Seed of the perspective, light and noise.
    """

    width: int = 1280
    height: int = 1216
    px_per_mm: float = 2.6
    module_mm: float = 1.0
    blur_sigma: float = 0.6
    noise_sigma: float = 2.0
    tilt: float = 0.02
    seed: int = 0


_MARGIN_PX = 24  # table showing around each mat, pixels


@dataclass
class MatCamera:
    """A game's mats in view of a fixed synthetic camera.

    Attributes:
        game: Game id (the tags' payloads are this game's).
        mats: The mats on the table.
        shot: The camera.
        rows: Mat ids per row of the table layout, top row first; one row of
            every mat when empty.
    """

    game: str
    mats: Sequence[MatSpec]
    shot: Shot = field(default_factory=Shot)
    rows: Sequence[Sequence[str]] = ()

    def __post_init__(self) -> None:
        s = self.shot
        by_id = {m.id: m for m in self.mats}
        rows = self.rows or [[m.id for m in self.mats]]
        tiles: list[tuple[int, int, MatSpec, int, int]] = []
        y = 0
        for row in rows:
            x, tall = 0, 0
            for mat_id in row:
                mat = by_id[mat_id]
                w = int(mat.size[0] * s.px_per_mm * (1 + 2 * s.tilt)) + 2 * _MARGIN_PX
                h = int(mat.size[1] * s.px_per_mm * (1 + 2 * s.tilt)) + 2 * _MARGIN_PX
                tiles.append((x, y, mat, w, h))
                x, tall = x + w, max(tall, h)
            y += tall
        width = max(s.width, max(x + w for x, _, _, w, _ in tiles))
        height = max(s.height, max(y + h for _, y, _, _, h in tiles))
        self._base = np.full((height, width, 3), (60, 90, 120), np.uint8)
        self._to_frame: dict[str, FloatArray] = {}
        for k, (x, y, mat, w, h) in enumerate(tiles):
            scene = render_mat_scene(
                mat, [], px_per_mm=s.px_per_mm, width=w, height=h, tilt=s.tilt, seed=s.seed + k
            )
            self._base[y : y + h, x : x + w] = scene.image
            shift = np.array([[1, 0, x], [0, 1, y], [0, 0, 1]], np.float64)
            self._to_frame[mat.id] = shift @ scene.to_frame
        self._masters: dict[str, FloatArray] = {}

    def _master(self, piece: str) -> FloatArray:
        """The tag of ``piece`` with its 2-module quiet zone, 8 px a module, grey 0..255."""
        if piece not in self._masters:
            modules = qr_modules(encode(self.game, piece), ec_level=EC_LEVEL)
            img = np.kron(1 - modules.astype(np.float32), np.ones((8, 8), np.float32))
            img = img * 220 + 15
            self._masters[piece] = cv2.copyMakeBorder(
                img, 16, 16, 16, 16, cv2.BORDER_CONSTANT, value=240.0
            )
        return self._masters[piece]

    def outline(self, tag: PlacedTag, scale: float = 1.0) -> FloatArray:
        """The tag's outline (quiet zone included) in frame pixels."""
        half = (21 / 2 + 2) * self.shot.module_mm * scale
        a = np.deg2rad(tag.angle)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        box = np.array([[-half, -half], [half, -half], [half, half], [-half, half]]) @ rot.T
        box += np.asarray(tag.mm)
        return cv2.perspectiveTransform(box.reshape(-1, 1, 2), self._to_frame[tag.mat]).reshape(
            4, 2
        )

    def frame(self, tags: Sequence[PlacedTag], hands: Sequence[int] = (), seed: int = 0) -> U8Array:
        """The camera's frame of the mats with ``tags`` on it and hands over the tags ``hands``."""
        out = self._base.copy()
        rng = np.random.default_rng(seed)
        for tag in tags:
            self._paste(out, tag, rng)
        prng = random.Random(seed)
        for i in hands:
            self._hand(out, self.outline(tags[i]), prng)
        return out

    def _paste(self, out: U8Array, tag: PlacedTag, rng: np.random.Generator) -> None:
        master = self._master(tag.piece)
        dst = self.outline(tag)
        x0, y0 = np.floor(dst.min(axis=0)).astype(int) - 3
        x1, y1 = np.ceil(dst.max(axis=0)).astype(int) + 3
        x0, y0 = max(int(x0), 0), max(int(y0), 0)
        x1, y1 = min(int(x1), out.shape[1]), min(int(y1), out.shape[0])
        if x1 <= x0 or y1 <= y0:
            return
        n = master.shape[0]
        src = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
        local = cv2.getPerspectiveTransform(src, (dst - (x0, y0)).astype(np.float32))
        size = (x1 - x0, y1 - y0)
        grey = cv2.warpPerspective(master, local, size, flags=cv2.INTER_AREA)
        mask = cv2.warpPerspective(np.ones_like(master), local, size, flags=cv2.INTER_LINEAR)
        roi = out[y0:y1, x0:x1].astype(np.float32)
        mixed = roi * (1 - mask[..., None]) + grey[..., None] * mask[..., None]
        s = self.shot
        if s.blur_sigma > 0:
            mixed = cv2.GaussianBlur(mixed, (0, 0), s.blur_sigma)
        noise = np.asarray(rng.normal(0, s.noise_sigma, mixed.shape), np.float32)
        mixed = mixed + noise
        out[y0:y1, x0:x1] = np.clip(mixed + 0.5, 0, 255).astype(np.uint8)

    @staticmethod
    def _hand(out: U8Array, corners: FloatArray, rng: random.Random) -> None:
        """An arm reaching in from the nearest frame edge, its hand covering one tag."""
        cx, cy = corners.mean(axis=0)
        side = float(np.linalg.norm(corners[1] - corners[0]))
        h, w = out.shape[:2]
        edges = [(cx, 0.0), (cx, float(h)), (0.0, cy), (float(w), cy)]
        ex, ey = min(edges, key=lambda e: abs(e[0] - cx) + abs(e[1] - cy))
        skin = (int(140 + rng.uniform(-25, 25)), 165, 215)
        arm = max(6, int(side * 1.2))
        cv2.line(out, (int(ex), int(ey)), (int(cx), int(cy)), skin, arm, cv2.LINE_AA)
        cv2.circle(out, (int(cx), int(cy)), int(side * 0.8), skin, -1, cv2.LINE_AA)
