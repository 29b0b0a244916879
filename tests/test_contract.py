"""The contract every engine keeps, run for every game in ``engines.GAMES``."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import engines
from engines.core import (
    CHANCE,
    SEED_LIMIT,
    ChanceOutcomes,
    Game,
    IllegalMove,
    InvalidSetup,
    InvalidState,
    Move,
    Outcome,
    State,
    jsonable,
)
from tests.hidden import VARIANTS
from tests.registry_support import finished

ALL = sorted(engines.GAMES)
TURN = [g for g in ALL if engines.GAMES[g].info.turn_engine]
COUNTS = [
    (g, n)
    for g in TURN
    for n in range(engines.GAMES[g].info.min_players, engines.GAMES[g].info.max_players + 1)
]
PLAYOUTS = 200
LONG_GAMES = {"ark_nova": (10, 1)}
"""Games whose playouts run to about a thousand moves: (playouts per player count, seeds
walked step by step) instead of (200, 3), so the suite stays within minutes; the
bench (``bench/ark_nova_playouts.py``) plays many more."""
NAMES = ["ann", "bob", "cy", "dee", "eve", "fay"]
SCAFFOLD_PENDING: dict[str, str] = {}
"""Games whose ``new_game`` does not use ``GameInfo.setup`` yet; strict, so the
marker must go the day the game adopts it."""


def players(n: int) -> list[str]:
    return NAMES[:n]


def mod(game_id: str) -> Game:
    return engines.GAMES[game_id]


def playout_move(module: Game, state: State, rng: random.Random) -> Move:
    """The next move of a playout: the game's own ``playout_move`` policy when it has
    one (a game whose uniformly random play never ends, such as Niagara, where
    random canoes drown before anyone banks a goal), else chance or a uniform pick.
    Either way only legal moves are played; every step test still samples
    ``legal_moves()`` uniformly."""
    policy = module.playout_move
    if policy is not None:
        move: Move = policy(state, rng)
        return move
    return state.chance_move() or rng.choice(state.legal_moves())


def roundtrip(module: Game, state: State) -> None:
    doc = state.to_json()
    text = json.dumps(doc)
    again = module.load_state(json.loads(text))
    assert again == state
    assert again.to_json() == doc


def move_roundtrip(module: Game, move: Move) -> None:
    assert module.parse_move(move.to_json()) == move
    assert module.parse_move(json.dumps(move.to_json())) == move
    assert module.parse_move(move.notation()) == move, move.notation()


@pytest.mark.parametrize("game_id", ALL)
def test_game_info(game_id: str) -> None:
    info = mod(game_id).info
    assert info.id == game_id
    assert info.names["en"] and info.names["zh-Hant"]
    assert 1 <= info.min_players <= info.max_players
    for opt in info.options:
        assert opt.default in opt.choices, opt
    assert len(mod(game_id).catalog) > 0


@pytest.mark.parametrize(("game_id", "n"), COUNTS)
def test_random_playouts_reach_an_outcome(game_id: str, n: int) -> None:
    module = mod(game_id)
    for seed in range(LONG_GAMES.get(game_id, (PLAYOUTS, 3))[0]):
        end = module.new_game(players(n), seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not end.is_over and steps < 20_000:
            end = end.apply(playout_move(module, end, rng))
            steps += 1
        assert end.is_over, f"seed {seed}: no end after {steps} moves"
        outcome = end.outcome()
        assert outcome is not None
        assert set(outcome.scores) == set(end.players)
        assert sorted(p for tier in outcome.ranking for p in tier) == sorted(end.players)
        for p in end.players:
            lines = outcome.breakdown[p]
            assert sum(line.points for line in lines) == pytest.approx(outcome.scores[p])


@pytest.mark.parametrize("game_id", ALL)
def test_every_breakdown_line_carries_its_code_and_params(game_id: str) -> None:
    """Beside its English label, each line says what it counts as data (``code`` and
    ``params``, JSON-ready), and an outcome's JSON reads back as the outcome."""
    ends = finished(game_id)
    assert ends, "a game has finished examples or plays to its end"
    for end in ends:
        outcome = end.outcome()
        assert outcome is not None
        doc = json.loads(json.dumps(outcome.to_json()))
        assert Outcome.from_json(doc).to_json() == outcome.to_json()
        for lines in outcome.breakdown.values():
            for line in lines:
                assert line.code is not None and line.code.startswith(f"{game_id}."), line
                assert json.loads(json.dumps(line.to_json()["params"])) == jsonable(line.params)


def walk(
    module: Game, n: int, seed: int | None, options: dict[str, str] | None = None
) -> list[State]:
    """The states of one random game, first to last (seeded unless ``seed`` is None:
    then the walk draws the table's chance outcomes, ``?`` among them, uniformly)."""
    state = module.new_game(players(n), options=options, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over and len(states) < 5000:
        table = seed is None
        state = state.apply(
            rng.choice(state.legal_moves()) if table else playout_move(module, state, rng)
        )
        states.append(state)
    return states


@pytest.mark.parametrize(("game_id", "n"), COUNTS)
def test_every_step_keeps_the_contract(game_id: str, n: int) -> None:
    module = mod(game_id)
    rng = random.Random(99)
    for seed in range(LONG_GAMES.get(game_id, (PLAYOUTS, 3))[1]):
        seen: dict[str, Move] = {}
        for state in walk(module, n, seed):
            before = state.to_json()
            roundtrip(module, state)
            legal = state.legal_moves()
            if state.is_over:
                assert legal == ()
                assert state.outcome() is not None
                continue
            assert state.outcome() is None
            assert legal, "a game that is not over offers a move"
            assert state.to_move == CHANCE or state.to_move in state.players
            for move in rng.sample(legal, min(len(legal), 12)):
                move_roundtrip(module, move)
                assert state.check(move), (move, state.check(move))
                state.apply(move)
                seen.setdefault(move.notation(), move)
            assert state.to_json() == before, "apply changed the state it was called on"
            legal_set = set(legal)
            forged = [m for m in seen.values() if m not in legal_set]
            for move in rng.sample(forged, min(len(forged), 12)):
                verdict = state.check(move)
                assert not verdict, f"{move.notation()} is legal but not in legal_moves()"
                assert verdict.code and verdict.code.startswith(game_id + ".")
                assert verdict.reason
                with pytest.raises(IllegalMove) as err:
                    state.apply(move)
                assert err.value.code == verdict.code
            for viewer in (None, *state.players):
                json.dumps(state.view(viewer))


@pytest.mark.parametrize(("game_id", "n"), COUNTS)
def test_views_leak_nothing(game_id: str, n: int) -> None:
    module = mod(game_id)
    variant = VARIANTS[game_id]
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        for state in walk(module, n, seed)[::5]:
            for viewer in (None, *state.players):
                other = variant(state, viewer, rng)
                if other is None:
                    continue
                assert other != state
                assert other.view(viewer) == state.view(viewer), viewer
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("game_id", ALL)
def test_bad_state_documents_are_refused(game_id: str) -> None:
    module = mod(game_id)
    info = module.info
    state = module.new_game(players(info.min_players), seed=1)
    doc = state.to_json()
    other = next((g for g in ALL if g != game_id), "chess")
    for broken, words in [
        ({**doc, "game": other}, "not of"),
        ({**doc, "format": doc["format"] + 1}, "newer"),
        ({k: v for k, v in doc.items() if k != "players"}, "broken"),
        ("{not json", "not valid JSON"),
        ([1, 2], "JSON object"),
    ]:
        with pytest.raises(InvalidState, match=words):
            module.load_state(broken)


@pytest.mark.parametrize("game_id", ALL)
def test_games_holds_one_typed_game_object(game_id: str) -> None:
    game = mod(game_id)
    assert isinstance(game, Game)
    assert game.id == game_id == game.info.id
    state = game.new_game(players(game.info.min_players))
    assert type(state).INFO is game.info
    assert game.load_state(state.to_json()) == state


def _scaffolded(game_id: str) -> Any:
    pending = SCAFFOLD_PENDING.get(game_id)
    if pending is None:
        return game_id
    return pytest.param(game_id, marks=pytest.mark.xfail(reason=pending, strict=True))


BAD_SEEDS: list[Any] = [True, False, "x", "7", 1.0, 2.5, -1, SEED_LIMIT, 10**30, [1], {}]


@pytest.mark.parametrize("game_id", [_scaffolded(g) for g in ALL])
def test_new_game_refuses_a_seed_that_is_not_a_whole_number_in_range(game_id: str) -> None:
    module = mod(game_id)
    names = players(module.info.min_players)
    start: Any = module.new_game
    for seed in BAD_SEEDS:
        with pytest.raises(InvalidSetup, match="seed"):
            start(names, seed=seed)
    for seed in (0, 1, SEED_LIMIT - 1):
        state = module.new_game(names, seed=seed)
        assert state.seed == seed
        assert module.load_state(state.to_json()) == state


@pytest.mark.parametrize("game_id", ALL)
def test_a_state_document_with_a_bad_seed_is_refused(game_id: str) -> None:
    module = mod(game_id)
    doc = module.new_game(players(module.info.min_players), seed=1).to_json()
    for seed in BAD_SEEDS:
        with pytest.raises(InvalidState, match="seed"):
            module.load_state({**doc, "seed": seed})


@pytest.mark.parametrize("game_id", ALL)
def test_new_game_refuses_bad_players_and_options(game_id: str) -> None:
    module = mod(game_id)
    info = module.info
    start: Any = module.new_game
    with pytest.raises(InvalidSetup, match="list of names"):
        start("".join(players(info.min_players)))
    with pytest.raises(InvalidSetup, match=f"{info.min_players} to {info.max_players} players"):
        module.new_game(players(info.max_players + 1))
    with pytest.raises(InvalidSetup, match="differ"):
        module.new_game(["ann"] * info.min_players)
    with pytest.raises(InvalidSetup, match="reserved"):
        module.new_game(["@chance", *players(info.min_players - 1)])
    with pytest.raises(InvalidSetup, match="no rule option"):
        module.new_game(players(info.min_players), options={"no_such_option": "x"})
    with pytest.raises(InvalidSetup, match="mapping"):
        start(players(info.min_players), options=["x"])
    for opt in info.options:
        with pytest.raises(InvalidSetup, match="cannot be"):
            module.new_game(players(info.min_players), options={opt.name: "no such choice"})
        for choice in opt.choices:
            state = module.new_game(players(info.min_players), options={opt.name: choice})
            assert state.options[opt.name] == choice


def option_sets(info: Any) -> list[dict[str, str]]:
    """The defaults, then each other choice of each rule option (the rest at defaults)."""
    sets: list[dict[str, str]] = [{}]
    for opt in info.options:
        sets += [{opt.name: c} for c in opt.choices if c != opt.default]
    return sets


NO_CHANCE = {("ark_nova", "mode", "record")}
"""Rule option values under which a game has no chance point: a recorded Ark Nova
table only records the zoos as they lie."""

CHANCE_CASES = [
    pytest.param(g, o, id=f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}")
    for g in TURN
    for o in option_sets(engines.GAMES[g].info)
    if not any((g, k, v) in NO_CHANCE for k, v in o.items())
]


def checked_outcomes(state: State) -> ChanceOutcomes:
    """The state's chance outcomes, after checking they are legal moves whose exact
    probabilities are positive and add up to 1."""
    outcomes = state.chance_outcomes()
    legal = set(state.legal_moves())
    assert len(outcomes) > 0, "a chance point has an outcome"
    assert len(set(outcomes.moves)) == len(outcomes)
    assert set(outcomes.moves) <= legal
    for move, p in outcomes:
        assert isinstance(p, Fraction) and p > 0, (move, p)
        assert outcomes.probability(move) == p
        assert state.check(move), move
    assert sum(p for _, p in outcomes) == 1
    return outcomes


@pytest.mark.parametrize(("game_id", "options"), CHANCE_CASES)
def test_chance_outcomes_list_the_legal_outcomes_with_their_probabilities(
    game_id: str, options: dict[str, str]
) -> None:
    module = mod(game_id)
    info = module.info
    points = 0
    for seed in range(3):
        n = info.min_players + seed % (info.max_players - info.min_players + 1)
        for state in walk(module, n, seed, options):
            if state.to_move != CHANCE:
                assert len(state.chance_outcomes()) == 0
                assert state.chance_move() is None
                continue
            outcomes = checked_outcomes(state)
            # A seeded game lists every legal outcome, unless a rule option makes
            # the outcome certain (Niagara's alternating arm).
            certain = len(outcomes) == 1
            assert certain or set(outcomes.moves) == set(state.legal_moves())
            move = state.chance_move()
            assert move is None or move in outcomes.moves
            points += 1
    assert points > 0


@pytest.mark.parametrize("game_id", TURN)
def test_a_table_game_weighs_only_the_pieces_it_can_name(game_id: str) -> None:
    """Without a seed the table supplies chance, ``?`` among the outcomes it may enter:
    the probabilities cover the named pieces only, and nothing is picked."""
    module = mod(game_id)
    info = module.info
    points = 0
    for n in range(info.min_players, info.max_players + 1):
        for state in walk(module, n, None)[:1500]:
            if state.to_move != CHANCE:
                continue
            outcomes = checked_outcomes(state)
            assert not any(m.names_unknown() for m in outcomes.moves)
            assert state.chance_move() is None
            points += 1
    assert points > 0


PICKS = 2000
"""Picks per chance point in the frequency test: the state re-seeded 0 .. PICKS - 1."""


def chi_square_bound(outcomes: int) -> float:
    """Chi-square with ``outcomes - 1`` degrees of freedom that a fair picker exceeds
    with a probability of about 3e-5 (Wilson-Hilferty, z = 4)."""
    df = outcomes - 1
    return df * (1 - 2 / (9 * df) + 4 * math.sqrt(2 / (9 * df))) ** 3


def chi_square(state: State, pick: Any) -> float:
    """How far ``pick`` over PICKS re-seeded copies of ``state`` strays from its odds."""
    outcomes = state.chance_outcomes()
    seen = Counter(pick(state.evolve(seed=s)) for s in range(PICKS))
    assert set(seen) <= set(outcomes.moves)
    return sum((seen[m] - PICKS * p) ** 2 / (PICKS * p) for m, p in outcomes)


def spread_chance_points(game_id: str, options: dict[str, str]) -> list[State]:
    """Chance points with 2 or more outcomes from a seeded game, unequal odds first."""
    module = mod(game_id)
    found = [
        s
        for s in walk(module, module.info.max_players, 5, options)
        if s.to_move == CHANCE and s.chance_move() is not None and len(s.chance_outcomes()) > 1
    ]
    uneven = [s for s in found if len(set(s.chance_outcomes().weights)) > 1]
    even = [s for s in found if s not in uneven]
    return uneven[:: max(1, len(uneven) // 3)][:3] + even[:: max(1, len(even) // 2)][:2]


@pytest.mark.parametrize(("game_id", "options"), CHANCE_CASES)
def test_the_seeded_picker_follows_the_probabilities(game_id: str, options: dict[str, str]) -> None:
    points = spread_chance_points(game_id, options)
    if not points:
        # Every chance outcome is certain under these options (Niagara's alternating arm).
        for state in walk(mod(game_id), mod(game_id).info.max_players, 5, options):
            if state.to_move == CHANCE:
                assert len(state.chance_outcomes()) == 1
        return
    for state in points:
        outcomes = state.chance_outcomes()
        stat = chi_square(state, lambda s: s.chance_move())
        assert stat < chi_square_bound(len(outcomes)), (state.to_json(), stat)


def test_the_frequency_test_tells_a_uniform_pick_from_the_weights() -> None:
    """The picker test can fail: at a Hare deal (cards in proportion to the pile),
    picking uniformly among the kinds is far off the odds."""
    state = mod("hare_tortoise").new_game(
        players(3), options={"stream_positions": "random"}, seed=1
    )
    while state.to_move != CHANCE or len(set(state.chance_outcomes().weights)) < 2:
        move = state.chance_move()
        assert move is not None
        state = state.apply(move)
    outcomes = state.chance_outcomes()
    stat = chi_square(state, lambda s: s.rng().choice(s.legal_moves()))
    assert stat > chi_square_bound(len(outcomes))
