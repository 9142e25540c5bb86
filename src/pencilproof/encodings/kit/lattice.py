"""Grid geometry the genres compose: neighbours, lines, blocks, regions, lines of sight.

Regions (rooms, Sudoku boxes, Janko ``areas``) travel with a puzzle as its ``areas``
parameter: a tuple of rows of region numbers (0, 1, ...), numbered in reading order of
their first cell, so that one layout has one value whatever its source called it.
"""
from __future__ import annotations

from itertools import groupby
from typing import Iterable, Iterator, Sequence

from ...errors import InputError
from ...puzzle import Cell, Puzzle

ORTHO = ((-1, 0), (0, 1), (1, 0), (0, -1))
AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


def inside(rows: int, cols: int, cell: Cell) -> bool:
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def ortho(puzzle: Puzzle, cell: Cell) -> list[Cell]:
    """The edge-adjacent cells inside the grid."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ORTHO if inside(puzzle.rows, puzzle.cols, (r + dr, c + dc))]


def around(puzzle: Puzzle, cell: Cell) -> list[Cell]:
    """The up to eight cells touching ``cell`` (edges and corners)."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in AROUND if inside(puzzle.rows, puzzle.cols, (r + dr, c + dc))]


def pairs(puzzle: Puzzle) -> Iterator[tuple[Cell, Cell]]:
    """Every pair of edge-adjacent cells, each once (right and down)."""
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            if c + 1 < puzzle.cols:
                yield (r, c), (r, c + 1)
            if r + 1 < puzzle.rows:
                yield (r, c), (r + 1, c)


def blocks(puzzle: Puzzle, h: int = 2, w: int = 2) -> Iterator[list[Cell]]:
    """Every h x w block of cells."""
    for r in range(puzzle.rows - h + 1):
        for c in range(puzzle.cols - w + 1):
            yield [(r + i, c + j) for i in range(h) for j in range(w)]


def lines(puzzle: Puzzle) -> Iterator[tuple[str, list[Cell]]]:
    """Every row and column, named ``row N`` / ``column N``."""
    for r in range(puzzle.rows):
        yield f"row {r + 1}", [(r, c) for c in range(puzzle.cols)]
    for c in range(puzzle.cols):
        yield f"column {c + 1}", [(r, c) for r in range(puzzle.rows)]


def sight(puzzle: Puzzle, cell: Cell, stop: Iterable[Cell] = ()) -> list[list[Cell]]:
    """For each direction, the cells from the neighbour to the edge or the first cell of
    ``stop`` (not included)."""
    stops = set(stop)
    out = []
    for dr, dc in ORTHO:
        run = []
        r, c = cell[0] + dr, cell[1] + dc
        while inside(puzzle.rows, puzzle.cols, (r, c)) and (r, c) not in stops:
            run.append((r, c))
            r, c = r + dr, c + dc
        out.append(run)
    return out


def normalize_areas(labels: Sequence[Sequence[object]]) -> tuple[tuple[int, ...], ...]:
    """Region labels (any hashable per cell) as region numbers in reading order."""
    ids: dict[object, int] = {}
    out = []
    for row in labels:  # a row's new labels in order, then the row mapped at C speed
        for x in dict.fromkeys(row):
            if x not in ids:
                ids[x] = len(ids)
        out.append(tuple(map(ids.__getitem__, row)))
    return tuple(out)


def areas(puzzle: Puzzle) -> dict[int, list[Cell]]:
    """The puzzle's regions (its ``areas`` parameter), region number -> cells."""
    layout = puzzle.param("areas")
    out: dict[int, list[Cell]] = {}
    if layout is None:
        return out
    for r, row in enumerate(layout):
        for c, k in enumerate(row):
            out.setdefault(k, []).append((r, c))
    return out


def one_given_per_area(puzzle: Puzzle, area: str, given: str, where: str) -> None:
    """Refuses a region holding two givens or more ("one cage holds 2 sums (r1c1, r1c2)").
    The givens are grouped first: listing a 1000x1000 grid's regions took seconds."""
    layout = puzzle.param("areas")
    if layout is None:
        return
    count: dict[int, int] = {}
    for r, c in puzzle.clues():
        k = layout[r][c]
        count[k] = count.get(k, 0) + 1
    if all(n < 2 for n in count.values()):
        return
    for cells in areas(puzzle).values():  # the first such region, as the layout lists them
        held = [f"r{r + 1}c{c + 1}" for r, c in cells if puzzle[(r, c)] is not None]
        if len(held) > 1:
            raise InputError(f"one {area} holds {len(held)} {given}s ({', '.join(held)})", where)


def parse_areas(value: object, rows: int | None, cols: int | None,
                where: str) -> tuple[tuple[int, ...], ...]:
    """An ``areas`` value from JSON (rows of labels, or strings of one-character labels)."""
    if not isinstance(value, (list, tuple)) or not value:
        raise InputError("'areas' must be a list of rows of region labels", where)
    grid: list[Sequence[object]] = []
    for i, row in enumerate(value):
        if isinstance(row, str):
            row = list(row.split() if " " in row else row)
        if not isinstance(row, (list, tuple)) or not set(map(type, row)) <= {int, str}:
            raise InputError(f"'areas' row {i + 1} must be a list of region labels", where)
        grid.append(row)
    if rows is not None and len(grid) != rows:
        raise InputError(f"'areas' has {len(grid)} rows, the puzzle has {rows}", where)
    for i, row in enumerate(grid):
        if cols is not None and len(row) != cols:
            raise InputError(f"'areas' row {i + 1} has {len(row)} cells, the puzzle has {cols}",
                             where)
    return normalize_areas(grid)


def check_areas_connected(layout: Sequence[Sequence[int]], where: str) -> None:
    """Each region of a layout is one edge-connected piece (a one-line error otherwise,
    naming the first cell, row by row, cut off from its region's first piece). Works on
    runs of equal regions in a row joined to the runs they touch in the row above: a cell
    by cell search took seconds on a 1000x1000 layout, all of it before any limit held."""
    parent: list[int] = []

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    runs: list[tuple[int, int, int]] = []      # (row, first column, region), row by row
    above: list[tuple[int, int, int, int]] = []  # the row above: (start, end, region, run)
    for r, row in enumerate(layout):
        here: list[tuple[int, int, int, int]] = []
        c = 0
        for k, group in groupby(row):
            width = sum(1 for _ in group)
            index = len(runs)
            runs.append((r, c, k))
            parent.append(index)
            here.append((c, c + width, k, index))
            c += width
        j = 0
        for start, end, k, index in here:      # the runs above that overlap this one
            while j < len(above) and above[j][1] <= start:
                j += 1
            i = j
            while i < len(above) and above[i][0] < end:
                if above[i][2] == k:
                    a, b = find(above[i][3]), find(index)
                    if a != b:
                        parent[max(a, b)] = min(a, b)
                i += 1
        above = here
    first: dict[int, int] = {}
    for index, (r, c, k) in enumerate(runs):
        root = find(index)
        if first.setdefault(k, root) != root:
            raise InputError(f"region {k + 1} falls into pieces (r{r + 1}c{c + 1} is cut "
                             f"off from the rest)", where)
