"""Arrow Numbers (janko.at Pfeilzahlen, Cross+A's Arrows): a grid of numbers framed by a
ring of empty cells; put an arrow into every ring cell (the four corners stay empty),
pointing in one of eight directions (orthogonal or diagonal) at one or more cells of the
grid; each number says how many arrows point at its cell (along their whole line).

The puzzle is the framed grid, ring included: (N+2)x(M+2) cells, the numbers inside, the
ring and the corners without givens (an inner cell may be blank: no count). An arrow is
written as the numeric keypad shows it (PuzzlePicnic's keys): ``8`` n, ``9`` ne, ``6`` e,
``3`` se, ``2`` s, ``1`` sw, ``4`` w, ``7`` nw; ``.`` the corners and the inner cells.
Janko's blocks say ``size N`` (the inner grid); ``problem`` is either the framed grid
(``-`` on the ring) or the inner grid alone, and 26 of the 94 visible pages have none: their
solution's numbers are the puzzle (the arrows the answer). The solution writes the ring's
arrows ``n ne e se s sw w nw``; one pointing off the grid (page 241's ``e`` on the right side,
its counts say ``w``) is read as the same line pointed in, the only arrow it can be.
puzz.link has no Arrow Numbers: own codes ``ceNoArrow`` (a ring cell without an arrow) and
``nmArrowNe`` (a number pointed at by other than its count of arrows); an arrow pointing off
the grid is not an answer character of its cell. Generation: random arrows, the numbers their counts.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator, Optional

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import JankoBlock
from .kit import Count, KitGenre, Number, Values, kit_formats
from .kit.model import N, Layer, Rule, bad_char

#: Keypad digit -> (row step, column step), and Janko's token of each.
STEPS = {8: (-1, 0), 9: (-1, 1), 6: (0, 1), 3: (1, 1), 2: (1, 0), 1: (1, -1), 4: (0, -1), 7: (-1, -1)}
TOKENS = {"n": 8, "ne": 9, "e": 6, "se": 3, "s": 2, "sw": 1, "w": 4, "nw": 7}
GLYPHS = {8: "↑", 9: "↗", 6: "→", 3: "↘", 2: "↓", 1: "↙", 4: "←", 7: "↖"}


def inner(rows: int, cols: int, cell: Cell) -> bool:
    return 0 < cell[0] < rows - 1 and 0 < cell[1] < cols - 1


def ring(rows: int, cols: int, cell: Cell) -> bool:
    """A cell of the frame, not a corner."""
    r, c = cell
    return not inner(rows, cols, cell) and (0 < r < rows - 1 or 0 < c < cols - 1)


def ray(rows: int, cols: int, cell: Cell, d: int) -> Iterator[Cell]:
    """The grid cells an arrow in ``cell`` pointing ``d`` points at."""
    (r, c), (dr, dc) = cell, STEPS[d]
    r, c = r + dr, c + dc
    while inner(rows, cols, (r, c)):
        yield r, c
        r, c = r + dr, c + dc


class Arrows(Number):
    """A ring cell's arrow: a keypad digit of a direction that points into the grid."""

    def __init__(self, rows: int, cols: int):
        super().__init__(1, 9, blank=True)
        self.rows, self.cols = rows, cols
        self.domain = self.dirs  # type: ignore[assignment]
        self.chars = "an arrow 1-4 or 6-9 (the keypad's directions) pointing into the grid, or ."

    def dirs(self, cell: Cell) -> list[int]:
        return [d for d in STEPS if next(ray(self.rows, self.cols, cell, d), None) is not None]

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        if ch != "." and (not is_digits(ch) or int(ch) not in self.dirs(cell)):
            raise bad_char(ch, cell, self.chars, where)
        super().read(cell, ch, v, where)


class ArrowNumbers(KitGenre):
    name = "arrow_numbers"
    aliases = ("pfeilzahlen", "arrownumbers")
    summary = "an arrow in every cell of the ring around the grid; a number counts the arrows pointing at it"
    formats = kit_formats(janko_names=("arrownumbers", "pfeilzahlen"), blank=".",
                          drawing=dict.fromkeys("12346789", "arrow"),
                          answer_text={str(d): g for d, g in GLYPHS.items()})
    min_clue, max_clue = 0, 8
    editor_candidates = (".", *map(str, range(9)))

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Arrows(puzzle.rows, puzzle.cols)

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return None if ring(puzzle.rows, puzzle.cols, cell) else "."

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        if puzzle.rows < 3 or puzzle.cols < 3:
            raise InputError(f"an Arrow Numbers grid is framed by its ring of arrows: at least 3x3 "
                             f"cells, not {puzzle.rows}x{puzzle.cols}", where)
        for (r, c), v in puzzle.clues().items():
            if not inner(puzzle.rows, puzzle.cols, (r, c)):
                raise InputError(f"given {v!r} at r{r + 1}c{c + 1} is on the ring of arrows "
                                 f"(numbers stand inside it)", where)

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """``size`` is the inner grid's; the problem framed, inner or left out (see the module)."""
        rows, cols = block.rows + 2, block.cols + 2
        sol = self._grid(block, "solution")
        problem = self._grid(block, "problem") if "problem" in block.sections else sol
        if problem is None:
            raise InputError("no 'problem' section and no 'solution' to take the numbers from", block.where)
        grid = tuple(tuple(self.janko_clue(t if problem is not sol or inner(rows, cols, (r, c)) else "-",
                                           f"{at}: r{r + 1}c{c + 1}")
                           for c, (t, at) in enumerate(line)) for r, line in enumerate(problem))
        puzzle = Puzzle(self.name, rows, cols, grid)
        self.check_puzzle(puzzle, block.where)
        if sol is None:
            return puzzle, None
        answer, layer = [["."] * cols for _ in range(rows)], Arrows(rows, cols)
        for r, line in enumerate(sol):
            for c, (tok, at) in enumerate(line):
                d = TOKENS.get(tok.lower())
                if ring(rows, cols, (r, c)) and d is not None:  # off the grid: the same line pointed in
                    answer[r][c] = str(d if d in layer.dirs((r, c)) else 10 - d)
                elif ring(rows, cols, (r, c)) and tok not in ("-", "."):
                    raise InputError(f"unknown solution token {tok!r} at r{r + 1}c{c + 1} (expected "
                                     f"an arrow {', '.join(TOKENS)} or -)", at)
        return puzzle, self.parse_solution(puzzle, ["".join(row) for row in answer], block.where)

    @staticmethod
    def _grid(block: JankoBlock, name: str) -> Optional[list[list[tuple[str, str]]]]:
        """A section framed (its ring ``-``) or the inner grid alone, framed here."""
        lines = block.sections.get(name)
        if lines and len(lines[0]) == block.cols:
            dash, w = ("-", block.where), block.cols + 2
            return [[dash] * w, *([dash, *line, dash] for line in block.grid(name) or ()), [dash] * w]
        return replace(block, rows=block.rows + 2, cols=block.cols + 2).grid(name)

    def pointing(self, puzzle: Puzzle, cell: Cell) -> list[tuple[Cell, int]]:
        """The (ring cell, direction) arrows that would point at ``cell``."""
        rows, cols, (r, c) = puzzle.rows, puzzle.cols, cell
        out = []
        for d, (dr, dc) in STEPS.items():
            y = (r - dr, c - dc)
            while inner(rows, cols, y):
                y = (y[0] - dr, y[1] - dc)
            if ring(rows, cols, y):
                out.append((y, d))
        return out

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        layer = Arrows(puzzle.rows, puzzle.cols)
        return [Count([N(x, d) for d in layer.dirs(x)], 1, [x], "ceNoArrow", "a ring cell has no arrow", ">=")
                for x in puzzle.cells() if ring(puzzle.rows, puzzle.cols, x)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [Count([N(y, d) for y, d in self.pointing(puzzle, cell)], clue, [cell], "nmArrowNe",
                      f"the {clue} has {{k}} arrows pointing at it")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        if not inner(puzzle.rows, puzzle.cols, cell):
            return None
        got = v.cell.get("number", {})
        return sum(got.get(y) == d for y, d in self.pointing(puzzle, cell))


ARROW_NUMBERS = ArrowNumbers()
