"""Shakashaka: put black right triangles (half a cell, in one of its corners) into white
cells so that every white region is a rectangle, upright or turned 45 degrees; a number
on a black cell counts the triangles in its (up to four) edge-neighbours.

The rules as janko.at and puzz.link (shakashaka.js) read them. Failcodes are pzprjs's,
in its order: ``nmTriangleGt`` (more triangles around a number than it says),
``cuNotRectx`` (a white region that is no rectangle), ``nmTriangleLt`` (fewer). pzprjs's
``brNoTriangle`` (no triangle at all) checks that an answer was begun, not a rule.

Givens are black cells: ``#`` (janko.at ``x`` or ``5``, puzz.link's qnum -2; ``?`` is
read as one) or a number 0-4. janko.at's rules: "black cells without a number may have
any number of triangles beside them"; its pages write such a cell ``x`` or ``5`` (no cell
has five neighbours; pzprjs's pzprv3 files write it 5 too).

Answers write a triangle as the box corner its legs make (``F`` ◤, ``7`` ◥, ``L`` ◣,
``J`` ◢: :mod:`.kit.triangles`), ``.`` a white cell, and copy the black
cells (``#`` or the number; a numbered one written ``#`` is the same answer, black
either way); janko.at writes ``nw ne sw se``. puzz.link URLs are
``4cell`` (``.`` a black cell without a number); pzprv3 files write triangles as
pzprjs's 2-5 and unnumbered black cells as ``5``.
"""
from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .contract import ClueKey, UrlBody
from .kit import Count, KitAnswer, KitGeneration, KitGenre, Values, kit_formats
from .kit.lattice import ortho
from .kit.model import Rule
from .kit.triangles import WhiteRectangles, count_near, triangles
from .kit.urlcodec import Cursor, read_4cell, write_4cell

CODES = ("nmTriangleGt", "cuNotRectx", "nmTriangleLt")


class NearCount(Count):
    """A number: exactly n triangles in the cells beside it (pzprjs's two codes)."""

    def __init__(self, puzzle: Puzzle, cell: Cell, n: int):
        near = [x for x in ortho(puzzle, cell) if puzzle[x] is None]  # (walls hold none)
        super().__init__(count_near(near), n, (cell,), "nmTriangleLt", "")

    def check(self, v: Values) -> list[Violation]:
        k = v.count(self.atoms)
        if k == self.n:
            return []
        return [Violation("nmTriangleGt" if k > self.n else "nmTriangleLt",
                          f"{k} triangles beside a {self.n}", self.cells)]


class Walls4Cell(UrlBody):
    """pzprjs's 4Cell body with its qnum -2 (``.``) as an unnumbered black cell."""

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        cur = Cursor(body, where)
        values = read_4cell(cur, rows * cols)
        cur.finish()
        grid = tuple(tuple(genre.parse_clue(values[r * cols + c], f"{where}: r{r + 1}c{c + 1}")
                           for c in range(cols)) for r in range(rows))
        return Puzzle(genre.name, rows, cols, grid)

    def write(self, puzzle: Puzzle) -> str:
        return write_4cell(["?" if v == "#" else v for row in puzzle.grid for v in row])


class Shakashaka(KitGenre):
    name = "shakashaka"
    url_pids = ("shakashaka",)
    summary = "add black half-cell triangles so every white region is a (maybe turned) rectangle"
    layer = triangles()
    janko_problem = {"-": None, "x": "#", "5": "#"}
    janko_solution = {"nw": "F", "ne": "7", "sw": "L", "se": "J"}
    formats = kit_formats(url_own=Walls4Cell(), pzprv3_pid="shakashaka", walls=True,
                          pzpr_values={5: "#"}, janko_names=("shakashaka",), blank=".",
                          pzprv3_write={"L": "2", "J": "3", "7": "4", "F": "5", ".": "."},
                          pzprv3_read={"2": "L", "3": "J", "4": "7", "5": "F", "+": ".", "-": ".",
                                       ".": "."},
                          drawing=dict.fromkeys("F7LJ", "triangle"), legend={"triangle": "triangle",
                                                                             "blank": "white"})
    max_clue = 4
    editor_candidates = (".", "#", "0", "1", "2", "3", "4")

    def __init__(self) -> None:
        super().__init__()
        self.generator = ShakashakaGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token in ("#", "?", "x"):
            return "#"
        value = read_number(token, where, "'.', '#' or a number 0-4", "a given must be '#' or a number")
        if not 0 <= value <= 4:
            raise InputError(f"clue {value} is out of range (0-4)", where)
        return value

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        clue = puzzle[cell]
        return None if clue is None else str(clue)

    def values(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Values:
        """An answer's atoms; a numbered black cell may be written ``#`` too."""
        rows = ["".join(str(puzzle.grid[r][c]) if ch == "#" and puzzle.grid[r][c] is not None else ch
                        for c, ch in enumerate(row)) for r, row in enumerate(rows)]
        return super().values(puzzle, rows, where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return [WhiteRectangles(puzzle.rows, puzzle.cols, lambda x: puzzle[x] is not None,
                                "cuNotRectx", "a white region is no rectangle")]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [NearCount(puzzle, cell, clue)] if isinstance(clue, int) else []

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every black cell, with the triangles beside it."""
        return None if puzzle[cell] is None else v.count(count_near(ortho(puzzle, cell)))

    def verify(self, puzzle: Puzzle, answer: Any) -> list[Violation]:
        return sorted(super().verify(puzzle, answer),
                      key=lambda x: CODES.index(x.code) if x.code in CODES else len(CODES))

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """Black cells scattered at random, a fifth of the cells (measured: denser layouts
        more often admit no answer, sparser ones leave open areas no number settles)."""
        grid = tuple(tuple("#" if rng.random() < 1 / 5 else None for _ in range(cols))
                     for _ in range(rows))
        return Puzzle(self.name, rows, cols, grid)


class ShakashakaGeneration(KitGeneration):
    """Black cells are the layout (they stay); the numbers on them are the clues."""

    density_meaning = "share of white cells the random answer leans to fill with triangles"
    default_density = 0.3

    def random_answer(self, rows: int, cols: int, rng: random.Random, density: float | None,
                      symmetric: Any) -> KitAnswer:
        """Layouts of random black cells until one admits an answer."""
        for _ in range(self.LAYOUTS):
            layout = self.kit.random_layout(rows, cols, rng)
            answer = self._answer_on(layout, rng, density)
            if answer is not None:
                return KitAnswer(answer.rows, layout)
        raise InputError(f"no shakashaka answer of size {rows}x{cols} was found", "--size")

    def answer_for(self, puzzle: Puzzle, answer: Any) -> KitAnswer:
        """The answer with this puzzle's black cells copied in (numbers where it has them)."""
        return KitAnswer(tuple("".join(ch if puzzle.grid[r][c] is None else str(puzzle.grid[r][c])
                                       for c, ch in enumerate(row))
                               for r, row in enumerate(answer.rows)), getattr(answer, "layout", None))

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues: dict[ClueKey, Clue] = {x: v for x, v in puzzle.clues().items() if isinstance(v, int)}
        return puzzle.with_clues({x: "#" for x in puzzle.clues()}), clues


SHAKASHAKA = Shakashaka()
