"""Smullyanic Dynasty: shade cells so that no two shaded cells touch and the rest is one region.

Rules (the reading the course answers depend on, checked against puzz.link's checker):
* shaded cells never share an edge; at least one cell is shaded;
* the unshaded cells form one edge-connected region;
* a clue counts the shaded cells in the 3x3 block around its cell, its own cell included.
  Clue cells may be shaded: a clue in an unshaded cell must equal its count, a clue in a
  shaded cell must *not*. ``?`` imposes nothing.

On the kit's row faces (:mod:`.kit.shading`): connectivity is about the *unshaded*
cells, so its member literal of every cell is the negation of its shade literal. The lazy
cuts are the default, the seed's spanning tree the selectable ``reference``. A clue's
rule is :class:`BlockClue`, direct clauses from a template per block shape.
"""
from __future__ import annotations

import collections
import functools
import random
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Shading, Violation
from .base import read_number, shading_formats
from .contract import Symmetry
from .kit.draw import scatter
from .kit.model import Encoder, Lit, Rule, Values
from .kit.shading import ConnectedRows, GridGeneration, GridGenre, NoLone, NoTouching, SomeOn, as_grid

if TYPE_CHECKING:
    from ..solvers.backends import Backend

#: A 3x3 block holds at most 9 shaded cells, but the course collection (puzzles 45-47)
#: uses 10 on purpose: a clue that no count can equal, so its cell must be shaded.
MAX_CLUE = 10


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


@functools.lru_cache(maxsize=None)
def _block_offsets(top: bool, bottom: bool, left: bool, right: bool) -> tuple[Offset, ...]:
    """The block's offsets for a cell on these edges of the grid (none: :data:`_FULL`)."""
    return tuple((dr, dc) for dr, dc in _FULL if not (dr < 0 and top or dr > 0 and bottom
                                                        or dc < 0 and left or dc > 0 and right))


class BlockClue(Rule):
    """Unshaded clue cell: its 3x3 block (itself included) holds ``n`` shaded cells;
    shaded clue cell: it does not. Direct clauses from :func:`_clue_template`."""

    def __init__(self, cell: Cell, n: int):
        self.cell, self.n = cell, n

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        var, (r0, c0), rows, cols = as_grid(e).var, self.cell, e.puzzle.rows, e.puzzle.cols
        offsets = _block_offsets(r0 == 0, r0 == rows - 1, c0 == 0, c0 == cols - 1)
        lits = [0] + [var[r0 + dr][c0 + dc] for dr, dc in offsets]
        g = [] if guard is None else [-guard]
        e.b.add_clauses([g + [lits[i] if i > 0 else -lits[-i] for i in cl]
                         for cl in _clue_template(offsets, self.n)])

    def count(self, rows: Any) -> int:
        """Shaded cells in the block, in an answer's rows."""
        r, c = self.cell
        lo, hi = max(c - 1, 0), c + 2
        k = rows[r].count("#", lo, hi)
        if r:
            k += rows[r - 1].count("#", lo, hi)
        if r + 1 < len(rows):
            k += rows[r + 1].count("#", lo, hi)
        return k

    def check(self, v: Values) -> list[Violation]:
        n, k = self.n, self.count(v.rows)
        if v.rows[self.cell[0]][self.cell[1]] == "#":
            if k == n:
                return [Violation("nmShadeEq", f"shaded clue {n} equals its count", (self.cell,))]
        elif k != n:
            return [Violation("nmShadeGt", f"unshaded clue {n} counts {k} shaded cells", (self.cell,))]
        return []


class Smullyan(GridGenre):
    name = "smullyan"
    aliases = ("smullyanic", "smullyanicdynasty", "smullyanic-dynasty", "smullyanic_dynasty")
    url_pids = ("smullyan",)
    summary = ("shade cells that never touch, the rest connected; a clue counts its 3x3 block "
               "(and is false on a shaded cell)")
    formats = shading_formats("smullyan", ("smullyan", "smullyanicdynasty"))
    fixed_givens = False  # a clue cell may be shaded
    codes = ("brNoShade", "csAdjacent", "cuDivideRB", "nmShadeEq", "nmShadeGt")

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

    def reserve(self, puzzle: Puzzle, b: "Backend", nfree: int) -> None:
        """Refuse up front what cannot fit: per cell a variable and about four clauses,
        per number the clauses of an interior clue."""
        counts: collections.Counter[Clue] = collections.Counter()
        for row in puzzle.grid:
            counts.update(row)
        b.reserve(nfree, 4 * nfree + sum(k * len(_clue_template(_FULL, v))
                                         for v, k in counts.items() if isinstance(v, int)))

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        # No two shaded cells touch, so two cells or more stay unshaded: in one region,
        # each has an unshaded neighbour (NoLone saves the lazy loop the rounds that
        # would cut off single cells one by one).
        return [SomeOn("brNoShade", "no cell is shaded"),
                NoTouching("csAdjacent", "shaded cells share an edge"),
                *([NoLone(-1)] if puzzle.rows * puzzle.cols >= 4 else []),
                ConnectedRows(".", -1, "cuDivideRB", "the unshaded cells fall into {k} pieces")]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [BlockClue(cell, clue)] if isinstance(clue, int) else []

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every cell: an unshaded cell its count, a shaded cell its count + 1 (any other
        value would do; this one also rules out the nearest alternative, the same
        shading with this cell unshaded, whose count is one less)."""
        k = BlockClue(cell, 0).count(v.rows)
        return k + 1 if v.rows[cell[0]][cell[1]] == "#" else k


class SmullyanGeneration(GridGeneration):
    """Smullyanic Dynasty's minimizer and generator hooks: any clue can go; ``?`` imposes
    nothing, so it has no weaker form and its switch is a free literal."""

    #: Fractions of shaded cells random_solution aims at: shaded cells never touch and
    #: must not cut the unshaded region, so random greedy shading stalls near 0.3.
    density_range = (0.05, 0.3)
    default_density = 0.2

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None = None,
                      symmetric: Symmetry | None = None) -> Any:
        """A random valid shading with about ``density`` of the cells shaded
        (:func:`~.kit.draw.scatter`); at least one cell is always shaded."""
        target = max(1, round((density or self.default_density) * rows * cols))
        return Shading.from_cells(rows, cols, scatter(rows, cols, rng, target), "#")


SMULLYAN = Smullyan()
