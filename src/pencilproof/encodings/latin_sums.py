"""Latin Sums (janko.at Lateinische Summen): write a number 1-N into every white cell so
that every row and every column holds each of 1-N exactly once; a grey cell's number is
the sum of the numbers in the up to eight cells touching it (edges and corners).

The puzzle's cells are white (``.``) or grey: a sum, or ``?`` (grey without a sum: what
generation and ``minimize`` leave where a sum is not needed). N travels in the parameter
``max`` (Janko: ``depth``; none given: the white cells of the first row). Every row and
column has N white cells (else there is no answer: such a grid is refused), so the grid is
square. Answers write ``.`` on grey cells. puzz.link has no Latin Sums: codes are this
project's, in pzprjs's style: ``nmDupRow`` (a number twice in a row or column),
``nmSumNe`` (a sum), ``ceNoNum`` (a white cell without a number).
Janko's blocks write empty cells ``.`` or ``-``, and the grey cells of a solution as their
sums or ``-``. Generation: a random Latin square of side n, its numbers above N made grey
(N from the density, the share of white cells), the grey cells' sums the clues.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import ClueKey, Glyph, JankoBlock, Symmetry
from .kit import AllDifferent, KitAnswer, KitGenre, Number, kit_formats
from .kit.lattice import around, lines
from .kit.layers import number_char
from .kit.model import Layer, Rule, Values
from .kit.numbers import LayoutGeneration, check_square, filled, numbers
from .kit.sums import Sum


def largest(puzzle: Puzzle) -> int:
    """N: the ``max`` parameter, or the first row's white cells."""
    n = puzzle.param("max")
    return n if n is not None else max(1, sum(v is None for v in puzzle.grid[0]))


def touching(puzzle: Puzzle, cell: Cell) -> list[Cell]:
    """The white cells around a grey one."""
    return [x for x in around(puzzle, cell) if puzzle[x] is None]


class LatinSums(KitGenre):
    name = "latin_sums"
    aliases = ("latsums", "lateinische_summen", "lateinische-summen")
    summary = "numbers 1-N once per row and column in the white cells; grey cells sum their neighbours"
    param_keys = ("max",)
    layer = Number(1, 35, blank=True)
    janko_problem = {"-": None, ".": None}
    formats = kit_formats(janko_names=("latsums", "lateinische summen"), blank=".",
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    editor_candidates = (".", "?", *map(str, range(49)))
    clue_expected, clue_type = "'.', '?' or a sum", "a grey cell is '?' or a sum"

    def __init__(self) -> None:
        super().__init__()
        self.generator = LatinSumsGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Number(1, largest(puzzle), blank=True)

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "max":
            return super().parse_param(key, value, where)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 35:
            raise InputError(f"'max' must be the largest number, 1-35, not {value!r}", where)
        return value

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph("" if clue == "?" else str(clue), fill="#c0c0c0")

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return "." if puzzle[cell] is not None else None

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        check_square(puzzle.rows, puzzle.cols, "a Latin Sums grid", where)
        n = largest(puzzle)
        for name, cells in lines(puzzle):
            white = sum(puzzle[x] is None for x in cells)
            if white != n:
                raise InputError(f"{name} has {white} white cells, not {n} (every row and column "
                                 f"holds 1-{n} once)", where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        """The ``problem`` grid; ``depth`` is N."""
        puzzle = super().janko_puzzle(block)
        depth = block.fields.get("depth")
        if depth is None:
            return puzzle
        if not is_digits(depth.strip()):
            raise InputError(f"'depth' must be the largest number, not {depth!r}", block.where)
        return puzzle.with_params(max=self.parse_param("max", int(depth), block.where))

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        n = largest(puzzle)
        out: list[Rule] = [AllDifferent([x for x in cells if puzzle[x] is None], range(1, n + 1),
                                        "nmDupRow", f"a number repeats in {name}", exact=True)
                           for name, cells in lines(puzzle)]
        return out + filled(self.free_cells(puzzle), n, "a white cell has no number")

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [Sum(touching(puzzle, cell), clue, "nmSumNe", f"the numbers around "
                    f"r{cell[0] + 1}c{cell[1] + 1} do not add up to {clue}")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        if puzzle[cell] is None:
            return None
        got = numbers(v, touching(puzzle, cell))
        return None if None in got else sum(x or 0 for x in got)


class LatinSumsGeneration(LayoutGeneration):
    """Grey cells stay (as ``?``); their sums are the clues (see the module)."""

    density_range = (0.2, 1.0)
    default_density = 0.6
    density_meaning = "share of white cells in a line (N over the side)"

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues = puzzle.clues()
        return (puzzle.with_clues(dict.fromkeys(clues, "?")),
                {x: v for x, v in clues.items() if isinstance(v, int)})

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        check_square(rows, cols, "a Latin Sums grid", "--size")
        n = max(1, min(rows, round(rows * (self.default_density if density is None else density))))
        perm = [rng.sample(range(rows), rows) for _ in range(3)]  # rows, columns, numbers
        square = [[perm[2][(perm[0][r] + perm[1][c]) % rows] for c in range(rows)] for r in range(rows)]
        layout = Puzzle(self.kit.name, rows, rows, tuple(tuple(None if x < n else "?" for x in row)
                                                         for row in square)).with_params(max=n)
        answer = self._answer_on(layout, rng, None)
        if answer is None:  # (the square itself is one)
            answer = KitAnswer(tuple("".join(number_char(x + 1) if x < n else "." for x in row)
                                     for row in square), layout)
        return KitAnswer(answer.rows, layout)


LATIN_SUMS = LatinSums()
