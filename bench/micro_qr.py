"""Micro QR against version 1 on the same printed footprint: which symbol a camera reads.

Run: ``.venv/bin/python -m bench.micro_qr [--frames 3] [--blur 1.0,1.5,2.0]``
(about a minute).

A tag's footprint on a piece is its symbol and its quiet zone. A version-1 symbol is 21
modules across, 25 with the 2-module quiet zone the tags print (``printables.qr``); a
Micro QR M3 symbol holds the same 10-character payload at error correction M in 15
modules, 19 with its 2-module quiet zone, so on the same footprint its modules are 25 / 19
= 1.32 times larger; an M2 symbol (13 modules, 17 with its quiet zone: 1.47 times) holds 8
digits at level M, a numeric id with a check digit that the tag grammar would need instead
of today's text. Each frame (1920 x 1080) lays 39 tags in a grid on paper, each turned at
random, a third each as version 1 at level H and Micro QR M3 (Noah payloads) and M2 (8
digits: a game digit, a 6-digit index, a Luhn check digit), on footprints of ``F`` mm seen
at a given scale; it is drawn 4 times finer and averaged down
(each pixel integrates the paper it sees), then lit unevenly, blurred (Gaussian lens blur
sigma in frame pixels), given sensor noise (sigma 3) and JPEG at quality 80.

Readers, on the same frames: the project's detect stage (``vision.detect.detect``:
version 1 only), zxing-cpp alone (one call, its default options, both symbologies) and
zxing-cpp on a 2x cubic upscale of the frame. Each row: the module size in pixels of
each symbol, and the share of each symbol's tags read with the right text. A read text
that is on no tag of the frame is counted false.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
import zxingcpp

from engines.noah import catalog
from printables import payload, qr
from vision.detect import detect
from vision.types import U8Array

FRAME = (1920, 1080)
_FINE = 4  # the page is drawn this many times finer than the frame
_FOOTPRINT_MODULES = {"v1": qr.MODULES + 2 * qr.QUIET_MODULES, "m3": 15 + 2 * 2, "m2": 13 + 2 * 2}
KINDS = tuple(_FOOTPRINT_MODULES)


def micro_matrix(text: str) -> U8Array:
    """The Micro QR module matrix of ``text`` (1 dark, 0 light), no quiet zone, via zxing-cpp."""
    code = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.MicroQRCode)
    image = np.asarray(code.to_image(scale=1, add_quiet_zones=False))
    return (image < 128).astype(np.uint8)


def v1_matrix(text: str) -> U8Array:
    """The version-1 level-H module matrix of ``text`` the printables draw."""
    return np.array(qr.matrix(text), np.uint8)


@dataclass(frozen=True)
class Placed:
    """A tag in a frame: its text, its symbology and its centre in frame pixels."""

    text: str
    kind: str
    centre: tuple[float, float]


def numeric_id(k: int) -> str:
    """An 8-digit numeric tag: game digit 1, index ``k`` in 6 digits, a Luhn check digit."""
    body = f"1{k:06d}"
    total = 0
    for i, char in enumerate(reversed(body)):
        d = int(char) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return body + str((10 - total % 10) % 10)


def frame(
    texts: list[str], px_per_mm: float, footprint_mm: float, blur: float, seed: int
) -> tuple[U8Array, list[Placed]]:
    """A frame of ``texts`` on paper, in turn as version 1, Micro QR M3 and M2 (the M2 ones
    carry :func:`numeric_id` of their place instead)."""
    rng = np.random.default_rng(seed)
    w, h = FRAME
    fine = np.full((h * _FINE, w * _FINE), 230, np.uint8)
    cols = 8
    rows = math.ceil(len(texts) / cols)
    placed = []
    for k, text in enumerate(texts):
        kind = KINDS[k % len(KINDS)]
        if kind == "m2":
            text = numeric_id(seed * 100 + k)
        bits = v1_matrix(text) if kind == "v1" else micro_matrix(text)
        quiet = 2
        n = bits.shape[0] + 2 * quiet
        sym = np.full((n, n), 230, np.uint8)
        sym[quiet:-quiet, quiet:-quiet] = np.where(bits > 0, 25, 230)
        module_fine = footprint_mm / _FOOTPRINT_MODULES[kind] * px_per_mm * _FINE
        cx = (k % cols + 0.5) * w / cols * _FINE
        cy = (k // cols + 0.5) * h / rows * _FINE
        angle = float(rng.uniform(0, 360))
        scale = module_fine
        a = math.radians(angle)
        c, s = math.cos(a) * scale, math.sin(a) * scale
        m = np.array([[c, -s, cx - (c * n / 2 - s * n / 2)], [s, c, cy - (s * n / 2 + c * n / 2)]])
        size = (fine.shape[1], fine.shape[0])
        warped = cv2.warpAffine(sym, m, size, flags=cv2.INTER_NEAREST, borderValue=0)
        mask = cv2.warpAffine(np.ones_like(sym), m, size, flags=cv2.INTER_NEAREST, borderValue=0)
        fine[mask > 0] = warped[mask > 0]
        placed.append(Placed(text, kind, (cx / _FINE, cy / _FINE)))
    paper = cv2.resize(fine, FRAME, interpolation=cv2.INTER_AREA).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-1, 1, 2)
    light = 1 - 0.3 * np.clip(0.5 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5), 0, 1)
    blurred = cv2.GaussianBlur(paper * light, (0, 0), blur)
    noisy = blurred + rng.normal(0, 3.0, blurred.shape).astype(np.float32)
    grey = np.clip(noisy + 0.5, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", grey, [cv2.IMWRITE_JPEG_QUALITY, 80])
    out = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE) if ok else grey
    return np.asarray(out), placed


def _zxing(grey: U8Array) -> set[str]:
    return {b.text for b in zxingcpp.read_barcodes(grey) if b.valid}


def _zxing_2x(grey: U8Array) -> set[str]:
    return _zxing(cv2.resize(grey, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC))


def _pipeline(grey: U8Array) -> set[str]:
    return {d.text for d in detect(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)).detections}


READERS: dict[str, Callable[[U8Array], set[str]]] = {
    "detect stage": _pipeline,
    "zxing-cpp alone": _zxing,
    "zxing-cpp 2x cubic": _zxing_2x,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=3)
    parser.add_argument("--footprint", type=float, default=25.0, help="tag + quiet zone, mm")
    parser.add_argument("--scales", default="1.5,1.8,2.0,2.2,2.5,3.0", help="px per mm")
    parser.add_argument("--blur", default="1.0,1.5,2.0", help="lens blur sigmas, px")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    ids = [c.id for c in catalog.CATALOG if c.kind == "card"] or [c.id for c in catalog.CATALOG]
    texts_all = [payload.encode("noah", i) for i in ids]
    print(
        "| blur σ px | px per mm | px/module v1, M3, M2 | reader | v1 read | M3 read "
        "| M2 read | false |\n|---|---|---|---|---|---|---|---|"
    )
    for blur in (float(b) for b in args.blur.split(",")):
        for s in (float(v) for v in args.scales.split(",")):
            hits = {r: dict.fromkeys((*KINDS, "false"), 0) for r in READERS}
            total = dict.fromkeys(KINDS, 0)
            for f in range(args.frames):
                start = (39 * f) % max(len(texts_all) - 39, 1)
                grey, placed = frame(texts_all[start : start + 39], s, args.footprint, blur, f)
                for p in placed:
                    total[p.kind] += 1
                for name, reader in READERS.items():
                    got = reader(grey)
                    for p in placed:
                        hits[name][p.kind] += p.text in got
                    hits[name]["false"] += len(got - {p.text for p in placed})
            mod = ", ".join(f"{args.footprint / n * s:.2f}" for n in _FOOTPRINT_MODULES.values())
            for name, h in hits.items():
                shares = " | ".join(f"{100 * h[k] / total[k]:.0f}%" for k in KINDS)
                print(f"| {blur:.1f} | {s:.1f} | {mod} | {name} | {shares} | {h['false']} |")


if __name__ == "__main__":
    main()
