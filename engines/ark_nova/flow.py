"""The course of an Ark Nova game: setup, turns, what an action leaves owed, breaks, the end.

Rules text: ``docs/rules/ark_nova.md`` §2 (setup), §3 (one action a turn; the
display refills after the whole turn), §4 (the break), §5 (the end: the moment
the markers meet; every other player takes one more turn, every player after a
trigger in a break), §6.5 item 4 (conservation track rewards at 2, 5, 8; the
first player at 10 makes everyone keep one final-scoring card) and §7
(income). Seed text: "二、游戏流程" and "三、游戏结束".

The turn engine's extra table lives in :class:`Flow`. What the rules leave to
decide before the game goes on is a queue of :class:`Pending` items: a card
the table deals (chance), a discard, a reward to choose, a card effect the
table enters. The player named by the first item moves (or chance); once the
queue is empty the game goes on by itself (:func:`settle`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engines.ark_nova import effects, map_a, scoring, tokens
from engines.ark_nova.board import HAND_LIMIT, HAND_LIMIT_UNIVERSITY, Card, gain_reputation
from engines.ark_nova.cards import ANIMALS, FINAL_SCORING, PROJECTS, SPONSORS
from engines.ark_nova.info import Ask, Phase, Step
from engines.ark_nova.moves import AnimalsAction, AssociationAction, BuildAction, SponsorsAction
from engines.ark_nova.zoo import MAX_CONSERVATION, MAX_X_TOKENS, Zoo
from engines.core import UNKNOWN, Event, Move, read_member

if TYPE_CHECKING:
    from engines.ark_nova.state import ArkNovaState


CHANCE_ASKS = frozenset(
    {Ask.START, Ask.ROW, Ask.DEAL_TILE, Ask.DEAL_PROJECT, Ask.DEAL_DISPLAY, Ask.DEAL_HAND}
    | {Ask.DEAL_FINAL}
)


@dataclass(frozen=True)
class Pending:
    """One thing owed before the game goes on.

    Attributes:
        ask: what is asked.
        player: whose it is (the hand dealt to, the player deciding).
        n: cards to discard, the display folder, the track space, the tile slot.
        card: the card whose effect the table enters (0: the break's income).
        why: what it is for, in words (``setup``, ``cards``, ``break``, ...).
        placed: the tokens this effect placed so far, as (kind, player, action card)
            (``tokens``: an ability effect stays owed while the table places them).
    """

    ask: Ask
    player: str = ""
    n: int = 0
    card: int = 0
    why: str = ""
    placed: tuple[tuple[str, str, str], ...] = ()

    @property
    def chance(self) -> bool:
        return self.ask in CHANCE_ASKS

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ask": str(self.ask)}
        for name in ("player", "n", "card", "why"):
            value = getattr(self, name)
            if value:
                out[name] = value
        if self.placed:
            out["placed"] = [list(t) for t in self.placed]
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Pending:
        return cls(
            read_member(Ask, obj["ask"], "ask"),
            str(obj.get("player", "")),
            int(obj.get("n", 0)),
            int(obj.get("card", 0)),
            str(obj.get("why", "")),
            tuple((str(k), str(p), str(a)) for k, p, a in obj.get("placed", ())),
        )


STEP_MOVES: dict[str, type[Move]] = {
    "build": BuildAction,
    "animals": AnimalsAction,
    "association": AssociationAction,
    "sponsors": SponsorsAction,
}
"""Each action card taken step by step, and the move class that carries its steps."""


@dataclass(frozen=True)
class Acting:
    """An action under way, one thing a move (rules spec §3; Board Game Arena's way).

    Nothing is laid on the table until the action ends (``done``, or no further
    step is possible): ``move`` is the whole action so far, checked as one, so
    a side-II Build's next building is checked against the strength left and
    the buildings already placed, and the display slides only after the turn.

    Attributes:
        card: the action card (``build``, ``animals``, ``association``, ``sponsors``).
        player: whose action it is.
        x: X-tokens spent on it.
        move: the action's steps so far as one move, or None (only X-tokens spent).
    """

    card: str
    player: str
    x: int = 0
    move: Move | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "player": self.player,
            "x": self.x,
            "move": None if self.move is None else self.move.to_json(),
        }

    @classmethod
    def from_json(cls, obj: Any) -> Acting:
        card = str(obj["card"])
        doc = obj.get("move")
        move = None if doc is None else STEP_MOVES[card].from_json(doc)
        return cls(card, str(obj["player"]), int(obj.get("x", 0)), move)


BREAK_TRACK = {2: 9, 3: 12, 4: 15}
"""Break-track length by player count (rules spec §2 step 1)."""

TILES = tuple(range(1, 10))
"""The 9 bonus tiles; 4 lie beside CP spaces 5 (slots 1-2) and 8 (slots 3-4)."""

TILE_SLOTS = {5: (1, 2), 8: (3, 4)}

PROJECT_LIMIT = {2: 2, 3: 3, 4: 4}
"""Project cards above the association board by player count; the oldest leaves."""

DONATIONS = (2, 5, 7, 10, 12)
"""Donation costs, lowest uncovered first; once only the last is left each costs 12."""

LEFT_SPACES = 7
"""Player tokens on the left edge of Map A: spaces 1-4 purple (now and every
break: 1 card, a free size-2 enclosure, 5 money, 1 CP), 5-7 yellow (once: 2
reputation, 12 money, 3 X-tokens) (rules spec §8.3)."""

CP_REWARDS = (2, 5, 8)
REPUTATION_REWARDS = {5: "upgrade", 8: "worker", 10: "card", 11: "cp", 12: "x", 13: "card"}
REPUTATION_REWARDS |= {14: "cp", 15: "x"}
"""Reputation-track bonuses (rules spec §3 "Track bonuses", one source)."""

FIRST_TEN = 10

MAX_WORKERS = 4
START_HAND_DRAW = 8
START_HAND_KEEP = 4
FINAL_DRAW = 2
START_MONEY = 25


@dataclass(frozen=True)
class Flow:
    """The turn engine's table beside the zoos and boards.

    Attributes:
        phase: setup, play, over.
        step: where the current turn stands once ``pending`` is empty.
        turn: index of the player whose turn it is.
        pending: what is owed before the game goes on, first first.
        deck: a seeded game's undealt zoo cards (sorted; drawn by the state's
            generator); None at a table, where the table says what was dealt.
        discard: the discard pile, known cards and ``?``.
        final_deck: a seeded game's undealt final-scoring cards, else None.
        final_hands: each player's final-scoring cards (hidden from the others).
        tiles: the bonus tiles in slots 1-4, 0 once taken (or not dealt yet).
        base_projects: the base projects face up below the association board.
        projects: project cards played above the association board, oldest first.
        supports: levels covered, as (project, level 0-2, player or ``@blocked``).
        break_pos: the break token's space (the break comes at ``break_len``).
        donations: donation spaces covered.
        workers: association workers at hand, per player.
        hired: workers owned, per player (1 at setup, at most 4).
        placed: per player, workers on the tasks reputation, partner, university, project.
        taken: partner zoos and universities taken since the last break.
        claimed: per player, track rewards taken (``cp2``, ``rep5``, ...).
        left: per player, the left-edge spaces still holding a token.
        ten: somebody reached 10 CP (every player keeps one final-scoring card).
        breaker: the player who moved the break token to the end this turn, or "".
        acting: the action under way, step by step, or None.
    """

    phase: Phase = Phase.SETUP
    step: Step = Step.ACTION
    turn: int = 0
    pending: tuple[Pending, ...] = ()
    deck: tuple[int, ...] | None = None
    discard: tuple[Card, ...] = ()
    final_deck: tuple[str, ...] | None = None
    final_hands: tuple[tuple[str, ...], ...] = ()
    tiles: tuple[int, ...] = (0, 0, 0, 0)
    base_projects: tuple[int, ...] = ()
    projects: tuple[int, ...] = ()
    supports: tuple[tuple[int, int, str], ...] = ()
    break_pos: int = 0
    break_len: int = 9
    donations: int = 0
    workers: tuple[int, ...] = ()
    hired: tuple[int, ...] = ()
    placed: tuple[tuple[int, int, int, int], ...] = ()
    taken: tuple[str, ...] = ()
    claimed: tuple[tuple[str, ...], ...] = ()
    left: tuple[tuple[int, ...], ...] = ()
    ten: bool = False
    breaker: str = ""
    acting: Acting | None = None

    # -- per-player fields ------------------------------------------------------------

    @staticmethod
    def set_at(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
        return (*values[:i], value, *values[i + 1 :])

    def push(self, *items: Pending) -> Flow:
        """``items`` owed first, before what was already owed."""
        return replace(self, pending=(*items, *self.pending))

    def queue(self, *items: Pending) -> Flow:
        """``items`` owed after what is already owed."""
        return replace(self, pending=(*self.pending, *items))

    # -- JSON -------------------------------------------------------------------------

    def to_json(self, players: tuple[str, ...]) -> dict[str, Any]:
        def per(values: tuple[Any, ...]) -> dict[str, Any]:
            return {
                p: list(v) if isinstance(v, tuple) else v
                for p, v in zip(players, values, strict=True)
            }

        doc: dict[str, Any] = {
            "phase": str(self.phase),
            "step": str(self.step),
            "turn": players[self.turn],
            "pending": [p.to_json() for p in self.pending],
            "deck": None if self.deck is None else list(self.deck),
            "discard": list(self.discard),
            "final_deck": None if self.final_deck is None else list(self.final_deck),
            "final_hands": per(self.final_hands),
            "tiles": list(self.tiles),
            "base_projects": list(self.base_projects),
            "projects": list(self.projects),
            "supports": [list(s) for s in self.supports],
            "break": [self.break_pos, self.break_len],
            "donations": self.donations,
            "workers": per(self.workers),
            "hired": per(self.hired),
            "placed": per(self.placed),
            "taken": list(self.taken),
            "claimed": per(self.claimed),
            "left": per(self.left),
            "ten": self.ten,
            "breaker": self.breaker,
        }
        if self.acting is not None:
            doc["acting"] = self.acting.to_json()
        return doc

    @classmethod
    def from_json(cls, obj: Any, players: tuple[str, ...]) -> Flow:
        def per(name: str, cast: Any) -> tuple[Any, ...]:
            doc = obj[name]
            return tuple(cast(doc[p]) for p in players)

        def ints(v: Any) -> tuple[int, ...]:
            return tuple(int(x) for x in v)

        def strs(v: Any) -> tuple[str, ...]:
            return tuple(str(x) for x in v)

        deck, final_deck = obj.get("deck"), obj.get("final_deck")
        brk = obj["break"]
        return cls(
            phase=read_member(Phase, obj["phase"], "phase"),
            step=read_member(Step, obj["step"], "step"),
            turn=players.index(obj["turn"]),
            pending=tuple(Pending.from_json(p) for p in obj["pending"]),
            deck=None if deck is None else ints(deck),
            discard=tuple(UNKNOWN if c == UNKNOWN else int(c) for c in obj["discard"]),
            final_deck=None if final_deck is None else strs(final_deck),
            final_hands=per("final_hands", strs),
            tiles=ints(obj["tiles"]),
            base_projects=ints(obj["base_projects"]),
            projects=ints(obj["projects"]),
            supports=tuple((int(a), int(b), str(c)) for a, b, c in obj["supports"]),
            break_pos=int(brk[0]),
            break_len=int(brk[1]),
            donations=int(obj["donations"]),
            workers=per("workers", int),
            hired=per("hired", int),
            placed=per("placed", ints),
            taken=strs(obj["taken"]),
            claimed=per("claimed", strs),
            left=per("left", ints),
            ten=bool(obj["ten"]),
            breaker=str(obj["breaker"]),
            acting=None if obj.get("acting") is None else Acting.from_json(obj["acting"]),
        )


# --------------------------------------------------------------------------- setup


def start(players: tuple[str, ...], seeded: bool, base_projects: int) -> Flow:
    """The flow at setup: every chance of the setup owed, then the keep-4 discards."""
    n = len(players)
    items: list[Pending] = [Pending(Ask.START, why="setup")]
    items += [Pending(Ask.ROW, p, why="setup") for p in players]
    items += [Pending(Ask.DEAL_TILE, n=slot, why="setup") for slot in range(1, 5)]
    items += [Pending(Ask.DEAL_PROJECT, n=i, why="setup") for i in range(1, base_projects + 1)]
    items += [Pending(Ask.DEAL_DISPLAY, n=f, why="setup") for f in range(1, 7)]
    for p in players:
        items += [Pending(Ask.DEAL_HAND, p, why="setup")] * START_HAND_DRAW
        items += [Pending(Ask.DEAL_FINAL, p, why="setup")] * FINAL_DRAW
    items += [
        Pending(Ask.DISCARD, p, n=START_HAND_DRAW - START_HAND_KEEP, why="setup") for p in players
    ]
    zoo_cards = tuple(
        sorted(
            [a for a, card in ANIMALS.items() if not card.marine_worlds]
            + [s for s, card in SPONSORS.items() if not card.marine_worlds]
            + [p for p in PROJECTS if p > 112]
        )
    )
    return Flow(
        pending=tuple(items),
        deck=zoo_cards if seeded else None,
        final_deck=tuple(FINAL_SCORING) if seeded else None,
        final_hands=((),) * n,
        break_len=BREAK_TRACK[n],
        workers=(1,) * n,
        hired=(1,) * n,
        placed=((0, 0, 0, 0),) * n,
        claimed=((),) * n,
        left=(tuple(range(1, LEFT_SPACES + 1)),) * n,
    )


# --------------------------------------------------------------------------- helpers


def hand_limit(zoo: Zoo) -> int:
    return HAND_LIMIT_UNIVERSITY if "reputation_hand" in zoo.universities else HAND_LIMIT


def gain(state: ArkNovaState, player: str, g: effects.Gains, why: str) -> ArkNovaState:
    """Add ``g`` to ``player``'s zoo (tracks clamped); cards drawn are owed as deals."""
    zoo, board = state.zoo(player), state.board(player)
    zoo = replace(
        zoo,
        money=max(0, zoo.money + g.money),
        appeal=max(0, min(113, zoo.appeal + g.appeal)),
        conservation=max(0, min(MAX_CONSERVATION, zoo.conservation + g.conservation)),
        x_tokens=max(0, min(MAX_X_TOKENS, zoo.x_tokens + g.x_tokens)),
    )
    if g.reputation > 0:
        zoo = gain_reputation(zoo, board, g.reputation)
    elif g.reputation < 0:
        zoo = replace(zoo, reputation=max(0, zoo.reputation + g.reputation))
    state = state.with_player(player, zoo, board)
    if g.cards > 0:
        flow = state.flow_
        state = state.evolve(flow=flow.push(*[Pending(Ask.DEAL_HAND, player, why=why)] * g.cards))
    return state


def add_events(state: ArkNovaState, *events: Event) -> ArkNovaState:
    return state.evolve(events=(*state.events, *events))


def advance_break(state: ArkNovaState, player: str, steps: int) -> ArkNovaState:
    """Move the break token ``steps`` spaces; reaching the end gives 1 X-token (RB p.18)."""
    flow = state.flow_
    if flow.breaker:
        return state
    pos = min(flow.break_len, flow.break_pos + steps)
    state = state.evolve(flow=replace(flow, break_pos=pos))
    if pos >= flow.break_len:
        zoo = state.zoo(player)
        state = state.with_player(
            player, replace(zoo, x_tokens=min(MAX_X_TOKENS, zoo.x_tokens + 1)), state.board(player)
        )
        state = state.evolve(flow=replace(state.flow_, breaker=player))
        state = add_events(
            state,
            Event(
                "break_reached",
                f"{player} moved the break token to the end: +1 X-token; a break follows the turn",
                {"player": player},
            ),
        )
    return state


# --------------------------------------------------------------------------- tracks


def check_tracks(state: ArkNovaState) -> ArkNovaState:
    """Track rewards reached (CP 2/5/8, reputation bonuses), CP 10, and the end trigger."""
    for i, player in enumerate(state.players):
        zoo = state.zoo(player)
        claimed = state.flow_.claimed[i]
        new: list[str] = []
        owed: list[Pending] = []
        for space in CP_REWARDS:
            key = f"cp{space}"
            if zoo.conservation >= space and key not in claimed:
                new.append(key)
                owed.append(Pending(Ask.REWARD, player, n=space, why="conservation"))
        for space, what in REPUTATION_REWARDS.items():
            key = f"rep{space}"
            if zoo.reputation >= space and key not in claimed:
                new.append(key)
                state, item = _reputation_reward(state, player, space, what)
                if item is not None:
                    owed.append(item)
        if new:
            flow = state.flow_
            flow = replace(flow, claimed=Flow.set_at(flow.claimed, i, (*claimed, *new)))
            state = state.evolve(flow=flow.push(*owed))
    state = _first_ten(state)
    return check_trigger(state)


def _reputation_reward(
    state: ArkNovaState, player: str, space: int, what: str
) -> tuple[ArkNovaState, Pending | None]:
    if what == "upgrade":
        if len(state.board(player).upgraded) >= 4:
            return state, None
        return state, Pending(Ask.REWARD, player, n=space, why="reputation")
    if what == "worker":
        return hire(state, player), None
    if what == "card":
        return state, Pending(Ask.DEAL_HAND, player, why=f"reputation {space}")
    if what == "cp":
        zoo = state.zoo(player)
        zoo = replace(zoo, conservation=min(MAX_CONSERVATION, zoo.conservation + 1))
        return state.with_player(player, zoo, state.board(player)), None
    zoo = state.zoo(player)
    zoo = replace(zoo, x_tokens=min(MAX_X_TOKENS, zoo.x_tokens + 1))
    return state.with_player(player, zoo, state.board(player)), None


def hire(state: ArkNovaState, player: str) -> ArkNovaState:
    """One more association worker (at most 4; hiring the last gives 2 CP, rules spec §8.3)."""
    i = state.players.index(player)
    flow = state.flow_
    if flow.hired[i] >= MAX_WORKERS:
        return state
    hired = flow.hired[i] + 1
    flow = replace(
        flow,
        hired=Flow.set_at(flow.hired, i, hired),
        workers=Flow.set_at(flow.workers, i, flow.workers[i] + 1),
    )
    state = state.evolve(flow=flow)
    if hired == MAX_WORKERS:
        zoo = state.zoo(player)
        zoo = replace(zoo, conservation=min(MAX_CONSERVATION, zoo.conservation + 2))
        state = state.with_player(player, zoo, state.board(player))
    return state


def _first_ten(state: ArkNovaState) -> ArkNovaState:
    flow = state.flow_
    if flow.ten:
        return state
    for player in state.players:
        if state.zoo(player).conservation >= FIRST_TEN:
            items = [Pending(Ask.KEEP_FINAL, p, why="ten") for p in _from(state, player)]
            flow = replace(flow, ten=True).queue(*items)
            return add_events(
                state.evolve(flow=flow),
                Event(
                    "first_ten",
                    f"{player} reached 10 CP first: every player keeps one final-scoring card",
                    {"player": player},
                ),
            )
    return state


def _from(state: ArkNovaState, player: str) -> tuple[str, ...]:
    i = state.players.index(player)
    return state.players[i:] + state.players[:i]


def check_trigger(state: ArkNovaState) -> ArkNovaState:
    """The end is triggered the moment a player's markers meet or cross (rules spec §5)."""
    if state.trigger is not None:
        return state
    flow = state.flow_
    in_break = flow.step == Step.BREAK
    for player in _from(state, state.players[flow.turn]):
        zoo = state.zoo(player)
        if scoring.triggers_end(zoo):
            who = "every player" if in_break else "every other player"
            return add_events(
                state.evolve(trigger=player, trigger_in_break=in_break),
                Event(
                    "end_triggered",
                    f"{player}'s appeal {zoo.appeal} reached the target "
                    f"{scoring.target(zoo.conservation)} of {zoo.conservation} CP: the final "
                    f"round begins ({who} takes one more turn)",
                    {
                        "player": player,
                        "during_break": in_break,
                        "appeal": zoo.appeal,
                        "target": scoring.target(zoo.conservation),
                        "cp": zoo.conservation,
                    },
                ),
            )
    return state


# --------------------------------------------------------------------------- after a move


def settle(state: ArkNovaState) -> ArkNovaState:
    """Go on by itself while nothing is owed: refill, break, next turn, the end."""
    while True:
        flow = state.flow_
        if flow.pending or flow.phase == Phase.OVER:
            return state
        if flow.phase == Phase.SETUP:
            return state.evolve(flow=replace(flow, phase=Phase.PLAY, step=Step.ACTION))
        if flow.step == Step.ACTION:
            return state
        if flow.step == Step.AFTER:
            state = _refill_display(state, ())
            state = state.evolve(flow=replace(state.flow_, step=Step.TURN_END))
        elif flow.step == Step.TURN_END:
            state = _turn_end(state)
        elif flow.step == Step.BREAK:
            state = _break_rest(state)
        else:
            state = _next_turn(state)


def _refill_display(state: ArkNovaState, discard: tuple[int, ...]) -> ArkNovaState:
    """Folders in ``discard`` to the discard pile; cards slide to folder 1; refill owed."""
    flow = state.flow_
    gone = tuple(state.display[f - 1] for f in discard if f <= len(state.display))
    kept = tuple(c for f, c in enumerate(state.display, start=1) if f not in discard)
    owed = [Pending(Ask.DEAL_DISPLAY, n=f, why="refill") for f in range(len(kept) + 1, 7)]
    flow = replace(flow, discard=(*flow.discard, *gone)).push(*owed)
    return state.evolve(display=kept, flow=flow)


def _turn_end(state: ArkNovaState) -> ArkNovaState:
    flow = state.flow_
    player = state.players[flow.turn]
    if state.trigger is not None and player in state.owed_final_turns():
        state = state.evolve(final_turns=(*state.final_turns, player))
    if flow.breaker:
        return _break_start(state)
    return state.evolve(flow=replace(state.flow_, step=Step.NEXT))


def _next_turn(state: ArkNovaState) -> ArkNovaState:
    flow = state.flow_
    if state.trigger is not None and not state.owed_final_turns():
        return _game_end(state)
    turn = (flow.turn + 1) % len(state.players)
    return state.evolve(flow=replace(flow, turn=turn, step=Step.ACTION))


def _game_end(state: ArkNovaState) -> ArkNovaState:
    """Every final turn is taken: without anyone at 10 CP, each keeps one final-scoring card
    first (rules spec §5); then the game is over."""
    flow = state.flow_
    items = [
        Pending(Ask.KEEP_FINAL, p, why="end")
        for i, p in enumerate(state.players)
        if len(flow.final_hands[i]) > 1
    ]
    if items:
        return state.evolve(flow=flow.queue(*items))
    return add_events(
        state.evolve(flow=replace(flow, phase=Phase.OVER)),
        Event("game_over", "every final turn is taken: final scoring", {}),
    )


# --------------------------------------------------------------------------- the break


def _break_start(state: ArkNovaState) -> ArkNovaState:
    """The break (rules spec §4): first every hand over its limit is discarded down."""
    flow = state.flow_
    items = []
    for p in _from(state, flow.breaker):
        excess = len(state.board(p).hand) - hand_limit(state.zoo(p))
        if excess > 0:
            items.append(Pending(Ask.DISCARD, p, n=excess, why="break"))
    state = add_events(
        state,
        Event(
            "break",
            "a break: hand limits, workers back, display, income",
            {"breaker": flow.breaker},
        ),
    )
    return state.evolve(flow=replace(flow, step=Step.BREAK).queue(*items))


def _break_rest(state: ArkNovaState) -> ArkNovaState:
    """Tokens off the action cards, workers back, association refilled, display folders 1-2
    out, income, the break token back (seed text 二.8.(1)-(5))."""
    state = tokens.returned(state)
    flow = state.flow_
    flow = replace(
        flow,
        workers=flow.hired,
        placed=((0, 0, 0, 0),) * len(state.players),
        taken=(),
        break_pos=0,
    )
    state = _refill_display(state.evolve(flow=flow), (1, 2))
    owed: list[Pending] = []
    paid: dict[str, int] = {}
    for p in _from(state, flow.breaker):
        state, money, items = income(state, p)
        owed += items
        paid[p] = money
    flow = replace(state.flow_, breaker="").queue(*owed)
    text = "income: " + ", ".join(f"{p} +{money} money" for p, money in paid.items())
    state = add_events(state.evolve(flow=flow), Event("income", text, {"money": paid}))
    state = check_tracks(state)
    return state.evolve(flow=replace(state.flow_, step=Step.NEXT))


APPEAL_INCOME = ((0, 5, 1), (5, 10, 2), (17, 16, 3), (32, 21, 4), (56, 27, 5), (96, 35, 6))
"""(from appeal, money, appeal per extra money) rows of the appeal income table (§7)."""


def appeal_income(appeal: int) -> int:
    """Money from the appeal track: 0-4 -> 5 + a; 5-16 -> 10 + (a-5)//2; ... (rules spec §7)."""
    base, money, per = next(row for row in reversed(APPEAL_INCOME) if appeal >= row[0])
    return money + (appeal - base) // per


def kiosk_income(zoo: Zoo) -> int:
    """1 money per kiosk for each adjacent unique building, special enclosure, pavilion and
    occupied standard enclosure (rules spec §7)."""
    owners: dict[map_a.Hex, int] = {}
    for i, b in enumerate(zoo.buildings):
        for h in b.cells:
            owners[h] = i
    total = 0
    for kiosk in zoo.buildings_of("kiosk"):
        near = {owners[n] for h in kiosk.cells for n in map_a.neighbours(h) if n in owners}
        for i in near:
            b = zoo.buildings[i]
            if b.kind == "kiosk":
                continue
            if b.kind in map_a.STANDARD_ENCLOSURES and not b.occupied:
                continue
            total += 1
    return total


def income(state: ArkNovaState, player: str) -> tuple[ArkNovaState, int, list[Pending]]:
    """A player's break income: appeal, kiosks, sponsors' income, the freed left-edge spaces."""
    zoo = state.zoo(player)
    money = appeal_income(zoo.appeal) + kiosk_income(zoo)
    g = effects.Gains(money=money)
    owed: list[Pending] = []
    for card in zoo.sponsors:
        if card in effects.INCOME:
            inc = effects.INCOME[card]
            g = effects.Gains(
                g.money + inc.money,
                0,
                g.conservation + inc.conservation,
                0,
                g.x_tokens + inc.x_tokens,
                g.cards + inc.cards,
            )
        elif effects.sponsor_unresolved_income(card):
            owed.append(Pending(Ask.EFFECT, player, card=card, why="income"))
    freed = set(range(1, 5)) - set(state.flow_.left[state.players.index(player)])
    if 3 in freed:
        g = replace(g, money=g.money + 5)
    if 4 in freed:
        g = replace(g, conservation=g.conservation + 1)
    if 1 in freed:
        g = replace(g, cards=g.cards + 1)
    if 2 in freed:
        owed.append(Pending(Ask.EFFECT, player, card=0, n=2, why="income"))
    state = gain(state, player, g, "income")
    return state, g.money, owed
