"""Knossos (janko.at "Knossos"): divide the grid along its lines into rooms of any shape,
each holding exactly one number, which equals the room's perimeter: the cell sides
around it, the frame's included.

Answers are the borders between the rooms (:class:`~.kit.division.Walls`, as Shikaku's):
a cell is ``.``, ``|`` (a border on its right), ``_`` (below) or ``J`` (both); the frame
is always a border. Janko's solutions label each cell's room, read as borders between
differently labelled cells. A ``?`` is a number of unknown value (generation shows one
where a value is not needed). The division is :class:`~.kit.seeded_division.SeededDivision`
(an owner per cell among the numbers that can reach it, connected pieces); each value a
:class:`~.kit.seeded_division.Perimeter` count. puzz.link has no Knossos: the failcodes
are this project's, in pzprjs's style: ``bkNoNum``, ``bkNumGe2`` (a room without or with
several numbers), ``bkPerimNe`` (a room's perimeter differs from its number),
``bdDeadEnd`` (a border inside a room).

Generation as Shikaku's, on rooms of any shape: a drawn division (random rooms of 1 to
2 + 5 x density cells, 4 by default) gets one number per room on a random cell; the
numbers stay, their values are the clues that switch, and
:meth:`~.shikaku.ShikakuGeneration.repair` moves a number within its room while another
division fits them all (so that a random answer's puzzle with every value shown is
unique: its values are then all a repair may need).
"""
from __future__ import annotations

import random
from typing import Any

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from ..solvers.backends import Status, make_backend
from .base import read_number
from .contract import JankoBlock, Symmetry
from .kit import KitAnswer, KitGenre, Values, kit_formats
from .kit.division import Walls, pieces, walls_of
from .kit.model import Layer, Rule
from .kit.placement import random_rooms
from .kit.seeded_division import AgreedWalls, Perimeter, SeededDivision, perimeter, perimeter_reach
from .shikaku import ShikakuGeneration


class Knossos(KitGenre):
    name = "knossos"
    summary = "divide the grid into rooms, each holding one number: its perimeter"
    formats = kit_formats(janko_names=("knossos",), drawing=dict.fromkeys("|_J", "walls"),
                          answer_regions=True, blank=".")
    editor_candidates = (".", "?", *map(str, range(4, 21, 2)))
    min_clue = 4

    def __init__(self) -> None:
        super().__init__()
        self.generator = KnossosGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return AgreedWalls(puzzle.rows, puzzle.cols)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token == "?":
            return "?"
        value = read_number(token, where, "'.', '?' or a number", "a clue must be a number")
        if not self.min_clue <= value <= self.max_clue:
            raise InputError(f"clue {value} is out of range ({self.min_clue}-{self.max_clue})", where)
        return value

    def reach(self, puzzle: Puzzle) -> tuple[dict[Cell, frozenset[Cell]], dict[Cell, int]]:
        """Each number's cells and depth (the kit's bounds for its perimeter)."""
        numbers = {x: (v if isinstance(v, int) else None) for x, v in puzzle.clues().items()}
        return perimeter_reach(puzzle.rows, puzzle.cols, tuple(sorted(numbers.items())))

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return [SeededDivision(Walls(puzzle.rows, puzzle.cols), *self.reach(puzzle))]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [Perimeter(Walls(puzzle.rows, puzzle.cols), cell, clue, self.reach(puzzle)[0][cell])]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        if puzzle[cell] is None:
            return None
        walls = Walls(puzzle.rows, puzzle.cols)
        found, of = pieces(v, walls)
        return perimeter(found[of[cell]], walls)

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """The numbers, and the solution's room labels as borders."""
        puzzle = self.janko_puzzle(block)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        rows = walls_of([[tok for tok, _ in line] for line in grid])
        return puzzle, self.parse_solution(puzzle, rows, block.where)


class KnossosGeneration(ShikakuGeneration):
    """Numbers placed one per room of a drawn division; their values switch. A drawn
    division is kept once its numbers, every value shown, allow it alone: while another
    division fits them, :meth:`repair` moves a number (at most :attr:`MOVES` times)."""

    density_meaning = "how large the drawn rooms are (up to 2 + 5 x density cells)"
    MOVES = 40

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        if symmetric:
            raise InputError("Knossos numbers go one per room of a drawn answer: no "
                             "symmetric layout", "--symmetric")
        most = 2 + round(5 * (self.default_density if density is None else density))
        label = random_rooms(rows, cols, rng, range(1, most + 1))
        walls = Walls(rows, cols)
        cells: dict[int, list[Cell]] = {}
        for r in range(rows):
            for c in range(cols):
                cells.setdefault(label[r][c], []).append((r, c))
        grid: list[list[Clue]] = [[None] * cols for _ in range(rows)]
        for part in cells.values():
            r, c = rng.choice(part)
            grid[r][c] = perimeter(part, walls)
        answer = KitAnswer(tuple(walls_of(label)), Puzzle(self.kit.name, rows, cols, tuple(map(tuple, grid))))
        for _ in range(self.MOVES):
            other = self.another(answer)
            moved = None if other is None else self.repair(answer, other, rng, None)
            if moved is None:
                break
            answer = moved
        return answer

    def another(self, answer: KitAnswer) -> KitAnswer | None:
        """Another answer of the drawn puzzle with every value shown, or None."""
        puzzle = self.with_clues(self.blank_for(answer), self.clue_candidates(answer))
        b = make_backend("cadical")
        try:
            enc = self.kit.encode(puzzle, b)
            b.add_clause(enc.block(answer))
            while b.solve() is Status.SAT:
                other = enc.decode()
                cuts = enc.cuts(other)
                if not cuts:
                    return other
                b.add_clauses(cuts)
            return None
        finally:
            b.close()


KNOSSOS = Knossos()
