"""Lighthouses (janko.at "Leuchttuerme"): place one-cell ships so that every lighthouse's
number counts the ships in its row and column together (nothing blocks the view), every
ship is lit (it shares a row or a column with a lighthouse), and no ship touches another
ship or a lighthouse, not even at a corner.

Lighthouses are givens: a number, or ``?`` for one whose count is not told (what
minimize leaves of a number; Janko's lighthouses are all numbered). They are never
ships (``.`` in answers, like Nurikabe's numbers); a ship is ``#``. Janko publishes no
problem section on most pages: the lighthouses and their numbers are read off the
solution, whose ``x`` are the ships (later pages have a problem section holding the
lighthouses, their solution only the ships). The rules are janko.at's (ships lit, no
touching diagonally); puzz.link has no such genre, so the failcodes are this project's:
``shTouch`` (two ships touch), ``shLighthouse`` (a ship touches a lighthouse),
``shUnlit``, ``lhShipNe`` (a number differs from its count).

The lighthouses stay when clues are switched: the numbers are the clues. Generation
draws lighthouses on random cells (one cell in nine), ships by the rules, and
offers every lighthouse's count.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import ClueKey, Glyph, JankoBlock
from .kit import KitGeneration, KitGenre, NotAll, S, Shade, Values, kit_formats
from .kit.lattice import around
from .kit.model import Rule
from .kit.placement import ExactCount, no_touch


def lights(puzzle: Puzzle) -> set[Cell]:
    return set(puzzle.clues())


def seen(puzzle: Puzzle, cell: Cell) -> list[Cell]:
    """The other cells of a lighthouse's row and column that are no lighthouses."""
    r, c = cell
    return [x for x in [(r, j) for j in range(puzzle.cols)] + [(i, c) for i in range(puzzle.rows)]
            if x != cell and puzzle[x] is None]


class Lighthouses(KitGenre):
    name = "lighthouses"
    aliases = ("leuchttuerme", "leuchttürme")
    summary = "place ships: each lighthouse counts those in its row and column; all lit, none touching"
    layer = Shade("#", ".")
    janko_solution = {"x": "#"}
    formats = kit_formats(janko_names=("leuchttuerme",), blank=".", drawing={"#": "lamp"},
                          legend={"lamp": "ship"})
    editor_candidates = (".", "?", *map(str, range(10)))
    clue_expected, clue_type = "'.', '?' or a number", "a lighthouse is '?' or a number"

    def __init__(self) -> None:
        super().__init__()
        self.generator = LighthousesGeneration(self)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph(str(clue), mark="island")

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return "." if puzzle[cell] is not None else None

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        towers = lights(puzzle)
        sea = {x for x in puzzle.cells() if x not in towers}
        lit = {y for x in towers for y in seen(puzzle, x)}
        out: list[Rule] = no_touch(puzzle, "shTouch", "two ships touch", cells=sea)
        near = sorted({y for x in towers for y in around(puzzle, x) if y in sea})
        out += [NotAll([S(y)], [y], "shLighthouse", "a ship touches a lighthouse") for y in near]
        out += [NotAll([S(y)], [y], "shUnlit", "a ship is in no lighthouse's row or column")
                for y in sorted(sea - lit)]
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        line = seen(puzzle, cell)
        return [ExactCount([S(x) for x in line], clue, [cell], "lhShipNe",
                           "a lighthouse sees {k} ships instead of {n}")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.count(S(x) for x in seen(puzzle, cell)) if puzzle[cell] is not None else None

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """Lighthouses (``?``) on a ninth of the cells, drawn at random."""
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        blank = super().random_layout(rows, cols, rng)
        return blank.with_clues(dict.fromkeys(rng.sample(cells, max(1, rows * cols // 9)), "?"))

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """The lighthouses of the ``problem`` section or, without one, of the solution
        (where they stand beside its ships ``x``); with both, the solution shows each
        lighthouse as ``-`` or its number, and numbers nowhere else."""
        grid = block.grid("solution")
        if grid is None:
            raise InputError("no 'solution' section (a Janko Leuchttuerme is read off its "
                             "solution)", block.where)
        problem = block.grid("problem") or grid
        givens = tuple(tuple(self.janko_clue(tok, at) if tok not in ("x", "-") else None
                             for tok, at in line) for line in problem)
        for r, line in enumerate(grid):
            for c, (tok, at) in enumerate(line):
                if tok not in ("x", "-") and self.janko_clue(tok, at) != givens[r][c]:
                    raise InputError(f"solution r{r + 1}c{c + 1} shows the lighthouse {tok}, the "
                                     f"problem {givens[r][c] if givens[r][c] is not None else 'none'}", at)
                if tok == "x" and givens[r][c] is not None:
                    raise InputError(f"solution r{r + 1}c{c + 1} is a ship on a lighthouse", at)
        puzzle = Puzzle(self.name, block.rows, block.cols, givens)
        rows = ["".join("#" if tok == "x" else "." for tok, _ in line) for line in grid]
        return puzzle, self.parse_solution(puzzle, rows, block.where)

class LighthousesGeneration(KitGeneration):
    """Lighthouses stay (as ``?``); their numbers are the clues."""

    default_density = 0.5
    density_meaning = "share of the lit cells the drawn ships lean to"

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues = puzzle.clues()
        return (puzzle.with_clues(dict.fromkeys(clues, "?")),
                {x: v for x, v in clues.items() if isinstance(v, int)})


LIGHTHOUSES = Lighthouses()
