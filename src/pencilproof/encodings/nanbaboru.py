"""Nanbaboru (janko.at Nanbaboru, "Number Ball", Naoki Inaba): write numbers 1-N into some
cells so that every row and every column holds each of 1-N exactly once, the other cells
staying empty; a cell with a circle holds a number, a cell with a cross stays empty, a
given number stays.

Givens: ``o`` a circle, ``x`` a cross, a number 1-N. N travels in the parameter ``max``
(Janko: ``depth``; none given: one fewer than the shorter side, as Easy as ABC). Answers
write the numbers and ``.`` for an empty cell. Janko's problems write a circle ``o`` or
``0`` (562 of the visible pages' circles are ``0``, and every one of them holds a number in
the published solution), a cross ``x``, empty ``-``; solutions ``-`` for an empty cell.
puzz.link has no Nanbaboru: codes are this project's, in pzprjs's style: ``nmDupRow`` (a
number twice in a row or column), ``nmMissRow`` (a number missing from one), ``ceNoNum``
(a circle without a number), ``nmOnCross`` (a number on a cross), ``nmGiven``.
Generation: a random filling of the empty board; its numbers and, on empty cells,
crosses are the clue candidates.
"""
from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import Glyph, JankoBlock
from .kit import AllDifferent, Count, KitGenre, Number, Values, kit_formats
from .kit.lattice import lines
from .kit.model import N, Encoder, Layer, Rule
from .kit.numbers import LayoutGeneration, given_number

CIRCLE, CROSS = "o", "x"


def largest(puzzle: Puzzle) -> int:
    """N: the ``max`` parameter, or one fewer than the shorter side."""
    n = puzzle.param("max")
    return n if n is not None else max(1, min(puzzle.rows, puzzle.cols) - 1)


class Balls(Number):
    """A number 1..N or an empty cell (``.``), "empty" an atom of its own (what answers are
    blocked and compared by where cells stay empty)."""

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        super().setup(e, cells)
        for x in cells:
            if N(x, None) not in e.lits:
                e.lits[N(x, None)] = -e.reify_or([e.lits[N(x, v)] for v in range(self.lo, self.hi + 1)])


class Nanbaboru(KitGenre):
    name = "nanbaboru"
    aliases = ("number_ball", "numberball")
    summary = "numbers 1-N once per row and column in some cells; circles hold one, crosses none"
    param_keys = ("max",)
    layer = Balls(1, 35, blank=True)
    janko_problem = {"-": None, ".": None, "0": CIRCLE, "o": CIRCLE, "x": CROSS}
    formats = kit_formats(janko_names=("nanbaboru",), blank=".",
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    editor_candidates = (".", CIRCLE, CROSS, *map(str, range(1, 10)))
    min_clue, max_clue = 1, 35
    clue_expected, clue_type = "'.', 'o', 'x' or a number", "a given is 'o', 'x' or a number"
    failcode_order = ("nmDupRow", "nmMissRow", "ceNoNum", "nmOnCross", "nmGiven")

    def __init__(self) -> None:
        super().__init__()
        self.generator = LayoutGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Balls(1, largest(puzzle), blank=True)

    def parse_clue(self, token: object, where: str) -> Clue:
        if isinstance(token, str) and token.lower() in (CIRCLE, CROSS):
            return token.lower()
        return super().parse_clue(token, where)

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "max":
            return super().parse_param(key, value, where)
        n = read_number(value, where, "the largest number", "'max' must be the largest number")
        if not 1 <= n <= 35:
            raise InputError(f"'max' must be the largest number, 1-35, not {n}", where)
        return n

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        n = largest(puzzle)
        if n > 35:  # the default, one fewer than the side, on a grid over 36
            raise InputError(f"a {puzzle.rows}x{puzzle.cols} grid needs its 'max' (at most 35)", where)
        if n > min(puzzle.rows, puzzle.cols):
            raise InputError(f"numbers 1-{n} do not fit in a {puzzle.rows}x{puzzle.cols} grid", where)
        for (r, c), x in puzzle.clues().items():
            if isinstance(x, int) and x > n:
                raise InputError(f"given {x} at r{r + 1}c{c + 1} is not a number 1-{n}", where)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        if clue == CIRCLE:  # a tinted cell, no text: the answer's number is drawn on it
            return Glyph("", fill="#dce6f5")
        if clue == CROSS:
            return Glyph("x", ink="#808080")
        return None if clue is None else Glyph(str(clue))

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
        values = range(1, largest(puzzle) + 1)
        out: list[Rule] = [AllDifferent(cells, values, "nmDupRow", f"a number repeats in {name}")
                           for name, cells in lines(puzzle)]
        return out + [Count([N(x, v) for x in cells], 1, cells, "nmMissRow", f"{name} has no {v}", ">=")
                      for name, cells in lines(puzzle) for v in values]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        held = [N(cell, v) for v in range(1, largest(puzzle) + 1)]
        if clue == CIRCLE:
            return [Count(held, 1, [cell], "ceNoNum", "a circle holds no number", ">=")]
        if clue == CROSS:
            return [Count(held, 0, [cell], "nmOnCross", "a cross holds a number", "<=")]
        return [given_number(cell, clue)] if isinstance(clue, int) else []

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        n = v.cell["number"].get(cell)
        return CROSS if n is None else n

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """N three fifths of the shorter side (janko.at's: 3 on 5x5 and 6x6, 4-5 on 7x7)."""
        n = max(1, min(rows, cols) * 3 // 5)
        return super().random_layout(rows, cols, rng).with_params(max=n)


NANBABORU = Nanbaboru()
