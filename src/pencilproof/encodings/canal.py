"""Canal View: shade cells so that the canal is one connected region with no 2x2 block.

Rules (the reading the course answers depend on):
* clue cells (numbers and ``?``) are never shaded;
* shaded cells form one edge-connected region; no shaded cell at all is allowed when
  every clue is satisfied (course puzzle 23 has exactly that as its only solution);
* no 2x2 block is entirely shaded;
* a number counts the shaded cells seen from its cell: in each direction, the run of
  shaded cells starting next to it, up to the first unshaded cell or the edge.
"""
from __future__ import annotations

import math
import random
from typing import Sequence

from typing import TYPE_CHECKING

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Shading, Solution, Violation
from .base import (NoAnswer, ShadingEncoded, choose_encoding, mask_bits, parse_shading_rows,
                   read_number, shade_masks, shaded_cells, shading_formats)
from .contract import ClueKey, Generation, Genre, Switchable, Symmetry
from .cnf import and_chain, exactly_sum
from .grid import (DIRS, LazyConnectivity, SeparatorConnectivity, components, is_connected,
                   neighbours, rows_connected, tree_connectivity)

if TYPE_CHECKING:
    from ..solvers.backends import Backend

MAX_CLUE = 4095  # the largest value puzz.link's Number16 codec can write


def full_runs(rows: int, cols: int, cell: Cell, cap: int | None = None) -> list[list[Cell]]:
    """For each direction, every cell from the neighbour to the grid edge (a switchable
    clue sees through cells whose clue is off), at most ``cap`` of them."""
    runs = []
    for dr, dc in DIRS.values():
        run: list[Cell] = []
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < rows and 0 <= c < cols and (cap is None or len(run) < cap):
            run.append((r, c))
            r, c = r + dr, c + dc
        runs.append(run)
    return runs


def view_runs(puzzle: Puzzle, cell: Cell) -> list[list[Cell]]:
    """For each direction, the cells a clue could see: up to the next clue or the edge."""
    runs = []
    for dr, dc in DIRS.values():
        run, (r, c) = [], (cell[0] + dr, cell[1] + dc)
        while 0 <= r < puzzle.rows and 0 <= c < puzzle.cols and puzzle.grid[r][c] is None:
            run.append((r, c))
            r, c = r + dr, c + dc
        runs.append(run)
    return runs


class CanalView(Genre):
    name = "canal"
    aliases = ("canalview", "canal-view", "canal_view")
    url_pids = ("canal",)
    encodings = ("lazy", "reference")
    summary = "shade a connected canal with no 2x2 block; numbers count the shaded cells in view"
    answer_type = Shading
    formats = shading_formats("canal", ("canalview", "canal"))

    def __init__(self) -> None:
        self.generator = CanalGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token == ".":
            return None
        if token == "?":
            return "?"
        value = read_number(token, where, "'.', '?' or an integer",
                            "clue must be an integer or '?'")
        if value < 0:
            raise InputError(f"clue {value} is negative", where)
        if value > MAX_CLUE:
            raise InputError(f"clue {value} is larger than {MAX_CLUE}", where)
        return value

    # -- encoding -------------------------------------------------------------------
    def encode(self, puzzle: Puzzle, b: Backend,
               encoding: str | None = None) -> ShadingEncoded | NoAnswer:
        """One literal per cell without a clue; no 2x2 block shaded; per number, its
        four view counts (prefix ANDs along each run) summed to it. Linear in the grid:
        each cell is in at most four views, and a clue's sum is a totalizer only while
        that is cheap (:func:`~.cnf.exactly_sum`, binary beyond). A number larger than
        all its runs together can never be met: one empty clause, decided before any
        variable (:class:`~.base.NoAnswer`)."""
        encoding = choose_encoding(self, encoding)
        rows, cols, grid = puzzle.rows, puzzle.cols, puzzle.grid
        # Each row and column as a string, "x" on clue cells: a number's four runs end
        # at the nearest "x" (str.find, not a walk in Python).
        free = "." * cols
        lines = [free if grow.count(None) == cols else
                 "".join(["." if v is None else "x" for v in grow]) for grow in grid]
        columns = ["".join(t) for t in zip(*lines)]
        numbers: dict[Cell, tuple[int, tuple[int, int, int, int]]] = {}
        for r, grow in enumerate(grid):
            line = lines[r]
            if line is free:
                continue
            b.checkpoint()  # (a grid full of numbers spends a while here)
            for c, v in enumerate(grow):
                if isinstance(v, int):
                    col = columns[c]
                    left = c - line.rfind("x", 0, c) - 1
                    right = line.find("x", c + 1)
                    right = (cols if right < 0 else right) - c - 1
                    up = r - col.rfind("x", 0, r) - 1
                    down = col.find("x", r + 1)
                    down = (rows if down < 0 else down) - r - 1
                    if v > up + down + left + right:
                        b.add_clause([])  # a number that sees fewer cells than it counts
                        return NoAnswer()
                    numbers[(r, c)] = (v, (up, down, left, right))
        nfree = sum(row.count(None) for row in grid)
        b.reserve(nfree, max(0, nfree - rows - cols))  # a 2x2 clause per cell or so
        k = b.new_vars(nfree).start
        # var[r][c]: the cell's literal, 0 on a clue cell.
        var: list[list[int]] = []
        fixed: dict[Cell, str] = {}
        for r, grow in enumerate(grid):
            if lines[r] is free:
                var.append(list(range(k, k + cols)))
                k += cols
                continue
            lits = []
            for c, v in enumerate(grow):
                if v is None:
                    lits.append(k)
                    k += 1
                else:
                    lits.append(0)
                    fixed[(r, c)] = "."
            var.append(lits)
        s: dict[Cell, int] = {(r, c): lit for r, lits in enumerate(var)
                              for c, lit in enumerate(lits) if lit}
        for r in range(rows - 1):
            top, bottom = var[r], var[r + 1]
            b.add_clauses([[-w, -y, -x, -z] for w, x, y, z in
                           zip(top, top[1:], bottom, bottom[1:]) if w and x and y and z])
        for (r, c), (n, (up, down, left, right)) in numbers.items():
            m = n + 1  # a run's count is cut off at n + 1
            runs = ([var[r - d][c] for d in range(1, min(up, m) + 1)],
                    [var[r + d][c] for d in range(1, min(down, m) + 1)],
                    var[r][max(c - min(left, m), 0):c][::-1],
                    var[r][c + 1:c + 1 + min(right, m)])
            exactly_sum(b, [and_chain(b, run) for run in runs], n)
        if numbers and max(n for n, _ in numbers.values()) >= 2:
            # The canal has >= 2 cells and is connected: no shaded cell stands alone.
            for r in range(rows):
                above = var[r - 1] if r else None
                here = var[r]
                below = var[r + 1] if r + 1 < rows else None
                lone = []
                for c, lit in enumerate(here):
                    if lit:
                        cl = [-lit]
                        if above and above[c]:
                            cl.append(above[c])
                        if below and below[c]:
                            cl.append(below[c])
                        if c and here[c - 1]:
                            cl.append(here[c - 1])
                        if c + 1 < cols and here[c + 1]:
                            cl.append(here[c + 1])
                        lone.append(cl)
                b.add_clauses(lone)
        if encoding == "reference":
            tree_connectivity(b, s, rows, cols)
            conn = None
        else:
            conn = LazyConnectivity(s, rows, cols)
        return ShadingEncoded(b, rows, cols, s, fixed, conn, lit_rows=var)

    # -- independent verification (plain Python, no solver) ------------------------------
    def verify(self, puzzle: Puzzle, solution: Solution) -> list[Violation]:
        """Every broken rule, row by row on the answer's strings (a million cells take
        well under a second): shaded clues, 2x2 blocks, numbers, one canal."""
        rows, grid = puzzle.rows, puzzle.grid
        sol = solution.rows
        out = []
        on_clue = [(r, c) for r in range(rows) if "#" in sol[r]
                   for c, (v, ch) in enumerate(zip(grid[r], sol[r]))
                   if ch == "#" and v is not None]
        if on_clue:
            out.append(Violation("csOnClue", "a clue cell is shaded", tuple(on_clue)))
        masks = shade_masks(sol)
        for r in range(rows - 1):
            a, b = masks[r], masks[r + 1]
            # Bit c: columns c and c + 1 shaded in both rows.
            for c in mask_bits(a & (a >> 1) & b & (b >> 1)):
                out.append(Violation("cs2x2", "a 2x2 block is entirely shaded",
                                     ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))))
        for r, grow in enumerate(grid):
            for c, n in enumerate(grow):
                if isinstance(n, int):
                    seen = self.row_view_count(sol, (r, c))
                    if seen != n:
                        out.append(Violation("nmShadeViewNe",
                                             f"clue {n} sees {seen} shaded cells", ((r, c),)))
        if not rows_connected(sol, "#"):
            comps = components(shaded_cells(solution))
            stray = tuple(sorted(x for comp in comps[1:] for x in comp))
            out.append(Violation("csDivide", f"the canal falls into {len(comps)} pieces", stray))
        return out

    @staticmethod
    def row_view_count(rows: Sequence[str], cell: Cell) -> int:
        """Shaded cells a clue at ``cell`` sees in an answer given as rows of ``#``."""
        r0, c0 = cell
        line = rows[r0]
        total = 0
        c = c0 + 1
        while c < len(line) and line[c] == "#":
            total += 1
            c += 1
        c = c0 - 1
        while c >= 0 and line[c] == "#":
            total += 1
            c -= 1
        r = r0 - 1
        while r >= 0 and rows[r][c0] == "#":
            total += 1
            r -= 1
        r = r0 + 1
        while r < len(rows) and rows[r][c0] == "#":
            total += 1
            r += 1
        return total

    @staticmethod
    def view_count(puzzle: Puzzle, shaded: set[Cell], cell: Cell) -> int:
        total = 0
        for dr, dc in DIRS.values():
            r, c = cell[0] + dr, cell[1] + dc
            while 0 <= r < puzzle.rows and 0 <= c < puzzle.cols and (r, c) in shaded:
                total += 1
                r, c = r + dr, c + dc
        return total

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Shading:
        return parse_shading_rows(puzzle, rows, where)


class CanalGeneration(Generation):
    """Canal View's minimizer and generator hooks: every clue can go or be weakened to ``?``."""

    def encode_switchable(self, puzzle: Puzzle, b: Backend,
                          clues: dict[ClueKey, Clue]) -> Switchable:
        """Every cell gets a shading literal and each clue in ``clues`` a switch.

        A switched-off clue's cell is an ordinary cell (it may be shaded, and other
        clues see through it), so view runs go to the grid edge. Givens of ``puzzle``
        outside ``clues`` hold permanently. With every switch on, the solutions are
        exactly those of ``encode`` on the puzzle with all these clues.
        """
        s: dict[Cell, int] = {c: b.new_var() for c in puzzle.cells()}
        for r in range(puzzle.rows - 1):
            for c in range(puzzle.cols - 1):
                b.add_clause([-s[(r, c)], -s[(r + 1, c)], -s[(r, c + 1)], -s[(r + 1, c + 1)]])
        given = {c: v for c, v in puzzle.clues().items() if c not in clues}
        switches: dict[Cell, int] = {}
        weak: dict[Cell, int] = {}
        big: list[int] = []   # literals that mean "some clue >= 2 is on"
        for cell, v in list(given.items()) + list(clues.items()):
            if cell in given:
                on = b.true
                b.add_clause([-s[cell]])
            else:
                unshaded = b.new_var()
                b.add_clause([-unshaded, -s[cell]])
                if not isinstance(v, int):  # '?': nothing but an unshaded cell
                    switches[cell] = unshaded
                    continue
                on = b.new_var()
                b.add_clause([-on, unshaded])
                switches[cell], weak[cell] = on, unshaded
            if not isinstance(v, int):
                continue
            runs = full_runs(puzzle.rows, puzzle.cols, cell, v + 1)  # a count stops at v + 1
            chains = [and_chain(b, [s[x] for x in run]) for run in runs]
            exactly_sum(b, chains, v, guard=on)
            if v >= 2:
                big.append(on)
        if big:
            # As in encode: a canal of >= 2 cells is connected, so no shaded cell stands
            # alone; guarded by g, which every clue >= 2 that is on forces true.
            g = b.new_var()
            for on in big:
                b.add_clause([-on, g])
            for x, lit in s.items():
                b.add_clause([-g, -lit] + [s[y] for y in neighbours(x, puzzle.rows, puzzle.cols)])
        conn = SeparatorConnectivity(b, s, puzzle.rows, puzzle.cols)

        def hint(state: Puzzle) -> None:
            """Clue cells and the neighbours of 0 clues are unshaded in this state."""
            walls = set()
            for cell, v in state.clues().items():
                walls.add(cell)
                if v == 0:
                    walls.update(neighbours(cell, state.rows, state.cols))
            conn.walls = frozenset(walls)
        return Switchable(ShadingEncoded(b, puzzle.rows, puzzle.cols, s, {}, conn, hint),
                          switches, weak)

    def weak_clue(self, clue: Clue) -> Clue:
        """The weaker form of a number clue: ``?`` (the cell is unshaded, nothing more)."""
        return "?" if isinstance(clue, int) else None

    #: Fractions of shaded cells that random_solution can reach (no 2x2 block caps it).
    density_range = (0.1, 0.65)
    symmetric_layout = True
    #: The median share of shaded cells in the course collection's answers (0.54; 0.545
    #: at 10x10). Denser canals also need fewer clues (10x10, 40 puzzles: mean 19.2 at
    #: 0.5, 17.0 at 0.6).
    default_density = 0.55
    #: Denser canals need fewer clues: 10x10 with --fewest and 5 s per puzzle, mean 14.0
    #: clues at 0.55 and 11.7 at 0.62 (the course's 10x10 answers range 0.34-0.68).
    fewest_density = 0.62

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None = None,
                      symmetric: Symmetry | None = None) -> Shading:
        """A random valid canal: connected, no 2x2 block, about ``density`` of the cells
        shaded and never fewer than a quarter of them (a trivial canal makes dull clues).

        Grows one region from a random cell, preferring cells with few shaded cells
        around them, so the canal spreads over the whole grid as a maze of corridors.
        A big empty area would need many clues to pin down, and makes the solver work
        hard to prove that nothing else fits there.

        With ``symmetric`` the canal grows by whole orbits, so it maps onto itself: a
        clue cell must be white, and a symmetric clue layout on an asymmetric canal
        could use only the white cells whose images are white too (about half of
        them; on a 15x15 grid the rest could not make one layout in six unique).
        """
        n = rows * cols
        target = max(2, round((density or self.default_density) * n))
        floor = max(2, min(target, n // 4))
        best: set[Cell] = set()
        for _ in range(100):
            shaded = self._grow(rows, cols, rng, target, symmetric)
            if len(shaded) > len(best) and (symmetric is None or is_connected(shaded)):
                best = shaded
            if len(best) >= floor:
                break
        return Shading.from_cells(rows, cols, best, "#")

    @staticmethod
    def _grow(rows: int, cols: int, rng: random.Random, target: int,
              symmetric: Symmetry | None = None) -> set[Cell]:
        # crowd[x]: shaded cells in the 5x5 window around x; cells beyond the edge count
        # 0.6 each, so the canal does not run along the border. A cell is picked with
        # weight exp(-crowd). Only cells near a new one change: their weights, and
        # whether they would close a 2x2 block (once so, always so: they leave).
        crowd = {(r, c): 0.6 * sum(not (0 <= r + i < rows and 0 <= c + j < cols)
                                   for i in range(-2, 3) for j in range(-2, 3))
                 for r in range(rows) for c in range(cols)}
        weight = {x: math.exp(-v) for x, v in crowd.items()}
        shaded: set[Cell] = set()
        frontier: list[Cell] = []      # in the order cells joined it (deterministic)
        where: dict[Cell, int] = {}    # cell -> its index in frontier

        def drop(x: Cell) -> None:
            i = where.pop(x)
            last = frontier.pop()
            if i < len(frontier):
                frontier[i] = last
                where[last] = i

        def closes_block(x: Cell) -> bool:
            r, c = x
            for dr in (-1, 1):
                for dc in (-1, 1):
                    if ((r + dr, c) in shaded and (r, c + dc) in shaded
                            and (r + dr, c + dc) in shaded):
                        return True
            return False

        def add(cells: Sequence[Cell]) -> None:
            shaded.update(cells)
            for x in cells:
                if x in where:
                    drop(x)
                for i in range(-2, 3):
                    for j in range(-2, 3):
                        y = (x[0] + i, x[1] + j)
                        if y in crowd:
                            crowd[y] += 1
                            weight[y] = math.exp(-crowd[y])
                            if -1 <= i <= 1 and -1 <= j <= 1 and y in where \
                                    and closes_block(y):
                                drop(y)
                for y in neighbours(x, rows, cols):
                    if y not in shaded and y not in where and not closes_block(y):
                        where[y] = len(frontier)
                        frontier.append(y)

        def orbit(x: Cell) -> tuple[Cell, ...]:
            return symmetric.orbit(x) if symmetric else (x,)

        for _ in range(100):  # a start whose orbit is no 2x2 block (not the middle of
            start = (rng.randrange(rows), rng.randrange(cols))  # an even grid turned)
            shaded.update(orbit(start))
            bad = any(closes_block(x) for x in shaded)
            shaded.clear()
            if not bad:
                break
        else:
            return shaded  # (a 2x2 grid turned by quarters has no such canal)
        add(orbit(start))
        while len(shaded) < target and frontier:
            pick = rng.choices(frontier, weights=[weight[x] for x in frontier])[0]
            cells = orbit(pick)
            if len(cells) > 1:
                # The images go in too: together they must not close a block either.
                shaded.update(cells)
                bad = any(closes_block(x) for x in cells)
                shaded.difference_update(cells)  # (no image was shaded: the canal is symmetric)
                if bad:
                    drop(pick)  # (it stays bad: the shaded cells only ever grow)
                    continue
            add(cells)
        return shaded

    def clue_candidates(self, solution: Solution) -> dict[ClueKey, Clue]:
        """Every cell where a clue fits this solution, with its true value."""
        shaded = set(shaded_cells(solution))
        rows, cols = len(solution.rows), len(solution.rows[0])
        size = Puzzle(self.genre.name, rows, cols, ())
        return {(r, c): CanalView.view_count(size, shaded, (r, c))
                for r in range(rows) for c in range(cols) if (r, c) not in shaded}

    def clue_holds(self, solution: Solution, cell: ClueKey, clue: Clue) -> bool:
        """Would a clue at ``cell`` accept this solution? (Cheap, local: the generator
        asks it of every candidate cell to find clues that rule a second solution out.)"""
        if solution[cell] == "#":
            return False
        if not isinstance(clue, int):
            return True
        total = 0
        rows, cols = len(solution.rows), len(solution.rows[0])
        for dr, dc in DIRS.values():
            r, c = cell[0] + dr, cell[1] + dc
            while 0 <= r < rows and 0 <= c < cols and solution.rows[r][c] == "#":
                total += 1
                r, c = r + dr, c + dc
        return total == clue


CANAL = CanalView()
