"""Synthetic photos of the end of a seeded game, one per game scored from a photo.

Each is rendered once per test session (``functools.cache``): a seeded game
played to its end by ``testkit.video.play``, its end-of-game layout
laid out on the game's mats (``companion.watch.photo`` says which) and
photographed by ``testkit.camera.MatCamera``. The score tests of
``companion.watch.photo``, the web app and the command line share them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import cv2

from companion.watch.photo import PAWNS
from engines import animals_on_board, hare_tortoise, noah
from engines.animals_on_board.state import AnimalsOnBoardState
from engines.core import Outcome, Registry, State
from engines.hare_tortoise.catalog import KINDS
from engines.hare_tortoise.state import HareState
from engines.niagara.state import NiagaraState
from engines.noah.state import NoahState
from testkit.camera import MatCamera, Shot
from testkit.scenes.ark_nova import ArkNovaScene
from testkit.scenes.niagara import table_tags as niagara_tags
from testkit.tags import PlacedTag, grid
from testkit.video import play
from tests import test_watch_ark_nova as ark_nova_watch
from tests import test_watch_niagara as niagara_watch
from vision.games import game_vision
from vision.types import U8Array


@dataclass(frozen=True)
class EndPhoto:
    """A photo of a game's end-of-game layout and what the engine scores.

    Attributes:
        game: Game id.
        image: The photo (BGR).
        players: The players in seat order.
        state: The game as a table follows it when the photo is taken (Noah: in its
            last round, before that round is scored; the others: over).
        outcome: The engine's outcome of the game played to its end.
    """

    game: str
    image: U8Array
    players: tuple[str, ...]
    state: State
    outcome: Outcome

    def png(self) -> bytes:
        """The photo as a PNG file (lossless: what the tests upload)."""
        ok, data = cv2.imencode(".png", self.image)
        assert ok
        return data.tobytes()


def lay(game: str, pieces: dict[str, list[str]], pitch: float = 27.0) -> list[PlacedTag]:
    """Tags for ``pieces`` per zone id, in a grid inside each zone."""
    polygons = {z.id: (m.id, z.polygon) for m in game_vision(game).mats for z in m.zones}
    tags: list[PlacedTag] = []
    for zone, ids in pieces.items():
        mat, polygon = polygons[zone]
        tags.extend(
            PlacedTag(p, mat, spot)
            for p, spot in zip(ids, grid(polygon, len(ids), pitch), strict=True)
        )
    return tags


def _outcome(state: State) -> Outcome:
    outcome = state.outcome()
    assert outcome is not None
    return outcome


@cache
def hare_tortoise_photo() -> EndPhoto:
    """The podium pawns and each seat's bets face up on its played-cards mat."""
    end = play(hare_tortoise.new_game(["Ann", "Ben", "Cy"], seed=2), 3000, seed=2).states[-1]
    assert isinstance(end, HareState) and end.is_over
    pieces: dict[str, list[str]] = {}
    for place, animal in enumerate(end.podium, start=1):
        pieces[f"race.podium{place}"] = [PAWNS[animal]]
    for animal, pos in enumerate(end.positions):
        if animal not in end.podium:
            zone = "race.start" if pos == 0 else "race.finish" if pos >= 12 else f"race.T{pos}"
            pieces.setdefault(zone, []).append(PAWNS[animal])
    race_cards = {c.data["kind"]: c.id for c in hare_tortoise.CATALOG if "kind" in c.data}
    for seat in range(len(end.players)):
        cards = [f"B{b}" for b in end.start_bets[seat]]
        second = end.second_bets[seat]
        if second is not None:
            assert second in KINDS
            cards.append(race_cards[second])
        pieces[f"z{seat + 1}.played"] = cards
    mats = game_vision("hare_tortoise").mats
    camera = MatCamera(
        "hare_tortoise", mats, Shot(px_per_mm=2.6), rows=[["race"], ["z1", "z2", "z3"]]
    )
    image = camera.frame(lay("hare_tortoise", pieces))
    return EndPhoto("hare_tortoise", image, end.players, end, _outcome(end))


@cache
def animals_on_board_photo() -> EndPhoto:
    """Each ark after the cut on its mat, with its overflow and food crates."""
    end = play(animals_on_board.new_game(["Ann", "Ben", "Cy"], seed=4), 3000, seed=4).states[-1]
    assert isinstance(end, AnimalsOnBoardState) and end.is_over
    crates = [c.id for c in animals_on_board.CATALOG if c.data.get("food")]
    pieces: dict[str, list[str]] = {}
    used = 0
    for seat in range(len(end.players)):
        pieces[f"ark{seat + 1}.ark"] = list(end.arks[seat])
        if end.overflow[seat]:
            pieces[f"ark{seat + 1}.overflow"] = list(end.overflow[seat])
        if end.food[seat]:
            pieces[f"ark{seat + 1}.food"] = crates[used : used + end.food[seat]]
            used += end.food[seat]
    mats = game_vision("animals_on_board").mats
    camera = MatCamera(
        "animals_on_board", mats, Shot(px_per_mm=2.6), rows=[["ark1", "ark2"], ["ark3"]]
    )
    image = camera.frame(lay("animals_on_board", pieces))
    outcome = _outcome(end)
    assert max(outcome.scores.values()) > 0
    return EndPhoto("animals_on_board", image, end.players, end, outcome)


@cache
def noah_photo() -> EndPhoto:
    """The hands laid out face up at the last round's end, 28 mm tags 40 mm apart; the
    state is the game before its last move (the last round's earlier rounds in it)."""
    game = play(noah.new_game(["Ann", "Ben", "Cy"], seed=5), 3000, seed=5)
    end = game.states[-1]
    assert isinstance(end, NoahState) and end.is_over and end.round >= 2
    before = game.before(len(game.moves) - 1)
    assert isinstance(before, NoahState) and not before.is_over
    assert len(before.round_tears) == end.round - 1
    last = end.round_hands[-1]
    pieces = {f"hand{seat + 1}.hand": list(hand) for seat, hand in enumerate(last) if hand}
    mats = [m for m in game_vision("noah").mats if m.id in ("hand1", "hand2", "hand3")]
    shot = Shot(px_per_mm=2.6, module_mm=28 / 21)
    camera = MatCamera("noah", mats, shot, rows=[["hand1", "hand2"], ["hand3"]])
    image = camera.frame(lay("noah", pieces, pitch=40.0))
    outcome = _outcome(end)
    assert len(set(outcome.scores.values())) > 1
    return EndPhoto("noah", image, end.players, before, outcome)


@cache
def niagara_photo() -> EndPhoto:
    """The river and each seat's banked gems at the end of the followed Niagara script."""
    end = niagara_watch.script().states[-1]
    assert isinstance(end, NiagaraState) and end.is_over
    image = niagara_watch.camera().frame(niagara_tags(end))
    return EndPhoto("niagara", image, end.players, end, _outcome(end))


@cache
def ark_nova_photo() -> EndPhoto:
    """Both zoos of the followed Ark Nova script at its end, each Map A with its tiles,
    the cards played beside it and the tracker's markers below it."""
    end = ark_nova_watch._end()
    image = ark_nova_watch.camera().frame(ArkNovaScene(tracker=True).tags(end), seed=9)
    return EndPhoto("ark_nova", image, end.players, end, _outcome(end))


END_PHOTOS: Registry[Callable[[], EndPhoto]] = Registry(
    "end photo", "tests.end_photos.END_PHOTOS.register"
)
"""The end photo of each game scored from a photo (the photo scorers' contract test and
the pages' score from a photo use it)."""

END_PHOTOS.register("hare_tortoise", hare_tortoise_photo)
END_PHOTOS.register("animals_on_board", animals_on_board_photo)
END_PHOTOS.register("noah", noah_photo)
END_PHOTOS.register("niagara", niagara_photo)
END_PHOTOS.register("ark_nova", ark_nova_photo)
