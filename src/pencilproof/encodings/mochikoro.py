"""Mochikoro: shade cells so that the unshaded cells form rectangles, joined to each other
only at corners into one network; no 2x2 block is all shaded; a rectangle holds at most
one number, and a number tells its rectangle's size.

Numbers are never shaded; ``?`` is a number of unknown value. The rules as janko.at and
puzz.link (nurikabe.js, mochikoro) read them; failcodes are pzprjs's: ``cs2x2``,
``csDivide8`` (the rectangles do not form one network through their corners),
``cuNotRect``, ``bkNumGe2``, ``bkSizeNe``; a shaded number (pzprjs does not let one be
drawn) is this project's ``nmShaded``. pzprjs's ``brNoShade`` (nothing shaded) checks
that an answer was begun, not a rule (as Heyawake reads it).

Encoding: rectangles are local (:class:`~.kit.blocks.Rectangles`: no 2x2 block with
exactly three unshaded cells), so a number n is one of the h x w rectangles (h w = n)
around its cell: a selector per rectangle, which makes its cells unshaded and the cells
around it shaded. Two numbers in one rectangle: each number fixes an atom ``("q", r, c)``
"r,c holds a number" for its cell (behind its switch), and a rectangle excludes cells
whose atom holds; a ``?``, whose rectangle has no known size, excludes every numbered
cell B whose box with it is all unshaded (in an answer of rectangles, that is "B lies
in its rectangle"). The network through corners is lazy
(:class:`~.kit.blocks.ConnectedAround`).

Generation draws an answer from the rules alone, unshades every shaded cell whose four
neighbours are shaded (no number could tell it from a rectangle of one cell), and offers
one number per rectangle, on a cell of it chosen from its place and size (several
numbers in one rectangle could not all hold).
"""
from __future__ import annotations

import random
from collections import deque

from ..puzzle import Cell, Clue, Puzzle, Violation
from .contract import Symmetry
from .grid import neighbours
from .kit import KitAnswer, KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.blocks import ConnectedAround, Rectangles
from .kit.model import Atom, Encoder, Lit, Rule
from .kit.regions import no_shaded_2x2


def Q(cell: Cell) -> Atom:
    """The atom "this cell holds a number" (fixed by the number's own rule)."""
    return ("q", cell[0], cell[1])


def region(v: Values, cell: Cell) -> list[Cell]:
    """The edge-connected unshaded cells around an unshaded cell, in order found."""
    p = v.puzzle
    seen, todo = [cell], deque([cell])
    while todo:
        for y in neighbours(todo.popleft(), p.rows, p.cols):
            if y not in seen and not v[S(y)]:
                seen.append(y)
                todo.append(y)
    return seen


def rectangles(rows: int, cols: int, cell: Cell, n: int) -> list[list[Cell]]:
    """Every h x w rectangle with h w = n inside the grid that holds ``cell``."""
    out = []
    for h in range(1, min(n, rows) + 1):
        if n % h or n // h > cols:
            continue
        w = n // h
        for top in range(max(0, cell[0] - h + 1), min(cell[0], rows - h) + 1):
            for left in range(max(0, cell[1] - w + 1), min(cell[1], cols - w) + 1):
                out.append([(r, c) for r in range(top, top + h) for c in range(left, left + w)])
    return out


class Area(Rule):
    """A number (None: ``?``) on an unshaded cell: its rectangle has n cells and holds no
    other number."""

    code = "bkSizeNe"

    def __init__(self, puzzle: Puzzle, cell: Cell, n: int | None):
        self.puzzle, self.cell, self.n = puzzle, cell, n

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        p, cell, g = self.puzzle, self.cell, [] if guard is None else [-guard]
        e.clause([-e[S(cell)]], guard)
        e.clause([e[Q(cell)]], guard)
        if self.n is None:
            for b in p.cells():
                if b != cell:
                    (r0, r1), (c0, c1) = sorted((b[0], cell[0])), sorted((b[1], cell[1]))
                    e.b.add_clause(g + [-e[Q(b)]] + [e[S((r, c))] for r in range(r0, r1 + 1)
                                                     for c in range(c0, c1 + 1)])
            return
        choices = []
        for rect in rectangles(p.rows, p.cols, cell, self.n):
            inside = set(rect)
            ring = {y for x in rect for y in neighbours(x, p.rows, p.cols) if y not in inside}
            s = e.b.new_var()
            choices.append(s)
            e.b.add_clauses([[-s, -e[S(x)]] for x in rect] + [[-s, e[S(y)]] for y in sorted(ring)]
                            + [[-s, -e[Q(x)]] for x in rect if x != cell])
        e.b.add_clause(g + choices)

    def check(self, v: Values) -> list[Violation]:
        if v[S(self.cell)]:
            return [Violation("nmShaded", "a number's cell is shaded", (self.cell,))]
        piece = region(v, self.cell)
        grid = v.puzzle.grid
        others = [y for y in piece if y != self.cell and grid[y[0]][y[1]] is not None]
        if others:
            if self.cell < min(others):  # (reported once, by the first number)
                return [Violation("bkNumGe2", f"a rectangle holds {len(others) + 1} numbers",
                                  tuple(sorted(piece)))]
            return []
        if self.n is None or len(piece) == self.n:
            return []
        return [self.broken(sorted(piece), f"a rectangle of {len(piece)} cells holds {self.n}")]


class Mochikoro(KitGenre):
    name = "mochikoro"
    url_pids = ("mochikoro",)
    summary = "shade cells: unshaded rectangles joined at corners, no 2x2 shaded; numbers give sizes"
    layer = Shade()
    janko_problem = {"-": None, "?": "?"}
    janko_solution = {"x": "#"}
    formats = kit_formats(url_codec="number16", pzprv3_pid="mochikoro", janko_names=("mochikoro",),
                          drawing={"#": "shade"}, blank=".")
    editor_candidates = (".", "?", *map(str, range(1, 10)))
    min_clue, clue_expected = 1, "'.', '?' or a number"

    def __init__(self) -> None:
        super().__init__()
        self.generator = MochikoroGeneration(self)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        rows, cols = puzzle.rows, puzzle.cols
        out = no_shaded_2x2(puzzle)
        out.append(ConnectedAround(rows, cols, "csDivide8", "the unshaded rectangles fall into "
                                   "{k} networks (joined at corners)"))
        out.append(Rectangles(rows, cols, "cuNotRect", "an unshaded area is not a rectangle"))
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [Area(puzzle, cell, clue if isinstance(clue, int) else None)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """The size of the cell's rectangle, on one cell of each rectangle: its given
        number's, else one chosen from its place and size."""
        if v[S(cell)]:
            return None
        piece = sorted(region(v, cell))
        (r, c), n = piece[0], len(piece)
        given = [y for y in piece if puzzle[y] is not None]
        return n if (given[0] if given else piece[(7 * r + 13 * c + 5 * n) % n]) == cell else None


class MochikoroGeneration(KitGeneration):
    default_density = 0.45

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        """An answer of the rules, with every shaded cell whose four neighbours are shaded
        unshaded (a rectangle of one cell, which no number could tell from shaded)."""
        drawn = super().random_answer(rows, cols, rng, density, None)
        grid = [list(row) for row in drawn.rows]
        for r in range(rows):
            for c in range(cols):
                if all(grid[y][x] == "#" for y, x in neighbours((r, c), rows, cols)):
                    grid[r][c] = "."
        return KitAnswer(tuple("".join(row) for row in grid), drawn.layout)


MOCHIKORO = Mochikoro()
