"""Foseruzu (janko.at "Foseruzu"; Nikoli's Four Cells, puzz.link ``fourcells`` and
``fivecells``): divide the grid into pieces of k cells each (janko.at's ``depth``: 4 or
5); a number in a cell tells how many of its four sides are borders, the grid's frame
included.

k is the puzzle's ``piece`` parameter (default 4). Answers are the borders between the
pieces (:class:`~.kit.division.Walls`); Janko's solutions label each cell's piece, read
as borders between differently labelled cells. Failcodes are pzprjs's (fourcells,
fivecells), in its order: ``bkSizeLt<k>``, ``nmBorderNe``, ``bdDeadEnd`` (a border inside
a piece), ``bkSizeGt<k>``. The division is the kit's
:class:`~.kit.polyominoes.SizeDivision` (a selector per fixed polyomino of k cells at
each place); a number rules out the placements whose shape gives its cell another count
of borders. puzz.link URLs and pzprv3 files are not read or written yet.
"""
from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import JankoBlock
from .kit import Count, KitGeneration, KitGenre, Values, kit_formats
from .kit.division import Walls, between, walls_of
from .kit.model import Encoder, Layer, Lit, Rule
from .kit.polyominoes import SizeDivision, other_degree, place

ORDER = ("bkSizeLt4", "bkSizeLt5", "nmBorderNe", "bdDeadEnd", "bkSizeGt4", "bkSizeGt5")


def near(puzzle: Puzzle, cell: Cell) -> list[Cell]:
    r, c = cell
    return [y for y in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= y[0] < puzzle.rows and 0 <= y[1] < puzzle.cols]


class Sides(Count):
    """A number's cell has that many border sides (the frame's count as borders); the
    placements that give it another count are off (the division's selectors then know)."""

    def __init__(self, puzzle: Puzzle, cell: Cell, n: int, k: int):
        sides = near(puzzle, cell)
        super().__init__([between(cell, y) for y in sides], n - 4 + len(sides), [cell], "nmBorderNe",
                         f"a cell numbered {n} has another count of borders")
        self.off = sorted(other_degree(puzzle.rows, puzzle.cols, k, cell, 4 - n))

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        off = [e.lits[place(i)] for i in self.off if place(i) in e.lits]
        if not off:  # the division left them all out: its selected placement here says n
            return
        super().encode(e, guard)
        for s in off:
            e.clause([-s], guard)


class FoseruzuGeneration(KitGeneration):
    example_size = 6  # (a 5x5 grid falls into no pieces of four)


class Foseruzu(KitGenre):
    name = "foseruzu"
    aliases = ("fourcells", "fivecells")
    summary = "divide the grid into pieces of k cells; a number counts its cell's border sides"
    param_keys = ("piece",)

    def __init__(self) -> None:
        super().__init__()
        self.generator = FoseruzuGeneration(self)
    formats = kit_formats(janko_names=("foseruzu",), drawing=dict.fromkeys("|_J", "walls"),
                          answer_regions=True, blank=".")
    editor_candidates = (".", "0", "1", "2", "3", "4")
    max_clue = 4
    failcode_order = ORDER

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Walls(puzzle.rows, puzzle.cols)

    def piece(self, puzzle: Puzzle) -> int:
        return int(puzzle.param("piece", 4))

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "piece":
            return super().parse_param(key, value, where)
        k = read_number(value, where, "a number", "'piece' must be a number")
        if not 2 <= k <= 8:
            raise InputError(f"'piece' must be 2-8 cells, got {k}", where)
        return k

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        k = self.piece(puzzle)
        if (puzzle.rows * puzzle.cols) % k:
            raise InputError(f"{puzzle.rows}x{puzzle.cols} cells do not fall into pieces of {k}",
                             where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        puzzle = super().janko_puzzle(block)
        depth = block.fields.get("depth")
        return puzzle if depth is None else puzzle.with_params(
            piece=self.parse_param("piece", depth, f"{block.where}: depth"))

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """The numbers, ``depth`` the piece size, the solution's piece labels as borders."""
        puzzle = self.janko_puzzle(block)
        self.check_puzzle(puzzle, block.where)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        rows = walls_of([[tok for tok, _ in line] for line in grid])
        return puzzle, self.parse_solution(puzzle, rows, block.where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        """The division; placements its numbers rule out are left out (a puzzle whose
        clues switch is encoded without them)."""
        k, skip = self.piece(puzzle), set[int]()
        for x, n in puzzle.clues().items():
            if isinstance(n, int):
                skip |= other_degree(puzzle.rows, puzzle.cols, k, x, 4 - n)
        return [SizeDivision(puzzle.rows, puzzle.cols, k, skip)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [Sides(puzzle, cell, clue, self.piece(puzzle))] if isinstance(clue, int) else []

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        sides = near(puzzle, cell)
        return 4 - len(sides) + sum(bool(v[between(cell, y)]) for y in sides)


FOSERUZU = Foseruzu()
