"""Pipeline (janko.at ``Pipeline``): draw one pipe between the two given end pieces
through every given piece; it never branches or crosses; a number beside a row or
column is how many of its cells the pipe passes.

Givens are pipe pieces, as answers write them: ``| - L J 7 F`` (two openings) and the
ends ``^ > v <`` (one opening, towards that side); Janko's tokens name a piece's
openings (``ns``, ``se``, ..., ``s`` alone an end). Labels: ``top`` (one per column) and
``left`` (one per row), Janko's ``clabels`` and ``rlabels``; a block with neither (pages
001-029) has every line's number counted from its solution (read as Battleships' pages
without numbers; so read, all are unique). Own codes: ``lnGiven`` (a given piece
changed), ``exPipeNe`` (a line count), and the kit's path codes (``lnDeadEnd``,
``lcIsolate``, ``lcTripleNum``, ``lcOnNum``, ``nmNoLine``: an end piece is the path's
terminal).

Generation: a random stretch of a random Hamiltonian path is the pipe; its two end
pieces stay given, the other pieces and the line counts are the clues.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .contract import ClueKey, Glyph, JankoBlock, Symmetry
from .kit import KitAnswer, Values, kit_formats
from .kit.batch_lines import BatchLines
from .kit.layers import PIPE_DIRS, STEP, edge_atom
from .kit.lines_of_cells import (EdgeGeneration, EdgeGenre, count_label, edge_cells,
                                  is_edge_key, line_name)
from .kit.links import TerminalPaths, pipe_rows, random_path
from .kit.loops import LineDegrees, degree
from .kit.model import Encoder, Lit, Rule
from .cnf import unary_sum
from .kit.paths import JANKO_PIPES, LoopCount, on_loop

ENDS = {"n": "^", "s": "v", "w": "<", "e": ">", "o": ">"}
PIECES = "|-LJ7F^>v<"


def is_end(clue: Clue) -> bool:
    return len(PIPE_DIRS.get(str(clue), ())) == 1


@lru_cache(maxsize=8)
def _live(rows: int, cols: int) -> frozenset[Cell]:
    return frozenset((r, c) for r in range(rows) for c in range(cols))


class GivenPiece(Rule):
    """The cell holds exactly this piece."""

    code, message = "lnGiven", "a given pipe piece is changed"

    def __init__(self, puzzle: Puzzle, cell: Cell, piece: str):
        self.cell, self.piece = cell, piece
        self.sides = [d for d, (dr, dc) in STEP.items()
                      if 0 <= cell[0] + dr < puzzle.rows and 0 <= cell[1] + dc < puzzle.cols]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for d in self.sides:
            e.fix(edge_atom(self.cell, d), d in PIPE_DIRS[self.piece], guard)

    def check(self, v: Values) -> list[Violation]:
        bad = any(v[edge_atom(self.cell, d)] != (d in PIPE_DIRS[self.piece]) for d in self.sides)
        return [self.broken([self.cell])] if bad else []


class PipeCount(LoopCount):
    """A line's count; above half its cells, said of the cells off the pipe (a smaller sum)."""

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        m = len(self.loop_cells) - self.n
        if m >= self.n or m < 0:
            return super().encode(e, guard)
        off = [-on_loop(e, x, self.live) for x in self.loop_cells]
        u = unary_sum(e.b, [[x] for x in off], m + 1)
        for lit in ([u[m - 1]] if m else []) + ([-u[m]] if m < len(u) else []):
            e.clause([lit], guard)


class Pipeline(EdgeGenre):
    name = "pipeline"
    summary = "one pipe between the two end pieces through every given piece; line counts"
    edge_sides = ("top", "left")
    param_keys = ("top", "left")
    layer = BatchLines(ends=True)
    formats = kit_formats(janko_names=("pipeline",), drawing=dict.fromkeys("|-LJ7F^>v<", "pipe"),
                          blank=".")
    editor_candidates = (".", *PIECES)

    def __init__(self) -> None:
        super().__init__()
        self.generator = PipelineGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token == ".":
            return None
        if isinstance(token, str) and token in PIECES:  # ('-' is a piece here, not a blank)
            return token
        raise InputError(f"unknown Pipeline given {token!r} (expected '.' or a pipe piece: "
                         f"| - L J 7 F, or an end ^ > v <)", where)

    def edge_label(self, token: object, where: str) -> Optional[int]:
        return count_label(token, where, "a pipe count", "-")

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        ends = {x: None for x, v in puzzle.clues().items() if is_end(v)}
        return [LineDegrees(puzzle.cells(), ends=True), TerminalPaths(puzzle.rows, puzzle.cols, ends, [])]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [GivenPiece(puzzle, cell, str(clue))]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        dirs = frozenset(d for d in STEP if v[edge_atom(cell, d)])  # (a piece the pipe passes)
        return next((ch for ch in PIECES[:6] if PIPE_DIRS[ch] == dirs), None)

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells = edge_cells(puzzle, side, i)
        return [PipeCount(cells, _live(puzzle.rows, puzzle.cols), label, cells, "exPipeNe",
                          f"{line_name(side, i)} does not have {label} cells of the pipe")]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        return sum(1 for x in edge_cells(puzzle, side, i) if degree(v, x))

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph(mark=f"pipe:{clue}")

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        tokens = {**JANKO_PIPES, **ENDS}

        def piece(tok: str, at: str) -> str:
            if tok != "-" and tok not in tokens:
                raise InputError(f"unknown token {tok!r} (expected a pipe piece such as ns, se, "
                                 f"an end n, e, s, w, or -)", at)
            return "." if tok == "-" else tokens[tok]

        grid = block.grid("problem")
        if grid is None:
            raise InputError("no 'problem' section", block.where)
        rows = tuple(tuple(self.parse_clue(piece(t, at), f"{at}: r{r + 1}c{c + 1}")
                           for c, (t, at) in enumerate(line)) for r, line in enumerate(grid))
        puzzle = Puzzle(self.name, block.rows, block.cols, rows)
        sol = block.grid("solution")
        answer = None if sol is None else self.parse_solution(
            puzzle, ["".join(piece(t, at) for t, at in line) for line in sol], block.where)
        labels: dict[tuple[str, int], Any] = {}
        for section, side, n in (("clabels", "top", block.cols), ("rlabels", "left", block.rows)):
            lines = block.sections.get(section)
            if lines:
                if len(lines[0]) != n:
                    raise InputError(f"'{section}' must be one line of {n} numbers or '-'", block.where)
                labels.update({(side, i): self.edge_label(t, at) for i, (t, at) in enumerate(lines[0])})
        if not labels and answer is not None:  # (no numbers: those of the solution, drawn)
            v = self.values(puzzle, answer.rows, block.where)
            labels = {(s, i): self.edge_value(puzzle, v, s, i) for s, n in
                      (("top", block.cols), ("left", block.rows)) for i in range(n)}
        return self.with_labels(puzzle, labels), answer


class PipelineGeneration(EdgeGeneration):
    """The end pieces stay (the layout); middle pieces and line counts switch."""

    density_range = (0.1, 0.9)
    default_density = 0.5
    density_meaning = "share of cells the pipe passes"

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        if rows * cols < 2:
            raise InputError(f"a {rows}x{cols} grid holds no pipe", "--size")
        path = random_path(rows, cols, rng)
        k = max(2, round((density or self.default_density) * rows * cols))
        start = rng.randint(0, len(path) - k)
        drawn = pipe_rows([path[start:start + k]], rows, cols)
        ends = {x: drawn[x[0]][x[1]] for x in (path[start], path[start + k - 1])}
        layout = Puzzle(self.kit.name, rows, cols, tuple(tuple(ends.get((r, c)) for c in range(cols))
                                                         for r in range(rows)))
        return KitAnswer(drawn, layout)

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        blank, clues = super().split_givens(puzzle)
        ends = {x: v for x, v in clues.items() if not is_edge_key(x) and is_end(v)}
        return blank.with_clues(ends), {x: v for x, v in clues.items() if x not in ends}


PIPELINE = Pipeline()
