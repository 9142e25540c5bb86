"""Lampions (janko.at ``Lampions``): every cell holds a number; hang lampions in some of
the cells, at least one. A lampion's number is how many lampions hang in the block of
(up to) nine cells around it, its own cell included; the number of a cell without a
lampion is *not* that count.

This is the reading every published page bears out (of the 1,350 cells of the 77 visible
pages, each lampion's number is its block's count and no other cell's is); janko.at's
rule page was not at hand. Without "at least one" an empty board would answer every
page (no page has a 0). puzz.link has no Lampions: the codes are this project's,
``nmLampNe`` (a lampion's block holds another number of lampions), ``nmPlainEq`` (a cell
without a lampion has exactly its number in its block), ``brNoShade`` (no lampion).

Givens are the numbers 0-9, ``.`` a cell without one (it may hold a lampion or not:
what ``minimize`` and ``generate`` leave). Answers write a lampion ``#`` (Janko's
``x``, also read: ``o``, ``*``), drawn as a lamp on its number. Janko pages name the
genre ``lampions`` or with a series number (``lampions 25``); both are read.
"""
from __future__ import annotations

from .cnf import unary_sum
from ..puzzle import Cell, Clue, Puzzle, Violation
from .kit import KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.lattice import around
from .kit.model import Encoder, Lit, Rule


def block(puzzle: Puzzle, cell: Cell) -> list[Cell]:
    """The cell and the up to eight cells touching it."""
    return sorted([cell, *around(puzzle, cell)])


def not_(x: Lit | bool) -> Lit | bool:
    return not x if isinstance(x, bool) else -x


class Lampion(Rule):
    """A lampion hangs here iff the lampions of the cell's block are its number."""

    def __init__(self, puzzle: Puzzle, cell: Cell, n: int):
        self.cell, self.n, self.others = cell, n, around(puzzle, cell)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        me, n = e[S(self.cell)], self.n
        # the others' count, saturating at n + 1: u[k - 1] is "at least k of them"
        u = unary_sum(e.b, [[e[S(x)]] for x in self.others], n + 1)
        def at_least(k: int) -> Lit | bool:
            return True if k <= 0 else u[k - 1] if k <= len(u) else False
        for clause in ([-me, at_least(n - 1)], [-me, not_(at_least(n))],  # a lampion: n - 1 others
                       [me, not_(at_least(n)), at_least(n + 1)]):  # none: not n around
            if not any(x is True for x in clause):
                e.clause([x for x in clause if x is not False], guard)

    def check(self, v: Values) -> list[Violation]:
        cells = (self.cell, *sorted(self.others))  # (the numbered cell first)
        k = v.count(S(x) for x in cells)
        if v[S(self.cell)] and k != self.n:
            return [Violation("nmLampNe", f"a lampion's number is {self.n}, its block holds {k}",
                              cells)]
        if not v[S(self.cell)] and k == self.n:
            return [Violation("nmPlainEq", f"a cell without a lampion has {k} in its block, "
                              f"its number", cells)]
        return []


class SomeLampion(Rule):
    code, message = "brNoShade", "no lampion hangs"

    def __init__(self, cells: list[Cell]):
        self.cells = cells

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.clause([e[S(x)] for x in self.cells], guard)

    def check(self, v: Values) -> list[Violation]:
        return [] if any(v[S(x)] for x in self.cells) else [self.broken(self.cells)]


class Lampions(KitGenre):
    name = "lampions"
    summary = "hang lampions: a lampion's number counts those in its 3x3 block, another cell's not"
    layer = Shade("#", ".", read_shaded="#xo*")
    janko_solution = {"x": "#"}
    janko_variants = ("#",)  # ('lampions 25': a page's place in a series)
    formats = kit_formats(janko_names=("lampions",), drawing={"#": "lamp"}, blank=".",
                          legend={"lamp": "lampion", "blank": "no lampion"})
    max_clue = 9
    editor_candidates = (".", *map(str, range(10)))
    clue_expected = "'.' or a number 0-9"

    def __init__(self) -> None:
        super().__init__()
        self.generator = LampionsGeneration(self)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return [SomeLampion(list(puzzle.cells()))]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [Lampion(puzzle, cell, clue)] if isinstance(clue, int) else []

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """A lampion's count; a plain cell's count plus or minus one (as fits its block)."""
        cells = block(puzzle, cell)
        k = v.count(S(x) for x in cells)
        if v[S(cell)]:
            return k
        near = [m for m in ((k + 1, k - 1) if sum(cell) % 2 else (k - 1, k + 1))
                if 0 <= m <= len(cells)]
        return near[0]


class LampionsGeneration(KitGeneration):
    default_density = 0.45
    density_meaning = "share of cells with a lampion in the drawn answer"


LAMPIONS = Lampions()
