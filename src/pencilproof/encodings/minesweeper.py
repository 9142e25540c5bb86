"""Minesweeper: place mines so that every number counts the mines among the (up to) eight
cells around it; a numbered cell holds no mine.

The rules as janko.at and puzz.link (``mines``, kurotto.js) read them. No total of mines
is given (janko.at's puzzles have none). Failcodes: pzprjs's ``nmMinesNe`` (a number
with a wrong count of mines around it); a mine on a numbered cell (pzprjs does not let one
be drawn) is this project's ``nmShaded``. ``?`` is a number of unknown value: its cell
has no mine.

Answers write a mine ``*`` (also read: ``#``, ``x``), a cell without one ``.``; Janko
solutions mark mines ``x``. puzz.link URLs are ``number16``; pzprv3 files write a mine
as pzprjs's shaded cell ``#``.
"""
from __future__ import annotations

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .kit import Count, KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.lattice import around
from .kit.model import Rule

CODES = ("nmShaded", "nmMinesNe")


class Minesweeper(KitGenre):
    name = "minesweeper"
    aliases = ("mines",)
    url_pids = ("mines",)
    summary = "place mines; a number counts the mines among the eight cells around it"
    layer = Shade("*", ".", read_shaded="*#x", read_unshaded=".+-_")
    janko_problem = {"-": None, "?": "?"}
    janko_solution = {"x": "*"}
    formats = kit_formats(url_codec="number16", pzprv3_pid="mines", janko_names=("minesweeper",),
                          blank=".", drawing={"*": "lamp"}, legend={"lamp": "mine", "blank": "no mine"},
                          pzprv3_write={"*": "#", ".": "."}, pzprv3_read={"#": "*", "+": ".", ".": "."})
    max_clue = 8
    editor_candidates = (".", "?", *map(str, range(9)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = MinesweeperGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token == "?":
            return "?"
        value = read_number(token, where, "'.', '?' or a number 0-8", "a clue must be a number")
        if not 0 <= value <= 8:
            raise InputError(f"clue {value} is out of range (0-8)", where)
        return value

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        for (r, c), v in puzzle.clues().items():
            if isinstance(v, int) and v > (k := len(around(puzzle, (r, c)))):
                raise InputError(f"r{r + 1}c{c + 1}: clue {v} is out of range (the cell has {k} "
                                 f"neighbours)", where)

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        out: list[Rule] = [Count([S(cell)], 0, [cell], "nmShaded", "a numbered cell holds a mine")]
        if isinstance(clue, int):
            out.append(Count([S(x) for x in around(puzzle, cell)], clue, [cell], "nmMinesNe",
                             "{n} has {k} mines around it"))
        return out

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every cell without a mine, with the mines around it."""
        return None if v[S(cell)] else v.count(S(x) for x in around(puzzle, cell))

    def verify(self, puzzle: Puzzle, answer: object) -> list[Violation]:
        return sorted(super().verify(puzzle, answer),  # type: ignore[arg-type]
                      key=lambda x: CODES.index(x.code) if x.code in CODES else len(CODES))


class MinesweeperGeneration(KitGeneration):
    density_meaning = "share of cells with a mine in the drawn answer"
    default_density = 0.25


MINESWEEPER = Minesweeper()
