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
from .kit import KitGeneration, KitGenre, Shade, kit_formats
from .kit.lattice import areas
from .kit.bodies import CountBorders
from .kit.model import Rule
from .kit.placement import KnownCells, janko_layout, random_rooms
from .kit.regions import no_shaded_2x2, shaded_connected
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

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        if puzzle.param("areas") is None:
            raise InputError("a LITS needs its rooms ('areas')", where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        return janko_layout(self.name, block)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out = no_shaded_2x2(puzzle)
        rooms = [RoomPiece(room, 4, k, CODES) for k, room in sorted(areas(puzzle).items())]
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
