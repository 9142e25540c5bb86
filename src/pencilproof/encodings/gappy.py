"""Gappy (janko.at "Gappy"): shade exactly two cells in every row and every column so
that no two shaded cells touch, not even at a corner; a number beside a row or column
tells how many unshaded cells lie between its two shaded cells.

The numbers are the puzzle parameters ``left`` (one per row) and ``top`` (one per
column), null a line without a number. Janko pages publish no problem section:
``rlabels`` are the row numbers, ``clabels`` the column numbers (``-``: none); the
``solution`` marks shaded cells ``x``. puzz.link has no Gappy: the failcodes are this
project's, in pzprjs's style: ``csAround`` (two shaded cells touch), ``lnShadeNe`` (a
row or column without exactly two shaded cells), ``exGapNe`` (a gap of another length).
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Puzzle
from .contract import JankoBlock
from .kit import KitAnswer, S, Shade, Values, kit_formats
from .kit.lattice import lines
from .kit.lines_of_cells import (Automaton, EdgeGeneration, EdgeGenre, Regular, boolean_letters,
                                  count_label, edge_cells, line_name)
from .kit.model import Rule
from .kit.placement import ExactCount, no_touch

ORDER = ("csAround", "lnShadeNe", "exGapNe")


def gap_automaton(gap: int) -> Automaton:
    """Two shaded (True) cells with exactly ``gap`` unshaded cells between them. A state
    is "start" before the first, the run of unshaded cells after it, then "done"."""
    def step(i: int, s: Any, on: Any) -> Any:
        if s == "start":
            return 0 if on else "start"
        if s == "done":
            return None if on else "done"
        if on:
            return "done" if s == gap else None
        return s + 1 if s < gap else None

    return Automaton("start", step, lambda s: s == "done")


def gap_of(shaded: list[int]) -> Optional[int]:
    """The unshaded cells between a line's two shaded cells (positions), if it has two."""
    return shaded[1] - shaded[0] - 1 if len(shaded) == 2 else None


class Gappy(EdgeGenre):
    name = "gappy"
    summary = "shade two non-touching cells per row and column; numbers are the gaps between them"
    edge_sides = ("left", "top")
    param_keys = ("left", "top")
    layer = Shade()
    janko_solution = {"x": "#"}
    formats = kit_formats(janko_names=("gappy",), drawing={"#": "shade"}, blank=".")
    editor_candidates = (".",)
    labels_only = ("a Gappy", "numbers")
    label_words = "a gap"
    failcode_order = ORDER

    def __init__(self) -> None:
        super().__init__()
        self.generator = GappyGeneration(self)

    def edge_label(self, token: object, where: str) -> Optional[int]:
        return count_label(token, where, "a gap", "-")

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        for (side, i), gap in self.labels(puzzle).items():
            n = puzzle.cols if side == "left" else puzzle.rows
            if gap > n - 2:
                raise InputError(f"the gap {gap} of {line_name(side, i)} is more than its {n} "
                                 f"cells leave (at most {n - 2})", where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out: list[Rule] = no_touch(puzzle, "csAround", "two shaded cells touch")
        for name, cells in lines(puzzle):
            out.append(ExactCount([S(x) for x in cells], 2, cells, "lnShadeNe",
                                  f"{name} has {{k}} shaded cells instead of 2"))
        return out

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells = edge_cells(puzzle, side, i)
        return [Regular(boolean_letters([S(x) for x in cells]), gap_automaton(label), cells,
                        "exGapNe", f"{line_name(side, i)} has no gap of {label} between two "
                        f"shaded cells")]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        cells = edge_cells(puzzle, side, i)
        return gap_of([k for k, x in enumerate(cells) if v[S(x)]])

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """``rlabels``/``clabels`` the gaps (one line each), ``solution`` the ``x`` cells."""
        blank = Puzzle(self.name, block.rows, block.cols,
                       tuple((None,) * block.cols for _ in range(block.rows)))
        labels: dict[tuple[str, int], Any] = {}
        for section, side, n in (("rlabels", "left", block.rows), ("clabels", "top", block.cols)):
            got = block.sections.get(section)
            if not got or len(got[0]) != n:
                raise InputError(f"'{section}' must be one line of {n} gaps", block.where)
            for i, (tok, at) in enumerate(got[0]):
                labels[(side, i)] = self.edge_label(tok, at)
        puzzle = self.with_labels(blank, labels)
        self.check_puzzle(puzzle, block.where)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        rows = ["".join(self.janko_mark(tok, f"{at}: r{r + 1}c{c + 1}") for c, (tok, at) in
                        enumerate(line)) for r, line in enumerate(grid)]
        return puzzle, self.parse_solution(puzzle, rows, block.where)


class GappyGeneration(EdgeGeneration):
    """Answers exist on square grids from 8x8 on only (none up to 7x7, two on 8x8)."""

    example_size = 9

    def random_answer(self, rows: int, cols: int, rng: random.Random, density: float | None,
                      symmetric: Any) -> KitAnswer:
        if rows != cols or rows < 8:
            raise InputError(f"a Gappy has answers on square grids of 8x8 or more only, not "
                             f"{rows}x{cols}", "--size")
        return super().random_answer(rows, cols, rng, density, symmetric)


GAPPY = Gappy()
