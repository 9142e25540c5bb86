"""Divisions into pieces of free shape, each holding exactly one seed (a number's cell),
answered as :class:`~.division.Walls` borders (Knossos).

* :class:`SeededDivision`: every piece holds exactly one of the seeds. ``reach`` gives
  each seed the cells its piece may take (its own cell among them) and ``depth`` the
  most steps a cell of its piece may lie from it inside the piece. Encoded with an owner
  per cell, one-hot among the seeds that may take it (a seed owns its own cell), a
  border exactly where two neighbours' owners differ, and each piece connected by
  :func:`~.connect.rooted_levels` (the seeds the roots): so a piece is one seed's cells.
  Checked on the answer's pieces: ``bkNoNum``, ``bkNumGe2``, ``bdDeadEnd`` (a border
  inside a piece), as Shikaku's;
* :func:`perimeter`: the sides of a piece that face another piece or the frame;
  :class:`Perimeter`: the seed's piece has a perimeter of ``n`` (``bkPerimNe``). Each
  column of a piece has as many top sides as bottom ones (one each per run of its
  cells), each row as many left sides as right ones, so the count is n/2 top and left
  sides (a totalizer over "x is the seed's and the cell above / to the left is not");
* :class:`AgreedWalls`: the answer layer, Walls with each cell's agree literals made up
  front;
* :func:`perimeter_reach`: the reach and depth a perimeter allows. A piece of perimeter
  P has a bounding box of w x h with 2(w + h) <= P (each column of the box holds a top
  and a bottom side of the piece, each row a left and a right one), so its cells lie at
  most P/2 - 2 steps from the seed (Manhattan), and it has at most w * h <= floor(P/4) *
  ceil(P/4) cells, the most a path inside it can visit. A seed of unknown value (None)
  reaches every cell it can walk to without passing another seed.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import AbstractSet, Mapping, Optional, Sequence

from ...puzzle import Cell, Violation
from ..cnf import at_most_one_linear, unary_sum
from .connect import rooted_levels
from .division import SIDES, Walls, between, inner_borders, own, pieces
from .model import Encoder, Lit, Rule, Values

ORTHO = ((-1, 0), (1, 0), (0, -1), (0, 1))


@lru_cache(maxsize=16)
def perimeter_reach(rows: int, cols: int, numbers: tuple[tuple[Cell, Optional[int]], ...]
                    ) -> tuple[dict[Cell, frozenset[Cell]], dict[Cell, int]]:
    """Each seed's cells (within the bounds of its perimeter, see the module, and not
    past another seed) and the most steps they lie from it inside its piece; ``numbers``
    the seeds and their perimeters (None: unknown), sorted."""
    seeds = dict(numbers)
    reach, depth = {}, {}
    for s, n in seeds.items():
        far = rows + cols if n is None else n // 2 - 2
        seen, todo = {s}, deque([s])
        while todo:
            x = todo.popleft()
            for dr, dc in ORTHO:
                y = (x[0] + dr, x[1] + dc)
                if (0 <= y[0] < rows and 0 <= y[1] < cols and y not in seen and y not in seeds
                        and abs(y[0] - s[0]) + abs(y[1] - s[1]) <= far):
                    seen.add(y)
                    todo.append(y)
        most = len(seen) if n is None else min(len(seen), (n // 4) * ((n + 2) // 4))
        reach[s], depth[s] = frozenset(seen), max(most - 1, 0)
    return reach, depth


def perimeter(piece: Sequence[Cell], layer: Walls) -> int:
    """The sides of a piece facing a cell outside it or the frame."""
    inside = set(piece)
    return sum(1 for x in piece for dr, dc in ORTHO if (x[0] + dr, x[1] + dc) not in inside
               or not layer.live((x[0] + dr, x[1] + dc)))


class AgreedWalls(Walls):
    """Walls whose cells' agree literals (a cell written so: both its sides as the
    character says) exist from the start, so that every model gives them their value
    (made after a solve, as :class:`Walls` makes them, the model has none)."""

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        super().setup(e, cells)
        for x in cells:
            for ch in SIDES:
                self.agree(e, x, ch)


class SeededDivision(Rule):
    """Every piece holds exactly one seed (see the module)."""

    code = "bkNumGe2"

    def __init__(self, layer: Walls, reach: Mapping[Cell, AbstractSet[Cell]], depth: Mapping[Cell, int]):
        self.layer, self.reach, self.depth = layer, dict(reach), dict(depth)
        self.domain: dict[Cell, list[Cell]] = {(r, c): [] for r in range(layer.rows)
                                               for c in range(layer.cols) if layer.live((r, c))}
        for s in sorted(self.reach):
            for x in sorted(self.reach[s]):
                if x in self.domain:
                    self.domain[x].append(s)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "the division is a rule of the genre; values switch by Perimeter"
        b, dom = e.b, self.domain
        for x, ks in dom.items():
            lits = [e[own(x, k)] for k in ks]
            e.clause(lits)
            at_most_one_linear(b, lits)
        for s in self.reach:
            e.fix(own(s, s), True)
        for x, y in self.layer.pairs():
            w = e[between(x, y)]
            for k in set(dom[x]) | set(dom[y]):
                a = e[own(x, k)] if k in dom[x] else None
                c = e[own(y, k)] if k in dom[y] else None
                for p, q in ((a, c), (c, a)):  # one of them the seed's, the other not: a border
                    if p is not None:
                        e.clause([-p, w] + ([q] if q is not None else []))
                if a is not None and c is not None:  # both the seed's: none
                    e.clause([-a, -c, -w])
        cells = list(dom)
        depth = {x: max((self.depth[k] for k in ks), default=0) for x, ks in dom.items()}
        least = {x: min((abs(x[0] - k[0]) + abs(x[1] - k[1]) for k in ks), default=0)
                 for x, ks in dom.items()}
        rooted_levels(e, cells, lambda x, y: -e[between(x, y)], {s: [b.true] for s in self.reach},
                      depth, least)

    def check(self, v: Values) -> list[Violation]:
        found, of = pieces(v, self.layer)
        held = [sum(1 for x in p if x in self.reach) for p in found]
        out = [Violation("bkNoNum", "a piece holds no number", tuple(p))
               for p, n in zip(found, held) if n == 0]
        out += [Violation("bkNumGe2", "a piece holds several numbers", tuple(p))
                for p, n in zip(found, held) if n > 1]
        return out + inner_borders(v, self.layer, of)


class Perimeter(Rule):
    """The piece of the seed ``cell`` has a perimeter of ``n`` sides (see the module);
    ``reach`` the cells the division lets it take."""

    code = "bkPerimNe"

    def __init__(self, layer: Walls, cell: Cell, n: int, reach: AbstractSet[Cell]):
        self.layer, self.cell, self.n, self.reach = layer, cell, n, reach

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        k, layer, mine = self.cell, self.layer, self.reach
        lits: list[Lit] = []  # the piece's top and left sides: half its perimeter
        for x in sorted(mine):
            a = e[own(x, k)]
            for y in ((x[0] - 1, x[1]), (x[0], x[1] - 1)):
                if not layer.live(y) or y not in mine:
                    lits.append(a)
                else:  # x the seed's, y not
                    c, t = e[own(y, k)], e.b.new_var()
                    e.b.add_clauses([[-t, a], [-t, -c], [t, -a, c]])
                    lits.append(t)
        n, odd = divmod(self.n, 2)
        if odd or n > len(lits) or n < 0:
            e.clause([], guard)
            return
        unary = unary_sum(e.b, [[x] for x in lits], n + 1)
        if n >= 1:
            e.clause([unary[n - 1]], guard)
        if n < len(unary):
            e.clause([-unary[n]], guard)

    def check(self, v: Values) -> list[Violation]:
        found, of = pieces(v, self.layer)
        piece = found[of[self.cell]]
        got = perimeter(piece, self.layer)
        return [] if got == self.n else [self.broken(piece, f"a piece with a perimeter of {got} "
                                                            f"holds the number {self.n}")]


__all__ = ["AgreedWalls", "SeededDivision", "Perimeter", "perimeter", "perimeter_reach"]
