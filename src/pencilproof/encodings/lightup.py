"""Akari (Light Up): place lamps on white cells so that every white cell is lit.

Rules (puzz.link's reading):
* walls are given, some carry a number 0-4; lamps go on white cells only;
* a lamp lights its own cell and the cells along its row and column up to a wall or the
  edge; every white cell is lit, and no lamp lights another lamp;
* a numbered wall has exactly that many lamps on its four neighbours.

The answer is the lamp set. A *segment* is a maximal horizontal or vertical run of white
cells: a cell is lit exactly when a lamp stands in its row segment or its column segment,
and "no lamp lights another" is "at most one lamp per segment". So the encoding is one
Boolean per white cell, one clause per cell (lit), an at-most-one per segment and a small
exact count per numbered wall. Nothing is added lazily.

Linear in the grid: a long segment's at-most-one is a product encoding (two small
at-most-ones over row and column indices of a square arrangement: 2 clauses per cell and
2 sqrt(n) new variables), and the "lit" clause of a cell names one "has a lamp" literal
per long segment instead of all its lamps.
"""
from __future__ import annotations

import math
import random
import re
from itertools import combinations
from types import MappingProxyType
from typing import TYPE_CHECKING, AbstractSet, Any, Sequence

from ..errors import InputError
from ..puzzle import Cell, Clue, LampSet, Puzzle, Solution, Violation
from .base import NoAnswer, choose_encoding, read_number
from .contract import ClueKey, FormatSpec, Generation, Genre, Switchable, Symmetry
from .grid import neighbours

if TYPE_CHECKING:
    from ..solvers.backends import Backend

WALL = "#"
LAMP = "L"
_WHITE_RUN = re.compile(r"\.+")
_LAMP = re.compile(LAMP)
NO_LAMP = ".+x-_*"  # characters a setter may use for a white cell without a lamp


def segments(puzzle: Puzzle) -> list[list[Cell]]:
    """Maximal horizontal runs, then maximal vertical runs, of white cells."""
    out = []
    for r in range(puzzle.rows):
        run: list[Cell] = []
        for c in range(puzzle.cols + 1):
            if c < puzzle.cols and puzzle.grid[r][c] is None:
                run.append((r, c))
            elif run:
                out.append(run)
                run = []
    for c in range(puzzle.cols):
        run = []
        for r in range(puzzle.rows + 1):
            if r < puzzle.rows and puzzle.grid[r][c] is None:
                run.append((r, c))
            elif run:
                out.append(run)
                run = []
    return out


#: From this length on, a segment's at-most-one is the product encoding.
PRODUCT_FROM = 40


def at_most_one(b: Backend, lits: Sequence[int]) -> None:
    """Pairwise for a few literals, a sequential counter (ladder) for longer segments,
    and the product encoding for long ones."""
    if len(lits) <= 1:
        return
    if len(lits) <= 5:
        b.add_clauses([[-x, -y] for x, y in combinations(lits, 2)])
        return
    if len(lits) >= PRODUCT_FROM:
        _product_amo(b, lits)
        return
    prev = lits[0]  # prev: some literal so far is true
    for x in lits[1:-1]:
        nxt = b.new_var()
        b.add_clauses([[-prev, -x], [-prev, nxt], [-x, nxt]])
        prev = nxt
    b.add_clause([-prev, -lits[-1]])


def _product_amo(b: Backend, lits: Sequence[int]) -> None:
    """At most one of ``lits`` (Chen's product encoding): literal k sits at row k // q,
    column k % q of a p x q arrangement; it implies its row's and its column's literal,
    of which at most one each may be true. Two literals in different rows or columns
    would need two row or two column literals."""
    n = len(lits)
    q = math.isqrt(n - 1) + 1  # q * q >= n
    p = -(-n // q)
    row = [b.new_var() for _ in range(p)]
    col = [b.new_var() for _ in range(q)]
    b.add_clauses([[-x, row[k // q]] for k, x in enumerate(lits)])
    b.add_clauses([[-x, col[k % q]] for k, x in enumerate(lits)])
    at_most_one(b, row)
    at_most_one(b, col)


def exactly(b: Backend, lits: Sequence[int], n: int, guard: int | None = None) -> None:
    """Exactly n of at most four literals, as direct clauses (no auxiliary variables);
    with a ``guard`` literal, only when the guard is true (a switchable number)."""
    g = [] if guard is None else [-guard]
    k = len(lits)
    if n > k:
        b.add_clause(g)
        return
    for sub in combinations(lits, n + 1):  # at most n: no n+1 of them all true
        b.add_clause(g + [-x for x in sub])
    for sub in combinations(lits, k - n + 1):  # at least n: no k-n+1 of them all false
        b.add_clause(g + list(sub))


class LampEncoded:
    """The lamp literals of one puzzle on a live solver."""

    def __init__(self, backend: Backend, puzzle: Puzzle, lamp: dict[Cell, int],
                 var: list[list[int]] | None = None):
        self.b = backend
        self.puzzle = puzzle
        self.lamp = lamp
        # var[r][c]: the lamp literal of a white cell, 0 on a wall.
        self._var = var if var is not None else [
            [lamp.get((r, c), 0) for c in range(puzzle.cols)] for r in range(puzzle.rows)]
        self._flat = [lit for row in self._var for lit in row if lit]

    def decode(self) -> LampSet:
        vals = iter(self.b.values(self._flat))
        return LampSet(tuple(
            "".join([(LAMP if next(vals) else ".") if lit else str(v)
                     for lit, v in zip(lits, given)])
            for lits, given in zip(self._var, self.puzzle.grid)))

    def cuts(self, solution: Solution) -> list[list[int]]:
        return []

    def block(self, solution: Solution) -> list[int]:
        return [-lit if x == LAMP else lit
                for row, lits in zip(solution.rows, self._var) for x, lit in zip(row, lits) if lit]

    def agree(self, solution: Solution) -> dict[Cell, int]:
        return {c: lit if solution[c] == LAMP else -lit for c, lit in self.lamp.items()}

    def partial_cuts(self, true: AbstractSet[int]) -> list[list[int]]:
        return []  # nothing is lazy

    def prepare(self, puzzle: Puzzle) -> None:
        pass

    def stats(self) -> dict[str, Any]:
        return {"cuts": 0}


def lamps_to_solution(puzzle: Puzzle, lamps: set[Cell] | frozenset[Cell]) -> LampSet:
    """Solution rows: ``L`` lamp, ``.`` white, walls copied (``#`` or the digit)."""
    return LampSet(tuple(
        "".join(LAMP if (r, c) in lamps else "." if v is None else str(v)
                for c, v in enumerate(row)) for r, row in enumerate(puzzle.grid)))


#: Segments longer than this get one "has a lamp" literal, so that the clause "this cell
#: is lit" stays short: listing every lamp of both segments per cell would cost n^2
#: literals on an open n x n grid (an empty 1000x1000 grid took 18.5 GB).
SHORT_SEGMENT = 6


def _lamps(puzzle: Puzzle, b: Backend) -> tuple[dict[Cell, int], list[list[int]]]:
    """Lamp literals on the white cells: every cell lit, one lamp per segment at most.
    Also the literals row by row (0 on walls)."""
    rows, cols, grid = puzzle.rows, puzzle.cols, puzzle.grid
    white = [(r, c) for r in range(rows) for c, v in enumerate(grid[r]) if v is None]
    # Per white cell: a lamp literal, about 2 clauses per segment and one "lit" clause.
    b.reserve(len(white), 3 * len(white))
    lamp = dict(zip(white, b.new_vars(len(white))))
    var = [[0] * cols for _ in range(rows)]
    for (r, c), lit in lamp.items():
        var[r][c] = lit
    # seen_row[r][c] / seen_col[r][c]: the literals that say "this cell's row / column
    # segment has a lamp" (its lamps, or the segment's one "has" literal).
    seen_row: list[list[tuple[int, ...]]] = [[()] * cols for _ in range(rows)]
    seen_col: list[list[tuple[int, ...]]] = [[()] * cols for _ in range(rows)]

    def segment(lits: list[int]) -> tuple[int, ...]:
        at_most_one(b, lits)
        if len(lits) > SHORT_SEGMENT:
            has = b.new_var()  # only ever used positively: has -> some lamp in the segment
            b.add_clause([-has] + lits)
            return (has,)
        return tuple(lits)

    for r in range(rows):
        b.checkpoint()  # (a grid of single cells adds nothing for a long while)
        line, seen = var[r], seen_row[r]
        c = 0
        while c < cols:
            if not line[c]:
                c += 1
                continue
            start = c
            while c < cols and line[c]:
                c += 1
            lits = segment(line[start:c])
            for k in range(start, c):
                seen[k] = lits
    for c in range(cols):
        b.checkpoint()
        r = 0
        while r < rows:
            if not var[r][c]:
                r += 1
                continue
            start = r
            while r < rows and var[r][c]:
                r += 1
            lits = segment([var[k][c] for k in range(start, r)])
            for k in range(start, r):
                seen_col[k][c] = lits
    for r in range(rows):
        # The cell's own lamp is in both of its segments; once is enough. (Two long
        # segments: [row's has, column's has], already in order.)
        b.add_clauses([[x[0], y[0]] if len(x) == 1 and len(y) == 1 and x[0] < y[0]
                       else sorted(set(x + y))
                       for x, y, lit in zip(seen_row[r], seen_col[r], var[r]) if lit])
    return lamp, var


def _beside(puzzle: Puzzle, lamp: dict[Cell, int], cell: Cell) -> list[int]:
    return [lamp[y] for y in neighbours(cell, puzzle.rows, puzzle.cols) if y in lamp]


def _lamps_beside(solution: Solution, cell: Cell) -> int:
    rows, cols = len(solution.rows), len(solution.rows[0])
    return sum(1 for r, c in neighbours(cell, rows, cols) if solution.rows[r][c] == LAMP)


class LightUp(Genre):
    name = "lightup"
    aliases = ("akari", "light-up", "light_up")
    url_pids = ("akari", "lightup", "bijutsukan")
    encodings = ("direct",)
    summary = "place lamps that light every white cell and never each other; walls count lamps"
    answer_type = LampSet
    formats = FormatSpec(
        url_codec="4cell", pzprv3_pid="lightup", qnum_minus2="#", pzprv3_combined=True,
        pzprv3_write=MappingProxyType({"L": "#", ".": "."}),
        pzprv3_read=MappingProxyType({"#": "L", "+": ".", ".": "."}),
        walls=True, janko_names=("akari", "lightup", "bijutsukan"),
        janko_problem=MappingProxyType({"-": None, "x": "#"}),
        janko_marks=MappingProxyType({"o": "L"}),
        drawing=MappingProxyType({"L": "lamp"}),
        legend=MappingProxyType({"lamp": "lamp", "blank": "no lamp"}))

    def __init__(self) -> None:
        self.generator = LightUpGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token == ".":
            return None
        if token == WALL:
            return WALL
        value = read_number(token, where, "'.' white, '#' wall or a wall number 0..4",
                            "expected null (white), '#' (wall) or a wall number 0..4")
        if not 0 <= value <= 4:
            raise InputError(f"wall number {value} is out of range (0..4)", where)
        return value

    # -- encoding -------------------------------------------------------------------
    def encode(self, puzzle: Puzzle, b: Backend,
               encoding: str | None = None) -> LampEncoded | NoAnswer:
        encoding = choose_encoding(self, encoding)
        rows, cols, grid = puzzle.rows, puzzle.cols, puzzle.grid
        numbers = [(r, c, n) for r, row in enumerate(grid) if row.count(None) != cols
                   for c, n in enumerate(row) if isinstance(n, int)]
        for k, (r, c, n) in enumerate(numbers):
            if not k & 4095:
                b.checkpoint()
            white = ((r and grid[r - 1][c] is None) + (r + 1 < rows and grid[r + 1][c] is None)
                     + (c and grid[r][c - 1] is None) + (c + 1 < cols and grid[r][c + 1] is None))
            if n > white:
                b.add_clause([])  # more lamps than white cells beside it: decided up front
                return NoAnswer()
        lamp, var = _lamps(puzzle, b)
        for r, c, n in numbers:
            exactly(b, _beside(puzzle, lamp, (r, c)), n)
        return LampEncoded(b, puzzle, lamp, var)


    # -- independent verification (plain Python, no solver) ------------------------------
    def verify(self, puzzle: Puzzle, solution: Solution) -> list[Violation]:
        """Every broken rule, segment by segment on the answer's strings (a million
        cells take well under a second): lamps that see each other, numbers, dark cells."""
        rows, cols, grid = puzzle.rows, puzzle.cols, puzzle.grid
        walls = ["".join(["." if v is None else "#" for v in row]) for row in grid]
        # Lamps count only on white cells: a lamp character on a wall is ignored.
        sol = [line if "L" not in line else "".join(
                   ch if ch != LAMP or w == "." else "#" for ch, w in zip(line, wline))
               if any(wline[m.start()] != "." for m in _LAMP.finditer(line)) else line
               for line, wline in zip(solution.rows, walls)]
        walls_t = ["".join(t) for t in zip(*walls)] if rows else []
        sol_t = ["".join(t) for t in zip(*sol)] if rows else []
        dup: set[Cell] = set()
        dark_row = [0] * rows  # bit c: (r, c) is in a row segment without a lamp
        dark_col = [0] * cols  # bit r: (r, c) is in a column segment without a lamp
        for transposed, (wall_lines, lines, marks) in enumerate(
                ((walls, sol, dark_row), (walls_t, sol_t, dark_col))):
            for i, (wline, line) in enumerate(zip(wall_lines, lines)):
                for run in _WHITE_RUN.finditer(wline):
                    a, b = run.start(), run.end()
                    k = line.count(LAMP, a, b)
                    if k > 1:
                        dup.update((j, i) if transposed else (i, j)
                                   for j in range(a, b) if line[j] == LAMP)
                    elif not k:
                        marks[i] |= ((1 << (b - a)) - 1) << a
        out = []
        if dup:
            out.append(Violation("akariDup", "lamps light each other", tuple(sorted(dup))))
        blank = "#" * cols
        for r, row in enumerate(grid):
            if walls[r] == "." * cols:
                continue
            up = sol[r - 1] if r else blank
            down = sol[r + 1] if r + 1 < rows else blank
            line = "#" + sol[r] + "#"
            for c, n in enumerate(row):
                if n is not None and type(n) is int:
                    k = ((up[c] == LAMP) + (down[c] == LAMP) + (line[c] == LAMP)
                         + (line[c + 2] == LAMP))
                    if k != n:
                        out.append(Violation("nmAkariNe", f"wall {n} has {k} lamps around it",
                                             ((r, c),)))
        dark = []
        for r in range(rows):
            bits = dark_row[r]
            while bits:
                low = bits & -bits
                c = low.bit_length() - 1
                if dark_col[c] >> r & 1:
                    dark.append((r, c))
                bits ^= low
        if dark:
            out.append(Violation("ceDark", f"{len(dark)} white cells are not lit", tuple(dark)))
        return out

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> LampSet:
        """Rows of ``L`` (lamp) and ``.`` (white); walls may be copied and are ignored."""
        clean = [r.replace(" ", "").replace("\t", "") for r in rows]
        clean = [r for r in clean if r]
        if len(clean) != puzzle.rows:
            raise InputError(f"answer has {len(clean)} rows, the puzzle has {puzzle.rows}", where)
        lamps = set()
        for i, row in enumerate(clean):
            if len(row) != puzzle.cols:
                raise InputError(f"answer row {i + 1} has {len(row)} cells, the puzzle has "
                                 f"{puzzle.cols}", where)
            for j, ch in enumerate(row):
                given = puzzle.grid[i][j]
                if given is not None:
                    if ch == LAMP:
                        raise InputError(f"lamp on the wall at r{i + 1}c{j + 1}", where)
                elif ch == LAMP:
                    lamps.add((i, j))
                elif ch not in NO_LAMP:
                    raise InputError(f"unknown answer character {ch!r} at r{i + 1}c{j + 1}, a "
                                     f"white cell (use L for a lamp, . for none)", where)
        return lamps_to_solution(puzzle, lamps)


def _white(answer: Solution) -> list[Cell]:
    return [(r, c) for r, row in enumerate(answer.rows) for c, ch in enumerate(row)
            if ch == LAMP or ch in NO_LAMP]


def _light(rows: int, cols: int, wall: set[Cell], lamps: set[Cell],
           rng: random.Random) -> LampSet:
    """``lamps`` (none of which sees another) plus a lamp on each white cell, in random
    order, that is not lit yet: no lamp then sees another and every white cell is lit."""
    lit: set[Cell] = set()
    white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in wall]
    rng.shuffle(white)
    for x in sorted(lamps) + white:
        if x in lit:
            continue
        lamps.add(x)
        lit.add(x)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = x[0] + dr, x[1] + dc
            while 0 <= r < rows and 0 <= c < cols and (r, c) not in wall:
                lit.add((r, c))
                r, c = r + dr, c + dc
    return LampSet(tuple("".join(WALL if (r, c) in wall else LAMP if (r, c) in lamps
                                 else "." for c in range(cols)) for r in range(rows)))


class LightUpGeneration(Generation):
    """Light Up's minimizer and generator hooks. The clues that come and go are the wall
    numbers; the walls stay. So this genre says which givens are permanent
    (split_givens, blank_for) and how an answer reads for a puzzle (answer_for)."""

    density_meaning = "share of walls"
    symmetric_layout = True


    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        """The walls, all unnumbered (kept by the minimizer), and the numbers (tried)."""
        clues = puzzle.clues()
        return (puzzle.with_clues({c: WALL for c in clues}),
                {c: v for c, v in clues.items() if isinstance(v, int)})

    def blank_for(self, solution: Solution) -> Puzzle:
        """The walls of a drawn answer, unnumbered: what the generator's clues go on."""
        rows, cols = len(solution.rows), len(solution.rows[0])
        return Puzzle(self.genre.name, rows, cols, tuple(
            tuple(None if ch in NO_LAMP + LAMP else WALL for ch in row) for row in solution.rows))

    def answer_for(self, puzzle: Puzzle, solution: Solution) -> LampSet:
        """The same lamps, with this puzzle's walls copied in (numbers may differ)."""
        return lamps_to_solution(puzzle, {c for c in puzzle.cells()
                                          if puzzle[c] is None and solution[c] == LAMP})

    def encode_switchable(self, puzzle: Puzzle, b: Backend,
                          clues: dict[ClueKey, Clue]) -> Switchable:
        """Lamp literals on the white cells; the number of each wall in ``clues`` behind a
        switch. Every cell of ``clues`` is a wall whatever its switch; walls and numbers
        of ``puzzle`` outside ``clues`` stay. With every switch on, the solutions are
        exactly those of ``encode`` on the puzzle with all these numbers."""
        fixed = {c: v for c, v in puzzle.clues().items() if c not in clues}
        shape = puzzle.with_clues({**{c: WALL for c in clues}, **fixed})
        lamp, var = _lamps(shape, b)
        for cell, n in fixed.items():
            if isinstance(n, int):
                exactly(b, _beside(shape, lamp, cell), n)
        switches: dict[Cell, int] = {}
        for cell, n in clues.items():
            switches[cell] = b.new_var()
            if isinstance(n, int):
                exactly(b, _beside(shape, lamp, cell), n, guard=switches[cell])
        return Switchable(LampEncoded(b, shape, lamp, var), switches, {})

    def weak_clue(self, clue: Clue) -> Clue:
        """A wall without its number (the generator never asks: there is no weak switch)."""
        return WALL

    #: Fractions of wall cells that random_solution places. Published Akari have
    #: 0.15-0.35; at 0.3 random layouts can be made unique up to about 30x30 within the
    #: generator's attempts (an open area no number sees has several lamp sets).
    density_range = (0.0, 0.6)
    default_density = 0.3

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None = None,
                      symmetric: Symmetry | None = None) -> LampSet:
        """Random walls (about ``density`` of the cells; with ``symmetric``, a layout that
        the symmetry maps onto itself, as published Akari have) and a random valid lamp
        set (see :func:`_light`)."""
        share = self.default_density if density is None else density
        wall: set[Cell] = set()
        for r in range(rows):
            for c in range(cols):
                orbit = symmetric.orbit((r, c)) if symmetric else ((r, c),)
                if orbit[0] == (r, c) and rng.random() < share:
                    wall.update(orbit)
        return _light(rows, cols, wall, set(), rng)

    def repair(self, answer: Any, other: Any, rng: random.Random,
               symmetric: Symmetry | None) -> LampSet | None:
        """A wall where ``other`` has a lamp and ``answer`` has none (there is always
        such a cell: neither lamp set holds the other), with its images under
        ``symmetric`` (a lamp of the answer on an image goes); cells that lose their
        light get lamps. Why: an open area that no
        wall borders can hold several lamp sets that no number tells apart (random
        layouts from about 40x40 nearly always have one); a new wall there splits it
        and its number sees the lamps beside it."""
        rows, cols = len(answer.rows), len(answer.rows[0])
        white = set(_white(answer))
        lamps = {x for x in white if answer[x] == LAMP}
        spots = sorted(x for x in _white(other) if other[x] == LAMP and x not in lamps)
        if not spots:
            return None
        rng.shuffle(spots)

        def orbit(x: Cell) -> tuple[Cell, ...]:
            return symmetric.orbit(x) if symmetric else (x,)
        # Best a cell whose images hold no lamp of the answer; else one whose images'
        # lamps go too (the cells they lit get new lamps).
        x = min(spots, key=lambda x: sum(y in lamps for y in orbit(x)))
        wall = {(r, c) for r in range(rows) for c in range(cols) if (r, c) not in white}
        return _light(rows, cols, wall | set(orbit(x)), lamps - set(orbit(x)), rng)

    def clue_candidates(self, solution: Solution) -> dict[ClueKey, Clue]:
        """Every wall, with the number of lamps beside it in this answer."""
        rows, cols = len(solution.rows), len(solution.rows[0])
        return {(r, c): _lamps_beside(solution, (r, c))
                for r in range(rows) for c in range(cols)
                if solution.rows[r][c] not in NO_LAMP + LAMP}

    def clue_holds(self, solution: Solution, cell: ClueKey, clue: Clue) -> bool:
        """Would this number on the wall at ``cell`` accept this answer?"""
        return not isinstance(clue, int) or _lamps_beside(solution, cell) == clue


LIGHTUP = LightUp()
