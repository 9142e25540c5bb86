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
each character's claim on its own, so a bridge that runs off the grid or into a node
from the side breaks a rule there instead of passing unseen. Two through cells side by
side that disagree on the bridges between them (a ``-`` beside a ``.``, or a ``.``
between two ``-``, which the shared atoms alone would read as a ``-``) make an answer
that contradicts itself: a one-line InputError naming the cell.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Iterator, Optional, Sequence

from ...errors import InputError
from ...puzzle import Cell, Puzzle, Violation
from .lattice import inside
from .model import Atom, Encoder, Layer, Lit, Rule, Values, bad_char

if TYPE_CHECKING:
    from ..contract import Symmetry

STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
AXES = {"h": ("E", "W"), "v": ("S", "N")}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _on(claim: tuple[str, int], d: str) -> int:
    """How many bridges a through cell's claim (axis, count) puts on its side ``d``."""
    return claim[1] if claim[0] and d in AXES[claim[0]] else 0


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
        for cell in cells:  # up front, so that every model gives them values (analyses)
            for ch in self.claims:
                self.agree(e, cell, ch)

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
        claims = v.cell.setdefault(self.name, {})
        claims[cell] = claim
        axis, n = claim
        for d in ("N", "W"):  # the neighbours read before (rows top down, left to right)
            there = (cell[0] + STEP[d][0], cell[1] + STEP[d][1])
            if there in claims and _on(claim, d) != _on(claims[there], OPPOSITE[d]):
                raise InputError(f"r{cell[0] + 1}c{cell[1] + 1}: {ch!r} and "
                                 f"{self.table[claims[there]]!r} at r{there[0] + 1}c{there[1] + 1} "
                                 f"disagree on the bridges between them", where)
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
        return [-self.agree(e, cell, ch)]

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


def _maps(sym: Optional["Symmetry"]) -> list[Callable[[Cell], Cell]]:
    """The cell maps of a symmetry's group (identity first)."""
    def power(j: int) -> Callable[[Cell], Cell]:
        def g(x: Cell) -> Cell:
            for _ in range(j):
                x = sym.image(x)  # type: ignore[union-attr]
            return x
        return g
    return [power(j) for j in range(1 if sym is None else 4 if sym.kind == "quarter" else 2)]


def random_network(rows: int, cols: int, rng: random.Random, target: int,
                   sym: Optional["Symmetry"] = None, close: float = 0.3
                   ) -> tuple[set[Cell], dict[Cell, tuple[str, int]]]:
    """Nodes and bridges that obey :class:`Straight`, :class:`NoCross` and connectivity,
    no two nodes touching: from a seed, grow a new node at the end of a new bridge (one
    or two, straight across free cells), now and then (``close``) closing a cycle onto
    a node in sight instead, until ``target`` nodes or no room. With ``sym``, every step
    comes with its images, and the seed is the corners of a rectangle the symmetry maps
    onto itself (joined by double bridges), so the network is connected and symmetric.
    Returns the nodes and each through cell's (axis, count); no nodes: no seed fits."""
    maps = _maps(sym)
    nodes: set[Cell] = set()
    order: list[Cell] = []  # the nodes in the order they came (a deterministic choice)
    cells: dict[Cell, tuple[str, int]] = {}
    joined: set[tuple[Cell, Cell]] = set()

    def free(x: Cell) -> bool:
        return inside(rows, cols, x) and x not in cells and x not in nodes

    def add(steps: list[tuple[Cell, Cell, list[Cell]]], new: set[Cell], n: int) -> bool:
        links: dict[tuple[Cell, Cell], list[Cell]] = {}
        for a, b, path in steps:
            for g in maps:
                links[min(g(a), g(b)), max(g(a), g(b))] = [g(x) for x in path]
        news = {g(x) for x in new for g in maps}
        used = [x for path in links.values() for x in path]
        every = nodes | news
        if (len(used) != len(set(used)) or not all(map(free, used)) or not all(map(free, news))
                or news & set(used) or joined & set(links)
                or any((x[0] + dr, x[1] + dc) in every for x in news for dr, dc in STEP.values())):
            return False
        order.extend(sorted(news - nodes))
        nodes.update(news)
        for (a, b), path in links.items():
            joined.add((a, b))
            for x in path:
                cells[x] = ("h" if a[0] == b[0] else "v", n)
        return True

    for _ in range(100):
        r, c = rng.randrange(rows), rng.randrange(cols)
        if sym is None:
            nodes.add((r, c))
            order.append((r, c))
            break
        r, c = (r, r) if sym.kind == "quarter" else (r, c)
        y, x = rows - 1 - r, cols - 1 - c
        sides = [(p, q) for p, q in (((r, c), (r, x)), ((y, c), (y, x)), ((r, c), (y, c)),
                                     ((r, x), (y, x))) if p != q]
        if add([(p, q, _between(p, q)) for p, q in sides], {(r, c), (r, x), (y, c), (y, x)}, 2):
            break
    for _ in range(60 * target):
        if len(nodes) >= target or not nodes:
            break
        a = rng.choice(order)
        dr, dc = STEP[rng.choice("NESW")]
        run: list[Cell] = []
        end = (a[0] + dr, a[1] + dc)
        while free(end):
            run.append(end)
            end = (end[0] + dr, end[1] + dc)
        if run and end in nodes and rng.random() < close:
            add([(a, end, run)], set(), rng.choice((1, 2)))
        elif len(run) > 1:
            i = rng.randrange(1, len(run))
            add([(a, run[i], run[:i])], {run[i]}, rng.choice((1, 2)))
    return nodes, cells


def _between(a: Cell, b: Cell) -> list[Cell]:
    """The cells strictly between two cells of one row or column."""
    if a[0] == b[0]:
        return [(a[0], c) for c in range(min(a[1], b[1]) + 1, max(a[1], b[1]))]
    return [(r, a[1]) for r in range(min(a[0], b[0]) + 1, max(a[0], b[0]))]


__all__ = ["Bridges", "Straight", "NoCross", "seg", "sides", "end_atoms", "links",
           "random_network"]
