"""Frames per second of the watching loop on 1080p frames of a filmed game (any of the five).

Run: ``.venv/bin/python -m bench.watch [--game noah|hare_tortoise|niagara|animals_on_board|
ark_nova] [--plies 110] [--seed 11] [--players 4]`` (up to a minute on an idle machine).

The games, their mats, scales and tag sizes are :mod:`bench.filmed`'s (the same videos
:mod:`bench.live_serve` serves): each is filmed at 1920 x 1080 from the first move a
player makes, two frames of hands passing over the table before each change, then three
frames of the still table, the way a 30 fps camera sees a player reach over and withdraw.

- ``noah``: two players, ``--plies`` moves, the pentagon mat at 2.1 px/mm, 21 mm tags.
- ``hare_tortoise``: two players racing by hand (``--plies`` moves or the whole game), the
  race mat and the two played-cards mats at 1.6 px/mm, 28 mm tags; the phones send the
  second bets.
- ``niagara``: ``--players`` (3 or 4) played by the engine's playout policy (``--plies``
  moves or the whole game), the river above the bank mats at 1.6 px/mm, 28 mm tags; the
  face-down paddles come from the phones.
- ``animals_on_board``: three players from the first turn (``--plies`` moves after the
  setup), the centre and the three arks at 1.3 px/mm, 36 mm tags.
- ``ark_nova``: two players building and playing animals (``--plies`` moves), both Map A
  mats side by side at 1.45 px/mm, 24 mm tags.

The loop (``companion.watch.loop.Watcher``) gates on stillness, reads the still view,
infers and applies the moves; each question (several moves explain a change) is answered
with the script's move, as the players would. Printed: frames, changes, still views read,
CPU seconds of the loop, frames per second overall, the time of one 1080p read (what a
loop that read every frame would cost per frame), the changes applied outright and the
questions answered, the recall (changes the loop judged, of those the script made), and
whether the inferred moves equal the script. Times are CPU seconds of this process with
OpenCV on one thread, so other load on the machine does not inflate them.
"""

from __future__ import annotations

import argparse
import time

import cv2

from bench.filmed import GAMES, filmed
from companion.watch.infer import Applied, Question
from companion.watch.loop import Watcher
from testkit.video import follow_sending
from vision.games import warm
from vision.pipeline import read_frame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default="noah")
    parser.add_argument("--plies", type=int, default=110, help="moves of the scripted game")
    parser.add_argument("--seed", type=int, default=11, help="seed of the game and the camera")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4, help="Niagara only")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    warm()  # as the live camera's loop does before its first frame

    try:
        game = filmed(args.game, plies=args.plies, seed=args.seed, players=args.players)
    except ValueError as error:
        parser.error(str(error))
    model, script, reaches = game.model, game.script, game.reach
    stills = list(game.stills())
    frames = [frame for _, shot in stills for frame in shot]

    watcher = Watcher(model, script.start)
    start = time.process_time()
    follow_sending(watcher, stills, script)
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
