"""A sum over many cells of a :class:`~.layers.Number` layer, by partial sums.

:class:`~.numbers.Arithmetic` tables every combination of values, which is right for a
few cells (a KenKen cage, a Kakuro run) and far too many for eight neighbours of 1-6 or a
column of five digits. :class:`Sum` walks the cells in order instead, with one literal per
partial sum that can still reach the target (each cell's domain, its least and largest
value, bounds what the cells after it can add): a value taken after a true partial sum
makes the next partial sum true, or is ruled out where the target would be out of reach.
Unit propagation so keeps each partial sum's reachable range. A cell left blank (a layer
with ``blank=True``; the genres forbid it by a ``ceNoNum`` count) leaves the sum unjudged,
as :class:`~.numbers.Arithmetic` does.
"""
from __future__ import annotations

from typing import Sequence

from ...puzzle import Cell, Violation
from .model import N, Encoder, Lit, Rule, Values
from .numbers import domain, numbers


class Sum(Rule):
    """The numbers of ``cells`` add up to ``target`` (no cells: the target is 0)."""

    def __init__(self, cells: Sequence[Cell], target: int, code: str, message: str):
        self.cells, self.target, self.code, self.message = tuple(cells), target, code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        doms = [domain(e, c) for c in self.cells]
        low = [0] * (len(doms) + 1)  # the least / largest the cells from i on can add
        high = [0] * (len(doms) + 1)
        for i in range(len(doms) - 1, -1, -1):
            low[i] = low[i + 1] + min(doms[i], default=0)
            high[i] = high[i + 1] + max(doms[i], default=0)
        if not low[0] <= self.target <= high[0]:
            e.clause([], guard)
            return
        last: dict[int, Lit | None] = {0: None}
        for i, c in enumerate(self.cells):
            now: dict[int, Lit] = {}
            for s, at in last.items():
                before = [] if at is None else [-at]
                for v in doms[i]:
                    x = e.lits[N(c, v)]
                    if self.target - high[i + 1] <= s + v <= self.target - low[i + 1]:
                        if s + v not in now:
                            now[s + v] = e.b.new_var()
                        e.clause([*before, -x, now[s + v]], guard)
                    else:
                        e.clause([*before, -x], guard)
            last = {k: x for k, x in now.items()}

    def check(self, v: Values) -> list[Violation]:
        got = numbers(v, self.cells)
        if any(x is None for x in got):
            return []
        return [] if sum(x or 0 for x in got) == self.target else [self.broken(self.cells)]


__all__ = ["Sum"]
