"""Slitherlink (puzz.link ``slither``, janko.at ``slitherlink``): draw one loop along the
grid lines, never touching itself; a number tells how many of its cell's four sides the
loop runs along.

The answer is the set of cells *inside* the loop (``#`` inside, ``.`` outside; Janko's
solutions mark inside cells ``x``): the loop is their boundary. That boundary is one
simple loop exactly when the kit's :func:`~.kit.loops.region_loop` rules hold, and a
side of a cell is on the loop exactly when the cells on its two sides differ (the area
around the grid is outside). Failcodes are pzprjs's: ``nmLineNe`` (a number with another
count of sides), ``lnCross`` (the loop touches itself at a grid point, where four lines
meet), ``lnPlLoop`` (more than one loop), ``brNoLine`` (no loop).
"""
from __future__ import annotations

from ..puzzle import Cell, Clue, Puzzle, Violation
from .kit import KitGenre, Shade, Values, kit_formats
from .kit.layers import STEP
from .kit.loops import loop_sides, region_loop
from .kit.model import S, Encoder, Lit, Rule


class SidesOnLoop(Rule):
    """A clue: this many of the cell's sides separate an inside cell from an outside one.

    Encoded as the full table over the cell and its neighbours (at most 32 clauses of at
    most five literals): every assignment with another count is forbidden."""

    code = "nmLineNe"

    def __init__(self, puzzle: Puzzle, cell: Cell, n: int):
        self.puzzle, self.cell, self.n = puzzle, cell, n
        r, c = cell
        self.near = [(r + dr, c + dc) for dr, dc in STEP.values()
                     if 0 <= r + dr < puzzle.rows and 0 <= c + dc < puzzle.cols]
        self.border = 4 - len(self.near)  # sides on the grid's edge: outside beyond them

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        lits = [e[S(self.cell)]] + [e[S(x)] for x in self.near]
        k = len(self.near)
        for mask in range(1 << (k + 1)):
            mine = mask & 1
            sides = sum(((mask >> (i + 1)) & 1) != mine for i in range(k)) + mine * self.border
            if sides != self.n:
                e.clause([-lit if mask >> i & 1 else lit for i, lit in enumerate(lits)], guard)

    def check(self, v: Values) -> list[Violation]:
        k = loop_sides(v, self.puzzle, self.cell)
        if k == self.n:
            return []
        return [self.broken([self.cell], f"the loop runs along {k} side{'s' * (k != 1)} of a {self.n}")]


class Slitherlink(KitGenre):
    name = "slitherlink"
    aliases = ("slither_link", "loopy")
    url_pids = ("slither",)
    summary = "draw one loop along the grid lines; a number counts its cell's sides on the loop"
    layer = Shade()
    formats = kit_formats(url_parts=("4cell",), pzprv3_pid="slither",
                          pzprv3_layout=("flag:f", "qnum", "qsub", "edge_lines"),
                          janko_names=("slitherlink",), drawing={"#": "inside"}, blank=".",
                          legend={"inside": "inside the loop", "blank": "outside the loop"})
    janko_solution = {"x": "#"}
    max_clue = 4
    editor_candidates = (".", "?", "0", "1", "2", "3", "4")

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return region_loop(puzzle)

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):  # "?": some number, no rule
            return []
        return [SidesOnLoop(puzzle, cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return loop_sides(v, puzzle, cell)


SLITHERLINK = Slitherlink()
