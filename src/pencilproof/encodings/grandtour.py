"""Grand Tour (janko.at ``Grand-Tour``; not on puzz.link): draw one loop along the lines
of a dot grid that passes through every dot; some of its segments are given.

Here the dots are the puzzle's cells (a Janko block of N x M cells is a grid of
(N+1) x (M+1) dots) and the loop runs through their centres as the Lines layer's pipes,
so the rules are Masyu's without circles: every dot on the loop, one loop. A given is
the set of segments that leave a dot, as Janko numbers a cell's sides: 1 east, 2 south,
4 west, 8 north (``3``: east and south). Janko gives each segment on the cells beside
it (the sides of cells); reading a block moves them onto the dots at their ends, and
reads its solution (``x``: the cells inside the loop) as the loop around those cells.
Codes: the kit's line codes and this project's ``ptNoLine`` (a dot the loop misses),
``sgOffLoop`` (a given segment not on the loop).
"""
from __future__ import annotations

from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .contract import Glyph, JankoBlock
from .kit import KitGeneration, KitGenre, Lines, Values, kit_formats
from .kit.layers import PIPES, STEP, edge_atom
from .kit.loops import LineDegrees, MustVisit, SingleLoop
from .kit.model import Encoder, Lit, Rule

#: Janko's side numbers.
BITS = {"E": 1, "S": 2, "W": 4, "N": 8}
#: A given's segments in the terminal.
BOX = {1: "╶", 2: "╷", 4: "╴", 8: "╵", 5: "─", 10: "│", 3: "┌", 6: "┐", 9: "└", 12: "┘"}
#: A cell's side -> (the dot at one end, the direction to the other) in dot coordinates.
SIDES = {"N": ((0, 0), "E"), "S": ((1, 0), "E"), "W": ((0, 0), "S"), "E": ((0, 1), "S")}


def dirs_of(mask: int) -> list[str]:
    return [d for d, bit in BITS.items() if mask & bit]


class Given(Rule):
    """These segments from a dot are on the loop."""

    code, message = "sgOffLoop", "a given segment is not on the loop"

    def __init__(self, cell: Cell, mask: int):
        self.cell, self.atoms = cell, [edge_atom(cell, d) for d in dirs_of(mask)]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for a in self.atoms:
            e.clause([e[a]], guard)

    def check(self, v: Values) -> list[Violation]:
        return [] if all(v[a] for a in self.atoms) else [self.broken([self.cell])]


class GrandTour(KitGenre):
    name = "grandtour"
    aliases = ("grand_tour",)
    summary = "draw one loop through every dot of the grid; given segments are part of it"
    layer = Lines()
    formats = kit_formats(janko_names=("grandtour", "grand-tour"), blank=".",
                          drawing=dict.fromkeys("|-LJ7F^>v<+", "pipe"))
    max_clue = 15
    editor_candidates = (".", "1", "2", "3", "4", "5", "6", "8", "9", "10", "12")

    def __init__(self) -> None:
        super().__init__()
        self.generator = KitGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        clue = super().parse_clue(token, where)
        if clue == 0 or clue == "?":
            raise InputError(f"given {token!r} names no segment (1 east, 2 south, 4 west, 8 north, "
                             f"or their sum)", where)
        return clue

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        for (r, c), mask in puzzle.clues().items():
            for d in dirs_of(mask if isinstance(mask, int) else 0):
                y, x = r + STEP[d][0], c + STEP[d][1]
                if not (0 <= y < puzzle.rows and 0 <= x < puzzle.cols):
                    raise InputError(f"r{r + 1}c{c + 1}: a given segment leaves the grid ({d})", where)

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """Cells' given sides onto the dots at their ends; ``x`` cells as the loop around them."""
        rows, cols = block.rows + 1, block.cols + 1
        masks: dict[Cell, int] = {}
        for r, line in enumerate(block.grid("problem") or []):
            for c, (tok, at) in enumerate(line):
                mask = self.janko_clue(tok, f"{at}: r{r + 1}c{c + 1}")
                for d in dirs_of(mask if isinstance(mask, int) else 0):
                    (dr, dc), way = SIDES[d]
                    a = (r + dr, c + dc)
                    b = (a[0] + STEP[way][0], a[1] + STEP[way][1])
                    masks[a] = masks.get(a, 0) | BITS[way]
                    masks[b] = masks.get(b, 0) | BITS["W" if way == "E" else "N"]
        grid = tuple(tuple(masks.get((r, c)) for c in range(cols)) for r in range(rows))
        puzzle = Puzzle(self.name, rows, cols, grid)
        solution = block.grid("solution")
        if solution is None:
            return puzzle, None
        inside = {(r, c) for r, line in enumerate(solution) for c, (tok, _) in enumerate(line)
                  if tok == "x"}
        pipes = []
        for r in range(rows):
            row = ""
            for c in range(cols):  # the sides from dot (r, c) between an inside and an outside cell
                between = {"N": ((r - 1, c - 1), (r - 1, c)), "S": ((r, c - 1), (r, c)),
                           "W": ((r - 1, c - 1), (r, c - 1)), "E": ((r - 1, c), (r, c))}
                row += PIPES.get(frozenset(d for d, (a, b) in between.items()
                                           if (a in inside) != (b in inside)), "?")
            pipes.append(row)
        return puzzle, self.parse_solution(puzzle, pipes, block.where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        cells = list(puzzle.cells())
        return [LineDegrees(cells), MustVisit(cells, frozenset(cells), "ptNoLine",
                                              "the loop misses a dot"), SingleLoop(cells)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [Given(cell, int(clue))] if isinstance(clue, int) else []

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return sum(bit for d, bit in BITS.items() if v[edge_atom(cell, d)]) or None

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        if not isinstance(clue, int):
            return None
        dirs = dirs_of(clue)
        return Glyph("", short=BOX.get(clue, str(clue)),
                     links=tuple(s for d, s in (("W", "left"), ("N", "up")) if d in dirs))


GRANDTOUR = GrandTour()
