"""Killer Sudoku (Janko "Sudoku Killer"): fill 1..N so that every row, column and box holds
each number once, and the numbers of each cage differ and add up to the cage's sum.

Cages are the puzzle's ``areas`` (Janko's ``areas`` section; drawn as the thick borders);
a cage's sum stands in one of its cells (Janko: the first in reading order), a cage holds
at most one, and a cage without one has no sum. Numbers never repeat in a cage (janko.at's
rule). Boxes are the puzzle's ``boxes`` ([height, width]; Janko's ``patternx`` is a box's
width, ``patterny`` its height), else a Sudoku's standard boxes of the size (4: 2x2, 6: 2x3,
9: 3x3, ...); a size without them (5, 7) has none: a Latin square with cages.
``diagonals``: both main diagonals also hold each number once (janko.at's "killer,
diagonals"). puzz.link has no Killer Sudoku: the codes are pzprjs Sudoku's (``bkDupNum``,
``nmDupRow``, ``ceNoNum``) and this project's ``nmDupDiag`` (a number repeats on a
diagonal), ``cgDupNum`` (a number repeats in a cage) and ``cgSumNe`` (a cage's numbers miss
its sum). Generation draws random cages (:func:`.kit.numbers.random_cages`) and an
answer; the clues are the cage sums, each in its cage's first cell.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import JankoBlock
from .kit import AllDifferent, KitGenre, Number, Values, kit_formats
from .kit.lattice import areas
from .kit.model import Layer, Rule
from .kit.numbers import (Arithmetic, LayoutGeneration, check_square, filled, janko_number_mark,
                          random_cages)
from .sudoku import box_layout, check_boxes, frame_rules, janko_frame, parse_frame_param, standard_areas


class KillerSudoku(KitGenre):
    name = "killer_sudoku"
    aliases = ("killer", "sudoku_killer", "killersudoku", "sumdoku")
    summary = "fill 1-N, each once per row, column and box; each cage's different numbers add to its sum"
    param_keys = ("areas", "boxes", "diagonals")
    janko_variants = ("diagonals",)
    formats = kit_formats(janko_names=("killer", "sudoku killer"), blank=".",
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    max_clue = 35 * 36 // 2
    janko_problem = {"-": None, ".": None}  # janko.at's Sudoku pages write empty cells both ways
    editor_candidates = (".", *map(str, range(1, 25)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = LayoutGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Number(1, puzzle.rows, blank=True)

    def parse_param(self, key: str, value: object, where: str) -> Any:
        return parse_frame_param(self, key, value, where)

    def cages(self, puzzle: Puzzle) -> dict[int, list[Cell]]:
        return areas(puzzle)

    def cage_of(self, puzzle: Puzzle, cell: Cell) -> list[Cell]:
        return self.cages(puzzle)[puzzle.param("areas")[cell[0]][cell[1]]]

    def validate(self, puzzle: Puzzle, where: str) -> None:
        n = puzzle.rows
        check_square(n, puzzle.cols, "a Killer Sudoku", where)
        if puzzle.param("areas") is None:
            raise InputError("a Killer Sudoku needs its cages ('areas')", where)
        for cage in self.cages(puzzle).values():
            sums = [f"r{r + 1}c{c + 1}" for r, c in cage if puzzle[(r, c)] is not None]
            if len(sums) > 1:
                raise InputError(f"one cage holds {len(sums)} sums ({', '.join(sums)})", where)
            if len(cage) > n:
                raise InputError(f"a cage of {len(cage)} cells cannot hold different numbers 1-{n}",
                                 where)
        if puzzle.param("boxes") is not None:
            check_boxes(puzzle.param("boxes"), n, where)
        for (r, c), v in puzzle.clues().items():
            if not isinstance(v, int) or v < 1:
                raise InputError(f"sum {v!r} at r{r + 1}c{c + 1} is not a number from 1", where)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        self.validate(puzzle, where)

    def janko_mark(self, token: str, where: str) -> str:
        return janko_number_mark(token, where)

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """The kit's reading (sums in the problem, cages in ``areas``), the box pattern and
        the variant."""
        got = super().read_janko(block)
        assert got is not None
        frame = janko_frame(block, self)
        puzzle = got[0].with_params(**frame)
        return puzzle, None if got[1] is None else self.parse_solution(puzzle, got[1].rows, block.where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        n = puzzle.rows
        values = range(1, n + 1)
        shape = puzzle.param("boxes")
        out = frame_rules(puzzle, box_layout(n, shape) if shape else standard_areas(n))
        out += [AllDifferent(cells, values, "cgDupNum", "a number repeats in a cage")
                for cells in self.cages(puzzle).values()]
        out += filled(puzzle.cells(), n, f"a cell has no number 1-{n}")
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [Arithmetic(self.cage_of(puzzle, cell), "+", clue, "cgSumNe",
                           f"a cage's numbers do not add up to {clue}", distinct=True)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        cage = self.cage_of(puzzle, cell)
        return sum(v.cell["number"][x] or 0 for x in cage) if cell == min(cage) else None

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        check_square(rows, cols, "a Killer Sudoku", "--size", most=None)
        return super().random_layout(rows, cols, rng).with_params(areas=random_cages(rows, cols, rng))


KILLER_SUDOKU = KillerSudoku()
