"""Counts along rays from a clue, with both faces: a number is the sum, over its rays, of
how many steps each ray holds from its start (Kurodoko's sight, Walls' segments pointing
at a black cell, Doors' rooms seen through open doors).

A *ray* is a sequence of steps, each an atom and the truth value it must have to hold
(``(S(x), False)``: "x is unshaded"; ``(between(x, y), False)``: "no border between x and
y"). A ray counts its leading steps that hold, up to the first that does not.

Encoded as prefix conjunctions along each ray (at most n + 1 steps: more already breaks
the number), summed by :func:`~..cnf.exactly_sum`.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from ...puzzle import Cell, Violation
from ..cnf import and_chain, exactly_sum
from .model import Atom, Encoder, Lit, Rule, Values

Step = tuple[Atom, bool]


def held(v: Values, ray: Sequence[Step]) -> int:
    """The leading steps of a ray that hold in an answer."""
    k = 0
    for atom, want in ray:
        if v[atom] != want:
            break
        k += 1
    return k


class RaySum(Rule):
    """The rays' held steps add up to ``n``; ``message`` may name ``{n}`` and ``{k}`` (the
    answer's sum)."""

    def __init__(self, rays: Sequence[Sequence[Step]], n: int, cells: Iterable[Cell], code: str,
                 message: str):
        self.rays, self.n, self.cells = [list(r) for r in rays], n, tuple(cells)
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        chains = [and_chain(e.b, [e[a] if want else -e[a] for a, want in ray[:self.n + 1]])
                  for ray in self.rays]
        exactly_sum(e.b, chains, self.n, guard)

    def total(self, v: Values) -> int:
        return sum(held(v, ray) for ray in self.rays)

    def check(self, v: Values) -> list[Violation]:
        k = self.total(v)
        return [] if k == self.n else [self.broken(self.cells, self.message.format(n=self.n, k=k))]


__all__ = ["RaySum", "Step", "held"]
