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

from typing import Sequence

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Solution, Violation
from .base import ShadingEncoded, parse_shading_rows, shaded_cells
from .cnf import unary_sum
from .grid import LazyConnectivity, components, neighbours, tree_connectivity

#: A 3x3 block holds at most 9 shaded cells, but the course collection (puzzles 45-47)
#: uses 10 on purpose: a clue that no count can equal, so its cell must be shaded.
MAX_CLUE = 10


def block(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The 3x3 block around a cell, clipped to the grid, the cell itself included."""
    r0, c0 = cell
    return [(r, c) for r in range(r0 - 1, r0 + 2) for c in range(c0 - 1, c0 + 2)
            if 0 <= r < rows and 0 <= c < cols]


class Smullyan:
    name = "smullyan"
    aliases = ("smullyanic", "smullyanicdynasty", "smullyanic-dynasty", "smullyanic_dynasty")
    url_pids = ("smullyan",)
    encodings = ("lazy", "reference")
    solution_chars = "#."

    def parse_clue(self, token, where: str) -> Clue:
        if token is None or token == ".":
            return None
        if token == "?":
            return "?"
        if isinstance(token, bool) or not isinstance(token, (int, str)):
            raise InputError(f"clue must be an integer 0..{MAX_CLUE} or '?', got {token!r}",
                             where)
        if isinstance(token, int):
            value = token
        else:
            try:
                value = int(token, 10)
            except ValueError:
                hint = " (pzprv3 writes an unknown clue as '-'; here it is '?')" \
                    if token == "-" else ""
                raise InputError(f"unknown token {token!r} (expected '.', '?' or an integer "
                                 f"0..{MAX_CLUE}){hint}", where) from None
        if not 0 <= value <= MAX_CLUE:
            raise InputError(f"clue {value} is out of range (a 3x3 block counts 0..9; "
                             f"0..{MAX_CLUE} accepted)", where)
        return value

    # -- encoding -------------------------------------------------------------------
    def encode(self, puzzle: Puzzle, b, encoding: str | None = None) -> ShadingEncoded:
        encoding = encoding or self.encodings[0]
        if encoding not in self.encodings:
            raise InputError(f"unknown encoding {encoding!r} for smullyan "
                             f"(choose from {', '.join(self.encodings)})")
        rows, cols = puzzle.rows, puzzle.cols
        s: dict[Cell, int] = {c: b.new_var() for c in puzzle.cells()}
        b.add_clause(list(s.values()))  # at least one shaded cell
        for (r, c), lit in s.items():
            if r + 1 < rows:
                b.add_clause([-lit, -s[r + 1, c]])
            if c + 1 < cols:
                b.add_clause([-lit, -s[r, c + 1]])
        for cell, n in puzzle.clues().items():
            if isinstance(n, int):
                self._clue(b, s, cell, n, rows, cols)
        member = {c: -lit for c, lit in s.items()}
        if encoding == "reference":
            tree_connectivity(b, member, rows, cols)
            return ShadingEncoded(b, rows, cols, s, {}, None)
        if rows * cols >= 4:
            # No two shaded cells touch, so at least two cells stay unshaded; in one
            # connected region each of them then has an unshaded neighbour. Saves the
            # lazy loop the rounds that would cut off single cells one by one.
            for x, lit in s.items():
                b.add_clause([lit] + [-s[y] for y in neighbours(x, rows, cols)])
        conn = LazyConnectivity(member, rows, cols)
        return ShadingEncoded(b, rows, cols, s, {}, conn)

    @staticmethod
    def _clue(b, s: dict[Cell, int], cell: Cell, n: int, rows: int, cols: int,
              guard: int | None = None) -> None:
        """Unshaded clue cell: the block count equals n; shaded clue cell: it does not.

        With a ``guard`` literal (a switchable clue) every clause holds only when the
        guard is true; the unary count itself is a definition and needs none.
        """
        g = [] if guard is None else [-guard]
        x = s[cell]
        cells = block(cell, rows, cols)
        if n > len(cells):  # no count can reach n: the clue cell is shaded
            b.add_clause(g + [x])
            return
        u = unary_sum(b, [[s[y]] for y in cells], n + 1)  # u[k-1]: count >= k
        at_least = u[n - 1] if n >= 1 else None
        above = u[n] if n < len(u) else None
        if at_least is not None:
            b.add_clause(g + [x, at_least])
        if above is not None:
            b.add_clause(g + [x, -above])
        # Shaded: count < n or count > n. (n == 0 needs nothing: the cell counts itself.)
        if n >= 1:
            b.add_clause(g + [-x, -at_least] + ([above] if above is not None else []))

    # -- independent verification (plain Python, no solver) ------------------------------
    def verify(self, puzzle: Puzzle, solution: Solution) -> list[Violation]:
        rows, cols = puzzle.rows, puzzle.cols
        shaded = set(shaded_cells(solution))
        out = []
        if not shaded:
            out.append(Violation("brNoShade", "no cell is shaded"))
        touching = sorted({x for x in shaded for y in neighbours(x, rows, cols) if y in shaded})
        if touching:
            out.append(Violation("csAdjacent", "shaded cells share an edge", tuple(touching)))
        comps = components(c for c in puzzle.cells() if c not in shaded)
        if len(comps) > 1:
            stray = tuple(sorted(x for comp in comps[1:] for x in comp))
            out.append(Violation("cuDivideRB", f"the unshaded cells fall into {len(comps)} "
                                 f"pieces", stray))
        equal, wrong = [], []
        for cell, n in puzzle.clues().items():
            if not isinstance(n, int):
                continue
            count = sum(1 for y in block(cell, rows, cols) if y in shaded)
            if cell in shaded and count == n:
                equal.append((cell, n))
            elif cell not in shaded and count != n:
                wrong.append((cell, n, count))
        for cell, n in equal:
            out.append(Violation("nmShadeEq", f"shaded clue {n} equals its count", (cell,)))
        for cell, n, count in wrong:
            out.append(Violation("nmShadeGt", f"unshaded clue {n} counts {count} shaded cells",
                                 (cell,)))
        return out

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Solution:
        return parse_shading_rows(puzzle, rows, where)


SMULLYAN = Smullyan()
