"""Animals on Board move checks: whether a move is legal now, and why not.

Follows ``docs/rules/animals_on_board.md``: §3 (species left out, the setup
draws, the two tiles each player gives), §5 (Action A splits a group of 2 or
more tiles, Action B takes a group the player can pay for, a pass only when
neither is possible; groups are never merged) and §7 (the departure: hidden
tiles named, arks cut to 10). A simulated game draws known tiles only; a
table game may draw ``?`` where nobody at the table sees the tile. Every
illegal verdict carries a reason code (``info.ILLEGAL`` + code) and the data
the message names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.animals_on_board.advisor import cut_problem
from engines.animals_on_board.catalog import SETUP_GIVE, SPECIES_NAMES, SPECIES_OF, tile_name
from engines.animals_on_board.info import Phase, illegal, plural
from engines.animals_on_board.moves import (
    LETTERS,
    PASS,
    Cut,
    Draw,
    Give,
    Merge,
    Pass,
    Remove,
    Reveal,
    Split,
    Take,
)
from engines.core import LEGAL, UNKNOWN, Move, Verdict

if TYPE_CHECKING:
    from engines.animals_on_board.state import AnimalsOnBoardState


def check(state: AnimalsOnBoardState, move: Move) -> Verdict:
    """``LEGAL``, or why ``move`` cannot be played now (``AnimalsOnBoardState._check``)."""
    phase = state.phase
    if isinstance(move, Split | Take | Pass):
        if phase != Phase.PLAY:
            return _wrong_phase(state, move)
        return _check_play(state, move)
    if isinstance(move, Merge):
        if phase != Phase.PLAY:
            return _wrong_phase(state, move)
        return _check_merge(state, move)
    if isinstance(move, Draw):
        if phase not in (Phase.DEAL, Phase.REFILL):
            return _wrong_phase(state, move)
        return _check_draw(state, move.tile)
    if isinstance(move, Remove):
        if phase != Phase.REMOVE:
            return _wrong_phase(state, move)
        if move.species in state.removed:
            return illegal(
                "already_removed",
                f"{SPECIES_NAMES[move.species]['en']} is already out of the game",
                species=move.species,
            )
        return LEGAL
    if isinstance(move, Give):
        if phase != Phase.GIVE:
            return _wrong_phase(state, move)
        return _check_give(state, move.tiles)
    if isinstance(move, Reveal):
        if phase != Phase.REVEAL:
            return _wrong_phase(state, move)
        if move.tile not in state.stack:
            return illegal(
                "bad_reveal",
                f"{tile_name(move.tile)} cannot be hidden on the ark: {_where(state, move.tile)}",
                tile=move.tile,
            )
        return LEGAL
    if isinstance(move, Cut):
        if phase != Phase.CUT:
            return _wrong_phase(state, move)
        problem = cut_problem(state.after_pairs(state.turn), move.tiles)
        if problem:
            return illegal("bad_cut", problem, tiles=list(move.tiles))
        return LEGAL
    return illegal(
        "unknown_move",
        f"{move.notation()!r} is not an Animals on Board move",
        move=move.notation(),
    )


def _check_merge(state: AnimalsOnBoardState, move: Merge) -> Verdict:
    for g in (move.group, move.into):
        if g >= len(state.groups):
            return illegal(
                "no_group",
                f"there is no group {g}; the centre holds {len(state.groups)}",
                group=g,
                groups=len(state.groups),
            )
    size = state.group_size(move.group)
    if move.part[-1] > LETTERS[size - 1]:
        return illegal(
            "no_such_tile",
            f"group {move.group} holds {plural(size, 'tile')}, lettered a to "
            f"{LETTERS[size - 1]}; there is no tile {move.part[-1]}",
            group=move.group,
            size=size,
            last=LETTERS[size - 1],
            letter=move.part[-1],
        )
    moved = "the whole of group" if len(move.part) == size else "tiles of group"
    return illegal(
        "merge",
        f"groups are never merged: {moved} {move.group} cannot join group {move.into}; "
        "a split lays the tiles it moves as a new group of their own",
        group=move.group,
        into=move.into,
    )


def _wrong_phase(state: AnimalsOnBoardState, move: Move) -> Verdict:
    wanted = {
        Phase.REMOVE: "the species left out",
        Phase.DEAL: "a setup draw",
        Phase.GIVE: f"{state.players[state.turn]} giving two tiles to the centre",
        Phase.REFILL: "a tile to refill the centre",
        Phase.PLAY: f"{state.players[state.turn]}'s turn (split, take or pass)",
        Phase.REVEAL: f"{state.players[state.turn]} naming a hidden tile on the ark",
        Phase.CUT: f"{state.players[state.turn]} cutting the ark to 10 tiles",
    }[state.phase]
    return illegal(
        "wrong_phase",
        f"not a {move.TYPE} now: the table waits for {wanted}",
        move=move.TYPE,
        phase=str(state.phase),
    )


def _check_draw(state: AnimalsOnBoardState, tile: str) -> Verdict:
    if len(state.stack) <= state.unseen:
        return illegal("stack_empty", "the draw stacks are empty")
    if tile == UNKNOWN:
        if not state.table_mode:
            return illegal("unknown_tile", "a simulated game draws known tiles only")
        if not state.draw_is_hidden():
            return illegal(
                "unknown_tile", "this tile goes face up in the centre; say which tile it is"
            )
        return LEGAL
    if tile not in state.stack:
        return illegal("tile_not_in_stack", _where(state, tile), tile=tile)
    return LEGAL


def _where(state: AnimalsOnBoardState, tile: str) -> str:
    """Why ``tile`` cannot come from the stacks."""
    if SPECIES_OF[tile] in state.removed:
        species = SPECIES_NAMES[SPECIES_OF[tile]]["en"]
        return f"{tile_name(tile)} is out of the game ({species} was left out)"
    return f"{tile_name(tile)} is not in the draw stacks; it is already on the table"


def _check_give(state: AnimalsOnBoardState, tiles: tuple[str, ...]) -> Verdict:
    hand = state.hands[state.turn]
    if len(tiles) != SETUP_GIVE:
        return illegal(
            "bad_give",
            f"give exactly 2 of your 3 tiles to the centre, not {len(tiles)}",
            tiles=list(tiles),
        )
    outside = [t for t in tiles if t not in hand]
    hidden = hand.count(UNKNOWN)
    for t in outside:
        if hidden == 0 or t not in state.stack:
            return illegal(
                "bad_give", f"{tile_name(t)} is not among your drawn tiles", tiles=list(tiles)
            )
    if len(outside) > hidden:
        return illegal(
            "bad_give",
            f"{' and '.join(map(tile_name, outside))} are not among your drawn tiles: only "
            f"{plural(hidden, 'of them is', 'of them are')} unseen",
            tiles=list(tiles),
        )
    return LEGAL


def _check_play(state: AnimalsOnBoardState, move: Move) -> Verdict:
    seat = state.turn
    if isinstance(move, Pass):
        moves = state.play_moves()
        if moves[0] is PASS:
            return LEGAL
        if isinstance(moves[0], Split):
            return illegal("must_act", "no pass: a group of 2 or more tiles can be split")
        return illegal(
            "must_take",
            f"no pass: every group is a single tile, so take one "
            f"({plural(state.food[seat], 'food crate')} pays for it)",
            food=state.food[seat],
        )
    assert isinstance(move, Split | Take)
    g = move.group
    if g >= len(state.groups):
        return illegal(
            "no_group",
            f"there is no group {g}; the centre holds groups 0 to {len(state.groups) - 1}"
            if state.groups
            else "the centre is empty",
            group=g,
            groups=len(state.groups),
        )
    size = state.group_size(g)
    if isinstance(move, Take):
        food = state.food[seat]
        if size > food:
            return illegal(
                "not_enough_food",
                f"group {g} holds {plural(size, 'tile')}, which costs {size} food; "
                f"{state.players[seat]} has {food}",
                group=g,
                size=size,
                player=state.players[seat],
                food=food,
            )
        return LEGAL
    if size < 2:
        return illegal(
            "split_single",
            f"group {g} is a single tile; split a group of 2 or more",
            group=g,
        )
    last = LETTERS[size - 1]
    if move.part[-1] > last:
        return illegal(
            "no_such_tile",
            f"group {g} holds {size} tiles, lettered a to {last}; there is no tile {move.part[-1]}",
            group=g,
            size=size,
            last=last,
            letter=move.part[-1],
        )
    if move.part[0] == "a":
        return illegal(
            "split_names_a",
            "name the tiles that move to the new group; tile a always stays "
            "(name the other part instead)",
        )
    return LEGAL
