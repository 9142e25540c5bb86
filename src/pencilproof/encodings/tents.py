"""Tents (janko.at "Zeltlager"): place tents so that every tree has a tent of its own on
a cell beside it (sharing an edge), every tent belongs to one tree, no two tents touch
(not even at a corner), and each row and column holds as many tents as its number says.

Trees are givens ``T`` (kept in answers); the numbers are the ``left`` (one per row)
and ``top`` (one per column) parameters, null where a line has none. Answers write a
tent ``A`` (``o`` is read as one too) and an empty cell ``.``. Janko publishes no problem
section: the trees (``x``) and every line's count are read off the solution (``o``
tents). Failcodes are pzprjs's (tents.js), in its order: ``tentAround``, then its
*camps* (trees and tents joined where a tent is beside a tree) with ``nmTreeNone`` (no
tree), ``nmTentGt``, ``nmTentNone``, ``nmTentLt``, then ``exTentNe``; a camp that balances
and still has no matching (only where tents touch) is this project's ``nmNoMatch``.

The trees stay when clues are switched; the clues are the line numbers. Generation
draws tents (none touching) with a tree beside each, and offers every line's count.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import ClueKey, Glyph, JankoBlock, Symmetry
from .kit import KitAnswer, S, Shade, Values, kit_formats
from .kit.lattice import ortho
from .kit.lines_of_cells import EdgeGeneration, EdgeGenre, count_label, edge_cells, line_name
from .kit.bodies import EdgeTrees
from .kit.files import TentsGrid
from .kit.model import Rule
from .kit.placement import ExactCount, Matching, no_touch, touching

ORDER = ("tentAround", "nmTreeNone", "nmTentGt", "nmTentNone", "nmTentLt", "nmNoMatch", "exTentNe")
CAMPS = {"alone": ("nmTreeNone", "a tent stands by no tree"),
         "over": ("nmTentGt", "more tents than trees stand together"),
         "none": ("nmTentNone", "a tree has no tent beside it"),
         "under": ("nmTentLt", "fewer tents than trees stand together"),
         "unmatched": ("nmNoMatch", "the trees cannot each have a tent of their own")}


def trees(puzzle: Puzzle) -> set[Cell]:
    return {x for x, v in puzzle.clues().items() if v == "T"}


class Tents(EdgeGenre):
    name = "tents"
    aliases = ("zeltlager", "tents_and_trees")
    url_pids = ("tents",)
    summary = "a tent beside every tree, one per tree; tents never touch; line counts"
    edge_sides = ("top", "left")
    param_keys = ("top", "left")
    layer = Shade("A", ".", read_shaded="Ao")
    janko_blank = "."
    formats = kit_formats(url_own=EdgeTrees("T"), pzprv3_pid="tents", pzprv3_own=TentsGrid(),
                          janko_names=("zeltlager",), blank=".",
                          drawing={"A": "lamp"}, legend={"lamp": "tent"})
    editor_candidates = (".", "T")
    failcode_order = ORDER

    def __init__(self) -> None:
        super().__init__()
        self.generator = TentsGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token in ("T", "t"):
            return "T"
        raise InputError(f"unknown given {token!r} (expected '.' or 'T' a tree)", where)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph("T", fill="#c8e6c9")

    def edge_label(self, token: object, where: str) -> Optional[int]:
        return count_label(token, where, "a tent count")

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return "T" if puzzle[cell] == "T" else None

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        woods = trees(puzzle)
        free = [x for x in puzzle.cells() if x not in woods]
        near = {t: [x for x in ortho(puzzle, t) if x not in woods] for t in sorted(woods)}
        return [*no_touch(puzzle, "tentAround", "two tents touch", cells=set(free)),
                Matching(near, free, CAMPS)]

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells = [x for x in edge_cells(puzzle, side, i) if puzzle[x] != "T"]
        return [ExactCount([S(x) for x in cells], label, cells, "exTentNe",
                           f"{line_name(side, i)} has {{k}} tents instead of {{n}}")]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        return v.count(S(x) for x in edge_cells(puzzle, side, i))

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        grid = block.grid("solution")
        if grid is None:
            raise InputError("no 'solution' section (a Janko Zeltlager is read off its solution)",
                             block.where)
        marks = {"x": "T", "o": "A", "-": "."}
        for line in grid:
            for tok, at in line:
                if tok not in marks:
                    raise InputError(f"unknown solution token {tok!r} (expected x a tree, o a tent "
                                     f"or -)", at)
        rows = ["".join(marks[t] for t, _ in line) for line in grid]
        blank = Puzzle(self.name, block.rows, block.cols, tuple(
            tuple("T" if ch == "T" else None for ch in row) for row in rows))
        return self.answered(blank, rows, block.where)

    def answered(self, blank: Puzzle, rows: list[str], where: str) -> tuple[Puzzle, Any]:
        """The puzzle whose line numbers are this answer's counts, and the answer."""
        v = self.values(blank, rows, where)
        labels = {(side, i): self.edge_value(blank, v, side, i) for side in self.edge_sides
                  for i in range(blank.cols if side == "top" else blank.rows)}
        puzzle = self.with_labels(blank, labels)
        return puzzle, self.parse_solution(puzzle, rows, where)


class TentsGeneration(EdgeGeneration):
    """Trees stay; the line numbers are the clues."""

    default_density = 0.15  # (denser: the trees alone often fix every tent)
    density_meaning = "share of cells the drawn tents try to fill (they never touch)"

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        blank, clues = super().split_givens(puzzle)
        woods: dict[Cell, Clue] = dict.fromkeys(trees(puzzle), "T")
        return blank.with_clues(woods), {k: v for k, v in clues.items() if k not in woods}

    def random_answer(self, rows: int, cols: int, rng: random.Random, density: float | None,
                      symmetric: Symmetry | None) -> KitAnswer:
        """Tents on random cells that touch none yet, each with a tree on a free cell beside it."""
        blank = Puzzle(self.kit.name, rows, cols, tuple((None,) * cols for _ in range(rows)))
        order = list(blank.cells())
        rng.shuffle(order)
        tents: set[Cell] = set()
        woods: set[Cell] = set()
        touch: dict[Cell, set[Cell]] = {a: set() for a in order}
        for a, b in touching(blank):
            touch[a].add(b)
            touch[b].add(a)
        want = (density or self.default_density) * rows * cols
        for x in order:
            if len(tents) >= want or x in woods or touch[x] & tents:
                continue
            spots = [y for y in ortho(blank, x) if y not in tents and y not in woods]
            if spots:
                tents.add(x)
                woods.add(rng.choice(spots))
        layout = blank.with_clues(dict.fromkeys(woods, "T"))
        answer = tuple("".join("T" if (r, c) in woods else "A" if (r, c) in tents else "."
                               for c in range(cols)) for r in range(rows))
        return KitAnswer(answer, layout)


TENTS = Tents()
