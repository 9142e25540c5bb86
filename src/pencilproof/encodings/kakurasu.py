"""Kakurasu: shade cells so that each row's shaded cells add up their column numbers
(1 for the leftmost column) to the row's sum, and each column's shaded cells add up
their row numbers (1 for the top row) to the column's sum.

The sums are the puzzle parameters ``right`` (one per row) and ``bottom`` (one per
column), where puzzles print them; null is a line without a sum. Each sum is one
:class:`~.kit.lines_of_cells.Regular` rule over the partial-sum automaton.

Janko pages publish no problem section: ``rlabels`` are the row sums, ``clabels`` the
column sums (``-``: none), the ``solution`` marks shaded cells ``x``; a page without
``rlabels``/``clabels`` (Kakurasu 069 and 077) shows its solution's sums, read off it.
One page (509) names its genre ``kakurasu 3``: no rule of a "3" variant was found, and
the page reads as a plain Kakurasu (its sums are its solution's, unique under Kakurasu's
rules), so the ``3`` adds no rule here; any other variant is refused. puzz.link has no
Kakurasu: the failcode is this project's ``exSumNe`` (a line's shaded cells do not add
up to its sum).
"""
from __future__ import annotations

from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Puzzle
from .contract import JankoBlock
from .kit import S, Shade, Values, kit_formats
from .kit.lines_of_cells import (EdgeGenre, Regular, boolean_letters, count_label, edge_cells, line_name,
                                  sum_automaton)
from .kit.model import Rule


def weight(side: str, cell: tuple[int, int]) -> int:
    """What a shaded cell adds to a row's sum (its column number) or a column's."""
    return cell[1] + 1 if side == "right" else cell[0] + 1


class Kakurasu(EdgeGenre):
    name = "kakurasu"
    aliases = ("kakurasu_sums",)
    summary = "shade cells so each row and column adds up its shaded cells' indices to its sum"
    edge_sides = ("right", "bottom")
    param_keys = ("right", "bottom")
    layer = Shade()
    formats = kit_formats(janko_names=("kakurasu",), blank=".")
    editor_candidates = (".",)
    labels_only = ("a Kakurasu", "sums")
    #: ``puzzle kakurasu 3`` (Kakurasu 509): read as Kakurasu (see the module).
    janko_variants = ("3",)

    def edge_label(self, token: object, where: str) -> Optional[int]:
        return count_label(token, where, "a sum", "-")

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        for (side, i), total in self.labels(puzzle).items():
            n = puzzle.cols if side == "right" else puzzle.rows
            if total > n * (n + 1) // 2:
                what = line_name(side, i)
                raise InputError(f"the sum {total} of {what} is more than 1+...+{n} = "
                                 f"{n * (n + 1) // 2}", where)

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells = edge_cells(puzzle, side, i)
        what = line_name(side, i)
        return [Regular(boolean_letters([S(x) for x in cells]),
                        sum_automaton([weight(side, x) for x in cells], label), cells,
                        "exSumNe", f"the shaded cells of {what} do not add up to {label}")]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        return sum(weight(side, x) for x in edge_cells(puzzle, side, i) if v[S(x)])

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """``rlabels``/``clabels`` the sums; a page without them shows its solution's sums."""
        grid = block.grid("solution")
        shaded = set() if grid is None else {(r, c) for r, line in enumerate(grid)
                                             for c, (tok, _) in enumerate(line) if tok == "x"}
        blank = Puzzle(self.name, block.rows, block.cols, tuple((None,) * block.cols
                                                                for _ in range(block.rows)))
        labels: dict[tuple[str, int], Any] = {}
        for section, side, n in (("rlabels", "right", block.rows), ("clabels", "bottom", block.cols)):
            lines = block.sections.get(section)
            if lines is None and grid is not None:
                labels.update({(side, i): sum(weight(side, x) for x in edge_cells(blank, side, i)
                                              if x in shaded) for i in range(n)})
                continue
            if not lines or len(lines[0]) != n:
                raise InputError(f"'{section}' must be one line of {n} sums", block.where)
            for i, (tok, at) in enumerate(lines[0]):
                labels[(side, i)] = self.edge_label(tok, at)
        puzzle = self.with_labels(blank, labels)
        if grid is None:
            return puzzle, None
        rows = ["".join("#" if tok == "x" else "." for tok, _ in line) for line in grid]
        return puzzle, self.parse_solution(puzzle, rows, block.where)

KAKURASU = Kakurasu()
