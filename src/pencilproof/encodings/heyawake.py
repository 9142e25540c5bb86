"""Heyawake: shade cells in a grid of rooms so that no two shaded cells share an edge,
the unshaded cells form one connected piece, a room's number tells how many of its cells
are shaded, and no horizontal or vertical run of unshaded cells crosses more than one
room border (it may touch two rooms, never three).

Rooms are the puzzle's ``areas`` (Janko's ``areas`` section, puzz.link's borders). A
room's number may stand in any of its cells (puzz.link puts it in the top-left one), a
room holds at most one, and numbered cells may be shaded; ``?`` is a number of unknown
value. Failcodes are pzprjs's (heyawake.js): ``csAdjacent``, ``cuDivideRB``,
``bkShadeNe``, ``bkUnshadeConsecGt3``. pzprjs's ``brNoShade`` (nothing shaded yet) is a
check that an answer was begun, not a rule: an answer may shade nothing where the
numbers allow it.

Generation draws rooms (:meth:`Heyawake.random_layout`: rectangles of random sizes
tiling the grid), an answer on them, and offers one number per room, in its first cell.
"""
from __future__ import annotations

import random

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .kit import Count, KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .contract import JankoBlock
from .kit.lattice import areas, janko_rooms, normalize_areas, one_given_per_area
from .kit.model import Rule
from .kit.regions import RoomRuns, shaded_apart, unshaded_connected

#: Room sides the generator draws. Thin rooms say more: on 10x10, 19 of 60 attempts were
#: unique with these, 1 of 60 with (1, 2, 2, 3, 3, 4), none with (2, 2, 3).
SIDES = (1, 2, 2, 3)


class Heyawake(KitGenre):
    name = "heyawake"
    url_pids = ("heyawake", "heyawacky")
    summary = "shade non-touching cells, unshaded connected; room counts; no run across 3 rooms"
    param_keys = ("areas",)
    layer = Shade()
    janko_problem = {"-": None, "?": "?"}
    janko_solution = {"x": "#"}
    formats = kit_formats(url_parts=("border", "roomnumber16"), pzprv3_pid="heyawake",
                          pzprv3_layout=("rooms", "qnum", "ans"),
                          janko_names=("heyawake",), drawing={"#": "shade"}, blank=".")
    editor_candidates = (".", "?", *map(str, range(10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = HeyawakeGeneration(self)

    def rooms(self, puzzle: Puzzle) -> dict[int, list[Cell]]:
        if puzzle.param("areas") is None:
            raise InputError("a Heyawake needs its rooms ('areas')")
        return areas(puzzle)

    def room_of(self, puzzle: Puzzle, cell: Cell) -> list[Cell]:
        return self.rooms(puzzle)[puzzle.param("areas")[cell[0]][cell[1]]]

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        if puzzle.param("areas") is None:
            raise InputError("a Heyawake needs its rooms ('areas')", where)
        one_given_per_area(puzzle, "room", "number", where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        """Janko's rooms: each piece of a label a room (:func:`~.kit.lattice.janko_rooms`)."""
        puzzle, grid = super().janko_puzzle(block), block.grid("areas")
        return puzzle if grid is None else janko_rooms(
            puzzle, [[t for t, _ in line] for line in grid], block.where, hole=None)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        self.rooms(puzzle)
        return [*shaded_apart(puzzle), unshaded_connected(puzzle),
                RoomRuns(puzzle.param("areas"), "bkUnshadeConsecGt3",
                         "a run of unshaded cells crosses two room borders")]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        room = self.room_of(puzzle, cell)
        return [Count([S(x) for x in room], clue, room, "bkShadeNe",
                      "a room has {k} shaded cells instead of {n}")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        room = self.room_of(puzzle, cell)
        return v.count(S(x) for x in room) if cell == min(room) else None

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """Rectangles of random sides (:data:`SIDES`) tiling the grid, placed in reading
        order at the first cell not yet in a room."""
        label = [[-1] * cols for _ in range(rows)]
        k = 0
        for r in range(rows):
            for c in range(cols):
                if label[r][c] >= 0:
                    continue
                run = next((j for j in range(c, cols) if label[r][j] >= 0), cols) - c
                w, h = min(run, rng.choice(SIDES)), min(rows - r, rng.choice(SIDES))
                for i in range(r, r + h):  # (rooms above end above row r: these are free)
                    label[i][c:c + w] = [k] * w
                k += 1
        blank = super().random_layout(rows, cols, rng)
        return blank.with_params(areas=normalize_areas(label))


class HeyawakeGeneration(KitGeneration):
    default_density = 0.3


HEYAWAKE = Heyawake()
