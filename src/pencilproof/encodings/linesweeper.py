"""Linesweeper (janko.at ``Linesweeper``; not on puzz.link): draw one loop through cell
centres; it need not visit every cell, but never a cell with a number. A number tells
how many of the (up to) eight cells around it the loop visits.

Answers are the Lines layer's pipes (``.`` a cell the loop leaves out); Janko writes
direction pairs (``se``). Codes are the kit's line codes (``lnDeadEnd``, ``lnBranch``,
``lnCross``, ``lnPlLoop``, ``brNoLine``) and this project's ``lnOnClue`` (the loop
through a number) and ``nmLoopNe`` (another count of loop cells around a number).

Generation as Masyu's (:class:`~.masyu.MasyuGeneration`): a random loop gets the numbers
it allows one by one where another loop still fits, each breaking that loop. Numbers see
which cells a loop visits, never its shape, so the loops are drawn without a 2x2 block of
loop cells: such a loop is (in 20 of 20 10x10 draws, where 0 of 20 plain draws were) the
only loop through its cells.
"""
from __future__ import annotations

import random
from typing import Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from ..solvers.backends import make_backend
from .contract import Symmetry
from .kit import KitAnswer, KitGenre, Lines, Values, kit_formats
from .kit.lattice import around, blocks
from .kit.loops import LineDegrees, SingleLoop, degree
from .kit.model import Rule
from .kit.paths import JANKO_PIPES, LoopCount, NoLine, first_answer, on_loop
from .masyu import MasyuGeneration


class Linesweeper(KitGenre):
    name = "linesweeper"
    aliases = ("line_sweeper",)
    summary = "draw one loop that avoids the numbers; a number counts loop cells around it"
    layer = Lines()
    formats = kit_formats(janko_names=("linesweeper",), blank=".",
                          drawing=dict.fromkeys("|-LJ7F^>v<+", "pipe"))
    janko_solution = JANKO_PIPES
    max_clue = 8
    editor_candidates = (".", "?", *map(str, range(9)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = LinesweeperGeneration(self)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        cells = list(puzzle.cells())
        return [LineDegrees(cells), SingleLoop(cells)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        out: list[Rule] = [NoLine([cell], "lnOnClue", "the loop runs through a number")]
        if isinstance(clue, int):
            out.append(LoopCount(around(puzzle, cell), frozenset(puzzle.cells()), clue, (cell,),
                                 "nmLoopNe", f"{clue} wants that many loop cells around it, "
                                 f"there are {{k}}"))
        return out

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every cell off the loop, with the loop cells around it."""
        if degree(v, cell):
            return None
        return sum(1 for x in around(puzzle, cell) if degree(v, x))


class LinesweeperGeneration(MasyuGeneration):
    """Masyu's pinning, on loops with no 2x2 block of loop cells."""

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Optional[Symmetry]) -> KitAnswer:
        answer = None
        for _ in range(self.RESTARTS):
            answer = self._thin(rows, cols, rng, density or self.default_density)
            if answer is None:
                break
            pinned = self.pin(answer, rng)
            if pinned is not None:
                return pinned
        if answer is None:
            raise InputError(f"no linesweeper answer of size {rows}x{cols} was found")
        return answer

    def _thin(self, rows: int, cols: int, rng: random.Random, density: float) -> Optional[KitAnswer]:
        blank = Puzzle(self.kit.name, rows, cols, tuple((None,) * cols for _ in range(rows)))
        b = make_backend("cadical")
        try:
            enc = self.kit.encode(blank, b)
            live = frozenset(blank.cells())
            for block in blocks(blank):
                b.add_clause([-on_loop(enc.e, x, live) for x in block])
            b.prefer(self.kit.layer.phases(enc.e, enc.cells, rng, density))
            found = first_answer(enc, [])
        finally:
            b.close()
        return None if found is None else KitAnswer(found.rows, blank)


LINESWEEPER = Linesweeper()
