"""Whole games followed from table photos: every move the camera sees, right or wrong.

Run: ``.venv/bin/python -m bench.followed_photos [--games noah,...] [--cameras 4k:45,1080p:0]
[--plies 400]`` (a 4K photo takes about 3 s to render: a whole game of every game at both
cameras is tens of minutes).

Each game is :mod:`bench.filmed`'s seeded game (its players, its phones' moves, its mats),
played from the first move a player makes to its end (``--plies`` at most). The table is
printed and photographed as in :mod:`bench.table_photos` (the real printed pages of
``companion print GAME --what all`` at the tag sizes of its :data:`~bench.table_photos.PRINTED`,
a pinhole camera of 70 degrees, lens blur sigma 1.5 px, uneven light, noise, JPEG 80); each
change is filmed as a hand over the table (one frame), then three frames of the still table
(a new photo: its noise and its uneven light differ from the last one's, as a webcam's
exposure does). The watching loop (``companion.watch.loop.Watcher``) follows the frames;
the phones send each move the table cannot show once its player has made it, and each
question is answered with the script's move, as the players would.

Per game and camera it prints: the changes the camera sees, the moves of the script (the
phones' ones included), how many of them the loop followed (the longest prefix of its moves
equal to the script's), whether a wrong move was applied (a move that is not the script's
where the two part), the questions asked, whether the loop's game ended with the script's
outcome (scores, breakdown and ranking), and the CPU seconds of the loop.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from bench.filmed import GAMES, Filmed, filmed
from bench.table_photos import PRINTED, SCENES
from companion.watch.infer import Question
from companion.watch.loop import Watcher
from engines.core import Outcome
from testkit.printed import PrintedSet, printed_set
from testkit.table_photo import Camera, camera, lay_out, photograph
from testkit.video import follow_sending
from vision.types import U8Array


@dataclass(frozen=True)
class Followed:
    """One game followed through one camera.

    Attributes:
        changes: Changes the camera sees.
        moves: Moves of the script, the phones' ones included.
        right: Moves the loop applied equal to the script's, from the first on.
        wrong: True when the loop applied a move that is not the script's.
        questions: Questions the loop asked.
        scored: True when the script's game ended and the loop's game ended with its
            outcome (scores, breakdown and ranking).
        cpu_s: CPU seconds of the loop.
    """

    changes: int
    moves: int
    right: int
    wrong: bool
    questions: int
    scored: bool
    cpu_s: float


def _hand(image: U8Array, rng: random.Random) -> U8Array:
    """The photo with a hand-sized blot over a random part of the table."""
    out = image.copy()
    h, w = out.shape[:2]
    centre = (rng.randrange(w // 4, 3 * w // 4), rng.randrange(h // 4, 3 * h // 4))
    cv2.ellipse(out, centre, (w // 10, h // 7), rng.uniform(0, 180), 0, 360, (90, 120, 170), -1)
    return out


def stills(made: Filmed, printed: PrintedSet, cam: Camera) -> Iterator[tuple[int, list[U8Array]]]:
    """Per still table, the moves it shows (the script's first ``n``) and its frames: the start,
    then for each change a hand over the table and three still frames."""
    table = lay_out(made.model.vision.mats, made.camera.rows, seed=cam.seed)
    rng = random.Random(cam.seed)
    for k, index in enumerate(made.shown):
        shot = photograph(printed, table, made.tags(index), replace(cam, seed=cam.seed + k))
        hand = [_hand(shot.image, rng)] if k > 0 else []
        yield index, [*hand, shot.image, shot.image, shot.image]


def follow(made: Filmed, printed: PrintedSet, cam: Camera) -> Followed:
    """Follow ``made`` through ``cam``; each phone's move is sent once its player has made it
    (before the camera sees the table after it)."""
    script = made.script
    watcher = Watcher(made.model, script.start)
    start = time.process_time()
    follow_sending(watcher, stills(made, printed, cam), script)
    cpu = time.process_time() - start
    ours = [m.notation() for m in watcher.moves]
    theirs = [m.notation() for m in script.moves]
    right = next((i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), None)
    same = min(len(ours), len(theirs)) if right is None else right
    asked = sum(isinstance(j.result, Question) for j in watcher.judged)
    end = script.states[-1] if script.states else script.start
    outcome = end.outcome()
    scored = outcome is not None and _json(watcher.state.outcome()) == _json(outcome)
    return Followed(len(made.reach), len(script.moves), same, right is not None, asked, scored, cpu)


def _json(outcome: Outcome | None) -> object:
    return None if outcome is None else outcome.to_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--cameras", default="4k:45,1080p:0", help="RESOLUTION:TILT, ...")
    parser.add_argument("--plies", type=int, default=400, help="moves at most of each game")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "table-photos")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    np.seterr(all="ignore")
    print(
        "| game | camera | changes | moves | followed right | wrong move | questions "
        "| scored as the script | CPU s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for game in args.games.split(","):
        printed = printed_set(game, PRINTED[game], cache=args.cache)
        made = filmed(game, plies=args.plies, seed=SCENES[game][1], players=4)
        for spec in args.cameras.split(","):
            name, tilt = spec.split(":")
            got = follow(made, printed, camera(name, float(tilt)))
            print(
                f"| {game} | {name} {tilt}° | {got.changes} | {got.moves} | {got.right} "
                f"| {'yes' if got.wrong else 'no'} | {got.questions} "
                f"| {'yes' if got.scored else 'no'} | {got.cpu_s:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
