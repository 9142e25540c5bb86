"""Fillomino's regions at any size: :class:`~.regions.NumberRegions` with givens of
``big`` or more, and the fast faces the solver loop runs after every solve.

* :class:`BigRegions`: every group of equal numbers has as many cells as its number,
  ``big`` standing for "``big`` or more"; a given of ``big`` or more is a ``big`` cell
  whose group has exactly that many cells; groups of more than 2 x ``big`` such cells
  (one region or several: answers cannot write them) are refused in an answer only;
* :class:`FillEncoded`: the puzzle on a solver, decoding a model straight from each
  cell's candidate literals and cutting on the grid of values it read (one flood fill),
  instead of writing and re-reading the answer's characters (most of the time of a
  round on big grids: Janko 209 takes some 300 rounds).

Every cut holds in every answer (see :class:`_BigCuts`); the check face is the
kit's, read from the answer's characters as always.
"""
from __future__ import annotations

from itertools import compress
from typing import Any, Mapping, Optional, Sequence

from ...errors import InputError
from ...puzzle import Cell, Violation
from ..cnf import at_most_one_linear
from ..grid import components, neighbours
from .genre import KitAnswer, KitEncoded
from .layers import number_char
from .model import N, Encoder, Lazy, Lit, Values
from .regions import NumberRegions
from .rules import Count


def _grow(start: int, inside: set[int], k: int, nbrs: Sequence[Sequence[int]]) -> list[int]:
    """``k`` edge-connected cells of ``inside`` around ``start`` (breadth first)."""
    seen, i = [start], 0
    while i < len(seen) and len(seen) < k:
        for y in nbrs[seen[i]]:
            if y in inside and y not in seen and len(seen) < k:
                seen.append(y)
        i += 1
    return seen


def one_of_each(e: Encoder, domains: Mapping[Cell, Sequence[int]], cells: Sequence[Cell]) -> None:
    """Each cell holds exactly one of its candidates (one clause and a ladder)."""
    for cell in cells:
        lits = [e.atom(N(cell, v)) for v in domains[cell]]
        e.b.add_clause(lits)
        at_most_one_linear(e.b, lits)


class BigRegions(NumberRegions):
    """:class:`~.regions.NumberRegions` with givens of ``big`` or more (each a ``big``
    cell whose group of ``big`` cells has exactly that many cells), and groups of more
    than 2 x ``big`` ``big`` cells left uncut while a candidate breaks another rule."""

    def __init__(self, rows: int, cols: int, domains: dict[Cell, list[int]], big: int,
                 givens: dict[Cell, int]):
        super().__init__(rows, cols, domains, big)
        self.givens = givens  # the givens of big or more
        # A given whose piece of cells that may hold big has fewer cells than it plus big
        # shares that piece with no other region of big or more: its region is all the
        # big cells of the piece (encoded as a count; cut as a region of its number).
        may = [x for x, dom in domains.items() if big in dom]
        piece_of = {x: piece for piece in components(may) for x in piece}
        self.alone = {x: piece_of[x] for x, g in givens.items() if len(piece_of[x]) < g + big}

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        super().encode(e, guard)
        e.lazy[-1] = _BigCuts(self, e)  # (in place of the kit's cuts)
        for x, piece in self.alone.items():
            Count([N(y, self.big) for y in piece], self.givens[x], (x,), "bkSizeNe", "").encode(e)

    def wants(self, piece: Sequence[Cell]) -> set[int]:
        return {self.givens[x] for x in piece if x in self.givens}

    def check(self, v: Values) -> list[Violation]:
        out = super().check(v)
        for n, piece in self.regions(v):
            k, cells = len(piece), tuple(sorted(piece))
            for want in sorted(self.wants(piece)) if n == self.big and k <= 2 * self.big else ():
                if k != want:
                    out.append(Violation(self.codes["lt" if k < want else "gt"],
                                         f"a region of {k} cells holds {want}", cells))
        return out


class _BigCuts(Lazy):
    """For each wrong group of the candidate (cells by index r * cols + c): a group of n
    cells too large: not n + 1 connected cells of it all n; too small: no cell of it is n
    while no cell around it is; a group of ``big`` cells too small for its givens, the
    same; too large or holding two givens (one of at most 2 x ``big`` cells is one
    region): not exactly this group (a given that is alone: not its given + 1 cells)."""

    def __init__(self, rule: BigRegions, e: Encoder):
        self.rule, self.big = rule, rule.big
        rows, cols = rule.rows, rule.cols
        self.cells = [(r, c) for r in range(rows) for c in range(cols)]
        index = {x: i for i, x in enumerate(self.cells)}
        self.nbrs = [[index[y] for y in neighbours(x, rows, cols)] for x in self.cells]
        #: per cell, candidate -> its literal
        self.lit: list[dict[int, Lit]] = [{n: e.lits[N(x, n)] for n in rule.domains[x]}
                                          for x in self.cells]
        self.givens = {index[x]: g for x, g in rule.givens.items()}
        self.alone = {index[x] for x in rule.alone}
        self.cuts_added = 0

    def cuts(self, values: Values) -> list[list[Lit]]:
        value = values.cell.get("number", {})
        return self.cuts_of([value.get(x) for x in self.cells])

    def regions(self, grid: Sequence[Optional[int]]) -> list[tuple[int, list[int]]]:
        """(number, cells) of each group of equal numbers (empty cells left out)."""
        nbrs, seen, out = self.nbrs, [False] * len(grid), []
        for i, n in enumerate(grid):
            if seen[i] or n is None:
                continue
            seen[i] = True
            piece, k = [i], 0
            while k < len(piece):
                for y in nbrs[piece[k]]:
                    if not seen[y] and grid[y] == n:
                        seen[y] = True
                        piece.append(y)
                k += 1
            out.append((n, piece))
        return out

    def wall(self, inside: set[int], n: int) -> list[Lit]:
        """The literals "holds n" of the cells around ``inside``."""
        lit, near = self.lit, {y for x in inside for y in self.nbrs[x] if y not in inside}
        return [lit[y][n] for y in near if n in lit[y]]

    def cuts_of(self, grid: Sequence[Optional[int]]) -> list[list[Lit]]:
        lit, big, nbrs, givens = self.lit, self.big, self.nbrs, self.givens
        out: list[list[Lit]] = []
        huge = []
        for n, piece in self.regions(grid):
            k = len(piece)
            if n != big:
                if k > n:
                    out.append([-lit[x][n] for x in _grow(piece[0], set(piece), n + 1, nbrs)])
                elif k < n:
                    wall = self.wall(set(piece), n)
                    out += [[-lit[x][n]] + wall for x in piece]
                continue
            want = {givens[x] for x in piece if x in givens}
            if k < max(want | {big}):
                wall = self.wall(set(piece), big)
                out += [[-lit[x][big]] + wall for x in piece]
            elif k > 2 * big:
                huge.append(piece)
            elif want and want != {k}:
                x = next((x for x in piece if x in self.alone), None)
                if x is not None and len(want) == 1 and k > givens[x]:
                    out.append([-lit[y][big] for y in _grow(x, set(piece), givens[x] + 1, nbrs)])
                else:
                    out.append([-lit[y][big] for y in piece] + self.wall(set(piece), big))
        if huge and not out:
            r, c = self.cells[min(huge[0])]
            raise InputError(f"r{r + 1}c{c + 1}: an answer has a group of {len(huge[0])} cells "
                             f"of regions of {big} or more, which answers cannot write "
                             f"(one region or several)")
        self.cuts_added += len(out)
        return out


class FillEncoded(KitEncoded):
    """A Fillomino puzzle on a solver: a model decoded from each cell's candidate
    literals, and the region cuts run on the grid of values decoded (the answer's
    characters are written, never read back)."""

    def __init__(self, model: KitEncoded, big: int):
        super().__init__(model.genre, model.puzzle, model.e, model.cells)
        lits, domains = self.e.lits, self.layer.domains  # type: ignore[attr-defined]
        self.cols, self.big = model.puzzle.cols, big
        #: per cell index, candidate -> its literal (cells of the solver only)
        self.cand = {x[0] * self.cols + x[1]: {n: lits[N(x, n)] for n in domains[x]}
                     for x in self.cells}
        self.last: tuple[Any, list[Optional[int]]] | None = None

    def decode(self) -> KitAnswer:
        """The model's answer. Each cell holds exactly one candidate, so a cell whose
        value of the last model is still true keeps it: only the others are asked for
        all their candidates (a round changes few cells; asking for every literal of a
        big grid took most of a round)."""
        puzzle, cols, b, cand = self.puzzle, self.cols, self.e.b, self.cand
        grid: list[Optional[int]] = [None] * (puzzle.rows * cols)
        ask = list(cand)
        if self.last is not None:
            old = self.last[1]
            kept = [i for i in ask if old[i] is not None]
            for i, same in zip(kept, b.values([cand[i][old[i]] for i in kept])):
                if same:
                    grid[i] = old[i]
            ask = [i for i in ask if grid[i] is None]
        items = [(i, n) for i in ask for n in cand[i]]
        for i, n in compress(items, b.values([cand[i][n] for i, n in items])):
            grid[i] = n
        chars = ["." if n is None else "+" if n == self.big else number_char(n) for n in grid]
        answer = KitAnswer(tuple("".join(chars[r * cols:(r + 1) * cols])
                                 for r in range(puzzle.rows)), puzzle)
        self.last = (answer, grid)
        return answer

    def cuts(self, answer: Any) -> list[list[Lit]]:
        if self.last is None or self.last[0] is not answer or len(self.cells) != len(self.last[1]) \
                or not all(isinstance(z, _BigCuts) for z in self.e.lazy):
            return super().cuts(answer)
        out = [cl for lazy in self.e.lazy for cl in lazy.cuts_of(self.last[1])]  # type: ignore[attr-defined]
        self._rounds += bool(out)
        return out
