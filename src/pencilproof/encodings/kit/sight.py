"""Rules about what a cell sees along its row and column, on the row faces of
:mod:`.shading`: runs of free cells (Light Up's segments: lamps light along them),
views from a clue (Canal View: the on cells next to it, in a line), and small counts
of the cells around a clue.

A *run* is a maximal horizontal or vertical stretch of free cells (cells a given does
not fix); the givens end them.
"""
from __future__ import annotations

import re
from typing import Sequence

from ...puzzle import Cell, Violation
from ..cnf import and_chain, at_most_one_linear, exactly_direct, exactly_sum
from .model import Encoder, Lit, Values
from .shading import GridRule, as_grid, as_rows

_FREE_RUN = re.compile(r"\.+")

#: Runs longer than this get one "has an on cell" literal, so that "this cell is seen"
#: stays short: listing every literal of both runs per cell would cost n^2 literals on an
#: open n x n grid (an empty 1000x1000 Light Up took 18.5 GB).
SHORT_RUN = 6


def _runs(line: Sequence[Lit]) -> list[tuple[int, int]]:
    """(start, end) of each maximal stretch of nonzero literals."""
    out, c, n = [], 0, len(line)
    while c < n:
        if not line[c]:
            c += 1
            continue
        start = c
        while c < n and line[c]:
            c += 1
        out.append((start, c))
    return out


class OncePerRun(GridRule):
    """At most one on cell in each run (Light Up: no lamp lights another); one
    violation naming every on cell of a run with several."""

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        var, b = as_grid(e).var, e.b
        rows, cols = len(var), len(var[0])
        # seen_row[r][c] / seen_col[r][c]: literals that say "this cell's row / column run
        # has an on cell" (its literals, or the run's one "has" literal).
        seen_row: list[list[tuple[int, ...]]] = [[()] * cols for _ in range(rows)]
        seen_col: list[list[tuple[int, ...]]] = [[()] * cols for _ in range(rows)]

        def run(lits: list[Lit]) -> tuple[int, ...]:
            at_most_one_linear(b, lits)
            if len(lits) > SHORT_RUN:
                has = b.new_var()  # only ever used positively: has -> some on cell in the run
                b.add_clause([-has] + lits)
                return (has,)
            return tuple(lits)

        for r, line in enumerate(var):
            b.checkpoint()  # (a grid of single cells adds nothing for a long while)
            for start, end in _runs(line) if any(line) else ():
                seen_row[r][start:end] = [run(line[start:end])] * (end - start)
        for c, column in enumerate(zip(*var)):
            b.checkpoint()
            for start, end in _runs(column) if any(column) else ():
                lits = run(list(column[start:end]))
                for k in range(start, end):
                    seen_col[k][c] = lits
        as_grid(e).memo["seen"] = (seen_row, seen_col)

    def check(self, v: Values) -> list[Violation]:
        dup = _scan(v)[0]
        return [self.broken(dup)] if dup else []


class SeenByRun(GridRule):
    """Every free cell is on or sees an on cell in its row or column run (Light Up: every
    cell is lit); one violation naming every cell that is not. Encoded after
    :class:`OncePerRun`, whose run literals it reuses."""

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        seen_row, seen_col = as_grid(e).memo["seen"]
        for xs, ys, lits in zip(seen_row, seen_col, as_grid(e).var):
            # The cell's own literal is in both of its runs; once is enough. (Two long
            # runs: [row's has, column's has], already in order.)
            e.b.add_clauses([[x[0], y[0]] if len(x) == 1 and len(y) == 1 and x[0] < y[0]
                             else sorted(set(x + y)) for x, y, lit in zip(xs, ys, lits) if lit])

    def check(self, v: Values) -> list[Violation]:
        dark = _scan(v)[1]
        return [self.broken(dark, self.message.format(k=len(dark)))] if dark else []


def _scan(v: Values) -> tuple[list[Cell], list[Cell]]:
    """(on cells sharing a run, free cells that see no on cell), from the answer's strings
    run by run (a million cells take well under a second); kept on ``v``."""
    memo, on = as_rows(v).memo, as_rows(v).on
    if "runs" in memo:
        return memo["runs"]  # type: ignore[no-any-return]
    height, cols = v.puzzle.rows, v.puzzle.cols
    free = ["".join(["." if x is None else "#" for x in row]) for row in v.puzzle.grid]
    sol = [row if on in row else "" for row in v.rows]
    free_t = ["".join(t) for t in zip(*free)]
    sol_t = ["".join(t) for t in zip(*(row or "." * cols for row in sol))]
    dup: set[Cell] = set()
    dark_row, dark_col = [0] * height, [0] * cols  # bit c / bit r: in a run without an on cell
    for flip, (frees, lines, marks) in enumerate(((free, sol, dark_row), (free_t, sol_t, dark_col))):
        for i, (fline, line) in enumerate(zip(frees, lines)):
            for m in _FREE_RUN.finditer(fline):
                a, b = m.start(), m.end()
                k = line.count(on, a, b)
                if k > 1:
                    dup.update((j, i) if flip else (i, j) for j in range(a, b) if line[j] == on)
                elif not k:
                    marks[i] |= ((1 << (b - a)) - 1) << a
    dark = [(r, c) for r in range(height) for c in _bits(dark_row[r]) if dark_col[c] >> r & 1]
    memo["runs"] = sorted(dup), dark
    return sorted(dup), dark


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


#: Up, down, left, right.
BESIDE = ((-1, 0), (1, 0), (0, -1), (0, 1))


class CountNear(GridRule):
    """Exactly ``n`` on cells among the free cells (no given) at ``offsets`` from ``cell``
    (Light Up: a wall's lamps beside it), as direct clauses (no auxiliary variables).
    Its cells are looked up on the literal rows, not listed: a 1000x1000 grid may have
    half a million such clues."""

    def __init__(self, cell: Cell, n: int, code: str, message: str,
                 offsets: Sequence[tuple[int, int]] = BESIDE):
        self.cell, self.n, self.code, self.message, self.offsets = cell, n, code, message, offsets

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        var, (r, c) = as_grid(e).var, self.cell
        rows, cols = len(var), len(var[0])
        lits = [var[r + dr][c + dc] for dr, dc in self.offsets
                if 0 <= r + dr < rows and 0 <= c + dc < cols]
        exactly_direct(e.b, [x for x in lits if x], self.n, guard)

    def check(self, v: Values) -> list[Violation]:
        return self.check_all([self], v)

    @classmethod
    def check_all(cls, rules: Sequence[GridRule], v: Values) -> list[Violation]:
        text, grid, on, out = v.rows, v.puzzle.grid, as_rows(v).on, []
        height, width = len(text), len(text[0])
        for rule in rules:
            assert isinstance(rule, CountNear)
            (r, c), k = rule.cell, 0
            for dr, dc in rule.offsets:
                y, x = r + dr, c + dc
                if 0 <= y < height and 0 <= x < width and text[y][x] == on and grid[y][x] is None:
                    k += 1
            if k != rule.n:
                out.append(rule.broken([rule.cell], rule.message.format(n=rule.n, k=k)))
        return out


class ViewCount(GridRule):
    """The on cells a clue at ``cell`` sees: in each direction, the run of on cells that
    starts next to it, up to the first off cell or the edge (Canal View); equals ``n``.

    Encoded as prefix ANDs along each line (up to a fixed cell or the edge, at most n + 1
    cells: a switchable clue sees through the cells of clues that are off), summed by
    :func:`~..cnf.exactly_sum` (a totalizer while cheap, binary beyond)."""

    def __init__(self, cell: Cell, n: int, code: str, message: str):
        super().__init__(code, message)
        self.cell, self.n = cell, n

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        var, (r, c), m = as_grid(e).var, self.cell, self.n + 1
        top = max(r - m, 0)
        col = [line[c] for line in var[top:r + m + 1]]
        row, at = var[r], r - top
        runs = (col[:at][::-1], col[at + 1:], row[max(c - m, 0):c][::-1], row[c + 1:c + 1 + m])
        exactly_sum(e.b, [and_chain(e.b, _until_zero(x)) for x in runs], self.n, guard)

    def check(self, v: Values) -> list[Violation]:
        k = view_count(v.rows, self.cell, as_rows(v).on)
        return [] if k == self.n else [self.broken([self.cell], self.message.format(n=self.n, k=k))]


def _until_zero(lits: Sequence[Lit]) -> list[Lit]:
    for i, x in enumerate(lits):
        if not x:
            return list(lits[:i])
    return list(lits)


def view_count(rows: Sequence[str], cell: Cell, on: str = "#") -> int:
    """On cells a clue at ``cell`` sees in an answer given as rows of characters."""
    r0, c0 = cell
    line, total = rows[r0], 0
    for step in (1, -1):
        c = c0 + step
        while 0 <= c < len(line) and line[c] == on:
            total, c = total + 1, c + step
        r = r0 + step
        while 0 <= r < len(rows) and rows[r][c0] == on:
            total, r = total + 1, r + step
    return total
