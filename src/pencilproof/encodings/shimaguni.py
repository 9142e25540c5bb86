"""Shimaguni (janko.at "Shimaguni", islands): shade cells so that every room holds exactly
one island (its shaded cells form one edge-connected piece, and there is one), shaded
cells of different rooms never share an edge, a room's number is its island's size, and
the islands of two rooms that share a border differ in size.

Rooms are the puzzle's ``areas`` (Janko's ``areas`` section, puzz.link's borders). A
room's number may stand in any of its cells (puzz.link puts it in the top-left one), a
room holds at most one; ``?`` is a number of unknown value. Some Janko pages have no
``problem`` section (no numbers). Failcodes are pzprjs's (shimaguni.js), in its order:
``cbShade``, ``bkShadeDivide``, ``bkShadeNe``, ``bsEqShade``, ``bkNoShade``.
"""
from __future__ import annotations

import random

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .cnf import unary_sum
from .contract import JankoBlock
from .kit import Count, KitGeneration, KitGenre, NotAll, S, Shade, Values, kit_formats
from .kit.lattice import areas, janko_rooms, one_given_per_area
from .kit.model import Encoder, Lit, Rule
from .kit.placement import janko_layout, random_rooms
from .kit.rules import Connected

ORDER = ("cbShade", "bkShadeDivide", "bkShadeNe", "bsEqShade", "bkNoShade")


class SizesDiffer(Rule):
    """Rooms that share a border have different numbers of shaded cells: a unary count
    per room (a totalizer), and per pair and size k not both exactly k."""

    def __init__(self, rooms: list[list[Cell]], pairs: list[tuple[int, int]], code: str,
                 message: str):
        self.rooms, self.pairs, self.code, self.message = rooms, pairs, code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        used = {i for pair in self.pairs for i in pair}
        u = {i: unary_sum(e.b, [[e[S(x)]] for x in self.rooms[i]], len(self.rooms[i]))
             for i in used}
        g = [] if guard is None else [-guard]
        for a, b in self.pairs:
            for k in range(1, min(len(u[a]), len(u[b])) + 1):
                clause = g + [-u[a][k - 1], -u[b][k - 1]]
                clause += [x[k] for x in (u[a], u[b]) if k < len(x)]
                e.b.add_clause(clause)

    def check(self, v: Values) -> list[Violation]:
        size = [v.count(S(x) for x in room) for room in self.rooms]
        return [self.broken(self.rooms[a] + self.rooms[b]) for a, b in self.pairs
                if size[a] == size[b] > 0]


class Shimaguni(KitGenre):
    name = "shimaguni"
    url_pids = ("shimaguni",)
    summary = "one island per room, islands of neighbouring rooms apart and of different sizes"
    param_keys = ("areas",)
    layer = Shade()
    janko_problem = {"-": None, "?": "?"}
    janko_solution = {"x": "#"}
    formats = kit_formats(url_parts=("border", "roomnumber16"), pzprv3_pid="shimaguni",
                          pzprv3_layout=("rooms", "qnum", "ans"),
                          janko_names=("shimaguni",), drawing={"#": "shade"}, blank=".")
    editor_candidates = (".", "?", *map(str, range(10)))
    failcode_order = ORDER

    def __init__(self) -> None:
        super().__init__()
        self.generator = ShimaguniGeneration(self)

    def rooms(self, puzzle: Puzzle) -> dict[int, list[Cell]]:
        if puzzle.param("areas") is None:
            raise InputError("a Shimaguni needs its rooms ('areas')")
        return areas(puzzle)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        if puzzle.param("areas") is None:
            raise InputError("a Shimaguni needs its rooms ('areas')", where)
        one_given_per_area(puzzle, "room", "number", where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        """Janko's rooms (each piece of a label a room); numbers where a problem is given."""
        if block.grid("problem") is None:
            return janko_layout(self.name, block)
        puzzle, grid = super().janko_puzzle(block), block.grid("areas")
        return puzzle if grid is None else janko_rooms(
            puzzle, [[t for t, _ in line] for line in grid], block.where, hole=None)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        rooms = list(self.rooms(puzzle).values())
        index = {x: i for i, room in enumerate(rooms) for x in room}
        out: list[Rule] = []
        pairs: set[tuple[int, int]] = set()
        for (r, c), i in index.items():
            for y in ((r + 1, c), (r, c + 1)):
                j = index.get(y)
                if j is not None and j != i:
                    out.append(NotAll([S((r, c)), S(y)], ((r, c), y), "cbShade",
                                      "shaded cells of two rooms share an edge"))
                    pairs.add((min(i, j), max(i, j)))
        for room in rooms:
            out.append(Connected({x: S(x) for x in room}, [], "bkShadeDivide",
                                 "a room's shaded cells are not one piece", grid=(puzzle.rows, puzzle.cols)))
        out.append(SizesDiffer(rooms, sorted(pairs), "bsEqShade",
                               "the islands of two neighbouring rooms have the same size"))
        for room in rooms:
            out.append(Count([S(x) for x in room], 1, room, "bkNoShade", "a room has no shaded cell",
                             ">="))
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        room = self.rooms(puzzle)[puzzle.param("areas")[cell[0]][cell[1]]]
        return [Count([S(x) for x in room], clue, room, "bkShadeNe",
                      "a room has {k} shaded cells instead of {n}")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        room = self.rooms(puzzle)[puzzle.param("areas")[cell[0]][cell[1]]]
        return v.count(S(x) for x in room) if cell == min(room) else None

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        blank = super().random_layout(rows, cols, rng)
        return blank.with_params(areas=random_rooms(rows, cols, rng, (2, 3, 4, 4, 5, 6), 2))


class ShimaguniGeneration(KitGeneration):
    default_density = 0.3


SHIMAGUNI = Shimaguni()
