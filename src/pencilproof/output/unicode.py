"""Unicode grids for the terminal.

Clues are printed as numbers (``?`` for an unknown clue), shaded cells as ``██``,
unshaded cells as ``·``, a clue in a shaded cell (Smullyanic Dynasty) as ``█3``, walls
as ``▓▓`` (numbered walls show their number) and lamps as ``●``. In a pair of solutions
the cells where they differ are drawn ``▒▒`` (shaded), ``○`` (unshaded) or ``◉`` (lamp),
and numbered clues that differ between shaded and unshaded as ``▒3``, so the differences
stand out without colour. What an answer character is (shade, lamp, blank) and whether
givens are walls is the genre's declaration (``genre.formats``), never a genre name.
"""
from __future__ import annotations

from typing import Iterable

from ..encodings import FormatSpec, get_genre
from ..puzzle import Cell, Puzzle, Solution

SHADED, UNSHADED, SHADED_DIFF, UNSHADED_DIFF = "█", "·", "▒", "○"
WALL, LAMP, LAMP_DIFF = "▓", "●", "◉"
#: Glyphs of a cell by drawing kind: (plain, where two solutions differ).
GLYPHS = {"shade": (SHADED, SHADED_DIFF), "lamp": (LAMP, LAMP_DIFF),
          "blank": (UNSHADED, UNSHADED_DIFF)}


def cell_names(cells: Iterable[Cell]) -> str:
    """Cells the way setters write them: r1c1 is the top-left cell."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in cells)


def _width(puzzle: Puzzle) -> int:
    return max([2] + [len(str(v)) + 1 for row in puzzle.grid for v in row if v is not None])


def _cell(spec: FormatSpec, puzzle: Puzzle, solution: Solution | None, cell: Cell,
          marked: bool, w: int) -> str:
    given = puzzle[cell]
    kind = spec.kind(solution[cell] if solution is not None else None)
    plain, diff = GLYPHS[kind]
    if spec.walls and given is not None and not isinstance(given, int):
        return WALL * w  # an unnumbered wall; a numbered one shows its number
    if given is not None:
        text = str(given)
        if kind == "shade":  # a clue in a shaded cell
            return (diff if marked else plain) * (w - len(text)) + text
        if marked:
            return UNSHADED_DIFF * (w - len(text)) + text
        return text.rjust(w)
    if kind == "shade":
        return (diff if marked else plain) * w
    return (diff if marked else plain).rjust(w)


def render_grid(puzzle: Puzzle, solution: Solution | None = None,
                marked: Iterable[Cell] = ()) -> list[str]:
    """The puzzle (and a solution, if given) as lines of text."""
    spec = get_genre(puzzle.genre).formats
    w = _width(puzzle)
    mark = set(marked)
    return ["".join(_cell(spec, puzzle, solution, (r, c), (r, c) in mark, w)
                    for c in range(puzzle.cols)) for r in range(puzzle.rows)]


def render_pair(puzzle: Puzzle, first: Solution, second: Solution,
                differ: Iterable[Cell]) -> list[str]:
    """Two solutions side by side, the differing cells marked in both."""
    spec = get_genre(puzzle.genre).formats
    diff = list(differ)
    left = render_grid(puzzle, first, diff)
    right = render_grid(puzzle, second, diff)
    width = max(len(line) for line in left)
    gap = "   "
    lines = ["solution 1".ljust(width) + gap + "solution 2"]
    lines += [a.ljust(width) + gap + b for a, b in zip(left, right)]
    kinds = {spec.kind(s[c]) for s in (first, second) for c in diff}
    legend = [f"{GLYPHS[k][1] * (2 if k == 'shade' else 1)} {spec.legend.get(k, k)}"
              for k in ("shade", "lamp", "blank") if k in kinds]
    lines.append(f"differ in {len(diff)} cells ({', '.join(legend)}): {cell_names(diff)}")
    return lines
