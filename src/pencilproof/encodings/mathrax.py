"""Mathrax (janko.at Mathrax): fill 1..N once per row and column; a circle where four
cells meet holds a result that each of its two diagonal pairs makes by its operation
(``7+``, ``12*``; ``3-``, ``2/``: the larger number minus or divided by the smaller, so
``0-`` and ``1/`` say equal), or ``e`` / ``o`` (its four numbers are even / odd).

The circles are the ``nodes`` parameter: N-1 rows of N-1 (null: none), [i][j] the circle
where cells (i, j) and (i+1, j+1) meet, drawn on that grid point. Janko: a ``nodes``
section (``-`` none, ``x`` for ``*``, ``E``/``O`` as ``e``/``o``), the given numbers in
``problem``, which 28 of the 82 visible pages leave out (no givens: the circles are the
puzzle). Codes: pzprjs's ``nmDupRow``, ``ceNoNum``; own ``nmGiven``, ``ciCalcNe`` (a
diagonal misses its circle), ``ciParityNe`` (a number of the wrong parity at e/o).
Generation: givens (key: the cell) and circles (key ``(i, j, "O")``) switch; a circle's
clue is an operation both diagonals agree on, else e/o, where one does.
"""
from __future__ import annotations

import re
from typing import Any, Mapping, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import ClueKey, JankoBlock
from .kit import Count, KitGenre, Number, Values, kit_formats
from .kit.model import N, Layer, Rule
from .kit.numbers import (Arithmetic, LayoutGeneration, check_square, combine, filled, given_number,
                          janko_number_mark, latin_lines)

NODE = re.compile(r"([0-9]+)\s*([-+*/xX×÷−:])")
SPELLING = {"x": "*", "X": "*", "×": "*", "÷": "/", ":": "/", "−": "-"}
DRAWN = {"*": "x"}  # (fonts of PNG pictures lack × and ÷)


def parse_node(token: object, where: str) -> Optional[str]:
    """A circle's token as its canonical clue (``7+``, ``12*``, ``e``, ``o``), None: none."""
    if token is None or token in ("-", "."):
        return None
    text = str(token).strip()
    if text.lower() in ("e", "o"):
        return text.lower()
    m = NODE.fullmatch(text)
    if m is None:
        raise InputError(f"unknown circle {token!r} (expected a result and one of + - * /, e, o or -)", where)
    return f"{int(m.group(1))}{SPELLING.get(m.group(2), m.group(2))}"


def four(i: int, j: int) -> tuple[Cell, Cell, Cell, Cell]:
    """The cells around circle (i, j): top left, bottom right, top right, bottom left."""
    return (i, j), (i + 1, j + 1), (i, j + 1), (i + 1, j)


class Mathrax(KitGenre):
    name = "mathrax"
    summary = "fill 1-N once per row and column; a circle's diagonal pairs make its result (7+, 2/, e, o)"
    param_keys = ("nodes",)
    formats = kit_formats(janko_names=("mathrax",), blank=".",
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    editor_candidates = (".", *map(str, range(1, 10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = MathraxGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Number(1, puzzle.rows, blank=True)

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "nodes":
            return super().parse_param(key, value, where)
        if not isinstance(value, (list, tuple)) or not all(isinstance(row, (list, tuple)) for row in value):
            raise InputError("'nodes' must be rows of circles (such as \"7+\", \"2/\", \"e\" or null)", where)
        return tuple(tuple(parse_node(t, f"{where}: row {i + 1}") for t in row)
                     for i, row in enumerate(value))

    def nodes(self, puzzle: Puzzle) -> dict[tuple[int, int], str]:
        return {(i, j): t for i, row in enumerate(puzzle.param("nodes") or ()) for j, t in enumerate(row)
                if t is not None}

    def corner_clues(self, puzzle: Puzzle) -> Mapping[tuple[int, int], str]:
        return {(i + 1, j + 1): t[:-1] + DRAWN.get(t[-1], t[-1])
                for (i, j), t in self.nodes(puzzle).items()}

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        n = puzzle.rows
        check_square(n, puzzle.cols, "a Mathrax", where)
        for (r, c), v in puzzle.clues().items():
            if not isinstance(v, int) or not 1 <= v <= n:
                raise InputError(f"given {v!r} at r{r + 1}c{c + 1} is not a number 1-{n}", where)
        layout = puzzle.param("nodes")
        if layout is not None and (len(layout) != n - 1 or any(len(row) != n - 1 for row in layout)):
            raise InputError(f"'nodes' is not {n - 1}x{n - 1} (the inner corners of {n}x{n} cells)", where)

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """``problem`` (optional) the given numbers, ``nodes`` the circles (see the module)."""
        n = block.rows
        problem = block.grid("problem")
        grid = tuple(tuple(self.janko_clue(tok, f"{at}: r{r + 1}c{c + 1}")
                           for c, (tok, at) in enumerate(line)) for r, line in enumerate(problem)
                     ) if problem is not None else ((None,) * n,) * n
        lines_ = block.sections.get("nodes", ())
        if lines_ and len(lines_) < n - 1:
            raise InputError(f"nodes has {len(lines_)} rows, expected {n - 1}", block.where)
        for r, line in enumerate(lines_[:n - 1]):
            if len(line) != n - 1:
                raise InputError(f"nodes row {r + 1} has {len(line)} tokens, expected {n - 1}", line[0][1])
        nodes = tuple(tuple(parse_node(tok, at) for tok, at in line) for line in lines_[:n - 1])
        puzzle = Puzzle(self.name, n, block.cols, grid).with_params(nodes=nodes or None)
        sol = block.grid("solution")
        if sol is None:
            return puzzle, None
        rows = ["".join(janko_number_mark(t, at) for t, at in row) for row in sol]
        return puzzle, self.parse_solution(puzzle, rows, block.where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        n = puzzle.rows
        out = latin_lines(puzzle) + filled(puzzle.cells(), n, f"a cell has no number 1-{n}")
        for (i, j), clue in self.nodes(puzzle).items():
            out += self.circle(puzzle, i, j, clue)
        return out

    def circle(self, puzzle: Puzzle, i: int, j: int, clue: str) -> list[Rule]:
        cells = four(i, j)
        at = f"the circle at r{i + 1}c{j + 1}/r{i + 2}c{j + 2}"
        if clue in ("e", "o"):
            wrong = [N(x, v) for x in cells for v in range(1, puzzle.rows + 1) if v % 2 == (clue == "e")]
            return [Count(wrong, 0, cells, "ciParityNe",
                          f"{at} has {{k}} {'odd' if clue == 'e' else 'even'} numbers")]
        op, goal = clue[-1], int(clue[:-1])
        return [Arithmetic(pair, op, goal, "ciCalcNe", f"a diagonal of {at} does not make {clue}")
                for pair in (cells[:2], cells[2:])]

    def clue_rules(self, puzzle: Puzzle, cell: Any, clue: Clue) -> list[Rule]:
        if len(cell) == 3:  # a circle (i, j, "O")
            return self.circle(puzzle, cell[0], cell[1], str(clue))
        return [given_number(cell, clue)]

    def random_layout(self, rows: int, cols: int, rng: Any) -> Puzzle:
        check_square(rows, cols, "a Mathrax", "--size")
        return super().random_layout(rows, cols, rng)

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["number"][cell]


class MathraxGeneration(LayoutGeneration):
    """Given numbers and circles, both switchable (see the module)."""

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues: dict[ClueKey, Clue] = dict(puzzle.clues())
        clues.update({(i, j, "O"): t for (i, j), t in MATHRAX.nodes(puzzle).items()})
        return puzzle.with_clues({}).with_params(nodes=None), clues

    def with_clues(self, blank: Puzzle, clues: Mapping[ClueKey, Clue]) -> Puzzle:
        n = blank.rows
        nodes = {**MATHRAX.nodes(blank), **{(k[0], k[1]): str(v) for k, v in clues.items() if len(k) == 3}}
        layout = tuple(tuple(nodes.get((i, j)) for j in range(n - 1)) for i in range(n - 1))
        cells = {k: v for k, v in clues.items() if len(k) == 2}
        return blank.with_clues({**blank.clues(), **cells}).with_params(nodes=layout if nodes else None)

    def key_cell(self, key: ClueKey) -> Cell:
        return (key[0], key[1])

    def clue_place(self, key: ClueKey) -> str:
        if len(key) == 3:
            return f"on the corner of r{key[0] + 1}c{key[1] + 1} and r{key[0] + 2}c{key[1] + 2}"
        return super().clue_place(key)

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        blank, v = self._values(answer)
        out = super().clue_candidates(answer)
        got = v.cell["number"]
        for i in range(blank.rows - 1):
            for j in range(blank.cols - 1):
                a, b, c, d = (got.get(x) or 0 for x in four(i, j))
                ops = [f"{combine(op, (a, b))}{op}" for op in "+-*/"
                       if combine(op, (a, b)) is not None and combine(op, (a, b)) == combine(op, (c, d))]
                ops += [p for p, r in (("e", 0), ("o", 1)) if all(x % 2 == r for x in (a, b, c, d))]
                if ops and min(a, b, c, d) > 0:
                    out[(i, j, "O")] = ops[(i * 7 + j * 3) % len(ops)]
        return out


MATHRAX = Mathrax()
