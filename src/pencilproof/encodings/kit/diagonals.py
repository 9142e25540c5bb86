"""Diagonals in cells and clues on grid points: the pieces of slant genres (Gokigen Naname).

* :class:`Slants`: a layer, one diagonal per cell: ``\\`` joins the cell's top-left and
  bottom-right corners, ``/`` its top-right and bottom-left ones. Atoms
  ``("d", r, c, "\\\\")`` and ``("d", r, c, "/")``, exactly one true per cell; an answer
  may write ``.`` (no diagonal), which :class:`EverySlant` reports.
* :class:`NoLoop`: the diagonals, as edges between grid points, form no cycle. Encoded as
  the smallest cycles (a diamond around a point) up front and lazily the rest: after each
  solve, union-find over the points finds every diagonal that closes a cycle, and each
  cycle (the closing diagonal and the forest path between its ends) gets the cut "not all
  of these diagonals", valid in every answer.
* :class:`PointCount`: a clue on a grid point counts the diagonals ending there.
* :class:`PointGrid`: puzzles stored as their grid points (``(R + 1) x (C + 1)``: a clue
  at ``grid[i][j]`` is the point at the top-left corner of cell ``(i, j)``), with answers
  of the same size whose last row and column are no cells (``.``), read from rows of the
  cells as well; janko.at blocks of points and cells; puzz.link's ``4Cross`` URL body
  (pzprjs's decode4Cross: ``4cell`` over the points, the URL's size counting cells).

Points are named ``(i, j)``, 0 <= i <= R, 0 <= j <= C.
"""
from __future__ import annotations

import random
from collections import deque
from typing import Any, Callable, Optional, Sequence

from ...errors import InputError
from ...puzzle import Cell, Clue, Puzzle, Solution, Violation
from ..contract import Glyph, JankoBlock, UrlBody
from .genre import KitAnswer, KitGenre
from .model import Atom, Encoder, Layer, Lazy, Lit, Rule, Values, bad_char
from .rules import Count
from .urlcodec import Cursor, read_4cell, write_4cell

Point = tuple[int, int]
SLANTS = ("\\", "/")


def D(cell: Cell, ch: str) -> Atom:
    """The atom "this cell holds the diagonal ``ch``" (``\\`` or ``/``)."""
    return ("d", cell[0], cell[1], ch)


def ends(cell: Cell, ch: str) -> tuple[Point, Point]:
    """The two grid points a diagonal joins."""
    r, c = cell
    return ((r, c), (r + 1, c + 1)) if ch == "\\" else ((r, c + 1), (r + 1, c))


def touching(rows: int, cols: int, point: Point) -> list[tuple[Cell, str]]:
    """The diagonals (cell, char) of an R x C grid of cells that end at a point."""
    i, j = point
    out = []
    for (r, c), ch in (((i - 1, j - 1), "\\"), ((i - 1, j), "/"), ((i, j - 1), "/"), ((i, j), "\\")):
        if 0 <= r < rows and 0 <= c < cols:
            out.append(((r, c), ch))
    return out


class Slants(Layer):
    """A diagonal in every cell (``.``: none, read from answers only)."""

    name = "slants"
    chars = "\\ or /"

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        for cell in cells:
            a, b = e.atom(D(cell, "\\")), e.atom(D(cell, "/"))
            e.b.add_clause([a, b])
            e.b.add_clause([-a, -b])

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        return next((ch for ch in SLANTS if truth(D(cell, ch))), ".")

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        if ch not in SLANTS and ch != ".":
            raise bad_char(ch, cell, self.chars, where)
        v.cell.setdefault(self.name, {})[cell] = ch
        if ch != ".":
            v.truth[D(cell, ch)] = True

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        return e.lits[D(cell, ch)] if ch in SLANTS else -e.b.true

    def block(self, e: Encoder, cell: Cell, ch: str) -> list[Lit]:
        return [-self.agree(e, cell, ch)]

    def phases(self, e: Encoder, cells: Sequence[Cell], rng: random.Random,
               density: float) -> list[Lit]:
        return [e.lits[D(x, rng.choice(SLANTS))] for x in cells]


class EverySlant(Rule):
    """Every cell holds a diagonal (the layer's clauses say so; answers may not)."""

    def __init__(self, cells: Sequence[Cell], code: str, message: str):
        self.cells, self.code, self.message = list(cells), code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for x in self.cells:
            e.clause([e[D(x, "\\")], e[D(x, "/")]], guard)

    def check(self, v: Values) -> list[Violation]:
        empty = [x for x in self.cells if v.cell["slants"].get(x) == "."]
        return [self.broken(empty)] if empty else []


class PointCount(Count):
    """A clue on a grid point: exactly ``n`` diagonals end there."""

    def __init__(self, rows: int, cols: int, point: Point, n: int, code: str, message: str):
        super().__init__([D(x, ch) for x, ch in touching(rows, cols, point)], n, [point], code,
                         message)


def cycles(slants: dict[Cell, str]) -> list[list[Cell]]:
    """The fundamental cycles of the diagonals as a graph on the grid points (each: its
    cells); their union is every diagonal that lies on a loop."""
    parent: dict[Point, Point] = {}

    def find(x: Point) -> Point:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    forest: dict[Point, list[tuple[Point, Cell]]] = {}
    out = []
    for cell in sorted(slants):
        u, w = ends(cell, slants[cell])
        ru, rw = find(u), find(w)
        if ru != rw:
            parent[ru] = rw
            forest.setdefault(u, []).append((w, cell))
            forest.setdefault(w, []).append((u, cell))
            continue
        back: dict[Point, tuple[Point, Cell]] = {u: (u, cell)}
        todo = deque([u])
        while w not in back:
            x = todo.popleft()
            for y, via in forest.get(x, ()):
                if y not in back:
                    back[y] = (x, via)
                    todo.append(y)
        loop, x = [cell], w
        while x != u:
            x, via = back[x]
            loop.append(via)
        out.append(loop)
    return out


class NoLoop(Rule):
    """The diagonals of these cells form no loop."""

    def __init__(self, rows: int, cols: int, code: str, message: str):
        self.rows, self.cols, self.code, self.message = rows, cols, code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "no-loop is a rule of the genre, never a clue"
        for i in range(1, self.rows):
            for j in range(1, self.cols):  # the diamond around point (i, j)
                diamond = (((i - 1, j - 1), "/"), ((i - 1, j), "\\"), ((i, j - 1), "\\"), ((i, j), "/"))
                e.clause([-e[D(x, ch)] for x, ch in diamond])
        e.lazy.append(_LoopCuts(self, e))

    def slants(self, v: Values) -> dict[Cell, str]:
        return {x: ch for x, ch in v.cell.get("slants", {}).items()
                if ch in SLANTS and x[0] < self.rows and x[1] < self.cols}

    def check(self, v: Values) -> list[Violation]:
        loops = cycles(self.slants(v))
        return [self.broken({x for loop in loops for x in loop})] if loops else []


class _LoopCuts(Lazy):
    def __init__(self, rule: NoLoop, e: Encoder):
        self.rule, self.e = rule, e
        self.cuts_added = 0

    def cuts(self, values: Values) -> list[list[Lit]]:
        slants = self.rule.slants(values)
        out = [[-self.e[D(x, slants[x])] for x in loop] for loop in cycles(slants)]
        self.cuts_added += len(out)
        return out


class PointGrid(KitGenre):
    """A kit genre whose puzzle is its grid points (see the module docstring); the cells
    are the points' grid less its last row and column."""

    def cells_of(self, puzzle: Puzzle) -> tuple[int, int]:
        return puzzle.rows - 1, puzzle.cols - 1

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph(str(clue), mark="corner")

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        """The last row and column are grid points without a cell."""
        return "." if cell[0] == puzzle.rows - 1 or cell[1] == puzzle.cols - 1 else None

    def check_points(self, puzzle: Puzzle, where: str) -> None:
        if puzzle.rows < 2 or puzzle.cols < 2:
            raise InputError(f"a grid of {puzzle.rows}x{puzzle.cols} points has no cell (the "
                             f"grid is the points: one more than the cells each way)", where)

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> KitAnswer:
        """Rows of the cells (R x C) or of the points (the last row and column ``.``)."""
        clean = [r.strip() for r in rows if r.strip()]
        if len(clean) == puzzle.rows - 1:
            clean = [r + (" ." if " " in r else ".") for r in clean] + ["." * puzzle.cols]
        for r, row in enumerate(clean[:puzzle.rows]):
            cells = row.split() if len(row.split()) == puzzle.cols else list(row.replace(" ", ""))
            last = r == puzzle.rows - 1
            if len(cells) == puzzle.cols and (set(cells) - {"."} if last else cells[-1] != "."):
                raise InputError(f"answer row {r + 1} marks a point of the grid's "
                                 f"{'bottom' if last else 'right'} edge, which is no cell (write "
                                 f"'.' there, or only the cells)", where)
        return super().parse_solution(puzzle, clean, where)

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """Janko's size counts cells, its problem the (rows + 1) x (cols + 1) points, its
        solution the cells."""
        lines = block.sections.get("problem")
        if lines is None:
            raise InputError("no 'problem' section", block.where)
        rows, cols = block.rows + 1, block.cols + 1
        if len(lines) < rows:
            raise InputError(f"problem has {len(lines)} rows, expected {rows} (the grid points "
                             f"of {block.rows}x{block.cols} cells)", block.where)
        grid = []
        for r, toks in enumerate(lines[:rows]):
            if len(toks) != cols:
                raise InputError(f"problem row {r + 1} has {len(toks)} tokens, expected {cols}",
                                 toks[0][1] if toks else block.where)
            grid.append(tuple(self.janko_clue(t, f"{at}: r{r + 1}c{c + 1}")
                              for c, (t, at) in enumerate(toks)))
        puzzle = Puzzle(self.name, rows, cols, tuple(grid))
        self.check_puzzle(puzzle, block.where)
        solution = block.grid("solution")
        if solution is None:
            return puzzle, None
        marks = [" ".join(self.janko_mark(t, at) for t, at in line) for line in solution]
        return puzzle, self.parse_solution(puzzle, marks, block.where)


class Cross4(UrlBody):
    """puzz.link's ``4Cross`` body: the points' clues as ``4cell`` values (pzprjs's
    decode4Cross; ``.`` its qnum -2, our ``?``), the URL's size counting the cells."""

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        cur = Cursor(body, where)
        values = read_4cell(cur, (rows + 1) * (cols + 1))
        cur.finish()
        grid = tuple(tuple(genre.parse_clue(values[i * (cols + 1) + j], f"{where}: r{i + 1}c{j + 1}")
                           for j in range(cols + 1)) for i in range(rows + 1))
        puzzle = Puzzle(genre.name, rows + 1, cols + 1, grid)
        genre.check_puzzle(puzzle, where)
        return puzzle

    def write(self, puzzle: Puzzle) -> str:
        if puzzle.params:
            raise InputError(f"a {puzzle.genre} puzzle with {puzzle.params[0][0]!r} has no "
                             f"puzz.link URL")
        return write_4cell([v for row in puzzle.grid for v in row])

    def size(self, puzzle: Puzzle) -> tuple[int, int]:
        """The URL's size: the cells (rows, cols)."""
        return puzzle.rows - 1, puzzle.cols - 1


def slant_rows(solution: Solution) -> list[str]:
    """An answer's cells as rows (the points' last row and column dropped)."""
    return [row[:-1] for row in solution.rows[:-1]]


__all__ = ["D", "SLANTS", "ends", "touching", "Slants", "EverySlant", "PointCount", "cycles",
           "NoLoop", "PointGrid", "Cross4", "slant_rows"]
