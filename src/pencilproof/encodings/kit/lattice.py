"""Grid geometry the genres compose: neighbours, lines, blocks, regions, lines of sight.

Regions (rooms, Sudoku boxes, Janko ``areas``) travel with a puzzle as its ``areas``
parameter: a tuple of rows of region numbers (0, 1, ...), numbered in reading order of
their first cell, so that one layout has one value whatever its source called it.
"""
from __future__ import annotations

from collections import Counter
from itertools import chain, groupby
from operator import ne
from typing import Any, Iterable, Iterator, Sequence

from ...errors import InputError
from ...puzzle import Cell, Puzzle
from ..grid import components

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


def area_sizes(layout: Sequence[Sequence[int]]) -> Counter[int]:
    """Cells per region, counted at C speed: listing a 1000x1000 layout's regions with
    :func:`areas` took 2 s, before any time limit held."""
    return Counter(chain.from_iterable(layout))


def first_cell(layout: Sequence[Sequence[int]], region: int) -> Cell:
    """The region's first cell in reading order."""
    return next((r, row.index(region)) for r, row in enumerate(layout) if region in row)


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


#: Janko's label for a cell that belongs to no room (LITS, Country Road: a hole in the
#: layout; Star Battle has its own, with ``#`` black cells too).
HOLE = "@"


def pieces_apart(layout: Sequence[Sequence[object]]) -> tuple[tuple[int, ...], ...]:
    """The layout (any labels) with every edge-connected piece of a region a region of its
    own, numbered as :func:`normalize_areas` numbers them."""
    rows, cols = len(layout), len(layout[0]) if layout else 0
    label = [[0] * cols for _ in range(rows)]
    cells: dict[object, list[Cell]] = {}
    for r in range(rows):
        for c in range(cols):
            cells.setdefault(layout[r][c], []).append((r, c))
    n = 0
    for same in cells.values():
        for piece in components(same):
            for r, c in piece:
                label[r][c] = n
            n += 1
    return normalize_areas(label)


def janko_rooms(puzzle: Puzzle, labels: Sequence[Sequence[str]], where: str,
                hole: str | None = HOLE) -> Puzzle:
    """The puzzle with the rooms of a Janko ``areas`` section as janko.at means them: a
    label names the rooms it marks, and one label may mark two rooms apart (Heyawake 049
    has two rooms ``f``), so each edge-connected piece of a label is a room; a cell
    labelled ``hole`` (:data:`HOLE`; None: no label is a hole) is in no room: it gets
    that given (it may hold no other), and a region of its own."""
    grid = [list(row) for row in puzzle.grid]
    for r, row in enumerate(labels):
        for c, t in enumerate(row):
            if t == hole:
                if grid[r][c] is not None:
                    raise InputError(f"r{r + 1}c{c + 1}: a given in a cell of no room "
                                     f"('{HOLE}')", where)
                grid[r][c] = HOLE
    layout = pieces_apart(normalize_areas([[(r, c) if t == hole else t for c, t in enumerate(row)]
                                           for r, row in enumerate(labels)]))
    return Puzzle(puzzle.genre, puzzle.rows, puzzle.cols, tuple(map(tuple, grid)),
                  puzzle.params).with_params(areas=layout)


def holes(puzzle: Puzzle) -> frozenset[Cell]:
    """The cells given :data:`HOLE` (in no room)."""
    return frozenset(x for x, v in puzzle.clues().items() if v == HOLE)


def rooms_without_holes(puzzle: Puzzle) -> dict[int, list[Cell]]:
    """:func:`areas` without the holes (a region of holes only is no room)."""
    gone = holes(puzzle)
    out = {k: [x for x in cells if x not in gone] for k, cells in areas(puzzle).items()}
    return {k: cells for k, cells in out.items() if cells}


def check_areas_connected(layout: Sequence[Sequence[int]], where: str) -> None:
    """Each region of a layout is one edge-connected piece (a one-line error otherwise,
    naming the first cell, row by row, cut off from its region's first piece). Works on
    runs of equal regions in a row joined to the runs they touch in the row above: a cell
    by cell search took seconds on a 1000x1000 layout, all of it before any limit held.
    Layouts of more than :data:`ARRAY_RUNS` runs take the array path
    (:func:`_pieces_by_arrays`): 500,000 dominoes took 0.7-3 s here, 0.1 s there."""
    if sum(map(len, layout)) > ARRAY_RUNS and _runs(layout) > ARRAY_RUNS:
        cut = _pieces_by_arrays(layout)
        if cut is not None:
            k, r, c = cut
            raise InputError(f"region {k + 1} falls into pieces (r{r + 1}c{c + 1} is cut "
                             f"off from the rest)", where)
        return
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
            width = len(list(group))  # (at C speed: a generator took 0.2 s a million cells)
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


#: Layouts of more runs than this are checked with numpy arrays (importing numpy takes
#: 0.1-0.3 s, more than the run by run check of a room per row of a 1000x1000 grid).
ARRAY_RUNS = 40_000


def _runs(layout: Sequence[Sequence[int]]) -> int:
    """How many runs of equal regions the rows hold (counted at C speed)."""
    return sum(1 + sum(map(ne, row[1:], row[:-1])) for row in layout if len(row))


def _pieces_by_arrays(layout: Sequence[Sequence[int]]) -> tuple[int, int, int] | None:
    """:func:`check_areas_connected` on arrays: (region, row, column) of the first run of
    a region, in reading order, that is cut off from its region's first run, or None.

    Runs of equal regions in a row are the nodes; a cell equal to the one above joins
    their runs. Regions of one run (every domino side by side) need nothing more; the
    others' runs are joined by hooking each root to the least root it touches and
    halving the paths until nothing changes, a few rounds of whole-array steps."""
    import numpy as np  # only here: see ARRAY_RUNS

    cols = len(layout[0]) if len(layout) else 0
    if any(len(row) != cols for row in layout):
        raise ValueError("a ragged layout")  # the callers check the shape first
    given = np.array(layout, dtype=np.int64).reshape(len(layout), cols)
    grid: Any = given  # numbered from 0 as normalize_areas numbers them (else renumbered)
    labels: Any = None
    if given.size and given.min() < 0:
        labels, grid = np.unique(given, return_inverse=True)
        grid = grid.reshape(given.shape)
    starts = np.ones(grid.shape, dtype=bool)
    starts[:, 1:] = grid[:, 1:] != grid[:, :-1]
    run_of = (np.cumsum(starts.ravel()) - 1).reshape(grid.shape)  # each cell's run
    run_region = grid[starts]                                      # each run's region
    first_run = np.flatnonzero(starts.ravel())                     # each run's first cell
    runs_per_region = np.bincount(run_region)
    # Runs in a row above and below that share a region and touch: one edge per pair.
    same = grid[1:] == grid[:-1]
    same &= runs_per_region[grid[1:]] > 1
    a = run_of[:-1][same]
    b = run_of[1:][same]
    parent = np.arange(len(run_region), dtype=np.int64)
    while len(a):
        ra, rb = parent[a], parent[b]
        low, high = np.minimum(ra, rb), np.maximum(ra, rb)
        apart = low != high
        if not apart.any():
            break
        np.minimum.at(parent, high[apart], low[apart])
        while True:  # every run points at its root
            up = parent[parent]
            if np.array_equal(up, parent):
                break
            parent = up
        keep = parent[a] != parent[b]
        a, b = a[keep], b[keep]
    # The first run of each region (runs are in reading order) and its root.
    present, first_of = np.unique(run_region, return_index=True)
    firsts = np.zeros(len(runs_per_region), dtype=np.int64)
    firsts[present] = first_of
    cut = np.flatnonzero(parent != parent[firsts[run_region]])
    if not len(cut):
        return None
    cell = int(first_run[cut[0]])
    region = run_region[cut[0]]
    return int(region if labels is None else labels[region]), cell // cols, cell % cols
