"""Score from a photo: a synthetic photo of a seeded game's end scores as the engine does."""

from __future__ import annotations

import pytest

from companion.watch.camera import MatCamera, Shot, grid
from companion.watch.model import PlacedTag
from companion.watch.photo import PAWNS, PhotoError, score_photo
from companion.watch.video import play
from engines import animals_on_board, hare_tortoise, noah
from engines.animals_on_board.state import AnimalsOnBoardState
from engines.core import Outcome
from engines.hare_tortoise.cards import KINDS
from engines.hare_tortoise.state import HareState
from engines.noah.state import NoahState
from vision.games import game_vision


def _lay(game: str, pieces: dict[str, list[str]], pitch: float = 27.0) -> list[PlacedTag]:
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


def _same(a: Outcome, b: Outcome) -> None:
    assert dict(a.scores) == dict(b.scores)
    assert a.ranking == b.ranking


def test_hare_and_tortoise_end_photo_scores_as_the_engine() -> None:
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
    image = camera.frame(_lay("hare_tortoise", pieces))
    outcome = end.outcome()
    assert outcome is not None
    _same(score_photo("hare_tortoise", image, end.players), outcome)


def test_animals_on_board_end_photo_scores_as_the_engine() -> None:
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
    image = camera.frame(_lay("animals_on_board", pieces))
    outcome = end.outcome()
    assert outcome is not None and max(outcome.scores.values()) > 0
    _same(score_photo("animals_on_board", image, end.players), outcome)


def test_noah_round_end_photo_adds_the_last_round_to_the_earlier_ones() -> None:
    """The hands laid out face up at the last round's end, 28 mm tags 40 mm apart; the
    earlier rounds come from the state the watcher holds before the round is scored."""
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
    image = camera.frame(_lay("noah", pieces, pitch=40.0))
    outcome = end.outcome()
    assert outcome is not None and len(set(outcome.scores.values())) > 1
    scored = score_photo("noah", image, end.players, before)
    _same(scored, outcome)
    assert scored.breakdown == outcome.breakdown
    with pytest.raises(PhotoError):
        score_photo("noah", image, end.players)
