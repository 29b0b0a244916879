"""The Ark Nova table state: zoos, boards, display, the end, and the turn engine's flow.

Rules text: ``docs/rules/ark_nova.md`` §5 (trigger, final round) and §6
(final scoring, in ``scoring``). Two modes (rule option ``mode``):

- ``turns``: ``flow`` holds the turn engine's table; every move is checked and
  applied by ``turns`` (setup, actions, what they owe, breaks, the end);
- ``record``: no ``flow``; the moves record zoo facts as the table shows them
  (a zoo read from JSON, the kept final-scoring cards, the final turns), and
  the Build and Animals actions, X-tokens, snap and break discards are
  checked (``actions``). Every player records their own zoo from their own
  seat: until the end each is a mover (``movers``), and a move is made by the
  player it names (``mover_of``); ``to_move`` names the first seat, or the
  next player owed a final turn. A zoo triggers the end when its appeal
  reaches the target of its CP; after the trigger every *other* player takes
  exactly one more turn, or every player when the end was triggered during a
  break.

Rule options (§13): ``mode``, ``final_scoring_printing``,
``base_projects_face_up``, ``score_scale``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engines.ark_nova import actions, checks, flow, moves, scoring, storage, turns, views
from engines.ark_nova.board import PlayerBoard
from engines.ark_nova.flow import Flow
from engines.ark_nova.info import INFO, Phase
from engines.ark_nova.moves import TURN_MOVES, FinalTurn, KeepFinalScoring, SetZoo
from engines.ark_nova.zoo import Zoo
from engines.core import (
    CHANCE,
    UNKNOWN,
    Event,
    GameInfo,
    InvalidState,
    Move,
    MoveCodec,
    Outcome,
    State,
    Verdict,
)

MOVES = MoveCodec(INFO.id, (SetZoo, KeepFinalScoring, FinalTurn, *moves.ACTION_MOVES, *TURN_MOVES))


@dataclass(frozen=True, kw_only=True)
class ArkNovaState(State):
    """The zoos on the table and where the game stands.

    Attributes:
        zoos: one zoo per player, in seating order.
        trigger: the player whose zoo triggered the end, or None.
        trigger_in_break: the end was triggered during a break.
        final_turns: players who have taken their last turn since the trigger.
        boards: one player board per player (action row, hand, special enclosures);
            read by the action checks (``actions``).
        display: the six display folders, folder 1 first (``UNKNOWN`` when not seen).
    """

    INFO: ClassVar[GameInfo] = INFO
    FORMAT: ClassVar[int] = 1

    zoos: tuple[Zoo, ...]
    trigger: str | None = None
    trigger_in_break: bool = False
    final_turns: tuple[str, ...] = ()
    boards: tuple[PlayerBoard, ...] = ()
    display: tuple[int | str, ...] = (UNKNOWN,) * actions.DISPLAY_FOLDERS
    flow: Flow | None = None

    def __post_init__(self) -> None:
        if not self.boards:
            object.__setattr__(self, "boards", tuple(PlayerBoard() for _ in self.players))

    # -- reading --------------------------------------------------------------------

    @property
    def flow_(self) -> Flow:
        """The turn engine's table (a game in ``turns`` mode)."""
        assert self.flow is not None
        return self.flow

    def board(self, player: str) -> PlayerBoard:
        return self.boards[self.players.index(player)]

    def zoo(self, player: str) -> Zoo:
        return self.zoos[self.players.index(player)]

    @property
    def zoo_map(self) -> dict[str, Zoo]:
        return dict(zip(self.players, self.zoos, strict=True))

    def owed_final_turns(self) -> tuple[str, ...]:
        """Players still owed their last turn, clockwise from the trigger player."""
        if self.trigger is None:
            return ()
        start = self.players.index(self.trigger)
        order = self.players[start + 1 :] + self.players[: start + 1]
        if not self.trigger_in_break:
            order = order[:-1]
        return tuple(p for p in order if p not in self.final_turns)

    @property
    def finished(self) -> bool:
        if self.flow is not None:
            return self.flow.phase == Phase.OVER
        return self.trigger is not None and not self.owed_final_turns()

    @property
    def to_move(self) -> str | None:
        if self.flow is not None:
            if self.flow.pending:
                item = self.flow.pending[0]
                return CHANCE if item.chance else item.player
            if self.flow.phase == Phase.OVER:
                return None
            return self.players[self.flow.turn]
        if self.finished:
            return None
        owed = self.owed_final_turns()
        return owed[0] if owed else self.players[0]

    def movers(self) -> tuple[str, ...]:
        """Turn by turn, the player to move; on a recorded table every player until the
        end: each records their own zoo."""
        if self.flow is not None or self.finished:
            return super().movers()
        return self.players

    def mover_of(self, move: Move) -> str | None:
        """On a recorded table, the player a move names (a zoo, kept cards, a final turn,
        an action) makes it; otherwise, and for the display, the player to move."""
        if self.flow is None and not self.finished:
            player = getattr(move, "player", None)
            if player in self.players:
                return str(player)
        return self.to_move

    # -- moves ----------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        if self.flow is not None:
            return turns.legal(self)
        if self.finished:
            return ()
        # Each player's own moves, named for them: a seat is shown only the moves it makes
        # (``mover_of``), so no seat sees another player's kept final-scoring cards or hand.
        moves: list[Move] = []
        for player, zoo in zip(self.players, self.zoos, strict=True):
            moves += [SetZoo(player, zoo.to_json()), KeepFinalScoring(player, zoo.final_scoring)]
        moves += [FinalTurn(p) for p in self.owed_final_turns()]
        for player in self.players:
            moves += actions.legal_actions(self, player)
        return tuple(moves)

    def _check(self, move: Move) -> Verdict:
        return checks.check(self, move)

    def _apply(self, move: Move) -> ArkNovaState:
        if self.flow is not None:
            return turns.apply(self, move)
        if isinstance(move, moves.ACTION_MOVES):
            return actions.apply(self, move)
        if isinstance(move, SetZoo):
            zoo = Zoo.from_json(move.zoo)
            state = self._with_zoo(move.player, zoo)
            if state.trigger is None and scoring.triggers_end(zoo):
                state = replace(
                    state,
                    trigger=move.player,
                    trigger_in_break=move.during_break,
                    events=(_trigger_event(move.player, zoo, move.during_break),),
                )
            return state
        if isinstance(move, KeepFinalScoring):
            return self._with_zoo(
                move.player, replace(self.zoo(move.player), final_scoring=move.cards)
            )
        assert isinstance(move, FinalTurn)
        state = self.evolve(final_turns=(*self.final_turns, move.player))
        if state.finished:
            state = state.evolve(events=(Event("game_over", "the final round is complete"),))
        return state

    def _with_zoo(self, player: str, zoo: Zoo) -> ArkNovaState:
        i = self.players.index(player)
        return self.evolve(zoos=(*self.zoos[:i], zoo, *self.zoos[i + 1 :]))

    def with_player(self, player: str, zoo: Zoo, board: PlayerBoard) -> ArkNovaState:
        """The state with ``player``'s zoo and board replaced."""
        i = self.players.index(player)
        return replace(
            self,
            zoos=(*self.zoos[:i], zoo, *self.zoos[i + 1 :]),
            boards=(*self.boards[:i], board, *self.boards[i + 1 :]),
        )

    # -- results and views ----------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        return scoring.score_table(self.players, self.zoo_map, self.options)

    def view(self, player: str | None) -> dict[str, Any]:
        return views.view(self, player)

    def public_move(self, move: Move, viewer: str | None) -> dict[str, Any]:
        return views.public_move(self, move, viewer)

    # -- JSON -----------------------------------------------------------------------

    def _body_json(self) -> dict[str, Any]:
        return storage.body_json(self)

    @classmethod
    def _from_body(cls, common: dict[str, Any], body: Mapping[str, Any]) -> ArkNovaState:
        return storage.from_body(cls, common, body)


def _trigger_event(player: str, zoo: Zoo, during_break: bool) -> Event:
    who = "every player" if during_break else "every other player"
    return Event(
        "end_triggered",
        f"{player}'s appeal {zoo.appeal} reached the target {scoring.target(zoo.conservation)} "
        f"of {zoo.conservation} CP: the final round begins ({who} takes one more turn)",
        {
            "player": player,
            "vp": scoring.victory_points(zoo.appeal, zoo.conservation),
            "during_break": during_break,
            "appeal": zoo.appeal,
            "target": scoring.target(zoo.conservation),
            "cp": zoo.conservation,
        },
    )


def new_game(
    players: Any, *, options: Mapping[str, Any] | None = None, seed: object = None
) -> ArkNovaState:
    """A new game from the setup scaffold (``INFO.setup``).

    Mode ``turns``: the setup still to deal (rules spec §2), every chance owed in
    ``flow``. Mode ``record``: one setup zoo per player on Map A (kiosk and size-3
    enclosure, 25 money), appeal by seat 0 / 1 / 2 / 3 (rules spec §2 step 7).
    """
    setup = INFO.setup(players, options=options, seed=seed)
    names, resolved = setup.players, setup.options
    if resolved["mode"] == "record":
        zoos = tuple(Zoo(appeal=i) for i in range(setup.count))
        return ArkNovaState(players=names, options=resolved, seed=setup.seed, zoos=zoos)
    shown = 4 if resolved["base_projects_face_up"] == "seed" or setup.count == 4 else 3
    return ArkNovaState(
        players=names,
        options=resolved,
        seed=setup.seed,
        zoos=tuple(Zoo() for _ in names),
        boards=tuple(PlayerBoard(hand=()) for _ in names),
        display=(),
        flow=flow.start(names, setup.seed is not None, shown),
    )


def parse_move(obj: Any) -> Move:
    """A move from its JSON (dict or text) or its notation."""
    return MOVES.parse(obj)


def load_state(obj: Any) -> ArkNovaState:
    """A state from its JSON document (see ``docs/formats/ark_nova.md``).

    ``options``, ``seed``, ``ply`` and ``events`` may be left out of a document
    written by hand; they take their defaults.
    """
    if isinstance(obj, str | bytes):
        try:
            obj = json.loads(obj)
        except json.JSONDecodeError as exc:
            raise InvalidState(f"the state is not valid JSON: {exc.msg}") from exc
    if isinstance(obj, Mapping) and "options" not in obj:
        obj = {**obj, "options": {}}
    return ArkNovaState.from_json(obj)
