"""Kurodoko (janko.at: Kuromasu): shade cells so that no two shaded cells share an edge and
the unshaded cells form one connected piece; a number counts the unshaded cells it sees
along its row and column up to a shaded cell or the edge, its own cell included.

Numbers are never shaded. The rules as janko.at and puzz.link (kurodoko.js) read them;
failcodes are pzprjs's: ``csAdjacent``, ``cuDivideRB``, ``nmSumViewNe``; a shaded number
(pzprjs does not let one be drawn) is this project's ``nmShaded``. pzprjs's
``brNoShade`` (nothing shaded) checks that an answer was begun, not a rule (as Heyawake
reads it). ``?`` is a number of unknown value: its cell stays unshaded.

A number's rule: per direction the prefix conjunctions "the first k cells are all
unshaded" (a sorted unary count of the cells it sees that way), their sum equal to the
number less one, and its own cell unshaded, all behind the number's switch.
"""
from __future__ import annotations

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .cnf import and_chain, exactly_sum
from .kit import KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.lattice import sight
from .kit.model import Encoder, Lit, Rule
from .kit.regions import shaded_apart, unshaded_connected


def seen(v: Values, runs: list[list[Cell]]) -> int:
    """The cells a number sees in an answer, its own included."""
    total = 1
    for run in runs:
        for x in run:
            if v[S(x)]:
                break
            total += 1
    return total


class Sight(Rule):
    """A number (None: ``?``) on an unshaded cell that sees that many unshaded cells."""

    code = "nmSumViewNe"

    def __init__(self, puzzle: Puzzle, cell: Cell, n: int | None):
        self.cell, self.n = cell, n
        self.runs = sight(puzzle, cell)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.clause([-e[S(self.cell)]], guard)
        if self.n is not None:
            chains = [and_chain(e.b, [-e[S(x)] for x in run[:self.n]]) for run in self.runs]
            exactly_sum(e.b, chains, self.n - 1, guard)

    def check(self, v: Values) -> list[Violation]:
        if v[S(self.cell)]:
            return [Violation("nmShaded", "a number's cell is shaded", (self.cell,))]
        k = seen(v, self.runs)
        if self.n is None or k == self.n:
            return []
        return [self.broken([self.cell], f"{self.n} sees {k} unshaded cells")]


class Kurodoko(KitGenre):
    name = "kurodoko"
    aliases = ("kuromasu",)
    url_pids = ("kurodoko",)
    summary = "shade non-touching cells, the rest connected; a number counts the cells it sees"
    layer = Shade()
    janko_problem = {"-": None, "?": "?"}
    janko_solution = {"x": "#"}
    formats = kit_formats(url_codec="number16", pzprv3_pid="kurodoko",
                          janko_names=("kuromasu", "kurodoko"), drawing={"#": "shade"}, blank=".")
    editor_candidates = (".", "?", *map(str, range(2, 10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = KurodokoGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token == "?":
            return "?"
        value = read_number(token, where, "'.', '?' or a number", "a clue must be a number")
        if value < 1:
            raise InputError(f"clue {value} is out of range (a number counts its own cell: 1 "
                             f"or more)", where)
        return value

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        most = puzzle.rows + puzzle.cols - 1
        for (r, c), v in puzzle.clues().items():
            if isinstance(v, int) and v > most:
                raise InputError(f"r{r + 1}c{c + 1}: clue {v} is out of range (a cell of a "
                                 f"{puzzle.rows}x{puzzle.cols} grid sees at most {most})", where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return [*shaded_apart(puzzle), unshaded_connected(puzzle)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [Sight(puzzle, cell, clue if isinstance(clue, int) else None)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every unshaded cell, with the number of cells it sees."""
        return None if v[S(cell)] else seen(v, sight(puzzle, cell))


class KurodokoGeneration(KitGeneration):
    default_density = 0.3


KURODOKO = Kurodoko()
