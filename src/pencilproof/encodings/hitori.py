"""Hitori: shade cells so that no number is left twice in a row or column, no two shaded
cells share an edge, and the unshaded cells form one connected piece.

The rules as janko.at and puzz.link (hitori.js) read them; failcodes are pzprjs's:
``csAdjacent``, ``cuDivideRB``, ``nmDupRow``. pzprjs's ``brNoShade`` (nothing shaded
at all) checks that an answer was begun, not a rule: a grid without a repeated number
has the all-unshaded answer (as Heyawake reads it). Cells may be empty (pzprjs allows
it, Janko's grids are full): an empty cell repeats nothing, shaded or not.

The numbers are the clues, and a number only ever removes answers: it forbids itself
and an equal number of its row or column both unshaded. Its rule names the other
numbers through atoms ``("q", r, c, v)`` "r,c holds v", which each number fixes for its
own cell (behind its switch), so a pair is excluded only when both numbers are given:
minimize, generate, repair and the analyses switch numbers as any clue. A minimized
Hitori may have empty cells.

Generation draws a shading (no shaded cells touch, the rest connected) and shades on
while some cell can be (else that cell could go either way whatever the numbers), writes a Latin
square's numbers on its unshaded cells and on each shaded cell the number of an
unshaded cell in its row or column, and offers every number as a clue.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .contract import ClueKey, Generation, Symmetry
from .grid import is_connected, neighbours
from .kit import KitAnswer, KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.model import Atom, Encoder, Lit, Rule
from .kit.regions import shaded_apart, unshaded_connected


def Q(cell: Cell, n: int) -> Atom:
    """The atom "this cell holds the number n" (fixed by the number's own rule)."""
    return ("q", cell[0], cell[1], n)


def line_cells(rows: int, cols: int, cell: Cell) -> list[Cell]:
    """The other cells of the cell's row and column."""
    r, c = cell
    return [(r, j) for j in range(cols) if j != c] + [(i, c) for i in range(rows) if i != r]


class Number(Rule):
    """A number n at a cell: it and another n of its row or column are not both unshaded."""

    code = "nmDupRow"

    def __init__(self, puzzle: Puzzle, cell: Cell, n: int):
        self.cell, self.n = cell, n
        self.line = line_cells(puzzle.rows, puzzle.cols, cell)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.clause([e[Q(self.cell, self.n)]], guard)
        me = e[S(self.cell)]
        for y in self.line:
            e.clause([me, e[S(y)], -e[Q(y, self.n)]], guard)

    def check(self, v: Values) -> list[Violation]:
        if v[S(self.cell)]:
            return []
        grid = v.puzzle.grid
        twins = [y for y in self.line if y > self.cell and grid[y[0]][y[1]] == self.n and not v[S(y)]]
        return [self.broken([self.cell, *twins], f"{self.n} is left unshaded twice in a row or "
                            f"column")] if twins else []


class Hitori(KitGenre):
    name = "hitori"
    url_pids = ("hitori",)
    summary = "shade repeated numbers away; shaded cells never touch, unshaded stay connected"
    layer = Shade()
    janko_solution = {"x": "#"}
    formats = kit_formats(url_parts=("hitori",), pzprv3_pid="hitori", janko_names=("hitori",),
                          drawing={"#": "shade"}, blank=".")
    max_clue = 99
    editor_candidates = (".", *map(str, range(1, 10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = HitoriGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        value = read_number(token, where, "'.' or a number", "a clue must be a number")
        if not 1 <= value <= self.max_clue:
            raise InputError(f"number {value} is out of range (1-{self.max_clue})", where)
        return value

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return [*shaded_apart(puzzle), unshaded_connected(puzzle)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [Number(puzzle, cell, clue)] if isinstance(clue, int) else []


class HitoriGeneration(KitGeneration):
    """Numbers drawn on a random shading (see the module); a number's clue breaks an
    answer that leaves it and an equal number of its lines unshaded, the numbers of the
    last :meth:`clue_candidates` (the answer's own and the candidates) being the ones
    it is compared with."""

    default_density = 0.3

    def __init__(self, genre: KitGenre) -> None:
        super().__init__(genre)
        self._numbers: dict[Cell, Clue] = {}

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        drawn = super().random_answer(rows, cols, rng, density, None)
        shaded = {(r, c) for r in range(rows) for c in range(cols) if drawn[(r, c)] == "#"}
        order = [(r, c) for r in range(rows) for c in range(cols)]
        rng.shuffle(order)
        for x in order:  # shade on where nothing stops it: else x could go either way
            if x not in shaded and not any(y in shaded for y in neighbours(x, rows, cols)) and \
                    is_connected(y for y in order if y != x and y not in shaded):
                shaded.add(x)
        drawn = KitAnswer(tuple("".join("#" if (r, c) in shaded else "." for c in range(cols))
                                for r in range(rows)))
        n = max(rows, cols)
        values = rng.sample(range(1, n + 1), n)
        down, across = rng.sample(range(n), n), rng.sample(range(n), n)
        grid: list[list[Clue]] = [[values[(down[r] + across[c]) % n] for c in range(cols)]
                                  for r in range(rows)]
        for r, c in ((r, c) for r in range(rows) for c in range(cols) if drawn[(r, c)] == "#"):
            twins = [grid[y][x] for y, x in line_cells(rows, cols, (r, c)) if drawn[(y, x)] == "."]
            if twins:
                grid[r][c] = rng.choice(twins)
        return KitAnswer(drawn.rows, Puzzle(self.kit.name, rows, cols, tuple(map(tuple, grid))))

    def blank_for(self, answer: Any) -> Puzzle:
        return Generation.blank_for(self, answer)

    def answer_for(self, puzzle: Puzzle, answer: Any) -> Any:
        return KitAnswer(answer.rows, puzzle)

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        """The answer's numbers (its layout's) and, on empty cells, a number that holds:
        on an unshaded cell one no unshaded cell of its lines has (a shaded one's if
        possible), on a shaded cell that of an unshaded cell of its lines."""
        rows, cols = len(answer.rows), len(answer.rows[0])
        layout: Optional[Puzzle] = getattr(answer, "layout", None)
        out: dict[ClueKey, Clue] = dict(layout.clues()) if layout is not None else {}
        empty = [x for x in ((r, c) for r in range(rows) for c in range(cols)) if x not in out]
        for x in sorted(empty, key=lambda x: answer[x] == "#"):
            line = line_cells(rows, cols, x)
            seen = [out[y] for y in line if y in out and answer[y] != "#"]
            if answer[x] == "#":
                if seen:
                    out[x] = seen[0]
                continue
            shaded = [v for y in line if (v := out.get(y)) is not None and answer[y] == "#"]
            out[x] = next((v for v in shaded if v not in seen),
                          next(v for v in range(1, rows * cols + 2) if v not in seen))
        self._numbers = out
        return out

    def clue_holds(self, answer: Any, key: ClueKey, clue: Clue) -> bool:
        if answer[key] == "#":
            return True
        rows, cols = len(answer.rows), len(answer.rows[0])
        return not any(self._numbers.get(y) == clue and answer[y] != "#"
                       for y in line_cells(rows, cols, key))


HITORI = Hitori()
