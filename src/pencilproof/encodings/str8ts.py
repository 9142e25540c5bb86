"""Str8ts (janko.at "Straights"): fill the white cells of an n x n grid with 1..n so that
no number repeats in a row or column (numbers in black cells count too) and every
compartment (a maximal run of white cells in a row or column) holds a straight: a set
of consecutive numbers in any order.

Givens: a number (a white cell's digit), ``#`` (a black cell) or ``#5`` (a black cell
holding 5; Janko writes ``x`` and ``5x``). Black cells are part of the layout: answers
copy them as ``#``, and generation keeps them (their numbers are clues like the white
digits). puzz.link has no Str8ts: the failcodes are this project's, named like pzprjs's:
``nmDupRow`` (a number twice in a row or column), ``nmNotStraight`` (a compartment that
is no straight), ``ceNoNum`` (an empty white cell), ``nmGiven`` (a changed given).
"""
from __future__ import annotations

import random
import re
from typing import Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import ClueKey, Glyph
from .kit import AllDifferent, KitGeneration, KitGenre, Number, NotAll, Values, kit_formats
from .kit.lattice import lines
from .kit.lines_of_cells import Straight
from .kit.model import N, Layer, Rule
from .kit.numbers import check_square, filled, given_number, janko_number_mark

#: The share of black cells in generated layouts.
BLACK = 0.22


def black_number(clue: Clue) -> Optional[int]:
    """The number of a black cell (``#5`` -> 5; None for ``#`` or a white cell)."""
    return int(clue[1:]) if isinstance(clue, str) and len(clue) > 1 else None


class Str8ts(KitGenre):
    name = "str8ts"
    aliases = ("straights", "str8t")
    summary = "fill 1-N without repeats in rows and columns; white runs between black cells are straights"
    formats = kit_formats(janko_names=("straights",), blank=".",
                          drawing={"#": "shade", **dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                                                                  "number")})
    editor_candidates = (".", "#", *map(str, range(1, 10)))
    janko_problem = {"-": None, "x": "#"}

    def __init__(self) -> None:
        super().__init__()
        self.generator = Str8tsGeneration(self)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        """A black cell is grey (dark in an answer, whose ``#`` it is) and shows its number."""
        k = black_number(clue)
        if isinstance(clue, str):
            return Glyph("" if k is None else str(k), fill="#8c96a0")
        return None if clue is None else Glyph(str(clue))

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Number(1, puzzle.rows, blank=True)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if isinstance(token, str) and ("#" in token or "x" in token):
            m = re.fullmatch(r"[#x]([0-9]*)|([0-9]+)x", token)
            if m is None:
                raise InputError(f"unknown token {token!r} (expected '.', a number, '#' or '#N')",
                                 where)
            digits = m.group(1) or m.group(2)
            return f"#{int(digits)}" if digits else "#"
        return read_number(token, where, "'.', a number, '#' or '#N'",
                           "a given must be a number, '#' or '#N'")

    def janko_mark(self, token: str, where: str) -> str:
        return janko_number_mark(token, where)

    def janko_clue(self, token: str, where: str) -> Clue:
        return self.parse_clue(token, where)

    def validate(self, puzzle: Puzzle, where: str) -> None:
        n = puzzle.rows
        check_square(n, puzzle.cols, "a Str8ts", where)
        for (r, c), v in puzzle.clues().items():
            k = v if isinstance(v, int) else black_number(v)
            if k is not None and not 1 <= k <= n:
                raise InputError(f"clue {v!r} at r{r + 1}c{c + 1} has a number outside 1-{n}", where)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        self.validate(puzzle, where)

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return "#" if isinstance(puzzle[cell], str) else None

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        n = puzzle.rows
        out: list[Rule] = []
        runs: list[list[Cell]] = []
        for name, cells in lines(puzzle):
            white = [x for x in cells if self.fixed(puzzle, x) is None]
            out.append(AllDifferent(white, range(1, n + 1), "nmDupRow", f"a number repeats in {name}"))
            run: list[Cell] = []
            for x in [*cells, None]:
                if x is not None and x in white:
                    run.append(x)
                else:
                    runs += [run] if len(run) > 1 else []
                    run = []
        out += [Straight(run, 1, n, "nmNotStraight", "a compartment is not a straight") for run in runs]
        out += filled(self.free_cells(puzzle), n, f"a white cell has no number 1-{n}")
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        k = black_number(clue)
        if clue == "#":
            return []
        if k is None:
            return [given_number(cell, clue)]
        r, c = cell
        return [NotAll([N(x, k)], [cell, x], "nmDupRow", f"{k} repeats the black cell's number")
                for x in puzzle.cells() if (x[0] == r) != (x[1] == c) and self.fixed(puzzle, x) is None]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["number"].get(cell) if self.fixed(puzzle, cell) is None else None

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """Black cells at random, symmetric under a half turn (as published Str8ts are)."""
        check_square(rows, cols, "a Str8ts", "--size", most=None)
        black: dict[Cell, Clue] = {}
        for r in range(rows):
            for c in range(cols):
                if (r, c) <= (rows - 1 - r, cols - 1 - c) and rng.random() < BLACK:
                    black[(r, c)] = black[(rows - 1 - r, cols - 1 - c)] = "#"
        return super().random_layout(rows, cols, rng).with_clues(black)


class Str8tsGeneration(KitGeneration):
    """Black cells stay (the layout); white digits and black cells' numbers are clues."""

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues = puzzle.clues()
        black: dict[Cell, Clue] = {x: "#" for x, v in clues.items() if isinstance(v, str)}
        return puzzle.with_clues(black), {x: v for x, v in clues.items() if v != "#"}


STR8TS = Str8ts()
