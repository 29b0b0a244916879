"""Niagara's moves: the secret paddle choice, the canoe action, the cloud, the river's arm.

Notation (``docs/formats/niagara.md``)::

    choose 4          the player to choose lays a paddle face down (C cloud, ? unseen)
    cloud+            the cloud: weather one field up (cloud- down)
    cloud- buy:V      ... after buying a lost canoe back with a violet gem
    6 1:H>M4+W        paddle 6: canoe 1 launches, goes to M4 and loads a clear gem
    5 1:M2>L6 2:-VM4>M3
    4 2:M5>M3*bob/1   canoe 2 goes upstream and robs bob's canoe 1
    4 1:M4-V+W        canoe 1 stays at M4: unloads violet, loads clear
    arm L             chance: the flow step pushed the disc into the left arm

A canoe's plan is ``canoe:[pre]start[>end][post][*owner/canoe]``: loads and
unloads (``+C`` / ``-C`` with the gem's colour letter) before the move, the
slots (``H`` home, ``M1``-``M5``, ``L6``, ``L7``, ``R6``, ``R7``, ``X`` over
the falls), loads and unloads after it, and a robbery. A plan without a move
writes its loads and unloads after the slot.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar
from urllib.parse import quote, unquote

from engines.core import InvalidMove, Move, MoveCodec, frozen
from engines.niagara.board import ARMS, COLOURS, FALLS, HOME, RIVER, TILES

_SLOT_TOKEN = {HOME: "H", FALLS: "X", **{s: s for s in RIVER}}
_TOKEN_SLOT = {v: k for k, v in _SLOT_TOKEN.items()}
_PLAN_SLOTS = frozenset(_SLOT_TOKEN)
_OP = re.compile(r"[-+][VWYBP]")
_PLAN = re.compile(
    r"([12]):((?:[-+][VWYBP])*)(H|M[1-5]|[LR][67]|X)(?:>(H|M[1-5]|[LR][67]|X))?"
    r"((?:[-+][VWYBP])*)(?:\*([^/\s]+)/([12]))?"
)


def _ops(value: Any, what: str) -> tuple[str, ...]:
    ops = tuple(frozen(value))
    for op in ops:
        if not (isinstance(op, str) and _OP.fullmatch(op)):
            raise InvalidMove(
                f"{what} {op!r} is not a load '+C' or an unload '-C' with a colour of {COLOURS}"
            )
    return ops


@dataclass(frozen=True)
class CanoePlan:
    """What one canoe does in a paddle turn.

    Attributes:
        canoe: 1 or 2, which of the player's canoes.
        start: the slot it starts on (``HOME`` to launch).
        end: the slot it ends on, ``HOME``, or ``FALLS`` when its own move carries
            it over; equal to ``start`` when it does not move.
        pre: loads (``+C``) and unloads (``-C``) before the move, in order.
        post: loads and unloads after the move (all of them when it does not move).
        rob: ``(owner, canoe)`` of the canoe it robs at the end of an upstream move.
    """

    canoe: int
    start: str
    end: str
    pre: tuple[str, ...] = ()
    post: tuple[str, ...] = ()
    rob: tuple[str, int] | None = None

    def __post_init__(self) -> None:
        if self.canoe not in (1, 2) or isinstance(self.canoe, bool):
            raise InvalidMove(f"canoe {self.canoe!r} must be 1 or 2")
        for name in ("start", "end"):
            if getattr(self, name) not in _PLAN_SLOTS:
                raise InvalidMove(f"{name} {getattr(self, name)!r} is not a slot of the river")
        pre = _ops(self.pre, "before the move,")
        post = _ops(self.post, "after the move,")
        if self.start == self.end:
            pre, post = (), pre + post
        object.__setattr__(self, "pre", pre)
        object.__setattr__(self, "post", post)
        if self.rob is not None:
            rob = tuple(frozen(self.rob))
            if (
                len(rob) != 2
                or not isinstance(rob[0], str)
                or not rob[0]
                or rob[1] not in (1, 2)
                or isinstance(rob[1], bool)
            ):
                raise InvalidMove(f"rob {self.rob!r} must name a player and canoe 1 or 2")
            object.__setattr__(self, "rob", rob)

    @classmethod
    def trusted(
        cls,
        canoe: int,
        start: str,
        end: str,
        pre: tuple[str, ...] = (),
        post: tuple[str, ...] = (),
        rob: tuple[str, int] | None = None,
    ) -> CanoePlan:
        """A plan from the move generator, whose fields are already canonical (no checks)."""
        plan = object.__new__(cls)
        for name, value in (
            ("canoe", canoe),
            ("start", start),
            ("end", end),
            ("pre", pre),
            ("post", post),
            ("rob", rob),
        ):
            object.__setattr__(plan, name, value)
        return plan

    @property
    def moves(self) -> bool:
        return self.start != self.end

    @property
    def ops(self) -> tuple[str, ...]:
        return self.pre + self.post

    def to_json(self) -> dict[str, Any]:
        return {
            "canoe": self.canoe,
            "start": self.start,
            "end": self.end,
            "pre": list(self.pre),
            "post": list(self.post),
            "rob": list(self.rob) if self.rob else None,
        }

    @classmethod
    def from_json(cls, obj: Any) -> CanoePlan:
        if not isinstance(obj, Mapping):
            raise InvalidMove(f"a canoe plan is a JSON object, not {obj!r}")
        extra = set(obj) - {"canoe", "start", "end", "pre", "post", "rob"}
        if extra:
            raise InvalidMove(f"a canoe plan has no field {sorted(extra)[0]!r}")
        try:
            return cls(
                canoe=obj["canoe"],
                start=obj["start"],
                end=obj.get("end", obj["start"]),
                pre=obj.get("pre", ()),
                post=obj.get("post", ()),
                rob=obj.get("rob"),
            )
        except KeyError as exc:
            raise InvalidMove(f"a canoe plan needs the field {exc}") from exc

    def notation(self) -> str:
        text = f"{self.canoe}:{''.join(self.pre)}{_SLOT_TOKEN[self.start]}"
        if self.moves:
            text += f">{_SLOT_TOKEN[self.end]}"
        text += "".join(self.post)
        if self.rob:
            text += f"*{quote(self.rob[0], safe='')}/{self.rob[1]}"
        return text

    @classmethod
    def from_notation(cls, text: str) -> CanoePlan | None:
        m = _PLAN.fullmatch(text)
        if not m:
            return None
        canoe, pre, start, end, post, owner, number = m.groups()
        return cls(
            canoe=int(canoe),
            start=_TOKEN_SLOT[start],
            end=_TOKEN_SLOT[end or start],
            pre=tuple(_OP.findall(pre)),
            post=tuple(_OP.findall(post)),
            rob=(unquote(owner), int(number)) if owner else None,
        )


def _buy(value: Any) -> str | None:
    if value is None:
        return None
    if not (isinstance(value, str) and len(value) == 1 and value in COLOURS):
        raise InvalidMove(f"buy {value!r} must be the colour letter of a gem ({COLOURS})")
    return value


def _split_buy(words: list[str]) -> tuple[str | None, list[str]] | None:
    if words and words[0].startswith("buy:"):
        colour = words[0][4:]
        if len(colour) != 1 or colour not in COLOURS:
            return None
        return colour, words[1:]
    return None, words


@dataclass(frozen=True)
class Choose(Move):
    """Lay a paddle face down: ``1``-``6``, ``C`` (cloud) or ``?`` (unseen by the table)."""

    TYPE: ClassVar[str] = "choose"
    tile: str

    def __post_init__(self) -> None:
        if not (isinstance(self.tile, str) and len(self.tile) == 1 and self.tile in TILES + "?"):
            raise InvalidMove(f"a paddle is one of 1-6, C (cloud) or ?, not {self.tile!r}")

    def notation(self) -> str:
        return f"choose {self.tile}"

    @classmethod
    def from_notation(cls, text: str) -> Choose | None:
        m = re.fullmatch(r"choose ([1-6C?])", text)
        return cls(m.group(1)) if m else None


@dataclass(frozen=True)
class Cloud(Move):
    """Reveal the cloud: weather one field up (``+1``) or down (``-1``); optional buy-back first."""

    TYPE: ClassVar[str] = "cloud"
    shift: int
    buy: str | None = None

    def __post_init__(self) -> None:
        if self.shift not in (1, -1) or isinstance(self.shift, bool):
            raise InvalidMove(f"the cloud moves the weather by +1 or -1, not {self.shift!r}")
        _buy(self.buy)

    def notation(self) -> str:
        text = "cloud+" if self.shift > 0 else "cloud-"
        return f"{text} buy:{self.buy}" if self.buy else text

    @classmethod
    def from_notation(cls, text: str) -> Cloud | None:
        words = text.split()
        if not words or words[0] not in ("cloud+", "cloud-"):
            return None
        split = _split_buy(words[1:])
        if split is None or split[1]:
            return None
        return cls(1 if words[0] == "cloud+" else -1, split[0])


@dataclass(frozen=True)
class Paddle(Move):
    """Reveal a number paddle and act: an optional buy-back, then the canoes' plans."""

    TYPE: ClassVar[str] = "paddle"
    tile: int
    canoes: tuple[CanoePlan, ...] = field(default=())
    buy: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.tile, int) or isinstance(self.tile, bool) or not 1 <= self.tile <= 6:
            raise InvalidMove(f"a number paddle is 1 to 6, not {self.tile!r}")
        plans = tuple(
            p if isinstance(p, CanoePlan) else CanoePlan.from_json(p) for p in self.canoes
        )
        object.__setattr__(self, "canoes", plans)
        _buy(self.buy)

    @classmethod
    def trusted(cls, tile: int, canoes: tuple[CanoePlan, ...], buy: str | None) -> Paddle:
        """A move from the move generator, whose fields are already checked."""
        move = object.__new__(cls)
        object.__setattr__(move, "tile", tile)
        object.__setattr__(move, "canoes", canoes)
        object.__setattr__(move, "buy", buy)
        return move

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.TYPE,
            "tile": self.tile,
            "canoes": [p.to_json() for p in self.canoes],
            "buy": self.buy,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Paddle:
        extra = set(obj) - {"type", "tile", "canoes", "buy"}
        if extra:
            raise InvalidMove(f"a 'paddle' move has no field {sorted(extra)[0]!r}")
        if "tile" not in obj:
            raise InvalidMove("a 'paddle' move needs its 'tile' (1 to 6)")
        plans = obj.get("canoes", ())
        if not isinstance(plans, list | tuple):
            raise InvalidMove("'canoes' of a paddle move is a list of canoe plans")
        return cls(obj["tile"], tuple(CanoePlan.from_json(p) for p in plans), obj.get("buy"))

    def notation(self) -> str:
        words = [str(self.tile)]
        if self.buy:
            words.append(f"buy:{self.buy}")
        words += [p.notation() for p in self.canoes]
        return " ".join(words)

    @classmethod
    def from_notation(cls, text: str) -> Paddle | None:
        words = text.split()
        if not words or words[0] not in ("1", "2", "3", "4", "5", "6"):
            return None
        split = _split_buy(words[1:])
        if split is None:
            return None
        plans = [CanoePlan.from_notation(w) for w in split[1]]
        if any(p is None for p in plans):
            return None
        return cls(int(words[0]), tuple(p for p in plans if p is not None), split[0])


@dataclass(frozen=True)
class Arm(Move):
    """Chance: the arm one flow step pushed its disc into (what the river did)."""

    TYPE: ClassVar[str] = "arm"
    arm: str

    def __post_init__(self) -> None:
        if self.arm not in ARMS:
            raise InvalidMove(f"the river's arm is L or R, not {self.arm!r}")

    def notation(self) -> str:
        return f"arm {self.arm}"

    @classmethod
    def from_notation(cls, text: str) -> Arm | None:
        m = re.fullmatch(r"arm ([LR])", text)
        return cls(m.group(1)) if m else None


CODEC = MoveCodec("niagara", (Choose, Cloud, Paddle, Arm))


def parse_move(obj: Any) -> Move:
    """A Niagara move from JSON (dict or text) or notation.

    Raises:
        InvalidMove: nothing here reads as a Niagara move.
    """
    return CODEC.parse(obj)
