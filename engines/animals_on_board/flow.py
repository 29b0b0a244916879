"""Animals on Board flow: applying a move, from the setup through the rounds to the departure.

Follows ``docs/rules/animals_on_board.md`` with its rule option ``food_cap``
(§11). Readings the engine fixes:

- Setup (§3.5): draws are dealt seat by seat, 3 each; then each player in
  seat order gives two tiles to the centre. The given tiles stay face down
  until every player has chosen, as at the table where all choose at once.
- Refill (§4): the centre is filled to its face-up count, then one tile goes
  face down; the round starts with the start-player flag's holder.
- Turns (§5): a split earns 1 food (at the cap, option ``food_cap``); a take
  pays 1 food per tile and drops the player out of the round, the first out
  taking the start-player flag. Tiles beyond the tenth on an ark are taken
  from the group's face-up tiles, so the overflow never shows a tile that was
  hidden.
- End of round (§6): the last player still in takes one final turn. Deadlock
  guard (§8): when every player still in the round has passed in a row, the
  round ends.
- The departure (§7): arks holding unknown tiles are revealed first (table
  games), then every ark of more than 10 tiles after the pairs is cut to
  exactly 10.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.animals_on_board.catalog import (
    ARK_CAPACITY,
    FOOD_CAP,
    SETUP_DRAWS,
    SPECIES,
    TILES_OF,
    sort_tiles,
)
from engines.animals_on_board.info import Phase
from engines.animals_on_board.moves import Cut, Draw, Give, Pass, Remove, Reveal, Split, Take
from engines.core import UNKNOWN, Event, Move

if TYPE_CHECKING:
    from engines.animals_on_board.state import AnimalsOnBoardState


def apply_move(state: AnimalsOnBoardState, move: Move) -> AnimalsOnBoardState:
    """The state after ``move``, already checked legal (``AnimalsOnBoardState._apply``)."""
    if isinstance(move, Split):
        return _apply_split(state, move)
    if isinstance(move, Take):
        return _apply_take(state, move)
    if isinstance(move, Pass):
        return _end_turn(state.evolve(passes=state.passes + 1, events=()), passed=True)
    if isinstance(move, Draw):
        return _apply_draw(state, move.tile)
    if isinstance(move, Remove):
        return _apply_remove(state, move.species)
    if isinstance(move, Give):
        return _apply_give(state, move.tiles)
    if isinstance(move, Reveal):
        return _apply_reveal(state, move.tile)
    assert isinstance(move, Cut)
    return _apply_cut(state, move.tiles)


def _apply_remove(state: AnimalsOnBoardState, species: str) -> AnimalsOnBoardState:
    gone = set(TILES_OF[species])
    state = state.evolve(
        removed=tuple(s for s in SPECIES if s in state.removed or s == species),
        stack=tuple(t for t in state.stack if t not in gone),
    )
    if state.removals_due() == 0:
        state = state.evolve(phase=Phase.DEAL)
    return state


def _unstack(state: AnimalsOnBoardState, tile: str) -> tuple[tuple[str, ...], int]:
    """The stack and unseen count after ``tile`` comes off the stacks."""
    if tile == UNKNOWN:
        return state.stack, state.unseen + 1
    stack = list(state.stack)
    stack.remove(tile)
    return tuple(stack), state.unseen


def _apply_draw(state: AnimalsOnBoardState, tile: str) -> AnimalsOnBoardState:
    stack, unseen = _unstack(state, tile)
    if state.phase == Phase.DEAL:
        seat = state.turn
        hands = list(state.hands)
        hands[seat] = (*hands[seat], tile)
        turn = seat + 1 if len(hands[seat]) == SETUP_DRAWS else seat
        if turn == len(state.players):
            return state.evolve(
                stack=stack, unseen=unseen, hands=tuple(hands), turn=0, phase=Phase.GIVE
            )
        return state.evolve(stack=stack, unseen=unseen, hands=tuple(hands), turn=turn)
    groups = list(state.groups) or [()]
    if sum(map(len, groups)) < state.face_up_target:
        groups[0] = sort_tiles((*groups[0], tile))
        state = state.evolve(stack=stack, unseen=unseen, groups=tuple(groups))
    else:
        state = state.evolve(
            stack=stack, unseen=unseen, groups=tuple(groups), down_group=0, down_tile=tile
        )
    return _start_play_if_full(state)


def _start_play_if_full(state: AnimalsOnBoardState) -> AnimalsOnBoardState:
    if state.down_tile is None or sum(map(len, state.groups)) < state.face_up_target:
        return state
    event = Event(
        "round",
        f"round {state.round}: {state.players[state.start]} starts",
        {"round": state.round, "start": state.players[state.start]},
    )
    return state.evolve(phase=Phase.PLAY, turn=state.start, events=(event,))


def _apply_give(state: AnimalsOnBoardState, tiles: tuple[str, ...]) -> AnimalsOnBoardState:
    seat = state.turn
    hand = list(state.hands[seat])
    stack = list(state.stack)
    unseen = state.unseen
    for t in tiles:
        if t in hand:
            hand.remove(t)
        else:
            hand.remove(UNKNOWN)
            stack.remove(t)
            unseen -= 1
    arks = list(state.arks)
    arks[seat] = sort_tiles((*arks[seat], *hand))
    hands = list(state.hands)
    hands[seat] = tiles
    state = state.evolve(
        stack=tuple(stack),
        unseen=unseen,
        arks=tuple(arks),
        hands=tuple(hands),
        turn=seat + 1,
    )
    if seat + 1 < len(state.players):
        return state
    centre = sort_tiles(tuple(t for hand in hands for t in hand))
    return _start_play_if_full(
        state.evolve(
            hands=tuple(() for _ in state.players),
            groups=(centre,),
            phase=Phase.REFILL,
            round=1,
            turn=state.start,
        )
    )


def _apply_split(state: AnimalsOnBoardState, move: Split) -> AnimalsOnBoardState:
    g = move.group
    mask = move.mask
    face_up = state.groups[g]
    rest = tuple(t for i, t in enumerate(face_up) if not mask >> i & 1)
    part = tuple(t for i, t in enumerate(face_up) if mask >> i & 1)
    groups = list(state.groups)
    groups[g] = rest
    groups.append(part)
    down_group = state.down_group
    stays, moves = list(rest), list(part)
    if g == down_group:
        if mask >> len(face_up) & 1:
            down_group = len(groups) - 1
            moves.append(UNKNOWN)
        else:
            stays.append(UNKNOWN)
    seat = state.turn
    food = list(state.food)
    supply = state.supply
    if food[seat] < FOOD_CAP:
        food[seat] += 1
        supply -= 1
    elif state.options["food_cap"] == "drop_to_four":
        food[seat] -= 1
        supply += 1
    state = state.evolve(
        groups=tuple(groups),
        down_group=down_group,
        food=tuple(food),
        supply=supply,
        passes=0,
        events=(
            Event(
                "split",
                f"{state.players[seat]} splits group {g}: {' '.join(stays)} | "
                f"{' '.join(moves)} (new group {len(groups) - 1})",
                {"player": state.players[seat], "group": g, "stays": stays, "moves": moves},
            ),
        ),
    )
    return _end_turn(state, passed=False)


def _apply_take(state: AnimalsOnBoardState, move: Take) -> AnimalsOnBoardState:
    g = move.group
    seat = state.turn
    face_up = state.groups[g]
    size = state.group_size(g)
    hidden = g == state.down_group
    over = max(0, len(state.holding(seat)) + size - ARK_CAPACITY)
    to_ark = face_up[: len(face_up) - over]
    if hidden and state.down_tile is not None:
        to_ark += (state.down_tile,)
    arks = list(state.arks)
    arks[seat] = sort_tiles(arks[seat] + to_ark)
    overflow = list(state.overflow)
    if over:
        overflow[seat] = sort_tiles(overflow[seat] + face_up[len(face_up) - over :])
    food = list(state.food)
    food[seat] -= size
    dropped = list(state.dropped)
    first_out = not any(dropped)
    dropped[seat] = True
    down_group = state.down_group
    if hidden:
        down_group = -1
    elif down_group > g:
        down_group -= 1
    shown = " ".join(face_up) + (" and the face-down tile" if hidden else "")
    event = Event(
        "take",
        f"{state.players[seat]} takes group {g} ({shown.strip()}) for {size} food"
        + ("; first out, takes the start-player flag" if first_out else ""),
        {"player": state.players[seat], "group": g, "tiles": list(face_up), "hidden": hidden},
    )
    state = state.evolve(
        arks=tuple(arks),
        overflow=tuple(overflow),
        food=tuple(food),
        supply=state.supply + size,
        groups=state.groups[:g] + state.groups[g + 1 :],
        down_group=down_group,
        down_tile=state.down_tile if not hidden else None,
        dropped=tuple(dropped),
        start=seat if first_out else state.start,
        passes=0,
        events=(event,),
    )
    return _end_turn(state, passed=False)


def _end_turn(state: AnimalsOnBoardState, *, passed: bool) -> AnimalsOnBoardState:
    """Who moves next, or the end of the round (§6)."""
    state = state
    if state.final_turn:
        return _end_round(state)
    active = [i for i, out in enumerate(state.dropped) if not out]
    if not active:
        return _end_round(state)
    if passed and state.passes >= len(active):
        return _end_round(state)
    if len(active) == 1:
        return state.evolve(final_turn=True, turn=active[0])
    n = len(state.players)
    nxt = (state.turn + 1) % n
    while state.dropped[nxt]:
        nxt = (nxt + 1) % n
    return state.evolve(turn=nxt)


def _end_round(state: AnimalsOnBoardState) -> AnimalsOnBoardState:
    full = [p for i, p in enumerate(state.players) if len(state.holding(i)) >= ARK_CAPACITY]
    if full:
        event = Event(
            "departure",
            f"round {state.round} ends with a full ark ({', '.join(full)}): the arks depart",
            {"round": state.round, "full": full},
        )
        return _next_departure(
            state.evolve(final_turn=False, passes=0, events=(*state.events, event))
        )
    merged = sort_tiles(tuple(t for group in state.groups for t in group))
    event = Event(
        "round_end",
        f"round {state.round} ends; {state.players[state.start]} starts the next",
        {"round": state.round, "start": state.players[state.start]},
    )
    state = state.evolve(
        phase=Phase.REFILL,
        round=state.round + 1,
        groups=(merged,),
        down_group=0 if state.down_tile is not None else -1,
        dropped=tuple(False for _ in state.players),
        final_turn=False,
        passes=0,
        turn=state.start,
        events=(*state.events, event),
    )
    return _start_play_if_full(state)


def _next_departure(state: AnimalsOnBoardState) -> AnimalsOnBoardState:
    for seat in range(len(state.players)):
        if UNKNOWN in state.arks[seat]:
            return state.evolve(phase=Phase.REVEAL, turn=seat)
    for seat in range(len(state.players)):
        if len(state.after_pairs(seat)) > ARK_CAPACITY:
            return state.evolve(phase=Phase.CUT, turn=seat)
    return state.evolve(phase=Phase.OVER)


def _apply_reveal(state: AnimalsOnBoardState, tile: str) -> AnimalsOnBoardState:
    seat = state.turn
    ark = list(state.arks[seat])
    ark.remove(UNKNOWN)
    arks = list(state.arks)
    arks[seat] = sort_tiles((*ark, tile))
    stack, _ = _unstack(state, tile)
    return _next_departure(state.evolve(arks=tuple(arks), stack=stack, unseen=state.unseen - 1))


def _apply_cut(state: AnimalsOnBoardState, tiles: tuple[str, ...]) -> AnimalsOnBoardState:
    seat = state.turn
    gone = set(tiles)
    arks = list(state.arks)
    overflow = list(state.overflow)
    arks[seat] = tuple(t for t in arks[seat] if t not in gone)
    overflow[seat] = tuple(t for t in overflow[seat] if t not in gone)
    cut = list(state.cut)
    cut[seat] = tiles
    return _next_departure(state.evolve(arks=tuple(arks), overflow=tuple(overflow), cut=tuple(cut)))
