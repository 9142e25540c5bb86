"""Norinori: shade cells so that every room holds exactly two shaded cells and every
shaded cell shares an edge with exactly one other (the shaded cells form dominoes, which
may cross room borders).

Rooms are the puzzle's ``areas`` (Janko's ``areas`` section, puzz.link's borders).
Failcodes are pzprjs's (lits.js, norinori), in its order: ``csGt2`` (a shaded piece of
three or more), ``bkShadeGt2``, ``csLt2`` (a lone shaded cell), ``bkShadeLt2`` (a room
with one), ``bkNoShade``.

Published Norinori have no givens. So that minimize, generate, repair and the analyses
have clues to switch, a cell may be given as known: ``#`` shaded, ``+`` unshaded
(``ceShaded`` / ``ceUnshaded`` when an answer differs there). URLs (which refuse
them) and pzprv3 files (which refuse them too) carry the rooms only. Generation draws rooms
(:func:`~.kit.placement.random_rooms`, mostly of 3-5 cells), an answer on them, and
offers every cell's value as a given.
"""
from __future__ import annotations

import random

from ..errors import InputError
from ..puzzle import Puzzle
from .contract import JankoBlock
from .kit import KitGeneration, KitGenre, S, Shade, kit_formats
from .kit.lattice import areas
from .kit.bodies import CountBorders
from .kit.model import Rule
from .kit.placement import ExactCount, KnownCells, janko_layout, random_rooms
from .kit.shapes import Dominoes

#: pzprjs's order of checks (the first failing one is what it reports).
ORDER = ("csGt2", "bkShadeGt2", "csLt2", "bkShadeLt2", "bkNoShade")


class Norinori(KnownCells, KitGenre):
    name = "norinori"
    url_pids = ("norinori",)
    summary = "shade two cells in every room so that the shaded cells form dominoes"
    param_keys = ("areas",)
    layer = Shade()
    janko_solution = {"x": "#"}
    formats = kit_formats(url_own=CountBorders(), pzprv3_pid="norinori",
                          pzprv3_layout=("rooms", "ans"), janko_names=("norinori",),
                          drawing={"#": "shade"}, blank=".")
    failcode_order = ORDER

    def __init__(self) -> None:
        super().__init__()
        self.generator = NorinoriGeneration(self)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        if puzzle.param("areas") is None:
            raise InputError("a Norinori needs its rooms ('areas')", where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        return janko_layout(self.name, block)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out: list[Rule] = [Dominoes(puzzle.rows, puzzle.cols, {
            "more": ("csGt2", "a piece of {k} shaded cells"),
            "alone": ("csLt2", "a shaded cell touches no other")})]
        for room in areas(puzzle).values():
            out.append(ExactCount([S(x) for x in room], 2, room, "bkShadeLt2",
                                  "a room has {k} shaded cell instead of 2",
                                  over=("bkShadeGt2", "a room has {k} shaded cells instead of 2"),
                                  none=("bkNoShade", "a room has no shaded cell")))
        return out

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        blank = super().random_layout(rows, cols, rng)
        return blank.with_params(areas=random_rooms(rows, cols, rng, (3, 4, 4, 5, 5, 6), 2))


class NorinoriGeneration(KitGeneration):
    default_density = 0.4


NORINORI = Norinori()
