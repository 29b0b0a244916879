"""Niagara's game state and round structure (``docs/rules/niagara.md`` §5-§10).

A round is three phases: every player, in seat order from the life-ring
holder, lays a paddle face down (``choose``; hidden from the others until it
is revealed); then each, in the same order, reveals it and acts (``act``); then
the river flows (``flow``: one chance move per step, the arm the disc took).
After the flow the game ends if anyone meets a goal; otherwise the life ring
passes to the left, and after every seventh round all paddles return to hand.

Options: ``arm_policy`` (alternate, random, ask), ``gems_per_hollow`` (7, 8),
``tiebreak`` (shared, gem_value). A game without a seed is a table game: the
river's arm comes from the table, and a paddle laid face down may be entered
as ``?`` until its owner reveals it.

Whether a move is legal (and why not) is ``checks.py``, what each player sees
``views.py``, the state document ``storage.py``, the flow itself ``river.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import (
    CHANCE,
    ChanceOutcomes,
    Event,
    Move,
    Outcome,
    State,
    Verdict,
)
from engines.niagara import river
from engines.niagara.board import (
    CLOUD,
    COLOURS,
    GEMS_PER_COLOUR,
    HOME,
    LOST,
    TILES,
    WEATHER_MAX,
    WEATHER_MIN,
    WEATHER_START,
    Canoe,
    gems_sorted,
    goal_met,
)
from engines.niagara.checks import Table, check, paddle_options, resolve
from engines.niagara.info import INFO, Phase
from engines.niagara.moves import Arm, Choose, Cloud, Paddle
from engines.niagara.scoring import final_outcome
from engines.niagara.storage import body_json, from_body
from engines.niagara.views import public_move, view


@dataclass(frozen=True, kw_only=True)
class NiagaraState(State):
    """A Niagara position.

    Attributes:
        weather: the weather chart, -1 to +2.
        last_arm: the arm of the latest flow step (``L``/``R``), None before any.
        discs: disc ids in ``river.DISC_SLOTS`` order, then the disc above the rope.
        hollows: gems in each hollow, in ``COLOURS`` order (violet at M3 ... pink).
        canoes: per seat, canoe 1 and canoe 2.
        banks: per seat, the banked gems.
        hands: per seat, the paddles not yet revealed in this cycle of seven.
        chosen: per seat, the paddle laid face down this round ("" none, "?" unseen).
        revealed: per seat, the paddle revealed this round ("" not yet).
        ring: seat of the life-ring holder.
        round: the round number, from 1.
        phase: ``choose``, ``act``, ``flow`` or ``over``.
        turn: players done in this phase (the next is ``ring + turn``).
        flow_total: steps of this round's flow.
        flow_arms: arms of the flow steps done so far this round.
        flow_lost: ``(seat, canoe, gem)`` of canoes lost in this round's flow.
    """

    INFO = INFO

    weather: int = WEATHER_START
    last_arm: str | None = None
    discs: tuple[int, ...] = tuple(range(1, 11))
    hollows: tuple[str, ...] = ()
    canoes: tuple[tuple[Canoe, ...], ...] = ()
    banks: tuple[str, ...] = ()
    hands: tuple[str, ...] = ()
    chosen: tuple[str, ...] = ()
    revealed: tuple[str, ...] = ()
    ring: int = 0
    round: int = 1
    phase: Phase = Phase.CHOOSE
    turn: int = 0
    flow_total: int = 0
    flow_arms: str = ""
    flow_lost: tuple[tuple[int, int, str | None], ...] = ()

    # ------------------------------------------------------------------ whose turn

    @property
    def seat(self) -> int:
        """Seat of the player to choose or act."""
        return (self.ring + self.turn) % len(self.players)

    @property
    def to_move(self) -> str | None:
        if self.phase == Phase.OVER:
            return None
        if self.phase == Phase.FLOW:
            return CHANCE
        return self.players[self.seat]

    def order(self) -> tuple[int, ...]:
        """Seats in turn order this round, from the life-ring holder."""
        n = len(self.players)
        return tuple((self.ring + i) % n for i in range(n))

    @property
    def table(self) -> Table:
        return Table(self.hollows, self.canoes, self.banks)

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> tuple[Move, ...]:
        if self.phase == Phase.OVER:
            return ()
        if self.phase == Phase.FLOW:
            return (Arm("L"), Arm("R"))
        seat = self.seat
        hand = self.hands[seat]
        if self.phase == Phase.CHOOSE:
            tiles = [Choose(t) for t in hand]
            if self.table_mode:
                tiles.append(Choose("?"))
            return tuple(tiles)
        moves: list[Move] = []
        for tile in self.tiles_to_reveal(seat):
            moves += self.actions(seat, tile)
        return tuple(moves)

    def tiles_to_reveal(self, seat: int) -> str:
        """The paddles ``seat`` may reveal: the one laid down, or any in hand if unseen."""
        chosen = self.chosen[seat]
        return self.hands[seat] if chosen in ("", "?") else chosen

    def actions(self, seat: int, tile: str) -> list[Move]:
        """Every legal action of ``seat`` revealing ``tile`` on the board as it is now."""
        if tile == CLOUD:
            buys: list[str | None] = [None]
            if any(c.slot == LOST for c in self.canoes[seat]):
                buys += [c for c in COLOURS if c in self.banks[seat]]
            shifts = [s for s in (1, -1) if WEATHER_MIN <= self.weather + s <= WEATHER_MAX]
            return [Cloud(s, b) for s in shifts for b in buys]
        return [m for m, _ in paddle_options(self.table, self.players, seat, int(tile))]

    def _check(self, move: Move) -> Verdict:
        return check(self, move)

    def _apply(self, move: Move) -> NiagaraState:
        if isinstance(move, Choose):
            return self._apply_choose(move)
        if isinstance(move, Arm):
            return self._apply_arm(move)
        table = resolve(self, move)
        assert table is not None
        return self._apply_action(move, table)

    def _apply_choose(self, move: Choose) -> NiagaraState:
        chosen = _put(self.chosen, self.seat, move.tile)
        turn = self.turn + 1
        if turn == len(self.players):
            return self.evolve(chosen=chosen, phase=Phase.ACT, turn=0)
        return self.evolve(chosen=chosen, turn=turn)

    def _apply_action(self, move: Move, table: Table) -> NiagaraState:
        seat = self.seat
        player = self.players[seat]
        weather = self.weather
        if isinstance(move, Cloud):
            tile = CLOUD
            weather += move.shift
            text = f"{player} reveals the cloud: weather {self.weather:+d} to {weather:+d}"
        else:
            assert isinstance(move, Paddle)
            tile = str(move.tile)
            text = f"{player} reveals the {tile}: {move.notation()}"
        if isinstance(move, Cloud | Paddle) and move.buy:
            text += f" (bought a canoe back with a {move.buy} gem)"
        hand = self.hands[seat].replace(tile, "", 1)
        events = [Event("action", text, {"player": player, "move": move.to_json()})]
        canoes, returned = _free_returns(table.canoes, table.banks)
        events += self._return_events(returned)
        state = self.evolve(
            weather=weather,
            hollows=table.hollows,
            canoes=canoes,
            banks=table.banks,
            hands=_put(self.hands, seat, hand),
            chosen=_put(self.chosen, seat, ""),
            revealed=_put(self.revealed, seat, tile),
            turn=self.turn + 1,
            events=tuple(events),
        )
        if state.turn < len(self.players):
            return state
        return state._start_flow()

    def numbers(self) -> tuple[int, ...]:
        """The numbers revealed this round (clouds ignored)."""
        return tuple(int(t) for t in self.revealed if t and t != CLOUD)

    def _start_flow(self) -> NiagaraState:
        numbers = self.numbers()
        c = river.current(numbers, self.weather)
        steps = river.steps_of(c)
        lowest = f"lowest number {min(numbers)}" if numbers else "only clouds"
        text = f"current {c} ({lowest}, weather {self.weather:+d}): " + (
            f"the river flows {steps} step{'s' if steps > 1 else ''}" if steps else "no flow"
        )
        data = {
            "current": c,
            "steps": steps,
            "numbers": list(numbers),
            "weather": self.weather,
        }
        event = Event("current", text, data)
        state = self.evolve(
            phase=Phase.FLOW,
            turn=0,
            flow_total=steps,
            flow_arms="",
            flow_lost=(),
            events=(*self.events, event),
        )
        if steps == 0:
            return state.evolve(events=(*state.events, state._flow_event()))._end_round()
        return state

    def _apply_arm(self, move: Arm) -> NiagaraState:
        before = river.River(self.discs, self.canoes, self.hollows, self.last_arm)
        after, step = river.step(before, move.arm)
        canoes, returned = _free_returns(after.canoes, self.banks)
        arms = self.flow_arms + move.arm
        lost = self.flow_lost + tuple((x.seat, x.canoe, x.gem) for x in step.lost)
        side = "left" if move.arm == "L" else "right"
        text = (
            f"flow step {len(arms)} of {self.flow_total} into the {side} arm: "
            f"disc {step.dropped_disc} drops over the fall"
        )
        if step.lost:
            text += "; " + "; ".join(self._loss_text(x.seat, x.canoe, x.gem) for x in step.lost)
        events = [
            Event(
                "flow_step",
                text,
                {
                    "step": len(arms),
                    "of": self.flow_total,
                    "arm": move.arm,
                    "dropped_disc": step.dropped_disc,
                    "lost": [self._loss_json(x.seat, x.canoe, x.gem) for x in step.lost],
                },
            )
        ]
        events += self._return_events(returned)
        state = self.evolve(
            discs=after.discs,
            canoes=canoes,
            hollows=after.hollows,
            last_arm=move.arm,
            flow_arms=arms,
            flow_lost=lost,
            events=tuple(events),
        )
        if len(arms) < self.flow_total:
            return state
        summary = state._flow_event()
        return state.evolve(events=(*state.events, summary))._end_round()

    def _flow_event(self) -> Event:
        lost = [self._loss_json(s, c, g) for s, c, g in self.flow_lost]
        returned = gems_sorted("".join(g for _, _, g in self.flow_lost if g))
        head = f"the river flowed {self.flow_total} step(s), arms {' '.join(self.flow_arms)}"
        if not self.flow_total:
            text = "the river does not flow this round"
        elif lost:
            text = f"{head}; over the falls: " + "; ".join(
                self._loss_text(s, c, g) for s, c, g in self.flow_lost
            )
        else:
            text = f"{head}; no canoe went over"
        return Event(
            "flow",
            text,
            {
                "steps": self.flow_total,
                "arms": list(self.flow_arms),
                "canoes_lost": lost,
                "gems_returned": list(returned),
            },
        )

    def _loss_json(self, seat: int, canoe: int, gem: str | None) -> dict[str, Any]:
        return {"player": self.players[seat], "canoe": canoe, "gem": gem}

    def _loss_text(self, seat: int, canoe: int, gem: str | None) -> str:
        text = f"{self.players[seat]}'s canoe {canoe} goes over"
        if gem:
            text += f" with a {gem} gem, which returns to its hollow"
        return text

    def _return_events(self, seats: tuple[int, ...]) -> list[Event]:
        return [
            Event(
                "free_return",
                f"{self.players[s]} lost both canoes and holds no gem: canoe 1 returns "
                "to HOME for free",
                {"player": self.players[s]},
            )
            for s in seats
        ]

    def _end_round(self) -> NiagaraState:
        winners = [p for p, bank in zip(self.players, self.banks, strict=True) if goal_met(bank)]
        if winners:
            event = Event(
                "game_over",
                f"{' and '.join(winners)} met a goal; the game ends with this round",
                {"winners": winners},
            )
            return self.evolve(phase=Phase.OVER, events=(*self.events, event))
        n = len(self.players)
        hands = self.hands
        if not any(hands):
            hands = tuple(TILES for _ in range(n))
        return self.evolve(
            phase=Phase.CHOOSE,
            turn=0,
            ring=(self.ring + 1) % n,
            round=self.round + 1,
            hands=hands,
            chosen=("",) * n,
            revealed=("",) * n,
            flow_total=0,
            flow_arms="",
            flow_lost=(),
        )

    def chance_outcomes(self) -> ChanceOutcomes:
        """The arm of a flow step: with ``arm_policy = alternate`` the opposite of the
        last arm, for certain (left first); otherwise left or right, even odds."""
        if self.phase == Phase.FLOW and self.options["arm_policy"] == "alternate":
            return ChanceOutcomes.uniform((Arm(river.suggested_arm(self.last_arm)),))
        return super().chance_outcomes()

    def public_move(self, move: Move, viewer: str | None) -> dict[str, Any]:
        return public_move(self, move, viewer)

    # ------------------------------------------------------------------ end

    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        return final_outcome(self.players, self.banks, str(self.options["tiebreak"]))

    # ------------------------------------------------------------------ views

    def view(self, player: str | None) -> dict[str, Any]:
        return view(self, player)

    # ------------------------------------------------------------------ JSON

    def _body_json(self) -> dict[str, Any]:
        return body_json(self)

    @classmethod
    def _from_body(cls, common: dict[str, Any], body: Mapping[str, Any]) -> NiagaraState:
        return from_body(cls, common, body)

    def gem_count(self) -> dict[str, int]:
        """Gems of each colour in hollows, canoes and banks (spares not counted)."""
        everything = "".join(self.hollows) + "".join(self.banks)
        everything += "".join(c.gem or "" for fleet in self.canoes for c in fleet)
        return {c: everything.count(c) for c in COLOURS}

    def check_gems(self) -> None:
        """Raise ValueError unless every colour has ``gems_per_hollow`` gems in play."""
        per = int(self.options["gems_per_hollow"])
        for colour, count in self.gem_count().items():
            if count != per:
                raise ValueError(
                    f"there are {count} {colour} gems in play; the game has {per} "
                    f"(and {GEMS_PER_COLOUR - per} spare)"
                )


def _put(items: tuple[str, ...], index: int, value: str) -> tuple[str, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _free_returns(
    canoes: tuple[tuple[Canoe, ...], ...], banks: tuple[str, ...]
) -> tuple[tuple[tuple[Canoe, ...], ...], tuple[int, ...]]:
    """Canoe 1 back HOME for each player with both canoes lost and no gem (§7)."""
    seats = tuple(
        s for s, fleet in enumerate(canoes) if not banks[s] and all(c.slot == LOST for c in fleet)
    )
    if not seats:
        return canoes, ()
    fleets = list(canoes)
    for s in seats:
        fleets[s] = (Canoe(HOME, None), *fleets[s][1:])
    return tuple(fleets), seats


def new_game(
    players: Sequence[str],
    *,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> NiagaraState:
    """A new game: canoes at HOME, full hands, weather 0, the first player holds the ring.

    Raises:
        InvalidSetup: a wrong player count or names, unknown options or a bad seed.
    """
    setup = INFO.setup(players, options=options, seed=seed)
    n = setup.count
    per = int(setup.options["gems_per_hollow"])
    return NiagaraState(
        players=setup.players,
        options=setup.options,
        seed=setup.seed,
        hollows=tuple(c * per for c in COLOURS),
        canoes=tuple((Canoe(HOME), Canoe(HOME)) for _ in range(n)),
        banks=("",) * n,
        hands=(TILES,) * n,
        chosen=("",) * n,
        revealed=("",) * n,
    )


def load_state(obj: Any) -> NiagaraState:
    """A Niagara state from its JSON (dict or text).

    Raises:
        InvalidState: another game, a newer format or a broken document.
    """
    return NiagaraState.from_json(obj)
