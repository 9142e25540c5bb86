"""Shikaku (puzz.link ``shikaku``, janko.at ``Sikaku``): divide the grid into rectangles,
each holding exactly one number, which equals its number of cells.

Answers are the borders between the rectangles (:class:`~.kit.division.Walls`): a cell is
``.``, ``|`` (a border on its right), ``_`` (below) or ``J`` (both); the frame is always
a border. Region labels would not do: one division has many labellings, and answers
must be counted as divisions. Janko's solutions label each cell's rectangle (by a number
that is no area: 001 labels its rectangles 0, 1, 11, 40, ...), read as borders between
differently labelled cells. A ``?`` is a number of unknown value (pzprjs's qnum -2).
Failcodes are pzprjs's (shikaku.js): ``bkNoNum``, ``bkNumGe2``, ``bkNotRect``,
``bkSizeNe``, ``bdDeadEnd`` (a border inside a rectangle). pzprv3 files carry the
numbers; their answer borders are read past (no pzprv3 section holds borders yet).

Generation, as for Nurikabe: a drawn division into rectangles gets one number per
rectangle on a random cell. The numbers always stay (every rectangle needs its own);
their *values* are the clues the generator and ``minimize`` switch, so a puzzle may show
``?`` where a value is not needed. When another division fits every number,
:meth:`ShikakuGeneration.repair` moves one number within its rectangle onto a cell that
the other division puts in another piece than the number's (which then holds two).
"""
from __future__ import annotations

import random
from typing import Any

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import ClueKey, JankoBlock, Symmetry
from .kit import KitAnswer, KitGeneration, KitGenre, Values, kit_formats
from .kit.division import PieceSize, RectDivision, Walls, pieces, rectangles, walls_of
from .kit.model import Layer, Rule


class Shikaku(KitGenre):
    name = "shikaku"
    aliases = ("sikaku",)
    url_pids = ("shikaku",)
    summary = "divide the grid into rectangles, each holding one number: its area"
    formats = kit_formats(url_codec="number16", pzprv3_pid="shikaku", pzprv3_layout=("qnum",),
                          janko_names=("sikaku",), drawing=dict.fromkeys("|_J", "walls"),
                          answer_regions=True, blank=".")
    editor_candidates = (".", "?", *map(str, range(1, 10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = ShikakuGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Walls(puzzle.rows, puzzle.cols)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token == "?":
            return "?"
        value = read_number(token, where, "'.', '?' or a number", "a clue must be a number")
        if not 1 <= value <= self.max_clue:
            raise InputError(f"clue {value} is out of range (1-{self.max_clue})", where)
        return value

    def numbers(self, puzzle: Puzzle) -> dict[Cell, int | None]:
        return {x: (v if isinstance(v, int) else None) for x, v in puzzle.clues().items()}

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return [RectDivision(Walls(puzzle.rows, puzzle.cols), self.numbers(puzzle))]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        rects = rectangles(puzzle.rows, puzzle.cols, tuple(sorted(self.numbers(puzzle).items())))
        return [PieceSize(Walls(puzzle.rows, puzzle.cols), cell, clue, rects.get(cell, []))]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        if puzzle[cell] is None:
            return None
        found, of = pieces(v, Walls(puzzle.rows, puzzle.cols))
        return len(found[of[cell]])

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """The numbers, and the solution's rectangle labels as borders."""
        puzzle = self.janko_puzzle(block)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        rows = walls_of([[tok for tok, _ in line] for line in grid])
        return puzzle, self.parse_solution(puzzle, rows, block.where)


def random_rectangles(rows: int, cols: int, rng: random.Random, most: int) -> list[list[int]]:
    """A division into rectangles of at most ``most`` cells (1-cell ones only where
    nothing else fits), as a rectangle number per cell: each first uncovered cell in
    reading order starts a rectangle of a random fitting shape."""
    label = [[-1] * cols for _ in range(rows)]
    k = 0
    for r in range(rows):
        for c in range(cols):
            if label[r][c] >= 0:
                continue
            shapes = []
            for h in range(1, rows - r + 1):
                for w in range(1, cols - c + 1):
                    if h * w <= most and all(label[r + i][c + j] < 0 for i in range(h) for j in range(w)):
                        shapes.append((h, w))
            h, w = rng.choice([s for s in shapes if s[0] * s[1] > 1] or shapes)
            for i in range(h):
                for j in range(w):
                    label[r + i][c + j] = k
            k += 1
    return label


class ShikakuGeneration(KitGeneration):
    """Numbers placed one per rectangle of a drawn division; their values switch (see the
    module)."""

    default_density = 0.5
    density_meaning = "how large the drawn rectangles are (areas up to 2 + 10 x density)"
    symmetric_layout = True  # (only to refuse it: numbers go one per rectangle)

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        if symmetric:
            raise InputError("Shikaku numbers go one per rectangle of a drawn answer: no "
                             "symmetric layout", "--symmetric")
        most = 2 + round(10 * (self.default_density if density is None else density))
        label = random_rectangles(rows, cols, rng, most)
        cells: dict[int, list[Cell]] = {}
        for r in range(rows):
            for c in range(cols):
                cells.setdefault(label[r][c], []).append((r, c))
        grid: list[list[Clue]] = [[None] * cols for _ in range(rows)]
        for part in cells.values():
            r, c = rng.choice(part)
            grid[r][c] = len(part)
        layout = Puzzle(self.kit.name, rows, cols, tuple(map(tuple, grid)))
        return KitAnswer(tuple(walls_of(label)), layout)

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        return (puzzle.with_clues(dict.fromkeys(puzzle.clues(), "?")),
                {x: v for x, v in puzzle.clues().items() if isinstance(v, int)})

    def blank_for(self, answer: Any) -> Puzzle:
        return self.split_givens(super().blank_for(answer))[0]

    def clue_count(self, puzzle: Puzzle) -> int:
        return sum(1 for v in puzzle.clues().values() if isinstance(v, int))

    def repair(self, answer: Any, other: Any, rng: random.Random,
               symmetric: Symmetry | None) -> KitAnswer | None:
        """Move a number onto a cell of its rectangle that ``other`` puts in another
        piece than the number's: that piece then holds two numbers."""
        layout: Puzzle = answer.layout
        walls = Walls(layout.rows, layout.cols)
        mine, of = pieces(self.kit.values(layout, answer.rows, "answer"), walls)
        _, theirs = pieces(self.kit.values(layout, other.rows, "answer"), walls)
        moves = [(y, x) for y in layout.clues() for x in mine[of[y]] if theirs[x] != theirs[y]]
        if not moves:
            return None
        y, x = rng.choice(sorted(moves))
        clues = {z: v for z, v in layout.clues().items() if z != y}
        clues[x] = layout[y]
        return KitAnswer(answer.rows, layout.with_clues(clues))


SHIKAKU = Shikaku()
