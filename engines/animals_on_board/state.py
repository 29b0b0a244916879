"""The Animals on Board state: setup, rounds of splits and takes, the departure.

Follows ``shared/rules/animals_on_board.md`` (seed text: the Swan Panasia
edition "諾亞鬧方舟"), with its rule options ``food_cap``, ``overflow_tiles``
and ``removed_species`` (§11). Readings the engine fixes:

- Seat 0 is the oldest player and holds the start-player flag (§3.4).
- Setup draws are dealt seat by seat, 3 each; then each player in seat order
  gives two tiles to the centre. The given tiles stay face down until every
  player has chosen, as at the table where all choose at once (§3.5).
- Tiles beyond the tenth on an ark are taken from the group's face-up tiles,
  so the overflow never shows a tile that was hidden (§5).
- Deadlock guard (§8): when every player still in the round has passed in a
  row, the round ends.
- The departure (§7): arks holding unknown tiles are revealed first (table
  games), then every ark of more than 10 tiles after the pairs is cut to
  exactly 10; the advisor's best cut is offered first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from engines.animals_on_board.advisor import (
    Keep,
    best_keeps,
    cut_for,
    cut_problem,
    legal_keeps,
    noah_pairs,
)
from engines.animals_on_board.info import GAME, GAME_ID, ILLEGAL, illegal, plural
from engines.animals_on_board.integrity import conservation_problem
from engines.animals_on_board.moves import (
    DRAWS,
    LETTERS,
    PASS,
    TAKES,
    Cut,
    Draw,
    Give,
    Merge,
    Pass,
    Remove,
    Reveal,
    Split,
    Take,
    splits_of,
)
from engines.animals_on_board.scoring import final_outcome
from engines.animals_on_board.tiles import (
    ARK_CAPACITY,
    FACE_UP,
    FOOD_CAP,
    FOOD_CRATES,
    SPECIES,
    SPECIES_IN_PLAY,
    SPECIES_OF,
    TILES,
    TILES_OF,
    sort_tiles,
)
from engines.animals_on_board.views import public_move_json, table_view
from engines.core import (
    CHANCE,
    LEGAL,
    UNKNOWN,
    Event,
    GameInfo,
    IllegalMove,
    InvalidSetup,
    InvalidState,
    Move,
    Outcome,
    State,
    Verdict,
    jsonable,
)

_COMMON_FIELDS = frozenset(f.name for f in dataclasses.fields(State))
"""Fields every state writes in the JSON header (``State.to_json``)."""

SETUP_DRAWS = 3
SETUP_GIVE = 2


@dataclass(frozen=True, kw_only=True)
class AnimalsOnBoardState(State):
    """A table of Animals on Board.

    Attributes:
        phase: one of ``integrity.PHASES``.
        round: the round number, 1 from the first refill on.
        removed: species left out (2 or 3 players), in the box.
        stack: tiles nobody has seen yet, in tile order; in a table game some
            of them may lie unseen on an ark (``unseen`` of them).
        unseen: tiles placed as ``UNKNOWN`` (table games only).
        hands: per seat, the setup draws (then the two tiles given).
        arks: per seat, the tiles on the ark (hidden from the others).
        overflow: per seat, the tiles beyond the tenth (§5).
        food: per seat, food crates held.
        supply: food crates in the supply.
        groups: the centre's groups: each group's face-up tiles in tile order.
        down_group: the group holding the face-down tile, -1 when none.
        down_tile: the face-down tile (``UNKNOWN`` when the table has not seen it).
        start: seat holding the start-player flag.
        turn: seat to move (or to receive a setup draw).
        dropped: per seat, out of the current round (break flag planted).
        final_turn: the last player still in the round is taking the final turn.
        passes: consecutive passes (the deadlock guard).
        cut: per seat, the tiles sent back at the departure.
    """

    GAME: ClassVar[GameInfo] = GAME
    FORMAT: ClassVar[int] = 1

    phase: str
    round: int = 0
    removed: tuple[str, ...] = ()
    stack: tuple[str, ...] = ()
    unseen: int = 0
    hands: tuple[tuple[str, ...], ...] = ()
    arks: tuple[tuple[str, ...], ...] = ()
    overflow: tuple[tuple[str, ...], ...] = ()
    food: tuple[int, ...] = ()
    supply: int = 0
    groups: tuple[tuple[str, ...], ...] = ()
    down_group: int = -1
    down_tile: str | None = None
    start: int = 0
    turn: int = 0
    dropped: tuple[bool, ...] = ()
    final_turn: bool = False
    passes: int = 0
    cut: tuple[tuple[str, ...], ...] = ()

    def _with(self, **changes: Any) -> AnimalsOnBoardState:
        """A copy with ``changes``: ``dataclasses.replace`` without re-running ``__init__``.

        Playouts step a state tens of thousands of times a second; copying the
        field dictionary is several times cheaper than the generated ``__init__``.
        """
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        return new

    # -- derived ---------------------------------------------------------------

    @property
    def face_up_target(self) -> int:
        """N: face-up tiles in the centre after a refill (§4)."""
        return FACE_UP[len(self.players)]

    def group_size(self, g: int) -> int:
        """Tiles in group ``g``, the face-down tile included."""
        return len(self.groups[g]) + (1 if g == self.down_group else 0)

    def group_tiles(self, g: int) -> tuple[str, ...]:
        """Group ``g``'s tiles in lettered order (the face-down tile last, as it is)."""
        tiles = self.groups[g]
        if g == self.down_group:
            assert self.down_tile is not None
            return (*tiles, self.down_tile)
        return tiles

    def holding(self, seat: int) -> tuple[str, ...]:
        """Every tile on the seat's ark, overflow included."""
        return self.arks[seat] + self.overflow[seat]

    @property
    def to_move(self) -> str | None:
        phase = self.phase
        if phase in ("deal", "refill"):
            return CHANCE
        if phase == "over":
            return None
        if phase == "remove":
            return self.players[0] if self.options["removed_species"] == "chosen" else CHANCE
        return self.players[self.turn]

    def draw_is_hidden(self) -> bool:
        """Whether the next chance draw goes where nobody at the table sees it."""
        return self.phase == "deal" or (
            self.phase == "refill" and sum(map(len, self.groups)) >= self.face_up_target
        )

    def _removals_due(self) -> int:
        return len(SPECIES) - SPECIES_IN_PLAY[len(self.players)] - len(self.removed)

    # -- legal moves -----------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase == "play":
            return self._play_moves()
        if phase in ("deal", "refill"):
            if len(self.stack) <= self.unseen:
                return ()  # every tile left is accounted for by unseen tiles: none to draw
            draws: tuple[Move, ...] = tuple(map(DRAWS.__getitem__, self.stack))
            if self.table_mode and self.draw_is_hidden():
                draws += (DRAWS[UNKNOWN],)
            return draws
        if phase == "remove":
            return tuple(Remove(s) for s in SPECIES if s not in self.removed)
        if phase == "give":
            return tuple(self._give_moves())
        if phase == "reveal":
            return tuple(Reveal(t) for t in self.stack)
        if phase == "cut":
            return self._cut_moves()
        return ()

    def _play_moves(self) -> tuple[Move, ...]:
        food = self.food[self.turn]
        down = self.down_group
        splits: tuple[Move, ...] = ()
        takes: list[Move] = []
        for g, tiles in enumerate(self.groups):
            size = len(tiles) + (1 if g == down else 0)
            if size >= 2:
                splits += splits_of(g, size)
            if size <= food:
                takes.append(TAKES[g])
        if splits:
            return splits + tuple(takes)
        if takes:
            return tuple(takes)
        return (PASS,)

    def _give_moves(self) -> list[Give]:
        hand = self.hands[self.turn]
        known = [t for t in hand if t != UNKNOWN]
        hidden = len(hand) - len(known)
        if not hidden:
            return [Give(pair) for pair in combinations(known, SETUP_GIVE)]
        out = []
        for pair in combinations(sort_tiles(tuple(set(known) | set(self.stack))), SETUP_GIVE):
            if sum(1 for t in pair if t not in known) <= hidden:
                out.append(Give(pair))
        return out

    def _cut_moves(self) -> tuple[Move, ...]:
        tiles = self.after_pairs(self.turn)
        best = self.advice(self.turn)
        first = Cut(cut_for(tiles, best[0].tiles)) if best else None
        rest = (Cut(cut_for(tiles, keep)) for keep in legal_keeps(tiles))
        return tuple(([first] if first else []) + [m for m in rest if m != first])

    def after_pairs(self, seat: int) -> tuple[str, ...]:
        """The seat's tiles once Noah has taken the pairs (§7 step 1)."""
        held = self.holding(seat)
        pairs = set(noah_pairs(held))
        return tuple(t for t in held if t not in pairs)

    def advice(self, seat: int) -> list[Keep]:
        """The best keep and the runner-up for the seat's ark (after the pairs)."""
        tiles = self.after_pairs(seat)
        if UNKNOWN in tiles or len(tiles) <= ARK_CAPACITY:
            return []
        return best_keeps(tiles, 2)

    def split_of(self, group: int, tiles: Sequence[str]) -> Split:
        """The split that moves ``tiles`` out of group ``group`` (``?``: the face-down tile).

        A phone or the scanner knows tiles, not letters; either part may be named.

        Raises:
            IllegalMove: no such group, a tile not in it, or the whole group named.
        """
        if not 0 <= group < len(self.groups):
            raise IllegalMove(ILLEGAL + "no_group", f"there is no group {group}")
        shown = [*self.groups[group], *([UNKNOWN] if group == self.down_group else [])]
        for t in tiles:
            if t not in shown:
                raise IllegalMove(ILLEGAL + "no_such_tile", f"{t} is not in group {group}")
        named = {shown.index(t) for t in tiles}
        if 0 in named:
            named = set(range(len(shown))) - named
        if not named:
            raise IllegalMove(
                ILLEGAL + "split_whole", "name the tiles of one part, not the whole group"
            )
        return Split(group, "".join(LETTERS[i] for i in sorted(named)))

    def suggested_move(self) -> Move | None:
        """The default offered to the player to move: the advisor's best cut."""
        if self.phase != "cut":
            return None
        return self._cut_moves()[0]

    # -- the rules -------------------------------------------------------------

    def _check(self, move: Move) -> Verdict:
        phase = self.phase
        if isinstance(move, Split | Take | Pass):
            if phase != "play":
                return self._wrong_phase(move)
            return self._check_play(move)
        if isinstance(move, Merge):
            if phase != "play":
                return self._wrong_phase(move)
            return self._check_merge(move)
        if isinstance(move, Draw):
            if phase not in ("deal", "refill"):
                return self._wrong_phase(move)
            return self._check_draw(move.tile)
        if isinstance(move, Remove):
            if phase != "remove":
                return self._wrong_phase(move)
            if move.species in self.removed:
                return illegal(
                    "already_removed",
                    f"{move.species} is already out of the game",
                    species=move.species,
                )
            return LEGAL
        if isinstance(move, Give):
            if phase != "give":
                return self._wrong_phase(move)
            return self._check_give(move.tiles)
        if isinstance(move, Reveal):
            if phase != "reveal":
                return self._wrong_phase(move)
            if move.tile not in self.stack:
                return illegal(
                    "bad_reveal",
                    f"{move.tile} cannot be hidden on the ark: {self._where(move.tile)}",
                    tile=move.tile,
                )
            return LEGAL
        if isinstance(move, Cut):
            if phase != "cut":
                return self._wrong_phase(move)
            problem = cut_problem(self.after_pairs(self.turn), move.tiles)
            if problem:
                return illegal("bad_cut", problem, tiles=list(move.tiles))
            return LEGAL
        return illegal(
            "unknown_move",
            f"{move.notation()!r} is not an Animals on Board move",
            move=move.notation(),
        )

    def _check_merge(self, move: Merge) -> Verdict:
        for g in (move.group, move.into):
            if g >= len(self.groups):
                return illegal(
                    "no_group",
                    f"there is no group {g}; the centre holds {len(self.groups)}",
                    group=g,
                    groups=len(self.groups),
                )
        size = self.group_size(move.group)
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

    def _wrong_phase(self, move: Move) -> Verdict:
        wanted = {
            "remove": "the species left out (remove S11)",
            "deal": "a setup draw (draw S3V4)",
            "give": f"{self.players[self.turn]} giving two tiles to the centre (give S1V3 S4V5)",
            "refill": "a tile to refill the centre (draw S3V4)",
            "play": f"{self.players[self.turn]}'s turn (split, take or pass)",
            "reveal": f"{self.players[self.turn]} naming a hidden tile on the ark (reveal S3V4)",
            "cut": f"{self.players[self.turn]} cutting the ark to 10 tiles",
        }[self.phase]
        return illegal(
            "wrong_phase",
            f"not a {move.TYPE} now: the table waits for {wanted}",
            move=move.TYPE,
            phase=self.phase,
        )

    def _check_draw(self, tile: str) -> Verdict:
        if len(self.stack) <= self.unseen:
            return illegal("stack_empty", "the draw stacks are empty")
        if tile == UNKNOWN:
            if not self.table_mode:
                return illegal("unknown_tile", "a simulated game draws known tiles only")
            if not self.draw_is_hidden():
                return illegal(
                    "unknown_tile", "this tile goes face up in the centre; name it (draw S3V4)"
                )
            return LEGAL
        if tile not in self.stack:
            return illegal("tile_not_in_stack", self._where(tile), tile=tile)
        return LEGAL

    def _where(self, tile: str) -> str:
        """Why ``tile`` cannot come from the stacks."""
        if SPECIES_OF[tile] in self.removed:
            return f"{tile} is out of the game ({SPECIES_OF[tile]} was left out)"
        return f"{tile} is not in the draw stacks; it is already on the table"

    def _check_give(self, tiles: tuple[str, ...]) -> Verdict:
        hand = self.hands[self.turn]
        if len(tiles) != SETUP_GIVE:
            return illegal(
                "bad_give",
                f"give exactly 2 of your 3 tiles to the centre, not {len(tiles)}",
                tiles=list(tiles),
            )
        outside = [t for t in tiles if t not in hand]
        hidden = hand.count(UNKNOWN)
        for t in outside:
            if hidden == 0 or t not in self.stack:
                return illegal("bad_give", f"{t} is not among your drawn tiles", tiles=list(tiles))
        if len(outside) > hidden:
            return illegal(
                "bad_give",
                f"{' and '.join(outside)} are not among your drawn tiles: only "
                f"{plural(hidden, 'of them is', 'of them are')} unseen",
                tiles=list(tiles),
            )
        return LEGAL

    def _check_play(self, move: Move) -> Verdict:
        seat = self.turn
        if isinstance(move, Pass):
            moves = self._play_moves()
            if moves[0] is PASS:
                return LEGAL
            if isinstance(moves[0], Split):
                return illegal("must_act", "no pass: a group of 2 or more tiles can be split")
            return illegal(
                "must_take",
                f"no pass: every group is a single tile, so take one "
                f"({plural(self.food[seat], 'food crate')} pays for it)",
                food=self.food[seat],
            )
        assert isinstance(move, Split | Take)
        g = move.group
        if g >= len(self.groups):
            return illegal(
                "no_group",
                f"there is no group {g}; the centre holds groups 0 to {len(self.groups) - 1}"
                if self.groups
                else "the centre is empty",
                group=g,
                groups=len(self.groups),
            )
        size = self.group_size(g)
        if isinstance(move, Take):
            food = self.food[seat]
            if size > food:
                return illegal(
                    "not_enough_food",
                    f"group {g} holds {plural(size, 'tile')}, which costs {size} food; "
                    f"{self.players[seat]} has {food}",
                    group=g,
                    size=size,
                    player=self.players[seat],
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
                f"group {g} holds {size} tiles, lettered a to {last}; there is no tile "
                f"{move.part[-1]}",
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

    # -- applying ----------------------------------------------------------------

    def _apply(self, move: Move) -> AnimalsOnBoardState:
        if isinstance(move, Split):
            return self._apply_split(move)
        if isinstance(move, Take):
            return self._apply_take(move)
        if isinstance(move, Pass):
            return self._with(passes=self.passes + 1, events=())._end_turn(passed=True)
        if isinstance(move, Draw):
            return self._apply_draw(move.tile)
        if isinstance(move, Remove):
            return self._apply_remove(move.species)
        if isinstance(move, Give):
            return self._apply_give(move.tiles)
        if isinstance(move, Reveal):
            return self._apply_reveal(move.tile)
        assert isinstance(move, Cut)
        return self._apply_cut(move.tiles)

    def _apply_remove(self, species: str) -> AnimalsOnBoardState:
        gone = set(TILES_OF[species])
        state = self._with(
            removed=tuple(s for s in SPECIES if s in self.removed or s == species),
            stack=tuple(t for t in self.stack if t not in gone),
        )
        if state._removals_due() == 0:
            state = state._with(phase="deal")
        return state

    def _unstack(self, tile: str) -> tuple[tuple[str, ...], int]:
        """The stack and unseen count after ``tile`` comes off the stacks."""
        if tile == UNKNOWN:
            return self.stack, self.unseen + 1
        stack = list(self.stack)
        stack.remove(tile)
        return tuple(stack), self.unseen

    def _apply_draw(self, tile: str) -> AnimalsOnBoardState:
        stack, unseen = self._unstack(tile)
        if self.phase == "deal":
            seat = self.turn
            hands = list(self.hands)
            hands[seat] = (*hands[seat], tile)
            turn = seat + 1 if len(hands[seat]) == SETUP_DRAWS else seat
            if turn == len(self.players):
                return self._with(
                    stack=stack, unseen=unseen, hands=tuple(hands), turn=0, phase="give"
                )
            return self._with(stack=stack, unseen=unseen, hands=tuple(hands), turn=turn)
        groups = list(self.groups) or [()]
        if sum(map(len, groups)) < self.face_up_target:
            groups[0] = sort_tiles((*groups[0], tile))
            state = self._with(stack=stack, unseen=unseen, groups=tuple(groups))
        else:
            state = self._with(
                stack=stack, unseen=unseen, groups=tuple(groups), down_group=0, down_tile=tile
            )
        return state._start_play_if_full()

    def _start_play_if_full(self) -> AnimalsOnBoardState:
        if self.down_tile is None or sum(map(len, self.groups)) < self.face_up_target:
            return self
        event = Event(
            "round",
            f"round {self.round}: {self.players[self.start]} starts",
            {"round": self.round, "start": self.players[self.start]},
        )
        return self._with(phase="play", turn=self.start, events=(event,))

    def _apply_give(self, tiles: tuple[str, ...]) -> AnimalsOnBoardState:
        seat = self.turn
        hand = list(self.hands[seat])
        stack = list(self.stack)
        unseen = self.unseen
        for t in tiles:
            if t in hand:
                hand.remove(t)
            else:
                hand.remove(UNKNOWN)
                stack.remove(t)
                unseen -= 1
        arks = list(self.arks)
        arks[seat] = sort_tiles((*arks[seat], *hand))
        hands = list(self.hands)
        hands[seat] = tiles
        state = self._with(
            stack=tuple(stack),
            unseen=unseen,
            arks=tuple(arks),
            hands=tuple(hands),
            turn=seat + 1,
        )
        if seat + 1 < len(self.players):
            return state
        centre = sort_tiles(tuple(t for hand in hands for t in hand))
        return state._with(
            hands=tuple(() for _ in self.players),
            groups=(centre,),
            phase="refill",
            round=1,
            turn=self.start,
        )._start_play_if_full()

    def _apply_split(self, move: Split) -> AnimalsOnBoardState:
        g = move.group
        mask = move.mask
        face_up = self.groups[g]
        rest = tuple(t for i, t in enumerate(face_up) if not mask >> i & 1)
        part = tuple(t for i, t in enumerate(face_up) if mask >> i & 1)
        groups = list(self.groups)
        groups[g] = rest
        groups.append(part)
        down_group = self.down_group
        stays, moves = list(rest), list(part)
        if g == down_group:
            if mask >> len(face_up) & 1:
                down_group = len(groups) - 1
                moves.append(UNKNOWN)
            else:
                stays.append(UNKNOWN)
        seat = self.turn
        food = list(self.food)
        supply = self.supply
        if food[seat] < FOOD_CAP:
            food[seat] += 1
            supply -= 1
        elif self.options["food_cap"] == "drop_to_four":
            food[seat] -= 1
            supply += 1
        state = self._with(
            groups=tuple(groups),
            down_group=down_group,
            food=tuple(food),
            supply=supply,
            passes=0,
            events=(
                Event(
                    "split",
                    f"{self.players[seat]} splits group {g}: {' '.join(stays)} | "
                    f"{' '.join(moves)} (new group {len(groups) - 1})",
                    {"player": self.players[seat], "group": g, "stays": stays, "moves": moves},
                ),
            ),
        )
        return state._end_turn(passed=False)

    def _apply_take(self, move: Take) -> AnimalsOnBoardState:
        g = move.group
        seat = self.turn
        face_up = self.groups[g]
        size = self.group_size(g)
        hidden = g == self.down_group
        over = max(0, len(self.holding(seat)) + size - ARK_CAPACITY)
        to_ark = face_up[: len(face_up) - over]
        if hidden and self.down_tile is not None:
            to_ark += (self.down_tile,)
        arks = list(self.arks)
        arks[seat] = sort_tiles(arks[seat] + to_ark)
        overflow = list(self.overflow)
        if over:
            overflow[seat] = sort_tiles(overflow[seat] + face_up[len(face_up) - over :])
        food = list(self.food)
        food[seat] -= size
        dropped = list(self.dropped)
        first_out = not any(dropped)
        dropped[seat] = True
        down_group = self.down_group
        if hidden:
            down_group = -1
        elif down_group > g:
            down_group -= 1
        shown = " ".join(face_up) + (" and the face-down tile" if hidden else "")
        event = Event(
            "take",
            f"{self.players[seat]} takes group {g} ({shown.strip()}) for {size} food"
            + ("; first out, takes the start-player flag" if first_out else ""),
            {"player": self.players[seat], "group": g, "tiles": list(face_up), "hidden": hidden},
        )
        state = self._with(
            arks=tuple(arks),
            overflow=tuple(overflow),
            food=tuple(food),
            supply=self.supply + size,
            groups=self.groups[:g] + self.groups[g + 1 :],
            down_group=down_group,
            down_tile=self.down_tile if not hidden else None,
            dropped=tuple(dropped),
            start=seat if first_out else self.start,
            passes=0,
            events=(event,),
        )
        return state._end_turn(passed=False)

    def _end_turn(self, *, passed: bool) -> AnimalsOnBoardState:
        """Who moves next, or the end of the round (§6)."""
        state = self
        if state.final_turn:
            return state._end_round()
        active = [i for i, out in enumerate(state.dropped) if not out]
        if not active:
            return state._end_round()
        if passed and state.passes >= len(active):
            return state._end_round()
        if len(active) == 1:
            return state._with(final_turn=True, turn=active[0])
        n = len(state.players)
        nxt = (state.turn + 1) % n
        while state.dropped[nxt]:
            nxt = (nxt + 1) % n
        return state._with(turn=nxt)

    def _end_round(self) -> AnimalsOnBoardState:
        full = [p for i, p in enumerate(self.players) if len(self.holding(i)) >= ARK_CAPACITY]
        if full:
            event = Event(
                "departure",
                f"round {self.round} ends with a full ark ({', '.join(full)}): the arks depart",
                {"round": self.round, "full": full},
            )
            return self._with(
                final_turn=False, passes=0, events=(*self.events, event)
            )._next_departure()
        merged = sort_tiles(tuple(t for group in self.groups for t in group))
        event = Event(
            "round_end",
            f"round {self.round} ends; {self.players[self.start]} starts the next",
            {"round": self.round, "start": self.players[self.start]},
        )
        state = self._with(
            phase="refill",
            round=self.round + 1,
            groups=(merged,),
            down_group=0 if self.down_tile is not None else -1,
            dropped=tuple(False for _ in self.players),
            final_turn=False,
            passes=0,
            turn=self.start,
            events=(*self.events, event),
        )
        return state._start_play_if_full()

    def _next_departure(self) -> AnimalsOnBoardState:
        for seat in range(len(self.players)):
            if UNKNOWN in self.arks[seat]:
                return self._with(phase="reveal", turn=seat)
        for seat in range(len(self.players)):
            if len(self.after_pairs(seat)) > ARK_CAPACITY:
                return self._with(phase="cut", turn=seat)
        return self._with(phase="over")

    def _apply_reveal(self, tile: str) -> AnimalsOnBoardState:
        seat = self.turn
        ark = list(self.arks[seat])
        ark.remove(UNKNOWN)
        arks = list(self.arks)
        arks[seat] = sort_tiles((*ark, tile))
        stack, _ = self._unstack(tile)
        return self._with(arks=tuple(arks), stack=stack, unseen=self.unseen - 1)._next_departure()

    def _apply_cut(self, tiles: tuple[str, ...]) -> AnimalsOnBoardState:
        seat = self.turn
        gone = set(tiles)
        arks = list(self.arks)
        overflow = list(self.overflow)
        arks[seat] = tuple(t for t in arks[seat] if t not in gone)
        overflow[seat] = tuple(t for t in overflow[seat] if t not in gone)
        cut = list(self.cut)
        cut[seat] = tiles
        return self._with(
            arks=tuple(arks), overflow=tuple(overflow), cut=tuple(cut)
        )._next_departure()

    # -- the end -------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        holdings = [self.holding(seat) for seat in range(len(self.players))]
        return final_outcome(self.players, holdings, self.food, self.cut)

    # -- views -------------------------------------------------------------------

    def view(self, player: str | None) -> dict[str, Any]:
        return table_view(self, player)

    def public_move(self, move: Move, viewer: str | None) -> dict[str, Any]:
        """A hidden draw or give shows ``?`` to all but its owner; a split lists the tiles."""
        return public_move_json(self, move, viewer)

    # -- JSON ----------------------------------------------------------------------

    def _body_json(self) -> dict[str, Any]:
        return {
            f.name: jsonable(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if f.name not in _COMMON_FIELDS
        }

    @classmethod
    def _from_body(cls, common: dict[str, Any], body: Mapping[str, Any]) -> AnimalsOnBoardState:
        def tiles(value: Any) -> tuple[str, ...]:
            return tuple(str(t) for t in value)

        def per_seat(value: Any) -> tuple[tuple[str, ...], ...]:
            return tuple(tiles(v) for v in value)

        down_tile = body["down_tile"]
        state = cls(
            **common,
            phase=str(body["phase"]),
            round=int(body["round"]),
            removed=tiles(body["removed"]),
            stack=tiles(body["stack"]),
            unseen=int(body["unseen"]),
            hands=per_seat(body["hands"]),
            arks=per_seat(body["arks"]),
            overflow=per_seat(body["overflow"]),
            food=tuple(int(f) for f in body["food"]),
            supply=int(body["supply"]),
            groups=per_seat(body["groups"]),
            down_group=int(body["down_group"]),
            down_tile=None if down_tile is None else str(down_tile),
            start=int(body["start"]),
            turn=int(body["turn"]),
            dropped=tuple(bool(d) for d in body["dropped"]),
            final_turn=bool(body["final_turn"]),
            passes=int(body["passes"]),
            cut=per_seat(body["cut"]),
        )
        problem = state.conservation_problem()
        if problem:
            raise InvalidState(f"broken {GAME_ID} state: {problem}")
        return state

    def conservation_problem(self) -> str | None:
        """What breaks the conservation of tiles and food (§8), or None."""
        return conservation_problem(self)

    def placed_tiles(self) -> list[str]:
        """Every tile out of the stacks and not in the box: hands, arks, overflow, centre, cut."""
        out = [
            t for per in (self.hands, self.arks, self.overflow, self.cut) for ts in per for t in ts
        ]
        out += [t for g in self.groups for t in g]
        if self.down_tile is not None:
            out.append(self.down_tile)
        return out


def new_game(
    players: list[str] | tuple[str, ...],
    *,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> AnimalsOnBoardState:
    """A new game: arks empty, 1 food each, the stacks of all 60 tiles.

    Seat 0 holds the start-player flag (the oldest player, §3). With 2 or 3
    players the first moves leave species out (``remove``); then the setup
    draws are dealt by chance.

    Raises:
        InvalidSetup: a wrong player count, bad names or unknown options.
    """
    names = GAME.check_players(players)
    resolved = GAME.resolve_options(options)
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise InvalidSetup(f"a seed is a whole number, not {seed!r}")
    n = len(names)
    empty = tuple(() for _ in names)
    state = AnimalsOnBoardState(
        players=names,
        options=resolved,
        seed=seed,
        phase="remove",
        stack=TILES,
        hands=empty,
        arks=empty,
        overflow=empty,
        food=tuple(1 for _ in names),
        supply=FOOD_CRATES - n,
        dropped=tuple(False for _ in names),
        cut=empty,
    )
    if state._removals_due() == 0:
        state = state._with(phase="deal")
    return state


def load_state(obj: Any) -> AnimalsOnBoardState:
    """A state from its JSON (dict or text).

    Raises:
        InvalidState: another game, a newer format or a broken document.
    """
    return AnimalsOnBoardState.from_json(obj)
