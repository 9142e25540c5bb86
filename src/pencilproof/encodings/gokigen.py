"""Gokigen Naname (Slant): draw a diagonal in every cell so that the diagonals form no
loop; a number on a grid point counts the diagonals that end there (0-4).

The rules as janko.at (Gokigen-Naname) and puzz.link (gokigen.js) read them; failcodes
are pzprjs's, in its order: ``slLoop`` (the diagonals close a loop), ``crConnSlNe`` (a
point with a wrong count), ``ceNoSlash`` (a cell without a diagonal). ``?`` is a point
clue of unknown value.

Clues sit on grid points, so a puzzle of R x C cells is stored as its (R + 1) x (C + 1)
points, as Creek is (:class:`~.kit.diagonals.PointGrid`): ``grid[i][j]`` is the clue of
the point at the top-left corner of cell (i, j), ``rows``/``cols`` count points
(``generate gokigen --size 7x7`` makes 6x6 cells). Answers have the points' size, the
last row and column ``.`` (no cells), each cell ``\\`` or ``/``; answers of R rows of C
cells (janko.at's solutions) are read too. puzz.link URLs are pzprjs's ``4Cross`` body
(the URL's size counts cells); pzprv3 files (crosses, then cells) have no codec here yet.
"""
from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .kit import KitGeneration, Values, kit_formats
from .kit.diagonals import D, Cross4, EverySlant, NoLoop, PointCount, PointGrid, Slants, touching
from .kit.model import Rule

CODES = ("slLoop", "crConnSlNe", "ceNoSlash")


class Gokigen(PointGrid):
    name = "gokigen"
    aliases = ("gokigen_naname", "gokigen-naname", "slant")
    url_pids = ("gokigen",)
    summary = "a diagonal in every cell, no loops; a number on a grid point counts the diagonals there"
    layer = Slants()
    janko_problem = {"-": None, "?": "?"}
    janko_solution = {"\\": "\\", "/": "/"}
    formats = kit_formats(janko_names=("gokigen", "gokigen-naname"), blank=".", url_own=Cross4(),
                          drawing={"\\": "slant", "/": "slant"}, legend={"slant": "diagonal"})
    max_clue = 4
    editor_candidates = (".", "?", "0", "1", "2", "3", "4")

    def __init__(self) -> None:
        super().__init__()
        self.generator = GokigenGeneration(self)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        self.check_points(puzzle, where)
        rows, cols = self.cells_of(puzzle)
        for (r, c), v in puzzle.clues().items():
            if isinstance(v, int) and v > (k := len(touching(rows, cols, (r, c)))):
                raise InputError(f"r{r + 1}c{c + 1}: clue {v} is out of range (a point there has "
                                 f"{k} cell{'s' * (k != 1)} around it)", where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        rows, cols = self.cells_of(puzzle)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        return [NoLoop(rows, cols, "slLoop", "the diagonals close a loop"),
                EverySlant(cells, "ceNoSlash", "a cell has no diagonal")]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [PointCount(*self.cells_of(puzzle), cell, clue, "crConnSlNe",
                           "{k} diagonals end at a {n}")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every point, with the diagonals that end there."""
        return v.count(D(x, ch) for x, ch in touching(*self.cells_of(puzzle), cell))

    def verify(self, puzzle: Puzzle, answer: Any) -> list[Violation]:
        """The violations in pzprjs's order of checks."""
        return sorted(super().verify(puzzle, answer),
                      key=lambda x: CODES.index(x.code) if x.code in CODES else len(CODES))


class GokigenGeneration(KitGeneration):
    density_meaning = "unused (every cell holds a diagonal)"


GOKIGEN = Gokigen()
