"""Creek: shade cells so that the unshaded cells form one connected piece; a clue on a grid
point tells how many of the (up to) four cells around that point are shaded.

The rules as janko.at and puzz.link (creek.js) read them; failcodes are pzprjs's, in its
order: ``crShadeGt`` (more shaded cells around a clue than it says), ``cuDivide``,
``crShadeLt`` (fewer). pzprjs's ``brNoShade`` (nothing shaded) checks that an answer
was begun, not a rule (as Heyawake reads it). ``?`` is a clue of unknown value.

Clues sit on grid points, so a Creek of R x C cells is a puzzle of the (R + 1) x (C + 1)
points: ``grid[i][j]`` is the clue of the point at the top-left corner of cell (i, j) (the
last row and column are the points of the bottom and right edges), and ``rows``/``cols``
count points (``generate creek --size 7x7`` makes 6x6 cells). Answers have the points'
size too: answer cell (i, j) is the cell below and right of point (i, j), and the last row
and column are no cells (always ``.``). Answers may also be written as R rows of C cells
(Janko's solutions are): they are read with that row and column added (the kit's
:class:`~.kit.diagonals.PointGrid`, as Gokigen). Pictures draw a clue at its cell's
top-left corner; the terminal shows it in that cell.
"""
from __future__ import annotations

from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .contract import JankoBlock
from .kit import Count, KitGeneration, S, Shade, Values, kit_formats
from .kit.bodies import PointCells
from .kit.diagonals import PointGrid as PointGenre
from .kit.files import PointGrid
from .kit.model import Rule
from .kit.regions import ConnectedCells

CODES = ("crShadeGt", "cuDivide", "crShadeLt")


def around(puzzle: Puzzle, point: Cell) -> list[Cell]:
    """The cells around a grid point."""
    i, j = point
    return [(r, c) for r in (i - 1, i) for c in (j - 1, j)
            if 0 <= r < puzzle.rows - 1 and 0 <= c < puzzle.cols - 1]


class PointCount(Count):
    """A clue: exactly n of the cells around its point are shaded."""

    def __init__(self, puzzle: Puzzle, point: Cell, n: int):
        super().__init__([S(x) for x in around(puzzle, point)], n, (point,), "crShadeLt", "")

    def check(self, v: Values) -> list[Violation]:
        k = v.count(self.atoms)
        if k == self.n:
            return []
        return [Violation("crShadeGt" if k > self.n else "crShadeLt",
                          f"{k} shaded cells around a {self.n}", self.cells)]


class Creek(PointGenre):
    name = "creek"
    url_pids = ("creek",)
    summary = "shade cells, the rest connected; a number on a grid point counts the shaded cells around it"
    layer = Shade()
    janko_problem = {"-": None, "?": "?"}
    janko_solution = {"x": "#"}
    formats = kit_formats(url_own=PointCells(), pzprv3_pid="creek", pzprv3_own=PointGrid(),
                          janko_names=("creek",), drawing={"#": "shade"}, blank=".")
    max_clue = 4
    editor_candidates = (".", "?", "0", "1", "2", "3", "4")
    failcode_order = CODES

    def __init__(self) -> None:
        super().__init__()
        self.generator = CreekGeneration(self)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        if puzzle.rows < 2 or puzzle.cols < 2:
            raise InputError(f"a Creek of {puzzle.rows}x{puzzle.cols} grid points has no cell "
                             f"(its grid is the points: one more than the cells each way)", where)
        for (r, c), v in puzzle.clues().items():
            if isinstance(v, int) and v > (k := len(around(puzzle, (r, c)))):
                raise InputError(f"r{r + 1}c{c + 1}: clue {v} is out of range (a point there has "
                                 f"{k} cell{'s' * (k != 1)} around it)", where)

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """As :class:`PointGenre`'s (Janko's size counts cells, its problem the points, its
        solution the cells) but without checking the puzzle first: the Janko reader checks
        it afterwards, and Creek's errors have always named the file there."""
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
        solution = block.grid("solution")
        if solution is None:
            return puzzle, None
        marks = ["".join(self.janko_mark(t, at) for t, at in line) for line in solution]
        return puzzle, self.parse_solution(puzzle, marks, block.where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return [ConnectedCells(puzzle.rows - 1, puzzle.cols - 1, "cuDivide",
                               "the unshaded cells fall into {k} pieces")]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [PointCount(puzzle, cell, clue)] if isinstance(clue, int) else []

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every point, with its count of shaded cells around it."""
        return v.count(S(x) for x in around(puzzle, cell))


class CreekGeneration(KitGeneration):
    default_density = 0.5


CREEK = Creek()
