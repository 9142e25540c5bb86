"""Sudoku, classic and irregular (Janko's "Sudoku Chaos"): fill 1..N so that every row,
column and box holds each number once.

Boxes are the puzzle's ``areas`` when it has them (irregular Sudoku; Janko ``areas``), else
its ``boxes`` ([height, width] of every box, e.g. [3, 2] in a 6x6 grid), else the standard
boxes of an N x N grid (4: 2x2, 6: 2x3, 8: 2x4, 9: 3x3, 10: 2x5, 12: 3x4, 15: 3x5, 16: 4x4);
other sizes need ``areas`` or ``boxes``. ``diagonals``: true when both main diagonals also
hold each number once (janko.at's "sudoku, diagonals"). Janko blocks: ``patternx`` is a
box's width and ``patterny`` its height (``pattern K``: K x K); the ``puzzle`` line's words
after the genre name its variants; givens and answers are numbers or letters standing for
them (a-f, A-F for 1-6: :func:`.kit.numbers.janko_numbers`), ``-`` or ``.`` for none.
Failcodes are pzprjs's, in its order (``bkDupNum`` a number twice in a box, ``nmDupRow``
twice in a row or column, ``ceNoNum`` an empty cell: answers may leave cells ``.``, as
pzprjs's may), with this project's ``nmDupDiag`` (twice on a diagonal). puzz.link's Sudoku
has standard boxes only and no diagonals: a puzzle with ``boxes`` or ``diagonals`` has no URL.
"""
from __future__ import annotations

import math
import random
import re
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import Genre, JankoBlock
from .kit import AllDifferent, KitGenre, Number, Values, kit_formats
from .kit.lattice import areas, normalize_areas, parse_areas
from .kit.layers import number_char
from .kit.model import Layer, Rule
from .kit.numbers import check_square, diagonal_lines, filled, given_number, janko_numbers, latin_lines

def box_shape(n: int) -> tuple[int, int] | None:
    """(height, width) of the standard boxes of an n x n Sudoku: the most square split."""
    for h in range(math.isqrt(n), 1, -1):
        if n % h == 0:
            return h, n // h
    return None


def box_layout(n: int, shape: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """The ``areas`` of an n x n grid cut into boxes of this (height, width)."""
    h, w = shape
    return normalize_areas([[(r // h, c // w) for c in range(n)] for r in range(n)])


def standard_areas(n: int) -> tuple[tuple[int, ...], ...] | None:
    shape = box_shape(n)
    return None if shape is None else box_layout(n, shape)


def parse_boxes(value: object, where: str) -> tuple[int, int]:
    """A ``boxes`` value: [height, width] or the text ``HxW``."""
    m = re.fullmatch(r"\s*(\d+)\s*x\s*(\d+)\s*", value) if isinstance(value, str) else None
    if m:
        value = [int(m[1]), int(m[2])]
    if not (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in value)):
        raise InputError("'boxes' must be [height, width] of a box (or 'HxW'), numbers from 1", where)
    return value[0], value[1]


def check_boxes(shape: tuple[int, int], n: int, where: str) -> None:
    if shape[0] * shape[1] != n:
        raise InputError(f"boxes of {shape[0]}x{shape[1]} do not tile a {n}x{n} grid", where)


def parse_frame_param(genre: KitGenre, key: str, value: object, where: str) -> Any:
    """The ``boxes`` and ``diagonals`` parameters of the Sudokus (others: the kit's)."""
    if key == "boxes":
        return parse_boxes(value, where)
    if key == "diagonals":
        if not isinstance(value, bool):
            raise InputError("'diagonals' must be true or false", where)
        return value or None
    return KitGenre.parse_param(genre, key, value, where)


def _norm(name: str) -> str:
    return re.sub(r"[\s_\-]", "", name.lower())


def janko_frame(block: JankoBlock, genre: Genre, with_boxes: bool = True) -> dict[str, Any]:
    """The ``boxes`` (``patternx`` wide, ``patterny`` tall; None: the standard ones) and
    ``diagonals`` (the ``puzzle`` line's variant, which the reader has checked against
    the genre's ``janko_variants``) of a Janko block."""
    line = block.fields.get("puzzle", "").strip()
    names = {_norm(x) for x in (genre.name, *genre.aliases, *genre.formats.janko_names)}
    rest = "" if not line or _norm(line) in names else (
        line.split(",", 1)[1] if "," in line else (line.split(None, 1) + [""])[1])
    variants = {_norm(w) for w in re.split(r"[\s,]+", rest) if w}
    out: dict[str, Any] = {"diagonals": "diagonals" in variants or None}
    f = block.fields
    px, py = f.get("patternx", f.get("pattern")), f.get("patterny", f.get("pattern"))
    if with_boxes and (px, py) != (None, None):
        if px is None or py is None:
            raise InputError("a box pattern needs 'patternx' (a box's width) and 'patterny' "
                             "(its height)", block.where)
        shape = parse_boxes(f"{py}x{px}", block.where)
        check_boxes(shape, block.rows, block.where)
        out["boxes"] = None if shape == box_shape(block.rows) else shape
    return out


def frame_rules(puzzle: Puzzle, layout: Optional[tuple[tuple[int, ...], ...]]) -> list[Rule]:
    """Boxes (this layout; None: none), rows and columns, diagonals where the puzzle has them."""
    values = range(1, puzzle.rows + 1)
    boxes = areas(puzzle.with_params(areas=layout)).values() if layout else ()
    out: list[Rule] = [AllDifferent(cells, values, "bkDupNum", "a number repeats in a box",
                                    exact=True) for cells in boxes]
    out += latin_lines(puzzle)
    if puzzle.param("diagonals"):
        out += diagonal_lines(puzzle)
    return out


class Sudoku(KitGenre):
    name = "sudoku"
    aliases = ("sudoku_chaos", "sudoku-chaos", "chaos", "irregular_sudoku", "sudoku_irregular",
               "jigsaw")
    url_pids = ("sudoku",)
    summary = "fill 1-N so each row, column and box holds every number once (boxes may be irregular)"
    param_keys = ("areas", "boxes", "diagonals")
    janko_variants = ("diagonals",)
    formats = kit_formats(url_codec="number16", pzprv3_pid="sudoku", janko_names=("sudoku",),
                          blank=".", pzprv3_layout=("square", "qnum", "anum"),
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    max_clue = 36
    editor_candidates = (".", *map(str, range(1, 10)))

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Number(1, puzzle.rows, blank=True)

    def regions(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...] | None:
        shape = puzzle.param("boxes")
        return puzzle.param("areas") or (box_layout(puzzle.rows, shape) if shape
                                         else standard_areas(puzzle.rows))

    def parse_param(self, key: str, value: object, where: str) -> Any:
        return parse_frame_param(self, key, value, where)

    def validate(self, puzzle: Puzzle, where: str) -> None:
        n = puzzle.rows
        check_square(n, puzzle.cols, "a Sudoku", where)
        for (r, c), v in puzzle.clues().items():
            if not (isinstance(v, int) and 1 <= v <= n):
                raise InputError(f"clue {v!r} at r{r + 1}c{c + 1} is not a number 1-{n}", where)
        shape = puzzle.param("boxes")
        if shape is not None:
            if puzzle.param("areas") is not None:
                raise InputError("a Sudoku has 'areas' or 'boxes', not both", where)
            check_boxes(shape, n, where)
        elif puzzle.param("areas") is None and standard_areas(n) is None:
            raise InputError(f"a {n}x{n} Sudoku has no standard boxes: give its 'areas'", where)
        if puzzle.param("areas") is not None:
            sizes = sorted(len(cells) for cells in areas(puzzle).values())
            if sizes != [n] * n:
                raise InputError(f"the areas of a {n}x{n} Sudoku must be {n} regions of {n} "
                                 f"cells, got sizes {sizes}", where)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        self.validate(puzzle, where)

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """Numbers or letters (:func:`.kit.numbers.janko_numbers`), ``areas`` (the boxes
        of a Sudoku Chaos) or a box pattern, and the variant."""
        n = block.rows
        grid = block.grid("problem")
        if grid is None:
            raise InputError("no 'problem' section", block.where)
        puzzle = Puzzle(self.name, n, block.cols, tuple(map(tuple, janko_numbers(grid, n, "problem"))))
        layout = block.grid("areas")
        if layout is not None:
            puzzle = puzzle.with_params(areas=parse_areas([[t for t, _ in line] for line in layout],
                                                          n, block.cols, block.where))
        puzzle = puzzle.with_params(**janko_frame(block, self, with_boxes=layout is None))
        sol = block.grid("solution")
        if sol is None:
            return puzzle, None
        rows = ["".join("." if v is None else number_char(v) for v in line)
                for line in janko_numbers(sol, n, "solution")]
        return puzzle, self.parse_solution(puzzle, rows, block.where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out = frame_rules(puzzle, self.regions(puzzle))
        # Also what stops a number outside 1..N (the layer reads any digit or letter).
        out += filled(puzzle.cells(), puzzle.rows, f"a cell has no number 1-{puzzle.rows}")
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [given_number(cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["number"][cell]

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """Standard boxes where the size has them, else random irregular boxes."""
        check_square(rows, cols, "a Sudoku", "--size", most=None)
        blank = super().random_layout(rows, cols, rng)
        if standard_areas(rows) is not None:
            return blank
        return blank.with_params(areas=jigsaw(rows, rng))


def jigsaw(n: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """n connected regions of n cells each: the rows, reshaped by random swaps of two
    edge-adjacent cells of different regions that keep both regions connected."""
    label = {(r, c): r for r in range(n) for c in range(n)}

    def connected(k: int) -> bool:
        cells = {x for x, v in label.items() if v == k}
        todo, seen = [next(iter(cells))], set()
        while todo:
            x = todo.pop()
            if x not in seen:
                seen.add(x)
                todo += [y for y in ((x[0] + 1, x[1]), (x[0] - 1, x[1]), (x[0], x[1] + 1),
                                     (x[0], x[1] - 1)) if y in cells]
        return len(seen) == len(cells)

    for _ in range(n * n * 8):
        a = (rng.randrange(n), rng.randrange(n))
        b = rng.choice([(a[0] + 1, a[1]), (a[0], a[1] + 1)])
        if b not in label or label[a] == label[b]:
            continue
        c = rng.choice([x for x in label if label[x] == label[b] and x != b])
        # a joins b's region and c leaves it for a's: sizes stay n.
        ka, kb = label[a], label[b]
        label[a], label[c] = kb, ka
        if not (connected(ka) and connected(kb)):
            label[a], label[c] = ka, kb
    return normalize_areas([[label[(r, c)] for c in range(n)] for r in range(n)])


SUDOKU = Sudoku()
