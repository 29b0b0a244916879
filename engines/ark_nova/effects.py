"""Card effects as data: each card's words, what the engine resolves, what the table enters.

Rules text: ``docs/rules/ark_nova.md`` §3 "Animal placement" (the ability is
resolved after the animal is placed), §3 Sponsors (the card's immediate
effect), §4 and §7 (income icons at a break) and §6.4 (end-game sponsors,
scored in ``endgame``). The card facts (ability keywords with levels, play
conditions, sponsor timings) come from ``carddata.texts`` (source named there);
what each sponsor and project does is said in the project's own words
(``carddata.words``).

Resolved by the engine:

- animal abilities ``sprint X`` (draw X cards from the deck) and
  ``perception X`` (draw X, keep 1: the rest are discarded), the animal's
  printed appeal, CP and reputation (``animals.play_animal``);
- sponsors' immediate gains and income listed in ``IMMEDIATE`` and ``INCOME``
  (numbers from the cards);
- conservation project rewards (``association``).

Every other effect is an explicit table move (``TableEffect``): the engine
asks the player whose card it is, with the card's words, and records what the
table entered; events say which effects were resolved and which supplied.
The abilities ``multiplier``, ``venom`` and ``constriction`` also say where their
tokens went, one action card a move (``tokens``); what a token does when its
action card is used is an effect the table enters too (owed with ``why``
``tokens``), and the break returns every token to the supply (seed text 二.8.(1)).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engines.ark_nova.carddata import words
from engines.ark_nova.carddata.texts import ANIMAL_TEXT, SPONSOR_TEXT
from engines.ark_nova.cards import ANIMALS, PROJECTS, SPONSORS

GLOSSARY: Mapping[str, str] = MappingProxyType(
    {
        "action": "the named action card moves to slot 1 (or another slot, by the card)",
        "assertion": "take a card from the display regardless of reputation",
        "boost": "the named action card may be moved to slot 5",
        "clever": "move one action card to slot 1",
        "constriction": "other players gain a constriction token on an action card",
        "determination": "take or play a card as the card says",
        "digging": "draw cards from the deck or display and discard as many",
        "dominance": "take a base conservation project card into the hand",
        "full-throated": "gain appeal as the card says",
        "hunter": "reveal cards from the deck and keep an animal among them",
        "hypnosis": "use another player's action card as your own",
        "iconic": "gain appeal for the named continent's icons",
        "inventive": "gain appeal for your partner zoos and universities",
        "jumping": "move the break token",
        "magnet": "take cards of the named kind from the display",
        "multiplier": "place a multiplier token on the named action card",
        "pack": "gain appeal per predator icon",
        "peacocking": "gain appeal as the card says",
        "perception": "draw cards from the deck and keep 1",
        "petting": "a petting-zoo animal: it lives in the petting zoo",
        "pilfering": "take money or a card from another player",
        "posturing": "place free kiosks or pavilions",
        "pouch": "place cards from the hand under this card for appeal",
        "resistance": "draw 2 final-scoring cards and keep 1",
        "scavenging": "draw cards from the discard pile and keep 1",
        "snapping": "take cards from the display",
        "sprint": "draw cards from the deck",
        "sunbathing": "sell cards from the hand for money",
        "venom": "other players gain a venom token on an action card",
        "flock": "take a bird card from the display or deck",
    }
)
"""What each animal ability keyword does, in the project's own words (short)."""

RESOLVED_ABILITIES = ("sprint", "perception")
"""Animal ability keywords the engine resolves itself."""


@dataclass(frozen=True)
class Gains:
    """Numbers an effect adds: money, appeal, CP, reputation, X-tokens, cards drawn."""

    money: int = 0
    appeal: int = 0
    conservation: int = 0
    reputation: int = 0
    x_tokens: int = 0
    cards: int = 0

    def words(self) -> str:
        parts = []
        for name, value in (
            ("money", self.money),
            ("appeal", self.appeal),
            ("CP", self.conservation),
            ("reputation", self.reputation),
            ("X-token", self.x_tokens),
            ("card", self.cards),
        ):
            if value:
                plural = "s" if abs(value) != 1 and name in ("X-token", "card") else ""
                parts.append(f"{value:+d} {name}{plural}")
        return ", ".join(parts) or "nothing"


IMMEDIATE: Mapping[int, Gains] = MappingProxyType(
    {
        205: Gains(reputation=2, conservation=1),
        209: Gains(x_tokens=1),
        224: Gains(x_tokens=1),
        225: Gains(x_tokens=1),
        226: Gains(reputation=2),
        255: Gains(appeal=4),
        256: Gains(appeal=4),
        261: Gains(appeal=1, conservation=1),
    }
)
"""Sponsors whose immediate effect is numbers the engine adds (the card's numbers)."""

INCOME: Mapping[int, Gains] = MappingProxyType(
    {
        201: Gains(cards=1),
        206: Gains(conservation=1),
        209: Gains(x_tokens=1),
        220: Gains(money=3),
    }
)
"""Sponsors whose break income is numbers the engine adds (the "Income:" words)."""

UNIQUE_BUILDINGS = frozenset(range(243, 258))
"""Sponsors that place a unique building: the table enters the hexes it covers."""

_ANIMAL = {n: (ab, req, rep) for n, ab, req, rep in ANIMAL_TEXT}
_SPONSOR = {n: (req, rep, trig) for n, req, rep, trig in SPONSOR_TEXT}


def abilities(card: int) -> tuple[tuple[str, str], ...]:
    """An animal's ability keywords with their level or target (``("sprint", "3")``)."""
    return _ANIMAL.get(card, ((), (), 0))[0]


def animal_requires(card: int) -> tuple[str, ...]:
    return _ANIMAL.get(card, ((), (), 0))[1]


def sponsor_requires(card: int) -> tuple[str, ...]:
    return _SPONSOR.get(card, ((), 0, ()))[0]


def sponsor_reputation(card: int) -> int:
    return _SPONSOR.get(card, ((), 0, ()))[1]


def sponsor_triggers(card: int) -> tuple[str, ...]:
    return _SPONSOR.get(card, ((), 0, ()))[2]


def ability_words(keyword: str, level: str) -> str:
    title = keyword.replace("-", " ").capitalize()
    head = f"{title} {level}".strip()
    return f"{head}: {GLOSSARY.get(keyword, 'as the card says')}"


def card_words(card: int) -> str:
    """The card's words as the engine shows them when the table must resolve them."""
    if card in ANIMALS:
        said = "; ".join(ability_words(k, lv) for k, lv in abilities(card))
        return f"{ANIMALS[card].name} ({card}): {said or 'no ability'}"
    if card in SPONSORS:
        return f"{SPONSORS[card].name} ({card}): {words.sponsor_words(card)}"
    if card in PROJECTS:
        return f"{PROJECTS[card].name} ({card}): {words.PROJECT_WORDS[card][0]}"
    return f"card {card}"


def unresolved_abilities(card: int) -> tuple[tuple[str, str], ...]:
    """The animal's abilities the table resolves (all but sprint and perception, petting)."""
    return tuple(
        (k, lv) for k, lv in abilities(card) if k not in RESOLVED_ABILITIES and k != "petting"
    )


def level(value: str) -> int:
    """An ability's number (``sprint 3`` -> 3); 0 for a keyword without one."""
    return int(value) if value.isdigit() else 0


def sponsor_has_unresolved_immediate(card: int) -> bool:
    """The sponsor does something when played that the engine does not add itself."""
    if card in UNIQUE_BUILDINGS:
        return True
    triggers = sponsor_triggers(card)
    return "immediate" in triggers and card not in IMMEDIATE


def sponsor_unresolved_income(card: int) -> bool:
    return words.has_income(card) and card not in INCOME


def ongoing(card: int) -> bool:
    """A played card whose lasting effect the table applies when it fires."""
    return card in SPONSORS and "ongoing" in sponsor_triggers(card)
