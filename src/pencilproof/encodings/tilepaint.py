"""Tilepaint (janko.at "Tairupeinto"): the grid is cut into tiles; shade some tiles, each
wholly or not at all, so that a number beside a row or column is how many of its cells
are shaded.

Tiles are the puzzle's ``areas``; the numbers are the parameters ``left`` (one per row)
and ``top`` (one per column), null a line without one. Janko pages publish no problem
section: ``areas`` are the tiles, ``rlabels`` the row numbers, ``clabels`` the column
numbers (``-``: none), the ``solution`` marks shaded cells ``x``. Failcodes are pzprjs's
(tilepaint.js), in its order: ``bkMixed`` (a tile partly shaded), ``asShadeNe`` (a line
with another count). pzprjs's ``brNoShade`` (nothing shaded yet) checks that an answer
was begun, not a rule. pzprjs also puts numbers in black cells inside the grid (its
"51" cells); janko.at's pages have them only at the edges, and so does this genre.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Puzzle, Violation
from .contract import JankoBlock
from .kit import S, Shade, Values, kit_formats
from .kit.lattice import areas, parse_areas
from .kit.lines_of_cells import EdgeGenre, count_label, edge_cells, line_name
from .kit.model import Encoder, Lit, Rule
from .kit.placement import random_rooms
from .kit.rules import Count

ORDER = ("bkMixed", "asShadeNe")


class Alike(Rule):
    """These cells are all shaded or all unshaded (a tile)."""

    def __init__(self, cells: list[Cell], code: str, message: str):
        self.cells, self.code, self.message = tuple(cells), code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for a, b in zip(self.cells, self.cells[1:]):
            e.clause([-e[S(a)], e[S(b)]], guard)
            e.clause([e[S(a)], -e[S(b)]], guard)

    def check(self, v: Values) -> list[Violation]:
        return [] if len({v[S(x)] for x in self.cells}) <= 1 else [self.broken(self.cells)]


class Tilepaint(EdgeGenre):
    name = "tilepaint"
    aliases = ("tairupeinto",)
    summary = "shade whole tiles so each row and column has its number of shaded cells"
    edge_sides = ("left", "top")
    param_keys = ("areas", "left", "top")
    layer = Shade()
    janko_solution = {"x": "#"}
    formats = kit_formats(janko_names=("tairupeinto", "tilepaint"), drawing={"#": "shade"}, blank=".")
    editor_candidates = (".",)
    labels_only = ("a Tilepaint", "numbers")
    label_words = "a count"
    failcode_order = ORDER

    def edge_label(self, token: object, where: str) -> Optional[int]:
        return count_label(token, where, "a count", "-")

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        if puzzle.param("areas") is None:
            raise InputError("a Tilepaint needs its tiles ('areas')", where)
        for (side, i), n in self.labels(puzzle).items():
            most = puzzle.cols if side == "left" else puzzle.rows
            if n > most:
                raise InputError(f"the count {n} of {line_name(side, i)} is more than its "
                                 f"{most} cells", where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return [Alike(room, "bkMixed", "a tile is partly shaded")
                for room in areas(puzzle).values() if len(room) > 1]

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells = edge_cells(puzzle, side, i)
        return [Count([S(x) for x in cells], label, cells, "asShadeNe",
                      f"{line_name(side, i)} has {{k}} shaded cells instead of {label}")]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        return v.count(S(x) for x in edge_cells(puzzle, side, i))

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        blank = super().random_layout(rows, cols, rng)
        return blank.with_params(areas=random_rooms(rows, cols, rng, (1, 2, 2, 3, 3, 4), 1))

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """``areas`` the tiles, ``rlabels``/``clabels`` the counts, ``solution`` the ``x`` cells."""
        tiles = block.grid("areas")
        if tiles is None:
            raise InputError("no 'areas' section", block.where)
        layout = parse_areas([[t for t, _ in line] for line in tiles], block.rows, block.cols,
                             block.where)
        blank = Puzzle(self.name, block.rows, block.cols,
                       tuple((None,) * block.cols for _ in range(block.rows))).with_params(areas=layout)
        labels: dict[tuple[str, int], Any] = {}
        for section, side, n in (("rlabels", "left", block.rows), ("clabels", "top", block.cols)):
            got = block.sections.get(section)
            if not got or len(got[0]) != n:
                raise InputError(f"'{section}' must be one line of {n} counts", block.where)
            for i, (tok, at) in enumerate(got[0]):
                labels[(side, i)] = self.edge_label(tok, at)
        puzzle = self.with_labels(blank, labels)
        self.check_puzzle(puzzle, block.where)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        rows = ["".join(self.janko_mark(tok, f"{at}: r{r + 1}c{c + 1}") for c, (tok, at) in
                        enumerate(line)) for r, line in enumerate(grid)]
        return puzzle, self.parse_solution(puzzle, rows, block.where)


TILEPAINT = Tilepaint()
