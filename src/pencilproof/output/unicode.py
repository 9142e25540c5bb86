"""Unicode grids for the terminal.

Clues are printed as numbers (``?`` for an unknown clue), shaded cells as ``██``,
unshaded cells as ``·``, a clue in a shaded cell (Smullyanic Dynasty) as ``█3``, walls
as ``▓▓`` (numbered walls show their number) and lamps as ``●``. In a pair of solutions
the cells where they differ are drawn ``▒▒`` (shaded), ``○`` (unshaded) or ``◉`` (lamp),
and numbered clues that differ between shaded and unshaded as ``▒3``, so the differences
stand out without colour. What an answer character is (shade, lamp, blank) and whether
givens are walls is the genre's declaration (``genre.formats``), never a genre name.

ASCII (``--ascii``, and automatically when standard output's encoding cannot write the
Unicode glyphs, e.g. cp1252): ``##`` shaded, ``.`` unshaded, ``#3`` a shaded clue, ``XX``
a wall, ``L`` a lamp; differing cells ``**`` (shaded), ``o`` (unshaded), ``@`` (lamp).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Iterable, Optional, TextIO

from ..encodings import FormatSpec, Genre, get_genre
from ..puzzle import Cell, Puzzle, Solution


@dataclass(frozen=True)
class Glyphs:
    """The marks of one drawing style: per kind (plain, where two answers differ)."""

    kinds: dict[str, tuple[str, str]]
    wall: str


UNICODE = Glyphs({"shade": ("█", "▒"), "lamp": ("●", "◉"), "blank": ("·", "○")}, "▓")
ASCII = Glyphs({"shade": ("#", "*"), "lamp": ("L", "@"), "blank": (".", "o")}, "X")


def stdout_is_unicode(stream: Optional[TextIO] = None) -> bool:
    """Whether the stream (default: ``sys.stdout``) can write every Unicode glyph."""
    stream = sys.stdout if stream is None else stream
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        ("".join(a + b for a, b in UNICODE.kinds.values()) + UNICODE.wall).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _glyphs(ascii: Optional[bool]) -> Glyphs:
    """None: ASCII only when standard output cannot write the Unicode glyphs."""
    if ascii is None:
        ascii = not stdout_is_unicode()
    return ASCII if ascii else UNICODE


def cell_names(cells: Iterable[Cell]) -> str:
    """Cells the way setters write them: r1c1 is the top-left cell."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in cells)


def _labels(genre: Genre, puzzle: Puzzle) -> dict[object, Optional[str]]:
    """Each distinct given's terminal text ("" for a hole, None: no given)."""
    out: dict[object, Optional[str]] = {}
    for row in puzzle.grid:
        for v in row:
            if v not in out:
                g = genre.glyph(v) if v is not None else None
                out[v] = None if g is None else "" if g.hole else g.terminal or None
    return out


def _width(labels: dict[object, Optional[str]]) -> int:
    return max([2] + [len(t) + 1 for t in labels.values() if t])


def _cell(spec: FormatSpec, puzzle: Puzzle, solution: Solution | None, cell: Cell,
          marked: bool, w: int, glyphs: Glyphs, labels: dict[object, Optional[str]]) -> str:
    given = puzzle[cell]
    label = labels[given]
    if label == "":  # a hole: no cell there
        return " " * w
    kind = spec.kind(solution[cell] if solution is not None else None)
    plain, diff = glyphs.kinds[kind]
    mark = diff if marked else plain
    if spec.walls and given is not None and not isinstance(given, int):
        return glyphs.wall * w  # an unnumbered wall; a numbered one shows its number
    if label is not None:
        text = label
        if kind == "shade":  # a clue in a shaded cell
            return mark * (w - len(text)) + text
        if marked:
            return diff * (w - len(text)) + text
        return text.rjust(w)
    if kind == "shade":
        return mark * w
    return mark.rjust(w)


def render_grid(puzzle: Puzzle, solution: Solution | None = None,
                marked: Iterable[Cell] = (), ascii: Optional[bool] = None) -> list[str]:
    """The puzzle (and a solution, if given) as lines of text; ``ascii`` None chooses
    ASCII when standard output cannot write the Unicode glyphs."""
    genre = get_genre(puzzle.genre)
    spec = genre.formats
    labels = _labels(genre, puzzle)
    w = _width(labels)
    mark = set(marked)
    glyphs = _glyphs(ascii)
    return ["".join(_cell(spec, puzzle, solution, (r, c), (r, c) in mark, w, glyphs, labels)
                    for c in range(puzzle.cols)) for r in range(puzzle.rows)]


def render_pair(puzzle: Puzzle, first: Solution, second: Solution,
                differ: Iterable[Cell], ascii: Optional[bool] = None) -> list[str]:
    """Two solutions side by side, the differing cells marked in both."""
    spec = get_genre(puzzle.genre).formats
    diff = list(differ)
    glyphs = _glyphs(ascii)
    left = render_grid(puzzle, first, diff, ascii=glyphs is ASCII)
    right = render_grid(puzzle, second, diff, ascii=glyphs is ASCII)
    width = max(len(line) for line in left)
    gap = "   "
    lines = ["solution 1".ljust(width) + gap + "solution 2"]
    lines += [a.ljust(width) + gap + b for a, b in zip(left, right)]
    kinds = {spec.kind(s[c]) for s in (first, second) for c in diff}
    legend = [f"{glyphs.kinds[k][1] * (2 if k == 'shade' else 1)} {spec.legend.get(k, k)}"
              for k in ("shade", "lamp", "blank") if k in kinds]
    cells = f"{len(diff)} cell" + ("" if len(diff) == 1 else "s")
    lines.append(f"differ in {cells} ({', '.join(legend)}): {cell_names(diff)}")
    return lines
