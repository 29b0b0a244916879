"""An action taken one thing a move: X-tokens first, then each building, animal, task or
sponsor, then ``done``; what each step may be, and its check.

Rules text: ``docs/rules/ark_nova.md`` §3: strength = slot + X-tokens spent
before the action; a side-II Build places several **different** buildings
within the strength (each paid, a bonus from one may pay for the next);
Animals plays up to 2 animals (side I at strength 5, side II from 3); a
side-II Association does several **different** tasks within the strength and
one donation; a side-II Sponsors action plays sponsors of total level <=
strength + 1; the display slides only after the whole turn. Seed text:
"二、游戏流程" (3.建造行动, 4.动物行动, 5.协会行动, 6.赞助商行动).

Listing every whole multi-building Build, every pair of animals and every set
of tasks or sponsors would make the move list explode, so (as Board Game Arena
does) these actions become an :class:`flow.Acting` record: ``spend ann build
2`` raises the strength first, each step is one listed move (``build ann
e3@2,3r1``: place one building; ``build ann move 473*1``: move one animal into
the reptile house or aviary built in this action, seed text 4.(4) "动物转移"),
and ``done ann`` ends the action early. Each
step is checked as the whole action so far by the one-shot checks
(``actions``, ``association``, ``sponsoring``), so the rules are written once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engines.ark_nova import actions, association, sponsoring
from engines.ark_nova import build as build_rules
from engines.ark_nova.cards import ANIMALS
from engines.ark_nova.flow import STEP_MOVES, Acting
from engines.ark_nova.moves import (
    STEPPED,
    AnimalsAction,
    AssociationAction,
    BuildAction,
    Done,
    SpendX,
    SponsorsAction,
)
from engines.ark_nova.transfer import transfer, transfer_choices
from engines.core import LEGAL, Move, Verdict

if TYPE_CHECKING:
    from engines.ark_nova.board import PlayerBoard
    from engines.ark_nova.state import ArkNovaState
    from engines.ark_nova.zoo import Zoo


def card_of(move: Move) -> str | None:
    """The stepped action card a step move belongs to, or None."""
    for card, cls in STEP_MOVES.items():
        if isinstance(move, cls):
            return card
    return None


def parts(move: Move) -> int:
    """How many things a Build, Animals, Association or Sponsors move takes."""
    if isinstance(move, BuildAction):
        return len(move.buildings) + len(move.moves)
    if isinstance(move, AnimalsAction):
        return len(move.plays)
    if isinstance(move, AssociationAction):
        return len(move.tasks)
    assert isinstance(move, SponsorsAction)
    return len(move.cards)


def merge(acting: Acting, step: Move) -> Move:
    """The whole action so far with ``step`` added, spending ``acting.x`` X-tokens."""
    before, x = acting.move, acting.x
    if isinstance(step, BuildAction):
        if isinstance(before, BuildAction):
            return replace(
                before,
                buildings=(*before.buildings, *step.buildings),
                moves=(*before.moves, *step.moves),
            )
        return replace(step, x=x)
    if isinstance(step, AnimalsAction):
        if isinstance(before, AnimalsAction):
            return replace(before, plays=(*before.plays, *step.plays))
        return replace(step, x=x)
    if isinstance(step, AssociationAction):
        if isinstance(before, AssociationAction):
            return replace(
                before, tasks=(*before.tasks, *step.tasks), donate=before.donate or step.donate
            )
        return replace(step, x=x)
    assert isinstance(step, SponsorsAction)
    if isinstance(before, SponsorsAction):
        return replace(
            before, cards=(*before.cards, *step.cards), folders=(*before.folders, *step.folders)
        )
    return replace(step, x=x)


def check_whole(state: ArkNovaState, move: Move) -> Verdict:
    """The one-shot check of a whole Build, Animals, Association or Sponsors action."""
    if isinstance(move, AssociationAction):
        return association.run(state, move)[0]
    if isinstance(move, SponsorsAction):
        return sponsoring.run(state, move)[0]
    return actions.check(state, move)


# --------------------------------------------------------------------------- checks


def check_start(state: ArkNovaState, move: Move) -> Verdict:
    """A step that begins an action (nothing under way): one thing, no X-tokens on it."""
    if isinstance(move, SpendX):
        return check_spend(state, move)
    card = card_of(move)
    assert card is not None
    verdict = _one_thing(card, move, first=True)
    if not verdict:
        return verdict
    if getattr(move, "x", 0):
        return Verdict.illegal(
            "ark_nova.step.x_first",
            f"X-tokens are spent before the action: first 'spend {move.player} {card} "  # type: ignore[attr-defined]
            f"{move.x}', then its steps",  # type: ignore[attr-defined]
            card=card,
            x=move.x,  # type: ignore[attr-defined]
        )
    return check_whole(state, move)


def check_acting(state: ArkNovaState, acting: Acting, move: Move) -> Verdict:
    """A move while ``acting`` is under way: its next step, or ``done``."""
    if isinstance(move, Done):
        if acting.move is None:
            return Verdict.illegal(
                "ark_nova.step.nothing_yet",
                f"the {acting.card.capitalize()} action has taken nothing yet: choose its "
                "first step",
                card=acting.card,
            )
        return LEGAL
    if card_of(move) != acting.card or getattr(move, "x", 0) != 0:
        return Verdict.illegal(
            "ark_nova.step.acting",
            f"{acting.player} is taking the {acting.card.capitalize()} action: its next step "
            "or done",
            card=acting.card,
            player=acting.player,
        )
    verdict = _one_thing(acting.card, move, first=acting.move is None)
    if not verdict:
        return verdict
    if isinstance(move, BuildAction) and isinstance(acting.move, BuildAction):
        again = [t.card for t in move.moves if t.card in _moved(acting)]
        if again:
            animal = ANIMALS[again[0]]
            return Verdict.illegal(
                "ark_nova.build.transfer_twice",
                f"{animal.name} ({animal.number}) has already moved in this action; each "
                "animal moves once",
                animal_id=f"A{animal.number}",
            )
    return check_whole(state, merge(acting, move))


def _moved(acting: Acting) -> tuple[int, ...]:
    """The animals moved into a new reptile house or aviary so far in this Build."""
    move = acting.move
    return tuple(t.card for t in move.moves) if isinstance(move, BuildAction) else ()


def _one_thing(card: str, move: Move, first: bool) -> Verdict:
    n = parts(move)
    if n == 1 or (n == 0 and card == "sponsors" and first):
        return LEGAL
    return Verdict.illegal(
        "ark_nova.step.one",
        f"the {card.capitalize()} action takes one thing a move ({n} given): each in turn, "
        "then done",
        card=card,
        count=n,
    )


def check_spend(state: ArkNovaState, move: SpendX) -> Verdict:
    zoo, board = state.zoo(move.player), state.board(move.player)
    _, verdict = actions.action_strength(zoo, board, move.card, move.x)
    if not verdict:
        return verdict
    if not any_step(state, Acting(move.card, move.player, move.x)):
        return Verdict.illegal(
            "ark_nova.step.no_action",
            f"the {move.card.capitalize()} card at strength {board.slot(move.card) + move.x} "
            "allows nothing now",
            card=move.card,
            strength=board.slot(move.card) + move.x,
        )
    return LEGAL


# --------------------------------------------------------------------------- listing


def next_steps(state: ArkNovaState, acting: Acting) -> list[Move]:
    """Every step ``acting`` may take next (without ``done``)."""
    player, x, before = acting.player, acting.x, acting.move
    board = state.board(player)
    if before is not None and board.side(acting.card) == 1 and acting.card != "animals":
        return []
    if acting.card == "build":
        assert before is None or isinstance(before, BuildAction)
        return build_steps(state, player, x, before)
    if acting.card == "animals":
        plays = before.plays if isinstance(before, AnimalsAction) else ()
        return actions.animal_plays(state, player, x=x, prior=plays)
    if acting.card == "association":
        assert before is None or isinstance(before, AssociationAction)
        return list(association.candidates(state, player, x=x, prior=before))
    assert before is None or isinstance(before, SponsorsAction)
    return list(sponsoring.candidates(state, player, x=x, prior=before))


def any_step(state: ArkNovaState, acting: Acting) -> bool:
    """Whether ``acting`` may take a further step (what ``next_steps`` lists, found
    without listing it all where a first one is enough)."""
    player, x, before = acting.player, acting.x, acting.move
    board = state.board(player)
    if before is not None and board.side(acting.card) == 1 and acting.card != "animals":
        return False
    if acting.card == "sponsors" and before is None:
        return True  # the break is always there
    if acting.card == "animals":
        plays = before.plays if isinstance(before, AnimalsAction) else ()
        return bool(actions.animal_plays(state, player, x=x, prior=plays, one=True))
    if acting.card == "association":
        assert before is None or isinstance(before, AssociationAction)
        return bool(association.candidates(state, player, x=x, prior=before, one=True))
    return bool(next_steps(state, acting))


def built_so_far(
    state: ArkNovaState, player: str, x: int = 0, before: BuildAction | None = None
) -> tuple[Zoo, PlayerBoard, int, list[str]]:
    """The zoo and board with the buildings of ``before`` placed (paid, bonuses taken) and
    its animals moved, the strength left of the Build card's with ``x`` X-tokens, and the
    kinds built."""
    zoo, board = state.zoo(player), state.board(player)
    strength = board.slot("build") + x
    built: list[str] = []
    for p in before.buildings if before is not None else ():
        zoo, board, _ = build_rules.place(zoo, board, p)
        strength -= p.size
        built.append(p.building)
    for t in before.moves if before is not None else ():
        zoo, board, _ = transfer(zoo, board, t)
    return zoo, board, strength, built


def build_steps(
    state: ArkNovaState, player: str, x: int = 0, before: BuildAction | None = None
) -> list[Move]:
    """Every next step of a Build: each building on the zoo with the buildings placed so far
    (paid, their bonuses taken), within the strength left, of a kind not built yet in this
    action; then each animal that may move into a reptile house or aviary built in it
    (rules spec §8.5 item 7; seed text 4.(4))."""
    zoo, board, strength, built = built_so_far(state, player, x, before)
    out: list[Move] = []
    if strength >= 1:
        placements = build_rules.legal_placements(
            zoo, strength=strength, upgraded=board.side("build") == 2, built=built
        )
        out += [BuildAction(player, (p,)) for p in placements]
    moved = tuple(t.card for t in before.moves) if before is not None else ()
    choices = transfer_choices(zoo, board, tuple(built), moved)
    return out + [BuildAction(player, (), moves=(t,)) for t in choices]


def spends(state: ArkNovaState, player: str) -> list[Move]:
    """Every X-token spending that leaves its action something to do (a stronger action
    can do all a weaker one can, so the first strength that allows a step is enough)."""
    have = state.zoo(player).x_tokens
    out: list[Move] = []
    for card in STEPPED:
        for x in range(1, have + 1):
            if any_step(state, Acting(card, player, x)):
                out += [SpendX(player, card, n) for n in range(x, have + 1)]
                break
    return out


# --------------------------------------------------------------------------- whole actions


def split(move: Move) -> list[Move]:
    """A whole Build, Animals, Association or Sponsors action typed at once (``build ann
    e2@1,4r0 p@2,3r0 x1``) as the moves that take it step by step: the X-tokens spent,
    then one building, animal, task or sponsor a move (after the buildings, each animal
    moved into a new reptile house or aviary). Any other move is its own single step."""
    card = card_of(move)
    if card is None:
        return [move]
    player: str = move.player  # type: ignore[attr-defined]
    x: int = move.x  # type: ignore[attr-defined]
    out: list[Move] = [SpendX(player, card, x)] if x else []
    if isinstance(move, BuildAction):
        out += [BuildAction(player, (p,)) for p in move.buildings]
        out += [BuildAction(player, (), moves=(t,)) for t in move.moves]
    elif isinstance(move, AnimalsAction):
        out += [AnimalsAction(player, (p,)) for p in move.plays]
    elif isinstance(move, AssociationAction):
        last = len(move.tasks) - 1
        out += [
            AssociationAction(player, (t,), donate=move.donate and i == last)
            for i, t in enumerate(move.tasks)
        ]
    elif isinstance(move, SponsorsAction):
        out += [SponsorsAction(player)] if move.takes_break else []
        out += [
            SponsorsAction(player, (c,), (f,))
            for c, f in zip(move.cards, move.folders, strict=True)
        ]
    return out


def play_whole(state: ArkNovaState, move: Move) -> ArkNovaState:
    """``state`` after a whole action typed at once, played step by step and ended with
    ``done`` when steps were left; raises ``IllegalMove`` at the first refused step."""
    for step in split(move):
        state = state.apply(step)
    acting = state.flow.acting if state.flow is not None else None
    if acting is not None and acting.player == getattr(move, "player", None):
        state = state.apply(Done(acting.player))
    return state


def check_steps(state: ArkNovaState, move: Move) -> Verdict:
    """The verdict on a whole action typed at once: that of its first refused step."""
    for step in split(move):
        verdict = state.check(step)
        if not verdict:
            return verdict
        state = state.apply(step)
    return LEGAL
