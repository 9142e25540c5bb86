"""Pictures of puzzles as a list of plain shapes, laid out once for SVG and PNG alike.

A :class:`Scene` is rectangles, discs, lines and text in pixel coordinates; ``svg.py``
writes it as SVG text, ``png.py`` draws it with Pillow. Laying out is separate from
drawing so both files show the same thing, and neither ever calls a solver: the verdict,
solutions and differing cells are handed in.

Every cell is one ``Rect`` with ``cls="cell"`` and the cell's name (``r1c1`` is the
top-left) as its title; columns are labelled ``c1``.. above the grid, rows ``r1``.. to its
left. How an answer character is drawn and whether givens are walls is the genre's
FormatSpec (``genre.formats``), by drawing kind:

* ``shade``: a dark cell; ``lamp``: a yellow disc;
* ``number``: the answer's number in blue (givens stay black and bold, and a cell with a
  given shows only the given); ``letter``: the answer's character itself, likewise;
* ``pipe``: thick blue lines from the centre to the sides;
* ``bridge``: one or two blue lines through the cell, reaching into a neighbouring
  given (an island, whose circle is drawn over the bridge's end);
* ``inside``: a light blue cell; the loop is a thick blue line along every side where an
  inside cell meets an outside one (beyond the grid is outside), and the grid is drawn
  as light lines with dots at the corners;
* ``slant``: a blue diagonal from corner to corner, ``/`` or ``\\`` (Gokigen Naname);
* ``triangle``: a dark right triangle in the corner the character names: ``F`` top-left,
  ``7`` top-right, ``L`` bottom-left, ``J`` bottom-right (Shakashaka), filled with lines
  parallel to its long side.

Regions are thick black borders: between cells of different ``areas`` (the puzzle's
parameter), and with ``FormatSpec.answer_regions`` between cells whose answer characters
differ (Fillomino), or where the answer's ``walls`` characters name borders on a cell's
right and lower sides (Shikaku: the pieces they enclose). Glyph marks ``ring``, ``disc``
and ``island`` are circles (an island's number inside); ``corner`` puts a clue in a small
circle on the cell's top-left grid point (Creek's clues on points). Differing cells get a
pink fill (unless dark) and a red frame, whatever their kind. An optional ``name`` (the puzzle's
file name or URL) is a title line above the grids; caption lines that do not fit the
picture's width are wrapped onto further lines, and the picture grows to hold them.
``sides`` characters (the same as ``walls``) name borders each drawn as it stands (Doors:
walls that enclose nothing).
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence, Union

from ..encodings import Genre, Glyph, get_genre
from ..encodings.kit.division import SIDES, region_labels
from ..encodings.kit.layers import PIPE_DIRS
from ..encodings.kit.number_path import wide_number
from ..checker.check import OptimumResult
from ..errors import printable
from ..puzzle import Cell, Puzzle, Solution, Violation

CELL = 36          # pixels per cell
LABEL = 28         # room for the rNcM labels left of and above a grid
PAD = 12           # outer padding
GAP = 36           # between two grids
TITLE = 24         # a grid's title line ("solution 1")
LINE = 18          # one caption line under the grids
NAME = 20          # a name line above the grids
MAX_NAME_LINES = 3
CHAR = 7           # about how wide a caption character is, in pixels

INK, GRID, SHADE, WALL = "#000000", "#9a9a9a", "#2f3e4e", "#111111"
DIFF, DIFF_FILL, LAMP, LABEL_INK, PAPER = "#d62728", "#fbd5d0", "#f2b705", "#555555", "#ffffff"
HOLE, FRAME, LINK = "#e4e4e4", "#8a8a8a", "#c47f00"
PETAL_YELLOW, PETAL_PURPLE = "#f2c200", "#8e44ad"
#: Answers drawn on the grid (numbers, pipes, bridges, loops) are blue: givens stay black.
ANSWER, INSIDE_FILL, DOT_GRID, DOT = "#1f5fbf", "#e4ecf7", "#e2e2e2", "#6b6b6b"
REGION_W, PIPE_W, LOOP_W = 3.0, 5.0, 4.0
#: Bridge characters: (horizontal, double).
BRIDGES = {"-": (True, False), "=": (True, True), "|": (False, False), "H": (False, True)}


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
    width: float = 1.0


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


def scene_size(rows: int, cols: int, panels: int = 1, captions: int = 0,
               named: int = 0, frame: tuple[float, float, float, float] = (LABEL, LABEL, 0, 0)
               ) -> tuple[int, int]:
    """The picture's (width, height) in pixels: what the PNG and SVG files measure.
    ``captions`` counts caption lines after wrapping, ``named`` the name lines on top
    (True: one), ``frame`` the room around a grid (top, left, bottom, right: :func:`frame`)."""
    top, left, bottom, right = frame
    grid_w = int(left + cols * CELL + right)
    width = 2 * PAD + panels * grid_w + (panels - 1) * GAP
    height = int(2 * PAD + int(named) * NAME + TITLE + top + rows * CELL + bottom + captions * LINE
                 + (PAD if captions else 0))
    return width, height


#: A stacked part of a clue outside the grid (Genre.margins): its line height, and about
#: how wide one character is.
MARGIN_LINE, MARGIN_CHAR = 14, 8


def frame(genre: Genre, puzzle: Puzzle) -> tuple[float, float, float, float]:
    """The room around a grid (top, left, bottom, right): the rNcM labels, or the genre's
    clues outside the grid (:meth:`Genre.margins`) where it has them."""
    margins = genre.margins(puzzle)
    corners = dict(zip(("top-left", "top-right", "bottom-left", "bottom-right"),
                       margins.get("corners", ())))

    def beside(side: str) -> list[str]:  # the corner texts on this side
        return [t for k, t in corners.items() if side in k.split("-")]

    def high(side: str) -> float:
        parts = max([len(t.split()) for t in margins.get(side, ())] + [int(any(beside(side)))])
        return MARGIN_LINE * parts + 8 if parts else 0

    def wide(side: str) -> float:
        chars = max([len(t) for t in [*margins.get(side, ()), *beside(side)]] + [0])
        return MARGIN_CHAR * chars + 10 if chars else 0

    return max(LABEL, high("top")), max(LABEL, wide("left")), high("bottom"), wide("right")


def _margin_texts(genre: Genre, puzzle: Puzzle, gx: float, gy: float) -> list[Shape]:
    """The genre's clues outside the grid whose top-left corner is (gx, gy)."""
    out: list[Shape] = []
    margins = genre.margins(puzzle)
    w, h = puzzle.cols * CELL, puzzle.rows * CELL
    for side, texts in margins.items():
        if side == "corners":  # beside the corners: left or right, above or below
            for k, text in enumerate(texts):
                x, anchor = (gx - 6, "end") if k in (0, 2) else (gx + w + 6, "start")
                y = gy - 4 - MARGIN_LINE / 2 if k < 2 else gy + h + 4 + MARGIN_LINE / 2
                out += [Text(x, y, text, 13, INK, anchor, cls="clue")] if text else []
            continue
        for i, text in enumerate(texts):
            parts = text.split()
            if side in ("left", "right"):
                x, anchor = (gx - 6, "end") if side == "left" else (gx + w + 6, "start")
                out.append(Text(x, gy + (i + 0.5) * CELL, text, 13, INK, anchor, cls="clue"))
                continue
            for k, part in enumerate(parts):
                y = (gy - 4 - MARGIN_LINE * (len(parts) - k - 0.5) if side == "top"
                     else gy + h + 4 + MARGIN_LINE * (k + 0.5))
                out.append(Text(gx + (i + 0.5) * CELL, y, part, 13, INK, cls="clue"))
    return out


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _panel(puzzle: Puzzle, genre: Genre, solution: Optional[Solution], marked: set[Cell],
           ox: float, oy: float, title: str, panel: int,
           notes: Optional[dict[Cell, str]] = None) -> list[Shape]:
    """One grid with its labels, its top-left label corner at (ox, oy); ``notes`` are
    small texts in cells' bottom-right corners (explain's step numbers).

    Drawing order: cells, region borders (and a loop genre's dots), bridges, givens and
    answer numbers, the grid's border, then pipes and loops (over the givens, as pzprjs
    draws them)."""
    spec = genre.formats
    out: list[Shape] = []
    top, left = frame(genre, puzzle)[:2]
    if title:
        out.append(Text(ox + left + puzzle.cols * CELL / 2, oy + TITLE / 2, title, 14,
                        bold=True, cls="title"))
    gx, gy = ox + left, oy + TITLE + top
    margins = genre.margins(puzzle)
    for c in range(puzzle.cols) if "top" not in margins else ():
        out.append(Text(gx + (c + 0.5) * CELL, gy - LABEL / 2, f"c{c + 1}", 11, LABEL_INK,
                        cls="label"))
    for r in range(puzzle.rows) if "left" not in margins else ():
        out.append(Text(gx - 4, gy + (r + 0.5) * CELL, f"r{r + 1}", 11, LABEL_INK,
                        anchor="end", cls="label"))
    out += _margin_texts(genre, puzzle, gx, gy)
    marks = spec.marks_of(puzzle, solution) if solution is not None else {}
    kinds = {cell: spec.drawing.get(ch, "") for cell, ch in marks.items()}
    dots = "inside" in spec.drawing.values()
    grid_ink = DOT_GRID if dots else GRID
    under: list[Shape] = []
    overlays: list[Shape] = []
    over: list[Shape] = []
    glyphs: dict[Any, Optional[Glyph]] = {}
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            x, y = gx + c * CELL, gy + r * CELL
            given = puzzle.grid[r][c]
            if given not in glyphs:
                glyphs[given] = genre.glyph(given)
            glyph = glyphs[given]
            name = f"{cell_name((r, c))}" + (f" = {given}" if given is not None else "")
            if glyph is not None and glyph.hole:
                out.append(Rect(x, y, CELL, CELL, HOLE, grid_ink, 1.0, "hole", name))
                continue
            ch = marks.get((r, c), "")
            how = kinds.get((r, c), "")
            wall = spec.walls and given is not None
            dark = wall or how == "shade"
            own = glyph.fill if glyph is not None and glyph.fill else PAPER
            fill = (WALL if wall else SHADE if dark else DIFF_FILL if (r, c) in marked else
                    INSIDE_FILL if how == "inside" else own)
            out.append(Rect(x, y, CELL, CELL, fill, grid_ink, 1.0, "cell", name))
            if how == "lamp":
                overlays.append(Disc(x + CELL / 2, y + CELL / 2, CELL * 0.3, LAMP, INK, "lamp"))
            elif how == "pipe":
                over += _pipe(ch, x, y)
            elif how == "bridge":
                under += _bridge(ch, x, y, _reach(puzzle, (r, c), ch))
            elif how == "slant":
                over += _slant(ch, x, y)
            elif how == "triangle":
                under += _triangle(ch, x, y)
            elif how == "arrow":
                over += _arrow(ch, x, y)
            elif how in ("number", "letter") and not (glyph is not None and (glyph.text or glyph.mark)):
                text = spec.answer_text.get(ch) or (ch if how == "letter" else _number_text(ch))
                overlays.append(Text(x + CELL / 2, y + CELL / 2, text, _text_size(text), ANSWER,
                                     cls="answer"))
            if glyph is not None and glyph.frame:
                overlays.append(Rect(x + 5, y + 5, CELL - 10, CELL - 10, None, FRAME, 2.0,
                                     "fixed", cell_name((r, c))))
            if glyph is not None and glyph.mark == "corner":  # on the top-left grid point,
                over += _mark("corner", x, y, glyph.ink or INK) + [  # over the grid's border
                    Text(x, y, glyph.text, CELL * 0.36, glyph.ink or INK, bold=True, cls="clue")]
            elif glyph is not None and glyph.mark:
                arrow = glyph.mark.startswith("arrow:")  # (on a dark cell: drawn in paper)
                if dark and not arrow:
                    overlays.append(Disc(x + CELL / 2, y + CELL / 2, CELL * 0.38, PAPER,
                                         None, "backdrop"))
                overlays += _mark(glyph.mark, x, y, glyph.ink or (PAPER if dark and arrow else INK))
                if glyph.mark == "island":  # the island's number inside its circle
                    overlays.append(Text(x + CELL / 2, y + CELL / 2, glyph.text,
                                         _text_size(glyph.text) * 0.85, glyph.ink or INK,
                                         bold=True, cls="clue"))
                elif glyph.text and glyph.mark.startswith("arrow:"):  # the arrow's number
                    overlays.append(Text(x + CELL * 0.56, y + CELL * 0.58, glyph.text, CELL * 0.45,
                                         glyph.ink or (PAPER if dark else INK), bold=True, cls="clue"))
                elif glyph.text:  # a note beside the mark (hidden)
                    overlays.append(Text(x + CELL - 6, y + 7, glyph.text, 9, LABEL_INK,
                                         cls="note"))
            elif glyph is not None and glyph.text:
                text = glyph.text
                if dark and glyph.ink is not None:  # a coloured symbol on a dark cell
                    overlays.append(Disc(x + CELL / 2, y + CELL / 2, CELL * 0.34, PAPER,
                                         None, "backdrop"))
                ink = glyph.ink or (PAPER if dark else INK)
                overlays.append(Text(x + CELL / 2, y + CELL / 2, text, _text_size(text), ink,
                                     bold=True, cls="clue"))
            for side in glyph.links if glyph is not None else ():
                if side == "left":
                    overlays.append(Line(x - 7, y + CELL / 2, x + 7, y + CELL / 2, LINK, 5.0))
                elif side == "up":
                    overlays.append(Line(x + CELL / 2, y - 7, x + CELL / 2, y + 7, LINK, 5.0))
            if (r, c) in marked:
                overlays.append(Rect(x + 2.5, y + 2.5, CELL - 5, CELL - 5, None, DIFF, 3.0,
                                     "diff", cell_name((r, c))))
            note = notes.get((r, c)) if notes else None
            if note:
                overlays.append(Rect(x + CELL - 17, y + CELL - 13, 16, 12, PAPER, None, 0,
                                     "backdrop"))
                overlays.append(Text(x + CELL - 9, y + CELL - 7, note, 9, DIFF, cls="note"))
    out += _borders(puzzle, spec.answer_regions and solution is not None, marks, gx, gy)
    if dots:
        out += [Disc(gx + c * CELL, gy + r * CELL, 1.8, DOT, None, "dot")
                for r in range(puzzle.rows + 1) for c in range(puzzle.cols + 1)]
        over += _loop(puzzle, kinds, gx, gy)
    out += under + overlays
    out.append(Rect(gx, gy, puzzle.cols * CELL, puzzle.rows * CELL, None,
                    DOT_GRID if dots else INK, 1.0 if dots else 2.0, "border"))
    for (i, j), text in sorted(genre.corner_clues(puzzle).items()):  # over the grid lines
        over += _mark("corner", gx + j * CELL, gy + i * CELL, INK) + [
            Text(gx + j * CELL, gy + i * CELL, text, min(CELL * 0.32, CELL * 0.8 / max(len(text), 1)),
                 INK, bold=True, cls="clue")]
    return out + over  # a loop along the grid's edge covers the border


def _text_size(text: str) -> float:
    """A cell's label size: large for one or two characters, smaller for longer ones."""
    return min(CELL * 0.55, CELL * 1.5 / max(len(text), 1))


def _number_text(ch: str) -> str:
    """An answer character as the number it stands for (``A`` = 10, ... ``Z`` = 35)."""
    try:
        return str(int(ch, 36))
    except ValueError:  # past Z: the kit's wide alphabet (Hidoku), else the character
        n = wide_number(ch)
        return ch if n is None else str(n)


def _pipe(ch: str, x: float, y: float) -> list[Shape]:
    """Thick lines from the cell's centre to the sides its pipe character names, each
    starting half its width behind the centre so that corners are square (a path's end
    stops just past the centre)."""
    dirs = PIPE_DIRS.get(ch, frozenset())
    cx, cy, h = x + CELL / 2, y + CELL / 2, PIPE_W / 2
    ends = {"N": (cx, cy + h, cx, y), "E": (cx - h, cy, x + CELL, cy),
            "S": (cx, cy - h, cx, y + CELL), "W": (cx + h, cy, x, cy)}
    return [Line(*ends[d], ANSWER, PIPE_W) for d in "NESW" if d in dirs]


def _slant(ch: str, x: float, y: float) -> list[Shape]:
    """A diagonal through the cell: ``/`` bottom-left to top-right, ``\\`` top-left to
    bottom-right."""
    if ch == "/":
        return [Line(x, y + CELL, x + CELL, y, ANSWER, 3.5)]
    return [Line(x, y, x + CELL, y + CELL, ANSWER, 3.5)] if ch == "\\" else []


#: An answer arrow's direction by its character: the numeric keypad's (8 up, 9 up-right, ...).
KEYPAD = {"8": (0, -1), "9": (1, -1), "6": (1, 0), "3": (1, 1), "2": (0, 1), "1": (-1, 1),
          "4": (-1, 0), "7": (-1, -1)}


def _arrow(ch: str, x: float, y: float) -> list[Shape]:
    """An arrow through the cell's centre (Arrow Numbers' ring), by its keypad character."""
    if ch not in KEYPAD:
        return []
    dx, dy = KEYPAD[ch]
    norm = (dx * dx + dy * dy) ** 0.5
    dx, dy, h, k = dx / norm, dy / norm, CELL * 0.32, CELL * 0.14
    cx, cy = x + CELL / 2, y + CELL / 2
    tip = (cx + dx * h, cy + dy * h)
    return [Line(cx - dx * h, cy - dy * h, tip[0], tip[1], ANSWER, 3.0),
            Line(tip[0], tip[1], tip[0] - (dx + dy) * k, tip[1] - (dy - dx) * k, ANSWER, 3.0),
            Line(tip[0], tip[1], tip[0] - (dx - dy) * k, tip[1] - (dy + dx) * k, ANSWER, 3.0)]


#: Triangle characters by their corner (0/1 across, 0/1 down).
TRIANGLES = {"F": (0, 0), "7": (1, 0), "L": (0, 1), "J": (1, 1)}


def _triangle(ch: str, x: float, y: float) -> list[Shape]:
    """A dark right triangle in a corner of the cell, as lines parallel to its long side
    from the corner outwards (2 units apart, 2.5 wide: they overlap into a solid)."""
    if ch not in TRIANGLES:
        return []
    dx, dy = TRIANGLES[ch]
    cx, cy, sx, sy = x + dx * CELL, y + dy * CELL, 1 - 2 * dx, 1 - 2 * dy
    return [Line(cx + sx * s, cy, cx, cy + sy * s, SHADE, 2.5)
            for s in (1.0 + 2.0 * k for k in range(int(CELL / 2)))]


def _reach(puzzle: Puzzle, cell: Cell, ch: str) -> tuple[float, float]:
    """How far a bridge reaches past its cell on each end: to the centre of a neighbouring
    given (an island, drawn over the bridge's end), else to the cell's side."""
    r, c = cell
    steps = ((0, -1), (0, 1)) if ch in "-=" else ((-1, 0), (1, 0))
    out = []
    for dr, dc in steps:
        y, x = r + dr, c + dc
        given = (0 <= y < puzzle.rows and 0 <= x < puzzle.cols and puzzle.grid[y][x] is not None)
        out.append(CELL / 2 if given else 0.0)
    return out[0], out[1]


def _bridge(ch: str, x: float, y: float, reach: tuple[float, float]) -> list[Shape]:
    """One or two lines through the cell: ``-`` ``=`` across, ``|`` ``H`` down."""
    if ch not in BRIDGES:
        return []
    horizontal, double = BRIDGES[ch]
    offsets, width = ((-3.5, 3.5), 2.0) if double else ((0.0,), 2.5)
    a, b = reach
    if horizontal:
        return [Line(x - a, y + CELL / 2 + o, x + CELL + b, y + CELL / 2 + o, ANSWER, width)
                for o in offsets]
    return [Line(x + CELL / 2 + o, y - a, x + CELL / 2 + o, y + CELL + b, ANSWER, width)
            for o in offsets]


def _borders(puzzle: Puzzle, by_answer: bool, marks: dict[Cell, str], gx: float,
             gy: float) -> list[Shape]:
    """Thick lines between cells of different regions: the puzzle's ``areas``, and with
    ``by_answer`` cells whose answer characters differ (Fillomino)."""
    layout = get_genre(puzzle.genre).regions(puzzle)
    if layout is not None and (len(layout) != puzzle.rows or
                               any(len(row) != puzzle.cols for row in layout)):
        layout = None  # not this grid's layout: nothing to draw from it
    if layout is None and not by_answer:
        return []
    kinds = set(get_genre(puzzle.genre).formats.drawing.values())
    if by_answer and kinds & {"walls", "links"}:
        # the answer's characters name borders (Shikaku) or links (Dominos): its pieces
        labels = region_labels(["".join(marks.get((r, c), "#") for c in range(puzzle.cols))
                                for r in range(puzzle.rows)], "links" in kinds)
        marks = {x: str(labels[x[0]][x[1]]) for x in marks}

    sides = {x: SIDES.get(ch, "") for x, ch in marks.items()} if by_answer and "sides" in kinds else None

    def differ(a: Cell, b: Cell) -> bool:
        if layout is not None and layout[a[0]][a[1]] != layout[b[0]][b[1]]:
            return True
        if sides is not None:  # (a lies left of or above b)
            return ("R" if a[0] == b[0] else "D") in sides.get(a, "")
        return by_answer and a in marks and b in marks and marks[a] != marks[b]

    out: list[Shape] = []
    h = REGION_W / 2  # each side runs on by half its width, so that corners are square
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            if c + 1 < puzzle.cols and differ((r, c), (r, c + 1)):
                x = gx + (c + 1) * CELL
                out.append(Line(x, gy + r * CELL - h, x, gy + (r + 1) * CELL + h, INK, REGION_W))
            if r + 1 < puzzle.rows and differ((r, c), (r + 1, c)):
                y = gy + (r + 1) * CELL
                out.append(Line(gx + c * CELL - h, y, gx + (c + 1) * CELL + h, y, INK, REGION_W))
    return out


def _loop(puzzle: Puzzle, kinds: dict[Cell, str], gx: float, gy: float) -> list[Shape]:
    """The loop around the ``inside`` cells: a thick line along every cell side where an
    inside cell meets an outside one (beyond the grid is outside), each running on by
    half its width so that corners are square."""
    def inside(r: int, c: int) -> bool:
        return kinds.get((r, c)) == "inside"

    out: list[Shape] = []
    h = LOOP_W / 2
    for r in range(puzzle.rows + 1):
        for c in range(puzzle.cols + 1):
            x, y = gx + c * CELL, gy + r * CELL
            if c < puzzle.cols and inside(r - 1, c) != inside(r, c):  # the side above (r, c)
                out.append(Line(x - h, y, x + CELL + h, y, ANSWER, LOOP_W))
            if r < puzzle.rows and inside(r, c - 1) != inside(r, c):  # the side left of (r, c)
                out.append(Line(x, y - h, x, y + CELL + h, ANSWER, LOOP_W))
    return out


#: The diagonal arrows a mark ``arrow:D`` may point (unit steps across and down).
DIAGONAL_ARROWS = {"ne": (0.7071, -0.7071), "se": (0.7071, 0.7071), "sw": (-0.7071, 0.7071),
                   "nw": (-0.7071, -0.7071)}


def _mark(mark: str, x: float, y: float, ink: str) -> list[Shape]:
    """A symbol drawn with lines and discs (no font needed): a diamond, a dash, a slash,
    a flower whose first K of 4 petals are yellow (the others purple), a white ring, a
    black disc, an island's circle (its number is drawn by the caller), ``arrow:D`` a
    small arrow pointing D (n, e, s, w; ne, se, sw, nw in the top-left corner) beside a
    number (the caller draws it), or
    ``pipe:CH`` a given pipe piece (``| - L J 7 F ^ > v <``)."""
    cx, cy, h = x + CELL / 2, y + CELL / 2, CELL * 0.3
    if mark == "ring":
        return [Disc(cx, cy, CELL * 0.36, PAPER, ink, "ring", 2.0)]
    if mark == "disc":
        return [Disc(cx, cy, CELL * 0.36, ink, None, "disc")]
    if mark == "island":
        return [Disc(cx, cy, CELL * 0.42, PAPER, ink, "island", 1.5)]
    if mark.split(":")[0] == "dot":  # a galaxy's dot: centre, right (R) or lower (D) side, corner
        sides = mark[4:]
        return [Disc(x + CELL * (1.0 if "R" in sides else 0.5), y + CELL * (1.0 if "D" in sides else 0.5),
                     CELL * 0.15, PAPER, ink, "dot", 2.0)]
    if mark == "corner":  # a white disc on the cell's top-left grid point (Creek)
        return [Disc(x, y, CELL * 0.27, PAPER, ink, "corner", 1.5)]
    if mark == "diamond":
        pts = [(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy), (cx, cy - h)]
        return [Line(a[0], a[1], b[0], b[1], ink, 3.5) for a, b in zip(pts, pts[1:])]
    if mark == "dash":
        return [Line(cx - h, cy, cx + h, cy, ink, 5.0)]
    if mark == "slash":
        return [Line(cx - h * 0.8, cy + h * 0.8, cx + h * 0.8, cy - h * 0.8, ink, 5.0)]
    if mark[6:] in DIAGONAL_ARROWS and mark.startswith("arrow:"):  # in the top-left corner (Spotlight)
        (dx, dy), k = DIAGONAL_ARROWS[mark[6:]], CELL * 0.1
        ax, ay, h = x + CELL * 0.24, y + CELL * 0.24, CELL * 0.16
        tip = (ax + dx * h, ay + dy * h)
        return [Line(ax - dx * h, ay - dy * h, tip[0], tip[1], ink, 2.0),
                Line(tip[0], tip[1], tip[0] - (dx + dy) * k, tip[1] - (dy - dx) * k, ink, 2.0),
                Line(tip[0], tip[1], tip[0] - (dx - dy) * k, tip[1] - (dy + dx) * k, ink, 2.0)]
    if mark.startswith("arrow:"):  # along the top (e, w) or the left side (n, s): Yajilin
        dx, dy = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}.get(mark[6:], (1, 0))
        ax, ay = (cx, y + CELL * 0.15) if dy == 0 else (x + CELL * 0.15, cy)
        tip, k = (ax + dx * h, ay + dy * h), CELL * 0.1
        return [Line(ax - dx * h, ay - dy * h, tip[0], tip[1], ink, 2.0),
                Line(tip[0], tip[1], tip[0] - dx * k + dy * k, tip[1] - dy * k + dx * k, ink, 2.0),
                Line(tip[0], tip[1], tip[0] - dx * k - dy * k, tip[1] - dy * k - dx * k, ink, 2.0)]
    if mark.startswith("pipe:"):  # a given pipe piece (Pipeline): wide dark lines, the answer's over them
        w, dirs = PIPE_W * 2, PIPE_DIRS.get(mark[5:], frozenset())
        ends = {"N": (cx, cy + w / 2, cx, y), "E": (cx - w / 2, cy, x + CELL, cy),
                "S": (cx, cy - w / 2, cx, y + CELL), "W": (cx + w / 2, cy, x, cy)}
        return [Line(*ends[d], ink, w) for d in "NESW" if d in dirs]
    if mark.startswith("petals:"):
        k = int(mark.split(":")[1])
        out: list[Shape] = []
        for i, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            colour = PETAL_YELLOW if i < k else PETAL_PURPLE
            out.append(Disc(cx + dx * h * 0.62, cy + dy * h * 0.62, CELL * 0.12, colour, INK,
                            "petal"))
        out.append(Disc(cx, cy, CELL * 0.08, INK, None, "flower"))
        return out
    return []


def _room(width: int) -> int:
    """Characters that fit on one line of a picture this wide."""
    return max(20, int((width - 2 * PAD) / CHAR))


def _wrap(lines: Sequence[str], width: int) -> list[str]:
    """Caption lines wrapped to the picture's width; a continuation is indented."""
    out: list[str] = []
    for line in lines:
        out += textwrap.wrap(line, _room(width), subsequent_indent="  ",
                             break_on_hyphens=False) or [""]
    return out


def _caption_lines(lines: Sequence[str], y0: float, width: int) -> list[Shape]:
    """Caption lines (already wrapped by :func:`_wrap`), one Text each."""
    return [Text(PAD, y0 + (i + 0.5) * LINE, line, 12, INK, anchor="start", cls="caption")
            for i, line in enumerate(lines)]


def _name_lines(name: str, width: int) -> list[str]:
    """The name (a file name or URL, rarely with spaces) broken to the picture's width,
    at most MAX_NAME_LINES lines: a longer name keeps its start and its end. Characters
    a picture cannot hold (control characters, line breaks, the lone surrogates a file
    name that is not UTF-8 arrives with) are shown escaped, as errors show them."""
    if not name:
        return []
    name = printable(name)
    room = _room(width)
    most = room * MAX_NAME_LINES
    if len(name) > most:
        head = (most - 3) // 2
        name = name[:head] + "..." + name[len(name) - (most - 3 - head):]
    return [name[i:i + room] for i in range(0, len(name), room)]


def _name_shapes(lines: Sequence[str]) -> list[Shape]:
    return [Text(PAD, PAD + (i + 0.5) * NAME, line, 13, INK, anchor="start", bold=True,
                 cls="name") for i, line in enumerate(lines)]


def _scene_title(name: str, title: str) -> str:
    return f"{printable(name)}: {title}" if name else title


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _names(cells: Sequence[Cell]) -> str:
    return " ".join(cell_name(c) for c in cells)


#: Small multiples: boards per row, and the largest and smallest cell in pixels.
STRIP_PER_ROW, STRIP_CELL, STRIP_MIN_CELL, STRIP_SIDE = 6, 16, 4, 200


def strip_picture(puzzle: Puzzle, answer: Any, title: str = "", caption: Sequence[str] = (),
                  name: str = "") -> Scene:
    """A non-grid answer as small multiples: the genre's frames (Flood-It: the board
    before the first move and after each move, numbered), a few per row."""
    genre = get_genre(puzzle.genre)
    frames = genre.frames(puzzle, answer)
    cell = max(STRIP_MIN_CELL, min(STRIP_CELL, STRIP_SIDE // max(puzzle.rows, puzzle.cols)))
    fw, fh = puzzle.cols * cell, puzzle.rows * cell
    per_row = max(1, min(STRIP_PER_ROW, len(frames)))
    nrows = -(-len(frames) // per_row)
    width = max(2 * PAD + per_row * fw + (per_row - 1) * GAP // 2, 2 * PAD + 240)
    lines, names = _wrap(caption, width), _name_lines(name, width)
    top = PAD + len(names) * NAME + (TITLE if title else 0)
    height = top + nrows * (fh + TITLE) + len(lines) * LINE + 2 * PAD
    shapes: list[Shape] = [Rect(0, 0, width, height, PAPER, None, 0, "background")]
    shapes += _name_shapes(names)
    if title:
        shapes.append(Text(width / 2, top - TITLE / 2, title, 14, bold=True, cls="title"))
    glyphs: dict[Any, Optional[Glyph]] = {}
    for i, (label, board) in enumerate(frames):
        ox = PAD + (i % per_row) * (fw + GAP // 2)
        oy = top + (i // per_row) * (fh + TITLE)
        shapes.append(Text(ox + fw / 2, oy + TITLE / 2, label, 11, LABEL_INK, cls="label"))
        for r in range(board.rows):
            for c in range(board.cols):
                given = board.grid[r][c]
                if given not in glyphs:
                    glyphs[given] = genre.glyph(given)
                g = glyphs[given]
                fill = g.fill if g is not None and g.fill else PAPER
                shapes.append(Rect(ox + c * cell, oy + TITLE + r * cell, cell, cell, fill, None,
                                   0, "cell", f"{label} {cell_name((r, c))}"))
        shapes.append(Rect(ox, oy + TITLE, fw, fh, None, INK, 1.0, "border"))
    shapes += _caption_lines(lines, top + nrows * (fh + TITLE) + PAD / 2, width)
    return Scene(width, height, tuple(shapes), _scene_title(name, title or puzzle.genre))


def picture(puzzle: Puzzle, solution: Optional[Any] = None, marked: Iterable[Cell] = (),
            title: str = "", caption: Sequence[str] = (), name: str = "",
            notes: Optional[dict[Cell, str]] = None) -> Scene:
    """One grid: the puzzle, or a solution drawn on it; ``marked`` cells are highlighted,
    ``notes`` written small in their cells' corners. ``name`` (the puzzle's file or URL)
    is drawn on top. An answer that is not a grid (a move sequence) is drawn as its
    genre's strip of boards."""
    if solution is not None and not isinstance(solution, Solution):
        return strip_picture(puzzle, solution, title, caption, name)
    genre = get_genre(puzzle.genre)
    box = frame(genre, puzzle)
    width = scene_size(puzzle.rows, puzzle.cols, 1, frame=box)[0]
    lines, names = _wrap(caption, width), _name_lines(name, width)
    width, height = scene_size(puzzle.rows, puzzle.cols, 1, len(lines), len(names), box)
    top = PAD + len(names) * NAME
    shapes: list[Shape] = [Rect(0, 0, width, height, PAPER, None, 0, "background")]
    shapes += _name_shapes(names)
    shapes += _panel(puzzle, genre, solution, set(marked), PAD, top, title, 0, notes)
    shapes += _caption_lines(lines, top + TITLE + box[0] + puzzle.rows * CELL + box[2] + PAD / 2,
                             width)
    return Scene(width, height, tuple(shapes), _scene_title(name, title or puzzle.genre))


def picture_pair(puzzle: Puzzle, first: Solution, second: Solution,
                 differ: Iterable[Cell], caption: Sequence[str] = (), name: str = "") -> Scene:
    """Two solutions side by side, the cells where they differ highlighted in both."""
    genre = get_genre(puzzle.genre)
    diff = list(differ)
    box = frame(genre, puzzle)
    width = scene_size(puzzle.rows, puzzle.cols, 2, frame=box)[0]
    lines = _wrap([f"the two solutions differ in {_plural(len(diff), 'cell')}: {_names(diff)}",
                   *caption], width)
    names = _name_lines(name, width)
    width, height = scene_size(puzzle.rows, puzzle.cols, 2, len(lines), len(names), box)
    top = PAD + len(names) * NAME
    shapes: list[Shape] = [Rect(0, 0, width, height, PAPER, None, 0, "background")]
    shapes += _name_shapes(names)
    shapes += _panel(puzzle, genre, first, set(diff), PAD, top, "solution 1", 0)
    ox = PAD + box[1] + puzzle.cols * CELL + box[3] + GAP
    shapes += _panel(puzzle, genre, second, set(diff), ox, top, "solution 2", 1)
    shapes += _caption_lines(lines, top + TITLE + box[0] + puzzle.rows * CELL + box[2] + PAD / 2,
                             width)
    return Scene(width, height, tuple(shapes),
                 _scene_title(name, f"{puzzle.genre}: two solutions"))


def verdict_picture(puzzle: Puzzle, result: Any, name: str = "") -> Scene:
    """What ``check --picture`` draws: the solution (unique), both solutions and their
    differences (multiple), or the bare puzzle with the verdict (no solution, unknown)."""
    verdict = result.verdict.value
    line = f"verdict: {verdict.replace('_', ' ')}"
    if isinstance(result, OptimumResult):
        what = (f"optimum {result.optimum} (proven)" if result.optimum is not None else
                f"optimum between {result.lower_bound} and {result.best} (not proven)")
        if result.limit is not None:
            what += f"; limit {result.limit}"
        if result.answer is None:
            return picture(puzzle, title="puzzle", caption=[line, what], name=name)
        return picture(puzzle, result.answer, title=f"{len(result.answer.to_json())} moves",
                       caption=[line, what], name=name)
    if verdict == "multiple" and len(result.solutions) == 2:
        return picture_pair(puzzle, result.solutions[0], result.solutions[1], result.differ,
                            [line], name=name)
    if verdict == "unique":
        return picture(puzzle, result.solutions[0], title="the unique solution", caption=[line],
                       name=name)
    return picture(puzzle, title="puzzle", caption=[line], name=name)


def answer_picture(puzzle: Puzzle, solution: Optional[Any],
                   violations: Sequence[Violation] = (),
                   name: str = "") -> Scene:
    """A puzzle, or an answer on it with the cells of every broken rule highlighted and
    each broken rule described underneath (code, message, cells)."""
    if solution is None:
        return picture(puzzle, title="puzzle", name=name)
    cells = sorted({c for v in violations for c in v.cells})
    caption = [_plural(len(violations), "rule violation") if violations else "a valid solution"]
    caption += [v.describe() for v in violations]
    return picture(puzzle, solution, cells, title="answer", caption=caption, name=name)
