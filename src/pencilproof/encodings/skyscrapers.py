"""Skyscrapers (Janko "Wolkenkratzer"): fill 1..N (building heights) so that every row and
column holds each height once, the given heights stay, and a number outside the grid
tells how many buildings are seen from there (a building hides every lower one behind it).

The edge numbers travel in the puzzle's ``top``, ``bottom`` (one per column, left to
right), ``left`` and ``right`` (one per row, top to bottom) parameters: lists of numbers
or None. ``diagonals``: true when both main diagonals also hold each height once (janko.at's
"skyscrapers, diagonals" puzzles). ``depth``: the tallest height, where it is below the
size N: each row and column (and diagonal) then holds 1..depth once and the other cells
stay empty (``.``), hiding nothing (janko.at's Wolkenkratzer with ``depth`` below
``size``; a missing height is ``nmMissRow``). Janko's blocks give ``clabels`` (two
lines: the top numbers, then the bottom ones) and ``rlabels`` (left, then right), ``-`` for none, and an
optional ``problem`` of given heights. Failcodes are pzprjs's, in its order (``nmDupRow``,
``nmSightNe``, ``ceNoNum``), with this project's ``nmDupDiag`` and ``nmGiven``. Pictures
show the heights, not the edge numbers. puzz.link URLs and pzprv3 files have no diagonals
and no depth.

Generation: the clues are the edge numbers (key ``(r, c, side)``: the cell next to the
number, side ``T`` ``B`` ``L`` ``R``) and the given heights (key: the cell).
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import ClueKey, JankoBlock
from .kit import AllDifferent, Count, KitGenre, Number, Values, kit_formats
from .kit.lattice import lines
from .kit.model import N, Encoder, Layer, Rule
from .kit.bodies import SightNumbers
from .kit.files import SightGrid
from .kit.numbers import LayoutGeneration, Visible, filled, given_number, numbers, sight

SIDES = {"top": "T", "bottom": "B", "left": "L", "right": "R"}


def edge_key(n: int, side: str, i: int) -> tuple[int, int, str]:
    """The clue key of the i-th number of a side (the cell next to it, and the side)."""
    return {"T": (0, i, "T"), "B": (n - 1, i, "B"), "L": (i, 0, "L"), "R": (i, n - 1, "R")}[side]


def view(n: int, key: tuple[int, int, str]) -> list[Cell]:
    """The cells a number sees, nearest first."""
    r, c, side = key
    if side in "TB":
        cells = [(y, c) for y in range(n)]
    else:
        cells = [(r, x) for x in range(n)]
    return cells if side in "TL" else cells[::-1]


class Heights(Number):
    """Heights 1..d or an empty cell (``.``), "empty" an atom of its own (what answers are
    blocked and compared by where cells stay empty)."""

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        super().setup(e, cells)
        for x in cells:
            if N(x, None) not in e.lits:
                e.lits[N(x, None)] = -e.reify_or([e.lits[N(x, v)] for v in range(self.lo, self.hi + 1)])


class Skyscrapers(KitGenre):
    name = "skyscrapers"
    aliases = ("wolkenkratzer", "towers", "skyscraper")
    url_pids = ("skyscrapers",)
    summary = "fill 1-N once per row and column; edge numbers count the buildings seen from there"
    param_keys = ("top", "bottom", "left", "right", "diagonals", "depth")
    formats = kit_formats(url_own=SightNumbers(), pzprv3_pid="skyscrapers", pzprv3_own=SightGrid(),
                          janko_names=("skyscrapers, diagonals",), blank=".",
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    max_clue = 35
    editor_candidates = (".", *map(str, range(1, 10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = SkyscrapersGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        d = self.depth(puzzle)
        return Heights(1, d, blank=True) if d < puzzle.rows else Number(1, d, blank=True)

    def depth(self, puzzle: Puzzle) -> int:
        """The tallest height (the size, unless ``depth`` leaves cells empty)."""
        return puzzle.param("depth") or puzzle.rows

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key == "depth":
            d = read_number(value, where, "a number", "'depth' must be a number")
            if d < 1:
                raise InputError(f"'depth' is at least 1, got {d}", where)
            return d
        if key == "diagonals":
            if not isinstance(value, bool):
                raise InputError("'diagonals' must be true or false", where)
            return value or None
        if key not in SIDES:
            return super().parse_param(key, value, where)
        if not isinstance(value, (list, tuple)):
            raise InputError(f"'{key}' must be a list of numbers or nulls", where)
        got = tuple(None if v in (None, "-", ".") else read_number(v, f"{where} {i + 1}", "a number",
                                                                   "an edge number must be a number")
                    for i, v in enumerate(value))
        return got if any(v is not None for v in got) else None

    def labels(self, puzzle: Puzzle) -> dict[tuple[int, int, str], int]:
        """Every edge number by its clue key."""
        out = {}
        for side, s in SIDES.items():
            for i, v in enumerate(puzzle.param(side) or ()):
                if v is not None:
                    out[edge_key(puzzle.rows, s, i)] = v
        return out

    def margins(self, puzzle: Puzzle) -> dict[str, tuple[str, ...]]:
        """The edge numbers beside the grid."""
        return {side: tuple("" if v is None else str(v) for v in labels)
                for side in ("top", "bottom", "left", "right")
                if (labels := puzzle.param(side)) is not None}

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        n = puzzle.rows
        if puzzle.cols != n or n > 35:
            raise InputError(f"a Skyscrapers grid is square up to 35x35, not {puzzle.rows}x{puzzle.cols}",
                             where)
        d = self.depth(puzzle)
        if d > n:
            raise InputError(f"'depth' {d} is more than the size {n}", where)
        for side in SIDES:
            got = puzzle.param(side)
            if got is not None and len(got) != n:
                raise InputError(f"'{side}' has {len(got)} numbers, the grid has {n}", where)
            if got is not None and any(v is not None and not 1 <= v <= d for v in got):
                raise InputError(f"'{side}' has a number outside 1-{d}", where)
        for (r, c), v in puzzle.clues().items():
            if not isinstance(v, int) or not 1 <= v <= d:
                raise InputError(f"given {v!r} at r{r + 1}c{c + 1} is not a height 1-{d}", where)

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """Edge numbers from ``clabels``/``rlabels``, heights from an optional ``problem``,
        ``depth`` the tallest height (below the size: ``0`` is an empty cell)."""
        n = block.rows
        depth = self.parse_param("depth", block.fields.get("depth", str(n)), f"{block.where}: depth")
        params: dict[str, Any] = {"diagonals": "diagonal" in block.fields.get("puzzle", "") or None,
                                  "depth": depth if depth != n else None}
        for section, sides in (("clabels", ("top", "bottom")), ("rlabels", ("left", "right"))):
            found = block.sections.get(section, ())
            if len(found) != 2 or any(len(toks) != n for toks in found):
                raise InputError(f"'{section}' must be 2 lines of {n} numbers or '-'", block.where)
            for side, toks in zip(sides, found):
                got = tuple(None if t == "-" else self.janko_clue(t, at) for t, at in toks)
                params[side] = got if any(v is not None for v in got) else None
        puzzle = (self.janko_puzzle(block) if "problem" in block.sections else
                  Puzzle(self.name, n, n, ((None,) * n,) * n)).with_params(**params)
        sol = block.grid("solution")
        rows = None if sol is None else [" ".join("." if t == "0" else t for t, _ in row) for row in sol]
        return puzzle, None if rows is None else self.parse_solution(puzzle, rows, block.where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        n, d = puzzle.rows, self.depth(puzzle)
        values = range(1, d + 1)
        houses = [(f"in {name}", cells, "nmDupRow") for name, cells in lines(puzzle)]
        if puzzle.param("diagonals"):
            houses += [("on a diagonal", cells, "nmDupDiag")
                       for cells in ([(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)])]
        out: list[Rule] = [AllDifferent(cells, values, code, f"a height repeats {name}", exact=True)
                           for name, cells, code in houses]
        out += [r for key, v in sorted(self.labels(puzzle).items()) for r in self.clue_rules(puzzle, key, v)]
        if d == n:
            return out + filled(puzzle.cells(), n, f"a cell has no height 1-{n}")
        return out + [Count([N(x, v) for x in cells], 1, cells, "nmMissRow", f"no {v} {name}", ">=")
                      for name, cells, _ in houses for v in values]

    def clue_rules(self, puzzle: Puzzle, cell: Any, clue: Clue) -> list[Rule]:
        if len(cell) == 3:
            side = {"T": "top", "B": "bottom", "L": "left", "R": "right"}[cell[2]]
            return [Visible(view(puzzle.rows, cell), int(str(clue)), "nmSightNe",
                            f"{{k}} buildings are seen from the {side} of r{cell[0] + 1}c{cell[1] + 1}, "
                            f"not {clue}")]
        return [given_number(cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["number"][cell]


class SkyscrapersGeneration(LayoutGeneration):
    """Edge numbers and given heights, all switchable (see the module)."""

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues: dict[ClueKey, Clue] = {**puzzle.clues(), **SKYSCRAPERS.labels(puzzle)}
        return puzzle.with_clues({}).with_params(**dict.fromkeys(SIDES)), clues

    def with_clues(self, blank: Puzzle, clues: Mapping[ClueKey, Clue]) -> Puzzle:
        n = blank.rows
        cells = {k: v for k, v in clues.items() if len(k) == 2}
        params: dict[str, Any] = {}
        for side, s in SIDES.items():
            got = [(blank.param(side) or (None,) * n)[i] for i in range(n)]
            for i in range(n):
                got[i] = clues.get(edge_key(n, s, i), got[i])
            params[side] = tuple(got) if any(x is not None for x in got) else None
        return blank.with_clues({**blank.clues(), **cells}).with_params(**params)

    def key_cell(self, key: ClueKey) -> Cell:
        return (key[0], key[1])

    def clue_place(self, key: ClueKey) -> str:
        if len(key) == 3:
            r, c, side = key
            return (f"column {c + 1} " + ("top" if side == "T" else "bottom") if side in "TB"
                    else f"row {r + 1} " + ("left" if side == "L" else "right"))
        return super().clue_place(key)

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        blank, v = self._values(answer)
        out = super().clue_candidates(answer)
        n = blank.rows
        for s in SIDES.values():
            for i in range(n):
                key = edge_key(n, s, i)
                out[key] = sight(numbers(v, view(n, key)))
        return out


SKYSCRAPERS = Skyscrapers()
