"""Unicode grids for the terminal, with an ASCII fallback.

Clues are printed as numbers (``?`` for an unknown clue), shaded cells as ``██``,
unshaded cells as ``·``, a clue in a shaded cell (Smullyanic Dynasty) as ``█3``, walls
as ``▓▓`` (numbered walls show their number) and lamps as ``●``. In a pair of solutions
the cells where they differ are drawn ``▒▒`` (shaded), ``○`` (unshaded) or ``◉`` (lamp),
and numbered clues that differ between shaded and unshaded as ``▒3``, so the differences
stand out without colour.

ASCII (``--ascii``, and automatically when standard output's encoding cannot write the
Unicode glyphs, e.g. cp1252): ``##`` shaded, ``.`` unshaded, ``#3`` a shaded clue, ``XX``
a wall, ``L`` a lamp; differing cells ``**`` (shaded), ``o`` (unshaded), ``@`` (lamp).
"""
from __future__ import annotations

import sys
from typing import Iterable, Optional

from ..puzzle import Cell, Puzzle, Solution

SHADED, UNSHADED, SHADED_DIFF, UNSHADED_DIFF = "█", "·", "▒", "○"
WALL, LAMP, LAMP_DIFF = "▓", "●", "◉"
#: The same marks in ASCII, in the order SHADED, UNSHADED, SHADED_DIFF, UNSHADED_DIFF,
#: WALL, LAMP, LAMP_DIFF.
UNICODE_GLYPHS = (SHADED, UNSHADED, SHADED_DIFF, UNSHADED_DIFF, WALL, LAMP, LAMP_DIFF)
ASCII_GLYPHS = ("#", ".", "*", "o", "X", "L", "@")


def stdout_is_unicode(stream=None) -> bool:
    """Whether the stream (default: ``sys.stdout``) can write every Unicode glyph."""
    stream = sys.stdout if stream is None else stream
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "".join(UNICODE_GLYPHS).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _glyphs(ascii: Optional[bool]) -> tuple[str, ...]:
    """None: ASCII only when standard output cannot write the Unicode glyphs."""
    if ascii is None:
        ascii = not stdout_is_unicode()
    return ASCII_GLYPHS if ascii else UNICODE_GLYPHS


def cell_names(cells: Iterable[Cell]) -> str:
    """Cells the way setters write them: r1c1 is the top-left cell."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in cells)


def _width(puzzle: Puzzle) -> int:
    return max([2] + [len(str(v)) + 1 for row in puzzle.grid for v in row if v is not None])


def _cell(puzzle: Puzzle, solution: Solution | None, cell: Cell, marked: bool, w: int,
          glyphs: tuple[str, ...] = UNICODE_GLYPHS) -> str:
    SHADED, UNSHADED, SHADED_DIFF, UNSHADED_DIFF, WALL, LAMP, LAMP_DIFF = glyphs
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
                marked: Iterable[Cell] = (), ascii: Optional[bool] = None) -> list[str]:
    """The puzzle (and a solution, if given) as lines of text; ``ascii`` None chooses
    ASCII when standard output cannot write the Unicode glyphs."""
    w = _width(puzzle)
    mark = set(marked)
    glyphs = _glyphs(ascii)
    return ["".join(_cell(puzzle, solution, (r, c), (r, c) in mark, w, glyphs)
                    for c in range(puzzle.cols))
            for r in range(puzzle.rows)]


def render_pair(puzzle: Puzzle, first: Solution, second: Solution,
                differ: Iterable[Cell], ascii: Optional[bool] = None) -> list[str]:
    """Two solutions side by side, the differing cells marked in both."""
    diff = list(differ)
    glyphs = _glyphs(ascii)
    _, _, shaded_diff, unshaded_diff, _, _, lamp_diff = glyphs
    left = render_grid(puzzle, first, diff, ascii=glyphs is ASCII_GLYPHS)
    right = render_grid(puzzle, second, diff, ascii=glyphs is ASCII_GLYPHS)
    width = max(len(line) for line in left)
    gap = "   "
    lines = ["solution 1".ljust(width) + gap + "solution 2"]
    lines += [a.ljust(width) + gap + b for a, b in zip(left, right)]
    chars = {s[c] for s in (first, second) for c in diff}
    legend = [text for ch, text in (("#", f"{shaded_diff}{shaded_diff} shaded"),
                                    ("L", f"{lamp_diff} lamp"),
                                    (".", f"{unshaded_diff} unshaded" if "L" not in chars
                                     else f"{unshaded_diff} no lamp")) if ch in chars]
    cells = f"{len(diff)} cell" + ("" if len(diff) == 1 else "s")
    lines.append(f"differ in {cells} ({', '.join(legend)}): {cell_names(diff)}")
    return lines
