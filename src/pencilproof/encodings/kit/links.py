"""Linking cells, with both faces: paths between terminals (Numberlink) and dominoes
(Dominos), both drawn on the :class:`~.layers.Lines` layer with path ends.

* :class:`TerminalPaths`: the lines join the terminals in pairs: every terminal is the
  end of exactly one path, any other cell has no line or two, no path runs without
  terminals (a loop), and each path's ends agree in value (a colour per cell, equal
  along every line); :class:`TerminalValue`: a terminal's value (a clue's rule);
* :class:`DominoTiling`: every cell lies in exactly one domino (exactly one line);
  :class:`DistinctDominoes`: no two dominoes carry the same pair of numbers, where a
  cell without a given number takes whichever one keeps them all different;
* :func:`shortest_paths_lemma`: what every Numberlink answer of the fewest cells on
  lines (and of those the lowest) meets, as a :class:`~..contract.Lemma` the
  uniqueness check solves under first (the proof is below, at the function);
* :class:`ValuedEncoded`: an encoding whose decoded answers also carry values the rows
  do not show (a path's colour at a ``?`` terminal, a blank cell's number) as their
  layout's givens, so the generator can ask which clue an answer breaks;
* drawn paths: :func:`random_path` (a random Hamiltonian path), :func:`pipe_rows` (paths
  as answer rows), :func:`partner` (where a path drawn in answer rows ends).
"""
from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import Any, Mapping, Optional, Sequence

from ...puzzle import Cell, Puzzle, Solution, Violation
from ..contract import Lemma
from ..cnf import at_most_one, at_most_one_linear
from .genre import KitAnswer, KitEncoded
from .layers import PIPE_DIRS, PIPES, STEP, Lines, edge_atom
from .loops import cell_edges, degree
from .model import N, Atom, Encoder, Lazy, Lit, Rule, Values


def colour(cell: Cell, value: int) -> Atom:
    """The atom "this cell's path has this colour (its terminals' value)"."""
    return ("col", cell[0], cell[1], value)


def line_pieces(v: Values, cells: Sequence[Cell]) -> list[list[Cell]]:
    """The edge-connected pieces of cells with lines (joined along the lines)."""
    live = set(cells)
    seen: set[Cell] = set()
    return [_piece(v, live, x, seen) for x in cells if x not in seen and degree(v, x)]


def _piece(v: Values, live: set[Cell], x: Cell, seen: set[Cell]) -> list[Cell]:
    """The cells joined to x along lines (x's piece), sorted; each is added to ``seen``."""
    seen.add(x)
    piece, todo = [x], [x]
    while todo:
        y = todo.pop()
        for d, (dr, dc) in STEP.items():
            z = (y[0] + dr, y[1] + dc)
            if z in live and z not in seen and v[edge_atom(y, d)]:
                seen.add(z)
                piece.append(z)
                todo.append(z)
    return sorted(piece)


class PathLines(Lines):
    """The :class:`~.layers.Lines` layer with path ends, set up in one batch: the same
    atoms, ``agree`` literals and clauses as :meth:`Lines.setup <.layers.Lines.setup>`,
    added as one list (clause by clause it took a third of a 10x10 Numberlink's
    encoding; its degree clauses here are "no three lines" alone)."""

    def __init__(self) -> None:
        super().__init__(ends=True)

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        live = frozenset(cells)
        for r, c in cells:
            if (r, c + 1) in live:
                e.atom(("e", r, c, "R"))
            if (r + 1, c) in live:
                e.atom(("e", r, c, "D"))
        lits_of, new_var, out = e.lits, e.b.new_var, []
        for cell in cells:
            here = [(d, lits_of[a]) for d in STEP if (a := edge_atom(cell, d)) in lits_of]
            if len(here) == 4:  # degrees 0-2: no three lines (Lines.setup: no three and
                out += [[-lit for k, (_, lit) in enumerate(here) if k != skip] for skip in range(4)]
            elif len(here) == 3:  # the fourth off, nor four; the same answers)
                out.append([-lit for _, lit in here])
            near = {d for d, _ in here}
            for ch, dirs in PIPE_DIRS.items():
                key = ("agree", cell, ch)
                if len(dirs) > 2 or not dirs <= near or key in lits_of:
                    continue
                lits = [lit if d in dirs else -lit for d, lit in here]
                if not lits:
                    lits_of[key] = e.b.true
                elif len(lits) == 1:
                    lits_of[key] = lits[0]
                else:
                    x = lits_of[key] = new_var()
                    out += [[-x, lit] for lit in lits]
                    out.append([x, *(-lit for lit in lits)])
        e.b.add_clauses(out)


class TerminalPaths(Rule):
    """Paths join the terminals (``terminals``: cell -> value, None a ``?``) in pairs.

    Encoded on the Lines layer (degrees 0-2): a terminal has exactly one line, another
    cell not one; every cell at most one colour of ``colours``, a terminal one, the same
    on both sides of a line (so a path's two terminals agree: their values' rules fix
    their colours); lazily, a loop K of lines without terminals gets "some cell of K has
    no line, or a line leaves K" (in an answer every line leads to a terminal). Checked
    as pzprjs (numlin.js) does: ``lcTripleNum`` (a path with three or more terminals),
    ``lcOnNum`` (a line through a terminal), ``lnDeadEnd``, ``lcIsolate`` (lines without
    a terminal), ``nmNoLine`` (a terminal without a line)."""

    code = "lcIsolate"

    def __init__(self, rows: int, cols: int, terminals: Mapping[Cell, Optional[int]],
                 colours: Sequence[int]):
        self.cells = [(r, c) for r in range(rows) for c in range(cols)]
        self.terminals, self.colours = dict(terminals), list(colours)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "paths are a rule of the genre; values switch by TerminalValue"
        b, live, terminals = e.b, set(self.cells), self.terminals
        used: dict[Cell, Lit] = {}
        out: list[list[Lit]] = []  # the clauses, added at once (a big grid's encoding time)
        col = {x: [e[colour(x, v)] for v in self.colours] for x in self.cells}
        for x in self.cells:
            lits = [e[a] for a in cell_edges(x, live)]
            if len(lits) > 1:  # "x has a line"
                u = used[x] = b.new_var()
                out += [[u, -lit] for lit in lits]
                out.append([-u, *lits])
            else:
                used[x] = lits[0] if lits else -b.true
            if x in terminals:  # exactly one line
                out.append(lits)
                out += [[-p, -q] for i, p in enumerate(lits) for q in lits[i + 1:]]
                if col[x]:
                    out.append(col[x])
            else:  # not exactly one
                out += [[-lit, *(o for o in lits if o != lit)] for lit in lits]
            out += _at_most_one(b, col[x])
        for x in self.cells:
            for d in "ES":
                y = (x[0] + STEP[d][0], x[1] + STEP[d][1])
                if y in live:
                    line = e[edge_atom(x, d)]
                    for a, c in zip(col[x], col[y]):
                        out += [[-line, -a, c], [-line, a, -c]]
        b.add_clauses(out)
        e.lazy.append(_Loops(self, e, used))

    def check(self, v: Values) -> list[Violation]:
        out = []
        found = line_pieces(v, self.cells)
        for piece in found:
            if sum(1 for x in piece if x in self.terminals) > 2:
                out.append(Violation("lcTripleNum", "a path joins three or more numbers", tuple(piece)))
        deg = {x: degree(v, x) for x in self.cells}
        for code, words, cells in (
                ("lcOnNum", "a line runs through a number", [x for x in self.terminals if deg[x] > 1]),
                ("lnDeadEnd", "a line ends in a cell without a number",
                 [x for x in self.cells if x not in self.terminals and deg[x] == 1])):
            if cells:
                out.append(Violation(code, words, tuple(sorted(cells))))
        out += [Violation("lcIsolate", "lines join no number", tuple(piece)) for piece in found
                if not any(x in self.terminals for x in piece)]
        bare = [x for x in sorted(self.terminals) if not degree(v, x)]
        return out + ([Violation("nmNoLine", "a number has no line", tuple(bare))] if bare else [])


def _at_most_one(b: Any, lits: Sequence[Lit]) -> list[list[Lit]]:
    """The clauses of "at most one of ``lits``": pairwise for up to five, else a ladder
    (new literals: "one of the first k is true"), as :func:`~..cnf.at_most_one_linear`."""
    if len(lits) <= 5:
        return [[-p, -q] for i, p in enumerate(lits) for q in lits[i + 1:]]
    out, prev = [], lits[0]
    for x in lits[1:-1]:
        nxt = b.new_var()
        out += [[-prev, -x], [-prev, nxt], [-x, nxt]]
        prev = nxt
    out.append([-prev, -lits[-1]])
    return out


class _Loops(Lazy):
    def __init__(self, rule: TerminalPaths, e: Encoder, used: Mapping[Cell, Lit]):
        self.rule, self.e, self.used = rule, e, used
        self.cuts_added = 0

    def cuts(self, values: Values) -> list[list[Lit]]:
        live = set(self.rule.cells)
        out = []
        for piece in line_pieces(values, self.rule.cells):
            if any(x in self.rule.terminals for x in piece):
                continue
            inside = set(piece)
            leave = [self.e[edge_atom(x, d)] for x in piece for d, (dr, dc) in STEP.items()
                     if (y := (x[0] + dr, x[1] + dc)) in live and y not in inside]
            out.append([-self.used[x] for x in piece] + leave)
        self.cuts_added += len(out)
        return out


def shortest_paths_lemma(e: Encoder, cells: Sequence[Cell], terminals: Mapping[Cell, Optional[int]],
                         colours: Sequence[int]) -> Optional[Lemma]:
    """What every answer of :class:`TerminalPaths` with the fewest cells on lines, and of
    those the lowest (see (e)), meets, behind a new guard literal; None when a colour
    does not name one path (a ``?``, or a value not given exactly twice: then two paths
    may share a colour).

    Call an answer's *size* its number of cells on lines. Each colour is one path (its
    two terminals). These reductions turn an answer into a strictly smaller one:

    (b) two neighbouring cells u, v of one path not joined by a line: the path's
        segment from u to v avoids the edge uv, and the grid is bipartite, so it has
        an odd number >= 3 of edges, >= 2 cells between u and v; the edge uv replaces
        them.
    (c) an empty cell m beside two cells a, b of one path: the segment from a to b has
        an even number of edges; two edges would mean one cell between them, a common
        neighbour of a and b other than m (m is empty): none when a and b face each
        other across m, the fourth cell x of their 2x2 block when they are diagonal. So
        unless a-x-b is that segment, it has >= 4 edges, >= 3 cells between a and b;
        the route a-m-b (one cell) replaces them.
    And among answers of one size, with *height* the sum of the row numbers of the
    cells on lines (row 0 at the top), this one gives a lower one:

    (e) a path turning at x (from a to b, its neighbours in a row and a column) below
        the fourth cell m of their 2x2 block, m empty: the route a-m-b replaces a-x-b
        (the same size, one row less).
    (Cycles are not answers: :class:`TerminalPaths` rules out lines without terminals.)
    A reduced answer is an answer: the new route runs through cells that were empty,
    the path keeps its terminals and every cell keeps degree 0, 1 (terminals) or 2.

    So an answer of the fewest cells, and of those the lowest height, admits no
    reduction: it meets "no (b), (c), (e)", the clauses added here behind the guard g
    (with, also behind g, "a cell has a colour iff it has a line", which changes no
    answer: it makes a colour mean "on that path"; a diagonal pair of (c) reads "a and b
    have one colour" through an auxiliary literal that is only ever forced true, shared
    by the pair's two empty cells). Hence (the :class:`~..contract.Lemma` contract): no
    answer under g, no answer at all (a smallest one would be one); two answers under g,
    two answers. (A reduction (d), a row of k >= 2 empty cells between two cells of one
    path, was stated through "ray" literals too: 40% of a 10x10 grid's clauses, no fewer
    conflicts on 70 pages.)

    ``settles(A)``, for A the only answer under g: every answer S reduces, step by step
    (the size falls each time, or it stays and the height falls), to one that admits no
    reduction, which is A. If S is not A, the last step turned some answer S' into A, so
    S' is A with one of its routes u-v (consecutive cells of a path) or a-m-b (a path's
    cells two apart) replaced by a longer route, or one as long ((e): a-x-b), between
    the same cells through cells empty in A (m was empty in S'). A detour runs from a
    cell of a path through A's empty cells (one piece of them) to another cell of that
    path; so A is the only answer when no path has two cells beside one piece of A's
    empty cells (:func:`has_detour`; an answer that uses every cell has none). Otherwise
    the checker asks the plain rules."""
    values = list(terminals.values())
    if not colours or None in values or any(values.count(v) != 2 for v in set(values)):
        return None
    g = e.b.new_var()
    ng, new_var, live = -g, e.b.new_var, set(cells)
    col = {x: [e[colour(x, v)] for v in colours] for x in cells}
    edge: dict[tuple[Cell, Cell], Lit] = {}  # both ways round
    for x in cells:
        for d in "ES":
            if (y := (x[0] + STEP[d][0], x[1] + STEP[d][1])) in live:
                edge[x, y] = edge[y, x] = e[edge_atom(x, d)]
    near = {m: [y for dr, dc in STEP.values() if (y := (m[0] + dr, m[1] + dc)) in live] for m in cells}
    lines = {m: [edge[m, y] for y in near[m]] for m in cells}
    same: dict[tuple[Cell, Cell], Lit] = {}  # diagonal a, b: implied by "a and b have one colour"
    out: list[list[Lit]] = []  # the clauses, added at once (a big grid's encoding time)
    for m in cells:
        cm = col[m]
        for y in near[m]:  # (b): same colour side by side, joined
            if y > m:
                joined = edge[m, y]
                out += [[ng, -p, -q, joined] for p, q in zip(cm, col[y])]
        if m in terminals:
            continue
        ways = lines[m]  # an empty cell has no colour, a used one has one
        out += [[ng, -p, *ways] for p in cm]
        out += [[ng, -lit, *cm] for lit in ways]
        for i, a in enumerate(near[m]):  # (c): beside an empty cell, not one colour
            for b in near[m][i + 1:]:
                x = (a[0] + b[0] - m[0], a[1] + b[1] - m[1])
                if x == m:
                    out += [[ng, -p, -q, *ways] for p, q in zip(col[a], col[b])]
                    continue
                key = (a, b) if a < b else (b, a)
                s = same.get(key)
                if s is None:  # (the pair is beside two cells, m and x)
                    s = same[key] = new_var()
                    out += [[s, -p, -q] for p, q in zip(col[a], col[b])]
                out += [[ng, -s, edge[a, x], *ways], [ng, -s, edge[x, b], *ways]]
        for dc in (-1, 1):  # (e): no turn below m at the other corner of its 2x2 block
            x, a, b = (m[0] + 1, m[1] + dc), (m[0] + 1, m[1]), (m[0], m[1] + dc)
            if x in live and x not in terminals:
                out.append([ng, -edge[a, x], -edge[x, b], *ways])
    e.b.add_clauses(out)
    return Lemma(g, lambda answer: not has_detour(answer), "shortest paths")


def has_detour(answer: Solution) -> bool:
    """Whether some path of this drawn answer (pipes) has two cells beside one piece of
    its empty cells: only then can a route through empty cells replace a part of it
    (see :func:`shortest_paths_lemma`)."""
    rows = answer.rows
    n, k = len(rows), len(rows[0]) if rows else 0
    inside = {(r, c) for r in range(n) for c in range(k)}
    label: dict[Cell, int] = {}  # a cell's piece: of empty cells, or of cells joined by lines
    for start in sorted(inside):
        if start in label:
            continue
        label[start], todo = len(label), [start]
        empty = rows[start[0]][start[1]] == "."
        while todo:
            y = todo.pop()
            dirs = STEP if empty else PIPE_DIRS.get(rows[y[0]][y[1]], ())
            for d in dirs:
                z = (y[0] + STEP[d][0], y[1] + STEP[d][1])
                if z in inside and z not in label and (rows[z[0]][z[1]] == ".") == empty:
                    label[z] = label[start]
                    todo.append(z)
    beside: dict[tuple[int, int], Cell] = {}  # (empty piece, path) -> a path cell beside it
    for x in sorted(inside):
        if rows[x[0]][x[1]] == ".":
            continue
        for dr, dc in STEP.values():
            y = (x[0] + dr, x[1] + dc)
            if y in inside and rows[y[0]][y[1]] == ".":
                if beside.setdefault((label[y], label[x]), x) != x:
                    return True
    return False


class TerminalValue(Rule):
    """A terminal's value: its path's colour, and the terminal at its path's other end
    holds no other value (``nmConnDiff``, reported by the lesser of the two cells)."""

    code, message = "nmConnDiff", "a line joins different numbers"

    def __init__(self, rows: int, cols: int, cell: Cell, value: int,
                 terminals: Mapping[Cell, Optional[int]]):
        self.cells = [(r, c) for r in range(rows) for c in range(cols)]
        self.cell, self.value, self.terminals = cell, value, dict(terminals)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.fix(colour(self.cell, self.value), True, guard)

    def check(self, v: Values) -> list[Violation]:
        piece = _piece(v, set(self.cells), self.cell, set()) if degree(v, self.cell) else []
        other = [x for x in piece if x != self.cell and self.terminals.get(x) not in (None, self.value)]
        return [self.broken(piece)] if other and self.cell < min(other) else []


class DominoTiling(Rule):
    """Every cell lies in exactly one domino: it has exactly one line (``dmUncovered``:
    none, ``dmOverlap``: more)."""

    code = "dmOverlap"

    def __init__(self, cells: Sequence[Cell]):
        self.cells = list(cells)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        live = set(self.cells)
        for x in self.cells:
            lits = [e[a] for a in cell_edges(x, live)]
            e.clause(lits, guard)
            at_most_one(e.b, lits)

    def check(self, v: Values) -> list[Violation]:
        deg = {x: degree(v, x) for x in self.cells}
        none, many = [x for x in self.cells if deg[x] == 0], [x for x in self.cells if deg[x] > 1]
        return ([Violation("dmUncovered", "a cell lies in no domino", tuple(none))] if none else []) + \
            ([Violation("dmOverlap", "a cell lies in two dominoes", tuple(many))] if many else [])


def domino_lines(v: Values, cells: Sequence[Cell]) -> list[tuple[Cell, Cell]]:
    """The dominoes of an answer: the lines between two cells."""
    live = set(cells)
    return [(x, y) for x in cells for d in "ES" if (y := (x[0] + STEP[d][0], x[1] + STEP[d][1])) in live
            and v[edge_atom(x, d)]]


def choose_distinct(options: Sequence[Sequence[Any]]) -> Optional[list[Any]]:
    """One option per item, no option twice (a matching, by augmenting paths), or None
    when there is no such choice."""
    taken: dict[Any, int] = {}

    def place(i: int, seen: set[Any]) -> bool:
        for o in options[i]:
            if o not in seen:
                seen.add(o)
                if o not in taken or place(taken[o], seen):
                    taken[o] = i
                    return True
        return False
    if not all(place(i, set()) for i in range(len(options))):
        return None
    out: list[Any] = [None] * len(options)
    for o, i in taken.items():
        out[i] = o
    return out


def distinct_choice(options: Sequence[Sequence[Any]]) -> bool:
    """Whether each item can take one of its options, no option twice."""
    return choose_distinct(options) is not None


class DistinctDominoes(Rule):
    """No two dominoes carry the same pair of numbers (0..``top``): ``numbers`` maps a
    cell to its given number (None: any of 0..top, whichever keeps the pairs apart).

    Encoded with a number per cell (one-hot ``N(cell, v)`` atoms, fixed by the givens'
    rules) and a selector per line and pair of numbers that holds exactly when the line
    is a domino carrying that pair: at most one per pair, and, when the cells are twice
    the number of pairs (a full set 0-0..top-top), one per pair. Checked as a matching of
    dominoes to pairs (``dmTwice``: none keeps them apart)."""

    code, message = "dmTwice", "a domino appears twice"

    def __init__(self, cells: Sequence[Cell], numbers: Mapping[Cell, Optional[int]], top: int):
        self.cells, self.numbers, self.top = list(cells), dict(numbers), top

    def domain(self, x: Cell) -> list[int]:
        n = self.numbers.get(x)
        return list(range(self.top + 1)) if n is None else [n]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "the set is a rule of the genre; numbers switch by their Fix"
        live = set(self.cells)
        for x in self.cells:
            lits = [e[N(x, v)] for v in range(self.top + 1)]
            e.clause(lits)
            at_most_one_linear(e.b, lits)
        pairs: dict[tuple[int, int], list[Lit]] = {}
        for x in self.cells:
            for d in "ES":
                y = (x[0] + STEP[d][0], x[1] + STEP[d][1])
                if y not in live:
                    continue
                line = e[edge_atom(x, d)]
                for i, j in combinations_with_replacement(range(self.top + 1), 2):
                    ways = [(a, b) for a, b in {(i, j), (j, i)}
                            if a in self.domain(x) and b in self.domain(y)]
                    if not ways:
                        continue
                    s = e.b.new_var()
                    pairs.setdefault((i, j), []).append(s)
                    e.clause([-s, line])
                    for a, b in ways:
                        e.clause([-line, -e[N(x, a)], -e[N(y, b)], s])
                    for z in (x, y):
                        e.clause([-s] + [e[N(z, k)] for k in {i, j}])
                    if i != j:
                        e.clause([-s, -e[N(x, i)], -e[N(y, i)]])
                        e.clause([-s, -e[N(x, j)], -e[N(y, j)]])
        full = len(self.cells) == (self.top + 1) * (self.top + 2)
        for pair in combinations_with_replacement(range(self.top + 1), 2):
            at_most_one_linear(e.b, pairs.get(pair, []))
            if full:
                e.clause(pairs.get(pair, []))

    def check(self, v: Values) -> list[Violation]:
        lines = domino_lines(v, self.cells)
        options = [sorted({(min(a, b), max(a, b)) for a in self.domain(x) for b in self.domain(y)})
                   for x, y in lines]
        if distinct_choice(options):
            return []
        fixed: dict[Any, list[Cell]] = {}
        for (x, y), opts in zip(lines, options):
            if len(opts) == 1:
                fixed.setdefault(opts[0], []).extend((x, y))
        twice = [x for cells in fixed.values() if len(cells) > 2 for x in cells]
        return [self.broken(twice or [x for line in lines for x in line])]


class ValuedEncoded(KitEncoded):
    """A kit encoding whose answers carry hidden values as their layout's givens:
    ``hidden`` maps a cell to {value: atom}; a cell whose atoms are all false keeps its
    given (see the module)."""

    def __init__(self, genre: Any, puzzle: Puzzle, e: Encoder, cells: Sequence[Cell],
                 hidden: Mapping[Cell, Mapping[Any, Atom]]):
        super().__init__(genre, puzzle, e, cells)
        self.hidden = {x: {k: a for k, a in opts.items() if a in e.lits} for x, opts in hidden.items()}

    def decode(self) -> KitAnswer:
        answer = super().decode()
        clues = self.puzzle.clues()
        for x, opts in self.hidden.items():
            on = self.e.b.values([self.e.lits[a] for a in opts.values()])
            clues[x] = next((k for k, lit in zip(opts, on) if lit), clues.get(x))
        return KitAnswer(answer.rows, self.puzzle.with_clues(clues))


# -- drawn paths (generation) ---------------------------------------------------------
BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}


def random_path(rows: int, cols: int, rng: random.Random) -> list[Cell]:
    """A random Hamiltonian path: the rows snaking, then random backbite moves (the path
    end joins a neighbour and the part after it turns round)."""
    path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    for _ in range(20 * rows * cols if rows * cols > 2 else 0):
        if rng.random() < 0.5:
            path.reverse()
        end = path[-1]
        near = [y for y in ((end[0] + dr, end[1] + dc) for dr, dc in STEP.values())
                if 0 <= y[0] < rows and 0 <= y[1] < cols and y != path[-2]]
        i = path.index(rng.choice(near))
        path[i + 1:] = path[i + 1:][::-1]
    return path


def partner(rows: Any, cell: Cell) -> Cell:
    """The far end of the path an answer's rows draw from ``cell`` (itself: no path)."""
    prev, end = cell, cell
    while nxt := [y for k in PIPE_DIRS.get(rows[end[0]][end[1]], ())
                  if (y := (end[0] + STEP[k][0], end[1] + STEP[k][1])) != prev
                  and 0 <= y[0] < len(rows) and 0 <= y[1] < len(rows[0])]:
        if len(nxt) > 1 and end != cell:  # (a branch: no pairing to read)
            break
        prev, end = end, nxt[0]
        if end == cell:
            break
    return end


def pipe_rows(paths: list[list[Cell]], rows: int, cols: int) -> tuple[str, ...]:
    dirs: dict[Cell, set[str]] = {}
    for path in paths:
        for a, b in zip(path, path[1:]):
            d = next(k for k, (dr, dc) in STEP.items() if (a[0] + dr, a[1] + dc) == b)
            dirs.setdefault(a, set()).add(d)
            dirs.setdefault(b, set()).add(BACK[d])
    return tuple("".join(PIPES[frozenset(dirs.get((r, c), ()))] for c in range(cols)) for r in range(rows))


__all__ = ["colour", "line_pieces", "PathLines", "TerminalPaths", "TerminalValue", "DominoTiling",
           "DistinctDominoes", "distinct_choice",
           "shortest_paths_lemma", "has_detour", "choose_distinct", "domino_lines", "ValuedEncoded", "BACK",
           "random_path", "partner", "pipe_rows"]
