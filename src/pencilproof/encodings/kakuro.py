"""Kakuro: write 1-9 into the white cells so that every run (a row or column stretch of
white cells between black ones) holds different digits adding up to its sum.

A black cell is a given: ``#`` without sums, or ``D\\R`` with the sum of the run below it
(``D``) and of the run to its right (``R``); either may be left out (``16\\``, ``\\7``).
White cells are empty (``.``) or hold a given digit; answers write ``#`` on black cells.
A run without a sum (a ``#`` before it, or the grid's edge) has different digits only.
Janko publishes no problem section (its grids include the black top row and left column):
the puzzle is the solution's layout, ``-`` black, with every run's digit sum on the black
cell before it. Failcodes are pzprjs's, in its order (``nmDupRow``, ``nmSumRowNe``, ``ceNoNum``); pzprjs's
board is ours without the top row and left column (its outside cells hold those sums):
its URLs and pzprv3 files need those black and carry no given digits.

Generation: a clue is one run's sum (key ``(r, c, "D" | "R")``, the black cell before the
run) or a given digit (key: its cell); the layout (black cells) stays. Random digits
seldom pin a Kakuro down by sums alone, so a drawn puzzle (a border row and column, inner
cells black at random, no run of 1 or over 5) keeps every sum and gets the given digits
its answer needs: a classic Kakuro where none is needed. ``minimize`` of a puzzle may drop
sums that are not needed.
"""
from __future__ import annotations

import random
import re
from typing import Any, Iterator, Mapping, Optional

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import ClueKey, Glyph, JankoBlock, Symmetry
from .kit import AllDifferent, KitAnswer, KitGenre, Number, kit_formats
from .kit.model import Rule
from .kit.bodies import KakuroSums
from .kit.files import KakuroGrid
from .kit.numbers import Arithmetic, LayoutGeneration, filled, given_number, numbers

SUMS = re.compile(r"([0-9]*)\\([0-9]*)")
STEP = {"D": (1, 0), "R": (0, 1)}


def sums(clue: Clue) -> dict[str, int]:
    """The sums of a black cell's given, by direction."""
    m = SUMS.fullmatch(str(clue))
    return {} if m is None else {d: int(v) for d, v in zip("DR", m.groups()) if v}


def sums_clue(down: Optional[int], right: Optional[int]) -> str:
    return "#" if down is None and right is None else f"{'' if down is None else down}\\" \
        f"{'' if right is None else right}"


def black(clue: Clue) -> bool:
    return isinstance(clue, str)


def run(puzzle: Puzzle, cell: Cell, d: str) -> list[Cell]:
    """The white cells after ``cell`` in direction ``d``, up to the next black cell."""
    (dr, dc), out = STEP[d], []
    r, c = cell[0] + dr, cell[1] + dc
    while r < puzzle.rows and c < puzzle.cols and not black(puzzle[(r, c)]):
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


def runs(puzzle: Puzzle) -> list[tuple[Cell, str, list[Cell]]]:
    """Every run (head: the cell before it, off the grid at the edge), across then down."""
    return list(iter_runs(puzzle))


def iter_runs(puzzle: Puzzle) -> Iterator[tuple[Cell, str, list[Cell]]]:
    """:func:`runs` one by one (a check can stop at the first run too long, before a
    1000x1000 grid's two million cell visits)."""
    for d, (dr, dc) in STEP.items():
        for r in range(puzzle.rows):
            for c in range(puzzle.cols):
                head = (r - dr, c - dc)
                if not black(puzzle[(r, c)]) and (min(head) < 0 or black(puzzle[head])):
                    yield head, d, run(puzzle, head, d)


class Kakuro(KitGenre):
    name = "kakuro"
    aliases = ("cross_sums", "crosssums")
    url_pids = ("kakuro",)
    summary = "fill 1-9 into white cells; each run's digits differ and add up to its sum"
    layer = Number(1, 9, blank=True)
    formats = kit_formats(url_own=KakuroSums(sums, sums_clue), pzprv3_pid="kakuro",
                          pzprv3_own=KakuroGrid(sums, sums_clue), janko_names=("kakuro",), blank=".",
                          drawing={"#": "shade", **dict.fromkeys("123456789", "number")})
    editor_candidates = (".", "#", "\\3", "4\\", "16\\7")

    def __init__(self) -> None:
        super().__init__()
        self.generator = KakuroGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if isinstance(token, int) or is_digits(str(token).strip()):
            value = int(str(token))
            if not 1 <= value <= 9:
                raise InputError(f"given digit {value} is out of range (1-9)", where)
            return value
        m = SUMS.fullmatch(str(token).strip())
        if token != "#" and m is None:
            raise InputError(f"unknown token {token!r} (expected '.', a digit, '#' or DOWN\\ACROSS "
                             f"sums such as '16\\7', '\\7', '16\\')", where)
        got = [int(v) if v else None for v in (m.groups() if m else ("", ""))]
        for v in got:
            if v is not None and not 1 <= v <= 45:
                raise InputError(f"sum {v} is out of range (1-45)", where)
        return sums_clue(*got)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        if not black(clue):
            return super().glyph(clue)
        return Glyph(text="" if clue == "#" else str(clue), fill="#c0c0c0")

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return "#" if black(puzzle[cell]) else None

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        for cell, clue in puzzle.clues().items():
            for d, v in sums(clue).items():
                cells = run(puzzle, cell, d)
                if not cells or len(cells) > 9:
                    raise InputError(f"the {'down' if d == 'D' else 'across'} sum {v} at "
                                     f"r{cell[0] + 1}c{cell[1] + 1} has a run of {len(cells)} cells", where)
        for _, _, cells in iter_runs(puzzle):
            if len(cells) > 9:
                raise InputError(f"a run of {len(cells)} white cells from r{cells[0][0] + 1}c"
                                 f"{cells[0][1] + 1} cannot hold different digits 1-9", where)

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """The puzzle read off the solution: ``-`` black, digits white; every run's sum
        on the black cell before it."""
        grid = block.grid("solution")
        if grid is None:
            raise InputError("no 'solution' section (Kakuro's puzzle is read off it)", block.where)
        for line in grid:
            for tok, at in line:
                if tok != "-" and tok not in "123456789":
                    raise InputError(f"unknown solution token {tok!r} (expected '-' or a digit 1-9)", at)
        layout = Puzzle(self.name, block.rows, block.cols,
                        tuple(tuple("#" if t == "-" else None for t, _ in line) for line in grid))
        rows = ["".join("#" if t == "-" else t for t, _ in line) for line in grid]
        got: dict[Cell, dict[str, int]] = {cell: {} for cell, v in layout.clues().items() if black(v)}
        for head, d, cells in runs(layout):
            if min(head) >= 0:
                got[head][d] = sum(int(rows[r][c]) for r, c in cells)
        puzzle = layout.with_clues({x: sums_clue(s.get("D"), s.get("R")) for x, s in got.items()})
        return puzzle, self.parse_solution(puzzle, rows, block.where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out: list[Rule] = [AllDifferent(cells, range(1, 10), "nmDupRow", "a digit repeats in a run")
                           for _, _, cells in runs(puzzle) if len(cells) > 1]
        out += [r for cell, clue in sorted(puzzle.clues().items()) for d, v in sums(clue).items()
                for r in self.clue_rules(puzzle, (*cell, d), v)]
        out += [r for cell, v in sorted(puzzle.clues().items()) if not black(v)
                for r in self.clue_rules(puzzle, cell, v)]
        out += filled(self.free_cells(puzzle), 9, "a white cell has no digit")
        return out

    def all_rules(self, puzzle: Puzzle) -> list[Rule]:
        return self.rules(puzzle)

    def clue_rules(self, puzzle: Puzzle, cell: Any, clue: Clue) -> list[Rule]:
        if len(cell) == 2:
            return [given_number(cell, clue)]
        r, c, d = cell
        return [Arithmetic(run(puzzle, (r, c), d), "+", int(str(clue)), "nmSumRowNe",
                           f"the digits of a run do not add up to {clue}", distinct=True)]


class KakuroGeneration(LayoutGeneration):
    """Run sums as clues on a drawn layout (see the module)."""

    density_range = (0.1, 0.5)
    default_density = 0.25
    density_meaning = "share of inner cells drawn black"

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues: dict[ClueKey, Clue] = {(*cell, d): v for cell, clue in puzzle.clues().items()
                                      for d, v in sums(clue).items()}
        clues.update({cell: v for cell, v in puzzle.clues().items() if not black(v)})
        return puzzle.with_clues({x: "#" for x, v in puzzle.clues().items() if black(v)}), clues

    def with_clues(self, blank: Puzzle, clues: Mapping[ClueKey, Clue]) -> Puzzle:
        got = {cell: sums(clue) for cell, clue in blank.clues().items() if black(clue)}
        for key, v in clues.items():
            if len(key) == 3:
                got.setdefault((key[0], key[1]), {})[key[2]] = int(str(v))
        digits = {k: v for k, v in {**blank.clues(), **clues}.items() if len(k) == 2 and not black(v)}
        return blank.with_clues({**{cell: sums_clue(s.get("D"), s.get("R")) for cell, s in got.items()},
                                 **digits})

    def key_cell(self, key: ClueKey) -> Cell:
        return (key[0], key[1])

    def clue_place(self, key: ClueKey) -> str:
        if len(key) == 3:  # a sum: down (D) or across (R) from its black cell
            return f"r{key[0] + 1}c{key[1] + 1} " + ("down" if key[2] == "D" else "across")
        return super().clue_place(key)

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        """The sums the layout does not show yet, and every white cell's digit."""
        blank, v = self._values(answer)
        out: dict[ClueKey, Clue] = {(*head, d): sum(x or 0 for x in numbers(v, cells))
                                    for head, d, cells in runs(blank)
                                    if min(head) >= 0 and d not in sums(blank[head])}
        out.update({x: n for x, n in v.cell.get("number", {}).items() if blank[x] is None})
        return out

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        share = self.default_density if density is None else density
        for _ in range(100):  # (runs of at most 5 cells: long runs have many digit sets)
            black = {(r, c) for r in range(rows) for c in range(cols)
                     if r == 0 or c == 0 or rng.random() < share}
            layout = settle(Puzzle(self.kit.name, rows, cols, tuple(
                tuple("#" if (r, c) in black else None for c in range(cols)) for r in range(rows))), rng, 5)
            if sum(v is None for row in layout.grid for v in row) * 2 >= (rows - 1) * (cols - 1):
                answer = self._answer_on(layout, rng, None)
                if answer is not None:  # every sum stays (see the module)
                    drawn = KitAnswer(answer.rows, layout)
                    full = self.with_clues(layout, {k: v for k, v in self.clue_candidates(drawn).items()
                                                    if len(k) == 3})
                    return KitAnswer(answer.rows, full)
        raise InputError(f"no Kakuro layout of size {rows}x{cols} was found", "--size")


def settle(layout: Puzzle, rng: random.Random, longest: int = 9) -> Puzzle:
    """The layout with every white cell alone in a run, and a cell of every run over
    ``longest``, blacked out (until none is left)."""
    while True:
        bad = [cells[0] for _, _, cells in runs(layout) if len(cells) == 1]
        bad += [rng.choice(cells) for _, _, cells in runs(layout) if len(cells) > longest]
        if not bad:
            return layout
        layout = layout.with_clues({**layout.clues(), **dict.fromkeys(bad, "#")})


KAKURO = Kakuro()
