"""A player's board beside Map A: the action-card row, the hand, special-enclosure spaces.

Rules text: ``docs/rules/ark_nova.md`` §2 step 6 (Animals in slot 1 at
setup), §3 (strength = slot + X-tokens spent; the used card goes to slot 1
and the cards left of its old slot shift right; at most 4 cards upgraded;
reputation range), §3 "Animal placement" (reptile house and aviary hold 5
spaces, the petting zoo 3) and §4 (hand limit 3, 5 with the hand-limit
university; the multiplier, venom and constriction tokens on the action cards
go back to the supply: seed text 二.8.(1), ``tokens``). The JSON form is
documented in ``docs/formats/ark_nova.md``.

The hand may hold unknown cards (``engines.UNKNOWN``): at a table the
companion does not see another player's hand, only how many cards it holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engines.ark_nova.cards import ANIMALS, PROJECTS, SPONSORS
from engines.ark_nova.zoo import MAX_APPEAL, MAX_REPUTATION, MAX_X_TOKENS, Zoo
from engines.core import UNKNOWN

ACTIONS = ("animals", "cards", "build", "association", "sponsors")
"""The five action cards; the tuple order is the default row (Animals in slot 1)."""

MAX_UPGRADED = 4
"""At most 4 of the 5 action cards are upgraded (RB p.7-8; ZH)."""

SPECIAL_CAPACITY = {"reptile_house": 5, "aviary": 5, "petting_zoo": 3}
"""Spaces of each special enclosure (TAG ``maxCapacity``; rules spec §14 item 5 asks to verify)."""

HAND_LIMIT = 3
HAND_LIMIT_UNIVERSITY = 5
"""Hand limit at a break, and with the ``reputation_hand`` university (rules spec §4)."""

TOKEN_KINDS = ("multiplier", "venom", "constriction")
"""The tokens animal abilities lay on action cards (rules spec §1, §4; ``tokens``)."""

START_HAND = 4
"""Cards kept from the 8 drawn at setup (rules spec §2 step 8)."""

Card = int | str
"""A card in a hand or the display: its number, or ``UNKNOWN``."""


def reputation_range(reputation: int) -> int:
    """Display folders in reputation range: 0 none, 1 -> 1, 2-3 -> 2, 4-6 -> 3, ... 13-15 -> 6."""
    if reputation <= 0:
        return 0
    if reputation <= 3:
        return 1 if reputation == 1 else 2
    return min(6, 3 + (reputation - 4) // 3)


@dataclass(frozen=True)
class PlayerBoard:
    """What lies on a player's board besides Map A.

    Attributes:
        actions: the five action cards, slot 1 first.
        upgraded: the action cards turned to side II.
        hand: cards in hand (numbers, or ``UNKNOWN`` for unseen ones).
        special: spaces taken in each special enclosure (player tokens on it).
        tokens: the multiplier, venom and constriction tokens on the action cards, as
            (action card, kind) pairs in the order of ``ACTIONS`` and ``TOKEN_KINDS``; a
            card may hold several. Public, like the rest of the row.
    """

    actions: tuple[str, ...] = ACTIONS
    upgraded: tuple[str, ...] = ()
    hand: tuple[Card, ...] = (UNKNOWN,) * START_HAND
    special: Mapping[str, int] = field(default_factory=dict)
    tokens: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        self.validate()
        if self.tokens:
            object.__setattr__(self, "tokens", tuple(sorted(self.tokens, key=_token_order)))

    def validate(self) -> None:
        """Raise ``ValueError`` naming the first thing no board can show."""
        if sorted(self.actions) != sorted(ACTIONS):
            raise ValueError(
                f"the action row must hold each of {', '.join(ACTIONS)} once, "
                f"not {', '.join(self.actions)}"
            )
        for name in self.upgraded:
            if name not in ACTIONS:
                raise ValueError(f"{name!r} is not an action card ({', '.join(ACTIONS)})")
        if len(set(self.upgraded)) != len(self.upgraded):
            raise ValueError("an upgraded action card is listed twice")
        if len(self.upgraded) > MAX_UPGRADED:
            raise ValueError(f"{len(self.upgraded)} action cards upgraded, at most {MAX_UPGRADED}")
        for card in self.hand:
            if card != UNKNOWN and not any(card in t for t in (ANIMALS, SPONSORS, PROJECTS)):
                raise ValueError(f"there is no zoo card {card!r} to hold in hand")
        for kind, used in self.special.items():
            if kind not in SPECIAL_CAPACITY:
                raise ValueError(f"{kind!r} is not a special enclosure")
            if not 0 <= used <= SPECIAL_CAPACITY[kind]:
                raise ValueError(f"{kind} holds {SPECIAL_CAPACITY[kind]} spaces, not {used}")
        for token in self.tokens:
            if not (
                isinstance(token, tuple)
                and len(token) == 2
                and token[0] in ACTIONS
                and token[1] in TOKEN_KINDS
            ):
                raise ValueError(
                    f"a token lies on an action card ({', '.join(ACTIONS)}) and is a "
                    f"{', '.join(TOKEN_KINDS)} token, not {token!r}"
                )

    # -- reading ----------------------------------------------------------------------

    def slot(self, action: str) -> int:
        """The slot (1-5) of an action card: its strength without X-tokens."""
        return self.actions.index(action) + 1

    def side(self, action: str) -> int:
        """1 or 2: the side of the action card facing up."""
        return 2 if action in self.upgraded else 1

    def used(self, kind: str) -> int:
        return self.special.get(kind, 0)

    def tokens_on(self, action: str) -> tuple[str, ...]:
        """The kinds of the tokens on the ``action`` card (a kind once per token)."""
        return tuple(kind for card, kind in self.tokens if card == action)

    # -- stepping ---------------------------------------------------------------------

    def after_use(self, action: str) -> PlayerBoard:
        """The row after ``action`` was used: it goes to slot 1, the cards left of it shift."""
        i = self.actions.index(action)
        return replace(self, actions=(action, *self.actions[:i], *self.actions[i + 1 :]))

    def without(self, card: Card) -> PlayerBoard:
        """The hand less ``card``; an unknown card is taken when the card was not seen."""
        hand = list(self.hand)
        hand.remove(card if card in hand else UNKNOWN)
        return replace(self, hand=tuple(hand))

    def holds(self, card: int) -> bool:
        """``card`` may be in hand: listed, or an unknown card could be it."""
        return card in self.hand or UNKNOWN in self.hand

    def with_special(self, kind: str, spaces: int) -> PlayerBoard:
        return replace(self, special={**self.special, kind: self.used(kind) + spaces})

    def with_token(self, action: str, kind: str) -> PlayerBoard:
        """The board with one more ``kind`` token on the ``action`` card."""
        return replace(self, tokens=(*self.tokens, (action, kind)))

    # -- JSON -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "actions": list(self.actions),
            "upgraded": [a for a in ACTIONS if a in self.upgraded],
            "hand": list(self.hand),
            "special": {k: v for k, v in sorted(self.special.items()) if v},
        }
        if self.tokens:
            doc["tokens"] = {a: list(self.tokens_on(a)) for a in ACTIONS if self.tokens_on(a)}
        return doc

    @classmethod
    def from_json(cls, obj: Any) -> PlayerBoard:
        """A board from its JSON; missing fields take their start-of-game values.

        Raises:
            ValueError: an unknown field, a wrong type or a board no table can show.
        """
        if not isinstance(obj, Mapping):
            raise ValueError(f"a board is a JSON object, not {type(obj).__name__}")
        extra = sorted(set(obj) - {"actions", "upgraded", "hand", "special", "tokens"})
        if extra:
            raise ValueError(f"a board has no field {extra[0]!r}")
        kwargs: dict[str, Any] = {}
        for name in ("actions", "upgraded"):
            if name in obj:
                kwargs[name] = tuple(str(a) for a in _list(obj[name], name))
        if "hand" in obj:
            kwargs["hand"] = tuple(_card(c) for c in _list(obj["hand"], "hand"))
        if "special" in obj:
            special = obj["special"]
            if not isinstance(special, Mapping):
                raise ValueError("'special' maps a special enclosure to the spaces taken")
            kwargs["special"] = {str(k): _whole(v, f"{k} spaces") for k, v in special.items()}
        if "tokens" in obj:
            kwargs["tokens"] = _tokens(obj["tokens"])
        upgraded = kwargs.get("upgraded", ())
        kwargs["upgraded"] = tuple(a for a in ACTIONS if a in upgraded) + tuple(
            a for a in upgraded if a not in ACTIONS
        )
        return cls(**kwargs)

    def __hash__(self) -> int:
        special = tuple(sorted(self.special.items()))
        return hash((self.actions, self.upgraded, self.hand, special, self.tokens))


def _token_order(token: tuple[str, str]) -> tuple[int, int]:
    return ACTIONS.index(token[0]), TOKEN_KINDS.index(token[1])


def _tokens(value: Any) -> tuple[tuple[str, str], ...]:
    """The ``tokens`` of a board document: each action card to the kinds of its tokens."""
    if not isinstance(value, Mapping):
        raise ValueError("'tokens' maps an action card to the kinds of the tokens on it")
    return tuple(
        (str(action), str(kind)) for action, kinds in value.items() for kind in _list(kinds, action)
    )


def _list(value: Any, label: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise ValueError(f"{label} must be a list, not {value!r}")
    return list(value)


def _whole(value: Any, label: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{label} must be a whole number, not {value!r}")
    return value


def _card(value: Any) -> Card:
    return UNKNOWN if value == UNKNOWN else _whole(value, "a card in hand")


# --------------------------------------------------------------------------- gains


def gain_appeal(zoo: Zoo, n: int) -> Zoo:
    return replace(zoo, appeal=min(MAX_APPEAL, zoo.appeal + n))


REPUTATION_CAP_SIDE_ONE = 9
"""Reputation reaches 10 only with the Cards card upgraded (RB p.9; rules spec §1, §3)."""


def gain_reputation(zoo: Zoo, board: PlayerBoard, n: int) -> Zoo:
    """Reputation up by ``n``: each step beyond 15 gives 1 appeal instead (RB p.9).

    With the Cards card on side I the counter stops at 9; RB p.9 gives appeal
    only for steps beyond 15, so steps stopped at 9 are lost.
    """
    start = zoo.reputation
    if board.side("cards") == 1:
        return replace(zoo, reputation=max(start, min(start + n, REPUTATION_CAP_SIDE_ONE)))
    top = max(start, min(MAX_REPUTATION, start + n))
    return gain_appeal(replace(zoo, reputation=top), start + n - top)


def gain_x_tokens(zoo: Zoo, n: int) -> Zoo:
    """X-tokens up by ``n``, never past 5 (the notepad holds 5)."""
    return replace(zoo, x_tokens=min(MAX_X_TOKENS, zoo.x_tokens + n))
