"""Frames per second of the watching loop on 1080p frames of a filmed Noah, Hare or Niagara
game.

Run: ``.venv/bin/python -m bench.watch [--game noah|hare_tortoise|niagara] [--plies 110]
[--seed 11] [--players 4]`` (about a minute on an idle machine).

With ``--game niagara`` a seeded game of ``--players`` (3 or 4) is played to its end by the
engine's playout policy (``--plies`` ignored) and filmed whole: the river mat above the
players' bank mats in one 1920 x 1080 frame, 1.6 px per mm, the canoes and gems tagged at
28 mm (2.1 px per module); the face-down paddles come from the phones and each question
(two canoes that could have dropped the gem) is answered with the script's move. Printed
besides: the changes applied outright and the questions answered (recall: changes the loop
judged, of those the script made).

With ``--game hare_tortoise`` a seeded two-player game with ``race = by_hand``
is filmed instead (played to its end, ``--plies`` ignored): the race mat and
the two players' played-cards mats at 1920 x 1080, 1.6 px per mm with the
default printed 28 mm tags (2.1 px per module, as for Noah), the second bets
sent by the phones.

A seeded two-player game of Noah is played out and filmed by the synthetic
camera (``companion.watch.camera``) at 1920 x 1080 (2.1 px per mm on the
pentagon mat, 21 mm tags: 2.1 px per module): two frames of hands passing
over the table before each change, then three frames of the still table,
the way a 30 fps camera sees a player reach over and withdraw. The loop
(``companion.watch.loop.Watcher``) gates on stillness, reads the still view,
infers and applies the moves. Printed: frames, still views read, CPU seconds
of the loop, frames per second overall, the time of one 1080p read (what a
loop that read every frame would cost per frame), and whether the inferred
moves equal the script. Times are CPU seconds of this process with OpenCV on
one thread, so other load on the machine does not inflate them.
"""

from __future__ import annotations

import argparse
import random
import time

import cv2

from companion.watch import hare_tortoise as hare_watch
from companion.watch.camera import MatCamera, Shot
from companion.watch.infer import Applied, Question
from companion.watch.loop import Watcher
from companion.watch.model import PlacedTag, TableModel
from companion.watch.niagara import NiagaraTable
from companion.watch.noah import NoahTable, script_tags
from companion.watch.video import Script, film, follow_answering, play
from engines import hare_tortoise, niagara, noah
from engines.core import Move, State
from engines.niagara.bot import playout_move
from engines.niagara.state import NiagaraState
from vision.pipeline import read_frame

SHOT_1080P = Shot(width=1920, height=1080, px_per_mm=2.1, module_mm=1.0)
TAGS_28MM_1080P = Shot(width=1920, height=1080, px_per_mm=1.6, module_mm=28 / 21)


def _noah(plies: int, seed: int) -> tuple[TableModel, Script, list[list[PlacedTag]], MatCamera]:
    model = NoahTable()
    script = play(noah.new_game(["Ann", "Ben"], seed=seed), plies, seed=seed)
    tags = script_tags(script.start, script.moves)
    camera = MatCamera("noah", [m for m in model.vision.mats if m.id == "pentagon"], SHOT_1080P)
    return model, script, tags, camera


def _hare(seed: int) -> tuple[TableModel, Script, list[list[PlacedTag]], MatCamera]:
    model = hare_watch.HareTable()
    start = hare_tortoise.new_game(["Ann", "Ben"], options={"race": "by_hand"}, seed=seed)
    script = play(start, 3000, seed=seed)
    tags = hare_watch.script_tags(script.start, script.moves)
    mats = [m for m in model.vision.mats if m.id in ("race", "z1", "z2")]
    camera = MatCamera("hare_tortoise", mats, TAGS_28MM_1080P, rows=[["race", "z1"], ["z2"]])
    return model, script, tags, camera


def _playout(state: State, rng: random.Random) -> Move:
    assert isinstance(state, NiagaraState)
    return playout_move(state, rng)


def _niagara(
    seed: int, players: int
) -> tuple[TableModel, Script, list[list[PlacedTag]], MatCamera]:
    model = NiagaraTable()
    names = ["Ann", "Ben", "Cy", "Di"][:players]
    start = niagara.new_game(names, options={"tiebreak": "gem_value"}, seed=seed)
    script = play(start, 3000, seed=seed, choose=_playout)
    states = [script.start, *script.states]
    tags = [model.tags(s) for s in states if isinstance(s, NiagaraState)]
    banks = [f"bank{k}" for k in range(1, players + 1)]
    mats = [m for m in model.vision.mats if m.id in ("river", *banks)]
    camera = MatCamera("niagara", mats, TAGS_28MM_1080P, rows=[["river"], banks])
    return model, script, tags, camera


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("noah", "hare_tortoise", "niagara"), default="noah")
    parser.add_argument("--plies", type=int, default=110, help="moves of the scripted game")
    parser.add_argument("--seed", type=int, default=11, help="seed of the game and the camera")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4, help="Niagara only")
    args = parser.parse_args()
    cv2.setNumThreads(1)

    if args.game == "noah":
        model, script, tags, camera = _noah(args.plies, args.seed)
    elif args.game == "hare_tortoise":
        model, script, tags, camera = _hare(args.seed)
    else:
        model, script, tags, camera = _niagara(args.seed, args.players)
    reaches = script.reaches(model)
    stills = [0, *(last + 1 for _, last in reaches)]
    frames = list(film(camera, tags.__getitem__, stills, seed=args.seed))

    watcher = Watcher(model, script.start, list(script.hidden(model)))
    start = time.process_time()
    follow_answering(watcher, frames, script)
    loop_s = time.process_time() - start

    start = time.process_time()
    for frame in frames[2::7][:5]:
        read_frame(frame, model.vision)
    one_read = (time.process_time() - start) / len(frames[2::7][:5])

    end = reaches[-1][1] + 1
    followed = [m.notation() for m in watcher.moves[:end]] == [
        m.notation() for m in script.moves[:end]
    ]
    applied = sum(isinstance(j.result, Applied) for j in watcher.judged)
    asked = sum(isinstance(j.result, Question) for j in watcher.judged)
    h, w = frames[0].shape[:2]
    print(f"frames {len(frames)} at {w}x{h}, changes {len(reaches)}, views read {watcher.reads}")
    print(f"loop CPU {loop_s:.1f} s: {len(frames) / loop_s:.1f} frames per second")
    print(f"one 1080p read {one_read * 1000:.0f} ms: {1 / one_read:.1f} frames per second")
    print(f"changes applied {applied}, questions answered {asked}, of {len(reaches)}")
    print(f"recall {(applied + asked) / len(reaches):.3f}; moves equal the script: {followed}")


if __name__ == "__main__":
    main()
