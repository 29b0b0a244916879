"""Pond's end photo (``tests.end_photos``): a seeded game played to its end, each seat's
won tricks laid face up on its pile of the pond mat, photographed from above."""

from __future__ import annotations

from functools import cache

from testkit.camera import MatCamera, Shot
from testkit.video import play
from tests.end_photos import EndPhoto, lay
from tests.sixth.pond import GAME, PondState
from vision.games import game_vision


@cache
def pond_photo() -> EndPhoto:
    """The won piles of a seeded two-player game at its end."""
    end = play(GAME.new_game(["Ann", "Ben"], seed=6), 100, seed=6).states[-1]
    assert isinstance(end, PondState) and end.is_over
    outcome = end.outcome()
    assert outcome is not None
    camera = MatCamera("pond", game_vision("pond").mats, Shot(px_per_mm=2.6), rows=[["pond"]])
    image = camera.frame(
        lay("pond", {"pond.won1": list(end.won[0]), "pond.won2": list(end.won[1])})
    )
    return EndPhoto("pond", image, end.players, end, outcome)
