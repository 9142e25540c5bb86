"""Minesweeper: place mines so that every number counts the mines among the (up to) eight
cells around it; a numbered cell holds no mine.

The rules as janko.at and puzz.link (``mines``, kurotto.js) read them. Some janko.at pages
give the total of mines (a ``mines 12`` line: "12 mines are hidden"), a rule of its own:
the puzzle's ``mines`` parameter, this project's failcode ``mnTotalNe``; without it any
number of mines may hide. Failcodes: pzprjs's ``nmMinesNe`` (a number with a wrong count
of mines around it); a mine on a numbered cell (pzprjs does not let one be drawn) is this
project's ``nmShaded``. ``?`` is a number of unknown value: its cell has no mine.
``@`` (Janko ``x``) is a cell outside the board (a board of another shape than a
rectangle): it holds no mine and is no neighbour.

Answers write a mine ``*`` (also read: ``#``, ``x``), a cell without one ``.``; Janko
solutions mark mines ``x``. puzz.link URLs are ``number16``; pzprv3 files write a mine
as pzprjs's shaded cell ``#``.
"""
from __future__ import annotations

from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .contract import ClueKey, Glyph, JankoBlock
from .kit import Count, KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.lattice import around
from .kit.model import Rule

CODES = ("nmShaded", "nmMinesNe", "mnTotalNe")
HOLE = "@"


def board_around(puzzle: Puzzle, cell: Cell) -> list[Cell]:
    """The neighbours of a cell on the board (holes are none)."""
    return [x for x in around(puzzle, cell) if puzzle[x] != HOLE]


class Minesweeper(KitGenre):
    name = "minesweeper"
    aliases = ("mines",)
    url_pids = ("mines",)
    summary = "place mines; a number counts the mines among the eight cells around it"
    layer = Shade("*", ".", read_shaded="*#x", read_unshaded=".+-_")
    janko_problem = {"-": None, "?": "?", "x": HOLE}
    param_keys = ("mines",)
    janko_solution = {"x": "*"}
    formats = kit_formats(url_codec="number16", pzprv3_pid="mines", janko_names=("minesweeper",),
                          blank=".", drawing={"*": "lamp"}, legend={"lamp": "mine", "blank": "no mine"},
                          pzprv3_write={"*": "#", ".": "."}, pzprv3_read={"#": "*", "+": ".", ".": "."})
    max_clue = 8
    editor_candidates = (".", "?", HOLE, *map(str, range(9)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = MinesweeperGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token in ("?", HOLE):
            return str(token)
        value = read_number(token, where, "'.', '?', '@' or a number 0-8", "a clue must be a number")
        if not 0 <= value <= 8:
            raise InputError(f"clue {value} is out of range (0-8)", where)
        return value

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "mines":
            return super().parse_param(key, value, where)
        n = read_number(value, where, "a number of mines", "'mines' must be a number")
        if n < 0:
            raise InputError(f"mines {n} is out of range (0 or more)", where)
        return n

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return Glyph(hole=True) if clue == HOLE else super().glyph(clue)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        for (r, c), v in puzzle.clues().items():
            if isinstance(v, int) and v > (k := len(board_around(puzzle, (r, c)))):
                raise InputError(f"r{r + 1}c{c + 1}: clue {v} is out of range (the cell has {k} "
                                 f"neighbours)", where)
        total, room = puzzle.param("mines"), sum(1 for x in puzzle.cells() if puzzle[x] is None)
        if total is not None and total > room:
            plural = "" if room == 1 else "s"
            raise InputError(f"mines {total} do not fit in {room} empty cell{plural}", where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        """The grid, and the total of mines of a ``mines N`` line."""
        puzzle = super().janko_puzzle(block)
        if "mines" not in block.fields:
            return puzzle
        return puzzle.with_params(mines=self.parse_param("mines", block.fields["mines"].strip(),
                                                         block.where))

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return "." if puzzle[cell] == HOLE else None

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        total = puzzle.param("mines")
        if total is None:
            return []
        cells = self.free_cells(puzzle)
        return [Count([S(x) for x in cells], total, (), "mnTotalNe",
                      "the board holds {k} mines, not {n}")]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if clue == HOLE:
            return []
        out: list[Rule] = [Count([S(cell)], 0, [cell], "nmShaded", "a numbered cell holds a mine")]
        if isinstance(clue, int):
            out.append(Count([S(x) for x in board_around(puzzle, cell)], clue, [cell], "nmMinesNe",
                             "{n} has {k} mines around it"))
        return out

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every cell on the board without a mine, with the mines around it."""
        if v[S(cell)] or puzzle[cell] == HOLE:
            return None
        return v.count(S(x) for x in board_around(puzzle, cell))

    def verify(self, puzzle: Puzzle, answer: object) -> list[Violation]:
        return sorted(super().verify(puzzle, answer),  # type: ignore[arg-type]
                      key=lambda x: CODES.index(x.code) if x.code in CODES else len(CODES))


class MinesweeperGeneration(KitGeneration):
    density_meaning = "share of cells with a mine in the drawn answer"
    default_density = 0.25

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        """Holes (and the total of mines) stay whatever the clues."""
        clues = puzzle.clues()
        return (puzzle.with_clues({x: v for x, v in clues.items() if v == HOLE}),
                {x: v for x, v in clues.items() if v != HOLE})


MINESWEEPER = Minesweeper()
