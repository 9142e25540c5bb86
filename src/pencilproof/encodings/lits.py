"""LITS: shade one tetromino (four edge-connected cells) in every room so that the shaded
cells form one connected piece with no 2x2 block shaded, and no two tetrominoes of the
same shape share an edge across a room border (mirror images and rotations count as
the same shape).

Rooms are the puzzle's ``areas`` (Janko's ``areas`` section, puzz.link's borders).
Janko's solutions name each tetromino's shape (``I L S T``); they are read as shaded
cells, the shapes following from them. Failcodes are pzprjs's (lits.js), in its
order: ``cs2x2``, ``bkShadeGt4``, ``bkShadeDivide`` (a room's shaded cells in pieces),
``bsSameShape``, ``csDivide``, ``bkNoShade``, ``bkShadeLt4``.

Each room is one :class:`~.kit.shapes.RoomPiece` (a selector per way a tetromino lies
in it, whose shape atoms :class:`~.kit.shapes.ShapesApart` shares). As in Norinori, a
cell may be given as known (``#`` shaded, ``+`` unshaded) for minimize, generate and
the analyses; URLs (which refuse them) and pzprv3 files (which refuse them too) carry the rooms
only. Generation draws rooms of 4-7 cells, an answer on them, and offers every cell's
value as a given.
"""
from __future__ import annotations

import random

from ..errors import InputError
from ..puzzle import Puzzle
from .contract import JankoBlock
from ..puzzle import Cell, Clue
from .contract import Glyph
from .kit import KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.lattice import (HOLE, check_areas_connected, holes, janko_rooms, pieces_apart,
                          rooms_without_holes)
from .kit.bodies import CountBorders
from .kit.model import Rule
from .kit.placement import KnownCells, janko_layout, random_rooms
from .kit.regions import no_shaded_2x2, shaded_connected
from .kit.rules import Fix
from .kit.shapes import RoomPiece, ShapesApart

ORDER = ("cs2x2", "bkShadeGt4", "bkShadeDivide", "bsSameShape", "csDivide", "bkNoShade",
         "bkShadeLt4")
CODES = {"over": ("bkShadeGt4", "a room has {k} shaded cells, more than 4"),
         "split": ("bkShadeDivide", "a room's shaded cells are not one piece"),
         "none": ("bkNoShade", "a room has no shaded cell"),
         "under": ("bkShadeLt4", "a room has {k} shaded cells, fewer than 4")}


class Lits(KnownCells, KitGenre):
    name = "lits"
    url_pids = ("lits",)
    summary = "shade a tetromino in every room: all connected, no 2x2, equal shapes apart"
    param_keys = ("areas",)
    layer = Shade()
    janko_solution = dict.fromkeys("ILST", "#")
    formats = kit_formats(url_own=CountBorders(), pzprv3_pid="lits", pzprv3_layout=("rooms", "ans"),
                          janko_names=("lits",), drawing={"#": "shade"}, blank=".")
    failcode_order = ORDER

    def __init__(self) -> None:
        super().__init__()
        self.generator = LitsGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        return HOLE if token == HOLE else super().parse_clue(token, where)

    def glyph(self, clue: Clue) -> Glyph | None:
        return Glyph(hole=True) if clue == HOLE else super().glyph(clue)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        layout = puzzle.param("areas")
        if layout is None:
            raise InputError("a LITS needs its rooms ('areas')", where)
        if len(layout) != puzzle.rows or any(len(row) != puzzle.cols for row in layout):
            raise InputError(f"'areas' is not {puzzle.rows}x{puzzle.cols} like the grid", where)
        gone = holes(puzzle)  # (holes may share a label without being one room)
        check_areas_connected(pieces_apart([[(r, c) if (r, c) in gone else k for c, k in enumerate(row)]
                                            for r, row in enumerate(layout)]) if gone else layout, where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        """Janko's rooms (:func:`~.kit.lattice.janko_rooms`): a cell ``@`` is in no room
        (LITS 061), so it stays unshaded."""
        grid = block.grid("areas")
        return janko_rooms(janko_layout(self.name, block), [[t for t, _ in line] for line in grid or ()],
                           block.where)

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if clue == HOLE:
            return [Fix(S(cell), False, cell, "ceUnshaded", "a cell in no room is shaded")]
        return super().clue_rules(puzzle, cell, clue)

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return HOLE if puzzle[cell] == HOLE else super().clue_value(puzzle, v, cell)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out = no_shaded_2x2(puzzle)
        rooms = [RoomPiece(room, 4, k, CODES) for k, room in sorted(rooms_without_holes(puzzle).items())]
        out += rooms
        out.append(ShapesApart(rooms, "bsSameShape", "two {shape} tetrominoes touch"))
        out.append(shaded_connected(puzzle))
        return out

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        blank = super().random_layout(rows, cols, rng)
        return blank.with_params(areas=random_rooms(rows, cols, rng, (4, 5, 5, 6, 6, 7), 4))


class LitsGeneration(KitGeneration):
    default_density = 0.5


LITS = Lits()
