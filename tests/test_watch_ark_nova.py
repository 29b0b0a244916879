"""Watching an Ark Nova table: zoos read from tiles and cards, a game followed from rendered
frames, refused placements, a question, the score from a photo."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from companion.photo_score import score_photo
from companion.watch.ark_nova import (
    ArkNovaTable,
    mat_key,
    parse_building,
    photo_zoos,
    placement_for,
    tile_footprint,
)
from companion.watch.infer import Applied, Mismatch, Question, Refused, infer
from companion.watch.loop import Watcher
from companion.watch.photo import PhotoError
from engines import ark_nova
from engines.ark_nova import RECORD, map_a
from engines.ark_nova.actions import animal_plays
from engines.ark_nova.animals import AnimalPlay
from engines.ark_nova.build import LABELS, Placement
from engines.ark_nova.cards import ANIMALS, FINAL_SCORING
from engines.ark_nova.catalog import building_tag
from engines.ark_nova.conditions import CONDITIONS
from engines.ark_nova.moves import AnimalsAction, BuildAction, SponsorsAction
from engines.ark_nova.state import ArkNovaState, FinalTurn, KeepFinalScoring, SetZoo
from engines.ark_nova.zoo import Building
from engines.core import Move, State
from printables.mats import layout
from testkit.camera import MatCamera, Shot
from testkit.scenes.ark_nova import ArkNovaScene, script_tags
from testkit.tags import PlacedTag
from testkit.video import Script, film, play
from tests.ark_nova_turns import started
from tests.watch_support import follow_views, same_game
from vision.pipeline import read_frame
from vision.reading import TableReading, Unread

PLAYERS = ["ann", "ben"]


@cache
def camera() -> MatCamera:
    """Both players' Map A mats, one above the other, seen by the default camera."""
    mats = [m for m in ArkNovaTable().vision.mats if m.id in ("mapa1", "mapa2")]
    return MatCamera("ark_nova", mats, Shot(), rows=[["mapa1"], ["mapa2"]])


def _start() -> ArkNovaState:
    """Two setup zoos with money for a long game and known hands of small, cheap animals
    that need no rock, water or special enclosure (the phones told the companion)."""
    small = [
        a.number
        for a in ANIMALS.values()
        if a.size in (1, 2)
        and not (a.petting or a.reptile_house or a.aviary)
        and not (a.icons.get("rock") or a.icons.get("water"))
        and a.price <= 16
        and not a.marine_worlds
        and not CONDITIONS[a.number].conditions
    ]
    state = ark_nova.new_game(PLAYERS, options=RECORD, seed=1)
    for seat, player in enumerate(PLAYERS):
        zoo = replace(state.zoos[seat], money=300)
        board = replace(state.boards[seat], hand=tuple(small[seat * 8 : seat * 8 + 8]))
        state = state.with_player(player, zoo, board)
    return state


def _choose(state: State, rng: random.Random) -> Move:
    """The players take turns; each plays an animal when one fits, else builds at random."""
    player = state.players[state.ply % len(state.players)]
    assert isinstance(state, ArkNovaState)
    # A recorded table lists only its first seat's hand; each player knows their own.
    moves = [
        m
        for m in dict.fromkeys((*state.legal_moves(), *animal_plays(state, player)))
        if isinstance(m, BuildAction | AnimalsAction) and m.player == player
    ]
    animals = [m for m in moves if isinstance(m, AnimalsAction)]
    return rng.choice(animals or moves)


@cache
def script() -> Script:
    return play(_start(), 24, seed=2, choose=_choose)


@cache
def tags() -> list[list[PlacedTag]]:
    s = script()
    return script_tags(s.start, s.moves)


def test_a_tile_tag_tells_the_hexes_it_covers() -> None:
    """Front: the shape at the tag's turn; back: the mirrored shape (a special enclosure
    flipped) or the same hexes occupied (a standard enclosure)."""
    kind, cells, occupied = tile_footprint(building_tag("aviary", 1, "F"), "hex_4_3", 120.0)
    assert (kind, occupied) == ("aviary", False)
    assert cells == map_a.SHAPES["aviary"].footprint((4, 3), 2)
    kind, cells, occupied = tile_footprint(building_tag("aviary", 1, "B"), "hex_4_3", 60.0)
    assert cells == map_a.SHAPES["aviary"].footprint((4, 3), 1, mirror=True) and not occupied
    e4 = map_a.SHAPES["enclosure_4"].footprint((3, 3), 1)
    back = placement_for("enclosure_4", e4, mirror=True)
    assert back is not None
    tag = building_tag("enclosure_4", 2, "B")
    _, cells, occupied = tile_footprint(tag, f"hex_{back.at[0]}_{back.at[1]}", 60.0 * back.rotation)
    assert set(cells) == set(e4) and occupied


def test_every_build_and_animal_is_inferred_as_the_script() -> None:
    s = script()
    t = ArkNovaTable()
    kinds = {type(m) for m in s.moves}
    assert kinds == {BuildAction, AnimalsAction}
    assert {m.player for m in s.moves} == set(PLAYERS)
    same_game(follow_views(t, s), s)


def test_filmed_game_is_followed_move_for_move() -> None:
    """The whole script rendered on both Map A mats, hands passing over the table."""
    s, t = script(), ArkNovaTable()
    reaches = s.reaches(t)
    assert len(reaches) == len(s.moves) >= 20
    stills = [0, *(last + 1 for _, last in reaches)]
    watcher = Watcher(t, s.start)
    judged = watcher.follow(film(camera(), tags().__getitem__, stills, seed=5))
    assert len(judged) == len(reaches), [j.result for j in judged]
    assert [m.notation() for m in watcher.moves] == [m.notation() for m in s.moves]
    assert t.view(watcher.state) == t.view(s.states[-1])


def test_an_enclosure_flipped_whose_tag_is_not_read_still_explains_the_animal() -> None:
    """Each animal of the script laid into a standard enclosure, seen with the flipped tile's
    tag not read (a symbol seen on a hex of that Map A, which the view counts on the map):
    the script's move."""
    s, t = script(), ArkNovaTable()
    tried = 0
    for i, move in enumerate(s.moves):
        if not isinstance(move, AnimalsAction):
            continue
        seat = PLAYERS.index(move.player)
        key = f"{mat_key(seat)}.map"
        after = dict(t.view(s.states[i]))
        flipped = [b for b in after[key] if "*" in b and b not in t.view(s.before(i))[key]]
        if not flipped:
            continue
        tried += 1
        seen = {**after, key: tuple(b for b in after[key] if b != flipped[0])}
        zone = t.view_zone(f"{mat_key(seat)}.hex_3_3")
        assert zone == key
        result = infer(t, s.before(i), seen, unread={zone: 1})
        assert isinstance(result, Applied) and result.moves[:1] == (move,), (i, result)
    assert tried >= 3


def test_a_symbol_not_read_on_a_hex_is_a_building_covering_that_hex() -> None:
    """A tile's tag seen and not read on a hex reads as ``?@c,r`` on that map: each build of
    the script seen so is that build or a question offering it (the kinds and turns that
    cover the hex), and the kept final-scoring card laid out while a tile lies unread is
    still the ``keep`` move."""
    s, t = script(), ArkNovaTable()
    quad = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    reading = TableReading("ark_nova", {}, unread=(Unread(quad, "mapa1", "mapa1.hex_0_1"),))
    assert t.read(reading) == {"mapa1.map": ("?@0,1",)}
    assert t.lacks("enclosure_2@0,1+0,2", "?@0,2") == 1
    assert t.lacks("enclosure_2@0,1+0,2", "?@3,3") is None
    tried = 0
    for i, move in enumerate(s.moves):
        if not isinstance(move, BuildAction):
            continue
        key = f"{mat_key(PLAYERS.index(move.player))}.map"
        after = t.view(s.states[i])
        (new,) = set(after[key]) - set(t.view(s.before(i))[key])
        cell = next(iter(parse_building(new)[1]))
        seen = {**after, key: tuple(sorted({*after[key]} - {new} | {f"?@{cell[0]},{cell[1]}"}))}
        result = infer(t, s.before(i), seen, unread={key: 1})
        firsts = [result.moves] if isinstance(result, Applied) else []
        firsts += list(result.candidates) if isinstance(result, Question) else []
        assert (move,) in [f[:1] for f in firsts], (i, result)
        tried += 1
    assert tried >= 5
    state = s.states[-1]
    assert isinstance(state, ArkNovaState)
    view = t.view(state)
    some = view["mapa1.map"][0]
    cell = next(iter(parse_building(some)[1]))
    shown = tuple(sorted({*view["mapa1.map"]} - {some} | {f"?@{cell[0]},{cell[1]}"}))
    seen = {**view, "mapa1.map": shown, "mapa1.final_scoring": ("F003",)}
    result = infer(t, state, seen, unread={"mapa1.map": 1})
    assert isinstance(result, Applied) and result.moves[:1] == (KeepFinalScoring("ann", ("003",)),)


def test_a_symbol_not_read_on_an_empty_hex_is_a_building_there_and_nowhere_else() -> None:
    """A symbol not read on an empty hex is a tile laid there (the builds covering that hex),
    never one laid elsewhere on that map; a final-scoring card laid and not read is a
    question over the cards no player keeps."""
    s, t = script(), ArkNovaTable()
    state = s.states[-1]
    assert isinstance(state, ArkNovaState)
    view = t.view(state)
    covered = {c for b in view["mapa1.map"] for c in parse_building(b)[1]}
    empty = next(h for h in sorted(map_a.BUILDABLE) if h not in covered)
    symbol = f"?@{empty[0]},{empty[1]}"
    seen = {**view, "mapa1.map": tuple(sorted((*view["mapa1.map"], symbol)))}
    result = infer(t, state, seen, unread={"mapa1.map": 1})
    paths = [result.moves] if isinstance(result, Applied) else []
    paths += list(result.candidates) if isinstance(result, Question) else []
    assert paths
    for path in paths:
        assert isinstance(path[0], BuildAction) and empty in path[0].buildings[0].cells
    quad = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    unread = (Unread(quad, "mapa2", "mapa2.final_scoring"),)
    assert t.read(TableReading("ark_nova", {}, unread=unread)) == {"mapa2.final_scoring": ("?",)}
    laid = {**view, "mapa2.final_scoring": ("?",)}
    result = infer(t, state, laid, unread={"mapa2.final_scoring": 1})
    assert isinstance(result, Question)
    assert {c[0] for c in result.candidates} == {
        KeepFinalScoring("ben", (card,)) for card in FINAL_SCORING
    }


def _hex_centre(seat: int, h: tuple[int, int]) -> tuple[float, float]:
    return layout("ark_nova", mat_key(seat)).zone(f"hex_{h[0]}_{h[1]}").centre


def test_filmed_building_on_water_is_refused_and_the_state_kept() -> None:
    """A size-1 enclosure laid on the water space [2,5] beside the zoo: refused with the
    engine's code; the tile taken back is no change."""
    s, t = script(), ArkNovaTable()
    state = s.states[3]
    assert isinstance(state, ArkNovaState)
    here = tags()[4]
    tile = PlacedTag(building_tag("enclosure_1", 8, "F"), "mapa1", _hex_centre(0, (2, 5)))
    tables = [here, [*here, tile], here]
    watcher = Watcher(t, state)
    judged = watcher.follow(film(camera(), tables.__getitem__, [0, 1, 2], seed=6))
    assert len(judged) == 1 and isinstance(judged[0].result, Refused), judged
    refused = judged[0].result
    assert refused.code == "ark_nova.build.water"
    assert refused.move == BuildAction("ann", (Placement("enclosure_1", (2, 5)),))
    assert refused.code == state.check(refused.move).code
    assert watcher.state is state and watcher.moves == []


def test_every_physical_build_the_engine_refuses_is_refused_with_its_code() -> None:
    """Each footprint a hand could lay a size-2 enclosure on, in the script's first state:
    shown to the watcher, it is applied when the engine lists it, else refused with the
    engine's code."""
    t, state = ArkNovaTable(), script().start
    listed = set(state.legal_moves())
    codes: set[str] = set()
    for move, seen in t.physical_moves(state):
        if not isinstance(move, BuildAction) or move.player != "ann":
            continue
        if move.buildings[0].building != "enclosure_2":
            continue
        result = infer(t, state, seen)
        if move in listed:
            assert result.to_json() == {
                "kind": "applied",
                "moves": [move.notation()],
                "json": [move.to_json()],
            }
        else:
            assert isinstance(result, Refused), (move, result)
            assert result.code == state.check(move).code
            codes.add(result.code)
    assert {"ark_nova.build.water", "ark_nova.build.rock", "ark_nova.build.covered"} <= codes
    assert {"ark_nova.build.upgrade_only", "ark_nova.build.not_adjacent"} <= codes


def test_an_animal_in_too_small_an_enclosure_is_refused() -> None:
    """A size-2 animal laid and a size-1 enclosure flipped for it: ``too_small``."""
    t = ArkNovaTable()
    state = _start()
    e1 = Placement("enclosure_1", (1, 4))
    state = state.apply(BuildAction("ann", (e1,)))
    assert isinstance(state, ArkNovaState)
    big = next(c for c in state.boards[0].hand if isinstance(c, int) and ANIMALS[c].size == 2)
    zoo = state.zoos[0]
    flipped = tuple(replace(b, occupied=True) if b.cells == e1.cells else b for b in zoo.buildings)
    wrong = state.with_player(
        "ann", replace(zoo, animals=(big,), buildings=flipped), state.boards[0]
    )
    result = infer(t, state, t.view(wrong))
    assert isinstance(result, Refused), result
    assert result.code == "ark_nova.animals.too_small"
    assert result.move == AnimalsAction("ann", (AnimalPlay(big, (1, 4)),))


def test_an_animal_from_an_unseen_hand_is_followed() -> None:
    """At a real table the companion does not know the hands: an animal laid and its
    enclosure flipped is the play of one of the unknown cards, checked and applied."""
    t = ArkNovaTable()
    state = ark_nova.new_game(PLAYERS, options=RECORD, seed=3)
    e1 = Placement("enclosure_1", (1, 4))
    state = state.apply(BuildAction("ann", (e1,)))
    assert isinstance(state, ArkNovaState)
    card = next(a.number for a in ANIMALS.values() if a.size == 1 and a.price <= 10)
    move = AnimalsAction("ann", (AnimalPlay(card, (1, 4)),))
    assert move not in state.legal_moves() and state.check(move)
    watcher = Watcher(t, state)
    judged = watcher.judge(t.view(state.apply(move)))
    assert judged is not None and judged.result.to_json()["moves"] == [move.notation()]
    assert watcher.state == state.apply(move)
    assert watcher.state.boards[0].hand.count("?") == 3


def test_two_zoos_changed_at_once_do_not_add_up() -> None:
    """A building on one mat and a card on the other in one still view: no single action
    explains it, and the answer says what changed where."""
    s, t = script(), ArkNovaTable()
    assert isinstance(s.moves[0], BuildAction) and s.moves[0].player == "ann"
    seen = {**t.view(s.states[0]), "mapa2.animals": ("A401",)}
    result = infer(t, s.start, seen)
    assert isinstance(result, Mismatch), result
    assert "Cheetah arrived on the animals beside Map A of seat 2" in result.lines
    assert "「獵豹」來到第 2 位玩家的 A 地圖旁的動物卡" in result.lines_zh
    assert f"a {LABELS[s.moves[0].buildings[0].building]} on" in " ".join(result.lines)
    assert any(line.endswith("arrived on Map A of seat 1") for line in result.lines)


def test_sponsors_and_kept_final_scoring_cards_are_recorded() -> None:
    """A sponsor laid beside Map A is recorded in the zoo; the final-scoring cards laid out
    at the end are kept, and two kept without an elephant are refused."""
    t, state = ArkNovaTable(), script().states[-1]
    assert isinstance(state, ArkNovaState)
    seen = {**t.view(state), "mapa2.sponsors": ("S226",)}
    result = infer(t, state, seen)
    assert result.to_json()["kind"] == "applied", result
    watcher = Watcher(t, state)
    watcher.judge(seen)
    assert isinstance(watcher.state, ArkNovaState) and watcher.state.zoos[1].sponsors == (226,)
    assert isinstance(watcher.moves[0], SetZoo) and t.view(watcher.state) == seen
    one = {**seen, "mapa1.final_scoring": ("F003",)}
    watcher.judge(one)
    assert watcher.moves[-1] == KeepFinalScoring("ann", ("003",))
    two = {**one, "mapa2.final_scoring": ("F001", "F007")}
    refused = infer(t, watcher.state, two)
    assert isinstance(refused, Refused) and refused.code == "ark_nova.final_scoring", refused


def test_an_animal_into_the_reptile_house_asks_how_many_spaces() -> None:
    """The reptile house's spaces do not show: a reptile laid there is a question with one
    candidate per number of spaces its icon may show, answered on the phones."""
    t = ArkNovaTable()
    state = _start()
    reptile = next(
        a.number
        for a in ANIMALS.values()
        if a.reptile_house
        and a.size <= 2
        and a.price <= 16
        and not a.marine_worlds
        and not CONDITIONS[a.number].conditions
    )
    house = Building.standard("reptile_house", (1, 3), 1)
    zoo = replace(state.zoos[0], buildings=(*state.zoos[0].buildings, house))
    row = ("build", "animals", "cards", "association", "sponsors")  # Animals at strength 2
    board = replace(state.boards[0], hand=(reptile,), actions=row)
    state = state.with_player("ann", zoo, board)
    seen = t.view(state.with_player("ann", replace(zoo, animals=(reptile,)), board))
    watcher = Watcher(t, state)
    judged = watcher.judge(seen)
    assert judged is not None and isinstance(judged.result, Question), judged
    spaces = [c[0].plays[0].spaces for c in judged.result.candidates]
    assert spaces == [1, 2, 3, 4, 5]
    after = watcher.answer(1)
    assert isinstance(after, ArkNovaState) and after.boards[0].used("reptile_house") == 2


@cache
def _end() -> ArkNovaState:
    """The script's zoos at the end: ann's appeal reached the target, both kept a
    final-scoring card, ben took his last turn."""
    end = script().states[-1]
    assert isinstance(end, ArkNovaState)
    ann = replace(end.zoos[0], appeal=95, conservation=12, reputation=7, sponsors=(201, 226))
    end = end.apply(SetZoo("ann", ann.to_json()))
    end = end.apply(KeepFinalScoring("ann", ("003",))).apply(KeepFinalScoring("ben", ("007",)))
    end = end.apply(FinalTurn("ben"))
    assert isinstance(end, ArkNovaState) and end.is_over
    return end


def test_score_from_an_end_of_game_photo_equals_the_engines() -> None:
    """The zoos photographed at the end (tiles, animals, sponsors, kept final-scoring cards,
    each tracker's markers) score as the engine scores the state, with the followed game
    or from the photo alone (these zoos have no partner zoos or universities)."""
    end = _end()
    photo = camera().frame(ArkNovaScene(tracker=True).tags(end), seed=9)
    reading = read_frame(photo, ArkNovaTable().vision).reading
    zoos = photo_zoos(reading, PLAYERS)
    for player, zoo in zoos.items():
        kept = end.zoo(player)
        assert sorted(zoo.animals) == sorted(kept.animals) and len(zoo.animals) >= 4
        assert zoo.sponsors == kept.sponsors and zoo.final_scoring == kept.final_scoring
        assert {(b.kind, frozenset(b.cells), b.occupied) for b in zoo.buildings} == {
            (b.kind, frozenset(b.cells), b.occupied) for b in kept.buildings
        }
        tracks = (zoo.appeal, zoo.conservation, zoo.reputation)
        assert tracks == (kept.appeal, kept.conservation, kept.reputation)
    outcome = end.outcome()
    assert outcome is not None
    assert score_photo("ark_nova", photo, PLAYERS, end) == outcome
    assert score_photo("ark_nova", photo, PLAYERS) == outcome


def test_photo_without_tracker_takes_the_tracks_from_the_game() -> None:
    """No markers on the trackers: the followed game's tracks; a track with one marker of
    two is refused, not guessed."""
    end = _end()
    tags = ArkNovaScene().tags(end)
    outcome = end.outcome()
    assert score_photo("ark_nova", camera().frame(tags, seed=4), PLAYERS, end) == outcome
    half = [*tags, *ArkNovaScene(tracker=True).tags(end)[-6:-5]]
    with pytest.raises(PhotoError, match="the appeal track of mapa2 needs one marker"):
        score_photo("ark_nova", camera().frame(half, seed=4), PLAYERS, end)


def test_the_camera_follows_a_game_played_turn_by_turn() -> None:
    """In a game played turn by turn a tile laid on the mat of the player whose turn it is
    is that player's Build action, an animal card laid with its enclosure flipped their
    Animals action, a sponsor card laid their Sponsors action; a tile on another
    player's mat is refused: it is not their turn."""
    t = ArkNovaTable()
    state = started(2)
    assert state.flow is not None
    first, other = state.players[state.flow.turn], state.players[1 - state.flow.turn]
    row = ("animals", "cards", "build", "association", "sponsors")
    state = state.with_player(first, state.zoo(first), replace(state.board(first), actions=row))
    build = BuildAction(first, (Placement("enclosure_1", (1, 4)),))
    result = infer(t, state, t.view(state.apply(build)))
    assert isinstance(result, Applied) and result.moves == (build,), result
    wrong = BuildAction(other, (Placement("enclosure_1", (1, 4)),))
    refused = infer(t, state, t.view(_laid(state, wrong)))
    assert isinstance(refused, Refused) and refused.code == "ark_nova.not_your_turn", refused
    hand = replace(state.board(first), hand=(261,))
    state = state.with_player(first, state.zoo(first), hand)
    sponsor = SponsorsAction(first, (261,), (0,))
    result = infer(t, state, t.view(state.apply(sponsor)))
    assert isinstance(result, Applied) and result.moves == (sponsor,), result


def _laid(state: ArkNovaState, move: BuildAction) -> ArkNovaState:
    """The table with ``move``'s tile laid, whoever's turn it is (what the camera sees)."""
    zoo = state.zoo(move.player)
    zoo = replace(zoo, buildings=(*zoo.buildings, move.buildings[0].as_building()))
    return state.with_player(move.player, zoo, state.board(move.player))
