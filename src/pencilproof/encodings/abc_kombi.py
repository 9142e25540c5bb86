"""Abc Kombi (janko.at "Abc-Kombi"; the ABCD puzzle): write one of the letters A.. (as many
as the puzzle's ``letters``) into every cell, so that no two cells side by side hold the
same letter (corners may), and the numbers beside a row or column say how often each
letter stands in it.

Parameters: ``letters``; ``left`` (one per row) and ``top`` (one per column), each a list
of ``letters`` counts (A first; null: not given) or null. Cells may hold given letters.
Janko pages (``puzzle abckombi``): ``depth`` the letters, ``rlabels`` one line per letter
of its count in each row, ``clabels`` the same per column (``-``: not given), an optional
``problem`` of given letters (``-`` none; the published pages have none), the
``solution`` the letters. Own codes in pzprjs's style: ``nmSameAdj`` (two side
neighbours alike), ``nmCountNe`` (a letter's count in a line), ``ceNoNum`` (an empty
cell), ``nmGiven``. Generation: every line's counts a clue (``--edges only``: no given
letter in a cell).
"""
from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping, Optional

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import JankoBlock
from .kit import Count, NotAll, Values, kit_formats
from .kit.lattice import pairs
from .kit.layers import LETTERS, Letters
from .kit.lines_of_cells import EdgeGenre, EdgesOnly, edge_cells, line_name
from .kit.model import N, Layer, Rule
from .kit.numbers import filled, given_number

Counts = tuple[Optional[int], ...]


class AbcKombi(EdgeGenre):
    name = "abc_kombi"
    aliases = ("abckombi", "abc-kombi", "abcd")
    summary = "a letter in every cell, none beside its like; numbers outside count each letter in the line"
    param_keys = ("letters", "top", "left")
    edge_sides = ("top", "left")
    label_words = "counts"
    formats = kit_formats(janko_names=("abckombi",), blank=".",
                          drawing=dict.fromkeys(LETTERS, "letter"))
    editor_candidates = (".", "A", "B", "C", "D", "E")

    def __init__(self) -> None:
        super().__init__()
        self.generator = KombiGeneration(self)

    def letters(self, puzzle: Puzzle) -> int:
        k = puzzle.param("letters")
        return 3 if k is None else k

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Letters(self.letters(puzzle))

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if not (isinstance(token, str) and len(token) == 1 and token.isascii() and token.isalpha()):
            raise InputError(f"unknown token {token!r} (expected '.' or a letter)", where)
        return token.upper()

    def edge_label(self, token: object, where: str) -> Optional[Counts]:
        if token is None:
            return None
        if not isinstance(token, (list, tuple)):
            raise InputError(f"counts must be a list of numbers or nulls, got {token!r}", where)
        got = tuple(None if x in (None, "-") else read_number(x, where, "a count or null",
                                                              "a count must be a number")
                    for x in token)
        return got if any(x is not None for x in got) else None

    def edge_text(self, label: Any) -> str:
        return " ".join("-" if x is None else str(x) for x in label)

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key == "letters":
            k = read_number(value, where, "a number of letters", "'letters' must be a number")
            if not 2 <= k <= len(LETTERS):
                raise InputError(f"'letters' must be 2-26, got {k}", where)
            return k
        return super().parse_param(key, value, where)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        k = self.letters(puzzle)
        for (side, i), counts in self.labels(puzzle).items():
            size = len(edge_cells(puzzle, side, i))
            if len(counts) != k or any(x is not None and not 0 <= x <= size for x in counts):
                raise InputError(f"the counts beside {line_name(side, i)} must be {k} numbers "
                                 f"0-{size} or nulls, got {self.edge_text(counts)}", where)
        for (r, c), x in puzzle.clues().items():
            if LETTERS.index(str(x)) >= k:
                raise InputError(f"letter {x} at r{r + 1}c{c + 1} is not one of A-{LETTERS[k - 1]}",
                                 where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        k = self.letters(puzzle)
        out: list[Rule] = [NotAll([N(a, v), N(b, v)], (a, b), "nmSameAdj",
                                  f"two {LETTERS[v - 1]}s side by side")
                           for a, b in pairs(puzzle) for v in range(1, k + 1)]
        return out + filled(puzzle.cells(), k, "a cell has no letter")

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells, name = edge_cells(puzzle, side, i), line_name(side, i)
        return [Count([N(x, v) for x in cells], n, cells, "nmCountNe",
                      f"{name} has {{k}} {LETTERS[v - 1]} instead of {n}")
                for v, n in enumerate(label, 1) if n is not None]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        got = [v.cell["number"].get(x) for x in edge_cells(puzzle, side, i)]
        return tuple(got.count(x) for x in range(1, self.letters(puzzle) + 1))

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [given_number(cell, clue, LETTERS.index(str(clue)) + 1)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        n = v.cell["number"].get(cell)
        return None if n is None else LETTERS[n - 1]

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        return super().random_layout(rows, cols, rng).with_params(letters=rng.choice((3, 4)))

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """``depth``, ``rlabels``/``clabels`` (a line per letter), ``problem``, ``solution``."""
        depth = block.fields.get("depth", "")
        if not is_digits(depth):
            raise InputError("no 'depth' line (the number of letters)", block.where)
        k, labels = int(depth), {}
        for section, side, n in (("clabels", "top", block.cols), ("rlabels", "left", block.rows)):
            lines = block.sections.get(section, ())
            if len(lines) != k or any(len(line) != n for line in lines):
                raise InputError(f"'{section}' must be {k} lines (one per letter) of {n} counts "
                                 f"or '-'", block.where)
            for i in range(n):
                labels[(side, i)] = self.edge_label([lines[v][i][0] for v in range(k)],
                                                    lines[0][i][1])
        problem = block.grid("problem")
        givens = tuple((None,) * block.cols for _ in range(block.rows)) if problem is None else \
            tuple(tuple(self.parse_clue(tok, at) for tok, at in line) for line in problem)
        blank = Puzzle(self.name, block.rows, block.cols, givens).with_params(letters=k)
        puzzle = self.with_labels(blank, labels)
        self.check_puzzle(puzzle, block.where)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        return puzzle, self.parse_solution(puzzle, ["".join(t for t, _ in line) for line in grid],
                                           block.where)


class KombiGeneration(EdgesOnly):
    """``--edges only``: the counts outside are the only clues (as janko.at's pages)."""

    options: ClassVar[Mapping[str, str]] = {
        "edges": "abc_kombi: 'only' makes the counts outside the grid the only clues (as "
                 "janko.at's pages; default: letters in cells may be clues too)"}



ABC_KOMBI = AbcKombi()
