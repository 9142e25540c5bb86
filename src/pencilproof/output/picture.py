"""Pictures of puzzles as a list of plain shapes, laid out once for SVG and PNG alike.

A :class:`Scene` is rectangles, discs, lines and text in pixel coordinates; ``svg.py``
writes it as SVG text, ``png.py`` draws it with Pillow. Laying out is separate from
drawing so both files show the same thing, and neither ever calls a solver: the verdict,
solutions and differing cells are handed in.

Every cell is one ``Rect`` with ``cls="cell"`` and the cell's name (``r1c1`` is the
top-left) as its title; columns are labelled ``c1``.. above the grid, rows ``r1``.. to its
left. How an answer character is drawn (a shaded cell, a lamp) and whether givens are
walls is the genre's FormatSpec (``genre.formats``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Sequence, Union

from ..encodings import FormatSpec, get_genre
from ..puzzle import Cell, Puzzle, Solution

CELL = 36          # pixels per cell
LABEL = 28         # room for the rNcM labels left of and above a grid
PAD = 12           # outer padding
GAP = 36           # between two grids
TITLE = 24         # a grid's title line ("solution 1")
LINE = 18          # one caption line under the grids
MAX_CAPTION_CELLS = 24

INK, GRID, SHADE, WALL = "#000000", "#9a9a9a", "#2f3e4e", "#111111"
DIFF, DIFF_FILL, LAMP, LABEL_INK, PAPER = "#d62728", "#fbd5d0", "#f2b705", "#555555", "#ffffff"


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Optional[str] = None
    stroke: Optional[str] = None
    width: float = 1.0
    cls: str = ""
    title: str = ""


@dataclass(frozen=True)
class Disc:
    cx: float
    cy: float
    r: float
    fill: str
    stroke: Optional[str] = None
    cls: str = ""


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = GRID
    width: float = 1.0


@dataclass(frozen=True)
class Text:
    x: float
    y: float          # the text's vertical centre
    text: str
    size: float
    fill: str = INK
    anchor: str = "middle"   # start | middle | end
    bold: bool = False
    cls: str = ""


Shape = Union[Rect, Disc, Line, Text]


@dataclass(frozen=True)
class Scene:
    """A whole picture: its size in pixels, its shapes in drawing order, a title."""

    width: int
    height: int
    shapes: tuple[Shape, ...]
    title: str = ""


def scene_size(rows: int, cols: int, panels: int = 1, captions: int = 0) -> tuple[int, int]:
    """The picture's (width, height) in pixels: what the PNG and SVG files measure."""
    grid_w = LABEL + cols * CELL
    width = 2 * PAD + panels * grid_w + (panels - 1) * GAP
    height = 2 * PAD + TITLE + LABEL + rows * CELL + captions * LINE + (PAD if captions else 0)
    return width, height


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _panel(puzzle: Puzzle, spec: FormatSpec, solution: Optional[Solution], marked: set,
           ox: float, oy: float, title: str, panel: int) -> list[Shape]:
    """One grid with its labels, its top-left label corner at (ox, oy)."""
    out: list[Shape] = []
    if title:
        out.append(Text(ox + LABEL + puzzle.cols * CELL / 2, oy + TITLE / 2, title, 14,
                        bold=True, cls="title"))
    gx, gy = ox + LABEL, oy + TITLE + LABEL
    for c in range(puzzle.cols):
        out.append(Text(gx + (c + 0.5) * CELL, gy - LABEL / 2, f"c{c + 1}", 11, LABEL_INK,
                        cls="label"))
    for r in range(puzzle.rows):
        out.append(Text(ox + LABEL - 4, gy + (r + 0.5) * CELL, f"r{r + 1}", 11, LABEL_INK,
                        anchor="end", cls="label"))
    marks = spec.marks_of(puzzle, solution) if solution is not None else {}
    overlays: list[Shape] = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            x, y = gx + c * CELL, gy + r * CELL
            given = puzzle.grid[r][c]
            how = spec.drawing.get(marks.get((r, c), ""), "")
            wall = spec.walls and given is not None
            dark = wall or how == "shade"
            fill = WALL if wall else SHADE if dark else DIFF_FILL if (r, c) in marked else PAPER
            out.append(Rect(x, y, CELL, CELL, fill, GRID, 1.0, "cell",
                            f"{cell_name((r, c))}" + (f" = {given}" if given is not None else "")))
            if how == "lamp":
                overlays.append(Disc(x + CELL / 2, y + CELL / 2, CELL * 0.3, LAMP, INK, "lamp"))
            if given is not None and given != "#":
                text = str(given)
                size = min(CELL * 0.55, CELL * 1.5 / max(len(text), 1))
                overlays.append(Text(x + CELL / 2, y + CELL / 2, text, size,
                                     PAPER if dark else INK, bold=True, cls="clue"))
            if (r, c) in marked:
                overlays.append(Rect(x + 2.5, y + 2.5, CELL - 5, CELL - 5, None, DIFF, 3.0,
                                     "diff", cell_name((r, c))))
    out.extend(overlays)
    out.append(Rect(gx, gy, puzzle.cols * CELL, puzzle.rows * CELL, None, INK, 2.0, "border"))
    return out


def _caption_lines(lines: Sequence[str], y0: float, width: int) -> list[Shape]:
    """Caption lines, each cut to what fits the picture's width (about 7 px a character)."""
    room = max(20, int((width - 2 * PAD) / 7))
    return [Text(PAD, y0 + (i + 0.5) * LINE, line if len(line) <= room else line[:room - 3] + "...",
                 12, INK, anchor="start", cls="caption") for i, line in enumerate(lines)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _names(cells: Sequence[Cell]) -> str:
    names = " ".join(cell_name(c) for c in cells[:MAX_CAPTION_CELLS])
    return names + (f" ... ({len(cells)} in all)" if len(cells) > MAX_CAPTION_CELLS else "")


def picture(puzzle: Puzzle, solution: Optional[Solution] = None, marked: Iterable[Cell] = (),
            title: str = "", caption: Sequence[str] = ()) -> Scene:
    """One grid: the puzzle, or a solution drawn on it; ``marked`` cells are highlighted."""
    spec = get_genre(puzzle.genre).formats
    width, height = scene_size(puzzle.rows, puzzle.cols, 1, len(caption))
    shapes = [Rect(0, 0, width, height, PAPER, None, 0, "background")]
    shapes += _panel(puzzle, spec, solution, set(marked), PAD, PAD, title, 0)
    shapes += _caption_lines(caption, PAD + TITLE + LABEL + puzzle.rows * CELL + PAD / 2, width)
    return Scene(width, height, tuple(shapes), title or puzzle.genre)


def picture_pair(puzzle: Puzzle, first: Solution, second: Solution,
                 differ: Iterable[Cell], caption: Sequence[str] = ()) -> Scene:
    """Two solutions side by side, the cells where they differ highlighted in both."""
    spec = get_genre(puzzle.genre).formats
    diff = list(differ)
    lines = [f"the two solutions differ in {_plural(len(diff), 'cell')}: {_names(diff)}",
             *caption]
    width, height = scene_size(puzzle.rows, puzzle.cols, 2, len(lines))
    shapes = [Rect(0, 0, width, height, PAPER, None, 0, "background")]
    shapes += _panel(puzzle, spec, first, set(diff), PAD, PAD, "solution 1", 0)
    ox = PAD + LABEL + puzzle.cols * CELL + GAP
    shapes += _panel(puzzle, spec, second, set(diff), ox, PAD, "solution 2", 1)
    shapes += _caption_lines(lines, PAD + TITLE + LABEL + puzzle.rows * CELL + PAD / 2, width)
    return Scene(width, height, tuple(shapes), f"{puzzle.genre}: two solutions")


def verdict_picture(puzzle: Puzzle, result) -> Scene:
    """What ``check --picture`` draws: the solution (unique), both solutions and their
    differences (multiple), or the bare puzzle with the verdict (no solution, unknown)."""
    verdict = result.verdict.value
    line = f"verdict: {verdict.replace('_', ' ')}"
    if verdict == "multiple" and len(result.solutions) == 2:
        return picture_pair(puzzle, result.solutions[0], result.solutions[1], result.differ,
                            [line])
    if verdict == "unique":
        return picture(puzzle, result.solutions[0], title="the unique solution", caption=[line])
    return picture(puzzle, title="puzzle", caption=[line])


def answer_picture(puzzle: Puzzle, solution: Optional[Solution], violations=()) -> Scene:
    """A puzzle, or an answer on it with the cells of any broken rule highlighted."""
    if solution is None:
        return picture(puzzle, title="puzzle")
    cells = sorted({c for v in violations for c in v.cells})
    caption = [_plural(len(violations), "rule violation") if violations else "a valid solution"]
    caption += [f"{v.code} {_names(list(v.cells))}".strip() for v in violations[:5]]
    if len(violations) > 5:
        caption.append(f"... and {len(violations) - 5} more")
    return picture(puzzle, solution, cells, title="answer", caption=caption)
