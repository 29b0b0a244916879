"""What one photo upload costs the server: CPU seconds and peak memory, per kind of upload.

Run: ``.venv/bin/python -m bench.photo_cpu [--repeat 3]``.

Each upload goes through what the photo routes run (``companion.photo_score
.score_upload``: the header checks, the decode within the pixel budget, the
reading, the scoring or the refusal) in a fresh process of its own, with the
OpenCV threads of the server's reading child (``companion.photo_reader``), so its CPU
time (user + system, from ``wait4``) and its peak resident memory are its own.
The uploads are the costly ones under the 12 MB limit: 7000 x 7000 pixels of
a checkerboard (the cheapest file for the most pixels) as PNG and as JPEG,
7000 x 7000 of noise as JPEG (as large as fits), a 50-megapixel JPEG, and a
12 MP photo of smooth content. Reported per upload: the answer (a score or the
refusal's code), CPU seconds (max over the repeats), peak memory of the whole
process and its share above the process at rest (Python, OpenCV and the
engines imported). Targets: at most 2 s of CPU and 300 MB peak per upload.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

from companion.photos import MAX_PHOTO_BYTES

CHILD = """
import json, re, sys, time
import cv2
from companion import photo_reader, photo_score, photos

cv2.setNumThreads(photo_reader.READING_THREADS)  # as the server's reading child

def high_water_kb():  # this process's own peak (ru_maxrss would carry the parent's over exec)
    with open("/proc/self/status") as status:
        return int(re.search(r"VmHWM:\\s+(\\d+)", status.read())[1])

rest = high_water_kb()
data = open(sys.argv[1], "rb").read()
start = time.process_time()
try:
    photo_score.score_upload("noah", data, ["ann", "bob", "cy"], None)
    answer = "scored"
except photos.BadPhoto as exc:
    answer = exc.code
cpu = time.process_time() - start
print(json.dumps({"answer": answer, "cpu": cpu, "rest_kb": rest, "peak_kb": high_water_kb()}))
"""


def checkerboard(side: int, square: int = 8) -> np.ndarray:
    board = (np.indices((side, side)).sum(axis=0) // square) % 2 * 255
    return board.astype(np.uint8)


def uploads(folder: Path) -> dict[str, Path]:
    """The uploads to measure, written into ``folder``."""
    made: dict[str, Path] = {}
    rng = np.random.default_rng(7)
    board = checkerboard(7000)
    cv2.imwrite(str(folder / "checker.png"), board, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    made["7000x7000 checkerboard PNG"] = folder / "checker.png"
    quality = fit_jpeg(checkerboard(7000, 32), folder / "checker.jpg")
    made[f"7000x7000 checkerboard JPEG (q {quality})"] = folder / "checker.jpg"
    noise = rng.integers(0, 256, (7000, 7000, 3), dtype=np.uint8)
    quality = fit_jpeg(noise, folder / "noise.jpg")
    made[f"7000x7000 noise JPEG (q {quality})"] = folder / "noise.jpg"
    del noise
    big = cv2.resize(checkerboard(1000, 3), (8160, 6120), interpolation=cv2.INTER_NEAREST)
    quality = fit_jpeg(big, folder / "50mp.jpg")
    made[f"8160x6120 (50 MP) JPEG (q {quality})"] = folder / "50mp.jpg"
    smooth = cv2.GaussianBlur(rng.integers(0, 256, (3000, 4000, 3), dtype=np.uint8), (0, 0), 9)
    cv2.imwrite(str(folder / "12mp.jpg"), smooth, [cv2.IMWRITE_JPEG_QUALITY, 92])
    made["4000x3000 (12 MP) JPEG"] = folder / "12mp.jpg"
    return made


def fit_jpeg(image: np.ndarray, path: Path) -> int:
    """Write ``image`` as the best JPEG under the upload limit; its quality."""
    for quality in (95, 90, 80, 60, 40, 25, 15, 10, 5):
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if ok and len(data) <= MAX_PHOTO_BYTES:
            path.write_bytes(data.tobytes())
            return quality
    raise ValueError("no JPEG of this image fits the upload limit")


def measure(path: Path) -> tuple[str, float, float, float]:
    """One upload in a fresh process: its answer, its CPU seconds (all threads, the
    upload alone), the process's peak MB and the upload's share above the process at rest."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        return f"exit {done.returncode}", 0.0, 0.0, 0.0
    found = json.loads(done.stdout)
    peak = found["peak_kb"] / 1024
    return found["answer"], found["cpu"], peak, peak - found["rest_kb"] / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        made = uploads(Path(tmp))
        head = f"{'upload':38} {'bytes':>10} {'answer':>22} {'CPU s':>7}"
        print(f"{head} {'peak MB':>8} {'photo MB':>8}")
        for name, path in made.items():
            runs = [measure(path) for _ in range(max(1, args.repeat))]
            answer = runs[0][0]
            cpu = max(r[1] for r in runs)
            peak = max(r[2] for r in runs)
            share = max(r[3] for r in runs)
            size = path.stat().st_size
            print(f"{name:38} {size:>10} {answer:>22} {cpu:>7.2f} {peak:>8.0f} {share:>8.0f}")


if __name__ == "__main__":
    main()
