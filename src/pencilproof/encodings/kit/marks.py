"""A layer of marks: each cell holds one of a few symbols, or none (its blank character).

:class:`Marks` is for answers whose cells hold a small alphabet that is neither a
shading nor a number: Magnets' poles ``+`` / ``-`` (blank ``x``: neutral), Shakashaka's
triangles (blank ``.``: white). One atom ``("m", r, c, ch)`` per cell and symbol, at
most one true per cell (none: the blank). ``aliases`` are other characters an answer may
write for a symbol or the blank (read only; answers are written with the canonical ones).
"""
from __future__ import annotations

import random
from typing import Callable, Mapping, Sequence

from ...puzzle import Cell
from ..cnf import at_most_one
from .model import Atom, Encoder, Layer, Lit, Values, bad_char


def M(cell: Cell, ch: str) -> Atom:
    """The atom "this cell holds the mark ``ch``"."""
    return ("m", cell[0], cell[1], ch)


class Marks(Layer):
    """One of ``symbols`` per cell, or ``blank`` (no atom true)."""

    name = "marks"

    def __init__(self, symbols: str, blank: str, aliases: Mapping[str, str] | None = None,
                 words: str = ""):
        self.symbols, self.blank = symbols, blank
        self.aliases = dict(aliases or {})
        self.chars = words or f"one of {' '.join(symbols)} or {blank}"

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        for cell in cells:
            lits = [e.atom(M(cell, ch)) for ch in self.symbols]
            at_most_one(e.b, lits)
            # up front: every model gives the blank's literal a value (the analyses)
            e.lits[("agree", cell, self.blank)] = e.reify_and([-x for x in lits])

    def value(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        return next((ch for ch in self.symbols if truth(M(cell, ch))), self.blank)

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        return self.value(cell, truth)

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        ch = self.aliases.get(ch, ch)
        if ch != self.blank and ch not in self.symbols:
            raise bad_char(ch, cell, self.chars, where)
        v.cell.setdefault(self.name, {})[cell] = ch
        if ch != self.blank:
            v.truth[M(cell, ch)] = True

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        ch = self.aliases.get(ch, ch)
        if ch != self.blank:
            return e.lits[M(cell, ch)]
        return e.lits[("agree", cell, ch)]

    def block(self, e: Encoder, cell: Cell, ch: str) -> list[Lit]:
        return [-self.agree(e, cell, ch)]

    def phases(self, e: Encoder, cells: Sequence[Cell], rng: random.Random,
               density: float) -> list[Lit]:
        """Each cell leans to a random symbol with probability ``density``, else to the
        blank (every symbol off)."""
        out = []
        for cell in cells:
            if rng.random() < density:
                out.append(e.lits[M(cell, rng.choice(self.symbols))])
            else:
                out += [-e.lits[M(cell, s)] for s in self.symbols]
        return out


__all__ = ["M", "Marks"]
