"""Sudoku, classic and irregular (Janko's "Sudoku Chaos"): fill 1..N so that every row,
column and box holds each number once.

Boxes are the puzzle's ``areas`` when it has them (irregular Sudoku; Janko ``areas``),
otherwise the standard boxes of an N x N grid (4: 2x2, 6: 2x3, 8: 2x4, 9: 3x3, 10: 2x5,
12: 3x4, 15: 3x5, 16: 4x4); other sizes need ``areas``. Failcodes are pzprjs's, in
its order (``bkDupNum`` a number twice in a box, ``nmDupRow`` twice in a row or column,
``ceNoNum`` an empty cell: answers may leave cells ``.``, as pzprjs's may).
"""
from __future__ import annotations

import math
import random

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .kit import AllDifferent, KitGenre, Number, Values, kit_formats
from .kit.lattice import areas, normalize_areas
from .kit.model import Layer, Rule
from .kit.numbers import check_square, filled, given_number, latin_lines


def box_shape(n: int) -> tuple[int, int] | None:
    """(height, width) of the standard boxes of an n x n Sudoku: the most square split."""
    for h in range(math.isqrt(n), 1, -1):
        if n % h == 0:
            return h, n // h
    return None


def standard_areas(n: int) -> tuple[tuple[int, ...], ...] | None:
    shape = box_shape(n)
    if shape is None:
        return None
    h, w = shape
    return normalize_areas([[(r // h, c // w) for c in range(n)] for r in range(n)])


class Sudoku(KitGenre):
    name = "sudoku"
    aliases = ("sudoku_chaos", "sudoku-chaos", "chaos", "irregular_sudoku", "sudoku_irregular",
               "jigsaw")
    url_pids = ("sudoku",)
    summary = "fill 1-N so each row, column and box holds every number once (boxes may be irregular)"
    param_keys = ("areas",)
    formats = kit_formats(url_codec="number16", pzprv3_pid="sudoku", janko_names=("sudoku",),
                          blank=".", pzprv3_layout=("square", "qnum", "anum"),
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    max_clue = 36
    editor_candidates = (".", *map(str, range(1, 10)))

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Number(1, puzzle.rows, blank=True)

    def regions(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...] | None:
        return puzzle.param("areas") or standard_areas(puzzle.rows)

    def boxes(self, puzzle: Puzzle) -> list[list[Cell]]:
        layout = puzzle.param("areas") or standard_areas(puzzle.rows)
        assert layout is not None
        return list(areas(puzzle.with_params(areas=layout)).values())

    def validate(self, puzzle: Puzzle, where: str) -> None:
        n = puzzle.rows
        check_square(n, puzzle.cols, "a Sudoku", where)
        for (r, c), v in puzzle.clues().items():
            if not (isinstance(v, int) and 1 <= v <= n):
                raise InputError(f"clue {v!r} at r{r + 1}c{c + 1} is not a number 1-{n}", where)
        if puzzle.param("areas") is None and standard_areas(n) is None:
            raise InputError(f"a {n}x{n} Sudoku has no standard boxes: give its 'areas'", where)
        if puzzle.param("areas") is not None:
            sizes = sorted(len(cells) for cells in areas(puzzle).values())
            if sizes != [n] * n:
                raise InputError(f"the areas of a {n}x{n} Sudoku must be {n} regions of {n} "
                                 f"cells, got sizes {sizes}", where)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        self.validate(puzzle, where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        values = range(1, puzzle.rows + 1)
        out: list[Rule] = [AllDifferent(cells, values, "bkDupNum", "a number repeats in a box",
                                        exact=True) for cells in self.boxes(puzzle)]
        out += latin_lines(puzzle)
        # Also what stops a number outside 1..N (the layer reads any digit or letter).
        out += filled(puzzle.cells(), puzzle.rows, f"a cell has no number 1-{puzzle.rows}")
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [given_number(cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["number"][cell]

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """Standard boxes where the size has them, else random irregular boxes."""
        check_square(rows, cols, "a Sudoku", "--size", most=None)
        blank = super().random_layout(rows, cols, rng)
        if standard_areas(rows) is not None:
            return blank
        return blank.with_params(areas=jigsaw(rows, rng))


def jigsaw(n: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """n connected regions of n cells each: the rows, reshaped by random swaps of two
    edge-adjacent cells of different regions that keep both regions connected."""
    label = {(r, c): r for r in range(n) for c in range(n)}

    def connected(k: int) -> bool:
        cells = {x for x, v in label.items() if v == k}
        todo, seen = [next(iter(cells))], set()
        while todo:
            x = todo.pop()
            if x not in seen:
                seen.add(x)
                todo += [y for y in ((x[0] + 1, x[1]), (x[0] - 1, x[1]), (x[0], x[1] + 1),
                                     (x[0], x[1] - 1)) if y in cells]
        return len(seen) == len(cells)

    for _ in range(n * n * 8):
        a = (rng.randrange(n), rng.randrange(n))
        b = rng.choice([(a[0] + 1, a[1]), (a[0], a[1] + 1)])
        if b not in label or label[a] == label[b]:
            continue
        c = rng.choice([x for x in label if label[x] == label[b] and x != b])
        # a joins b's region and c leaves it for a's: sizes stay n.
        ka, kb = label[a], label[b]
        label[a], label[c] = kb, ka
        if not (connected(ka) and connected(kb)):
            label[a], label[c] = ka, kb
    return normalize_areas([[label[(r, c)] for c in range(n)] for r in range(n)])


SUDOKU = Sudoku()
