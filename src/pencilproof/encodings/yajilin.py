"""Yajilin (puzz.link ``yajilin``, janko.at ``yajilin``): shade some cells and draw one
loop through the centres of all the other cells; shaded cells never share an edge. A
clue cell (a number with an arrow) is neither shaded nor on the loop; its number counts
the shaded cells from it to the grid's edge in its arrow's direction.

Givens are arrow clues (:mod:`.kit.arrows`): ``2e`` (n, e, s, w), ``?e`` an arrow
without its number, ``?`` a clue cell with neither. A number without an arrow (pzprjs
lets a setter save one) makes every answer wrong (``anNoArrow``). Answers: ``#`` shaded,
the loop's pipes, ``.`` at clue cells (:class:`~.kit.paths.ShadedLines`); Janko writes
``x`` for shaded and direction pairs (``se``) for the loop. Failcodes are pzprjs's
(yajilin.js): ``lnBranch``, ``lnCross``, ``csAdjacent``, ``lnDeadEnd``, ``anShadeNe``,
``lnPlLoop``, ``ceEmpty``, ``anNoArrow``; a line into a clue cell, which pzprjs does not
let one draw, is this project's ``lnOnClue``, and no loop at all ``brNoLine`` (janko.at:
there is a loop). pzprjs's ``lnOnShade`` cannot be written: a cell holds one character.

Generation (:class:`YajilinGeneration`): clue cells are drawn first (``?`` cells of the
blank, which always stay: the minimizer may leave some without their arrow); a random
shading and loop around them; each clue cell's arrow points where it sees most cells,
and those arrows are the clues. Where another answer fits every arrow, a cell where it
differs becomes a clue cell (:meth:`YajilinGeneration.repair`), until none does.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from ..solvers.backends import make_backend
from .contract import ClueKey, Glyph
from .kit import Count, KitAnswer, KitGeneration, KitGenre, S, Values, kit_formats
from .kit.arrows import ARROW_MARKS, ahead, arrow_of, parse_arrow
from .kit.loops import LineDegrees, SingleLoop
from .kit.model import Encoder, Lit, Rule
from .kit.paths import JANKO_PIPES, NoLine, ShadedLines, ShadedOrVisited, first_answer
from .kit.regions import shaded_apart


class NoArrow(Rule):
    """A number without an arrow: no answer is right (pzprjs's ``anNoArrow``)."""

    code, message = "anNoArrow", "a number has no arrow"

    def __init__(self, cell: Cell):
        self.cell = cell

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.clause([], guard)

    def check(self, v: Values) -> list[Violation]:
        return [self.broken([self.cell])]


class Yajilin(KitGenre):
    name = "yajilin"
    aliases = ("yajirin",)
    url_pids = ("yajilin",)
    summary = "shade non-touching cells, loop through all others; arrows count shaded cells"
    layer = ShadedLines()
    formats = kit_formats(url_parts=("arrow16",), pzprv3_pid="yajilin",
                          pzprv3_layout=("flag:o", "dirqnum", "ans", "lines"),
                          pzprv3_write={"#": "#", **dict.fromkeys(".|-LJ7F^>v<+", ".")},
                          janko_names=("yajilin",), blank=".",
                          drawing={"#": "shade", **dict.fromkeys("|-LJ7F^>v<+", "pipe")})
    janko_solution = {"x": "#", **JANKO_PIPES}
    editor_candidates = (".", "?", "0n", "1n", "1e", "1s", "1w", "2e", "2s")

    def __init__(self) -> None:
        super().__init__()
        self.generator = YajilinGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        return parse_arrow(token, where)

    def janko_clue(self, token: str, where: str) -> Clue:
        # x: a clue cell with neither number nor arrow (no line, not shaded), as '?'
        return self.parse_clue("?" if token == "x" else token, where)

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return "." if puzzle[cell] is not None else None

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        clues = puzzle.clues()
        free = [c for c in puzzle.cells() if c not in clues]
        live = frozenset(free)
        out: list[Rule] = [LineDegrees(free), NoLine(clues, "lnOnClue", "a line enters a clue cell")]
        out += shaded_apart(puzzle, live)
        return out + [SingleLoop(free), ShadedOrVisited(free, live)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        number, d = arrow_of(clue)
        if d is None:
            return [NoArrow(cell)] if number is not None else []
        if number is None:
            return []
        cells = [x for x in ahead(puzzle, cell, d) if puzzle[x] is None]
        return [Count([S(x) for x in cells], number, (cell,), "anShadeNe",
                      f"{number} shaded cells are wanted {ARROW_MARKS[d]}, there are {{k}}")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """At a clue cell, the arrow that sees most cells (the first of n, e, s, w)."""
        if puzzle[cell] is None:
            return None
        d = max("nesw", key=lambda x: len(ahead(puzzle, cell, x)))
        cells = ahead(puzzle, cell, d)
        return f"{sum(v[S(x)] for x in cells)}{d}" if cells else None

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        if clue is None:
            return None
        number, d = arrow_of(clue)
        text = "?" if number is None else str(number)
        return Glyph(text, short=text + (ARROW_MARKS[d] if d else ""), fill="#d8d8d8",
                     mark=f"arrow:{d}" if d else None)


class YajilinGeneration(KitGeneration):
    """Clue cells are permanent (``?`` in the blank); their arrows are the clues."""

    default_density = 0.3
    density_meaning = "share of shaded cells the drawn answer leans to"
    #: Share of cells that become clue cells in a drawn layout.
    CLUE_CELLS = 0.2

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues = puzzle.clues()
        return (puzzle.with_clues(dict.fromkeys(clues, "?")),
                {c: v for c, v in clues.items() if v != "?"})

    def blank_for(self, answer: Any) -> Puzzle:
        layout = getattr(answer, "layout", None)
        if layout is not None:
            return layout
        rows = answer.rows
        grid = tuple(tuple("?" if ch == "." else None for ch in row) for row in rows)
        return Puzzle(self.kit.name, len(rows), len(rows[0]), grid)

    def weak_clue(self, clue: Clue) -> Clue:
        return "?"

    def repair(self, answer: Any, other: Any, rng: random.Random, symmetric: Any) -> Optional[KitAnswer]:
        """A new clue cell where ``other`` differs, so that it no longer fits: one of the
        answer's shaded cells if ``other`` draws its loop there (the answer still fits),
        else a cell of the answer's loop, around which the answer is drawn again (as
        near the old one as the solver finds)."""
        blank, rows = self.blank_for(answer), answer.rows
        cells = [x for x in blank.cells() if rows[x[0]][x[1]] != other.rows[x[0]][x[1]]]
        rng.shuffle(cells)
        for x in sorted(cells, key=lambda x: rows[x[0]][x[1]] != "#")[:4]:
            layout = blank.with_clues({**blank.clues(), x: "?"})
            if rows[x[0]][x[1]] == "#":
                r, c = x
                return KitAnswer(rows[:r] + (rows[r][:c] + "." + rows[r][c + 1:],) + rows[r + 1:], layout)
            near = self._near(layout, rows)
            if near is not None:
                return KitAnswer(near.rows, layout)
        return None

    def _near(self, layout: Puzzle, rows: tuple[str, ...]) -> Optional[KitAnswer]:
        """An answer on ``layout`` that leans to the characters of ``rows``."""
        kit, b = self.kit, make_backend("cadical")
        try:
            enc = kit.encode(layout, b)
            b.prefer([kit.layer.agree(enc.e, x, rows[x[0]][x[1]]) for x in enc.cells])
            return first_answer(enc, [])
        finally:
            b.close()

    def _other(self, answer: KitAnswer, layout: Puzzle) -> Optional[KitAnswer]:
        """Another answer of the layout with every arrow the answer allows, or None."""
        b = make_backend("cadical")
        try:
            enc = self.kit.encode(self.with_clues(layout, self.clue_candidates(answer)), b)
            b.add_clause(enc.block(answer))
            return first_answer(enc, [])
        finally:
            b.close()

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Any) -> KitAnswer:
        """An answer around clue cells drawn at random that its arrows pin down: where
        another answer fits them all, a cell where it differs becomes a clue cell
        (:meth:`repair`), until none does."""
        for _ in range(self.LAYOUTS):
            grid = tuple(tuple("?" if rng.random() < self.CLUE_CELLS else None for _ in range(cols))
                         for _ in range(rows))
            layout = Puzzle(self.kit.name, rows, cols, grid)
            drawn = self._answer_on(layout, rng, density)
            answer = None if drawn is None else KitAnswer(drawn.rows, layout)
            for _ in range(rows * cols):
                if answer is None or answer.layout is None:
                    break
                other = self._other(answer, answer.layout)
                if other is None:
                    return answer
                answer = self.repair(answer, other, rng, None)
        raise InputError(f"no yajilin answer of size {rows}x{cols} was found")


YAJILIN = Yajilin()
