"""Loops: lines through cells (the :class:`~.layers.Lines` layer) and loops around cells.

Lines through cell centres (Masyu; later Country Road, Yajilin, Grand Tour, Numberlink):

* :class:`LineDegrees`: the check face of the degrees the Lines layer allows (its setup
  states the clauses): a dead end (``lnDeadEnd``), a branch (``lnBranch``), a crossing
  (``lnCross``);
* :class:`SingleLoop`: there are lines (``brNoLine``) and they form one piece
  (``lnPlLoop``): :class:`~.rules.Connected` over the cells whose "used" atom is the OR
  of their edges, with the edge atoms as the graph's edges. Its lazy cuts are subtour
  cuts: a closed sub-loop K and a used cell b elsewhere give "a cell of K unused, or b
  unused, or some edge leaving K's cells used", which rules out every shape of lines
  shut inside K's cells at once, not just this one sub-loop;
* :class:`MustVisit`: these cells have a line (``lnIsolate`` unless a genre names its own).

A loop along grid lines around a set of cells (Slitherlink, Cave): :func:`region_loop`
gives the rules that make the boundary of the cells whose atom is true one simple loop.
"""
from __future__ import annotations

from typing import AbstractSet, Callable, Hashable, Iterable

from ...puzzle import Cell, Puzzle, Violation
from .layers import STEP, edge_atom
from .model import S, Atom, Encoder, Lazy, Lit, Rule, Values
from .rules import Connected, Count, NotAll


def cell_edges(cell: Cell, cells: AbstractSet[Cell]) -> list[Atom]:
    """The edge atoms from ``cell`` to its neighbours among ``cells`` (order N, E, S, W)."""
    r, c = cell
    return [edge_atom(cell, d) for d, (dr, dc) in STEP.items() if (r + dr, c + dc) in cells]


def used(cell: Cell) -> Atom:
    """The derived atom "a line leaves this cell" (:class:`SingleLoop`)."""
    return ("used", cell[0], cell[1])


def outside(cell: Cell) -> Atom:
    """The derived atom "this cell is outside the loop" (:func:`region_loop`)."""
    return ("outside", cell[0], cell[1])


def degree(v: Values, cell: Cell) -> int:
    """How many lines leave ``cell`` in an answer."""
    return sum(1 for d in STEP if v[edge_atom(cell, d)])


class _Derived(Lazy):
    """A lazy part over atoms that an answer does not spell out (a cell's "used", a
    cell's "outside"): ``fill`` sets them from the answer's atoms before each look."""

    def __init__(self, inner: Lazy, fill: Callable[[Values], None]):
        self.inner, self.fill = inner, fill

    @property
    def cuts_added(self) -> int:
        return int(getattr(self.inner, "cuts_added", 0))

    def cuts(self, values: Values) -> list[list[Lit]]:
        self.fill(values)
        return self.inner.cuts(values)

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        return self.inner.partial_cuts(true)

    def prepare(self, puzzle: Puzzle) -> None:
        self.inner.prepare(puzzle)


class LineDegrees(Rule):
    """Each cell has 0 or 2 lines (1 where ``ends``, 4 where ``cross``). The clauses are
    the Lines layer's own (made with the same options); this rule is their check face."""

    def __init__(self, cells: Iterable[Cell], ends: bool = False, cross: bool = False):
        self.cells, self.ends, self.cross = tuple(cells), ends, cross

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        """Nothing: :meth:`.layers.Lines.setup` states the degrees."""

    def check(self, v: Values) -> list[Violation]:
        bad: dict[str, list[Cell]] = {}
        for cell in self.cells:
            k = degree(v, cell)
            if k == 1 and not self.ends:
                bad.setdefault("lnDeadEnd", []).append(cell)
            elif k == 3:
                bad.setdefault("lnBranch", []).append(cell)
            elif k == 4 and not self.cross:
                bad.setdefault("lnCross", []).append(cell)
        words = {"lnDeadEnd": "a line ends in a cell", "lnBranch": "a line branches in a cell",
                 "lnCross": "lines cross in a cell"}
        return [Violation(code, words[code], tuple(cells)) for code, cells in bad.items()]


class MustVisit(Rule):
    """Each of these cells has a line."""

    def __init__(self, cells: Iterable[Cell], live: AbstractSet[Cell], code: str = "lnIsolate",
                 message: str = "a cell that needs a line has none"):
        self.cells, self.live = tuple(cells), frozenset(live)
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for cell in self.cells:
            e.clause([e[a] for a in cell_edges(cell, self.live)], guard)

    def check(self, v: Values) -> list[Violation]:
        bare = [c for c in self.cells if degree(v, c) == 0]
        return [self.broken(bare)] if bare else []


class SingleLoop(Rule):
    """The lines among ``cells`` exist and form one connected piece (with the degrees of
    :class:`LineDegrees`: one loop, or one path where ends are allowed)."""

    code = "lnPlLoop"
    message = "the lines form {k} loops, not one"

    def __init__(self, cells: Iterable[Cell]):
        self.cells = tuple(cells)
        live = frozenset(self.cells)
        self.edges = [(a, b, edge_atom(a, d)) for a in self.cells for d in "ES"
                      if (b := (a[0] + STEP[d][0], a[1] + STEP[d][1])) in live]
        self.incident = {c: cell_edges(c, live) for c in self.cells}
        self.inner = Connected({c: used(c) for c in self.cells}, self.edges, self.code,
                               self.message)

    def fill(self, v: Values) -> None:
        for cell, atoms in self.incident.items():
            v.truth[used(cell)] = any(v[a] for a in atoms)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "a single loop is a rule of the genre, never a clue"
        for cell, atoms in self.incident.items():
            lits = [e.lits[a] for a in atoms if a in e.lits]
            if lits:
                e.lits[used(cell)] = e.reify_or(lits)
            else:  # a cell no line can reach (a 1x1 grid)
                e.fix(used(cell), False)
        e.clause([e.lits[a] for _, _, a in self.edges if a in e.lits])
        self.inner.encode(e)
        e.lazy.append(_Derived(e.lazy.pop(), self.fill))

    def check(self, v: Values) -> list[Violation]:
        if not any(v[a] for _, _, a in self.edges):
            return [Violation("brNoLine", "there is no line", ())]
        self.fill(v)
        return self.inner.check(v)


class _Outside(Rule):
    """The cells whose atom is false and the area around the grid form one piece: on the
    grid with a ring of cells around it that always belong (the grid connectivity's
    tuned cuts, and its partial cuts for explain), cell (r, c) being node (r + 1, c + 1)."""

    code = "lnPlLoop"
    message = "the loop shuts in {k} outside area(s) apart from the grid's outside"

    def __init__(self, puzzle: Puzzle, inside: Callable[[Cell], Atom], code: str = "lnPlLoop"):
        self.code = code
        self.inside = {c: inside(c) for c in puzzle.cells()}
        rows, cols = puzzle.rows + 2, puzzle.cols + 2
        nodes: dict[Hashable, Atom | None] = {(r, c): None for r in range(rows) for c in range(cols)}
        nodes.update({(r + 1, c + 1): outside((r, c)) for r, c in self.inside})
        self.inner = Connected(nodes, [], self.code, self.message, grid=(rows, cols))

    def fill(self, v: Values) -> None:
        for cell, atom in self.inside.items():
            v.truth[outside(cell)] = not v[atom]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "a single loop is a rule of the genre, never a clue"
        for cell, atom in self.inside.items():
            out = e.lits[outside(cell)] = e.b.new_var()
            e.clause([out, e[atom]])
            e.clause([-out, -e[atom]])
        self.inner.encode(e)
        e.lazy.append(_Derived(e.lazy.pop(), self.fill))

    def check(self, v: Values) -> list[Violation]:
        self.fill(v)
        comps = self.inner.components(v)
        if len(comps) <= 1:
            return []
        shut: list[Cell] = [(n[0] - 1, n[1] - 1) for comp in comps if (0, 0) not in comp
                            for n in comp if isinstance(n, tuple)]
        return [self.broken(shut, self.message.format(k=len(comps) - 1))]


def region_loop(puzzle: Puzzle, inside: Callable[[Cell], Atom] = S, inside_code: str = "lnPlLoop",
                outside_code: str = "lnPlLoop") -> list[Rule]:
    """Rules that make the boundary of the cells whose ``inside`` atom is true (the area
    around the grid counts as outside) one simple loop along the grid lines.

    A boundary has an even number of edges at every grid point, so it is a union of
    loops that meet only at points where two diagonal cells are inside and the other two
    outside. With no such point it is disjoint simple loops, and k of them cut the plane
    into k + 1 pieces, each one edge-connected set of cells, inside and outside in turn.
    So: one loop exactly when some cell is inside (``brNoLine``), no such point
    (``lnCross``: four lines meet there), the inside cells are connected and the outside
    cells with the area around the grid are connected (``lnPlLoop`` either way, or a
    genre's ``inside_code`` / ``outside_code``)."""
    cells = list(puzzle.cells())
    out: list[Rule] = [Count([inside(c) for c in cells], 1, (), "brNoLine", "there is no loop", ">=")]
    for r in range(puzzle.rows - 1):
        for c in range(puzzle.cols - 1):
            a, b, x, y = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
            for on, off in (((a, y), (b, x)), ((b, x), (a, y))):
                out.append(NotAll([inside(z) for z in on], (a, b, x, y), "lnCross",
                                  "the loop touches itself at a grid point",
                                  negated=[inside(z) for z in off]))
    out.append(Connected({c: inside(c) for c in cells}, [], inside_code,
                         "the loop's inside falls into {k} pieces, so there is more than one "
                         "loop", grid=(puzzle.rows, puzzle.cols)))
    out.append(_Outside(puzzle, inside, outside_code))
    return out


def loop_sides(v: Values, puzzle: Puzzle, cell: Cell, inside: Callable[[Cell], Atom] = S) -> int:
    """How many sides of ``cell`` lie on the loop around the inside cells (a neighbour
    across the side is on the other side of the loop; the grid's outside is outside)."""
    mine = v[inside(cell)]
    out = 0
    for dr, dc in STEP.values():
        n = (cell[0] + dr, cell[1] + dc)
        there = v[inside(n)] if 0 <= n[0] < puzzle.rows and 0 <= n[1] < puzzle.cols else False
        out += there != mine
    return out


__all__ = ["LineDegrees", "MustVisit", "SingleLoop", "region_loop", "loop_sides", "cell_edges",
           "degree"]
