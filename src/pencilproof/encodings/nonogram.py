"""Nonogram (Paint by Numbers, Griddlers; janko.at "Nonogramme"): shade cells so that
each row's and each column's runs of shaded cells have the lengths its clue lists, in
order, with at least one unshaded cell between runs.

Clues are the puzzle parameters ``left`` (one per row, read left to right) and ``top``
(one per column, read top to bottom): each a list of run lengths, ``[]`` for a line with
no shaded cell, null for a line without a clue (what minimizing leaves). Each line is one
:class:`~.kit.lines_of_cells.Regular` rule over the run-length automaton, so a 30x30 is
decided by propagation and little search.

Janko pages publish no problem section: the puzzle is every row's and column's run
lengths read off the solution (``x`` shaded). puzz.link's failcode is ``exNoMatch`` (a
line whose runs differ from its clue), for rows and columns alike (pzprjs nonogram.js).
"""
from __future__ import annotations

from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Puzzle
from .base import read_number
from .contract import JankoBlock, UrlBody
from .kit import S, Shade, Values, kit_formats
from .kit.lines_of_cells import (EdgeGenre, Regular, boolean_letters, edge_cells, line_name, runs_automaton,
                                  runs_of)
from .kit.model import Rule
from .kit.urlcodec import Cursor, read_number16, write_number16


class NonogramUrl(UrlBody):
    """pzprjs's nonogram URL body (encodeNumber16ExCellFlushed): above each column
    (rows + 1) // 2 places and left of each row (cols + 1) // 2, each line's runs flushed
    against the grid, nearest first; column by column, then row by row, as number16
    values with runs of empty places. An empty line is a line without runs, so a line
    without a clue has no URL."""

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        up, side = (rows + 1) // 2, (cols + 1) // 2
        cur = Cursor(body, where)
        values = read_number16(cur, cols * up + rows * side, "numbers outside the grid")
        cur.finish()
        values += [None] * (cols * up + rows * side - len(values))
        labels = {}
        for key, n, depth, first in (("top", cols, up, 0), ("left", rows, side, cols * up)):
            for i in range(n):
                near = [v for v in values[first + i * depth:first + (i + 1) * depth] if v is not None]
                labels[(key, i)] = genre.edge_label(near[::-1], f"{where}: {key}[{i}]")
        blank = Puzzle(genre.name, rows, cols, tuple((None,) * cols for _ in range(rows)))
        return genre.with_labels(blank, labels)

    def write(self, puzzle: Puzzle) -> str:
        values: list[Any] = []
        for key, n, depth in (("top", puzzle.cols, (puzzle.rows + 1) // 2),
                              ("left", puzzle.rows, (puzzle.cols + 1) // 2)):
            runs = puzzle.param(key) or (None,) * n
            for i, line in enumerate(runs):
                if line is None:
                    raise InputError(f"{key} line {i + 1} has no clue: a puzz.link URL has none")
                values += list(reversed(line)) + [None] * (depth - len(line))
        return write_number16(values)


class Nonogram(EdgeGenre):
    name = "nonogram"
    aliases = ("nonogramme", "griddlers", "paint_by_numbers", "picross")
    summary = "shade cells so each row's and column's shaded runs have the clued lengths, in order"
    edge_sides = ("left", "top")
    param_keys = ("left", "top")
    layer = Shade()
    url_pids = ("nonogram",)
    formats = kit_formats(url_own=NonogramUrl(), janko_names=("nonogramme",), blank=".",
                          janko_marks={"x": "#"})
    editor_candidates = (".",)
    labels_only = ("a nonogram", "clues")

    def edge_label(self, token: object, where: str) -> Optional[tuple[int, ...]]:
        if token is None:
            return None
        if not isinstance(token, (list, tuple)):
            raise InputError(f"a nonogram clue is a list of run lengths, got {token!r}", where)
        runs = tuple(read_number(x, f"{where}[{i}]", "a run length", "a run length must be a "
                                 "number") for i, x in enumerate(token))
        if any(x < 1 for x in runs):
            raise InputError(f"run lengths are at least 1, got {list(runs)}", where)
        return runs

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        for (side, i), runs in self.labels(puzzle).items():
            n = puzzle.cols if side == "left" else puzzle.rows
            if sum(runs) + len(runs) - 1 > n:
                what = line_name(side, i)
                raise InputError(f"the runs {list(runs)} of {what} need more than {n} cells", where)

    def edge_text(self, label: Any) -> str:
        return " ".join(map(str, label)) or "0"

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells = edge_cells(puzzle, side, i)
        what = line_name(side, i)
        return [Regular(boolean_letters([S(x) for x in cells]), runs_automaton(label), cells,
                        "exNoMatch", f"the shaded runs of {what} are not {list(label)}")]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        return runs_of([v[S(x)] for x in edge_cells(puzzle, side, i)])

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        grid = block.grid("solution")
        if grid is None:
            raise InputError("no 'solution' section (a Janko nonogram is read off its solution)",
                             block.where)
        rows = ["".join("#" if tok == "x" else "." for tok, _ in line) for line in grid]
        blank = Puzzle(self.name, block.rows, block.cols, tuple((None,) * block.cols
                                                                for _ in range(block.rows)))
        left = {("left", r): runs_of([ch == "#" for ch in row]) for r, row in enumerate(rows)}
        top = {("top", c): runs_of([row[c] == "#" for row in rows]) for c in range(block.cols)}
        puzzle = self.with_labels(blank, {**left, **top})
        return puzzle, self.parse_solution(puzzle, rows, block.where)


NONOGRAM = Nonogram()
