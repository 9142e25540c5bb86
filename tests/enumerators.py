"""Small independent enumerators the genre tests count answers with: plain Python over
cells (row, column) of small boards, importing nothing from pencilproof, so that the
solver's count of a board can be checked against a second, naive reading of the rules."""
from __future__ import annotations

import itertools
from typing import Collection, Iterator

Cell = tuple[int, int]
#: Steps to the four side neighbours, and with the four corners (a king's moves).
ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
KING = ORTHO + ((1, 1), (1, -1), (-1, 1), (-1, -1))


def grid_cells(rows: int, cols: int) -> list[Cell]:
    return [(r, c) for r in range(rows) for c in range(cols)]


def subsets(cells: list[Cell]) -> Iterator[frozenset]:
    """Every set of these cells (in the order of ``itertools.product((0, 1), ...)``)."""
    for bits in itertools.product((0, 1), repeat=len(cells)):
        yield frozenset(x for x, b in zip(cells, bits) if b)


def pieces(cells: Collection[Cell], steps=ORTHO) -> list[list[Cell]]:
    """The connected pieces of a set of cells (``steps``: which cells touch), each from
    its least cell."""
    out, seen = [], set()
    for start in sorted(cells):
        if start in seen:
            continue
        seen.add(start)
        piece, todo = [start], [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in steps:
                y = (r + dr, c + dc)
                if y in cells and y not in seen:
                    seen.add(y)
                    piece.append(y)
                    todo.append(y)
        out.append(piece)
    return out


def connected(cells: Collection[Cell], steps=ORTHO) -> bool:
    """At most one piece (no cells at all is connected)."""
    return len(pieces(cells, steps)) <= 1


def side_by_side(cells: Collection[Cell]) -> bool:
    """Two of the cells share a side."""
    return any((r + 1, c) in cells or (r, c + 1) in cells for r, c in cells)


def touching(cells: Collection[Cell]) -> bool:
    """Two of the cells share a side or a corner."""
    return any(abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
               for a, b in itertools.combinations(cells, 2))


def has_2x2(cells: Collection[Cell]) -> bool:
    """The cells fill some 2x2 block."""
    return any({(r + 1, c), (r, c + 1), (r + 1, c + 1)} <= cells for r, c in cells)


def counts_hold(on: Collection[Cell], rows: int, cols: int, top, left) -> bool:
    """Each column holds as many of the cells as its number in ``top`` says, each row as
    its number in ``left`` (None: no number there; no list: no numbers on that side)."""
    return not (top and any(n is not None and sum((r, c) in on for r in range(rows)) != n
                            for c, n in enumerate(top))
                or left and any(n is not None and sum((r, c) in on for c in range(cols)) != n
                                for r, n in enumerate(left)))


def shade_rows(on: Collection[Cell], rows: int, cols: int, mark: str = "#") -> tuple[str, ...]:
    """An answer's rows: ``mark`` on these cells, '.' elsewhere."""
    return tuple("".join(mark if (r, c) in on else "." for c in range(cols)) for r in range(rows))


def marked(rows: Collection[str], mark: str = "#") -> set[Cell]:
    """The cells of answer rows that hold ``mark``."""
    return {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == mark}


def sight(cell: Cell, rows: int, cols: int, through: Collection[Cell]) -> int:
    """The cell itself and the cells of ``through`` it sees in a line, in its four
    directions (up to the first cell not in ``through`` or the grid's edge)."""
    n = 1
    for dr, dc in ORTHO:
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < rows and 0 <= c < cols and (r, c) in through:
            n, r, c = n + 1, r + dr, c + dc
    return n


def apart_shadings(rows: int, cols: int) -> list[frozenset]:
    """Every shading with no two shaded cells side by side and the unshaded cells in one
    piece (Hitori's and Kurodoko's rules without their numbers)."""
    cells = grid_cells(rows, cols)
    return [dark for dark in subsets(cells) if not side_by_side(dark) and connected(set(cells) - dark)]


def latin_squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every n x n Latin square of 1..n (576 for n = 4): permutations row by row, kept
    where no column repeats."""
    perms = list(itertools.permutations(range(1, n + 1)))
    return [rows for rows in itertools.product(perms, repeat=n)
            if all(len({row[c] for row in rows}) == n for c in range(n))]


# -- loops ------------------------------------------------------------------------------
#: Lines between cell centres: the step to each side, and a cell's sides as a pipe.
STEPS = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}
PIPES = {frozenset(): ".", frozenset("NS"): "|", frozenset("EW"): "-", frozenset("NE"): "L",
         frozenset("NW"): "J", frozenset("SW"): "7", frozenset("SE"): "F"}


def line(a: Cell, b: Cell) -> frozenset:
    return frozenset((a, b))


def centre_loops(rows: int, cols: int) -> list[frozenset]:
    """Every single loop along the lines between cell centres (each a set of lines).
    A set of lines in which every cell has an even number of them is the boundary of a
    unique set of the unit squares between four cell centres, so enumerating those sets
    (lines with an odd number of chosen squares beside them) meets every loop once; it is
    one loop when each cell it touches has two lines and the lines are connected."""
    squares = [[line((i, j), (i, j + 1)), line((i + 1, j), (i + 1, j + 1)),
                line((i, j), (i + 1, j)), line((i, j + 1), (i + 1, j + 1))]
               for i in range(rows - 1) for j in range(cols - 1)]
    out = []
    for mask in range(1, 1 << len(squares)):
        lines: set = set()
        for k, sq in enumerate(squares):
            if mask >> k & 1:
                lines ^= set(sq)
        touch: dict = {}
        for e in lines:
            for x in e:
                touch.setdefault(x, []).append(e)
        if any(len(es) != 2 for es in touch.values()):
            continue
        start = next(iter(lines))
        seen, todo = {start}, [start]
        while todo:
            for x in todo.pop():
                for e in touch[x]:
                    if e not in seen:
                        seen.add(e)
                        todo.append(e)
        if len(seen) == len(lines):
            out.append(frozenset(lines))
    return out


def loop_cells(lines: frozenset) -> set[Cell]:
    return {x for e in lines for x in e}


def line_dirs(lines: frozenset, cell: Cell) -> set[str]:
    """The sides of a cell a line leaves it by."""
    return {d for d, (dr, dc) in STEPS.items() if line(cell, (cell[0] + dr, cell[1] + dc)) in lines}


def pipe_rows(lines: frozenset, rows: int, cols: int) -> tuple[str, ...]:
    """A loop's answer rows: each cell's pipe ('.' off the loop)."""
    return tuple("".join(PIPES[frozenset(line_dirs(lines, (r, c)))] for c in range(cols))
                 for r in range(rows))


def cell_sides(r: int, c: int) -> list[tuple]:
    """A cell's four sides on the grid lines: ("h", r, c) the line above it, ("v", r, c)
    the one on its left."""
    return [("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)]


def _ends(side: tuple) -> tuple:
    kind, r, c = side
    return ((r, c), (r, c + 1)) if kind == "h" else ((r, c), (r + 1, c))


def _one_loop(sides: frozenset) -> bool:
    if not sides:
        return False
    touch: dict = {}
    for e in sides:
        for p in _ends(e):
            touch.setdefault(p, []).append(e)
    if any(len(es) != 2 for es in touch.values()):
        return False
    start = next(iter(sides))
    seen, todo = {start}, [start]
    while todo:
        for p in _ends(todo.pop()):
            for e in touch[p]:
                if e not in seen:
                    seen.add(e)
                    todo.append(e)
    return len(seen) == len(sides)


def border_loops(rows: int, cols: int) -> list[tuple[frozenset, frozenset]]:
    """Every single loop along the grid lines, as (its sides, the cells inside): the
    sets of cells whose border is one loop."""
    out = []
    for inside in subsets(grid_cells(rows, cols)):
        sides: set = set()
        for x in inside:
            sides ^= set(cell_sides(*x))
        if _one_loop(frozenset(sides)):
            out.append((frozenset(sides), inside))
    return out


def two_per_line_apart(n: int) -> list[frozenset]:
    """Every set of cells of an n x n grid with exactly two in each row and each column,
    no two touching (not even at a corner): rows filled top down, two columns each."""
    pairs = [p for p in itertools.combinations(range(n), 2) if p[1] - p[0] >= 2]
    out: list[frozenset] = []

    def fill(r: int, used: list[int], prev: tuple, cells: list[Cell]) -> None:
        if r == n:
            if all(k == 2 for k in used):
                out.append(frozenset(cells))
            return
        for p in pairs:
            if any(used[c] == 2 for c in p) or any(abs(c - q) <= 1 for c in p for q in prev):
                continue
            for c in p:
                used[c] += 1
            fill(r + 1, used, p, cells + [(r, c) for c in p])
            for c in p:
                used[c] -= 1

    fill(0, [0] * n, (), [])
    return out


def block_divisions(rows: int, cols: int, k: int) -> list[tuple[frozenset, ...]]:
    """Every division of a rows x cols grid into connected pieces of k cells each: the
    first free cell in reading order starts a piece, grown by every set of free cells
    that keeps it connected (each piece found once, as a sorted set of sets)."""
    cells = grid_cells(rows, cols)
    out: set[tuple[frozenset, ...]] = set()

    def grow(piece: frozenset, free: frozenset) -> set[frozenset]:
        if len(piece) == k:
            return {piece}
        found: set[frozenset] = set()
        for (r, c) in piece:
            for y in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if y in free and y not in piece:
                    found |= grow(piece | {y}, free)
        return found

    def split(free: frozenset, done: tuple) -> None:
        if not free:
            out.add(tuple(sorted(done, key=sorted)))
            return
        first = min(free)
        for piece in grow(frozenset([first]), free):
            split(free - piece, done + (piece,))

    split(frozenset(cells), ())
    return sorted(out, key=lambda d: [sorted(p) for p in d])


def whole_rooms(layout) -> list[frozenset]:
    """Every shading of a grid of rooms (rows of room labels) that shades each room
    wholly or not at all: one set of cells per subset of the rooms."""
    rooms: dict = {}
    for r, row in enumerate(layout):
        for c, k in enumerate(row):
            rooms.setdefault(k, []).append((r, c))
    groups = list(rooms.values())
    return [frozenset(x for g, b in zip(groups, bits) if b for x in g)
            for bits in itertools.product((0, 1), repeat=len(groups))]


def one_island_per_room(layout) -> list[frozenset]:
    """Every shading of a grid of rooms (rows of labels) with one edge-connected piece of
    shaded cells in each room and no shaded cells of two rooms side by side (Shimaguni
    before sizes): each room's connected non-empty subsets, combined room by room."""
    rooms: dict = {}
    for r, row in enumerate(layout):
        for c, k in enumerate(row):
            rooms.setdefault(k, []).append((r, c))
    options = [[s for s in subsets(cells) if s and connected(s)] for cells in rooms.values()]
    out = []
    for pick in itertools.product(*options):
        on = frozenset().union(*pick)
        label = {x: i for i, s in enumerate(pick) for x in s}
        if not any((y in label and label[y] != label[x]) for x in on
                   for y in ((x[0] + 1, x[1]), (x[0], x[1] + 1))):
            out.append(on)
    return out


def simple_paths(rows: int, cols: int, a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
    """Every simple path of edge-adjacent cells from ``a`` to ``b`` (depth-first)."""
    out: list[tuple[Cell, ...]] = []

    def walk(path: list[Cell]) -> None:
        x = path[-1]
        if x == b:
            out.append(tuple(path))
            return
        for y in ((x[0] - 1, x[1]), (x[0] + 1, x[1]), (x[0], x[1] - 1), (x[0], x[1] + 1)):
            if 0 <= y[0] < rows and 0 <= y[1] < cols and y not in path:
                walk(path + [y])

    walk([a])
    return out


def divisions_into(rows: int, cols: int, k: int) -> list[list[frozenset]]:
    """Every division of a rows x cols grid into edge-connected pieces of k cells: the
    first free cell in reading order starts a piece, grown through free cells."""
    out: list[list[frozenset]] = []

    def grow(piece: frozenset, free: frozenset) -> set:
        if len(piece) == k:
            return {piece}
        got: set = set()
        for r, c in piece:
            for y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if y in free and y not in piece:
                    got |= grow(piece | {y}, free)
        return got

    def fill(free: frozenset, done: list) -> None:
        if not free:
            out.append(list(done))
            return
        start = min(free)
        for piece in grow(frozenset([start]), free):
            fill(free - piece, done + [piece])

    fill(frozenset(grid_cells(rows, cols)), [])
    return out


def tenner_grids(rows: int, cols: int, sums, givens) -> list[tuple[tuple[int, ...], ...]]:
    """Every grid of digits 0-9, no digit twice in a row, no two touching cells (a king's
    move) alike, column ``c`` adding up to ``sums[c]`` (None: any), the givens kept."""
    out: list[tuple[tuple[int, ...], ...]] = []
    grid = [[-1] * cols for _ in range(rows)]

    def place(k: int) -> None:
        if k == rows * cols:
            if all(s is None or sum(grid[r][c] for r in range(rows)) == s for c, s in enumerate(sums)):
                out.append(tuple(tuple(row) for row in grid))
            return
        r, c = divmod(k, cols)
        for d in range(10):
            if givens.get((r, c), d) != d or d in grid[r][:c]:
                continue
            if r and any(0 <= c + dc < cols and grid[r - 1][c + dc] == d for dc in (-1, 0, 1)):
                continue
            grid[r][c] = d
            place(k + 1)
        grid[r][c] = -1

    place(0)
    return out


def tenner_grids_by_sums(rows: int, cols: int, sums, givens) -> list[tuple[tuple[int, ...], ...]]:
    """What :func:`tenner_grids` returns, found faster: cells filled column by column, a
    partial grid dropped as soon as its column's digits leave the sum out of reach (each
    cell still to come adds 0-9), so a column's last digit is its sum's remainder."""
    out: list[tuple[tuple[int, ...], ...]] = []
    grid = [[-1] * cols for _ in range(rows)]

    def place(k: int, so_far: int) -> None:
        if k == rows * cols:
            out.append(tuple(tuple(row) for row in grid))
            return
        c, r = divmod(k, rows)
        s = sums[c]
        for d in range(10):
            if givens.get((r, c), d) != d or d in grid[r][:c]:
                continue
            if any(0 <= r + dr < rows and 0 <= c + dc and grid[r + dr][c + dc] == d
                   for dr, dc in ((-1, 0), (-1, -1), (0, -1), (1, -1))):
                continue
            if s is not None and not 0 <= s - so_far - d <= 9 * (rows - 1 - r):
                continue
            grid[r][c] = d
            place(k + 1, 0 if r == rows - 1 else so_far + d)
        grid[r][c] = -1

    place(0, 0)
    return out


def seeded_divisions(rows: int, cols: int, seeds: Collection[Cell]) -> list[list[frozenset]]:
    """Every division of a rows x cols grid into edge-connected pieces, each holding
    exactly one of ``seeds`` (for Knossos): the first free cell in reading order starts a
    piece, grown through free cells in every way, kept when it holds one seed."""
    seeds = frozenset(seeds)
    out: list[list[frozenset]] = []

    def grown(start: Cell, free: frozenset) -> set:
        found, todo = {frozenset([start])}, [frozenset([start])]
        while todo:
            piece = todo.pop()
            for r, c in piece:
                for y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    bigger = piece | {y}
                    if y in free and y not in piece and bigger not in found and len(bigger & seeds) <= 1:
                        found.add(bigger)
                        todo.append(bigger)
        return {p for p in found if len(p & seeds) == 1}

    def fill(free: frozenset, done: list) -> None:
        if not free:
            out.append(list(done))
            return
        for piece in grown(min(free), free):
            fill(free - piece, done + [piece])

    fill(frozenset(grid_cells(rows, cols)), [])
    return out


def walls_answers(grid) -> set[tuple[str, ...]]:
    """Every Walls answer of a small grid (rows of None for a white cell, '#' or a number
    for a black one): each white cell '|' or '-', kept where every number is the count of
    white cells whose walls run on straight into it (vertical ones above and below it,
    horizontal ones beside it); answer rows write black cells '#'."""
    rows, cols = len(grid), len(grid[0])
    white = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] is None]
    out = set()
    for marks in itertools.product("|-", repeat=len(white)):
        wall = dict(zip(white, marks))

        def length(r: int, c: int, wall: dict = wall) -> int:
            n = 0
            for dr, dc in ORTHO:
                y, x = r + dr, c + dc
                while wall.get((y, x)) == ("|" if dr else "-"):
                    n, y, x = n + 1, y + dr, x + dc
            return n

        if all(length(r, c) == v for r in range(rows) for c in range(cols)
               if isinstance(v := grid[r][c], int)):
            out.add(tuple("".join(wall.get((r, c), "#") for c in range(cols)) for r in range(rows)))
    return out


def king_paths(rows: int, cols: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every numbering 1..N of the cells along a path of king's steps through all of them
    (from every start), as rows of numbers (for Abc Path's brute force)."""
    out: list[tuple[tuple[int, ...], ...]] = []
    cells = grid_cells(rows, cols)

    def walk(path: list[Cell]) -> None:
        if len(path) == len(cells):
            at = {x: i + 1 for i, x in enumerate(path)}
            out.append(tuple(tuple(at[(r, c)] for c in range(cols)) for r in range(rows)))
            return
        r, c = path[-1]
        for dr, dc in KING:
            y = (r + dr, c + dc)
            if 0 <= y[0] < rows and 0 <= y[1] < cols and y not in path:
                walk(path + [y])

    for start in cells:
        walk([start])
    return out


def door_answers(grid) -> set[tuple[str, ...]]:
    """Every Doors answer of a small grid (rows of None or a number per room): each door
    between side neighbours open or closed, kept where every room reaches every other
    through open doors and every number counts the other rooms it sees through open doors
    along its row and column. Rows in Walls characters ('.', '|' right side closed, '_'
    lower side closed, 'J' both; the frame is closed)."""
    rows, cols = len(grid), len(grid[0])
    sides = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)] + \
        [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    out = set()
    for closed in itertools.product((False, True), repeat=len(sides)):
        shut = {s for s, x in zip(sides, closed) if x}
        reach, todo = {(0, 0)}, [(0, 0)]
        while todo:
            a = todo.pop()
            for dr, dc in ORTHO:
                b = (a[0] + dr, a[1] + dc)
                if 0 <= b[0] < rows and 0 <= b[1] < cols and b not in reach \
                        and (min(a, b), max(a, b)) not in shut:
                    reach.add(b)
                    todo.append(b)
        if len(reach) != rows * cols:
            continue
        good = True
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] is None:
                    continue
                seen = 0
                for dr, dc in ORTHO:
                    a, b = (r, c), (r + dr, c + dc)
                    while 0 <= b[0] < rows and 0 <= b[1] < cols and (min(a, b), max(a, b)) not in shut:
                        seen, a, b = seen + 1, b, (b[0] + dr, b[1] + dc)
                good = good and seen == grid[r][c]
        if good:
            out.add(tuple("".join({(False, False): ".", (True, False): "|", (False, True): "_",
                                   (True, True): "J"}[(c + 1 == cols or ((r, c), (r, c + 1)) in shut,
                                                       r + 1 == rows or ((r, c), (r + 1, c)) in shut)]
                                  for c in range(cols)) for r in range(rows)))
    return out


def unlike_neighbours(rows: int, cols: int, k: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every grid of values 1..k with no two side neighbours alike (corners may be), as
    rows (for Abc Kombi's brute force; 246 on 3x3 with k = 3)."""
    out: list[tuple[tuple[int, ...], ...]] = []
    grid = [[0] * cols for _ in range(rows)]

    def place(i: int) -> None:
        if i == rows * cols:
            out.append(tuple(tuple(row) for row in grid))
            return
        r, c = divmod(i, cols)
        for v in range(1, k + 1):
            if (r and grid[r - 1][c] == v) or (c and grid[r][c - 1] == v):
                continue
            grid[r][c] = v
            place(i + 1)
        grid[r][c] = 0

    place(0)
    return out


def spotlight_shinings(rows: int, cols: int, spots: dict) -> list[frozenset]:
    """Every set of shining spotlights, at least one, of a board whose ``spots`` map a
    cell to (number or None, (row step, column step)): only those cells shine, and a
    numbered one shines exactly when the shining cells on its way to the edge (itself
    left out) are as many as its number."""
    out = []
    for on in subsets(sorted(spots)):
        ok = bool(on)
        for (r, c), (n, (dr, dc)) in spots.items():
            seen, y, x = 0, r + dr, c + dc
            while 0 <= y < rows and 0 <= x < cols:
                seen += (y, x) in on
                y, x = y + dr, x + dc
            ok = ok and (n is None or ((r, c) in on) == (seen == n))
        if ok:
            out.append(on)
    return out


def patchwork_fillings(layout, givens) -> list[tuple[tuple[int, ...], ...]]:
    """Every grid that fills each room of ``layout`` (a label per cell) with 1..its size
    once each, has each of 1..n (n the largest room) side / n times in every row and
    column, no two side neighbours alike, and keeps ``givens`` (for Patchwork): cell by
    cell in reading order, a value dropped as soon as it breaks one of these."""
    rows, cols = len(layout), len(layout[0])
    size: dict = {}
    for row in layout:
        for k in row:
            size[k] = size.get(k, 0) + 1
    n = max(size.values())
    out: list[tuple[tuple[int, ...], ...]] = []
    grid = [[0] * cols for _ in range(rows)]
    used: dict = {k: set() for k in size}

    def place(i: int) -> None:
        if i == rows * cols:
            out.append(tuple(tuple(row) for row in grid))
            return
        r, c = divmod(i, cols)
        room = layout[r][c]
        for v in range(1, size[room] + 1):
            if v in used[room] or givens.get((r, c), v) != v:
                continue
            if (r and grid[r - 1][c] == v) or (c and grid[r][c - 1] == v):
                continue
            if grid[r][:c].count(v) >= cols // n or [grid[y][c] for y in range(r)].count(v) >= rows // n:
                continue
            grid[r][c] = v
            used[room].add(v)
            place(i + 1)
            used[room].discard(v)
        grid[r][c] = 0

    place(0)
    return [g for g in out if all(g[r].count(v) == cols // n for r in range(rows) for v in range(1, n + 1))
            and all([g[y][c] for y in range(rows)].count(v) == rows // n
                    for c in range(cols) for v in range(1, n + 1))]


def latin_sum_fillings(grid, n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every filling of a Latin Sums grid (rows of None for a white cell, a sum, or '?' for
    a grey cell without one): each white cell 1..n, no number twice in a row or column,
    each sum the total of the white cells among its eight neighbours. Grey cells are 0 in
    the fillings returned."""
    rows, cols = len(grid), len(grid[0])
    white = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] is None]
    got = [[0] * cols for _ in range(rows)]
    out: list[tuple[tuple[int, ...], ...]] = []

    def sums_hold() -> bool:
        for r in range(rows):
            for c in range(cols):
                if isinstance(grid[r][c], int):
                    near = sum(got[y][x] for y in range(r - 1, r + 2) for x in range(c - 1, c + 2)
                               if 0 <= y < rows and 0 <= x < cols and grid[y][x] is None)
                    if near != grid[r][c]:
                        return False
        return True

    def place(k: int) -> None:
        if k == len(white):
            if sums_hold():
                out.append(tuple(tuple(row) for row in got))
            return
        r, c = white[k]
        for v in range(1, n + 1):
            if v not in got[r] and all(got[y][c] != v for y in range(rows)):
                got[r][c] = v
                place(k + 1)
                got[r][c] = 0

    place(0)
    return out


def arrow_rings(h: int, w: int) -> list[tuple[dict, tuple[tuple[int, ...], ...]]]:
    """Every ring of arrows around an h x w grid of Arrow Numbers: each cell of the ring
    (framed coordinates: the grid is rows 1..h, columns 1..w; corners excluded) holds a
    step (dr, dc), one of the eight, whose first step lands in the grid; returned with
    the counts of arrows whose line passes through each grid cell."""
    ring = [(0, c) for c in range(1, w + 1)] + [(h + 1, c) for c in range(1, w + 1)]
    ring += [(r, 0) for r in range(1, h + 1)] + [(r, w + 1) for r in range(1, h + 1)]
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    options = [[s for s in steps if 1 <= y + s[0] <= h and 1 <= x + s[1] <= w] for y, x in ring]
    out = []
    for choice in itertools.product(*options):
        counts = [[0] * w for _ in range(h)]
        for (y, x), (dr, dc) in zip(ring, choice):
            y, x = y + dr, x + dc
            while 1 <= y <= h and 1 <= x <= w:
                counts[y - 1][x - 1] += 1
                y, x = y + dr, x + dc
        out.append((dict(zip(ring, choice)), tuple(map(tuple, counts))))
    return out


def lampion_hangings(rows: int, cols: int, numbers: dict) -> list[frozenset]:
    """Every set of lampions, at least one, on a board whose ``numbers`` map a cell to its
    number (cells not listed have none): a numbered cell holds a lampion exactly when the
    lampions of the block of up to nine cells around it, its own included, are as many as
    its number (for Lampions)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out = []
    for on in subsets(cells):
        ok = bool(on)
        for (r, c), n in numbers.items():
            k = sum((r + dr, c + dc) in on for dr in (-1, 0, 1) for dc in (-1, 0, 1))
            ok = ok and (((r, c) in on) == (k == n))
        if ok:
            out.append(on)
    return out


def pill_placements(grid, n: int, top, left) -> set[tuple[str, ...]]:
    """Every Pills answer (rows of a pill's number 1-9/A-Z or '.'): pills 1..n each on
    three cells in a row or column whose digits (grid rows of ints) add up to its number,
    no cell in two, the covered digits of each row / column adding up to its ``left`` /
    ``top`` sum (None: no sum)."""
    rows, cols = len(grid), len(grid[0])
    places = [[(r, c + i) for i in range(3)] for r in range(rows) for c in range(cols - 2)]
    places += [[(r + i, c) for i in range(3)] for r in range(rows - 2) for c in range(cols)]
    out: set[tuple[str, ...]] = set()
    held: dict[Cell, int] = {}

    def lay(k: int) -> None:
        if k > n:
            if all(s is None or s == sum(grid[r][c] for c in range(cols) if (r, c) in held)
                   for r, s in enumerate(left)) and all(
                    s is None or s == sum(grid[r][c] for r in range(rows) if (r, c) in held)
                    for c, s in enumerate(top)):
                out.add(tuple("".join("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[held[(r, c)]]
                                      if (r, c) in held else "." for c in range(cols))
                              for r in range(rows)))
            return
        for p in places:
            if sum(grid[r][c] for r, c in p) == k and not any(x in held for x in p):
                held.update(dict.fromkeys(p, k))
                lay(k + 1)
                for x in p:
                    del held[x]

    lay(1)
    return out


def number_ball_fillings(grid, n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every filling of a Nanbaboru grid (rows of None, 'o' a circle, 'x' a cross, or a
    given number): each row and column holds each of 1..n exactly once, its other cells
    empty (0 in the fillings returned); a circle holds a number, a cross none, a given
    number stays. Row by row: each row a choice of n cells and an order of 1..n on them."""
    rows, cols = len(grid), len(grid[0])
    options = []
    for r in range(rows):
        mine = []
        for where in itertools.combinations(range(cols), n):
            for order in itertools.permutations(range(1, n + 1)):
                row = [0] * cols
                for c, v in zip(where, order):
                    row[c] = v
                if all(g is None or (g == "o" and x) or (g == "x" and not x) or g == x
                       for g, x in zip(grid[r], row)):
                    mine.append(tuple(row))
        options.append(mine)
    out: list[tuple[tuple[int, ...], ...]] = []

    def place(r: int, got: list[tuple[int, ...]]) -> None:
        if r == rows:
            if all(sorted(x for x in col if x) == list(range(1, n + 1)) for col in zip(*got)):
                out.append(tuple(got))
            return
        for row in options[r]:
            if all(not x or all(g[c] != x for g in got) for c, x in enumerate(row)):
                place(r + 1, got + [row])

    place(0, [])
    return out
