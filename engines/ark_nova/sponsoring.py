"""The Sponsors action: play sponsor cards within the strength, or take break and money.

Rules text: ``docs/rules/ark_nova.md`` §3 (Sponsors: side I one sponsor of level
<= strength, or the break token +X and X money; side II sponsors of total level
<= strength + 1, from the hand or the display in reputation range for the folder
number in money, or 2X money), §10 (sponsor conditions: research icons, Sponsors
II, appeal at most 25, a minimum reputation; from ``carddata.texts``). Seed
text: "6.赞助商行动".

A sponsor's immediate gains listed in ``effects.IMMEDIATE`` are added; any other
immediate effect (a unique building, a free building, cards) is owed to the
table as a ``TableEffect`` with the card's words.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from engines.ark_nova import actions, effects, icons
from engines.ark_nova.board import reputation_range
from engines.ark_nova.cards import CONTINENTS, ICONS, SPONSORS
from engines.ark_nova.flow import Pending, advance_break, gain
from engines.ark_nova.info import Ask
from engines.ark_nova.moves import SponsorsAction
from engines.core import Verdict

if TYPE_CHECKING:
    from engines.ark_nova.state import ArkNovaState

MAX_APPEAL_CONDITION = 25


def _problem(code: str, reason: str, **params: object) -> Verdict:
    return Verdict.illegal(f"ark_nova.sponsors.{code}", reason, **params)


def condition_problem(state: ArkNovaState, player: str, card: int) -> Verdict | None:
    """The first printed condition of sponsor ``card`` that ``player``'s zoo misses."""
    zoo, board = state.zoo(player), state.board(player)
    name = f"{SPONSORS[card].name} ({card})"
    need = effects.sponsor_reputation(card)
    if zoo.reputation < need:
        return _problem(
            "condition",
            f"{name} needs reputation {need}; {player} has {zoo.reputation}",
            card_id=card,
            need=need,
            have=zoo.reputation,
            what="reputation",
        )
    for tag, count in Counter(effects.sponsor_requires(card)).items():
        if tag == "level-ii-sponsor":
            if board.side("sponsors") == 1:
                return _problem(
                    "condition",
                    f"{name} needs the Sponsors card upgraded (side II)",
                    card_id=card,
                    need=1,
                    have=0,
                    what="sponsors_ii",
                )
        elif tag == "max-25-appeal":
            if zoo.appeal > MAX_APPEAL_CONDITION:
                return _problem(
                    "condition",
                    f"{name} needs appeal 25 or less; {player} has {zoo.appeal}",
                    card_id=card,
                    need=MAX_APPEAL_CONDITION,
                    have=zoo.appeal,
                    what="max_appeal",
                )
        elif tag == "partner-zoo":
            if len(zoo.partner_zoos) < count:
                return _problem(
                    "condition",
                    f"{name} needs {count} partner zoos",
                    card_id=card,
                    need=count,
                    have=len(zoo.partner_zoos),
                    what="partner_zoo",
                )
        else:
            icon = "research" if tag == "science" else tag
            if icon in ICONS or icon in CONTINENTS:
                have = icons.icon_count(zoo, icon).total
                if have < count:
                    return _problem(
                        "condition",
                        f"{name} needs {count} {icon} icons; the zoo shows {have}",
                        card_id=card,
                        need=count,
                        have=have,
                        what=icon,
                    )
    return None


def run(state: ArkNovaState, move: SponsorsAction) -> tuple[Verdict, ArkNovaState | None]:
    """Check and carry out a Sponsors action in one pass."""
    player = move.player
    zoo, board = state.zoo(player), state.board(player)
    strength, verdict = actions.action_strength(zoo, board, "sponsors", move.x)
    if not verdict:
        return verdict, None
    side = board.side("sponsors")
    state = state.with_player(
        player, replace(zoo, x_tokens=zoo.x_tokens - move.x), board.after_use("sponsors")
    )
    if move.takes_break:
        money = strength * side
        state = gain(state, player, effects.Gains(money=money), "sponsors")
        return Verdict(True), advance_break(state, player, strength)
    if side == 1 and len(move.cards) > 1:
        return _problem(
            "count", "the Sponsors card on side I plays one sponsor", count=len(move.cards)
        ), None
    if side == 1 and any(move.folders):
        return _problem("display_side", "sponsors come from the display on side II only"), None
    levels = 0
    for card in move.cards:
        if card not in SPONSORS or SPONSORS[card].marine_worlds:
            return _problem(
                "not_sponsor", f"{card} is not a base-game sponsor card", card=card
            ), None
        levels += SPONSORS[card].level
    limit = strength + (1 if side == 2 else 0)
    if levels > limit:
        return _problem(
            "level",
            f"sponsor levels {levels} exceed what strength {strength} allows ({limit})",
            level=levels,
            limit=limit,
            strength=strength,
        ), None
    taken: list[int] = []
    owed: list[Pending] = []
    for card, folder in zip(move.cards, move.folders, strict=True):
        if card in state.zoo(player).sponsors:
            name = SPONSORS[card].name
            return _problem("played", f"{name} is played already", card_id=card), None
        zoo, board = state.zoo(player), state.board(player)
        if folder:
            rng = reputation_range(zoo.reputation)
            if folder > rng or folder > len(state.display):
                return _problem(
                    "reputation_range",
                    f"folder {folder} is beyond reputation range ({rng} folders)",
                    folder=folder,
                    range=rng,
                ), None
            if state.display[folder - 1] != card:
                return _problem(
                    "not_in_display", f"{card} is not in folder {folder}", card=card, folder=folder
                ), None
            if zoo.money < folder:
                return _problem(
                    "money",
                    f"folder {folder} costs {folder} money; {player} has {zoo.money}",
                    cost=folder,
                    have=zoo.money,
                ), None
            zoo = replace(zoo, money=zoo.money - folder)
            taken.append(folder)
        elif not board.holds(card):
            return _problem("not_in_hand", f"{card} is not in {player}'s hand", card=card), None
        else:
            board = board.without(card)
        state = state.with_player(player, zoo, board)
        problem = condition_problem(state, player, card)
        if problem is not None:
            return problem, None
        zoo = state.zoo(player)
        state = state.with_player(player, replace(zoo, sponsors=(*zoo.sponsors, card)), board)
        if card in effects.IMMEDIATE:
            state = gain(state, player, effects.IMMEDIATE[card], "sponsor")
        if effects.sponsor_has_unresolved_immediate(card):
            owed.append(Pending(Ask.EFFECT, player, card=card, why="sponsor"))
    if taken:
        display = tuple(c for f, c in enumerate(state.display, start=1) if f not in taken)
        state = state.evolve(display=display)
    return Verdict(True), state.evolve(flow=state.flow_.queue(*owed))


def candidates(
    state: ArkNovaState, player: str, x: int = 0, prior: SponsorsAction | None = None
) -> list[SponsorsAction]:
    """Every step of a Sponsors action with ``x`` X-tokens spent: first the break or one
    sponsor; after the sponsors of ``prior``, one more (side II). A step carries no
    X-tokens (they are the action's) and is checked with the whole action."""
    board = state.board(player)
    if prior is not None and prior.takes_break:
        return []
    out = [SponsorsAction(player)] if prior is None else []
    sources = actions.card_sources(
        board.hand, state.display, SPONSORS, from_display=board.side("sponsors") == 2
    )
    for card, folder in sources:
        step = SponsorsAction(player, (card,), (folder,))
        if prior is None:
            whole = replace(step, x=x)
        elif card in prior.cards:
            continue
        else:
            whole = replace(prior, cards=(*prior.cards, card), folders=(*prior.folders, folder))
        if run(state, whole)[0]:
            out.append(step)
    return out
