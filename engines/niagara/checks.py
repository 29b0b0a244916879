"""Niagara: whether a move is legal now, and why not; the rules of one paddle turn.

Follows ``docs/rules/niagara.md`` §7 and the fixed readings of §14-§15:
every canoe on the river must act, at least one of two HOME canoes launches,
a canoe spends exactly the paddle's points (HOME stops it early; the falls do
not), loads and unloads cost 2 before or after the move (an unload may come
before a load, never the reverse, and the gem loaded is of another colour),
robbing takes another player's gem at the exact end of an upstream move and
ends that canoe's action (N-6), a lost canoe comes back by buying it back with
a banked gem at the start of the turn (one a turn; it may launch at once, N-2).

The player's canoes act in order, canoe 1 first. A gem one canoe unloads may
not be loaded by the other canoe in the same turn (gems never pass between
canoes, §7.3).

:func:`check` is the verdict ``NiagaraState._check`` returns; :func:`resolve`
checks the phase, the paddle laid down and in hand and the weather chart's
edges, then ``resolve_paddle`` or ``resolve_cloud`` check the action and
compute its result in one pass (``check`` and ``apply`` share them);
``paddle_options`` lists every legal paddle move with the player's canoes
after it. The contract tests and a brute-force property test hold the two to
agreement.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engines.core import LEGAL, Move, Verdict
from engines.niagara.board import (
    CLOUD,
    COLOUR_NAMES,
    COLOURS,
    DIST,
    FALLS,
    FALLS_DIST,
    HOLLOW_AT,
    HOME,
    LOST,
    MAIN,
    RIVER,
    WEATHER_MAX,
    WEATHER_MIN,
    Canoe,
    add_gem,
    crosses_fork,
    downstream,
    remove_gem,
    upstream,
)
from engines.niagara.info import Phase
from engines.niagara.moves import Arm, CanoePlan, Choose, Cloud, Paddle

if TYPE_CHECKING:
    from engines.niagara.state import NiagaraState

Fleets = tuple[tuple[Canoe, ...], ...]


@dataclass(frozen=True, slots=True)
class Table:
    """The parts of the state a canoe action reads and changes."""

    hollows: tuple[str, ...]
    canoes: Fleets
    banks: tuple[str, ...]


class Refusal(Exception):
    """A rule the action breaks: a stable code and a sentence with the numbers."""

    def __init__(self, code: str, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.code = f"niagara.{code}"
        self.reason = reason
        self.params = params


def _name(colour: str) -> str:
    return COLOUR_NAMES[colour]["en"]


def _slot(slot: str) -> str:
    """A place on the river as players say it ("river space 4"); its label stays in the
    params."""
    if slot in (FALLS, LOST):
        return "over the falls"
    if slot == HOME:
        return "the landing"
    if slot in MAIN:
        return f"river space {slot[1:]}"
    if slot in RIVER:
        return f"space {slot[1:]} of the {'left' if slot[0] == 'L' else 'right'} arm"
    return slot


# --------------------------------------------------------------------------- checking


def _buy_back(table: Table, seat: int, colour: str | None) -> Table:
    if colour is None:
        return table
    fleet = table.canoes[seat]
    lost = [i for i, c in enumerate(fleet) if c.slot == LOST]
    if not lost:
        raise Refusal("buy_nothing_lost", "none of your canoes is lost, so there is none to buy")
    bank = table.banks[seat]
    if colour not in bank:
        held = bank or "none"
        raise Refusal(
            "buy_no_gem",
            f"you have no banked {_name(colour)} gem to pay with (banked: {held})",
            colour=colour,
        )
    hollows = list(table.hollows)
    i = COLOURS.index(colour)
    hollows[i] = add_gem(hollows[i], colour)
    new_fleet = list(fleet)
    new_fleet[lost[0]] = Canoe(HOME, None)
    return Table(
        tuple(hollows),
        _put(table.canoes, seat, tuple(new_fleet)),
        _put(table.banks, seat, remove_gem(bank, colour)),
    )


def _put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def resolve_cloud(table: Table, seat: int, move: Cloud) -> Table:
    """The table after a cloud turn's buy-back (the weather is the state's business).

    Raises:
        Refusal: the buy-back is not possible.
    """
    return _buy_back(table, seat, move.buy)


def resolve_paddle(table: Table, players: Sequence[str], seat: int, move: Paddle) -> Table:
    """The table after ``seat`` plays ``move``; ``move.tile`` is the points each canoe gets.

    Raises:
        Refusal: the first rule the move breaks.
    """
    table = _buy_back(table, seat, move.buy)
    fleet = table.canoes[seat]
    numbers = [p.canoe for p in move.canoes]
    if numbers != sorted(set(numbers)):
        raise Refusal("canoe_order", "list each canoe once, canoe 1 before canoe 2")
    planned = set(numbers)
    for number, canoe in enumerate(fleet, start=1):
        if canoe.slot in RIVER and number not in planned:
            raise Refusal(
                "must_move",
                f"canoe {number} is on the river at {_slot(canoe.slot)} and must move with "
                f"the paddle's {move.tile} point{'s' * (move.tile != 1)}",
                canoe=number,
                slot=canoe.slot,
                points=move.tile,
            )
        if canoe.slot == LOST and number in planned:
            raise Refusal(
                "canoe_lost",
                f"canoe {number} went over the falls; buy it back before it can move",
                canoe=number,
            )
    if not planned and all(c.slot == HOME for c in fleet):
        raise Refusal(
            "must_launch", "both your canoes are at the landing: at least one must launch"
        )
    unloaded: set[tuple[int, str]] = set()
    for plan in move.canoes:
        table = _run_plan(table, players, seat, plan, move.tile, unloaded)
    return table


def _run_plan(
    table: Table,
    players: Sequence[str],
    seat: int,
    plan: CanoePlan,
    points: int,
    banned: set[tuple[int, str]],
) -> Table:
    """Play one canoe's plan; ``banned`` collects (hollow, colour) unloads of this turn."""
    n = plan.canoe
    canoe = table.canoes[seat][n - 1]
    if plan.start != canoe.slot:
        raise Refusal(
            "wrong_start",
            f"canoe {n} is at {_slot(canoe.slot)}, not at {_slot(plan.start)}",
            canoe=n,
            slot=canoe.slot,
            start=plan.start,
        )
    if plan.start == HOME and not plan.moves:
        raise Refusal(
            "stay_home",
            f"canoe {n} is at the landing: leave it out of the move or launch it",
            canoe=n,
        )
    cost = 2 * len(plan.ops)
    k = points - cost
    if k < 0:
        raise Refusal(
            "points",
            f"canoe {n}'s loading and unloading cost {cost} points, more than the "
            f"paddle's {points}",
            case="ops",
            canoe=n,
            cost=cost,
            points=points,
        )
    hollows = list(table.hollows)
    gem = canoe.gem
    own_unloads: list[str] = []
    loaded = False
    mine: set[tuple[int, str]] = set()

    def do_ops(ops: tuple[str, ...], slot: str) -> None:
        nonlocal gem, loaded
        for op in ops:
            h = HOLLOW_AT.get(slot)
            verb = "load" if op[0] == "+" else "unload"
            colour = op[1]
            if h is None:
                raise Refusal(
                    "no_hollow",
                    f"canoe {n} cannot {verb} at {_slot(slot)}: no gem hollow there",
                    canoe=n,
                    slot=slot,
                )
            if op[0] == "-":
                if gem is None:
                    raise Refusal("unload_empty", f"canoe {n} carries no gem to unload", canoe=n)
                if loaded:
                    raise Refusal(
                        "load_then_unload",
                        f"canoe {n} may not load and then unload in one turn",
                        canoe=n,
                    )
                if gem != colour:
                    raise Refusal(
                        "unload_colour",
                        f"canoe {n} carries a {_name(gem)} gem, not a {_name(colour)} one",
                        canoe=n,
                        gem=gem,
                        colour=colour,
                    )
                if COLOURS[h] == colour:
                    raise Refusal(
                        "unload_own_colour",
                        f"a {_name(colour)} gem cannot be unloaded into the {_name(colour)} hollow",
                        colour=colour,
                    )
                hollows[h] = add_gem(hollows[h], colour)
                own_unloads.append(colour)
                mine.add((h, colour))
                gem = None
            else:
                if gem is not None:
                    raise Refusal(
                        "load_full",
                        f"canoe {n} already carries a {_name(gem)} gem (one at most)",
                        canoe=n,
                        gem=gem,
                    )
                if colour in own_unloads:
                    raise Refusal(
                        "load_same_colour",
                        f"canoe {n} unloaded a {_name(colour)} gem this turn; it may only "
                        "load a gem of another colour",
                        canoe=n,
                        colour=colour,
                    )
                if (h, colour) in banned:
                    raise Refusal(
                        "pass_gem",
                        f"your other canoe unloaded that {_name(colour)} gem this turn; "
                        "gems never pass between canoes",
                        colour=colour,
                    )
                if colour not in hollows[h]:
                    held = hollows[h] or "no gems"
                    raise Refusal(
                        "load_missing",
                        f"the {_name(COLOURS[h])} hollow at {_slot(slot)} holds no {_name(colour)} "
                        f"gem (it holds {held})",
                        hollow=COLOURS[h],
                        slot=slot,
                        colour=colour,
                        held=list(hollows[h]),
                    )
                hollows[h] = remove_gem(hollows[h], colour)
                gem = colour
                loaded = True

    do_ops(plan.pre, plan.start)
    end = _walk(n, plan.start, plan.end, k, points, cost)
    canoes = table.canoes
    banks = table.banks
    if end == FALLS:
        if plan.post or plan.rob:
            raise Refusal(
                "after_falls", f"canoe {n} went over the falls; it does nothing more", canoe=n
            )
        if gem is not None:
            i = COLOURS.index(gem)
            hollows[i] = add_gem(hollows[i], gem)
        new = Canoe(LOST, None)
    elif end == HOME:
        if plan.post or plan.rob:
            raise Refusal(
                "after_home", f"canoe {n} reached the landing; it does nothing more there", canoe=n
            )
        if gem is not None:
            banks = _put(banks, seat, add_gem(banks[seat], gem))
        new = Canoe(HOME, None)
    else:
        if plan.rob is not None:
            if plan.post:
                raise Refusal(
                    "rob_then_ops",
                    f"robbing ends canoe {n}'s action: no loading after it",
                    canoe=n,
                )
            gem, canoes = _rob(canoes, players, seat, plan, end, gem)
        do_ops(plan.post, end)
        new = Canoe(end, gem)
    banned |= mine
    fleet = list(canoes[seat])
    fleet[n - 1] = new
    return Table(tuple(hollows), _put(canoes, seat, tuple(fleet)), banks)


def _walk(n: int, start: str, end: str, k: int, points: int, cost: int) -> str:
    """Check that ``k`` points carry canoe ``n`` from ``start`` to ``end``; return ``end``."""
    spend = f"the paddle gives {points}" + (f", {cost} of them for gems" if cost else "")
    if start == end:
        if k:
            raise Refusal(
                "points",
                f"canoe {n} stays at {_slot(start)} but must use all points ({spend})",
                case="stay",
                canoe=n,
                slot=start,
                points=k,
            )
        return end
    if k == 0:
        raise Refusal(
            "points",
            f"canoe {n} has no points left to move ({spend})",
            case="none",
            canoe=n,
            paddle=points,
            cost=cost,
        )
    d = DIST[start]
    if end == FALLS:
        need = FALLS_DIST - d
        if k < need:
            raise Refusal(
                "path",
                f"canoe {n} needs {need} points to go over the falls from {_slot(start)}, "
                f"it has {k} ({spend})",
                case="falls",
                canoe=n,
                need=need,
                points=k,
            )
        return end
    if end == HOME:
        if k < d:
            raise Refusal(
                "points",
                f"canoe {n} needs {d} points to reach the landing from {_slot(start)}, it has {k} "
                f"({spend})",
                case="home",
                canoe=n,
                need=d,
                points=k,
            )
        return end
    e = DIST[end]
    if e != d and start[0] in "LR" and end[0] in "LR" and end[0] != start[0]:
        raise Refusal(
            "path",
            f"the arms meet only at river space 5: {_slot(start)} does not lead to {_slot(end)}",
            start=start,
            end=end,
        )
    if e < d:
        reached = upstream(start, k)
    elif e > d:
        reached = downstream(start, k, end[0] if end[0] in "LR" else "L")
    else:
        raise Refusal(
            "path",
            f"the arms meet only at river space 5: {_slot(start)} does not lead to {_slot(end)}",
            start=start,
            end=end,
        )
    if reached != end:
        raise Refusal(
            "points",
            f"canoe {n} from {_slot(start)} to {_slot(end)} takes {abs(e - d)} points, "
            f"but it has {k} to move ({spend}); with {k} it reaches {_slot(reached)}",
            case="reach",
            canoe=n,
            start=start,
            end=end,
            need=abs(e - d),
            points=k,
            reached=reached,
        )
    return end


def _rob(
    canoes: Fleets,
    players: Sequence[str],
    seat: int,
    plan: CanoePlan,
    end: str,
    gem: str | None,
) -> tuple[str, Fleets]:
    assert plan.rob is not None
    n = plan.canoe
    owner, number = plan.rob
    if DIST.get(plan.end, 0) >= DIST[plan.start]:
        raise Refusal("rob_upstream", f"canoe {n} may only rob after moving upstream", canoe=n)
    if gem is not None:
        raise Refusal("rob_full", f"canoe {n} carries a gem; only an empty canoe robs", canoe=n)
    if owner not in players:
        raise Refusal("rob_who", f"there is no player {owner!r} to rob", player=owner)
    victim = players.index(owner)
    if victim == seat:
        raise Refusal("rob_own", "a canoe never robs its own player's canoe")
    target = canoes[victim][number - 1]
    if target.slot != end or target.gem is None:
        raise Refusal(
            "rob_nothing",
            f"{owner}'s canoe {number} carries no gem at {_slot(end)} to rob",
            player=owner,
            canoe=number,
            slot=end,
        )
    fleet = list(canoes[victim])
    fleet[number - 1] = Canoe(target.slot, None)
    return target.gem, _put(canoes, victim, tuple(fleet))


# --------------------------------------------------------------------------- listing


def paddle_options(
    table: Table, players: Sequence[str], seat: int, tile: int
) -> Iterator[tuple[Paddle, tuple[Canoe, ...]]]:
    """Every legal paddle move of ``seat`` with ``tile``, and that player's canoes after it."""
    buys: list[str | None] = [None]
    if any(c.slot == LOST for c in table.canoes[seat]):
        buys += [c for c in COLOURS if c in table.banks[seat]]
    for buy in buys:
        start = _buy_back(table, seat, buy)
        for plans, fleet in _fleet_plans(start, players, seat, tile):
            yield Paddle.trusted(tile, plans, buy), fleet


def _fleet_plans(
    table: Table, players: Sequence[str], seat: int, tile: int
) -> Iterator[tuple[tuple[CanoePlan, ...], tuple[Canoe, ...]]]:
    fleet = table.canoes[seat]
    first, second = fleet[0], fleet[1]
    both_home = first.slot == HOME and second.slot == HOME
    cache: dict[tuple[tuple[str, ...], Fleets, frozenset[tuple[int, str]]], list[_Option]] = {}
    for opt1 in _choices(table, players, seat, 1, first, tile, frozenset(), cache):
        tab1 = opt1.table if opt1.plan else table
        for opt2 in _choices(tab1, players, seat, 2, second, tile, opt1.unloads, cache):
            if opt1.plan is None and opt2.plan is None and both_home:
                continue
            plans = tuple(o.plan for o in (opt1, opt2) if o.plan is not None)
            yield plans, (opt1.canoe, opt2.canoe)


@dataclass(frozen=True, slots=True)
class _Option:
    plan: CanoePlan | None
    canoe: Canoe
    table: Table
    unloads: frozenset[tuple[int, str]]


def _choices(
    table: Table,
    players: Sequence[str],
    seat: int,
    n: int,
    canoe: Canoe,
    tile: int,
    banned: frozenset[tuple[int, str]],
    cache: dict[tuple[tuple[str, ...], Fleets, frozenset[tuple[int, str]]], list[_Option]],
) -> list[_Option]:
    """Every way canoe ``n`` can spend ``tile`` points (or stay, where it may)."""
    if canoe.slot == LOST:
        return [_Option(None, canoe, table, frozenset())]
    key = (table.hollows, table.canoes, banned) if n == 2 else None
    if key is not None and key in cache:
        return cache[key]
    out: list[_Option] = []
    if canoe.slot == HOME:
        out.append(_Option(None, canoe, table, frozenset()))
    for plan, new, after, unloads in canoe_plans(table, players, seat, n, canoe, tile, banned):
        out.append(_Option(plan, new, after, unloads))
    if key is not None:
        cache[key] = out
    return out


def _distinct(gems: str) -> str:
    return "".join(c for c in COLOURS if c in gems)


@dataclass(frozen=True, slots=True)
class _Before:
    """A canoe after its loads and unloads before the move."""

    ops: tuple[str, ...]
    gem: str | None
    hollows: tuple[str, ...]
    unloaded: str | None
    loaded: bool
    unloads: frozenset[tuple[int, str]]


def canoe_plans(
    table: Table,
    players: Sequence[str],
    seat: int,
    n: int,
    canoe: Canoe,
    points: int,
    banned: frozenset[tuple[int, str]],
) -> Iterator[tuple[CanoePlan, Canoe, Table, frozenset[tuple[int, str]]]]:
    """Every legal plan of canoe ``n`` (not lost) with ``points``.

    Yields:
        The plan, the canoe after it, the table after it and the (hollow, colour)
        pairs it unloaded.
    """
    s, g = canoe.slot, canoe.gem
    hollows = table.hollows
    hs = HOLLOW_AT.get(s)
    befores = [_Before((), g, hollows, None, False, frozenset())]
    if hs is not None:
        if g is not None and COLOURS[hs] != g:
            h1 = _put(hollows, hs, add_gem(hollows[hs], g))
            unloads = frozenset({(hs, g)})
            befores.append(_Before((f"-{g}",), None, h1, g, False, unloads))
            for c in _distinct(h1[hs]):
                if c != g and (hs, c) not in banned:
                    h2 = _put(h1, hs, remove_gem(h1[hs], c))
                    befores.append(_Before((f"-{g}", f"+{c}"), c, h2, g, True, unloads))
        elif g is None:
            for c in _distinct(hollows[hs]):
                if (hs, c) not in banned:
                    h1 = _put(hollows, hs, remove_gem(hollows[hs], c))
                    befores.append(_Before((f"+{c}",), c, h1, None, True, frozenset()))
    for before in befores:
        rem = points - 2 * len(before.ops)
        if rem < 0:
            continue
        if rem == 0:
            if before.ops:
                yield (
                    CanoePlan.trusted(n, s, s, (), before.ops),
                    Canoe(s, before.gem),
                    Table(before.hollows, table.canoes, table.banks),
                    before.unloads,
                )
            continue
        for post_len in (0, 1, 2):
            k = rem - 2 * post_len
            if k < 1:
                break
            yield from _ends(table, players, seat, n, s, k, before, post_len, banned)


def _ends(
    table: Table,
    players: Sequence[str],
    seat: int,
    n: int,
    s: str,
    k: int,
    before: _Before,
    post_len: int,
    banned: frozenset[tuple[int, str]],
) -> Iterator[tuple[CanoePlan, Canoe, Table, frozenset[tuple[int, str]]]]:
    """The plans that move canoe ``n`` ``k`` points from ``s`` with ``post_len`` ops after."""
    pre, g1, h1 = before.ops, before.gem, before.hollows
    canoes, banks = table.canoes, table.banks
    targets: list[tuple[str, bool]] = []
    if crosses_fork(s, k):
        targets += [(downstream(s, k, "L"), False), (downstream(s, k, "R"), False)]
    else:
        targets.append((downstream(s, k, None), False))
    if s != HOME:
        targets.append((upstream(s, k), True))
    for e, up in targets:
        if e in (FALLS, HOME):
            if post_len:
                continue
            hollows, bank = h1, banks
            if g1 is not None and e == FALLS:
                i = COLOURS.index(g1)
                hollows = _put(h1, i, add_gem(h1[i], g1))
            elif g1 is not None:
                bank = _put(banks, seat, add_gem(banks[seat], g1))
            new = Canoe(LOST if e == FALLS else HOME, None)
            yield CanoePlan.trusted(n, s, e, pre), new, Table(hollows, canoes, bank), before.unloads
            continue
        if post_len == 0:
            after = Table(h1, canoes, banks)
            yield CanoePlan.trusted(n, s, e, pre), Canoe(e, g1), after, before.unloads
            if up and g1 is None:
                yield from _robberies(table, players, seat, n, s, e, before)
            continue
        he = HOLLOW_AT.get(e)
        if he is None:
            continue
        if g1 is not None:
            if before.loaded or COLOURS[he] == g1:
                continue
            h2 = _put(h1, he, add_gem(h1[he], g1))
            unloads = before.unloads | {(he, g1)}
            if post_len == 1:
                plan = CanoePlan.trusted(n, s, e, pre, (f"-{g1}",))
                yield plan, Canoe(e, None), Table(h2, canoes, banks), unloads
                continue
            for c in _distinct(h2[he]):
                if c != g1 and (he, c) not in banned:
                    plan = CanoePlan.trusted(n, s, e, pre, (f"-{g1}", f"+{c}"))
                    after = Table(_put(h2, he, remove_gem(h2[he], c)), canoes, banks)
                    yield plan, Canoe(e, c), after, unloads
        elif post_len == 1:
            for c in _distinct(h1[he]):
                if c != before.unloaded and (he, c) not in banned:
                    plan = CanoePlan.trusted(n, s, e, pre, (f"+{c}",))
                    after = Table(_put(h1, he, remove_gem(h1[he], c)), canoes, banks)
                    yield plan, Canoe(e, c), after, before.unloads


def _robberies(
    table: Table, players: Sequence[str], seat: int, n: int, s: str, e: str, before: _Before
) -> Iterator[tuple[CanoePlan, Canoe, Table, frozenset[tuple[int, str]]]]:
    """An empty canoe that moved upstream to ``e`` robbing each loaded canoe of another player."""
    for victim, fleet in enumerate(table.canoes):
        if victim == seat:
            continue
        for number, other in enumerate(fleet, start=1):
            if other.slot == e and other.gem is not None:
                robbed = list(fleet)
                robbed[number - 1] = Canoe(e, None)
                canoes = _put(table.canoes, victim, tuple(robbed))
                plan = CanoePlan.trusted(n, s, e, before.ops, (), (players[victim], number))
                after = Table(before.hollows, canoes, table.banks)
                yield plan, Canoe(e, other.gem), after, before.unloads


# --------------------------------------------------------------------------- a move now


def check(state: NiagaraState, move: Move) -> Verdict:
    """``LEGAL``, or the rule ``move`` breaks now (``NiagaraState._check``)."""
    try:
        resolve(state, move)
    except Refusal as refusal:
        return Verdict.illegal(refusal.code, refusal.reason, **refusal.params)
    return LEGAL


def resolve(state: NiagaraState, move: Move) -> Table | None:
    """The table after ``move`` (None for a move that is not an action); raises ``Refusal``.

    ``NiagaraState._check`` and ``_apply`` share it: the phase, the paddle laid
    down and in hand, the weather chart's edges, then the action itself.
    """
    expected = {Phase.CHOOSE: "choose a paddle", Phase.ACT: "reveal your paddle and act"}
    if state.phase == Phase.FLOW:
        if not isinstance(move, Arm):
            raise Refusal(
                "phase", "the river is flowing: enter the arm each step takes (arm L / arm R)"
            )
        return None
    if isinstance(move, Arm):
        raise Refusal(
            "phase",
            f"the river is not flowing now; {expected[state.phase]}",
            phase=str(state.phase),
        )
    seat = state.seat
    hand = state.hands[seat]
    if state.phase == Phase.CHOOSE:
        if not isinstance(move, Choose):
            raise Refusal("phase", "every player first lays a paddle face down (choose)")
        if move.tile == "?":
            if not state.table_mode:
                raise Refusal(
                    "unseen_tile", "a simulated game knows every paddle; choose one by name"
                )
        elif move.tile not in hand:
            raise Refusal("not_in_hand", _not_in_hand(move.tile, hand), tile=move.tile)
        return None
    if not isinstance(move, Cloud | Paddle):
        raise Refusal("phase", "every paddle is down; reveal yours and act")
    tile = CLOUD if isinstance(move, Cloud) else str(move.tile)
    chosen = state.chosen[seat]
    if chosen not in ("", "?") and tile != chosen:
        raise Refusal(
            "wrong_tile",
            f"you laid down {_tile_name(chosen)}; reveal it, not {_tile_name(tile)}",
            chosen=chosen,
            tile=tile,
        )
    if tile not in hand:
        raise Refusal("not_in_hand", _not_in_hand(tile, hand), tile=tile)
    if isinstance(move, Cloud):
        after = state.weather + move.shift
        if not WEATHER_MIN <= after <= WEATHER_MAX:
            raise Refusal(
                "weather_edge",
                f"the weather is at {state.weather:+d}; it cannot go to {after:+d} "
                f"(the chart runs {WEATHER_MIN:+d} to {WEATHER_MAX:+d})",
                weather=f"{state.weather:+d}",
                after=f"{after:+d}",
                low=f"{WEATHER_MIN:+d}",
                high=f"{WEATHER_MAX:+d}",
            )
        return resolve_cloud(state.table, seat, move)
    assert isinstance(move, Paddle)
    return resolve_paddle(state.table, state.players, seat, move)


def _tile_name(tile: str) -> str:
    return "the cloud" if tile == CLOUD else f"the {tile}"


def _not_in_hand(tile: str, hand: str) -> str:
    held = ", ".join(_tile_name(t) for t in hand)
    return f"{_tile_name(tile)} is not in your hand (you hold {held})"
