"""Walls (janko.at "Mauerbau"): draw a horizontal or a vertical wall through every white
cell; the number on a black cell is the total length of the walls that touch it: in each
of its four directions, the run of cells from its neighbour on whose walls point at it
(vertical ones above and below it, horizontal ones left and right of it), up to the
first cell whose wall lies across, a black cell or the edge.

Givens are black cells: a number, or ``#`` for one without (janko.at ``x``; ``?`` reads
as one). Answers write ``|`` a vertical wall, ``-`` a horizontal one and ``#`` every black
cell; janko.at writes ``ns`` and ``ew`` (its black cells ``-``). The puzzle line says
``walls`` or ``mauerbau``. puzz.link has no such genre: the failcode is this project's,
``nmWallSumNe`` (a number differs from its walls' length).

Black cells are the layout (they stay when clues are switched); their numbers are the
clues. Generation scatters black cells on a fifth of the grid, draws walls at random and
offers every black cell's length.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import ClueKey
from .kit import KitAnswer, KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.lattice import ORTHO, sight
from .kit.model import Rule
from .kit.rays import RaySum, Step, held

VERTICAL = (True, False, True, False)  # lattice.ORTHO's order: up, right, down, left


def rays(puzzle: Puzzle, cell: Cell) -> list[list[Step]]:
    """Per direction, the white cells up to a black cell or the edge, each holding when
    its wall points at ``cell``."""
    black = [x for x in puzzle.cells() if puzzle[x] is not None]
    return [[(S(x), up) for x in run] for run, up in zip(sight(puzzle, cell, black), VERTICAL)]


class Walls(KitGenre):
    name = "walls"
    aliases = ("mauerbau",)
    summary = "a wall across or along every white cell; a number is the length of the walls at it"
    layer = Shade("|", "-", read_shaded="|", read_unshaded="-")
    janko_problem = {"-": None, "x": "#"}
    janko_solution = {"ns": "|", "ew": "-"}
    formats = kit_formats(walls=True, janko_names=("mauerbau", "walls"), blank="-",
                          drawing={"|": "pipe", "-": "pipe"},
                          legend={"pipe": "wall"})
    editor_candidates = (".", "#", *map(str, range(10)))
    clue_expected = "'.', '#' or a number"

    def __init__(self) -> None:
        super().__init__()
        self.generator = WallsGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token in ("#", "x", "?"):
            return "#"
        value = read_number(token, where, self.clue_expected, "a given must be '#' or a number")
        if value < 0:
            raise InputError(f"clue {value} is out of range (0 or more)", where)
        return value

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        most = puzzle.rows + puzzle.cols - 2
        for (r, c), v in puzzle.clues().items():
            if isinstance(v, int) and v > most:
                raise InputError(f"r{r + 1}c{c + 1}: clue {v} is out of range (a cell of a "
                                 f"{puzzle.rows}x{puzzle.cols} grid touches at most {most})", where)

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return None if puzzle[cell] is None else "#"

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [RaySum(rays(puzzle, cell), clue, [cell], "nmWallSumNe",
                       "a number touches {k} cells of walls instead of {n}")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every black cell, with the length of the walls at it."""
        if puzzle[cell] is None:
            return None
        return sum(held(v, ray) for ray in rays(puzzle, cell))

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """Black cells scattered at random, a fifth of the cells."""
        grid = tuple(tuple("#" if rng.random() < 1 / 5 else None for _ in range(cols))
                     for _ in range(rows))
        return Puzzle(self.name, rows, cols, grid)


class WallsGeneration(KitGeneration):
    """Black cells are the layout (they stay); the numbers on them are the clues."""

    density_meaning = "share of vertical walls the random answer leans to"

    def random_answer(self, rows: int, cols: int, rng: random.Random, density: float | None,
                      symmetric: Any) -> KitAnswer:
        """Black cells on a fifth of the grid, random walls (any answer obeys the rules),
        then walls turned where that leaves fewer white cells no number notices (no black
        cell at the end of a run of walls pointing its way, in any direction: its wall
        could turn unseen); those left turn black."""
        lean = self.default_density if density is None else density
        grid = [["#" if rng.random() < 1 / 5 else "|" if rng.random() < lean else "-"
                 for _ in range(cols)] for _ in range(rows)]
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        lost = [x for x in cells if not self.noticed(grid, x)]
        for _ in range(2 * rows * cols):
            if not lost:
                break
            (r, c), (dr, dc) = rng.choice(lost), rng.choice(ORTHO)
            r, c = r + dr, c + dc
            while 0 <= r < rows and 0 <= c < cols and grid[r][c] == "|-"[dr == 0]:
                r, c = r + dr, c + dc  # to the first wall across (or a black cell, the edge)
            if not (0 <= r < rows and 0 <= c < cols) or grid[r][c] == "#":
                continue
            grid[r][c] = "|-"[grid[r][c] == "|"]
            now = [x for x in cells if not self.noticed(grid, x)]
            if len(now) <= len(lost):
                lost = now
            else:
                grid[r][c] = "|-"[grid[r][c] == "|"]
        for r, c in lost:
            grid[r][c] = "#"
        layout = Puzzle(self.genre.name, rows, cols, tuple(
            tuple("#" if ch == "#" else None for ch in row) for row in grid))
        return KitAnswer(tuple(map("".join, grid)), layout)

    @staticmethod
    def noticed(grid: list[list[str]], cell: Cell) -> bool:
        """Some black cell's length changes if this white cell's wall turns."""
        if grid[cell[0]][cell[1]] == "#":
            return True
        for dr, dc in ORTHO:
            r, c = cell[0] + dr, cell[1] + dc
            while 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] == "|-"[dr == 0]:
                r, c = r + dr, c + dc
            if 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] == "#":
                return True
        return False

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues: dict[ClueKey, Clue] = {x: v for x, v in puzzle.clues().items() if isinstance(v, int)}
        return puzzle.with_clues(dict.fromkeys(puzzle.clues(), "#")), clues


WALLS = Walls()
