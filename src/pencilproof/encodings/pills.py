"""Pills (janko.at "Pillen"): every cell shows a digit; place the pills 1..N, each three
cells in a straight line whose digits add up to the pill's number, no two on one cell, so
that the digits the pills cover in each row and column add up to the number beside it.

N is Janko's ``depth`` (the ``pills`` parameter; without it the grid's longer side: N
pills on N x N). The line sums are the ``left`` and ``top`` parameters (null: none); a
cell without a digit counts 0. Answers write each cell's pill number (``1``-``9``,
``A``=10 ...) or ``.`` (Janko's solutions: 0). puzz.link has no Pills: the codes are this
project's, in pzprjs's style: ``pillNone``, ``pillShape``, ``pillSumNe``, ``exSumNe`` (a
line's covered digits miss its sum). The digits stay when clues switch; the clues are the
line sums. Generation lays N random strips with digits adding up to their pills' numbers,
random digits 0-5 elsewhere.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Optional, Sequence, cast

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .cnf import at_most_one
from .contract import ClueKey, JankoBlock, Symmetry
from .kit import KitAnswer, Number, Values, kit_formats
from .kit.layers import DIGITS
from .kit.lines_of_cells import (EdgeGeneration, EdgeGenre, Regular, count_label, edge_cells,
                                  line_name, sum_automaton)
from .kit.model import N, Encoder, Lit, Rule


def total(puzzle: Puzzle, cells: Sequence[Cell]) -> int:
    """The digits of these cells added up (a cell without one: 0)."""
    return sum(v for x in cells if isinstance(v := puzzle[x], int))


def strips(puzzle: Puzzle) -> list[tuple[Cell, ...]]:
    """Every place of a pill: three cells in a row or a column."""
    return [tuple((r + i * dr, c + i * dc) for i in range(3))
            for dr, dc in ((0, 1), (1, 0)) for r in range(puzzle.rows - 2 * dr)
            for c in range(puzzle.cols - 2 * dc)]


def pills(puzzle: Puzzle) -> int:
    return puzzle.param("pills") or max(puzzle.rows, puzzle.cols)


def three_digits(k: int, rng: random.Random) -> list[int]:
    """Three random digits 0-9 adding up to k (at most 27)."""
    while True:
        a, b = rng.randint(0, min(9, k)), rng.randint(0, min(9, k))
        if 0 <= k - a - b <= 9:
            return rng.sample([a, b, k - a - b], 3)


class PillCells(Number):
    """A pill number per cell (those a strip through it can be) or none, an atom too."""

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        for x in cells:
            lits = [e.atom(N(x, k)) for k in self.domain(x)]
            at_most_one(e.b, lits)
            e.lits[N(x, None)] = -e.reify_or(lits) if lits else e.b.true


class Pill(Rule):
    """Pill k: three cells in a line (``pillNone``, ``pillShape``) whose digits add up to k
    (``pillSumNe``); encoded as one strip chosen among those adding up to k."""

    code = "pillShape"

    def __init__(self, puzzle: Puzzle, k: int, fits: Sequence[tuple[Cell, ...]]):
        self.puzzle, self.k, self.fits = puzzle, k, list(fits)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "a pill is a rule of the genre, never a clue"
        chosen = [e.b.new_var() for _ in self.fits]
        e.clause(chosen)
        at_most_one(e.b, chosen)
        on: dict[Cell, list[Lit]] = {}
        for p, lit in zip(self.fits, chosen):
            for x in p:
                e.clause([-lit, e.lits[N(x, self.k)]])
                on.setdefault(x, []).append(lit)
        for x, lits in on.items():
            e.clause([-e.lits[N(x, self.k)], *lits])

    def check(self, v: Values) -> list[Violation]:
        k = self.k
        cells = sorted(x for x, n in v.cell.get("number", {}).items() if n == k)
        if not cells:
            return [Violation("pillNone", f"pill {k} is missing", ())]
        rs, cs = sorted({r for r, _ in cells}), sorted({c for _, c in cells})
        if len(cells) != 3 or sorted((len(rs), len(cs))) != [1, 3] or rs[-1] - rs[0] + cs[-1] - cs[0] != 2:
            return [self.broken(cells, f"the cells of pill {k} are not three in a line")]
        s = total(self.puzzle, cells)
        return [] if s == k else [Violation("pillSumNe", f"pill {k} covers digits adding up to {s}",
                                            tuple(cells))]


class Pills(EdgeGenre):
    name = "pills"
    aliases = ("pillen",)
    summary = "place pills 1..N on three cells in a line adding up to their numbers; line sums"
    edge_sides = ("top", "left")
    param_keys = ("top", "left", "pills")
    formats = kit_formats(janko_names=("pills", "pillen"), blank=".", answer_regions=True,
                          drawing=dict.fromkeys(DIGITS[1:36], "shade"), legend={"shade": "pill"})
    janko_solution = {"0": "."}
    editor_candidates = (".", *map(str, range(10)))
    min_clue, max_clue = 0, 99

    def __init__(self) -> None:
        super().__init__()
        self.generator = PillsGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> PillCells:
        n = pills(puzzle)
        dom: dict[Cell, set[int]] = {x: set() for x in puzzle.cells()}
        for p in strips(puzzle):
            for x in p:
                dom[x].add(total(puzzle, p))
        return PillCells(1, n, blank=True, domain=cast(Callable[[Cell], range], lambda x: sorted(
            k for k in dom[x] if 1 <= k <= n)))

    def edge_label(self, token: object, where: str) -> Optional[int]:
        return count_label(token, where, "a sum", "-")

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "pills":
            return super().parse_param(key, value, where)
        n = read_number(value, where, "a number of pills", "'pills' must be a number")
        if not 1 <= n <= 35:
            raise InputError(f"'pills' is the number of pills, 1-35, not {n}", where)
        return n

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        every = strips(puzzle)
        return [Pill(puzzle, k, [p for p in every if total(puzzle, p) == k])
                for k in range(1, pills(puzzle) + 1)]

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells = [x for x in edge_cells(puzzle, side, i) if total(puzzle, [x])]
        letters: list[dict[Any, Any]] = [{True: (N(x, None), False), False: (N(x, None), True)}
                                         for x in cells]
        return [Regular(letters, sum_automaton([total(puzzle, [x]) for x in cells], label),
                        edge_cells(puzzle, side, i), "exSumNe",
                        f"the digits the pills cover in {line_name(side, i)} do not add up to {label}")]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        return total(puzzle, [x for x in edge_cells(puzzle, side, i) if not v[N(x, None)]])

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """``problem``: a line of column sums after a corner token, then per row its sum
        and its digits; ``depth`` the number of pills."""
        lines = block.sections.get("problem") or ()
        if len(lines) != block.rows + 1 or any(len(line) != block.cols + 1 for line in lines):
            raise InputError(f"a Pills problem is a line of a corner and {block.cols} column sums, "
                             f"then {block.rows} lines of a row sum and {block.cols} digits", block.where)
        top = {("top", c): self.edge_label(t, at) for c, (t, at) in enumerate(lines[0][1:])}
        left = {("left", r): self.edge_label(line[0][0], line[0][1]) for r, line in enumerate(lines[1:])}
        grid = tuple(tuple(self.janko_clue(t, f"{at}: r{r + 1}c{c + 1}")
                           for c, (t, at) in enumerate(line[1:])) for r, line in enumerate(lines[1:]))
        n = (depth := block.fields.get("depth")) and self.parse_param("pills", depth, block.where)
        puzzle = self.with_labels(Puzzle(self.name, block.rows, block.cols, grid).with_params(pills=n),
                                  {**top, **left})
        sol = block.grid("solution")
        if sol is None:
            return puzzle, None
        rows = [" ".join(self.janko_mark(t, at) for t, at in line) for line in sol]
        return puzzle, self.parse_solution(puzzle, rows, block.where)


class PillsGeneration(EdgeGeneration):
    """The digits and the number of pills stay; the line sums are the clues."""

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        blank, clues = super().split_givens(puzzle)
        cells = puzzle.clues()
        return blank.with_clues(cells), {k: v for k, v in clues.items() if k not in cells}

    def random_answer(self, rows: int, cols: int, rng: random.Random, density: float | None,
                      symmetric: Symmetry | None) -> KitAnswer:
        n, laid, every = max(rows, cols), list[tuple[Cell, ...]](), strips(self.blank_for(
            KitAnswer(("." * cols,) * rows)))
        for _ in range(20 if n <= 27 else 0):  # (a pill of three digits 0-9 is at most 27)
            places, used, laid = rng.sample(every, len(every)), set[Cell](), []
            for p in places:
                if len(laid) < n and used.isdisjoint(p):
                    laid.append(p)
                    used.update(p)
            if len(laid) == n:
                break
        if len(laid) < n:
            raise InputError(f"{n} pills (three digits 0-9 each, at most 27) do not fit on "
                             f"{rows}x{cols} cells", "--size")
        grid = [[rng.randrange(6) for _ in range(cols)] for _ in range(rows)]
        marks = [["."] * cols for _ in range(rows)]
        for k, p in zip(rng.sample(range(1, n + 1), n), laid):
            for (r, c), d in zip(p, three_digits(k, rng)):
                grid[r][c], marks[r][c] = d, DIGITS[k]
        layout = Puzzle(self.kit.name, rows, cols, tuple(map(tuple, grid))).with_params(pills=n)
        return KitAnswer(tuple("".join(m) for m in marks), layout)


PILLS = Pills()
