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

from typing import Sequence

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Solution, Violation
from .base import ShadingEncoded, parse_shading_rows, shaded_cells
from .cnf import and_chain, require_count, unary_sum
from .grid import DIRS, LazyConnectivity, components, neighbours, tree_connectivity

MAX_CLUE = 4095  # the largest value puzz.link's Number16 codec can write


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


class CanalView:
    name = "canal"
    aliases = ("canalview", "canal-view", "canal_view")
    url_pids = ("canal",)
    encodings = ("lazy", "reference")
    solution_chars = "#."

    def parse_clue(self, token, where: str) -> Clue:
        if token is None or token == ".":
            return None
        if token == "?":
            return "?"
        if isinstance(token, bool):
            raise InputError(f"clue must be an integer or '?', got {token!r}", where)
        if isinstance(token, int):
            value = token
        else:
            try:
                value = int(str(token), 10)
            except ValueError:
                raise InputError(f"unknown token {token!r} (expected '.', '?' or an integer)",
                                 where) from None
        if value < 0:
            raise InputError(f"clue {value} is negative", where)
        if value > MAX_CLUE:
            raise InputError(f"clue {value} is larger than {MAX_CLUE}", where)
        return value

    # -- encoding -------------------------------------------------------------------
    def encode(self, puzzle: Puzzle, b, encoding: str | None = None) -> ShadingEncoded:
        encoding = encoding or self.encodings[0]
        if encoding not in self.encodings:
            raise InputError(f"unknown encoding {encoding!r} for canal "
                             f"(choose from {', '.join(self.encodings)})")
        s: dict[Cell, int] = {c: b.new_var() for c in puzzle.cells() if puzzle[c] is None}
        fixed = {c: "." for c in puzzle.cells() if c not in s}
        for r in range(puzzle.rows - 1):
            for c in range(puzzle.cols - 1):
                block = [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)]
                if all(x in s for x in block):
                    b.add_clause([-s[x] for x in block])
        numbers = {c: v for c, v in puzzle.clues().items() if isinstance(v, int)}
        for cell, n in numbers.items():
            chains = [and_chain(b, [s[x] for x in run[:n + 1]]) for run in view_runs(puzzle, cell)]
            require_count(b, unary_sum(b, chains, n + 1), n)
        if numbers and max(numbers.values()) >= 2:
            # The canal has >= 2 cells and is connected: no shaded cell stands alone.
            for x, lit in s.items():
                b.add_clause([-lit] + [s[y] for y in neighbours(x, puzzle.rows, puzzle.cols)
                                       if y in s])
        if encoding == "reference":
            tree_connectivity(b, s, puzzle.rows, puzzle.cols)
            conn = None
        else:
            conn = LazyConnectivity(s, puzzle.rows, puzzle.cols)
        return ShadingEncoded(b, puzzle.rows, puzzle.cols, s, fixed, conn)

    # -- independent verification (plain Python, no solver) ------------------------------
    def verify(self, puzzle: Puzzle, solution: Solution) -> list[Violation]:
        shaded = set(shaded_cells(solution))
        out = []
        on_clue = sorted(c for c in shaded if puzzle[c] is not None)
        if on_clue:
            out.append(Violation("csOnClue", "a clue cell is shaded", tuple(on_clue)))
        for r in range(puzzle.rows - 1):
            for c in range(puzzle.cols - 1):
                block = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
                if all(x in shaded for x in block):
                    out.append(Violation("cs2x2", "a 2x2 block is entirely shaded", block))
        for cell, n in puzzle.clues().items():
            if not isinstance(n, int):
                continue
            seen = self.view_count(puzzle, shaded, cell)
            if seen != n:
                out.append(Violation("nmShadeViewNe", f"clue {n} sees {seen} shaded cells",
                                     (cell,)))
        comps = components(shaded)
        if len(comps) > 1:
            stray = tuple(sorted(x for comp in comps[1:] for x in comp))
            out.append(Violation("csDivide", f"the canal falls into {len(comps)} pieces", stray))
        return out

    @staticmethod
    def view_count(puzzle: Puzzle, shaded: set[Cell], cell: Cell) -> int:
        total = 0
        for dr, dc in DIRS.values():
            r, c = cell[0] + dr, cell[1] + dc
            while 0 <= r < puzzle.rows and 0 <= c < puzzle.cols and (r, c) in shaded:
                total += 1
                r, c = r + dr, c + dc
        return total

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Solution:
        return parse_shading_rows(puzzle, rows, where)


CANAL = CanalView()
