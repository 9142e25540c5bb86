"""Shading pieces shared by Mochikoro, Tapa and their kin, each with both faces:

* :class:`Rectangles`: every edge-connected piece of unshaded (or shaded) cells is a
  rectangle. Local: a piece turns a corner exactly where a 2x2 block has three of its
  cells (Mochikoro's unshaded areas);
* :class:`ConnectedAround`: the unshaded (or shaded) cells form one piece when cells
  that touch at a corner count as joined (Mochikoro's diagonal connection), lazily;
* :class:`Table`: some atoms take one of a list of allowed value rows (a clue that names
  the pattern around it: Tapa), encoded with one selector per row, so that unit
  propagation alone finds every value no allowed row leaves open.
"""
from __future__ import annotations

from collections import deque
from typing import AbstractSet, Iterable, Sequence

from ...puzzle import Cell, Violation
from .lattice import AROUND
from .model import S, Atom, Encoder, Lazy, Lit, Rule, Values


def pieces(cells: Iterable[Cell], steps: Sequence[tuple[int, int]]) -> list[list[Cell]]:
    """The pieces of a set of cells, joined along ``steps`` (largest first, each in
    reading order of discovery)."""
    todo_cells = set(cells)
    out = []
    for start in sorted(todo_cells):
        if start not in todo_cells:
            continue
        todo_cells.discard(start)
        piece, todo = [start], deque([start])
        while todo:
            r, c = todo.popleft()
            for dr, dc in steps:
                y = (r + dr, c + dc)
                if y in todo_cells:
                    todo_cells.discard(y)
                    piece.append(y)
                    todo.append(y)
        out.append(piece)
    out.sort(key=len, reverse=True)
    return out


ORTHO_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


class _Members:
    """Cells of a rows x cols grid that are unshaded (``shaded``: shaded)."""

    rows: int
    cols: int
    shaded: bool

    def member(self, e: Encoder, cell: Cell) -> Lit:
        lit = e[S(cell)]
        return lit if self.shaded else -lit

    def members(self, v: Values) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)
                if v[S((r, c))] == self.shaded]


class Rectangles(_Members, Rule):
    """Every edge-connected piece of unshaded cells (``shaded``: shaded) is a rectangle.

    Encoded as "no 2x2 block holds exactly three member cells" (a piece that is no
    rectangle has an inner corner, and the block around it holds three of its cells);
    checked by comparing each piece with its bounding box."""

    def __init__(self, rows: int, cols: int, code: str, message: str, shaded: bool = False):
        self.rows, self.cols, self.shaded = rows, cols, shaded
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for r in range(self.rows - 1):
            for c in range(self.cols - 1):
                lits = [self.member(e, x) for x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))]
                for i in range(4):
                    e.clause([lits[i]] + [-x for j, x in enumerate(lits) if j != i], guard)

    def check(self, v: Values) -> list[Violation]:
        out = []
        for piece in pieces(self.members(v), ORTHO_STEPS):
            rs, cs = [x[0] for x in piece], [x[1] for x in piece]
            if (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) != len(piece):
                out.append(self.broken(piece))
        return out


class ConnectedAround(_Members, Rule):
    """The unshaded cells (``shaded``: shaded) form one piece, cells that share an edge
    or a corner counting as joined. Lazily: each piece K of an answer with several gets
    the cut "a cell of K and a cell of another piece both members means some cell
    around K is one" (valid in every answer: a path between them leaves K)."""

    def __init__(self, rows: int, cols: int, code: str, message: str, shaded: bool = False):
        self.rows, self.cols, self.shaded = rows, cols, shaded
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "connectivity is a rule of the genre, never a clue"
        e.lazy.append(_AroundCuts(self, e))

    def check(self, v: Values) -> list[Violation]:
        found = pieces(self.members(v), AROUND)
        stray = [x for piece in found[1:] for x in piece]
        return [self.broken(stray, self.message.format(k=len(found)))] if stray else []


class _AroundCuts(Lazy):
    def __init__(self, rule: ConnectedAround, e: Encoder):
        self.rule, self.e = rule, e
        self.cuts_added = 0

    def cuts(self, values: Values) -> list[list[Lit]]:
        rule, e = self.rule, self.e
        found = pieces(rule.members(values), AROUND)
        if len(found) < 2:
            return []
        out = []
        for i, piece in enumerate(found):
            inside = set(piece)
            other = found[1 if i == 0 else 0]
            ring = {(r + dr, c + dc) for r, c in piece for dr, dc in AROUND}
            ring = {y for y in ring if y not in inside and 0 <= y[0] < rule.rows
                    and 0 <= y[1] < rule.cols}
            out.append([-rule.member(e, piece[0]), -rule.member(e, other[0])]
                       + [rule.member(e, y) for y in sorted(ring)])
        self.cuts_added += len(out)
        return out

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        """Under a partial assignment, the cells not known outside split into pieces; a
        piece K with a cell d known inside is walled off by its ring (all known outside),
        so "d and x members means a ring cell is one" holds for x of any other piece
        and is unit now (false for x known inside). As the grid's own partial cuts."""
        rule, e = self.rule, self.e
        m = {(r, c): rule.member(e, (r, c)) for r in range(rule.rows) for c in range(rule.cols)}
        found = pieces([x for x, lit in m.items() if -lit not in true], AROUND)
        anchored = [(k, d) for k, piece in enumerate(found)
                    if (d := next((x for x in piece if m[x] in true), None)) is not None]
        out: list[list[Lit]] = []
        for k, d in anchored[:2]:
            inside = set(found[k])
            ring = sorted({(r + dr, c + dc) for r, c in inside for dr, dc in AROUND} - inside)
            tail = [m[y] for y in ring if y in m]
            others = [x for j, piece in enumerate(found) if j != k for x in piece]
            if len(anchored) > 1:
                others = [next(x for j, x in anchored if j != k)]
            out.extend([-m[d], -m[x]] + tail for x in others)
        return out


class Table(Rule):
    """The atoms take one of the ``allowed`` rows of truth values.

    Encoded with a selector per row: the selector fixes every atom, some selector holds
    (behind the guard), and each atom value names the selectors that allow it (so a
    value no remaining row allows is ruled out by propagation). ``check`` compares the
    answer's values with the rows; subclasses word the violation."""

    def __init__(self, atoms: Sequence[Atom], allowed: Iterable[Sequence[bool]],
                 cells: Sequence[Cell], code: str, message: str):
        self.atoms, self.cells = list(atoms), tuple(cells)
        self.allowed = sorted({tuple(row) for row in allowed})
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        g = [] if guard is None else [-guard]
        lits = [e[a] for a in self.atoms]
        sel = [e.b.new_var() for _ in self.allowed]
        e.b.add_clause(g + sel)
        for s, row in zip(sel, self.allowed):
            e.b.add_clauses([[-s, x if on else -x] for x, on in zip(lits, row)])
        for i, x in enumerate(lits):
            e.b.add_clause(g + [-x] + [s for s, row in zip(sel, self.allowed) if row[i]])
            e.b.add_clause(g + [x] + [s for s, row in zip(sel, self.allowed) if not row[i]])

    def holds(self, v: Values) -> bool:
        return tuple(v[a] for a in self.atoms) in set(self.allowed)

    def check(self, v: Values) -> list[Violation]:
        return [] if self.holds(v) else [self.broken(self.cells)]
