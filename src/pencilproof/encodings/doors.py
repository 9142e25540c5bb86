"""Doors (janko.at "Tueren"; also Seethrough): every cell is a room with a door on each side
to its neighbours; close some doors so that every room can still be reached from every
other through open doors, and a room's number counts the other rooms it sees along its
row and column through open doors (a closed door, or the grid's edge, blocks the view).

Answers are :class:`~.kit.division.Walls` (a closed door is a border; the frame is always
one). janko.at writes each cell's closed sides as a bitmask: 1 above, 2 right, 4 below, 8
left, the frame included; the two cells beside a door must agree. puzz.link has no such
genre: the failcodes are this project's, ``bdDivide`` (the rooms fall apart) and
``nmSeenNe`` (a number sees another number of rooms).

Generation draws connected walls at random and offers every room's count.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional, Sequence

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import JankoBlock
from .kit import KitGeneration, KitGenre, Values, kit_formats
from .kit.division import CHAR_OF, Walls, between
from .kit.lattice import sight
from .kit.model import Encoder, Layer, Rule
from .kit.rays import RaySum, Step, held
from .kit.rules import Connected

#: janko.at's bits of a cell's closed sides.
BITS = {"U": 1, "R": 2, "D": 4, "L": 8}
SIDE = {"U": "upper", "R": "right", "D": "lower", "L": "left"}


def door(a: Cell, b: Cell) -> tuple[Any, ...]:
    """The atom "the door between a and b is open" (no border)."""
    a, b = min(a, b), max(a, b)
    return ("door", a[0], a[1], "R" if a[0] == b[0] else "D")


class Doorways(Walls):
    """Walls with an atom per open door besides each border (what connectivity reads)."""

    def __init__(self, rows: int, cols: int):
        super().__init__(rows, cols)
        self._sides = {(r, c): super(Doorways, self).sides((r, c)) for r in range(rows)
                       for c in range(cols)}

    def sides(self, cell: Cell) -> str:
        return self._sides.get(cell, "")

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        super().setup(e, cells)
        for a, b in self.pairs():
            e.lits[door(a, b)] = -e.lits[between(a, b)]

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        super().read(cell, ch, v, where)
        for d, y in (("R", (cell[0], cell[1] + 1)), ("D", (cell[0] + 1, cell[1]))):
            if d in self.sides(cell):
                v.truth[door(cell, y)] = not v[between(cell, y)]


@lru_cache(maxsize=4)
def doorways(rows: int, cols: int) -> Doorways:
    return Doorways(rows, cols)


@lru_cache(maxsize=4096)
def _rays(rows: int, cols: int, cell: Cell) -> tuple[tuple[Step, ...], ...]:
    blank = Puzzle("doors", rows, cols, ((None,) * cols,) * rows)
    return tuple(tuple((door(a, b), True) for a, b in zip([cell] + run, run))
                 for run in sight(blank, cell))


def rays(puzzle: Puzzle, cell: Cell) -> tuple[tuple[Step, ...], ...]:
    """Per direction, the doors from ``cell`` to the edge, each holding when open."""
    return _rays(puzzle.rows, puzzle.cols, cell)


class Doors(KitGenre):
    name = "doors"
    aliases = ("tueren", "türen", "seethrough")
    summary = "close doors between rooms, all rooms still connected; a number counts the rooms it sees"
    janko_problem = {"-": None}
    formats = kit_formats(janko_names=("tueren", "doors"), drawing=dict.fromkeys("|_J", "sides"),
                          answer_regions=True, blank=".")
    editor_candidates = (".", *map(str, range(10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = DoorsGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return doorways(puzzle.rows, puzzle.cols)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        most = puzzle.rows + puzzle.cols - 2
        for (r, c), v in puzzle.clues().items():
            if isinstance(v, int) and v > most:
                raise InputError(f"r{r + 1}c{c + 1}: clue {v} is out of range (a room of a "
                                 f"{puzzle.rows}x{puzzle.cols} grid sees at most {most})", where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        pairs = doorways(puzzle.rows, puzzle.cols).pairs()
        return [Connected(dict.fromkeys(puzzle.cells()), [(a, b, door(a, b)) for a, b in pairs],
                          "bdDivide", "the closed doors cut the rooms into {k} parts")]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [RaySum(rays(puzzle, cell), clue, [cell], "nmSeenNe",
                       "a room sees {k} other rooms instead of {n}")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every room, with the rooms it sees."""
        return sum(held(v, ray) for ray in rays(puzzle, cell))

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """The numbers of ``problem``; the ``solution``'s bitmasks as walls (each side
        checked against the neighbour's and the frame)."""
        puzzle = self.janko_puzzle(block)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        masks = [[self.mask(tok, f"{at}: r{r + 1}c{c + 1}") for c, (tok, at) in enumerate(line)]
                 for r, line in enumerate(grid)]
        rows = []
        for r, line in enumerate(masks):
            for c, m in enumerate(line):
                for d, (y, x), back in (("U", (r - 1, c), "D"), ("L", (r, c - 1), "R"),
                                        ("D", (r + 1, c), "U"), ("R", (r, c + 1), "L")):
                    inside = 0 <= y < block.rows and 0 <= x < block.cols
                    if bool(m & BITS[d]) != (not inside or bool(masks[y][x] & BITS[back])):
                        there = f"r{y + 1}c{x + 1} says otherwise" if inside else "the frame is"
                        raise InputError(f"solution r{r + 1}c{c + 1}: {m} leaves its {SIDE[d]} "
                                         f"side {'closed' if m & BITS[d] else 'open'}, but {there}",
                                         grid[r][c][1])
            rows.append("".join(CHAR_OF["".join(d for d in "RD" if m & BITS[d])] for m in line))
        return puzzle, self.parse_solution(puzzle, rows, block.where)

    @staticmethod
    def mask(token: str, where: str) -> int:
        if is_digits(token) and int(token) < 16:
            return int(token)
        raise InputError(f"unknown solution token {token!r} (expected a number 0-15: closed "
                         f"sides 1 above, 2 right, 4 below, 8 left)", where)


class DoorsGeneration(KitGeneration):
    default_density = 0.3
    density_meaning = "share of closed doors the random answer leans to"


DOORS = Doors()
