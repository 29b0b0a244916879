"""Number tags read against the codebook: how small and how blurred a tag can be.

Run: ``.venv/bin/python -m bench.codebook [--strips 3] [--blur 1.0,1.5,2.0]`` (about two
minutes).

Each strip (:func:`testkit.number_tags.number_tag_strip`) lays 24 printed number tags,
turned at random, at a given module size in pixels, through lens blur, uneven light,
sensor noise sigma 3 and JPEG 80. Half the strips hold pieces' tags (drawn at random
from every game's, the book :func:`vision.games.number_tags`), half hold Micro QR M2
symbols shaped as number tags but in no game's book (game digits 6 to 9, or checks that
do not hold): a foreign symbol read as a piece is a false read. Readers, on the same
strips: the detect stage (``vision.detect.detect``: zxing-cpp, the upscaled pass, the
grid fits) and :func:`vision.micro.read_marks` on each symbol's box, as a mat's search
finds it. Each row: the share of pieces' tags read right and read wrong by each reader,
and the share of foreign symbols read as a piece.
"""

from __future__ import annotations

import argparse

import cv2
import numpy as np

from printables import payload
from testkit.number_tags import number_tag_strip
from vision.config import DEFAULT
from vision.detect import detect
from vision.games import number_tags
from vision.micro import read_marks

PER_STRIP = 24


def _foreign(rng: np.random.Generator, n: int) -> list[str]:
    """Texts shaped as number tags that no game prints."""
    book = set(number_tags())
    out: list[str] = []
    while len(out) < n:
        body = f"{rng.integers(6, 10)}{rng.integers(1, 1000):03d}"
        text = body + (
            payload.mod97_checks(body) if rng.random() < 0.5 else f"{rng.integers(100):02d}"
        )
        if text not in book and text not in out:
            out.append(text)
    return out


def row(module_px: float, blur: float, strips: int) -> tuple[float, float, float, float, float]:
    """(detect right, codebook right, codebook wrong, codebook foreign read, pieces) shares."""
    book = number_tags()
    rng = np.random.default_rng(round(module_px * 100 + blur * 10))
    total = detected = right = wrong = foreign = foreign_total = 0
    for s in range(strips):
        texts = [book[i] for i in rng.choice(len(book), PER_STRIP, replace=False)]
        grey, boxes = number_tag_strip(texts, module_px, seed=2 * s, blur_sigma=blur)
        seen = {d.text for d in detect(grey).detections}
        detected += sum(t in seen for t in texts)
        for i, d in read_marks(grey, boxes, book, DEFAULT):
            right += d.text == texts[i]
            wrong += d.text != texts[i]
        total += len(texts)
        others = _foreign(rng, PER_STRIP)
        grey, boxes = number_tag_strip(others, module_px, seed=2 * s + 1, blur_sigma=blur)
        foreign += len(read_marks(grey, boxes, book, DEFAULT))
        foreign_total += len(others)
    return detected / total, right / total, wrong / total, foreign / foreign_total, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strips", type=int, default=3)
    parser.add_argument("--blur", default="1.0,1.5,2.0", help="lens blur sigmas, px")
    parser.add_argument("--modules", default="1.0,1.2,1.4,1.6,1.8,2.0,2.5,3.0", help="px a module")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(
        "| blur sigma, px | px a module | tags | detect stage: read | codebook: read "
        "| codebook: wrong piece | foreign symbols read as a piece |"
    )
    print("|---|---|---|---|---|---|---|")
    for blur in (float(b) for b in args.blur.split(",")):
        for module_px in (float(m) for m in args.modules.split(",")):
            det, ok, bad, foreign, n = row(module_px, blur, args.strips)
            print(
                f"| {blur:g} | {module_px:g} | {n} | {det:.0%} | {ok:.0%} | {bad:.1%} "
                f"| {foreign:.1%} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
