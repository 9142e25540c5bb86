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
"""
from __future__ import annotations

from itertools import combinations
from typing import Sequence

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Solution, Violation
from .grid import neighbours

WALL = "#"
LAMP = "L"
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


def at_most_one(b, lits: Sequence[int]) -> None:
    """Pairwise for a few literals, a sequential counter (ladder) for long segments."""
    if len(lits) <= 5:
        for x, y in combinations(lits, 2):
            b.add_clause([-x, -y])
        return
    prev = lits[0]  # prev: some literal so far is true
    for x in lits[1:-1]:
        b.add_clause([-prev, -x])
        nxt = b.new_var()
        b.add_clause([-prev, nxt])
        b.add_clause([-x, nxt])
        prev = nxt
    b.add_clause([-prev, -lits[-1]])


def exactly(b, lits: Sequence[int], n: int) -> None:
    """Exactly n of at most four literals, as direct clauses (no auxiliary variables)."""
    k = len(lits)
    if n > k:
        b.add_clause([])
        return
    for sub in combinations(lits, n + 1):  # at most n: no n+1 of them all true
        b.add_clause([-x for x in sub])
    for sub in combinations(lits, k - n + 1):  # at least n: no k-n+1 of them all false
        b.add_clause(list(sub))


class LampEncoded:
    """The lamp literals of one puzzle on a live solver."""

    def __init__(self, backend, puzzle: Puzzle, lamp: dict[Cell, int]):
        self.b = backend
        self.puzzle = puzzle
        self.lamp = lamp
        self._order = sorted(lamp)

    def decode(self) -> Solution:
        on = {c for c, v in zip(self._order, self.b.values(self.lamp[c] for c in self._order))
              if v}
        return lamps_to_solution(self.puzzle, on)

    def cuts(self, solution: Solution) -> list[list[int]]:
        return []

    def block(self, solution: Solution) -> list[int]:
        return [-lit if solution[c] == LAMP else lit for c, lit in self.lamp.items()]

    def stats(self) -> dict:
        return {"cuts": 0}


def lamps_to_solution(puzzle: Puzzle, lamps) -> Solution:
    """Solution rows: ``L`` lamp, ``.`` white, walls copied (``#`` or the digit)."""
    return Solution(tuple(
        "".join(LAMP if (r, c) in lamps else "." if v is None else str(v)
                for c, v in enumerate(row)) for r, row in enumerate(puzzle.grid)))


class LightUp:
    name = "lightup"
    aliases = ("akari", "light-up", "light_up")
    url_pids = ("akari", "lightup", "bijutsukan")
    encodings = ("direct",)
    solution_chars = "L."

    def parse_clue(self, token, where: str) -> Clue:
        if token is None or token == ".":
            return None
        if token == WALL:
            return WALL
        if isinstance(token, bool) or not isinstance(token, (int, str)):
            raise InputError(f"expected null (white), '#' (wall) or a wall number 0..4, "
                             f"got {token!r}", where)
        if isinstance(token, int):
            value = token
        else:
            try:
                value = int(token, 10)
            except ValueError:
                raise InputError(f"unknown token {token!r} (expected '.' white, '#' wall or "
                                 f"a wall number 0..4)", where) from None
        if not 0 <= value <= 4:
            raise InputError(f"wall number {value} is out of range (0..4)", where)
        return value

    # -- encoding -------------------------------------------------------------------
    def encode(self, puzzle: Puzzle, b, encoding: str | None = None) -> LampEncoded:
        encoding = encoding or self.encodings[0]
        if encoding not in self.encodings:
            raise InputError(f"unknown encoding {encoding!r} for lightup "
                             f"(choose from {', '.join(self.encodings)})")
        lamp = {c: b.new_var() for c in puzzle.cells() if puzzle[c] is None}
        seen: dict[Cell, list[int]] = {c: [] for c in lamp}
        for seg in segments(puzzle):
            lits = [lamp[c] for c in seg]
            at_most_one(b, lits)
            for c in seg:
                seen[c].extend(lits)
        for c, lits in seen.items():
            # The cell's own lamp is in both of its segments; once is enough.
            b.add_clause(sorted(set(lits)))
        for cell, n in puzzle.clues().items():
            if isinstance(n, int):
                exactly(b, [lamp[y] for y in neighbours(cell, puzzle.rows, puzzle.cols)
                            if y in lamp], n)
        return LampEncoded(b, puzzle, lamp)

    # -- independent verification (plain Python, no solver) ------------------------------
    def verify(self, puzzle: Puzzle, solution: Solution) -> list[Violation]:
        lamps = {c for c in puzzle.cells() if puzzle[c] is None and solution[c] == LAMP}
        out = []
        lit: set[Cell] = set()
        dup: set[Cell] = set()
        for seg in segments(puzzle):
            on = [c for c in seg if c in lamps]
            if on:
                lit.update(seg)
            if len(on) > 1:
                dup.update(on)
        if dup:
            out.append(Violation("akariDup", "lamps light each other", tuple(sorted(dup))))
        for cell, n in sorted(puzzle.clues().items()):
            if isinstance(n, int):
                k = sum(1 for y in neighbours(cell, puzzle.rows, puzzle.cols) if y in lamps)
                if k != n:
                    out.append(Violation("nmAkariNe", f"wall {n} has {k} lamps around it",
                                         (cell,)))
        dark = tuple(c for c in puzzle.cells() if puzzle[c] is None and c not in lit)
        if dark:
            out.append(Violation("ceDark", f"{len(dark)} white cells are not lit", dark))
        return out

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Solution:
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


LIGHTUP = LightUp()
