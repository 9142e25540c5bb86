"""Divisions of a grid into pieces of one size, by placements of polyominoes.

* :func:`shapes`: every fixed polyomino of k cells; :func:`placements`: each placed
  wholly inside a rows x cols grid, with the sides inside it and across its rim, and each
  cell's count of neighbours within it (cached per grid and k);
  (:func:`covering`: each cell's placements; :func:`other_degree`: those that give a
  cell another count of neighbours within);
* :class:`SizeDivision`: the cells fall into pieces of exactly k cells, answers written
  as :class:`~.division.Walls` borders. Encoded with a selector per placement: some
  placement over each cell, a border on every side across a selected placement's rim and
  on no side inside it, and a side with no selected placement over both its cells a
  border. At most one over a cell follows: two selected placements P != Q of k cells
  sharing a cell have a side inside P (P is connected) with one cell in Q and one not,
  a side on Q's rim, so both a border and none.
  ``skip`` leaves placements out up front (a genre's numbers that already rule them out;
  only where those numbers are not switched). Checked on the answer's pieces:
  ``bkSizeLt<k>``, ``bdDeadEnd`` (a border inside a piece), ``bkSizeGt<k>`` (pzprjs's
  Four Cells / Five Cells codes).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import AbstractSet

from ...puzzle import Cell, Violation
from .division import Walls, between, inner_borders, pieces
from .model import Encoder, Lit, Rule, Values

Shape = tuple[Cell, ...]


@lru_cache(maxsize=None)
def shapes(k: int) -> tuple[Shape, ...]:
    """Every fixed polyomino of k cells (rotations and reflections apart), each moved to
    touch row 0 and column 0."""
    found: set[Shape] = {((0, 0),)}
    for _ in range(k - 1):
        grown = set()
        for s in found:
            for r, c in s:
                for y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if y not in s:
                        cells = s + (y,)
                        r0, c0 = min(x[0] for x in cells), min(x[1] for x in cells)
                        grown.add(tuple(sorted((a - r0, b - c0) for a, b in cells)))
        found = grown
    return tuple(sorted(found))


@dataclass(frozen=True)
class Placement:
    cells: dict[Cell, int]  # each cell -> its neighbours within the placement
    inner: tuple[int, ...]  # the sides inside it (indices into Walls.pairs())
    rim: tuple[int, ...]  # the sides across its rim


@lru_cache(maxsize=None)
def placements(rows: int, cols: int, k: int) -> tuple[Placement, ...]:
    index = {pair: i for i, pair in enumerate(Walls(rows, cols).pairs())}
    out = []
    for s in shapes(k):
        q0 = set(s)
        steps = [(x, [(y, y in q0) for y in ((x[0] - 1, x[1]), (x[0] + 1, x[1]),
                                               (x[0], x[1] - 1), (x[0], x[1] + 1))]) for x in s]
        for dr in range(rows - max(a for a, _ in s)):
            for dc in range(cols - max(b for _, b in s)):
                cells, inner, rim = {}, [], []
                for (a, b), near in steps:
                    x, d = (a + dr, b + dc), 0
                    for (ya, yb), mine in near:
                        y = (ya + dr, yb + dc)
                        j = index.get((x, y) if x < y else (y, x))
                        if j is None:
                            continue
                        if not mine:
                            rim.append(j)
                        else:
                            d += 1
                            if x < y:
                                inner.append(j)
                    cells[x] = d
                out.append(Placement(cells, tuple(inner), tuple(rim)))
    return tuple(out)


@lru_cache(maxsize=None)
def other_degree(rows: int, cols: int, k: int, cell: Cell, d: int) -> frozenset[int]:
    """The placements over ``cell`` that give it other than ``d`` neighbours within."""
    every = placements(rows, cols, k)
    return frozenset(i for i in covering(rows, cols, k)[cell] if every[i].cells[cell] != d)


@lru_cache(maxsize=None)
def covering(rows: int, cols: int, k: int) -> dict[Cell, list[int]]:
    """Each cell's placements (indices into :func:`placements`)."""
    out: dict[Cell, list[int]] = {}
    for i, q in enumerate(placements(rows, cols, k)):
        for x in q.cells:
            out.setdefault(x, []).append(i)
    return out


def place(i: int) -> tuple[str, int]:
    """The selector atom of placement i."""
    return ("place", i)


class SizeDivision(Rule):
    """The cells fall into pieces of exactly k cells (see the module)."""

    def __init__(self, rows: int, cols: int, k: int, skip: AbstractSet[int] = frozenset()):
        self.rows, self.cols, self.k, self.skip = rows, cols, k, skip
        self.layer = Walls(rows, cols)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "the division is a rule of the genre"
        pairs = self.layer.pairs()
        border = [e[between(x, y)] for x, y in pairs]
        cover: dict[Cell, list[Lit]] = {(r, c): [] for r in range(self.rows) for c in range(self.cols)}
        inside: list[list[Lit]] = [[] for _ in pairs]
        clauses = []
        for i, q in enumerate(placements(self.rows, self.cols, self.k)):
            if i in self.skip:
                continue
            s = e[place(i)]
            for x in q.cells:
                cover[x].append(s)
            for j in q.inner:
                inside[j].append(s)
                clauses.append([-s, -border[j]])
            clauses += [[-s, border[j]] for j in q.rim]
        clauses += [[border[j], *lits] for j, lits in enumerate(inside)]
        clauses += list(cover.values())
        e.b.add_clauses(clauses)  # (no two selected placements overlap: see the module)

    def check(self, v: Values) -> list[Violation]:
        found, of = pieces(v, self.layer)
        k = self.k
        out = [Violation(f"bkSizeLt{k}", f"a piece has {len(p)} cells, fewer than {k}", tuple(p))
               for p in found if len(p) < k]
        out += inner_borders(v, self.layer, of)
        return out + [Violation(f"bkSizeGt{k}", f"a piece has {len(p)} cells, more than {k}", tuple(p))
                      for p in found if len(p) > k]


__all__ = ["shapes", "Placement", "placements", "covering", "other_degree", "place", "SizeDivision"]
