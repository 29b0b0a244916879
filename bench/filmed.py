"""The filmed games the watching benches share: each game's script, camera and tags at 1080p.

One place says, per game, which seeded game is played, what the phones send before the
camera starts (``setup``), which mats the 1920 x 1080 camera sees at what scale, and which
tags lie on the table after each move. :mod:`bench.watch` follows the frames with the loop
alone; :mod:`bench.live_serve` records them as a video the app follows while serving phones.

Every game's video starts at the first state a player moves in (the chance outcomes before
it, such as Noah's deal, are what a seeded table's log resolves itself) and, for Animals on
Board and Ark Nova, after the setup moves the phones send:

- ``noah``: two players, the pentagon mat, 2.1 px/mm, 21 mm tags (2.1 px a module).
- ``hare_tortoise``: two players racing by hand, the race mat above the two played-cards
  mats, 1.6 px/mm, the default 28 mm tags (2.1 px a module).
- ``niagara``: 3 or 4 players played by the engine's playout policy, the river above the
  bank mats, 1.6 px/mm, 28 mm tags.
- ``animals_on_board``: three players (the first turn on: the phones send the setup's
  removed and given tiles), the centre beside the first ark above the other two arks,
  1.3 px/mm, 36 mm tags (2.2 px a module; a 36 mm tag and its quiet zone, 43 mm, fit a
  50 mm tile). The 28 mm tags at 1.6 px/mm do not fit: centre and arks stacked in two
  rows are 1060 mm high with their margins and table, 1.35 px/mm at most in 1080 rows.
- ``ark_nova``: two players' Map A mats side by side (the widest pair 1080p holds:
  1.45 px/mm), 24 mm tags (1.66 px a module; 28.6 mm with the quiet zone, so a tile's tag
  turned with its tile stays clear of the neighbouring hexes' 38 mm away; 28 mm tags turned
  by 60 degrees cover a neighbour's code and 26 mm ones lose a read), the played cards'
  stickers 30 mm apart. A whole recorded game: before the camera starts the phones send
  each player's zoo with money for a long game and a known hand of eight small, cheap
  animals (``zoo`` and ``board`` moves); the players then take turns, each laying an animal
  or a building, the phones recording what the table does not show (appeal and
  conservation gained, ``zoo`` moves) until a zoo reaches its target; the other player's
  last turn, each player's kept final-scoring card laid out and the final turn end it.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from companion.watch import hare_tortoise as hare_watch
from companion.watch.animals_on_board import AnimalsOnBoardTable
from companion.watch.ark_nova import ArkNovaTable
from companion.watch.model import TableModel
from companion.watch.niagara import NiagaraTable
from companion.watch.noah import NoahTable
from engines import animals_on_board, ark_nova, hare_tortoise, niagara, noah
from engines.animals_on_board.state import AnimalsOnBoardState
from engines.ark_nova import RECORD
from engines.ark_nova.actions import animal_plays
from engines.ark_nova.cards import ANIMALS, FINAL_SCORING
from engines.ark_nova.catalog import BUILDING_COPIES
from engines.ark_nova.conditions import CONDITIONS
from engines.ark_nova.map_a import STANDARD_ENCLOSURES
from engines.ark_nova.moves import AnimalsAction, BuildAction, SetBoard
from engines.ark_nova.state import ArkNovaState, FinalTurn, KeepFinalScoring, SetZoo
from engines.ark_nova.zoo import MAX_APPEAL, MAX_CONSERVATION
from engines.core import CHANCE, Move, State
from engines.niagara.bot import playout_move
from engines.niagara.state import NiagaraState
from testkit.camera import MatCamera, Shot
from testkit.scenes.animals_on_board import table_tags
from testkit.scenes.ark_nova import ArkNovaScene
from testkit.scenes.hare_tortoise import script_tags as hare_tags
from testkit.scenes.niagara import table_tags as niagara_tags
from testkit.scenes.noah import script_tags as noah_tags
from testkit.tags import PlacedTag
from testkit.video import Script, film, play
from vision.types import U8Array

SHOT_1080P = Shot(width=1920, height=1080, px_per_mm=2.1, module_mm=1.0)
TAGS_28MM_1080P = Shot(width=1920, height=1080, px_per_mm=1.6, module_mm=28 / 21)
TAGS_36MM_1080P = Shot(width=1920, height=1080, px_per_mm=1.3, module_mm=36 / 21)
ARK_NOVA_1080P = Shot(width=1920, height=1080, px_per_mm=1.45, module_mm=24 / 21)
HANDS, STILL = 2, 3
"""Frames of a hand over the table before each change, and of the still table after it."""


@dataclass(frozen=True)
class Filmed:
    """A seeded game ready to film.

    Attributes:
        game: Game id.
        players: The players, in seat order.
        options: The game's options (as a table is created with them).
        seed: Seed of the game, its chance and the camera's hands.
        model: What the camera sees of the table.
        new: The new game (as a table created with these players, options and seed).
        setup: The moves from the new game to ``script.start`` (chance outcomes included:
            the log resolves those itself, the phones send the others).
        script: The game the camera films.
        tags: The tags on the table at the script's start (0) and after each move.
        camera: The 1920 x 1080 camera over the mats.
    """

    game: str
    players: tuple[str, ...]
    options: dict[str, str]
    seed: int
    model: TableModel
    new: State
    setup: tuple[Move, ...]
    script: Script
    tags: Callable[[int], Sequence[PlacedTag]]
    camera: MatCamera

    @cached_property
    def reach(self) -> list[tuple[int, int]]:
        """``(first, last)`` script move of each change the camera sees, in order."""
        return self.script.reaches(self.model)

    def frames(self) -> Iterator[U8Array]:
        """The frames of the video: the start, then hands before each change and the still
        table after it."""
        return film(self.camera, self.tags, self.shown, hands=HANDS, still=STILL, seed=self.seed)

    def stills(self) -> Iterator[tuple[int, list[U8Array]]]:
        """The frames of :meth:`frames` per still table, each with the moves it shows (the
        script's first ``n``)."""
        frames = self.frames()
        for k, index in enumerate(self.shown):
            hands = HANDS if k > 0 and self.tags(index) else 0
            yield index, list(itertools.islice(frames, hands + STILL))

    @cached_property
    def shown(self) -> list[int]:
        """The still tables in order: how many of the script's moves each shows."""
        return [0, *(last + 1 for _, last in self.reach)]


def _from_first_turn(full: Script, first: int | None = None) -> tuple[tuple[Move, ...], Script]:
    """``full`` cut at ``first`` (default: the first move a player makes): the setup moves
    before it and the script from there.

    Raises:
        ValueError: no player moves in ``full`` (its moves are all chance outcomes).
    """
    if first is None:
        first = next((i for i in range(len(full.moves)) if full.before(i).to_move != CHANCE), None)
        if first is None:
            raise ValueError(f"its {len(full.moves)} moves are all chance outcomes: film more")
    script = Script(full.before(first), full.moves[first:], full.states[first:])
    return full.moves[:first], script


def _camera(game: str, model: TableModel, shot: Shot, rows: list[list[str]]) -> MatCamera:
    wanted = {m for row in rows for m in row}
    return MatCamera(game, [m for m in model.vision.mats if m.id in wanted], shot, rows=rows)


def _noah(plies: int, seed: int) -> Filmed:
    model = NoahTable()
    players = ("Ann", "Ben")
    full = play(noah.new_game(list(players), seed=seed), plies, seed=seed)
    setup, script = _from_first_turn(full)
    every = noah_tags(full.start, full.moves)
    camera = _camera("noah", model, SHOT_1080P, [["pentagon"]])
    tags = every[len(setup) :]
    return Filmed(
        "noah", players, {}, seed, model, full.start, setup, script, tags.__getitem__, camera
    )


def _hare(plies: int, seed: int) -> Filmed:
    model = hare_watch.HareTable()
    players, options = ("Ann", "Ben"), {"race": "by_hand"}
    start = hare_tortoise.new_game(list(players), options=options, seed=seed)
    full = play(start, plies, seed=seed)
    setup, script = _from_first_turn(full)
    tags = hare_tags(full.start, full.moves)[len(setup) :]
    camera = _camera("hare_tortoise", model, TAGS_28MM_1080P, [["race", "z1"], ["z2"]])
    return Filmed(
        "hare_tortoise",
        players,
        options,
        seed,
        model,
        full.start,
        setup,
        script,
        tags.__getitem__,
        camera,
    )


def _playout(state: State, rng: random.Random) -> Move:
    assert isinstance(state, NiagaraState)
    return playout_move(state, rng)


def _niagara(plies: int, seed: int, players: int) -> Filmed:
    model = NiagaraTable()
    names = ("Ann", "Ben", "Cy", "Di")[:players]
    options = {"tiebreak": "gem_value"}
    start = niagara.new_game(list(names), options=options, seed=seed)
    full = play(start, plies, seed=seed, choose=_playout)
    setup, script = _from_first_turn(full)
    states = [script.start, *script.states]
    tags = [niagara_tags(s) for s in states if isinstance(s, NiagaraState)]
    banks = [f"bank{k}" for k in range(1, players + 1)]
    camera = _camera("niagara", model, TAGS_28MM_1080P, [["river"], banks])
    return Filmed(
        "niagara", names, options, seed, model, full.start, setup, script, tags.__getitem__, camera
    )


def _animals_on_board(plies: int, seed: int) -> Filmed:
    model = AnimalsOnBoardTable()
    players = ("Ann", "Ben", "Cy")
    whole = play(animals_on_board.new_game(list(players), seed=seed), 3000, seed=seed)
    k = next(i for i, s in enumerate(whole.states) if getattr(s, "phase", "") == "play")
    full = Script(whole.start, whole.moves[: k + 1 + plies], whole.states[: k + 1 + plies])
    setup, script = _from_first_turn(full, k + 1)
    states = [script.start, *script.states]
    tags = [table_tags(s) for s in states if isinstance(s, AnimalsOnBoardState)]
    rows = [["centre", "ark1"], ["ark2", "ark3"]]
    camera = _camera("animals_on_board", model, TAGS_36MM_1080P, rows)
    return Filmed(
        "animals_on_board",
        players,
        {},
        seed,
        model,
        full.start,
        setup,
        script,
        tags.__getitem__,
        camera,
    )


def _ark_nova_setup(state: ArkNovaState) -> tuple[Move, ...]:
    """What the phones tell before the camera starts: each zoo with 300 money for a long
    game, and each hand of eight small, cheap animals that need no rock, water, special
    enclosure or condition."""
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
    moves: list[Move] = []
    for seat, player in enumerate(state.players):
        zoo = replace(state.zoos[seat], money=300)
        board = replace(state.boards[seat], hand=tuple(small[seat * 8 : seat * 8 + 8]))
        moves += [SetZoo(player, zoo.to_json()), SetBoard(player, board.to_json())]
    return tuple(moves)


def _tiles_left(state: ArkNovaState) -> Counter[str]:
    """Building tiles of each kind not yet on any zoo (the tagged copies, ``BUILDING_COPIES``)."""
    used = Counter(b.kind for zoo in state.zoos for b in zoo.buildings)
    return Counter({k: n - used[k] for k, n in BUILDING_COPIES.items()})


def _turn(state: ArkNovaState, player: str, rng: random.Random) -> Move | None:
    """The action ``player`` takes on the table: an animal when one fits, else a building,
    an enclosure for the smallest animal still in hand first (None: nothing to lay)."""
    moves = [
        m
        for m in dict.fromkeys((*state.legal_moves(), *animal_plays(state, player)))
        if isinstance(m, BuildAction | AnimalsAction) and m.player == player
    ]
    animals = [m for m in moves if isinstance(m, AnimalsAction)]
    if animals:
        return rng.choice(animals)
    left = _tiles_left(state)
    builds = [m for m in moves if isinstance(m, BuildAction) and left[m.buildings[0].building] > 0]
    hand = [ANIMALS[c].size for c in state.board(player).hand if isinstance(c, int)]
    free = [
        len(b.cells)
        for b in state.zoo(player).buildings
        if b.kind in STANDARD_ENCLOSURES and not b.occupied
    ]
    wanted = min((n for n in hand if not any(f >= n for f in free)), default=None)
    fit = [m for m in builds if m.buildings[0].building == f"enclosure_{wanted}"]
    other = [m for m in builds if m.buildings[0].building in ("kiosk", "pavilion")]
    pick = fit or other or builds
    return rng.choice(pick) if pick else None


def _ark_nova_game(start: ArkNovaState, plies: int, seed: int) -> Script:
    """A whole recorded game of two players from ``start``: the players take turns, each
    laying an animal or a building; after a turn the phones may record what the table does
    not show (appeal and conservation gained from cards, projects and bonuses: a ``zoo``
    move), until a zoo reaches its target; then the other player's last turn, each player's
    kept final-scoring card laid out, and that player's final turn (from the phones). Cut
    after ``plies`` moves when it lasts longer."""
    rng = random.Random(seed)
    moves: list[Move] = []
    states: list[State] = []
    state = start

    def step(move: Move) -> None:
        nonlocal state
        after = state.apply(move)
        assert isinstance(after, ArkNovaState)
        state = after
        moves.append(move)
        states.append(after)

    turn = 0
    while state.trigger is None and len(moves) < plies:
        player = state.players[turn % len(state.players)]
        turn += 1
        action = _turn(state, player, rng)
        if action is not None:
            step(action)
        if rng.random() < 0.6:
            zoo = state.zoo(player)
            appeal = min(MAX_APPEAL, zoo.appeal + rng.randint(1, 4))
            cp = min(MAX_CONSERVATION, zoo.conservation + rng.randint(0, 2))
            step(SetZoo(player, {**zoo.to_json(), "appeal": appeal, "conservation": cp}))
    if state.trigger is not None:
        for player in state.owed_final_turns():
            action = _turn(state, player, rng)
            if action is not None:
                step(action)
        cards = rng.sample(sorted(FINAL_SCORING), len(state.players))
        for player, card in zip(state.players, cards, strict=True):
            step(KeepFinalScoring(player, (card,)))
        for player in state.owed_final_turns():
            step(FinalTurn(player))
    return Script(start, tuple(moves[:plies]), tuple(states[:plies]))


def _ark_nova(plies: int, seed: int) -> Filmed:
    model = ArkNovaTable()
    players = ("ann", "ben")
    new = ark_nova.new_game(list(players), options=RECORD, seed=seed)
    assert isinstance(new, ArkNovaState)
    setup = _ark_nova_setup(new)
    state: State = new
    for move in setup:
        state = state.apply(move)
    assert isinstance(state, ArkNovaState)
    script = _ark_nova_game(state, plies, seed)
    scene = ArkNovaScene()
    states = [script.start, *script.states]
    tags = [scene.tags(s) for s in states if isinstance(s, ArkNovaState)]
    camera = _camera("ark_nova", model, ARK_NOVA_1080P, [["mapa1", "mapa2"]])
    return Filmed(
        "ark_nova", players, {}, seed, model, new, setup, script, tags.__getitem__, camera
    )


def filmed(game: str, *, plies: int, seed: int, players: int = 4) -> Filmed:
    """The seeded ``game`` of about ``plies`` moves (Hare and Niagara: the whole game when
    ``plies`` is larger) ready to film; ``players`` is Niagara's count (3 or 4).

    Raises:
        ValueError: no such game, or the moves change nothing the camera sees.
    """
    try:
        made = _filmed(game, plies, seed, players)
    except ValueError as error:
        raise ValueError(f"{game} with --plies {plies}: {error}") from None
    if not made.reach:
        raise ValueError(f"{game} with --plies {plies}: no change the camera sees: film more")
    return made


def _filmed(game: str, plies: int, seed: int, players: int) -> Filmed:
    make = FILMS.get(game)
    if make is None:
        raise ValueError(f"no filmed game {game!r} (one of {', '.join(GAMES)})")
    return make(plies, seed, players)


FILMS: dict[str, Callable[[int, int, int], Filmed]] = {
    "noah": lambda plies, seed, _: _noah(plies, seed),
    "hare_tortoise": lambda plies, seed, _: _hare(plies, seed),
    "niagara": _niagara,
    "animals_on_board": lambda plies, seed, _: _animals_on_board(plies, seed),
    "ark_nova": lambda plies, seed, _: _ark_nova(plies, seed),
}
"""Each filmed game's script by game id: ``(plies, seed, players)`` to the film (only
Niagara films a chosen number of players)."""

GAMES = tuple(FILMS)
"""The games :func:`filmed` films."""
