"""Unicode grids for the terminal.

Clues are printed as numbers (``?`` for an unknown clue), shaded cells as ``██``,
unshaded cells as ``·``, a clue in a shaded cell (Smullyanic Dynasty) as ``█3``, walls
as ``▓▓`` (numbered walls show their number) and lamps as ``●``. In a pair of solutions
the cells where they differ are drawn ``▒▒`` (shaded), ``○`` (unshaded) or ``◉`` (lamp),
and numbered clues that differ between shaded and unshaded as ``▒3``, so the differences
stand out without colour.
"""
from __future__ import annotations

from typing import Iterable

from ..puzzle import Cell, Puzzle, Solution

SHADED, UNSHADED, SHADED_DIFF, UNSHADED_DIFF = "█", "·", "▒", "○"
WALL, LAMP, LAMP_DIFF = "▓", "●", "◉"


def cell_names(cells: Iterable[Cell]) -> str:
    """Cells the way setters write them: r1c1 is the top-left cell."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in cells)


def _width(puzzle: Puzzle) -> int:
    return max([2] + [len(str(v)) + 1 for row in puzzle.grid for v in row if v is not None])


def _cell(puzzle: Puzzle, solution: Solution | None, cell: Cell, marked: bool, w: int) -> str:
    given = puzzle[cell]
    ch = solution[cell] if solution is not None else None
    if given == "#":
        return WALL * w
    if given is not None:
        text = str(given)
        if ch == "#":  # a clue in a shaded cell
            return (SHADED_DIFF if marked else SHADED) * (w - len(text)) + text
        if marked:
            return UNSHADED_DIFF * (w - len(text)) + text
        return text.rjust(w)
    if ch == "#":
        return (SHADED_DIFF if marked else SHADED) * w
    if ch == "L":
        return (LAMP_DIFF if marked else LAMP).rjust(w)
    if ch in (".", None):
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
    chars = {s[c] for s in (first, second) for c in diff}
    legend = [text for ch, text in (("#", f"{SHADED_DIFF}{SHADED_DIFF} shaded"),
                                    ("L", f"{LAMP_DIFF} lamp"),
                                    (".", f"{UNSHADED_DIFF} unshaded" if "L" not in chars
                                     else f"{UNSHADED_DIFF} no lamp")) if ch in chars]
    lines.append(f"differ in {len(diff)} cells ({', '.join(legend)}): {cell_names(diff)}")
    return lines
