"""Number pieces of the kit: arithmetic over cells, comparisons, and skyscraper sight.

Rules over cells whose answer is a :class:`~.layers.Number` layer (atoms ``("n", r, c, v)``;
the check face reads ``v.cell["number"]``), both faces side by side as everywhere in the kit:

* :class:`Arithmetic`: the numbers of some cells combine to a target by ``+``, ``*``,
  ``-`` (the largest minus the others), ``/`` (the largest divided by the others) or
  ``?`` (by one of these four, unknown which): Killer Sudoku's and Kakuro's sums,
  KenKen's cages. Encoded as a table: one selector per allowed combination (per set of
  values where the cells must all differ: a sum of k different digits is a k-set), each
  forcing its values, and per cell and value "some combination with this value here";
* :class:`Less`: one cell's number is smaller than another's (Futoshiki);
* :class:`Visible`: seen from the first cell, ``n`` cells stand taller than every cell
  before them (Skyscrapers), encoded with prefix maxima in order encoding.

A cell left blank (a layer with ``blank=True``; the genres forbid it by a ``ceNoNum``
count) satisfies :class:`Arithmetic` and :class:`Less`, as pzprjs judges a sum only once
every cell of it is filled; it is invisible and no taller than anything for :class:`Visible`.
"""
from __future__ import annotations

import itertools
import math
import random
from typing import Any, Iterable, Optional, Sequence

from ...numerals import is_digits
from ...errors import InputError
from ...puzzle import Cell, Clue, Puzzle, Violation
from ..cnf import unary_sum
from .genre import KitAnswer, KitGeneration
from .lattice import lines, normalize_areas
from .layers import number_char
from .model import N, Encoder, Lit, Rule, Values
from .rules import AllDifferent, Count, Fix

OPS = "+*-/"
#: The largest number a layer here may hold (its characters end at Z = 35).
MAX_VALUE = 35


def domain(e: Encoder, cell: Cell) -> list[int]:
    """The numbers this cell may hold in the encoding (the layer's atoms)."""
    return [v for v in range(MAX_VALUE + 1) if N(cell, v) in e.lits]


def numbers(v: Values, cells: Iterable[Cell]) -> list[Optional[int]]:
    """The answer's numbers of these cells (None: blank)."""
    got = v.cell.get("number", {})
    return [got.get(c) for c in cells]


def blanks(e: Encoder, cells: Iterable[Cell]) -> list[Lit]:
    """Literals "this cell is blank", where the layer has them."""
    return [e.lits[a] for c in cells if (a := N(c, None)) in e.lits]


def combine(op: str, values: Sequence[int]) -> Optional[int]:
    """``values`` combined by ``op`` (None: ``/`` that does not divide)."""
    if op == "+":
        return sum(values)
    if op == "*":
        return math.prod(values)
    top, rest = max(values), list(values)
    rest.remove(top)
    if op == "-":
        return top - sum(rest)
    if op == "/":
        below = math.prod(rest)
        return top // below if below and top % below == 0 else None
    raise ValueError(f"unknown operation {op!r}")


def reaches(op: str, target: int, values: Sequence[int]) -> bool:
    """Whether these numbers make the target (one cell: it is the target, any ``op``)."""
    if len(values) == 1:
        return values[0] == target
    return any(combine(o, values) == target for o in (OPS if op == "?" else op))


def check_square(rows: int, cols: int, what: str, where: str, most: Optional[int] = 35) -> None:
    """Refuses a grid that is not N x N ("a Sudoku is square, not 4x5") or, with ``most``,
    larger than that (one character per number in answers)."""
    if rows != cols:
        raise InputError(f"{what} is square, not {rows}x{cols}", where)
    if most is not None and rows > most:
        raise InputError(f"{what} of side {rows} is larger than {most}", where)


def latin_lines(puzzle: Puzzle, noun: str = "number") -> list[Rule]:
    """Every row and column holds 1..N once each (pzprjs's nmDupRow)."""
    values = range(1, puzzle.rows + 1)
    return [AllDifferent(cells, values, "nmDupRow", f"a {noun} repeats in {name}", exact=True)
            for name, cells in lines(puzzle)]


def diagonal_lines(puzzle: Puzzle, noun: str = "number") -> list[Rule]:
    """Both main diagonals of a square grid hold 1..N once each (this project's
    ``nmDupDiag``: janko.at's "diagonals" variants of Sudoku and Skyscrapers)."""
    n = puzzle.rows
    return [AllDifferent(cells, range(1, n + 1), "nmDupDiag", f"a {noun} repeats on a diagonal",
                         exact=True)
            for cells in ([(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)])]


def janko_numbers(grid: Sequence[Sequence[tuple[str, str]]], n: int, section: str
                  ) -> list[list[Optional[int]]]:
    """A Janko grid of numbers 1..n (``-`` or ``.``: None), each token with its place.
    Tokens are numbers (``12``) or letters standing for them: janko.at's letter Sudokus
    write a-f (problems) and A-F (solutions) for 1-6, so where a section holds letters and
    no number, or the size is at most 9, a letter is its place in the alphabet; letters
    beside numbers in a larger grid are its digits beyond 9 (A = 10, as answers write)."""
    only_letters = not any(is_digits(t) for line in grid for t, _ in line)
    out: list[list[Optional[int]]] = []
    for r, line in enumerate(grid):
        row: list[Optional[int]] = []
        for c, (tok, at) in enumerate(line):
            if tok in ("-", "."):
                row.append(None)
            elif is_digits(tok):
                row.append(int(tok))
            elif len(tok) == 1 and tok.isascii() and tok.isalpha():
                k = ord(tok.lower()) - ord("a") + 1
                row.append(k if only_letters or n <= 9 else k + 9)
            else:
                raise InputError(f"unknown {section} token {tok!r} (expected a number, a letter, "
                                 f"'-' or '.')", f"{at}: r{r + 1}c{c + 1}")
        out.append(row)
    return out


def janko_number_mark(token: str, where: str) -> str:
    """A Janko solution token of a number genre as an answer character, strictly: a
    number, or ``-``/``.`` for a cell without one (which the verifier then reports); any
    other token is an error at its place, not a silently empty cell."""
    if is_digits(token):
        return number_char(int(token))
    if token in ("-", "."):
        return "."
    raise InputError(f"unknown solution token {token!r} (expected a number, '-' or '.')", where)


def filled(cells: Iterable[Cell], n: int, message: str) -> list[Rule]:
    """Every one of the cells holds one of 1..n (pzprjs's ceNoNum): what stops an empty
    cell, or a number outside 1..n that the layer reads."""
    return [Count([N(x, v) for v in range(1, n + 1)], 1, [x], "ceNoNum", message, ">=") for x in cells]


def given_number(cell: Cell, clue: Clue, value: Optional[int] = None) -> Rule:
    """A given number stays in the answer (nmGiven); ``value``: the number a given other
    than a number stands for (a letter)."""
    return Fix(N(cell, clue if value is None else value), True, cell, "nmGiven",
               f"the given {clue} is changed")


class Arithmetic(Rule):
    """The numbers of ``cells`` make ``target`` by ``op`` (see the module). ``distinct``:
    the cells also all differ (a Kakuro run, a Killer cage), and the table is of value
    sets; ``apart``: index pairs of cells that must differ anyway (same row or column of a
    Latin square), whose combinations with a repeat are left out of the table."""

    def __init__(self, cells: Sequence[Cell], op: str, target: int, code: str, message: str,
                 distinct: bool = False, apart: Sequence[tuple[int, int]] = ()):
        assert op in OPS + "?"
        self.cells, self.op, self.target, self.distinct = tuple(cells), op, target, distinct
        self.apart = tuple(apart)
        self.code, self.message = code, message

    def table(self, doms: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
        """Every allowed combination: value sets (sorted) if ``distinct``, else tuples."""
        if self.distinct:
            pool = sorted(set().union(*doms))
            return [s for s in itertools.combinations(pool, len(doms))
                    if reaches(self.op, self.target, s)]
        return [t for t in itertools.product(*doms) if all(t[i] != t[j] for i, j in self.apart)
                and reaches(self.op, self.target, t)]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        cells = self.cells
        doms = [domain(e, c) for c in cells]
        free = blanks(e, cells)
        support: dict[tuple[int, int], list[Lit]] = {}
        sels = []
        for combo in self.table(doms):
            sel = e.b.new_var()
            sels.append(sel)
            if self.distinct:  # every cell in the set, every value of the set somewhere
                for i, c in enumerate(cells):
                    e.b.add_clause([-sel, *(e.lits[N(c, v)] for v in combo if v in doms[i])])
                    for v in combo:
                        support.setdefault((i, v), []).append(sel)
                for v in combo:
                    e.b.add_clause([-sel, *(e.lits[N(c, v)] for i, c in enumerate(cells)
                                            if v in doms[i])])
            else:
                for i, (c, v) in enumerate(zip(cells, combo)):
                    e.b.add_clause([-sel, e.lits[N(c, v)]])
                    support.setdefault((i, v), []).append(sel)
        e.clause(sels + free, guard)
        for i, c in enumerate(cells):
            for v in doms[i]:
                e.clause([-e.lits[N(c, v)], *support.get((i, v), []), *free], guard)

    def check(self, v: Values) -> list[Violation]:
        got = numbers(v, self.cells)
        if any(x is None for x in got):
            return []
        values = [x for x in got if x is not None]
        if self.distinct and len(set(values)) < len(values):
            return [self.broken(self.cells)]
        return [] if reaches(self.op, self.target, values) else [self.broken(self.cells)]


class Less(Rule):
    """The number of ``a`` is smaller than the number of ``b``."""

    def __init__(self, a: Cell, b: Cell, code: str, message: str):
        self.a, self.b, self.code, self.message = a, b, code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        a, b = self.a, self.b
        da, db = domain(e, a), domain(e, b)
        for x in da:
            e.clause([-e.lits[N(a, x)], *(e.lits[N(b, y)] for y in db if y > x), *blanks(e, [b])],
                     guard)
        for y in db:
            e.clause([-e.lits[N(b, y)], *(e.lits[N(a, x)] for x in da if x < y), *blanks(e, [a])],
                     guard)

    def check(self, v: Values) -> list[Violation]:
        x, y = numbers(v, (self.a, self.b))
        return [self.broken((self.a, self.b))] if x is not None and y is not None and x >= y else []


def sight(values: Sequence[Optional[int]]) -> int:
    """How many numbers are larger than every number before them (blanks: none)."""
    top, seen = 0, 0
    for x in values:
        if x is not None and x > top:
            top, seen = x, seen + 1
    return seen


class Visible(Rule):
    """Seen from before the first of ``cells``, ``n`` of them stand taller than every
    cell before them. Encoded with "some cell up to here is at least v" literals."""

    def __init__(self, cells: Sequence[Cell], n: int, code: str, message: str):
        self.cells, self.n, self.code, self.message = tuple(cells), n, code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        b = e.b
        prev: dict[int, Lit] = {}  # v -> "some earlier cell is >= v" (absent: none can be)
        seen = []
        for c in self.cells:
            lits = {v: e.lits[N(c, v)] for v in domain(e, c)}
            x = b.new_var()  # this cell is seen: taller than every earlier one
            for v, lit in lits.items():
                m = next((prev[w] for w in sorted(prev) if w >= v), None)
                if m is None:
                    b.add_clause([-lit, x])
                else:
                    b.add_clause([-lit, m, x])
                    b.add_clause([-lit, -m, -x])
            b.add_clause([-x, *lits.values()])
            seen.append(x)
            cur: dict[int, Lit] = {}
            above: Lit | None = None
            for v in sorted(set(prev) | set(lits), reverse=True):
                parts = [p for p in (prev.get(v), lits.get(v), above) if p is not None]
                cur[v] = above = e.reify_or(parts)
            prev = cur
        n = self.n
        if n > len(seen) or n < 0:
            e.clause([], guard)
            return
        u = unary_sum(b, [[x] for x in seen], n + 1)
        if n >= 1:
            e.clause([u[n - 1]], guard)
        if n < len(u):
            e.clause([-u[n]], guard)

    def check(self, v: Values) -> list[Violation]:
        k = sight(numbers(v, self.cells))
        return [] if k == self.n else [self.broken(self.cells, self.message.format(n=self.n, k=k))]


def random_cages(rows: int, cols: int, rng: random.Random, sizes: Sequence[int] = (1, 2, 2, 3, 3, 4)
                 ) -> tuple[tuple[int, ...], ...]:
    """A random partition of the grid into edge-connected cages (an ``areas`` layout): each
    cage grows from a free cell by free neighbours towards a size drawn from ``sizes``."""
    label: dict[Cell, int] = {}
    order = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(order)
    for start in order:
        if start in label:
            continue
        k, want = len(set(label.values())), rng.choice(sizes)
        cage = [start]
        label[start] = k
        while len(cage) < want:
            near = [(y, x) for r, c in cage for y, x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                    if 0 <= y < rows and 0 <= x < cols and (y, x) not in label]
            if not near:
                break
            cell = rng.choice(near)
            label[cell] = k
            cage.append(cell)
    return normalize_areas([[label[(r, c)] for c in range(cols)] for r in range(rows)])



class LayoutGeneration(KitGeneration):
    """Generation hooks whose answers carry their puzzle's layout (cages, relations, edge
    labels that stay): an answer read from a file has none, and the analyses (repair)
    read clue candidates off the layout."""

    def answer_for(self, puzzle: Puzzle, answer: Any) -> KitAnswer:
        return KitAnswer(answer.rows, self.split_givens(puzzle)[0])


__all__ = ["Arithmetic", "Less", "Visible", "combine", "reaches", "sight", "domain", "numbers", "OPS",
           "random_cages", "LayoutGeneration", "diagonal_lines", "janko_numbers", "janko_number_mark"]
