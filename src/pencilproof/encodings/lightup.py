"""Akari (Light Up): place lamps on white cells so that every white cell is lit.

Rules (puzz.link's reading):
* walls are given, some carry a number 0-4; lamps go on white cells only;
* a lamp lights its own cell and the cells along its row and column up to a wall or the
  edge; every white cell is lit, and no lamp lights another lamp;
* a numbered wall has exactly that many lamps on its four neighbours.

The answer is the lamp set, one Boolean per white cell (:mod:`.kit.shading`'s row
faces: walls are givens that fix their cells off). A *run* (segment) is a maximal
horizontal or vertical stretch of white cells: a cell is lit exactly when a lamp stands
in its row run or its column run, and "no lamp lights another" is "at most one lamp per
run" (:mod:`.kit.sight`). So the encoding is one Boolean per white cell, one clause per
cell (lit), an at-most-one per run and a small exact count per numbered wall. Nothing
is added lazily. Linear in the grid: a long run's at-most-one is a product encoding,
and the "lit" clause of a cell names one "has a lamp" literal per long run.
"""
from __future__ import annotations

import random
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import InputError
from ..puzzle import Cell, Clue, LampSet, Puzzle, Solution
from .base import read_number
from .contract import ClueKey, FormatSpec, Switchable, Symmetry
from .kit.draw import light
from .kit.lattice import ortho
from .kit.model import Rule, Values
from .kit.shading import GridGeneration, GridGenre
from .kit.sight import CountNear, OncePerRun, SeenByRun

if TYPE_CHECKING:
    from ..solvers.backends import Backend

WALL = "#"
LAMP = "L"
NO_LAMP = ".+x-_*"  # characters a setter may use for a white cell without a lamp


def lamps_to_solution(puzzle: Puzzle, lamps: set[Cell] | frozenset[Cell]) -> LampSet:
    """Solution rows: ``L`` lamp, ``.`` white, walls copied (``#`` or the digit)."""
    return LampSet(tuple(
        "".join(LAMP if (r, c) in lamps else "." if v is None else str(v)
                for c, v in enumerate(row)) for r, row in enumerate(puzzle.grid)))


class LightUp(GridGenre):
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
    on = LAMP
    codes = ("akariDup", "nmAkariNe", "ceDark")

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

    def given_char(self, clue: Clue) -> str:
        return str(clue)

    def reserve(self, puzzle: Puzzle, b: "Backend", nfree: int) -> None:
        b.reserve(nfree, 3 * nfree)  # per white cell: ~2 clauses per run, one "lit" clause

    def void(self, puzzle: Puzzle) -> bool:
        """A number with more lamps than white cells beside it."""
        rows, cols, grid = puzzle.rows, puzzle.cols, puzzle.grid
        return any(n > (r > 0 and grid[r - 1][c] is None) + (r + 1 < rows and grid[r + 1][c] is None)
                   + (c > 0 and grid[r][c - 1] is None) + (c + 1 < cols and grid[r][c + 1] is None)
                   for (r, c), n in self.numbers(puzzle))

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return [OncePerRun("akariDup", "lamps light each other"),
                SeenByRun("ceDark", "{k} white cells are not lit")]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [CountNear(cell, clue, "nmAkariNe", "wall {n} has {k} lamps around it")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every wall, with the number of lamps beside it."""
        if puzzle[cell] is None:
            return None
        return sum(v.rows[r][c] == LAMP for r, c in ortho(puzzle, cell))

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Any:
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
                if puzzle.grid[i][j] is not None:
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
    """``lamps`` plus lamps that light the rest (:func:`~.kit.draw.light`), as an answer."""
    lamps = light(rows, cols, wall, lamps, rng)
    return LampSet(tuple("".join(WALL if (r, c) in wall else LAMP if (r, c) in lamps
                                 else "." for c in range(cols)) for r in range(rows)))


class LightUpGeneration(GridGeneration):
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

    def encode_switchable(self, puzzle: Puzzle, b: "Backend",
                          clues: dict[ClueKey, Clue]) -> Switchable:
        """Every cell of ``clues`` is a wall whatever its switch (its number behind the
        switch); walls and numbers of ``puzzle`` outside ``clues`` stay."""
        fixed = {c: v for c, v in puzzle.clues().items() if c not in clues}
        return super().encode_switchable(puzzle.with_clues({**{c: WALL for c in clues}, **fixed}),
                                         b, clues)

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
                      symmetric: Symmetry | None = None) -> Any:
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


LIGHTUP = LightUp()
