"""Tenner (janko.at Zehnergitter): write a digit 0-9 into every cell so that every row
holds each digit once, no two touching cells (diagonally too) hold the same digit, and
every column's digits add up to the number below it.

The column sums travel in the puzzle's ``sums`` parameter (one number or null per column;
null: no sum; no parameter: no sums). Janko's blocks say ``rows`` one more than the grid's: the last row of
``problem`` and of ``solution`` is the sums (``-`` in a problem cell: empty). puzz.link
has no Tenner: codes are this project's, in pzprjs's style: ``nmDupRow`` (a digit twice in
a row), ``nmAround`` (touching cells alike), ``nmSumColNe`` (a column's sum), ``ceNoNum``,
``nmGiven``. janko.at's grids are 10 wide; a narrower one (its rows' digits differ, not all
ten) is read too (small boards for tests). Generation removes given digits; the sums stay.
"""
from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Puzzle
from .cnf import at_most_one
from .contract import JankoBlock, Symmetry
from .kit import AllDifferent, Count, KitAnswer, KitGeneration, KitGenre, Number, kit_formats
from .kit.model import N, Encoder, Rule, Values
from .kit.numbers import given_number
from .kit.sums import Sum

DIGITS = range(10)


class Digits(Number):
    """0-9 or blank per cell, by one clause and pairwise exclusions (the kit's Number
    counts eleven literals with a totalizer)."""

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        for r, c in cells:
            lits = [e.atom(("n", r, c, v)) for v in (*DIGITS, None)]
            e.b.add_clause(lits)
            at_most_one(e.b, lits)


class Tenner(KitGenre):
    name = "tenner"
    aliases = ("zehnergitter",)
    summary = "digits 0-9 once per row, touching cells differ, columns add up to their sums"
    param_keys = ("sums",)
    layer = Digits(0, 9, blank=True)
    formats = kit_formats(janko_names=("tenner", "zehnergitter"), blank=".",
                          drawing=dict.fromkeys("0123456789", "number"))
    min_clue, max_clue = 0, 9
    editor_candidates = (".", *map(str, DIGITS))

    def __init__(self) -> None:
        super().__init__()
        self.generator = TennerGeneration(self)

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "sums":
            return super().parse_param(key, value, where)
        if not isinstance(value, (list, tuple)) or not all(
                x is None or isinstance(x, int) and not isinstance(x, bool) for x in value):
            raise InputError("'sums' must be a list of column sums (numbers or null)", where)
        return tuple(value)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        if not 1 <= puzzle.cols <= 10:
            raise InputError(f"a Tenner is at most 10 columns wide, not {puzzle.cols}", where)
        sums = puzzle.param("sums", ())
        if sums and len(sums) != puzzle.cols:
            raise InputError(f"'sums' has {len(sums)} column sums, the grid has {puzzle.cols} "
                             f"columns", where)
        for c, s in enumerate(sums):
            if s is not None and not 0 <= s <= 9 * puzzle.rows:
                raise InputError(f"the sum {s} of column {c + 1} is out of range "
                                 f"(0-{9 * puzzle.rows})", where)

    def margins(self, puzzle: Puzzle) -> dict[str, tuple[str, ...]]:
        return {"bottom": tuple("" if s is None else str(s) for s in puzzle.param("sums", ()))}

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """The grid's rows, then the sums' row (see the module)."""
        problem = block.grid("problem")
        if problem is None or len(problem) < 2:
            raise InputError("a Tenner problem is rows of digits and a row of sums", block.where)
        *grid, last = problem
        sums = []
        for tok, at in last:
            if tok != "-" and not is_digits(tok):
                raise InputError(f"unknown sum token {tok!r} (expected a number or '-')", at)
            sums.append(None if tok == "-" else int(tok))
        rows = tuple(tuple(self.janko_clue(tok, f"{at}: r{r + 1}c{c + 1}")
                           for c, (tok, at) in enumerate(line)) for r, line in enumerate(grid))
        puzzle = Puzzle(self.name, len(grid), block.cols, rows).with_params(sums=tuple(sums))
        self.check_puzzle(puzzle, block.where)
        sol = block.grid("solution")
        if sol is None:
            return puzzle, None
        answer = [" ".join(self.janko_mark(t, at) for t, at in line) for line in sol[:len(grid)]]
        return puzzle, self.parse_solution(puzzle, answer, block.where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out: list[Rule] = [AllDifferent([(r, c) for c in range(puzzle.cols)], DIGITS, "nmDupRow",
                                        f"a digit repeats in row {r + 1}", exact=puzzle.cols == 10)
                           for r in range(puzzle.rows)]
        for r in range(puzzle.rows - 1):
            for c in range(puzzle.cols):
                for dc in (-1, 0, 1):
                    if 0 <= c + dc < puzzle.cols:
                        out.append(AllDifferent([(r, c), (r + 1, c + dc)], DIGITS, "nmAround",
                                                "touching cells hold the same digit"))
        out += [Sum([(r, c) for r in range(puzzle.rows)], s, "nmSumColNe",
                    f"the digits of column {c + 1} do not add up to {s}")
                for c, s in enumerate(puzzle.param("sums", ())) if s is not None]
        return out + [Count([N(x, v) for v in DIGITS], 1, [x], "ceNoNum", "a cell has no digit", ">=")
                      for x in puzzle.cells()]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Any) -> list[Rule]:
        return [given_number(cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Any:
        return v.cell["number"][cell]


class TennerGeneration(KitGeneration):
    """A random grid of the rules, its column sums kept; the clues are given digits."""

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        answer = super().random_answer(rows, cols, rng, density, symmetric)
        sums = tuple(sum(int(answer.rows[r][c]) for r in range(rows)) for c in range(cols))
        return KitAnswer(answer.rows, self.kit.random_layout(rows, cols, rng).with_params(sums=sums))


TENNER = Tenner()
