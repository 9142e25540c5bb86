"""Bridges: straight runs of line segments from one node cell to the next.

For genres whose lines run straight across empty cells between marked cells and may be
doubled (Hashiwokakero; any genre of straight links between nodes). The atom
``("b", r, c, "R"|"D", k)`` says "at least ``k`` bridges on the segment between the
centres of r,c and its right / down neighbour" (k = 1..``most``; k + 1 implies k), so
the number of bridges at a node is the number of true atoms on its sides.

The :class:`Bridges` layer covers the cells bridges pass *through*; every other cell is
a node, where bridges end. A through cell's character names its axis and count (``.``
none, ``-`` ``=`` one / two across, ``|`` ``H`` one / two down). That a bridge goes
straight on with the same count, and that two never cross, are rules
(:class:`Straight`, :class:`NoCross`) rather than layer clauses: the check face reads
each character's claim on its own, so neighbouring characters that disagree (a ``-``
beside a ``.``) break a rule there instead of passing unseen.
"""
from __future__ import annotations

import random
from typing import Callable, Iterator, Sequence

from ...puzzle import Cell, Puzzle, Violation
from .lattice import inside
from .model import Atom, Encoder, Layer, Lit, Rule, Values, bad_char

STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
AXES = {"h": ("E", "W"), "v": ("S", "N")}


def seg(cell: Cell, d: str, k: int = 1) -> Atom:
    """The atom "at least k bridges leave ``cell`` in direction ``d``"."""
    r, c = cell
    if d == "E":
        return ("b", r, c, "R", k)
    if d == "S":
        return ("b", r, c, "D", k)
    if d == "W":
        return ("b", r, c - 1, "R", k)
    return ("b", r - 1, c, "D", k)


def sides(puzzle: Puzzle, cell: Cell) -> list[str]:
    """The directions in which ``cell`` has a neighbour inside the grid."""
    return [d for d, (dr, dc) in STEP.items()
            if inside(puzzle.rows, puzzle.cols, (cell[0] + dr, cell[1] + dc))]


def end_atoms(puzzle: Puzzle, cell: Cell, most: int = 2) -> list[Atom]:
    """Every segment atom on the sides of a node: their true count is its bridges."""
    return [seg(cell, d, k) for d in sides(puzzle, cell) for k in range(1, most + 1)]


def links(puzzle: Puzzle, nodes: Sequence[Cell]) -> Iterator[tuple[Cell, Cell, str]]:
    """(a, b, d): node b is the first node seen from node a in direction d (E or S), with
    at least one cell between them (each pair of nodes that a bridge could join, once)."""
    found = set(nodes)
    for a in nodes:
        for d in "ES":
            dr, dc = STEP[d]
            r, c = a[0] + dr, a[1] + dc
            gap = 0
            while inside(puzzle.rows, puzzle.cols, (r, c)) and (r, c) not in found:
                r, c, gap = r + dr, c + dc, gap + 1
            if gap and inside(puzzle.rows, puzzle.cols, (r, c)):
                yield a, (r, c), d


class Bridges(Layer):
    """Bridges through the layer's cells (at most ``most`` side by side), written with
    ``across`` / ``down`` characters by count, ``blank`` for none."""

    name = "bridges"

    def __init__(self, most: int = 2, across: str = "-=", down: str = "|H", blank: str = "."):
        self.most = most
        self.table: dict[tuple[str, int], str] = {("", 0): blank}
        for k in range(1, most + 1):
            self.table[("h", k)], self.table[("v", k)] = across[k - 1], down[k - 1]
        self.claims = {ch: key for key, ch in self.table.items()}
        self.chars = " ".join(self.table.values())

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        for cell in cells:
            for d in sides(e.puzzle, cell):
                for k in range(1, self.most + 1):
                    fresh = seg(cell, d, k) not in e.lits
                    lit = e[seg(cell, d, k)]
                    if fresh and k > 1:
                        e.b.add_clause([-lit, e[seg(cell, d, k - 1)]])

    def count(self, cell: Cell, axis: str, truth: Callable[[Atom], bool]) -> int:
        return max(sum(truth(seg(cell, d, k)) for k in range(1, self.most + 1))
                   for d in AXES[axis])

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        h, v = self.count(cell, "h", truth), self.count(cell, "v", truth)
        return "?" if h and v else self.table[("h", h) if h else ("v", v) if v else ("", 0)]

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        claim = self.claims.get(ch)
        if claim is None:
            raise bad_char(ch, cell, self.chars, where)
        v.cell.setdefault(self.name, {})[cell] = claim
        axis, n = claim
        for d in AXES[axis] if axis else ():
            if d in sides(v.puzzle, cell):
                for k in range(1, n + 1):
                    v.truth[seg(cell, d, k)] = True  # a neighbour may claim more: rules see it

    def _parts(self, e: Encoder, cell: Cell, ch: str) -> list[Lit] | None:
        """Literals all true iff the cell is ``ch`` (None: it never can be)."""
        axis, n = self.claims[ch]
        out = []
        for ax, (d1, d2) in AXES.items():
            d = d1 if seg(cell, d1) in e.lits else d2 if seg(cell, d2) in e.lits else None
            want = n if ax == axis else 0
            if d is None:
                if want:
                    return None
                continue
            out += [e.lits[seg(cell, d, k)] * (1 if k <= want else -1)
                    for k in range(1, self.most + 1)]
        return out

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        key = ("agree", cell, ch)
        if key not in e.lits:
            parts = self._parts(e, cell, ch)
            e.lits[key] = (-e.b.true if parts is None else
                           e.reify_and(parts) if parts else e.b.true)
        return e.lits[key]

    def block(self, e: Encoder, cell: Cell, ch: str) -> list[Lit]:
        parts = self._parts(e, cell, ch)
        return [e.b.true] if parts is None else [-lit for lit in parts]

    def phases(self, e: Encoder, cells: Sequence[Cell], rng: random.Random,
               density: float) -> list[Lit]:
        return [e.lits[seg(x, d)] * (1 if rng.random() < density else -1)
                for x in cells for d in sides(e.puzzle, x)]


class Straight(Rule):
    """A bridge entering a through cell leaves it on the far side with the same count
    (so bridges end only at nodes, never in an empty cell or at the grid's edge)."""

    def __init__(self, puzzle: Puzzle, cells: Sequence[Cell], most: int = 2,
                 code: str = "lnDeadEnd", message: str = "a bridge ends in an empty cell"):
        self.puzzle, self.cells, self.most = puzzle, list(cells), most
        self.code, self.message = code, message

    def pairs(self, cell: Cell) -> Iterator[tuple[Atom | None, Atom | None]]:
        here = sides(self.puzzle, cell)
        for d1, d2 in AXES.values():
            for k in range(1, self.most + 1):
                yield (seg(cell, d1, k) if d1 in here else None,
                       seg(cell, d2, k) if d2 in here else None)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for cell in self.cells:
            for a, b in self.pairs(cell):
                if a is None and b is None:
                    continue
                if a is None or b is None:
                    e.clause([-e[a or b]], guard)
                else:
                    e.clause([-e[a], e[b]], guard)
                    e.clause([e[a], -e[b]], guard)

    def check(self, v: Values) -> list[Violation]:
        bad = [x for x in self.cells
               if any((a is not None and v[a]) != (b is not None and v[b]) for a, b in self.pairs(x))]
        return [self.broken(bad)] if bad else []


class NoCross(Rule):
    """No through cell carries bridges across and down at once."""

    def __init__(self, puzzle: Puzzle, cells: Sequence[Cell], code: str = "lnCross",
                 message: str = "two bridges cross"):
        self.puzzle, self.cells = puzzle, list(cells)
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for cell in self.cells:
            here = sides(self.puzzle, cell)
            for h in (d for d in AXES["h"] if d in here):
                for w in (d for d in AXES["v"] if d in here):
                    e.clause([-e[seg(cell, h)], -e[seg(cell, w)]], guard)

    def check(self, v: Values) -> list[Violation]:
        bad = [x for x in self.cells if any(v[seg(x, d)] for d in AXES["h"])
               and any(v[seg(x, d)] for d in AXES["v"])]
        return [self.broken(bad)] if bad else []


__all__ = ["Bridges", "Straight", "NoCross", "seg", "sides", "end_atoms", "links"]
