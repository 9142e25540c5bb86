"""Half-square triangles and white rectangles: the pieces of Shakashaka.

A cell may hold a black right triangle in one of its corners, written as the box corner
its two legs make: ``F`` (legs on the top and left sides: black in the top-left corner,
◤), ``7`` (top-right, ◥), ``L`` (bottom-left, ◣), ``J`` (bottom-right, ◢); ``.`` is a
white cell. The layer is :func:`triangles` (:class:`~.marks.Marks`; the Unicode
triangles are read too).

:class:`WhiteRectangles`: every white region (white cells and the white halves of
triangle cells, joined across cell sides) is a rectangle, upright or turned 45 degrees.

* Encoding, local: every corner of a region lies on a grid point, so around each grid
  point look at its eight 45-degree *wedges* (two per cell, split by the cell's diagonal
  through the point); a wedge is black when its cell is black (a wall, beyond the grid)
  or its triangle covers it. The white wedges in a row around the point are one region's
  angle there, and a region is a rectangle exactly when every such angle is 90, 180 or
  360 degrees: a run of 2, 4 or all 8 white wedges (no reflex corner means no hole and
  no notch; four right-angle turns close an upright or a 45-degree rectangle). So each
  point forbids white runs of 1, 3, 5, 6 and 7 wedges: one clause each.
* Check, by regions: a region is a rectangle exactly when its area equals the area of
  its bounding box, upright (x, y) or turned (x + y, x - y) (it lies inside both).
"""
from __future__ import annotations

from typing import Callable, Iterable, Optional

from ...puzzle import Cell, Violation
from .marks import M, Marks
from .model import Atom, Encoder, Lit, Rule, Values

#: Triangle characters by their black corner (dy, dx): 0 top / left, 1 bottom / right.
CORNERS = {"F": (0, 0), "7": (0, 1), "L": (1, 0), "J": (1, 1)}
CHARS = {v: k for k, v in CORNERS.items()}
UNICODE = {"◤": "F", "◥": "7", "◣": "L", "◢": "J"}


def triangles() -> Marks:
    """The layer: a triangle ``F 7 L J`` or ``.`` white per cell."""
    return Marks("F7LJ", ".", UNICODE, "one of F 7 L J (black corner top-left, top-right, "
                 "bottom-left, bottom-right) or . white")


def covering(corner: tuple[int, int], side: str) -> tuple[str, str]:
    """The triangles that cover a cell's wedge at ``corner`` beside its ``side`` (``h``:
    the horizontal side through the corner, ``v``: the vertical one): the triangle in that
    corner and the one in the corner the side leads to."""
    dy, dx = corner
    other = (dy, 1 - dx) if side == "h" else (1 - dy, dx)
    return CHARS[corner], CHARS[other]


#: The eight wedges around a grid point, clockwise from the ray going up: (the cell's
#: offset from the point, the point as that cell's corner, the side).
WEDGES = (((-1, 0), (1, 0), "v"), ((-1, 0), (1, 0), "h"), ((0, 0), (0, 0), "h"),
          ((0, 0), (0, 0), "v"), ((0, -1), (0, 1), "v"), ((0, -1), (0, 1), "h"),
          ((-1, -1), (1, 1), "h"), ((-1, -1), (1, 1), "v"))
BAD_RUNS = (1, 3, 5, 6, 7)


class WhiteRectangles(Rule):
    """Every white region is a rectangle (upright or turned 45 degrees); ``black(cell)``
    says which cells of the R x C grid are walls."""

    def __init__(self, rows: int, cols: int, black: Callable[[Cell], bool], code: str,
                 message: str):
        self.rows, self.cols, self.black = rows, cols, black
        self.code, self.message = code, message

    def open(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols and not self.black(cell)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for i in range(self.rows + 1):
            for j in range(self.cols + 1):
                white: list[Optional[Lit]] = []  # None: a black wedge
                for (dr, dc), corner, side in WEDGES:
                    cell = (i + dr, j + dc)
                    white.append(e.reify_and([-e[M(cell, t)] for t in covering(corner, side)])
                                 if self.open(cell) else None)
                if all(w is None for w in white):
                    continue
                for start in range(8):
                    for run in BAD_RUNS:
                        inner = [white[(start + k) % 8] for k in range(run)]
                        if any(w is None for w in inner):
                            continue
                        cl = [-w for w in inner if w is not None]
                        for k in {(start - 1) % 8, (start + run) % 8}:
                            w = white[k]
                            if w is not None:
                                cl.append(w)
                        e.clause(cl, guard)

    def regions(self, v: Values) -> list[list[Cell]]:
        return white_regions(self.rows, self.cols, self.open, v.cell["marks"].get)

    def check(self, v: Values) -> list[Violation]:
        marks = v.cell["marks"]
        return [self.broken(region) for region in self.regions(v)
                if not is_rectangle(region, marks.get)]


#: The sides of a cell (and their steps) that the white part of each cell state reaches.
SIDES = {(-1, 0): "N", (1, 0): "S", (0, -1): "W", (0, 1): "E"}
WHITE_SIDES = {".": "NESW", "F": "SE", "7": "SW", "L": "NE", "J": "NW"}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def white_regions(rows: int, cols: int, open_: Callable[[Cell], bool],
                  mark: Callable[[Cell], Optional[str]]) -> list[list[Cell]]:
    """The white regions: cells whose white parts join across shared sides."""
    seen: set[Cell] = set()
    out = []
    for start in ((r, c) for r in range(rows) for c in range(cols)):
        if start in seen or not open_(start):
            continue
        seen.add(start)
        region, todo = [start], [start]
        while todo:
            x = todo.pop()
            for (dr, dc), side in SIDES.items():
                y = (x[0] + dr, x[1] + dc)
                if (y not in seen and open_(y) and side in WHITE_SIDES[mark(x) or "."]
                        and OPPOSITE[side] in WHITE_SIDES[mark(y) or "."]):
                    seen.add(y)
                    region.append(y)
                    todo.append(y)
        out.append(sorted(region))
    return out


def corners_of(cell: Cell, ch: str) -> Iterable[tuple[int, int]]:
    """The grid points (x, y) of a cell's white part."""
    r, c = cell
    black = CORNERS.get(ch)
    return [(c + dx, r + dy) for dy in (0, 1) for dx in (0, 1) if (dy, dx) != black]


def is_rectangle(region: list[Cell], mark: Callable[[Cell], Optional[str]]) -> bool:
    """Whether a region fills its upright or its turned bounding box (areas in halves of
    a cell: a white cell 2, a triangle cell's white half 1)."""
    area = sum(2 if (mark(x) or ".") == "." else 1 for x in region)
    pts = [p for x in region for p in corners_of(x, mark(x) or ".")]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    us, vs = [x + y for x, y in pts], [x - y for x, y in pts]
    upright = 2 * (max(xs) - min(xs)) * (max(ys) - min(ys))
    turned = (max(us) - min(us)) * (max(vs) - min(vs))
    return area in (upright, turned)


def count_near(cells: Iterable[Cell]) -> list[Atom]:
    """The atoms "a triangle in one of these cells" (at most one per cell is true)."""
    return [M(x, t) for x in cells for t in CORNERS]


__all__ = ["CORNERS", "CHARS", "triangles", "covering", "WEDGES", "WhiteRectangles",
           "white_regions", "is_rectangle", "count_near"]
