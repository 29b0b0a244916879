"""Table photos rendered from the real printed pages: what the companion reads, per game and camera.

Run: ``.venv/bin/python -m bench.table_photos [--games noah,...] [--cameras 1080p:0,4k:45]``
(the first run prints and rasterizes every game, about a minute; the pages are cached in
``--cache``).

Each game is printed as ``companion print GAME --what all`` makes it (A4, its default tag
sizes), rasterized by poppler's ``pdftoppm`` at 200 dpi, and laid out as in
the middle of a seeded game (:mod:`bench.filmed`: the mats the camera follows, each piece
where its scene puts its tag). :mod:`testkit.table_photo` photographs it through a
pinhole camera (70 degrees across, the table filling the frame) at 0, 45 or 55 degrees
from the vertical, at 1080p, 4K or 12 MP, with lens blur sigma 1.5 px, uneven light,
sensor noise (sigma 3) and JPEG at quality 80.

Per game and camera it prints: the pieces in the frame (each face-down card back one piece:
the reading counts backs per zone); those read with the right piece id (a back: as many
backs read in its zone) and placed in the right zone (the whole pipeline,
``vision.pipeline.read_frame``);
false pieces (read but not on the table); silent misses (in the frame, not read, and no
unread symbol reported where they lie); the CPU milliseconds of one read (one core:
OpenCV on one thread); the module size in pixels of the smallest and the largest tag;
and, beside it, zxing-cpp alone (one call on the whole grey frame, its default options)
on the same photo, its pieces placed through the same mats.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import zxingcpp

from bench.filmed import Filmed, filmed
from printables import payload
from testkit.printed import PrintedSet, printed_set
from testkit.table_photo import Camera, TablePhoto, camera, lay_out, photograph
from vision.assemble import assemble, validate
from vision.decoders import Detection
from vision.detect import to_grey
from vision.games import game_vision, warm
from vision.mats import locate_mats
from vision.pipeline import read_frame
from vision.reading import TableReading

GAMES = ("noah", "animals_on_board", "hare_tortoise", "niagara", "ark_nova")

PRINTED: Mapping[str, Mapping[str, float]] = {game: {} for game in GAMES}
"""Tag sizes printed per game (``--tag-mm``) over the game's own defaults: none, so each
game prints as ``companion print GAME --what all`` prints it (``printables.settings``,
``PrintedGame.tag_mm``)."""

SCENES: Mapping[str, tuple[int, int]] = {
    "noah": (40, 3),
    "animals_on_board": (30, 4),
    "hare_tortoise": (60, 3),
    "niagara": (40, 1),
    "ark_nova": (24, 3),
}
"""Plies and seed of the seeded game each photo shows the table of (after its last move)."""

CAMERAS = ("1080p:0", "1080p:45", "4k:45", "4k:55", "12mp:45")
"""Resolution and tilt of the default run."""


@dataclass(frozen=True)
class Score:
    """One reader on one photo.

    Attributes:
        pieces: Pieces whose tag lies whole in the frame.
        read: Of those, read with the right id.
        right_zone: Of those, placed in the zone they lie in.
        false: Pieces read that are not on the table.
        silent: Pieces in the frame neither read nor reported as unread where they lie.
        ms: CPU milliseconds of the read.
    """

    pieces: int
    read: int
    right_zone: int
    false: int
    silent: int
    ms: float


def scene(game: str) -> Filmed:
    """The seeded game whose table the photos show."""
    plies, seed = SCENES[game]
    return filmed(game, plies=plies, seed=seed, players=4)


def photo(game: str, cam: Camera, printed: PrintedSet, made: Filmed | None = None) -> TablePhoto:
    """The photo of ``game``'s table in the middle of its seeded game."""
    made = made or scene(game)
    tags = made.tags(len(made.script.moves))
    table = lay_out(made.model.vision.mats, made.camera.rows, seed=cam.seed)
    return photograph(printed, table, tags, cam)


def _inside(point: tuple[float, float], quad: Sequence[tuple[float, float]]) -> bool:
    poly = np.asarray(quad, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(poly, (float(point[0]), float(point[1])), False) >= 0


def score(
    shot: TablePhoto, reading: TableReading, ms: float, backs: frozenset[str] = frozenset()
) -> Score:
    """How ``reading`` compares with what the photo truly shows.

    Pieces of ``backs`` (card backs: the reading counts them per zone, unnamed) count one
    each, read when the reading has as many backs in their zone.
    """
    tags = [t for t in shot.tags if t.in_frame]
    truth = {t.piece: t for t in tags if t.piece not in backs}
    on_table = {t.piece for t in shot.tags}
    got = {p.piece: p for p in reading.placements if not p.back}
    unread = [q for i in reading.issues if i.code == "vision.unreadable_tag" for q in i.corners]
    read = [p for p in truth if p in got]
    right = [p for p in read if got[p].zone == truth[p].zone]
    silent = 0
    for piece, t in truth.items():
        if piece in got:
            continue
        cx = sum(x for x, _ in t.corners) / 4
        cy = sum(y for _, y in t.corners) / 4
        centres = [(sum(x for x, _ in q) / 4, sum(y for _, y in q) / 4) for q in unread]
        if not any(_inside(c, t.corners) for c in centres) and not any(
            _inside((cx, cy), q) for q in unread
        ):
            silent += 1
    laid = Counter(t.zone for t in tags if t.piece in backs)
    seen = Counter(p.zone for p in reading.placements if p.back)
    backs_read = sum(min(n, seen[zone]) for zone, n in laid.items())
    silent += sum(max(0, n - seen[z] - reading.unread_in(z or "")) for z, n in laid.items())
    false = len([p for p in got if p not in on_table])
    pieces = len(truth) + sum(laid.values())
    return Score(pieces, len(read) + backs_read, len(right) + backs_read, false, silent, ms)


def _backs(game: str) -> frozenset[str]:
    catalog = payload.catalog_of(game)
    return frozenset(c.id for c in catalog.of_kind("back")) if catalog else frozenset()


def read_pipeline(shot: TablePhoto, game: str) -> Score:
    """The whole pipeline on the photo."""
    start = time.process_time()
    reading = read_frame(shot.image, game_vision(game)).reading
    return score(shot, reading, 1000 * (time.process_time() - start), _backs(game))


def read_zxing(shot: TablePhoto, game: str) -> Score:
    """zxing-cpp alone on the whole photo, its pieces placed through the pipeline's mats."""
    vision = game_vision(game)
    start = time.process_time()
    found = zxingcpp.read_barcodes(to_grey(shot.image))
    ms = 1000 * (time.process_time() - start)
    detections = []
    for b in found:
        p = b.position
        corners = tuple(
            (float(q.x), float(q.y))
            for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
        )
        symbol = "micro" if b.format == zxingcpp.BarcodeFormat.MicroQRCode else "qr"
        detections.append(Detection(b.text, corners, "zxing", b.ec_level or "", 0, symbol))  # type: ignore[arg-type]
    poses = locate_mats(shot.image, vision.mats)
    sightings = validate(detections, vision.parse, vision.ec_level, vision.micro_ec_level)
    reading = assemble(game, sightings, poses, vision.mats)
    return score(shot, reading, ms, _backs(game))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--cameras", default=",".join(CAMERAS), help="RESOLUTION:TILT, ...")
    parser.add_argument("--blur", type=float, default=1.5, help="lens blur sigma, px")
    parser.add_argument("--seeds", type=int, default=1, help="photos per game and camera")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "table-photos")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    warm()  # as the photo reader's process does when it starts
    print(
        "| game | camera | pieces | read | right zone | false | silent misses | ms per frame "
        "| px/module (min-max) | zxing-cpp alone: read | right zone | ms |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    totals: dict[str, list[int]] = {}
    for game in args.games.split(","):
        printed = printed_set(game, PRINTED[game], cache=args.cache)
        made = scene(game)
        for spec in args.cameras.split(","):
            name, tilt = spec.split(":")
            rows = []
            for seed in range(args.seeds):
                cam = camera(name, float(tilt), blur_sigma=args.blur, seed=seed)
                shot = photo(game, cam, printed, made)
                ppm = [t.px_per_module for t in shot.tags if t.in_frame]
                rows.append((read_pipeline(shot, game), read_zxing(shot, game), ppm))
            ours = [r[0] for r in rows]
            alone = [r[1] for r in rows]
            ppm = [v for r in rows for v in r[2]]
            n = sum(s.pieces for s in ours)
            key = f"{name}:{tilt}"
            t = totals.setdefault(key, [0, 0, 0])
            t[0] += n
            t[1] += sum(s.right_zone for s in ours)
            t[2] += sum(s.right_zone for s in alone)
            print(
                f"| {game} | {name} {tilt}° | {n} | {sum(s.read for s in ours)} "
                f"| {sum(s.right_zone for s in ours)} | {sum(s.false for s in ours)} "
                f"| {sum(s.silent for s in ours)} | {statistics.median(s.ms for s in ours):.0f} "
                f"| {min(ppm, default=0):.1f}-{max(ppm, default=0):.1f} "
                f"| {sum(s.read for s in alone)} | {sum(s.right_zone for s in alone)} "
                f"| {statistics.median(s.ms for s in alone):.0f} |",
                flush=True,
            )
    for key, (n, ours_right, alone_right) in totals.items():
        if n:
            print(
                f"{key}: {ours_right}/{n} read and placed right ({100 * ours_right / n:.1f}%), "
                f"zxing-cpp alone {alone_right}/{n} ({100 * alone_right / n:.1f}%)"
            )


if __name__ == "__main__":
    main()
