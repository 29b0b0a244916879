"""The end of a game (scores, breakdown, ranking) and the explained events of a move."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.core.moves import jsonable


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One labelled line of a player's score breakdown.

    ``label`` and ``detail`` say the line in English (the command line, the
    history); ``code`` and ``params`` are the same facts as data, the way a
    refusal keeps them (``Verdict``), so a page can say the line in any
    language: ``code`` is stable, ``<game>.<line>`` (``noah.round``), and
    ``params`` are JSON-ready values (numbers, strings, lists, mappings) that
    name a piece by its catalog id, never by its English name.
    """

    label: str
    points: int | float
    detail: str = ""
    code: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label, "points": self.points, "detail": self.detail}
        if self.code is not None:
            out["code"] = self.code
            out["params"] = jsonable(self.params)
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> ScoreLine:
        """A line from its :meth:`to_json`."""
        code = obj.get("code")
        return cls(
            str(obj["label"]),
            obj["points"],
            str(obj.get("detail", "")),
            None if code is None else str(code),
            dict(obj.get("params") or {}),
        )


@dataclass(frozen=True)
class Outcome:
    """The end of a game: scores, breakdown, ranking and how ties were broken.

    Attributes:
        scores: final score per player.
        breakdown: labelled lines per player; they add up to the score.
        ranking: tiers, best first; players in one tier share that place.
        tiebreak: in words, how ties on score were broken ("" if none arose).
        higher_wins: False for games where the lowest total wins (Noah).
    """

    scores: Mapping[str, int | float]
    breakdown: Mapping[str, tuple[ScoreLine, ...]]
    ranking: tuple[tuple[str, ...], ...]
    tiebreak: str = ""
    higher_wins: bool = True

    @property
    def winners(self) -> tuple[str, ...]:
        return self.ranking[0] if self.ranking else ()

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Outcome:
        """An outcome from its :meth:`to_json` (``winners`` and ranks are derived)."""
        return cls(
            scores=dict(obj["scores"]),
            breakdown={
                p: tuple(ScoreLine.from_json(line) for line in lines)
                for p, lines in obj["breakdown"].items()
            },
            ranking=tuple(tuple(tier["players"]) for tier in obj["ranking"]),
            tiebreak=str(obj.get("tiebreak", "")),
            higher_wins=bool(obj.get("higher_wins", True)),
        )

    def to_json(self) -> dict[str, Any]:
        ranking = []
        place = 1
        for tier in self.ranking:
            ranking.append({"rank": place, "players": list(tier)})
            place += len(tier)
        return {
            "scores": dict(self.scores),
            "winners": list(self.winners),
            "ranking": ranking,
            "tiebreak": self.tiebreak,
            "higher_wins": self.higher_wins,
            "breakdown": {
                p: [line.to_json() for line in lines] for p, lines in self.breakdown.items()
            },
        }


def rank_players(
    players: Iterable[str], key: Callable[[str], Any], *, reverse: bool = True
) -> tuple[tuple[str, ...], ...]:
    """Group players into tiers by ``key``, best first (highest when ``reverse``)."""
    ordered = sorted(players, key=key, reverse=reverse)
    tiers: list[list[str]] = []
    last: Any = object()
    for p in ordered:
        k = key(p)
        if tiers and k == last:
            tiers[-1].append(p)
        else:
            tiers.append([p])
            last = k
    return tuple(tuple(t) for t in tiers)


@dataclass(frozen=True)
class Event:
    """An explained consequence of a move (a race phase, a river flow, a departure).

    ``text`` is an English sentence for the history; ``data`` the same facts as
    JSON-ready values so a phone can lay them out line by line.
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": jsonable(self.data)}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Event:
        return cls(str(obj["kind"]), str(obj["text"]), dict(obj.get("data", {})))
