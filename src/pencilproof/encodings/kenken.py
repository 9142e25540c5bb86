"""KenKen (Janko "Kendoku"): fill 1..N so that every row and column holds each number once,
and the numbers of each cage make the cage's target by its operation.

Cages are the puzzle's ``areas`` (drawn as thick borders); a cage's target stands in one of
its cells (Janko: the first in reading order), at most one per cage: ``12+`` a sum, ``6*``
a product, ``2-`` a difference (the largest number minus the others), ``3/`` a quotient
(the largest divided by the others); ``x``, ``×``, ``÷`` and ``−`` are read as ``*``, ``*``,
``/`` and ``-``. A plain number is the number of a one-cell cage; in a larger cage it is a
target whose operation is not told (any of the four), as janko.at prints some (Kendoku
007, 008). Numbers may repeat in a cage, never in a row or column. puzz.link has no KenKen:
the codes are pzprjs's ``nmDupRow`` and ``ceNoNum`` and this project's ``cgCalcNe`` (a
cage's numbers miss its target). Generation draws random cages and an answer; a cage's
clue is its target by an operation chosen from its cells (never ``?``).
"""
from __future__ import annotations

import random
import re
from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .kit import KitGenre, Number, Values, kit_formats
from .kit.lattice import areas, one_given_per_area
from .kit.model import Layer, Rule
from .kit.numbers import (Arithmetic, LayoutGeneration, check_square, combine, filled, janko_number_mark,
                          latin_lines, random_cages)

CLUE = re.compile(r"([0-9]+)\s*([-+*/x×÷−])")
SPELLING = {"x": "*", "×": "*", "÷": "/", "−": "-"}


def target(clue: Clue) -> tuple[str, int]:
    """(operation, target) of a clue; ``?`` for a plain number."""
    if isinstance(clue, int):
        return "?", clue
    assert isinstance(clue, str)
    return clue[-1], int(clue[:-1])


class KenKen(KitGenre):
    name = "kenken"
    aliases = ("kendoku", "calcudoku", "mathdoku")
    summary = "fill 1-N once per row and column; each cage's numbers make its target (12+, 6*, 2-, 3/)"
    param_keys = ("areas",)
    formats = kit_formats(janko_names=("kendoku",), blank=".",
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    max_clue = 10 ** 9
    editor_candidates = (".", "1", "2", "3", "2-", "2/", "3+", "6*")

    def __init__(self) -> None:
        super().__init__()
        self.generator = LayoutGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Number(1, puzzle.rows, blank=True)

    def parse_clue(self, token: object, where: str) -> Clue:
        if isinstance(token, str) and (m := CLUE.fullmatch(token.strip())):
            value = int(m.group(1))
            if value < 1 or value > self.max_clue:
                raise InputError(f"target {value} is out of range (1-{self.max_clue})", where)
            return f"{value}{SPELLING.get(m.group(2), m.group(2))}"
        if isinstance(token, str) and token.strip() and is_digits(token.strip()[0]) \
                and not is_digits(token.strip()):
            raise InputError(f"unknown target {token!r} (expected a number and one of + - * /)", where)
        return super().parse_clue(token, where)

    def janko_mark(self, token: str, where: str) -> str:
        return janko_number_mark(token, where)

    def janko_clue(self, token: str, where: str) -> Clue:
        return self.parse_clue(token, where)

    def cage_of(self, puzzle: Puzzle, cell: Cell) -> list[Cell]:
        return areas(puzzle)[puzzle.param("areas")[cell[0]][cell[1]]]

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        n = puzzle.rows
        check_square(n, puzzle.cols, "a KenKen", where)
        if puzzle.param("areas") is None:
            raise InputError("a KenKen needs its cages ('areas')", where)
        one_given_per_area(puzzle, "cage", "target", where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        n = puzzle.rows
        return latin_lines(puzzle) + filled(puzzle.cells(), n, f"a cell has no number 1-{n}")

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if clue is None:
            return []
        cage = self.cage_of(puzzle, cell)
        op, goal = target(clue)
        apart = [(i, j) for i, a in enumerate(cage) for j, b in enumerate(cage)
                 if i < j and (a[0] == b[0] or a[1] == b[1])]
        return [Arithmetic(cage, op, goal, "cgCalcNe", f"a cage's numbers do not make {clue}",
                           apart=apart)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        cage = self.cage_of(puzzle, cell)
        if cell != min(cage):
            return None
        got = [v.cell["number"][x] or 0 for x in cage]
        if len(cage) == 1:
            return got[0]
        ops = ["+", "*"] + (["-", "/"] if len(cage) == 2 else [])
        ops = [op for op in ops if (combine(op, got) or 0) > 0]
        op = ops[(cell[0] * 7 + cell[1] * 3) % len(ops)]
        return f"{combine(op, got)}{op}"

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        check_square(rows, cols, "a KenKen", "--size", most=None)
        cages = random_cages(rows, cols, rng, (1, 2, 2, 2, 3, 3, 4))
        return super().random_layout(rows, cols, rng).with_params(areas=cages)


KENKEN = KenKen()
