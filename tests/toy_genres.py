"""Two throwaway genres that exercise the parts of the contract no shipped genre uses yet.

* ``stripes`` (a symmetry): shade whole rows; a given ``#``/``o`` fixes a cell shaded /
  unshaded. Without givens every answer's inverse is an answer too, so answers are
  judged up to inversion: an R-row grid has 2**R answers, 2**(R-1) up to inversion.
* ``domination`` (an optimum): mark cells so that every cell is marked or has a marked
  orthogonal neighbour, with as few marks as possible. The least numbers of marks on
  n x n grids are published (OEIS A104519: 1, 2, 3, 4, 7, 10 for n = 1..6).

They are registered by the tests that use them and removed again, so they never show
up in the CLI.
"""
from __future__ import annotations

from typing import Any, Sequence

from pencilproof.encodings.base import ShadingEncoded, choose_encoding, parse_shading_rows
from pencilproof.encodings.cnf import unary_sum
from pencilproof.encodings.contract import FormatSpec, Genre, Optimisation, Question
from pencilproof.encodings.grid import neighbours
from pencilproof.errors import InputError
from pencilproof.puzzle import Clue, Puzzle, Shading, Violation


class Stripes(Genre):
    name = "stripes"
    encodings = ("direct",)
    answer_type = Shading
    symmetry = "inversion"
    formats = FormatSpec()

    def parse_clue(self, token: object, where: str) -> Clue:
        if token in (None, "."):
            return None
        if token in ("#", "o"):
            return str(token)
        raise InputError(f"unknown token {token!r} (expected '.', '#' or 'o')", where)

    def encode(self, puzzle: Puzzle, backend: Any, encoding: str | None = None) -> ShadingEncoded:
        choose_encoding(self, encoding)
        s = {c: backend.new_var() for c in puzzle.cells()}
        for (r, c), lit in s.items():
            if c + 1 < puzzle.cols:
                right = s[(r, c + 1)]
                backend.add_clause([-lit, right])
                backend.add_clause([lit, -right])
            given = puzzle[(r, c)]
            if given is not None:
                backend.add_clause([lit if given == "#" else -lit])
        return ShadingEncoded(backend, puzzle.rows, puzzle.cols, s, {})

    def verify(self, puzzle: Puzzle, answer: Shading) -> list[Violation]:
        out = [Violation("rowMixed", "a row is partly shaded", ((r, 0),))
               for r, row in enumerate(answer.rows) if len(set(row)) > 1]
        for cell, given in puzzle.clues().items():
            if (answer[cell] == "#") != (given == "#"):
                out.append(Violation("givenBroken", "a given cell differs", (cell,)))
        return out

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Shading:
        return parse_shading_rows(puzzle, rows, where)

    def symmetry_applies(self, puzzle: Puzzle) -> bool:
        return not puzzle.clues()

    def images(self, puzzle: Puzzle, answer: Shading) -> list[Shading]:
        if not self.symmetry_applies(puzzle):
            return []
        flip = {"#": ".", ".": "#"}
        return [Shading(tuple("".join(flip[ch] for ch in row) for row in answer.rows))]


class Dominated(ShadingEncoded):
    """Marks (``#``) with a unary count of them, so a solve can bound the marks."""

    def __init__(self, backend: Any, puzzle: Puzzle, limit: int):
        s = {c: backend.new_var() for c in puzzle.cells()}
        for c, lit in s.items():
            backend.add_clause([lit] + [s[n] for n in neighbours(c, puzzle.rows, puzzle.cols)])
        self.count = unary_sum(backend, [[x] for x in s.values()], limit + 1)
        super().__init__(backend, puzzle.rows, puzzle.cols, s, {})

    def at_most(self, k: int) -> list[int]:
        return [-self.count[k]] if k < len(self.count) else []


class DominationOptimum(Optimisation):
    def cost(self, puzzle: Puzzle, answer: Shading) -> int:
        return len(answer.shaded)

    def bounds(self, puzzle: Puzzle, deadline: Any = None, backend: str | None = None
               ) -> tuple[int, Shading]:
        # A mark covers at most 5 cells; marking every cell is always valid.
        lower = -(-puzzle.rows * puzzle.cols // 5)
        return lower, Shading(tuple("#" * puzzle.cols for _ in range(puzzle.rows)))

    def encode_within(self, puzzle: Puzzle, backend: Any, limit: int,
                      encoding: str | None = None) -> Dominated:
        return Dominated(backend, puzzle, limit)


class Domination(Genre):
    name = "domination"
    encodings = ("direct",)
    answer_type = Shading
    question = Question.OPTIMUM
    formats = FormatSpec()

    def __init__(self) -> None:
        self.optimisation = DominationOptimum()

    def parse_clue(self, token: object, where: str) -> Clue:
        if token in (None, "."):
            return None
        raise InputError(f"unknown token {token!r} (this genre has no givens)", where)

    def encode(self, puzzle: Puzzle, backend: Any, encoding: str | None = None) -> Dominated:
        choose_encoding(self, encoding)
        return Dominated(backend, puzzle, puzzle.rows * puzzle.cols)

    def verify(self, puzzle: Puzzle, answer: Shading) -> list[Violation]:
        marks = answer.shaded
        lonely = tuple(c for c in puzzle.cells() if c not in marks and not any(
            n in marks for n in neighbours(c, puzzle.rows, puzzle.cols)))
        return [Violation("notDominated", "cells with no mark on or beside them", lonely)] \
            if lonely else []

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Shading:
        return parse_shading_rows(puzzle, rows, where)


STRIPES = Stripes()
DOMINATION = Domination()
