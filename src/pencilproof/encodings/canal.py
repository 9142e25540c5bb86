"""Canal View: shade cells so that the canal is one connected region with no 2x2 block.

Rules (the reading the course answers depend on):
* clue cells (numbers and ``?``) are never shaded;
* shaded cells form one edge-connected region; no shaded cell at all is allowed when
  every clue is satisfied (course puzzle 23 has exactly that as its only solution);
* no 2x2 block is entirely shaded;
* a number counts the shaded cells seen from its cell: in each direction, the run of
  shaded cells starting next to it, up to the first unshaded cell or the edge.

On the kit's row faces (:mod:`.kit.shading`): one literal per cell without a clue, the
grid-wide rules, and per number a :class:`~.kit.sight.ViewCount` (prefix ANDs along each
line summed to it: linear in the grid, a totalizer only while that is cheap, binary
beyond). The canal's connectivity is lazy cuts, or the seed's spanning tree for the
``reference`` encoding.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Shading, Solution
from .base import read_number, shading_formats
from .contract import ClueKey, Switchable, Symmetry
from .grid import SeparatorConnectivity, is_connected, neighbours
from .kit.draw import grow_canal
from .kit.model import Lit, Rule, S, Values
from .kit.shading import ConnectedRows, GivensOff, GridEncoded, GridGeneration, GridGenre, NoBlock, NoLone
from .kit.sight import ViewCount, view_count

if TYPE_CHECKING:
    from ..solvers.backends import Backend

MAX_CLUE = 4095  # the largest value puzz.link's Number16 codec can write


def canal_rules(lone: bool | Lit, make: Any = None) -> list[Rule]:
    """The rules no clue changes; ``lone``: no shaded cell stands alone (True, or only
    when this literal is: a connected canal of >= 2 cells has no lone cell)."""
    return [GivensOff("csOnClue", "a clue cell is shaded"),
            NoBlock("cs2x2", "a 2x2 block is entirely shaded"),
            *([NoLone(1, None if lone is True else lone)] if lone else []),
            ConnectedRows("#", 1, "csDivide", "the canal falls into {k} pieces", make)]


class CanalView(GridGenre):
    name = "canal"
    aliases = ("canalview", "canal-view", "canal_view")
    url_pids = ("canal",)
    summary = "shade a connected canal with no 2x2 block; numbers count the shaded cells in view"
    answer_type = Shading
    formats = shading_formats("canal", ("canalview", "canal"))
    codes = ("csOnClue", "cs2x2", "nmShadeViewNe", "csDivide")

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

    def reserve(self, puzzle: Puzzle, b: "Backend", nfree: int) -> None:
        b.reserve(nfree, max(0, nfree - puzzle.rows - puzzle.cols))  # a 2x2 clause per cell or so

    def void(self, puzzle: Puzzle) -> bool:
        """A number larger than all the cells it can see (up to the next clue: each row
        and column a string with ``x`` on clue cells, so the ends are ``str.find``s)."""
        rows, cols, grid = puzzle.rows, puzzle.cols, puzzle.grid
        lines = ["".join(["." if v is None else "x" for v in row]) for row in grid]
        columns = ["".join(t) for t in zip(*lines)]
        for r, row in enumerate(grid):
            line = lines[r]
            if "x" not in line:
                continue
            for c, v in enumerate(row):
                if isinstance(v, int) and v:
                    col, right, down = columns[c], line.find("x", c + 1), columns[c].find("x", r + 1)
                    seen = (c - line.rfind("x", 0, c) - 1 + (cols if right < 0 else right) - c - 1
                            + r - col.rfind("x", 0, r) - 1 + (rows if down < 0 else down) - r - 1)
                    if v > seen:
                        return True
        return False

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return canal_rules(any(v >= 2 for _, v in self.numbers(puzzle)))

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [ViewCount(cell, clue, "nmShadeViewNe", "clue {n} sees {k} shaded cells")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Where a clue fits (an unshaded cell): the shaded cells it sees."""
        return None if v[S(cell)] else view_count(v.rows, cell)


class _Walls(SeparatorConnectivity):
    """Separator connectivity told the generator's state: its clue cells and the
    neighbours of its 0 clues are unshaded (walls)."""

    def prepare(self, state: Puzzle) -> None:
        walls = set()
        for cell, v in state.clues().items():
            walls.add(cell)
            if v == 0:
                walls.update(neighbours(cell, state.rows, state.cols))
        self.walls = frozenset(walls)


class CanalGeneration(GridGeneration):
    """Canal View's minimizer and generator hooks: every clue can go or be weakened to ``?``."""

    def encode_switchable(self, puzzle: Puzzle, b: "Backend",
                          clues: dict[ClueKey, Clue]) -> Switchable:
        """Every cell gets a shading literal and each clue in ``clues`` a switch ``on``
        and a weak switch (the cell is unshaded, as a ``?``; ``on`` implies it).

        A switched-off clue's cell is an ordinary cell (it may be shaded, and other
        clues see through it, so view runs go to the grid edge). Givens of ``puzzle``
        outside ``clues`` hold permanently. With every switch on, the solutions are
        exactly those of ``encode`` on the puzzle with all these clues."""
        kit = self.kit
        e = kit.grid_encoder(puzzle, b)
        big = [b.true] * any(v >= 2 for _, v in kit.numbers(puzzle))
        switches: dict[ClueKey, Lit] = {}
        weak: dict[ClueKey, Lit] = {}
        for cell, n in kit.numbers(puzzle):  # the permanent numbers
            for rule in kit.clue_rules(puzzle, cell, n):
                rule.encode(e)
        for cell, v in clues.items():
            unshaded = switches[cell] = b.new_var()
            e.fix(S(cell), False, unshaded)
            if not isinstance(v, int):  # '?': nothing but an unshaded cell
                continue
            on = switches[cell] = b.new_var()
            weak[cell] = unshaded
            b.add_clause([-on, unshaded])
            for rule in kit.clue_rules(puzzle, cell, v):
                rule.encode(e, on)
            big += [on] * (v >= 2)
        g = b.new_var() if big else False  # "some clue >= 2 is on": then no lone cells
        for on in big:
            b.add_clause([-on, g])
        for rule in canal_rules(g, lambda m, rows, cols: _Walls(b, m, rows, cols)):
            rule.encode(e)
        return Switchable(GridEncoded(kit, puzzle, e), switches, weak)

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
                      symmetric: Symmetry | None = None) -> Any:
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
            shaded = grow_canal(rows, cols, rng, target, symmetric)
            if len(shaded) > len(best) and (symmetric is None or is_connected(shaded)):
                best = shaded
            if len(best) >= floor:
                break
        return Shading.from_cells(rows, cols, best, "#")

    def clue_holds(self, solution: Solution, cell: ClueKey, clue: Clue) -> bool:
        """A clue's cell is unshaded, and a number sees its count."""
        return solution[cell] != "#" and super().clue_holds(solution, cell, clue)


CANAL = CanalView()
