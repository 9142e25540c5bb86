"""Hidoku (Hidato; janko.at "Hidoku"): write 1..N (N the number of cells) into the grid,
each once, so that each number touches the next one, across a side or a corner: the
numbers trace a path through every cell.

Givens are numbers. Each cell's candidates are the numbers the givens leave it (a cell
k king steps from a given g can only hold numbers at least k away from g), so the
solver starts from small domains. Answers write 1-9, A-Z (10-35) and from 36 on the
wide alphabet of :mod:`.kit.number_path` (36 = ``Ā`` U+0100, one character per cell, up
to 371 cells); answer files may write decimal numbers separated by spaces instead.

puzz.link has no Hidoku: the failcodes are this project's, named like pzprjs's:
``nmDupNum`` (a number twice), ``nmNoNext`` (k + 1 does not touch k), ``ceNoNum`` (an
empty cell), ``nmGiven`` (a changed given). Janko blocks may repeat their solution in a
``solution_`` section, which is skipped.
"""
from __future__ import annotations

import functools
from typing import Any, Sequence

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .kit import KitGenre, Values, kit_formats
from .kit.genre import KitAnswer
from .kit.lattice import around
from .kit.model import Layer, Rule
from .kit.number_path import WIDE_MAX, ConsecutivePath, EachOnce, WideNumber, wide_char, wide_rows
from .kit.numbers import filled, given_number


def king(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@functools.lru_cache(maxsize=32)
def numbers_of(puzzle: Puzzle) -> WideNumber:
    """The answer layer: each cell's numbers, as far as the givens allow them."""
    n = puzzle.rows * puzzle.cols
    givens = {x: v for x, v in puzzle.clues().items() if isinstance(v, int)}
    taken = set(givens.values())
    domains: dict[Cell, list[int]] = {}
    for x in puzzle.cells():
        if x in givens:
            domains[x] = [givens[x]]
            continue
        domains[x] = [v for v in range(1, n + 1) if v not in taken and all(
            king(x, y) <= abs(v - w) for y, w in givens.items())]
    return WideNumber(1, n, blank=True, domain=domains.__getitem__)


class Hidoku(KitGenre):
    name = "hidoku"
    aliases = ("hidato",)
    summary = "write 1-N so that each number touches the next (sides or corners): a path"
    formats = kit_formats(janko_names=("hidoku",), blank=".",
                          drawing={wide_char(v): "number" for v in range(1, WIDE_MAX + 1)})
    editor_candidates = (".", *map(str, range(1, 10)))
    max_clue = WIDE_MAX

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return numbers_of(puzzle)

    def validate(self, puzzle: Puzzle, where: str) -> None:
        n = puzzle.rows * puzzle.cols
        if n > WIDE_MAX:
            raise InputError(f"a Hidoku of {n} cells is larger than {WIDE_MAX} (answers write "
                             f"one character per cell)", where)
        seen: dict[Any, Cell] = {}
        for (r, c), v in sorted(puzzle.clues().items()):
            if not (isinstance(v, int) and 1 <= v <= n):
                raise InputError(f"clue {v!r} at r{r + 1}c{c + 1} is not a number 1-{n}", where)
            if v in seen:
                a = seen[v]
                raise InputError(f"{v} is given twice (r{a[0] + 1}c{a[1] + 1} and r{r + 1}c{c + 1})",
                                 where)
            seen[v] = (r, c)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        self.validate(puzzle, where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        n, cells = puzzle.rows * puzzle.cols, list(puzzle.cells())
        out: list[Rule] = [EachOnce(cells, range(1, n + 1), "nmDupNum", "a number is written twice")]
        out.append(ConsecutivePath(cells, n, lambda x: around(puzzle, x), "nmNoNext",
                                   "{n} does not touch {k}"))
        out += filled(cells, n, f"a cell has no number 1-{n}")
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [given_number(cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["number"][cell]

    def janko_mark(self, token: str, where: str) -> str:
        return wide_char(int(token)) if is_digits(token) else "."

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> KitAnswer:
        return super().parse_solution(puzzle, wide_rows(rows, puzzle.cols), where)


HIDOKU = Hidoku()
