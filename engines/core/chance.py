"""Chance outcomes as data: the moves a chance point may take, each with its probability.

A chance point (``state.to_move == CHANCE``) lists its outcomes as
:class:`ChanceOutcomes`: moves with whole-number weights, such as the cards of
each kind left in a pile. A probability is the weight over the total, an
exact :class:`~fractions.Fraction`; :meth:`ChanceOutcomes.pick` draws one with
a seeded generator, one ``randrange`` over the total, so equal weights pick
exactly as ``random.choice`` over the same moves would.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from engines.core.moves import Move


@dataclass(frozen=True)
class ChanceOutcomes:
    """The outcomes of one chance point, with whole-number weights.

    Attributes:
        moves: the outcomes, distinct, in the order ``legal_moves()`` lists them.
        weights: a positive whole number per outcome; the probability of an
            outcome is its weight over the sum of the weights.
    """

    moves: tuple[Move, ...]
    weights: tuple[int, ...]

    def __post_init__(self) -> None:
        # Built at every chance point of a playout: cheap checks only (the
        # contract tests check that the moves are distinct legal outcomes).
        if len(self.moves) != len(self.weights):
            raise ValueError("chance outcomes need one weight per move")
        if self.weights and min(self.weights) <= 0:
            raise ValueError(f"chance weights are positive whole numbers, not {self.weights}")

    @classmethod
    def uniform(cls, moves: Iterable[Move]) -> ChanceOutcomes:
        """Every move equally likely."""
        listed = tuple(moves)
        return cls(listed, (1,) * len(listed))

    @classmethod
    def weighted(cls, pairs: Iterable[tuple[Move, int]]) -> ChanceOutcomes:
        """Moves with their weights; a move of weight 0 cannot happen and is left out."""
        kept = [(move, weight) for move, weight in pairs if weight]
        return cls(tuple([m for m, _ in kept]), tuple([w for _, w in kept]))

    @property
    def total(self) -> int:
        """The sum of the weights (0 where there is no chance point)."""
        return sum(self.weights)

    def probability(self, move: Move) -> Fraction:
        """The exact probability of ``move`` (0 for a move that is not an outcome)."""
        for m, weight in zip(self.moves, self.weights, strict=True):
            if m == move:
                return Fraction(weight, self.total)
        return Fraction(0)

    def __iter__(self) -> Iterator[tuple[Move, Fraction]]:
        total = self.total
        for move, weight in zip(self.moves, self.weights, strict=True):
            yield move, Fraction(weight, total)

    def __len__(self) -> int:
        return len(self.moves)

    def pick(self, rng: random.Random) -> Move:
        """One outcome, drawn by its probability with ``rng``.

        Raises:
            ValueError: there is no outcome to pick.
        """
        if not self.moves:
            raise ValueError("no chance outcome to pick")
        total = self.total
        left = rng.randrange(total)
        if total == len(self.moves):
            return self.moves[left]  # every weight is 1: the same pick as the scan below
        for move, weight in zip(self.moves, self.weights, strict=True):
            if left < weight:
                return move
            left -= weight
        raise AssertionError("the weights add up to the total")


NO_CHANCE = ChanceOutcomes((), ())
"""The outcomes where no chance point is: none."""
