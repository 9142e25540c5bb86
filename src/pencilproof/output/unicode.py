"""Unicode grids for the terminal.

Clues are printed as numbers (``?`` for an unknown clue), shaded cells as ``██``,
unshaded cells as ``·``. In a pair of solutions the cells where they differ are drawn
``▒▒`` (shaded) or ``○`` (unshaded) so they stand out without colour.
"""
from __future__ import annotations

from typing import Iterable

from ..puzzle import Cell, Puzzle, Solution

SHADED, UNSHADED, SHADED_DIFF, UNSHADED_DIFF = "█", "·", "▒", "○"


def cell_names(cells: Iterable[Cell]) -> str:
    """Cells the way setters write them: r1c1 is the top-left cell."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in cells)


def _width(puzzle: Puzzle) -> int:
    return max([2] + [len(str(v)) + 1 for row in puzzle.grid for v in row if v is not None])


def _cell(puzzle: Puzzle, solution: Solution | None, cell: Cell, marked: bool, w: int) -> str:
    given = puzzle[cell]
    if given is not None:
        return str(given).rjust(w)
    ch = solution[cell] if solution is not None else "."
    if ch == "#":
        return (SHADED_DIFF if marked else SHADED) * w
    if ch == ".":
        return (UNSHADED_DIFF if marked else UNSHADED).rjust(w)
    return ch.rjust(w)


def render_grid(puzzle: Puzzle, solution: Solution | None = None,
                marked: Iterable[Cell] = ()) -> list[str]:
    """The puzzle (and a solution, if given) as lines of text."""
    w = _width(puzzle)
    mark = set(marked)
    return ["".join(_cell(puzzle, solution, (r, c), (r, c) in mark, w) for c in range(puzzle.cols))
            for r in range(puzzle.rows)]


def render_pair(puzzle: Puzzle, first: Solution, second: Solution,
                differ: Iterable[Cell]) -> list[str]:
    """Two solutions side by side, the differing cells marked in both."""
    diff = list(differ)
    left = render_grid(puzzle, first, diff)
    right = render_grid(puzzle, second, diff)
    width = max(len(line) for line in left)
    gap = "   "
    lines = ["solution 1".ljust(width) + gap + "solution 2"]
    lines += [a.ljust(width) + gap + b for a, b in zip(left, right)]
    lines.append(f"differ in {len(diff)} cells ({SHADED_DIFF}{SHADED_DIFF} shaded, {UNSHADED_DIFF} "
                 f"unshaded): {cell_names(diff)}")
    return lines
