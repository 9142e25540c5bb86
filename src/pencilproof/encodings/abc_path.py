"""Abc Path (janko.at "Abc-Pfad"): write 1..N (N the number of cells; the classic form
writes A..Y) into the grid, each once, each touching the next across a side or a corner
(a king's path, as in Hidoku); every number outside stands in the row, column or
diagonal it is beside: ``top``, ``bottom``, ``left``, ``right`` and ``corners``
(:mod:`.kit.corner_labels`). Janko pages (``puzzle abcpath``): a ``problem`` of n + 2
rows, its outer ring the numbers outside, within it the givens (``-`` none). Own codes:
``nmDupNum``, ``nmNoNext``, ``nmOutLine`` (a number outside is not in its line),
``ceNoNum``, ``nmGiven``. ``generate --edges only``: no given in a cell but the 1.
"""
from __future__ import annotations

import functools
from typing import Any, ClassVar, Mapping, Optional, Sequence

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .contract import ClueKey, JankoBlock
from .kit import Values, kit_formats
from .kit.corner_labels import (CORNERS, CornerGeneration, CornerGenre, diagonal, is_corner_key,
                                janko_ring, ring_labels)
from .kit.genre import KitAnswer
from .kit.lattice import around
from .kit.lines_of_cells import EdgesOnly, edge_cells, is_edge_key, line_name
from .kit.model import N, Encoder, Layer, Lit, Rule
from .kit.number_path import WIDE_MAX, ConsecutivePath, EachOnce, WideNumber, wide_char, wide_rows
from .kit.numbers import filled, given_number


class InLine(Rule):
    """Number ``v`` stands in one of these cells (encoded on the cells whose domain in the
    puzzle's layer holds it: other atoms of it, as ``filled``'s, are free)."""

    def __init__(self, puzzle: Puzzle, v: int, name: str, line: list[Cell]):
        self.v, self.cells, self.code, self.message = v, tuple(line), "nmOutLine", f"{v} is not in {name}"
        self.may = [x for x in line if v in numbers_of(puzzle).domain(x)]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.clause([e[N(x, self.v)] for x in self.may], guard)

    def check(self, v: Values) -> list[Violation]:
        numbers = v.cell.get("number", {})
        return [] if any(numbers.get(x) == self.v for x in self.cells) else [self.broken(self.cells)]


def least(v: Values, line: list[Cell], first: bool) -> Optional[int]:
    got = [v.cell["number"][x] for x in line if v.cell["number"].get(x) is not None]
    return (min if first else max)(got) if got else None


class AbcPath(CornerGenre):
    name = "abc_path"
    aliases = ("abcpath", "abc-pfad", "abcpfad")
    summary = "write 1-N as a king's path; a number outside stands in its row, column or diagonal"
    param_keys = ("top", "bottom", "left", "right", "corners")
    label_words = "a number"
    formats = kit_formats(janko_names=("abcpath",), blank=".",  # explain writes decimals too
                          drawing={wide_char(v): "number" for v in range(1, WIDE_MAX + 1)},
                          answer_text={wide_char(v): str(v) for v in range(10, WIDE_MAX + 1)})
    editor_candidates = (".", *map(str, range(1, 10)))
    max_clue = WIDE_MAX

    def __init__(self) -> None:
        super().__init__()
        self.generator = AbcPathGeneration(self)

    def edge_label(self, token: object, where: str) -> Optional[int]:
        if token is None or token in ("-", "."):
            return None
        return read_number(token, where, "a number or null", "a number outside must be a number")

    def outside(self, puzzle: Puzzle) -> list[tuple[str, int, list[Cell]]]:
        """Every number outside: (where it is, the number, the cells of its line)."""
        out = [(f"{line_name(side, i)} ({side})", v, edge_cells(puzzle, side, i))
               for (side, i), v in self.labels(puzzle).items()]
        return out + [(f"the {CORNERS[k]} diagonal", v, diagonal(puzzle.rows, k))
                      for k, v in self.corners(puzzle).items()]

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        n = puzzle.rows * puzzle.cols
        if n > WIDE_MAX:
            raise InputError(f"an Abc Path of {n} cells is larger than {WIDE_MAX}", where)
        seen: dict[Any, str] = {}
        for (r, c), v in sorted(puzzle.clues().items()):
            if not (isinstance(v, int) and 1 <= v <= n) or v in seen:
                raise InputError(f"{v!r} at r{r + 1}c{c + 1} is " + (
                    f"given twice (and at {seen[v]})" if v in seen else f"not a number 1-{n}"), where)
            seen[v] = f"r{r + 1}c{c + 1}"
        for place, v, _ in self.outside(puzzle):
            if not 1 <= v <= n:
                raise InputError(f"{v} beside {place} is not a number 1-{n}", where)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return numbers_of(puzzle)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        n, cells = puzzle.rows * puzzle.cols, list(puzzle.cells())
        return [EachOnce(cells, range(1, n + 1), "nmDupNum", "a number is written twice"),
                ConsecutivePath(cells, n, lambda x: around(puzzle, x), "nmNoNext",
                                "{n} does not touch {k}"), *filled(cells, n, f"a cell has no number 1-{n}")]

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        return [InLine(puzzle, label, f"{line_name(side, i)} ({side})", edge_cells(puzzle, side, i))]

    def corner_rules(self, puzzle: Puzzle, k: int, label: Any) -> list[Rule]:
        return [InLine(puzzle, label, f"the {CORNERS[k]} diagonal", diagonal(puzzle.rows, k))]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        """An answer's number outside: its line's least (top, left, upper corners) or greatest."""
        return least(v, edge_cells(puzzle, side, i), side in ("top", "left"))

    def corner_value(self, puzzle: Puzzle, v: Values, k: int) -> Any:
        return least(v, diagonal(puzzle.rows, k), k < 2)

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [given_number(cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["number"][cell]

    def janko_mark(self, token: str, where: str) -> str:
        if is_digits(token):
            return wide_char(int(token))
        raise InputError(f"unknown solution token {token!r} (expected a number)", where)

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> KitAnswer:
        return super().parse_solution(puzzle, wide_rows(rows, puzzle.cols), where)

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """The problem's outer ring is the numbers outside (see the module)."""
        labels, corners, inner = janko_ring(block, "an abcpath")
        grid = tuple(tuple(self.janko_clue(t, at) for t, at in line) for line in inner)
        got = tuple(ring_labels(self, dict(enumerate(corners))).values())
        puzzle = self.with_labels(Puzzle(self.name, block.rows, block.cols, grid),
                                  ring_labels(self, labels))
        puzzle = puzzle.with_params(corners=got if any(x is not None for x in got) else None)
        self.check_puzzle(puzzle, block.where)
        sol = block.grid("solution")
        if sol is None:
            return puzzle, None
        rows = ["".join(self.janko_mark(t, at) for t, at in line) for line in sol]
        return puzzle, self.parse_solution(puzzle, rows, block.where)


class AbcPathGeneration(EdgesOnly, CornerGeneration):
    """``--edges only``: no clue in a cell but the 1 (the classic form)."""

    options: ClassVar[Mapping[str, str]] = {
        "edges": "abc_path: 'only' keeps every clue outside the grid but the 1 (the classic "
                 "form; default: numbers in cells may be clues too)"}

    def outside(self, key: ClueKey, clue: Clue) -> bool:
        return is_edge_key(key) or is_corner_key(key) or clue == 1


@functools.lru_cache(maxsize=32)
def numbers_of(puzzle: Puzzle) -> WideNumber:
    """Each cell's numbers: those no given rules out by distance (a cell k king steps from
    a given g holds no number nearer g than k) and no number outside keeps from it."""
    n = puzzle.rows * puzzle.cols
    givens = {x: v for x, v in puzzle.clues().items() if isinstance(v, int)}
    lines: dict[int, list[set[Cell]]] = {}
    for _, v, line in ABC_PATH.outside(puzzle):
        lines.setdefault(v, []).append(set(line))
    domains: dict[Cell, list[int]] = {}
    for x in puzzle.cells():
        domains[x] = [givens[x]] if x in givens else [
            v for v in range(1, n + 1) if v not in givens.values()
            and all(x in line for line in lines.get(v, ()))
            and all(max(abs(x[0] - y[0]), abs(x[1] - y[1])) <= abs(v - w) for y, w in givens.items())]
    return WideNumber(1, n, blank=True, domain=domains.__getitem__)


ABC_PATH = AbcPath()
