"""The Animals on Board state: the table and its legal moves.

Follows ``docs/rules/animals_on_board.md`` (seed text: the Swan Panasia
edition "諾亞鬧方舟"), with its rule options ``food_cap``, ``overflow_tiles``
and ``removed_species`` (§11). Each rule is written once: the checks of a
move in ``checks``, what a move does (setup, rounds, departure) in ``flow``,
the scores in ``scoring``, what each player sees in ``views``, the state
document in ``storage``. Readings this
module fixes:

- Seat 0 is the oldest player and holds the start-player flag (§3.4); with
  option ``removed_species`` ``chosen`` that player names the species left
  out; with ``random`` chance does.
- At the departure (§7) the advisor's best cut is the first legal move and
  the suggested one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from engines.animals_on_board.advisor import (
    Keep,
    best_keeps,
    cut_for,
    legal_keeps,
    noah_pairs,
)
from engines.animals_on_board.catalog import (
    ARK_CAPACITY,
    FACE_UP,
    FOOD_CRATES,
    SETUP_GIVE,
    SPECIES,
    SPECIES_IN_PLAY,
    TILES,
    sort_tiles,
)
from engines.animals_on_board.checks import check
from engines.animals_on_board.flow import apply_move
from engines.animals_on_board.info import ILLEGAL, INFO, Phase
from engines.animals_on_board.integrity import conservation_problem
from engines.animals_on_board.moves import (
    DRAWS,
    LETTERS,
    PASS,
    TAKES,
    Cut,
    Give,
    Remove,
    Reveal,
    Split,
    splits_of,
)
from engines.animals_on_board.scoring import final_outcome
from engines.animals_on_board.storage import body_json, from_body
from engines.animals_on_board.views import public_move, view
from engines.core import (
    CHANCE,
    UNKNOWN,
    GameInfo,
    IllegalMove,
    Move,
    Outcome,
    State,
    Verdict,
)

_DRAW_PHASES = frozenset({Phase.DEAL, Phase.REFILL})
"""Phases in which chance draws a tile from the stacks."""


@dataclass(frozen=True, kw_only=True)
class AnimalsOnBoardState(State):
    """A table of Animals on Board.

    Attributes:
        phase: the phase of the game (``info.Phase``).
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

    INFO: ClassVar[GameInfo] = INFO
    FORMAT: ClassVar[int] = 1

    phase: Phase
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
        if phase in _DRAW_PHASES:
            return CHANCE
        if phase == Phase.OVER:
            return None
        if phase == Phase.REMOVE:
            return self.players[0] if self.options["removed_species"] == "chosen" else CHANCE
        return self.players[self.turn]

    def draw_is_hidden(self) -> bool:
        """Whether the next chance draw goes where nobody at the table sees it."""
        return self.phase == Phase.DEAL or (
            self.phase == Phase.REFILL and sum(map(len, self.groups)) >= self.face_up_target
        )

    def removals_due(self) -> int:
        return len(SPECIES) - SPECIES_IN_PLAY[len(self.players)] - len(self.removed)

    # -- legal moves -----------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase == Phase.PLAY:
            return self.play_moves()
        if phase in _DRAW_PHASES:
            if len(self.stack) <= self.unseen:
                return ()  # every tile left is accounted for by unseen tiles: none to draw
            draws: tuple[Move, ...] = tuple(map(DRAWS.__getitem__, self.stack))
            if self.table_mode and self.draw_is_hidden():
                draws += (DRAWS[UNKNOWN],)
            return draws
        if phase == Phase.REMOVE:
            return tuple(Remove(s) for s in SPECIES if s not in self.removed)
        if phase == Phase.GIVE:
            return tuple(self._give_moves())
        if phase == Phase.REVEAL:
            return tuple(Reveal(t) for t in self.stack)
        if phase == Phase.CUT:
            return self._cut_moves()
        return ()

    def play_moves(self) -> tuple[Move, ...]:
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
        if self.phase != Phase.CUT:
            return None
        return self._cut_moves()[0]

    # -- the rules -------------------------------------------------------------

    def _check(self, move: Move) -> Verdict:
        """The move's verdict (``checks.check``)."""
        return check(self, move)

    def _apply(self, move: Move) -> AnimalsOnBoardState:
        """The state after a legal move (``flow.apply_move``)."""
        return apply_move(self, move)

    # -- the end -------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        holdings = [self.holding(seat) for seat in range(len(self.players))]
        return final_outcome(self.players, holdings, self.food, self.cut)

    # -- views -------------------------------------------------------------------

    def view(self, player: str | None) -> dict[str, Any]:
        return view(self, player)

    def public_move(self, move: Move, viewer: str | None) -> dict[str, Any]:
        """A hidden draw or give shows ``?`` to all but its owner; a split lists the tiles."""
        return public_move(self, move, viewer)

    # -- JSON ----------------------------------------------------------------------

    def _body_json(self) -> dict[str, Any]:
        return body_json(self)

    @classmethod
    def _from_body(cls, common: dict[str, Any], body: Mapping[str, Any]) -> AnimalsOnBoardState:
        return from_body(cls, common, body)

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
    players: Sequence[str],
    *,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> AnimalsOnBoardState:
    """A new game: arks empty, 1 food each, the stacks of all 60 tiles.

    Seat 0 holds the start-player flag (the oldest player, §3). With 2 or 3
    players the first moves leave species out (``remove``); then the setup
    draws are dealt by chance.

    Raises:
        InvalidSetup: a wrong player count or names, unknown options or a bad seed.
    """
    setup = INFO.setup(players, options=options, seed=seed)
    n = setup.count
    empty: tuple[tuple[str, ...], ...] = ((),) * n
    state = AnimalsOnBoardState(
        players=setup.players,
        options=setup.options,
        seed=setup.seed,
        phase=Phase.REMOVE,
        stack=TILES,
        hands=empty,
        arks=empty,
        overflow=empty,
        food=(1,) * n,
        supply=FOOD_CRATES - n,
        dropped=(False,) * n,
        cut=empty,
    )
    if state.removals_due() == 0:
        state = state.evolve(phase=Phase.DEAL)
    return state


def load_state(obj: Any) -> AnimalsOnBoardState:
    """A state from its JSON (dict or text).

    Raises:
        InvalidState: another game, a newer format or a broken document.
    """
    return AnimalsOnBoardState.from_json(obj)
