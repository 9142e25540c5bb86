"""Dominos (janko.at ``Dominos``): the numbers of a full set of dominoes 0-0 .. n-n lie
on the grid; find where each domino lies (every domino of the set once).

Answers are the Lines layer with path ends: each cell's one line points to the other
half of its domino (``^ > v <``). Janko's solutions name each domino by a letter on its
two cells: read as those lines. The rule is stated for any board: every cell lies in
exactly one domino and no two dominoes carry the same pair of numbers 0..n, where n is
the largest number shown (or the least n whose set has a domino for every two cells).
On a board of (n+1)(n+2) cells, Janko's, that is the full set, each domino once. A cell
without a number (``.``) takes whichever number keeps the dominoes apart: puzzles show
every number, and these blanks are what minimize, generate and the analyses switch.
puzz.link has no Dominos: the failcodes are this project's own, ``dmUncovered`` (a cell
in no domino), ``dmOverlap`` (in two or more), ``dmTwice`` (a domino twice, or no way to
fill the blanks that keeps the dominoes apart).

Generation: a random tiling (the rules without numbers, under random phases) gets a
random set of distinct dominoes on its places; while another tiling fits every number,
:meth:`DominosGeneration.repair` swaps the numbers of two dominoes, one of which the
other tiling cuts apart (measured: 5x6 and 7x8 boards unique after 2-30 swaps). Then
the numbers that are not needed are left blank.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from ..solvers.backends import Status, make_backend
from .base import read_number
from .contract import ClueKey, JankoBlock, Switchable, Symmetry
from .kit import KitAnswer, KitGeneration, KitGenre, Lines, N, Values, kit_formats
from .kit.layers import PIPES
from .kit.links import DistinctDominoes, DominoTiling, ValuedEncoded, choose_distinct, domino_lines
from .kit.model import Encoder, Lit, Rule

if TYPE_CHECKING:
    from ..solvers.backends import Backend

DIRS = {(0, 1): "E", (0, -1): "W", (1, 0): "S", (-1, 0): "N"}


def top(puzzle: Puzzle, more: Any = ()) -> int:
    """The largest number of the set: the largest shown (or in ``more``), at least the
    least n whose set 0-0..n-n has a domino for every two cells."""
    n = 0
    while (n + 1) * (n + 2) < puzzle.rows * puzzle.cols:
        n += 1
    return max([n, *(v for v in puzzle.clues().values() if isinstance(v, int)), *more])


class GivenNumber(Rule):
    """A cell's number (its ``N`` atom, behind a switch while generating). Checked with
    the set: :class:`~.kit.links.DistinctDominoes` reads the puzzle's numbers."""

    code, message = "dmTwice", "a domino appears twice"

    def __init__(self, cell: Cell, value: int):
        self.cell, self.value = cell, value

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.fix(N(self.cell, self.value), True, guard)

    def check(self, v: Values) -> list[Violation]:
        return []


class Dominos(KitGenre):
    name = "dominos"
    aliases = ("dominoes", "domino")
    summary = "find where each domino of a full set lies, its numbers shown on the grid"
    layer = Lines(ends=True)
    formats = kit_formats(janko_names=("dominos",), drawing=dict.fromkeys("^>v<", "links"),
                          answer_regions=True, blank=".")
    editor_candidates = (".", *map(str, range(10)))
    max_clue = 99

    def __init__(self) -> None:
        super().__init__()
        self.generator = DominosGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        value = read_number(token, where, "'.' or a number", "a clue must be a number")
        if not 0 <= value <= self.max_clue:
            raise InputError(f"clue {value} is out of range (0-{self.max_clue})", where)
        return value

    def validate(self, puzzle: Puzzle, where: str) -> None:
        if puzzle.rows * puzzle.cols % 2:
            raise InputError(f"a {puzzle.rows}x{puzzle.cols} grid has an odd number of cells: "
                             f"no dominoes cover it", where)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        self.validate(puzzle, where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        numbers = {x: v for x, v in puzzle.clues().items() if isinstance(v, int)}
        cells = list(puzzle.cells())
        return [DominoTiling(cells), DistinctDominoes(cells, numbers, top(puzzle))]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [GivenNumber(cell, clue)] if isinstance(clue, int) else []

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """The numbers, and the solution's letters (one per domino) as lines."""
        puzzle = self.janko_puzzle(block)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        halves: dict[str, list[Cell]] = {}
        places: dict[Cell, str] = {}
        for r, line in enumerate(grid):
            for c, (tok, place) in enumerate(line):
                halves.setdefault(tok, []).append((r, c))
                places[r, c] = place
        rows = [["."] * puzzle.cols for _ in range(puzzle.rows)]
        for tok, cells in halves.items():
            step = (cells[-1][0] - cells[0][0], cells[-1][1] - cells[0][1])
            d = DIRS.get(step) if len(cells) == 2 else None
            if d is None:
                r, c = cells[-1] if len(cells) > 2 else cells[0]
                where = ", ".join(f"r{y + 1}c{x + 1}" for y, x in cells[:4])
                raise InputError(f"r{r + 1}c{c + 1}: solution letter {tok!r} marks {len(cells)} "
                                 f"cells ({where}{', ...' if len(cells) > 4 else ''}), not "
                                 "two neighbouring ones", places[r, c])
            a, b = cells
            rows[a[0]][a[1]] = PIPES[frozenset(d)]
            rows[b[0]][b[1]] = PIPES[frozenset({"E": "W", "S": "N"}[d])]
        return puzzle, self.parse_solution(puzzle, ["".join(row) for row in rows], block.where)


def numbers_of(puzzle: Puzzle, rows: Any) -> dict[Cell, int]:
    """Every cell's number under this tiling: the shown ones, and blanks filled so that
    the dominoes differ (one such filling; {} when there is none)."""
    cells = list(puzzle.cells())
    rule = DistinctDominoes(cells, {x: c for x, c in puzzle.clues().items() if isinstance(c, int)},
                            top(puzzle))
    lines = domino_lines(DOMINOS.values(puzzle, rows, "answer"), cells)
    options = [sorted({(min(a, b), max(a, b)) for a in rule.domain(x) for b in rule.domain(y)})
               for x, y in lines]
    pairs = choose_distinct(options)
    if pairs is None:
        return {}
    out = {}
    for (x, y), (i, j) in zip(lines, pairs):
        out[x], out[y] = (i, j) if i in rule.domain(x) and j in rule.domain(y) else (j, i)
    return out


class DominosGeneration(KitGeneration):
    """Random tilings with random dominoes on them; blank cells switch (see the module)."""

    density_meaning = "unused: the tiling has no density"

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        if rows * cols % 2:
            raise InputError(f"a {rows}x{cols} grid has an odd number of cells: no dominoes "
                             f"cover it", "--size")
        tiling = super().random_answer(rows, cols, rng, 0.5, None)
        blank = self.blank_for(tiling)
        n = top(blank)
        sets = [(a, b) for a in range(n + 1) for b in range(a, n + 1)]
        rng.shuffle(sets)
        lines = domino_lines(self.kit.values(blank, tiling.rows, "answer"), list(blank.cells()))
        grid: list[list[Clue]] = [[None] * cols for _ in range(rows)]
        for (x, y), pair in zip(lines, sets):
            a, b = pair if rng.random() < 0.5 else pair[::-1]
            grid[x[0]][x[1]], grid[y[0]][y[1]] = a, b
        answer = KitAnswer(tiling.rows, Puzzle(self.kit.name, rows, cols, tuple(map(tuple, grid))))
        for _ in range(2 * len(lines)):  # swaps while another tiling fits every number
            other = self.another(answer)
            swapped = None if other is None else self.repair(answer, other, rng, None)
            if swapped is None:
                break
            answer = swapped
        return answer

    def another(self, answer: KitAnswer) -> Optional[KitAnswer]:
        """Another tiling that fits every number of the answer's layout, or None."""
        layout = answer.layout
        assert layout is not None, "a drawn answer carries its numbers"
        b = make_backend("cadical")
        try:
            enc = self.kit.encode(layout, b)
            b.add_clause(enc.block(answer))
            return enc.decode() if b.solve([]) is Status.SAT else None
        finally:
            b.close()

    def blank_for(self, answer: Any) -> Puzzle:
        rows, cols = len(answer.rows), len(answer.rows[0])
        return Puzzle(self.kit.name, rows, cols, tuple((None,) * cols for _ in range(rows)))

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        """Every cell's number: the shown ones, the blanks filled to keep dominoes apart."""
        layout = getattr(answer, "layout", None)
        return {} if layout is None else dict(numbers_of(layout, answer.rows))

    def clue_holds(self, answer: Any, key: ClueKey, clue: Clue) -> bool:
        """The number the answer's cell holds (in a model: its hidden value)."""
        layout = getattr(answer, "layout", None)
        return layout is not None and layout[key] == clue

    def encode_switchable(self, blank: Puzzle, b: "Backend", clues: dict[ClueKey, Clue]) -> Switchable:
        kit, n = self.kit, top(blank, (v for v in clues.values() if isinstance(v, int)))
        e, cells = kit.encoder(blank, b)
        numbers = {x: v for x, v in blank.clues().items() if isinstance(v, int)}
        for rule in [DominoTiling(cells), DistinctDominoes(cells, numbers, n)]:
            rule.encode(e)
        switches = {x: b.new_var() for x in clues}
        for x, v in clues.items():
            for rule in kit.clue_rules(blank, x, v):
                rule.encode(e, switches[x])
        hidden = {x: {v: N(x, v) for v in range(n + 1)} for x in cells}
        return Switchable(ValuedEncoded(kit, blank, e, cells, hidden), switches, {})

    def repair(self, answer: Any, other: Any, rng: random.Random,
               symmetric: Symmetry | None) -> Optional[KitAnswer]:
        """Swap the numbers of a domino that ``other`` cuts apart with another's."""
        layout: Puzzle = answer.layout
        lines = domino_lines(self.kit.values(layout, answer.rows, "answer"), list(layout.cells()))
        cut = [k for k, (x, y) in enumerate(lines) if answer[x] != other[x] or answer[y] != other[y]]
        if not cut or len(lines) < 2:
            return None
        i = rng.choice(cut)
        j = rng.choice([k for k in range(len(lines)) if k != i])
        clues = layout.clues()
        for (x, y), (z, w) in ((lines[i], lines[j]), (lines[j], lines[i])):
            clues[x], clues[y] = layout[z], layout[w]
        return KitAnswer(answer.rows, layout.with_clues(clues))


DOMINOS = Dominos()
