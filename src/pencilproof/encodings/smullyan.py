"""Smullyanic Dynasty: shade cells so that no two shaded cells touch and the rest is one region.

Rules (the reading the course answers depend on, checked against puzz.link's checker):
* shaded cells never share an edge; at least one cell is shaded;
* the unshaded cells form one edge-connected region;
* a clue counts the shaded cells in the 3x3 block around its cell, its own cell included.
  Clue cells may be shaded: a clue in an unshaded cell must equal its count, a clue in a
  shaded cell must *not*. ``?`` imposes nothing.

Connectivity is about the *unshaded* cells, so the member literal of every cell is the
negation of its shade literal; :class:`~.base.ShadingEncoded` reads the region with that
polarity. The lazy cuts of :class:`~.grid.LazyConnectivity` are the default, the seed's
spanning tree (:func:`~.grid.tree_connectivity`) the selectable reference.
"""
from __future__ import annotations

import collections
import functools
import random
from itertools import combinations
from typing import Sequence

from typing import TYPE_CHECKING

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Shading, Solution, Violation
from .base import (ShadingEncoded, choose_encoding, mask_bits, parse_shading_rows,
                   read_number, shade_masks, shaded_cells, shading_formats)
from .contract import ClueKey, Generation, Genre, Switchable, Symmetry
from .grid import LazyConnectivity, components, neighbours, rows_connected, tree_connectivity

if TYPE_CHECKING:
    from ..solvers.backends import Backend

#: A 3x3 block holds at most 9 shaded cells, but the course collection (puzzles 45-47)
#: uses 10 on purpose: a clue that no count can equal, so its cell must be shaded.
MAX_CLUE = 10


def block(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The 3x3 block around a cell, clipped to the grid, the cell itself included."""
    r0, c0 = cell
    return [(r, c) for r in range(r0 - 1, r0 + 2) for c in range(c0 - 1, c0 + 2)
            if 0 <= r < rows and 0 <= c < cols]


def _shading(b, rows: int, cols: int) -> tuple[dict[Cell, int], list[list[int]]]:
    """A shade literal per cell, with the rules no clue changes: at least one cell is
    shaded, no two shaded cells share an edge. Also the literals row by row."""
    lits = b.new_vars(rows * cols)
    var = [list(lits[r * cols:(r + 1) * cols]) for r in range(rows)]
    s = {(r, c): var[r][c] for r in range(rows) for c in range(cols)}
    b.add_clause(list(lits))
    for r in range(rows):
        row, below = var[r], var[r + 1] if r + 1 < rows else None
        cl: list[list[int]] = []
        for c, lit in enumerate(row):
            if below is not None:
                cl.append([-lit, -below[c]])
            if c + 1 < cols:
                cl.append([-lit, -row[c + 1]])
        b.add_clauses(cl)
    return s, var


def _no_lone_unshaded(b, var: list[list[int]], rows: int, cols: int) -> None:
    """Every unshaded cell has an unshaded neighbour (from 4 cells up).

    No two shaded cells touch, so at least two cells stay unshaded; in one connected
    region each of them then has an unshaded neighbour. Saves the lazy loop the
    rounds that would cut off single cells one by one.
    """
    if rows * cols < 4:
        return
    for r in range(rows):
        up, row, down = var[r - 1] if r else None, var[r], var[r + 1] if r + 1 < rows else None
        cl = []
        for c, lit in enumerate(row):
            x = [lit]
            if up is not None:
                x.append(-up[c])
            if down is not None:
                x.append(-down[c])
            if c:
                x.append(-row[c - 1])
            if c + 1 < cols:
                x.append(-row[c + 1])
            cl.append(x)
        b.add_clauses(cl)


Offset = tuple[int, int]


@functools.lru_cache(maxsize=None)
def _clue_template(block_offsets: tuple[Offset, ...], n: int) -> tuple[tuple[int, ...], ...]:
    """Clauses for "a clue n on the cell at offset (0, 0)", over the cells of its block
    (``block_offsets``, row-major, the clue's own cell included), as signed 1-based
    indices into ``block_offsets``. Direct clauses, no new variables.

    They rely on the adjacency clauses (no two shaded cells touch), so only shadings
    of the block without touching cells matter; ring = the block without the clue cell.

    * clue cell unshaded, at most n shaded: every untouching set of n+1 ring cells has
      an unshaded cell;
    * clue cell unshaded, at least n: for every untouching set I of fewer than n ring
      cells that is maximal as such, some ring cell outside I is shaded (no untouching
      set of n cells at all: the clue cell is shaded);
    * clue cell shaded: its four edge neighbours are unshaded, so the count is 1 plus
      the shaded corners, which must not be n-1: per set S of n-1 corners, "not exactly
      S".

    An interior clue costs 8, 22, 28, 28, 20, 2 clauses for n = 0..5 and 1 beyond (the
    unary count it replaces cost 60-150 clauses and 16-30 variables).
    """
    x = block_offsets.index((0, 0)) + 1
    ring = [i + 1 for i, o in enumerate(block_offsets) if o != (0, 0)]
    offs = {i: block_offsets[i - 1] for i in ring}
    k = len(ring)

    def touch(i: int, j: int) -> bool:
        (a, b), (c, d) = offs[i], offs[j]
        return abs(a - c) + abs(b - d) == 1

    free = [m for m in range(1 << k)
            if not any(m >> p & 1 and m >> q & 1 and touch(ring[p], ring[q])
                       for p in range(k) for q in range(p + 1, k))]
    size = {m: bin(m).count("1") for m in free}
    out: list[tuple[int, ...]] = []
    for m in free:  # at most n
        if size[m] == n + 1:
            out.append((x,) + tuple(-ring[p] for p in range(k) if m >> p & 1))
    if n > max(size.values()):
        out.append((x,))  # the clue cell must be shaded
    elif n >= 1:  # at least n
        small = [m for m in free if size[m] <= n - 1]
        for m in small:
            if not any(m2 != m and m2 & m == m for m2 in small):
                out.append((x,) + tuple(ring[p] for p in range(k) if not m >> p & 1))
    corners = [i for i in ring if abs(offs[i][0]) + abs(offs[i][1]) == 2]
    if 1 <= n <= len(corners) + 1:  # shaded: not exactly n - 1 corners
        for chosen in combinations(corners, n - 1):
            out.append((-x,) + tuple(-i for i in chosen)
                       + tuple(i for i in corners if i not in chosen))
    return tuple(out)


#: The block of an interior cell, row-major.
_FULL = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))


def _clue(b, var: list[list[int]], cell: Cell, n: int, rows: int, cols: int,
          guard: int | None = None) -> None:
    """Unshaded clue cell: the block count equals n; shaded clue cell: it does not.

    With a ``guard`` literal (a switchable clue) every clause holds only when the
    guard is true.
    """
    r0, c0 = cell
    if 0 < r0 < rows - 1 and 0 < c0 < cols - 1:
        offsets = _FULL
    else:
        offsets = tuple((dr, dc) for dr, dc in _FULL
                        if 0 <= r0 + dr < rows and 0 <= c0 + dc < cols)
    lits = [0] + [var[r0 + dr][c0 + dc] for dr, dc in offsets]
    g = [] if guard is None else [-guard]
    b.add_clauses([g + [lits[i] if i > 0 else -lits[-i] for i in cl]
                   for cl in _clue_template(offsets, n)])


def _estimate(b, grid: Sequence[Sequence[Clue]], rows: int, cols: int) -> None:
    """Refuse up front what cannot fit: per cell a variable and about four clauses,
    per number the clauses of an interior clue."""
    counts: collections.Counter[Clue] = collections.Counter()
    for row in grid:
        counts.update(row)
    clauses = 4 * rows * cols + sum(k * len(_clue_template(_FULL, v))
                                    for v, k in counts.items() if isinstance(v, int))
    b.reserve(rows * cols, clauses)


def _still_connected(x: Cell, around: list[Cell], shaded: set[Cell], rows: int,
                     cols: int) -> bool:
    """Do x's (unshaded) neighbours still reach each other once x is shaded too?"""
    if len(around) <= 1:
        return True
    # Most often the neighbours (all unshaded) meet around x itself: if the free cells
    # of the ring of 8 around x make one arc (or the whole ring), it joins them all.
    r, c = x
    ring = [(r - 1, c - 1), (r - 1, c), (r - 1, c + 1), (r, c + 1),
            (r + 1, c + 1), (r + 1, c), (r + 1, c - 1), (r, c - 1)]
    free = [0 <= y < rows and 0 <= z < cols and (y, z) not in shaded for y, z in ring]
    if sum(1 for i in range(8) if free[i] and not free[i - 1]) <= 1:
        return True
    want, start = set(around[1:]), around[0]
    seen, stack = {start, x}, [start]
    while stack and want:
        for y in neighbours(stack.pop(), rows, cols):
            if y not in seen and y not in shaded:
                seen.add(y)
                want.discard(y)
                stack.append(y)
    return not want


class Smullyan(Genre):
    name = "smullyan"
    aliases = ("smullyanic", "smullyanicdynasty", "smullyanic-dynasty", "smullyanic_dynasty")
    url_pids = ("smullyan",)
    encodings = ("lazy", "reference")
    summary = ("shade cells that never touch, the rest connected; a clue counts its 3x3 block "
               "(and is false on a shaded cell)")
    answer_type = Shading
    formats = shading_formats("smullyan", ("smullyan", "smullyanicdynasty"))

    def __init__(self) -> None:
        self.generator = SmullyanGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token == ".":
            return None
        if token == "?":
            return "?"
        hint = " (pzprv3 writes an unknown clue as '-'; here it is '?')" if token == "-" else ""
        value = read_number(token, where, f"'.', '?' or an integer 0..{MAX_CLUE}",
                            f"clue must be an integer 0..{MAX_CLUE} or '?'", hint)
        if not 0 <= value <= MAX_CLUE:
            raise InputError(f"clue {value} is out of range (a 3x3 block counts 0..9; "
                             f"0..{MAX_CLUE} accepted)", where)
        return value

    # -- encoding -------------------------------------------------------------------
    def encode(self, puzzle: Puzzle, b: Backend, encoding: str | None = None) -> ShadingEncoded:
        encoding = choose_encoding(self, encoding)
        rows, cols = puzzle.rows, puzzle.cols
        _estimate(b, puzzle.grid, rows, cols)
        s, var = _shading(b, rows, cols)
        for r, row in enumerate(puzzle.grid):
            for c, n in enumerate(row):
                if isinstance(n, int):
                    _clue(b, var, (r, c), n, rows, cols)
        member = {c: -lit for c, lit in s.items()}
        if encoding == "reference":
            tree_connectivity(b, member, rows, cols)
            return ShadingEncoded(b, rows, cols, s, {}, None)
        _no_lone_unshaded(b, var, rows, cols)
        conn = LazyConnectivity(member, rows, cols)
        return ShadingEncoded(b, rows, cols, s, {}, conn, lit_rows=var)


    # -- independent verification (plain Python, no solver) ------------------------------
    def verify(self, puzzle: Puzzle, solution: Solution) -> list[Violation]:
        """Every broken rule, row by row on the answer's strings (a million cells take
        well under a second)."""
        rows = puzzle.rows
        sol = solution.rows
        masks = shade_masks(sol)
        out = []
        if not any(masks):
            out.append(Violation("brNoShade", "no cell is shaded"))
        touching: set[Cell] = set()
        for r, m in enumerate(masks):
            side = m & (m >> 1)  # bit c: c and c + 1 shaded
            below = m & masks[r + 1] if r + 1 < rows else 0
            for c in mask_bits(side):
                touching.update(((r, c), (r, c + 1)))
            for c in mask_bits(below):
                touching.update(((r, c), (r + 1, c)))
        if touching:
            out.append(Violation("csAdjacent", "shaded cells share an edge",
                                 tuple(sorted(touching))))
        if not rows_connected(sol, "."):
            comps = components((r, c) for r, row in enumerate(sol)
                               for c, ch in enumerate(row) if ch != "#")
            if len(comps) > 1:
                stray = tuple(sorted(x for comp in comps[1:] for x in comp))
                out.append(Violation("cuDivideRB", f"the unshaded cells fall into {len(comps)} "
                                     f"pieces", stray))
        equal, wrong = [], []
        # near[r][c]: shaded cells among (r, c-1), (r, c), (r, c+1).
        near: list[list[int]] = []
        for text in sol:
            bits = [0] + [1 if ch == "#" else 0 for ch in text] + [0]
            near.append([a + b + c for a, b, c in zip(bits, bits[1:], bits[2:])])
        none = [0] * puzzle.cols
        for r, grow in enumerate(puzzle.grid):
            above = near[r - 1] if r else none
            level = near[r]
            under = near[r + 1] if r + 1 < rows else none
            line = sol[r]
            for c, n in enumerate(grow):
                if n is None or not isinstance(n, int):
                    continue
                count = above[c] + level[c] + under[c]
                if line[c] == "#":
                    if count == n:
                        equal.append(((r, c), n))
                elif count != n:
                    wrong.append(((r, c), n, count))
        for cell, n in equal:
            out.append(Violation("nmShadeEq", f"shaded clue {n} equals its count", (cell,)))
        for cell, n, count in wrong:
            out.append(Violation("nmShadeGt", f"unshaded clue {n} counts {count} shaded cells",
                                 (cell,)))
        return out

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Shading:
        return parse_shading_rows(puzzle, rows, where)


class SmullyanGeneration(Generation):
    """Smullyanic Dynasty's minimizer and generator hooks: any clue can go; no weak form."""

    def encode_switchable(self, puzzle: Puzzle, b: Backend,
                          clues: dict[ClueKey, Clue]) -> Switchable:
        """Every cell a shading literal, each clue in ``clues`` behind a switch.

        Clue cells may be shaded in this genre and a clue changes no other rule, so a
        switched-off clue leaves an ordinary cell. Givens of ``puzzle`` outside
        ``clues`` hold permanently. ``?`` imposes nothing, so it has no weaker form
        (``weak`` is empty) and its switch is a free literal. With every switch on, the
        solutions are exactly those of ``encode`` on the puzzle with all these clues.
        """
        rows, cols = puzzle.rows, puzzle.cols
        s, var = _shading(b, rows, cols)
        for cell, n in puzzle.clues().items():
            if cell not in clues and isinstance(n, int):
                _clue(b, var, cell, n, rows, cols)
        switches: dict[Cell, int] = {}
        for cell, n in clues.items():
            switches[cell] = b.new_var()
            if isinstance(n, int):
                _clue(b, var, cell, n, rows, cols, guard=switches[cell])
        _no_lone_unshaded(b, var, rows, cols)
        conn = LazyConnectivity({c: -lit for c, lit in s.items()}, rows, cols)
        return Switchable(ShadingEncoded(b, rows, cols, s, {}, conn), switches, {})

    def weak_clue(self, clue: Clue) -> Clue:
        """``?``: it imposes nothing here, so the generator never weakens a clue to it."""
        return "?" if isinstance(clue, int) else None

    #: Fractions of shaded cells random_solution aims at: shaded cells never touch and
    #: must not cut the unshaded region, so random greedy shading stalls near 0.3.
    density_range = (0.05, 0.3)
    default_density = 0.2

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None = None,
                      symmetric: Symmetry | None = None) -> Shading:
        """A random valid shading with about ``density`` of the cells shaded.

        Cells are visited in random order; one is shaded when no neighbour is shaded
        and the unshaded cells stay connected without it (its unshaded neighbours still
        reach each other). Stops at the target; at least one cell is always shaded.
        """
        n = rows * cols
        target = max(1, round((density or self.default_density) * n))
        order = [(r, c) for r in range(rows) for c in range(cols)]
        rng.shuffle(order)
        shaded: set[Cell] = set()
        for x in order:
            if len(shaded) >= target:
                break
            around = list(neighbours(x, rows, cols))
            if any(y in shaded for y in around):
                continue
            if _still_connected(x, around, shaded, rows, cols):
                shaded.add(x)
        return Shading.from_cells(rows, cols, shaded, "#")


    def clue_candidates(self, solution: Solution) -> dict[ClueKey, Clue]:
        """Every cell, with a value this solution satisfies: an unshaded cell its count,
        a shaded cell its count + 1 (any other value would do; this one also rules out
        the nearest alternative, the same shading with this cell unshaded, whose count
        is one less)."""
        shaded = set(shaded_cells(solution))
        rows, cols = len(solution.rows), len(solution.rows[0])
        out: dict[Cell, Clue] = {}
        for r in range(rows):
            for c in range(cols):
                k = sum(1 for y in block((r, c), rows, cols) if y in shaded)
                out[(r, c)] = k + 1 if (r, c) in shaded else k
        return out

    def clue_holds(self, solution: Solution, cell: ClueKey, clue: Clue) -> bool:
        """Would a clue at ``cell`` accept this solution? (Local and cheap.)"""
        if not isinstance(clue, int):
            return True
        rows, cols = len(solution.rows), len(solution.rows[0])
        k = sum(1 for r, c in block(cell, rows, cols) if solution.rows[r][c] == "#")
        return (k != clue) if solution[cell] == "#" else (k == clue)


SMULLYAN = Smullyan()
