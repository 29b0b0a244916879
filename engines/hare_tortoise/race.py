"""One race phase of The Hare and the Tortoise, explained animal by animal.

Follows ``docs/rules/hare_tortoise.md`` §6: the fixed order hare, tortoise,
wolf, fox, lamb; the movement table; the hare's nap; the wolf's howl (option
``howl``: ``next_phase`` by default, ``this_phase``); the lamb that stops at
the first stream it enters; the podium in resolution order; the end of the
race at the third finisher. Option ``lamb_zero_cards`` (``0`` by default)
decides whether a lamb without cards moves.

With the option ``race = by_hand`` the players move the pawns themselves:
:func:`race_move` is the one correct ``race`` move of a phase and
:func:`check_race` refuses any other placement, both from the same
:func:`run_race` the automatic phase uses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import LEGAL, Event, Verdict
from engines.hare_tortoise.catalog import ANIMAL_CODES, ANIMALS, FINISH, HARE, LAMB, WOLF
from engines.hare_tortoise.moves import Race
from engines.hare_tortoise.scoring import PLACES

MOVES = (
    (0, 2, 2, 2, 2),  # hare: 2 for any cards (0 when napping, §6.1)
    (1, 1, 1, 1, 2),  # tortoise: moves even without cards
    (0, 1, 1, 2, 3),  # wolf: 1 for 1-2 cards, then cards - 1
    (0, 1, 2, 3, 4),  # fox: one per card
    (0, 2, 3, 4, 5),  # lamb: cards + 1 (0 cards: option lamb_zero_cards)
)
"""Spaces moved per animal (row, resolution order) and cards on the table (column)."""


@dataclass(frozen=True, slots=True)
class RaceResult:
    """What a race phase changed, and its explanation."""

    positions: tuple[int, ...]
    podium: tuple[int, ...]
    howl_pending: bool
    finished: bool
    event: Event


def run_race(
    positions: Sequence[int],
    podium: Sequence[int],
    streams: Sequence[int],
    cards: Sequence[int],
    howl: bool,
    howl_pending: bool,
    options: Mapping[str, str],
    trigger: Mapping[str, Any],
) -> RaceResult:
    """Resolve one race phase.

    Args:
        positions: position per animal (resolution order) at the start.
        podium: animals already on the podium, 1st first.
        streams: the two stream positions.
        cards: race cards on the table per animal (howl cards count as wolf).
        howl: a wolf howl card is on the table.
        howl_pending: the previous phase's howl makes this one wolf-only
            (option ``next_phase``).
        options: the game's rule options.
        trigger: who ended the card play and why, copied into the event.

    Returns:
        The new positions, podium and pending howl, whether the race is over,
        and one ``race`` event with a line per animal.
    """
    if options["howl"] == "this_phase":
        wolf_only, pending = howl, False
    else:
        wolf_only, pending = howl_pending, howl
    pos = list(positions)
    places = list(podium)
    start = tuple(positions)
    lamb_zero = int(options["lamb_zero_cards"])
    lines: list[dict[str, Any]] = []
    finished = False
    for animal, name in enumerate(ANIMALS):
        n = cards[animal]
        line: dict[str, Any] = {"animal": name, "cards": n, "from": pos[animal]}
        lines.append(line)
        if finished:
            line.update(to=pos[animal], steps=0, reason="race_over")
            continue
        if animal in places:
            line.update(to=pos[animal], steps=0, reason="skipped")
            continue
        if wolf_only and animal != WOLF:
            line.update(to=pos[animal], steps=0, reason="howl")
            continue
        steps = MOVES[animal][n] if (animal != LAMB or n) else lamb_zero
        reason = "moved" if steps else "no_move"
        if (
            animal == HARE
            and n == 4
            and start[HARE] > 0
            and all(start[HARE] >= start[b] for b in range(1, 5) if b not in places)
        ):
            steps, reason = 0, "nap"
        target = pos[animal] + steps
        if animal == LAMB and steps:
            entered = [s for s in streams if pos[LAMB] < s <= target]
            if entered:
                target, reason = min(entered), "stream"
        line.update(to=target, steps=target - pos[animal], reason=reason)
        pos[animal] = target
        if target >= FINISH:
            places.append(animal)
            line.update(reason="podium", place=len(places))
            finished = len(places) == 3
    data = {
        "trigger": dict(trigger),
        "wolf_only": wolf_only,
        "howl": howl,
        "wolf_only_next": pending,
        "animals": lines,
        "podium": [ANIMALS[a] for a in places],
        "race_over": finished,
    }
    return RaceResult(
        tuple(pos), tuple(places), pending, finished, Event("race", _text(data), data)
    )


_WHY = {
    "moved": "",
    "no_move": " (no move)",
    "nap": " (naps: 4 hare cards while leading)",
    "howl": " (hides from the howl: wolf-only phase)",
    "stream": " (stops to drink at the stream)",
    "skipped": " (already on the podium)",
    "race_over": " (the race is already over)",
}


def _text(data: Mapping[str, Any]) -> str:
    """The race phase as one English sentence per animal, joined by '; '."""
    parts = []
    for line in data["animals"]:
        head = f"{line['animal']} {line['cards']} card{'s' if line['cards'] != 1 else ''}"
        move = f" {line['from']}→{line['to']}"
        if line["reason"] == "podium":
            why = f" (reaches the podium, {PLACES[line['place'] - 1]})"
        else:
            why = _WHY[line["reason"]]
        parts.append(head + move + why)
    trigger = data["trigger"]
    text = f"race phase ({trigger['reason']}, by {trigger['player']}): " + "; ".join(parts)
    if data["wolf_only_next"]:
        text += "; the howl makes the next race phase wolf-only"
    if data["race_over"]:
        text += "; three animals on the podium: the race is over"
    return text


def race_move(result: RaceResult) -> Race:
    """The ``race`` move that puts the pawns where ``result`` took them."""
    return Race(
        tuple(min(p, FINISH) for p in result.positions),
        tuple(ANIMAL_CODES[a] for a in result.podium),
    )


def _spot(position: int, place: int | None) -> str:
    """Where a pawn stands, as players say it."""
    if place is not None:
        return f"podium place {place}"
    if position >= FINISH:
        return "the finish line, off the podium"
    return "the start line" if position <= 0 else f"space {position}"


def _cards(n: int, animal: str) -> str:
    return f"{n} {animal} card{'' if n == 1 else 's'}"


def _should(line: Mapping[str, Any], place: int | None) -> str:
    """What the rules make an animal do in a phase, with the reason, from its event line."""
    name, n, reason = line["animal"], line["cards"], line["reason"]
    here = _spot(line["from"], place if reason == "skipped" else None)
    steps = line["steps"]
    spaces = f"{steps} space{'' if steps == 1 else 's'}"
    if reason == "moved":
        return f"move {spaces} ({_cards(n, name)}), from {here} to {_spot(line['to'], None)}"
    if reason == "podium":
        return f"move {spaces} ({_cards(n, name)}) from {here} past the finish to {_spot(0, place)}"
    why = {
        "no_move": f"{_cards(n, name)} move it no space",
        "nap": "it naps: 4 hare cards while it leads",
        "howl": "the howl makes this phase wolf-only",
        "skipped": "it is already on the podium",
        "race_over": "the race ended before its move",
    }[reason]
    return f"stay on {here} ({why})"


def check_race(result: RaceResult, move: Race) -> Verdict:
    """Whether ``move`` puts every pawn where the phase ``result`` takes it.

    Codes: ``bad_race`` (the podium and the pawns past the finish disagree),
    ``lamb_stream`` (the lamb not stopped at the stream it enters),
    ``race_distance`` (any other pawn on the wrong spot, first in resolution
    order), ``podium_order`` (the right animals on the podium in the wrong
    places).
    """
    podium = [ANIMAL_CODES.index(a) for a in move.podium]
    finished = [a for a, p in enumerate(move.positions) if p >= FINISH]
    if sorted(podium) != finished:
        return Verdict.illegal(
            "hare_tortoise.bad_race",
            f"the podium lists {', '.join(ANIMALS[a] for a in podium) or 'nobody'} but the pawns "
            f"past the finish are {', '.join(ANIMALS[a] for a in finished) or 'none'}",
            podium=[ANIMALS[a] for a in podium],
            finished=[ANIMALS[a] for a in finished],
        )
    for animal, line in enumerate(result.event.data["animals"]):
        want = result.podium.index(animal) + 1 if animal in result.podium else None
        put = podium.index(animal) + 1 if animal in podium else None
        to = min(line["to"], FINISH)
        if (want is None) != (put is None) or (want is None and to != move.positions[animal]):
            where = _spot(move.positions[animal], put)
            if line["reason"] == "stream":
                return Verdict.illegal(
                    "hare_tortoise.lamb_stream",
                    f"the lamb must stop to drink at the stream on space {to}; "
                    f"it was put on {where}",
                    space=to,
                )
            return Verdict.illegal(
                "hare_tortoise.race_distance",
                f"the {line['animal']} must {_should(line, want)}; it was put on {where}",
                animal=line["animal"],
                space=to,
                put=move.positions[animal],
                place=want,
            )
    if tuple(podium) != result.podium:
        return Verdict.illegal(
            "hare_tortoise.podium_order",
            f"the podium shows {', '.join(ANIMALS[a] for a in podium)}; the animals reached it "
            f"in the order {', '.join(ANIMALS[a] for a in result.podium)} "
            "(the race resolves hare, tortoise, wolf, fox, lamb)",
            podium=[ANIMALS[a] for a in podium],
            order=[ANIMALS[a] for a in result.podium],
        )
    return LEGAL
