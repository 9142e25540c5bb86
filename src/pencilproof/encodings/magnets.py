"""Magnets (janko.at: Magnete): the grid is tiled by dominoes; each domino is a magnet, one
half ``+`` and the other ``-``, or neutral (``x`` both halves). Equal poles never share
an edge; the numbers outside count the ``+`` and the ``-`` cells of each row and column.

The dominoes are the puzzle's ``areas`` (regions of two cells; a region of one cell,
janko.at's ``@``, holds no domino and stays neutral; janko.at's Magnete 006 names two
dominoes alike, read as two). The counts are the
parameters ``top`` and ``left`` (``+`` per column and per row) and ``bottom`` and
``right`` (``-`` per column and per row), as the counts are printed around the grid
(null: no count); janko.at's ``clabels``/``rlabels`` give the ``+`` counts on their first
line and the ``-`` counts on their second. Givens are poles or neutral halves: ``+``,
``-``, ``x`` (``.`` none). Answers write each cell ``+``, ``-`` or ``x`` (also read:
``.`` neutral).

Failcodes are pzprjs's (magnets.js), in its order: ``nmAdjacent`` (equal poles touch, or
a magnet's halves alike), ``bkNumLt2`` (a pole whose domino partner is neutral),
``exPlusNe`` / ``exMinusNe`` (a row or column with a wrong count); a changed given is
``nmGiven``. puzz.link's Magnets is wider (rooms of any size, each with at most one
magnet): its URLs are read where the rooms are dominoes (pzprjs's empty cells are the
single cells; :class:`~.kit.excells.MagnetsUrl`); its pzprv3 files (the counts in extra
cells around the grid) have no codec here yet.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .contract import JankoBlock
from .kit import Count, Fix, NotAll, Values, kit_formats
from .kit.blocks import pieces
from .kit.excells import MagnetsUrl
from .kit.lattice import ORTHO, area_sizes, areas, first_cell, normalize_areas, pairs, parse_areas
from .kit.lines_of_cells import EdgeGenre, edge_cells
from .kit.marks import M, Marks
from .kit.model import Encoder, Lit, Rule

CODES = ("nmGiven", "nmAdjacent", "bkNumLt2", "exPlusNe", "exMinusNe")
#: The pole each side counts.
POLE = {"top": "+", "left": "+", "bottom": "-", "right": "-"}


class Domino(Rule):
    """A domino is a magnet (``+`` beside ``-``) or neutral on both halves; a region of
    one cell (janko.at's ``@``: no domino there) is always neutral."""

    code, message = "bkNumLt2", "a pole's partner is neutral"

    def __init__(self, cells: list[Cell]):
        self.cells = cells

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        if len(self.cells) == 1:
            for p in "+-":
                e.clause([-e[M(self.cells[0], p)]], guard)
            return
        a, b = self.cells
        for x, y in ((a, b), (b, a)):
            for p, q in (("+", "-"), ("-", "+")):
                e.clause([-e[M(x, p)], e[M(y, q)]], guard)

    def check(self, v: Values) -> list[Violation]:
        marks = v.cell["marks"]
        poles = [x for x in self.cells if marks[x] != "x"]
        return [self.broken(poles)] if len(poles) == 1 else []


class Magnets(EdgeGenre):
    name = "magnets"
    aliases = ("magnete",)
    summary = "dominoes are magnets (+ and -) or neutral; equal poles never touch; counts outside"
    edge_sides = ("top", "bottom", "left", "right")
    param_keys = ("areas", "top", "bottom", "left", "right")
    layer = Marks("+-", "x", {".": "x"}, "+, - or x")
    url_pids = ("magnets",)
    formats = kit_formats(janko_names=("magnete", "magnets"), blank="x", url_own=MagnetsUrl(),
                          drawing={"+": "letter", "-": "letter"}, legend={"blank": "neutral"})
    label_words = "a count"
    editor_candidates = (".", "+", "-", "x")

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token == ".":
            return None
        if token in ("+", "-", "x"):
            return token
        raise InputError(f"unknown given {token!r} (expected '.', '+', '-' or 'x')", where)

    def edge_label(self, token: object, where: str) -> Optional[int]:
        if token is None or token == ".":
            return None
        value = read_number(token, where, "a count or '.'", "a count must be a number")
        if value < 0:
            raise InputError(f"a count is at least 0, got {value}", where)
        return value

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        if puzzle.param("areas") is None:
            raise InputError("a Magnets puzzle needs its dominoes ('areas': regions of two cells)",
                             where)
        sizes = area_sizes(puzzle.param("areas"))
        large = [k for k, n in sizes.items() if n > 2]
        if large:
            k = min(large)
            r, c = first_cell(puzzle.param("areas"), k)
            raise InputError(f"region {k + 1} has {sizes[k]} cells (at r{r + 1}c{c + 1}): Magnets "
                             "regions are dominoes (or single cells without one)", where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out: list[Rule] = [Domino(cells) for cells in areas(puzzle).values()]
        for a, b in pairs(puzzle):
            for p in "+-":
                out.append(NotAll([M(a, p), M(b, p)], (a, b), "nmAdjacent", f"two {p} poles touch"))
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [Fix(M(cell, p), clue == p, cell, "nmGiven", f"the given {clue} is changed")
                for p in "+-"]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["marks"][cell]

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells, pole = edge_cells(puzzle, side, i), POLE[side]
        what = f"row {i + 1}" if side in ("left", "right") else f"column {i + 1}"
        return [Count([M(x, pole) for x in cells], label, cells,
                      "exPlusNe" if pole == "+" else "exMinusNe",
                      f"{what} has {{k}} {pole} poles, not {{n}}")]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        return v.count(M(x, POLE[side]) for x in edge_cells(puzzle, side, i))

    def verify(self, puzzle: Puzzle, answer: Any) -> list[Violation]:
        return sorted(super().verify(puzzle, answer),
                      key=lambda x: CODES.index(x.code) if x.code in CODES else len(CODES))

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """Janko: ``areas`` (the dominoes; ``@`` a cell without one), ``clabels``/``rlabels``
        (``+`` counts, then ``-`` counts; ``-`` or ``-1`` none; a page without them shows its
        solution's counts), an optional ``problem`` of givens, the ``solution``."""
        grid = block.grid("areas")
        if grid is None:
            raise InputError("no 'areas' section (the dominoes)", block.where)
        names = [[f"@{r},{c}" if t == "@" else t for c, (t, _) in enumerate(line)]
                 for r, line in enumerate(grid)]
        layout = split_pieces(parse_areas(names, block.rows, block.cols, block.where))
        problem = block.grid("problem")
        givens = tuple(tuple(self.parse_clue(t, at) for t, at in line) for line in problem) \
            if problem is not None else tuple((None,) * block.cols for _ in range(block.rows))
        solution = block.grid("solution")
        labels: dict[tuple[str, int], Any] = {}
        for section, sides, n in (("clabels", ("top", "bottom"), block.cols),
                                  ("rlabels", ("left", "right"), block.rows)):
            lines = block.sections.get(section)
            if lines is None and solution is not None:  # janko.at shows the solution's counts
                across = section == "rlabels"
                for side, sign in zip(sides, "+-"):
                    for i in range(n):
                        seen = list(solution[i]) if across else [row[i] for row in solution]
                        labels[(side, i)] = sum(t == sign for t, _ in seen)
                continue
            if not lines or len(lines) != 2 or any(len(line) != n for line in lines):
                raise InputError(f"'{section}' must be two lines of {n} counts (+, then -)",
                                 block.where)
            for side, line in zip(sides, lines):
                for i, (tok, at) in enumerate(line):
                    labels[(side, i)] = self.edge_label(None if tok in ("-", "-1") else tok, at)
        puzzle = self.with_labels(Puzzle(self.name, block.rows, block.cols, givens), labels)
        puzzle = puzzle.with_params(areas=layout)
        self.check_puzzle(puzzle, block.where)
        if solution is None:
            return puzzle, None
        rows = ["".join(t for t, _ in line) for line in solution]
        return puzzle, self.parse_solution(puzzle, rows, block.where)

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        return super().random_layout(rows, cols, rng).with_params(areas=dominoes(rows, cols, rng))


def split_pieces(layout: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Regions as their edge-connected pieces: Janko's Magnete 006 names two separate
    dominoes 15 (and none 25); each piece is a domino of its own."""
    groups: dict[int, list[Cell]] = {}
    for r, row in enumerate(layout):
        for c, k in enumerate(row):
            groups.setdefault(k, []).append((r, c))
    piece = {x: p[0] for cells in groups.values() for p in pieces(cells, ORTHO) for x in p}
    return normalize_areas([[piece[(r, c)] for c in range(len(row))] for r, row in enumerate(layout)])


def dominoes(rows: int, cols: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """A random domino tiling (of all cells but the bottom-right one when their number is
    odd: a cell without a domino, as janko.at's ``@``): rows of horizontal dominoes (the
    last column's upright), then random turns of 2x2 squares covered by two parallel
    dominoes (the flips that connect the tilings of a rectangle)."""
    def start(r: int, c: int) -> tuple[int, int]:
        if cols % 2 == 0 or c < cols - 1:
            return (r, c // 2)
        return (r // 2 if r < rows - rows % 2 else r, c)

    label = {(r, c): start(r, c) for r in range(rows) for c in range(cols)}
    for _ in range(rows * cols * 6 if rows > 1 and cols > 1 else 0):
        r, c = rng.randrange(rows - 1), rng.randrange(cols - 1)
        a, b, d, e = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
        if label[a] == label[b] and label[d] == label[e]:  # two across: stand them up
            label[d], label[b] = label[a], label[e]
        elif label[a] == label[d] and label[b] == label[e]:  # two upright: lay them down
            label[b], label[d] = label[a], label[e]
    return normalize_areas([[label[(r, c)] for c in range(cols)] for r in range(rows)])


MAGNETS = Magnets()
