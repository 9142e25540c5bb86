"""Nurikabe: shade cells so that the shaded cells form one connected wall with no 2x2
shaded block, and every island (a maximal group of unshaded cells) holds exactly one
number, equal to its number of cells.

Numbers are never shaded: like Light Up's walls they are copied into answers (``.``). A
``?`` is a number of unknown value (pzprjs's qnum -2): its island may have any size.
Failcodes are pzprjs's (nurikabe.js): ``cs2x2``, ``csDivide``, ``bkNoNum``, ``bkNumGe2``,
``bkSizeNe``.

Generation. Numbers are not clues that only ever remove answers: every island needs its
own, and a number taken away can let other answers in or leave none. So a drawn answer
(shaded cells connected, no 2x2 block, islands of any shape) gets one number per island
on a cell drawn at random, and every number stays: there is no clue to switch. When
another answer fits the numbers, :meth:`NurikabeGeneration.repair` moves the number of
one island onto a cell the other answer shades (so that answer no longer fits), as
often as the generator allows repairs; otherwise the attempt is given up. ``minimize``
keeps every number (each island needs one), and the clue count of a puzzle is its
number of numbers.
"""
from __future__ import annotations

import random
from typing import Any

from ..errors import InputError
from .grid import components
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import ClueKey, Symmetry
from .kit import KitAnswer, KitGeneration, KitGenre, NotAll, S, Shade, kit_formats
from .kit.lattice import blocks
from .kit.model import Rule
from .kit.regions import ConnectedCells, Islands

#: An internal parameter of a generator's layout: its answers' islands are free.
SHAPE_ONLY = "shape_only"


class Nurikabe(KitGenre):
    name = "nurikabe"
    url_pids = ("nurikabe",)
    summary = "shade a connected wall without 2x2 blocks; each island holds one number, its size"
    layer = Shade()
    janko_problem = {"-": None, "?": "?"}
    janko_solution = {"x": "#"}
    formats = kit_formats(url_codec="number16", pzprv3_pid="nurikabe", janko_names=("nurikabe",),
                          drawing={"#": "shade"}, blank=".", pzprv3_combined=True)
    editor_candidates = (".", "?", *map(str, range(1, 10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = NurikabeGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token == "?":
            return "?"
        value = read_number(token, where, "'.', '?' or a number", "a clue must be a number")
        if not 1 <= value <= self.max_clue:
            raise InputError(f"clue {value} is out of range (1-{self.max_clue})", where)
        return value

    def fixed(self, puzzle: Puzzle, cell: Cell) -> str | None:
        return "." if puzzle[cell] is not None else None

    def numbers(self, puzzle: Puzzle) -> dict[Cell, int | None]:
        return {x: (v if isinstance(v, int) else None) for x, v in puzzle.clues().items()}

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        rows, cols = puzzle.rows, puzzle.cols
        out: list[Rule] = [NotAll([S(x) for x in block], block, "cs2x2", "a 2x2 block is shaded")
                           for block in blocks(puzzle)]
        out.append(ConnectedCells(rows, cols, "csDivide", "the shaded cells fall into {k} pieces",
                                  shaded=True))
        if puzzle.param(SHAPE_ONLY) is None:
            out.append(Islands(rows, cols, self.numbers(puzzle)))
        return out

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        return super().random_layout(rows, cols, rng).with_params(**{SHAPE_ONLY: True})


class NurikabeGeneration(KitGeneration):
    """Numbers placed one per island of a drawn answer, all kept (see the module)."""

    default_density = 0.75
    density_meaning = "share of shaded cells the drawn answer leans to"
    symmetric_layout = True  # (to refuse it: numbers go one per island)

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        if symmetric is not None:
            raise InputError("Nurikabe numbers go one per island of a drawn answer: no "
                             "symmetric layout", "--symmetric")
        drawn = super().random_answer(rows, cols, rng, density, None)
        grid: list[list[Clue]] = [[None] * cols for _ in range(rows)]
        for island in islands(drawn):
            r, c = rng.choice(island)
            grid[r][c] = len(island)
        layout = Puzzle(self.kit.name, rows, cols, tuple(map(tuple, grid)))
        return KitAnswer(drawn.rows, layout)

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        return puzzle, {}

    def clue_count(self, puzzle: Puzzle) -> int:
        return len(puzzle.clues())

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        return {}

    def repair(self, answer: Any, other: Any, rng: random.Random,
               symmetric: Symmetry | None) -> KitAnswer | None:
        """Move the number of an island onto one of its cells that ``other`` shades."""
        layout: Puzzle = answer.layout
        spots = [x for x in layout.cells() if answer[x] == "." and other[x] == "#"]
        if not spots:
            return None
        spot = rng.choice(sorted(spots))
        island = next(k for k in islands(answer) if spot in k)
        clues = {x: v for x, v in layout.clues().items() if x not in island}
        clues[spot] = next(layout[x] for x in island if layout[x] is not None)
        return KitAnswer(answer.rows, layout.with_clues(clues))


def islands(answer: Any) -> list[list[Cell]]:
    """The islands (groups of unshaded cells) of an answer's rows."""
    return components((r, c) for r, row in enumerate(answer.rows) for c, ch in enumerate(row)
                      if ch != "#")


NURIKABE = Nurikabe()
