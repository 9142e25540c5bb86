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

import random
from typing import Sequence

from typing import TYPE_CHECKING

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Shading, Solution, Violation
from .base import (ShadingEncoded, choose_encoding, parse_shading_rows, read_number,
                   shaded_cells, shading_formats)
from .contract import ClueKey, Generation, Genre, Switchable
from .cnf import unary_sum
from .grid import LazyConnectivity, components, neighbours, tree_connectivity

if TYPE_CHECKING:
    from ..checker.backends import Backend

#: A 3x3 block holds at most 9 shaded cells, but the course collection (puzzles 45-47)
#: uses 10 on purpose: a clue that no count can equal, so its cell must be shaded.
MAX_CLUE = 10


def block(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The 3x3 block around a cell, clipped to the grid, the cell itself included."""
    r0, c0 = cell
    return [(r, c) for r in range(r0 - 1, r0 + 2) for c in range(c0 - 1, c0 + 2)
            if 0 <= r < rows and 0 <= c < cols]


def _shading(b, rows: int, cols: int) -> dict[Cell, int]:
    """A shade literal per cell, with the rules no clue changes: at least one cell is
    shaded, no two shaded cells share an edge."""
    s = {(r, c): b.new_var() for r in range(rows) for c in range(cols)}
    b.add_clause(list(s.values()))
    for (r, c), lit in s.items():
        if r + 1 < rows:
            b.add_clause([-lit, -s[r + 1, c]])
        if c + 1 < cols:
            b.add_clause([-lit, -s[r, c + 1]])
    return s


def _no_lone_unshaded(b, s: dict[Cell, int], rows: int, cols: int) -> None:
    """Every unshaded cell has an unshaded neighbour (from 4 cells up).

    No two shaded cells touch, so at least two cells stay unshaded; in one connected
    region each of them then has an unshaded neighbour. Saves the lazy loop the
    rounds that would cut off single cells one by one.
    """
    if rows * cols >= 4:
        for x, lit in s.items():
            b.add_clause([lit] + [-s[y] for y in neighbours(x, rows, cols)])


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


def _still_connected(x: Cell, around: list[Cell], shaded: set[Cell], rows: int,
                     cols: int) -> bool:
    """Do x's (unshaded) neighbours still reach each other once x is shaded too?"""
    if len(around) <= 1:
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
        s = _shading(b, rows, cols)
        for cell, n in puzzle.clues().items():
            if isinstance(n, int):
                _clue(b, s, cell, n, rows, cols)
        member = {c: -lit for c, lit in s.items()}
        if encoding == "reference":
            tree_connectivity(b, member, rows, cols)
            return ShadingEncoded(b, rows, cols, s, {}, None)
        _no_lone_unshaded(b, s, rows, cols)
        conn = LazyConnectivity(member, rows, cols)
        return ShadingEncoded(b, rows, cols, s, {}, conn)


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
        s = _shading(b, rows, cols)
        for cell, n in puzzle.clues().items():
            if cell not in clues and isinstance(n, int):
                _clue(b, s, cell, n, rows, cols)
        switches: dict[Cell, int] = {}
        for cell, n in clues.items():
            switches[cell] = b.new_var()
            if isinstance(n, int):
                _clue(b, s, cell, n, rows, cols, guard=switches[cell])
        _no_lone_unshaded(b, s, rows, cols)
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
                      density: float | None = None, symmetric: bool = False) -> Shading:
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
