"""Corral (janko.at ``Corral``; Bag; puzz.link ``cave``, alias ``bag``): draw one loop
along the grid lines, never touching itself, with every number inside it; a number
counts the inside cells it sees along its row and column up to the loop, its own cell
included.

The answer is the set of cells inside the loop (``#`` inside, ``.`` outside; Janko marks
inside cells ``x``), whose boundary :func:`~.kit.loops.region_loop` makes one simple
loop. puzz.link's Cave shades the outside instead: its answers are read and written
with shaded cells outside (pzprv3 ``#`` -> ``.``, unshaded -> ``#``). Failcodes are
pzprjs's (kurodoko.js, Cave): ``cuDivide`` (the inside falls into pieces),
``csConnOut`` (outside cells shut in), ``nmSumViewNe``; the kit's ``lnCross`` (the loop
touches itself at a point: Cave reports that as one of the two before) and
``brNoLine``; a number outside the loop (pzprjs does not let one be shaded) is this
project's ``nmOutside``. As janko.at reads Bag, a loop along the grid's edge (every cell
inside) is a loop; pzprjs's ``brNoShade`` (nothing shaded) is not asked for.
"""
from __future__ import annotations

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .cnf import and_chain, exactly_sum
from .kit import KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.lattice import sight
from .kit.loops import region_loop
from .kit.model import Encoder, Lit, Rule


def seen(v: Values, runs: list[list[Cell]]) -> int:
    """The inside cells a number sees in an answer, its own included."""
    total = 1
    for run in runs:
        for x in run:
            if not v[S(x)]:
                break
            total += 1
    return total


class View(Rule):
    """A number (None: ``?``) inside the loop that sees that many inside cells."""

    code = "nmSumViewNe"

    def __init__(self, puzzle: Puzzle, cell: Cell, n: int | None):
        self.cell, self.n = cell, n
        self.runs = sight(puzzle, cell)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.clause([e[S(self.cell)]], guard)
        if self.n is not None:
            chains = [and_chain(e.b, [e[S(x)] for x in run[:self.n]]) for run in self.runs]
            exactly_sum(e.b, chains, self.n - 1, guard)

    def check(self, v: Values) -> list[Violation]:
        if not v[S(self.cell)]:
            return [Violation("nmOutside", "a number lies outside the loop", (self.cell,))]
        k = seen(v, self.runs)
        if self.n is None or k == self.n:
            return []
        return [self.broken([self.cell], f"{self.n} sees {k} cells inside the loop")]


class Corral(KitGenre):
    name = "corral"
    aliases = ("bag",)
    url_pids = ("cave",)
    summary = "draw one loop around every number; a number counts the inside cells it sees"
    layer = Shade()
    formats = kit_formats(url_codec="number16", pzprv3_pid="cave", pzprv3_layout=("qnum", "ans"),
                          pzprv3_read={"#": ".", "+": "#", ".": "#"},
                          pzprv3_write={"#": ".", ".": "#"}, janko_names=("corral",),
                          drawing={"#": "inside"}, blank=".",
                          legend={"inside": "inside the loop", "blank": "outside the loop"})
    janko_problem = {"-": None, "?": "?"}
    janko_solution = {"x": "#"}
    editor_candidates = (".", "?", *map(str, range(1, 10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = KitGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        clue = super().parse_clue(token, where)
        if clue == 0:
            raise InputError("clue 0 is out of range (a number counts its own cell: 1 or more)",
                             where)
        return clue

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return region_loop(puzzle, inside_code="cuDivide", outside_code="csConnOut")

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [View(puzzle, cell, clue if isinstance(clue, int) else None)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every inside cell, with the number of inside cells it sees."""
        return seen(v, sight(puzzle, cell)) if v[S(cell)] else None


CORRAL = Corral()
