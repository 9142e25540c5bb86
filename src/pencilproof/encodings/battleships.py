"""Battleships (janko.at "Battleships", puzz.link "battleship"): place the fleet in the
grid, each ship a straight line of cells, so that no two ships touch, not even at a
corner, every row and column holds as many ship cells as its number says, and every
given part of a ship (or of water) is as shown.

The fleet is the ``fleet`` parameter: the number of ships of each length from 1 up,
as Janko's ``ships`` field writes it (``ships 5 4 3 2 1``: five one-cell ships, four of
two cells, three of three, two of four, one of five; every published puzzle's solution
has exactly that fleet). Numbers are the ``top`` (ship cells per column) and ``left``
(per row) parameters: Janko's ``clabels`` and ``rlabels``. Givens are Janko's problem
tokens: ``x`` water, ``o`` a one-cell ship, ``n`` ``s`` ``w`` ``e`` the north, south,
west and east end of a ship, ``m`` a middle part. Answers shade the ship cells ``#``.
A Janko page without a problem has no given parts; one without ``clabels``/``rlabels``
or ``ships`` shows its solution's numbers and fleet, which are counted off it. Solution
letters are read strictly (each the part its ship neighbours make of it).

The rules are janko.at's (no touching diagonally); failcodes are pzprjs's (statuepark.js
battleship, whose piece bank is the fleet), in its order: ``csPieceExtra``, ``bankGt``,
``bankInvalid``, ``shDiag``, ``csMismatch``, ``exShadeNe``, ``bankLt``.

The fleet stays when clues are switched; the clues are the numbers and the parts.
Generation places the fleet (by default 1 ship of length L, 2 of L-1, ... L one-cell
ships, L as large as keeps the fleet within 30% of the cells) and offers every number
and every cell's part.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import Glyph, JankoBlock
from .kit import NotAll, S, Shade, Values, kit_formats
from .kit.bodies import EdgeCellsFleet
from .kit.files import FleetGrid
from .kit.lines_of_cells import EdgeGeneration, EdgeGenre, count_label, edge_cells, line_name
from .kit.model import Rule
from .kit.placement import PARTS, ExactCount, Fleet, ShipPart, part_of

ORDER = ("csPieceExtra", "bankGt", "bankInvalid", "shDiag", "csMismatch", "exShadeNe", "bankLt")
BANK = {"invalid": ("bankInvalid", "a piece is no ship of the fleet"),
        "over": ("bankGt", "{k} ships of length {length}, the fleet has {n}"),
        "under": ("bankLt", "{k} ships of length {length}, the fleet has {n}")}
PART_CODES = {"extra": ("csPieceExtra", "the part at a given '{part}' is '{got}'"),
              "mismatch": ("csMismatch", "the part at a given '{part}' is '{got}'")}
#: pzprjs's cell values of the parts (its shapes UP, DN, LT, RT, CENTER, SINGLE).
PZPR = {0: "x", 1: "n", 2: "s", 3: "w", 4: "e", 5: "m", 6: "o"}
GLYPHS = {"x": "~", "o": "o", "n": "^", "s": "v", "w": "<", "e": ">", "m": "="}


def fleet_of(puzzle: Puzzle) -> tuple[int, ...]:
    fleet = puzzle.param("fleet")
    if fleet is None:
        raise InputError("a Battleships needs its fleet ('fleet': ships of each length from 1)")
    return tuple(fleet)


def default_fleet(rows: int, cols: int) -> tuple[int, ...]:
    """L one-cell ships, L-1 of two cells, ... one of L: L as large as keeps the fleet's
    cells within 30% of the grid (3: 6x6, 4: 10x10, 5: 11x11)."""
    longest = 1
    while longest < min(rows, cols) and (longest + 1) * (longest + 2) * (longest + 3) <= 1.8 * rows * cols:
        longest += 1
    return tuple(range(longest, 0, -1))


def janko_ships(block: JankoBlock) -> Optional[set[Cell]]:
    """The ship cells of a block's solution (None: no solution), its letters read
    strictly: each must be the part its ship neighbours make of it (an ``n`` has a ship
    cell below and none on its other sides, ...)."""
    grid = block.grid("solution")
    if grid is None:
        return None
    ships = {(r, c) for r, line in enumerate(grid) for c, (t, _) in enumerate(line) if t in "onswem"}
    for r, line in enumerate(grid):
        for c, (tok, at) in enumerate(line):
            if tok not in PARTS and tok != "-":
                raise InputError(f"unknown solution token {tok!r} (expected '-', 'x' or a ship "
                                 f"part o n s w e m)", at)
            got = "x" if tok == "-" else tok
            shown = part_at(ships, (r, c))
            if got != shown:
                what = "a bend" if shown == "+" else repr(shown)
                raise InputError(f"solution r{r + 1}c{c + 1} is {tok!r}, but its neighbours make "
                                 f"it {what}", at)
    return ships


def part_at(ships: set[Cell], cell: Cell) -> str:
    """The part a set of ship cells shows at a cell (as :func:`part_of` reads answers)."""
    if cell not in ships:
        return "x"
    on = {(dr, dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
          if (cell[0] + dr, cell[1] + dc) in ships}
    if on in ({(-1, 0), (1, 0)}, {(0, -1), (0, 1)}):
        return "m"
    return {frozenset(): "o", frozenset({(1, 0)}): "n", frozenset({(-1, 0)}): "s",
            frozenset({(0, 1)}): "w", frozenset({(0, -1)}): "e"}.get(frozenset(on), "+")


def fleet_in(ships: set[Cell]) -> tuple[int, ...]:
    """The fleet of straight ships: how many of each length from 1 (ends and one-cell
    ships start one; a ship runs down from its ``n`` or right from its ``w``)."""
    lengths = []
    for r, c in ships:
        if (r - 1, c) in ships or (r, c - 1) in ships:
            continue
        d = (1, 0) if (r + 1, c) in ships else (0, 1)
        k = 1
        while (r + k * d[0], c + k * d[1]) in ships:
            k += 1
        lengths.append(k)
    return tuple(lengths.count(n) for n in range(1, max(lengths, default=1) + 1))


class Battleships(EdgeGenre):
    name = "battleships"
    aliases = ("bimaru",)
    url_pids = ("battleship",)
    summary = "place the fleet: straight ships, none touching, line counts, given parts"
    edge_sides = ("top", "left")
    param_keys = ("top", "left", "fleet")
    layer = Shade()
    janko_problem = {"-": None, **{p: p for p in PARTS}}
    janko_solution = dict.fromkeys("onswem", "#")
    formats = kit_formats(url_own=EdgeCellsFleet(PZPR), pzprv3_pid="battleship",
                          pzprv3_own=FleetGrid(PZPR, "x"),
                          janko_names=("battleships",), blank=".",
                          drawing={"#": "shade"})
    editor_candidates = (".", *PARTS)
    failcode_order = ORDER

    def __init__(self) -> None:
        super().__init__()
        self.generator = BattleshipsGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if isinstance(token, str) and token in PARTS:
            return token
        raise InputError(f"unknown given {token!r} (expected '.' or a part: x water, o a "
                         f"one-cell ship, n s w e an end, m a middle)", where)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph(GLYPHS[str(clue)])

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "fleet":
            return super().parse_param(key, value, where)
        if isinstance(value, str):
            value = value.split()
        if not isinstance(value, (list, tuple)) or not value:
            raise InputError("'fleet' must list how many ships there are of each length from 1",
                             where)
        fleet = tuple(read_number(x, f"{where}[{i}]", "a number", "a ship count must be a number")
                      for i, x in enumerate(value))
        if min(fleet) < 0 or not any(fleet):
            raise InputError(f"a fleet counts ships of each length from 1, got {list(fleet)}", where)
        return fleet

    def edge_label(self, token: object, where: str) -> Optional[int]:
        return count_label(token, where, "a ship count")

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        try:
            fleet_of(puzzle)
        except InputError as e:
            raise InputError(e.message, where) from None

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out: list[Rule] = [Fleet(puzzle.rows, puzzle.cols, fleet_of(puzzle), BANK)]
        for r in range(puzzle.rows - 1):
            for c in range(puzzle.cols - 1):
                for a, b, x, y in (((r, c), (r + 1, c + 1), (r, c + 1), (r + 1, c)),
                                   ((r, c + 1), (r + 1, c), (r, c), (r + 1, c + 1))):
                    out.append(NotAll([S(a), S(b)], (a, b), "shDiag", "two ships touch at a corner",
                                      negated=[S(x), S(y)]))
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [ShipPart(puzzle.rows, puzzle.cols, cell, str(clue), PART_CODES)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return part_of(v, cell)

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells = edge_cells(puzzle, side, i)
        return [ExactCount([S(x) for x in cells], label, cells, "exShadeNe",
                           f"{line_name(side, i)} has {{k}} ship cells instead of {{n}}")]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        return v.count(S(x) for x in edge_cells(puzzle, side, i))

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        """The problem grid (none: no given parts), ``clabels``/``rlabels`` and ``ships``;
        a page without numbers or fleet shows those its solution has (janko.at draws
        them off the solution), so they are counted from the solution's ships."""
        if "problem" in block.sections:
            puzzle = super().janko_puzzle(block)
        else:
            puzzle = Puzzle(self.name, block.rows, block.cols, ((None,) * block.cols,) * block.rows)
        ships = janko_ships(block)
        labels = {}
        for section, side in (("clabels", "top"), ("rlabels", "left")):
            n = block.cols if side == "top" else block.rows
            lines = block.sections.get(section)
            if lines:
                toks = [t for line in lines for t in line]
                if len(toks) != n:
                    raise InputError(f"{section} has {len(toks)} numbers, expected {n}", block.where)
                labels.update({(side, i): self.edge_label(None if t == "-" else t, at)
                               for i, (t, at) in enumerate(toks)})
            elif ships is not None:
                labels.update({(side, i): sum(x[side == "top"] == i for x in ships)
                               for i in range(n)})
        field = block.fields.get("ships")
        if field is not None:
            fleet = self.parse_param("fleet", field, f"{block.where}: ships")
        elif ships is not None:
            fleet = fleet_in(ships)
        else:
            raise InputError("no 'ships' field (the fleet) and no solution to count it from",
                             block.where)
        return self.with_labels(puzzle, labels).with_params(fleet=fleet)

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        return super().random_layout(rows, cols, rng).with_params(fleet=default_fleet(rows, cols))


class BattleshipsGeneration(EdgeGeneration):
    """The fleet stays; the numbers and the parts are the clues."""

    default_density = 0.25


BATTLESHIPS = Battleships()
