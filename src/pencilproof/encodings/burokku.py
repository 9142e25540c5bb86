"""Burokku (janko.at ``Burokku``): divide the grid into blocks of ``block`` cells (Janko's
``depth``, else the side), no block holding a symbol (a letter, case counting, or a digit)
twice. A given may carry its cell's border after the symbol, or alone: ``|`` right, ``_``
below, ``J`` both (Janko's ``lines``: 1, 2, 3). Answers are Walls (``. | _ J``, the frame
written too); Janko's block numbers are read as borders. ``burokku, sum`` is not read (its
rule is not known here: docs/genres/burokku.md). Own codes: ``bkSizeNe``, ``bkDupSym``,
``bdGiven``, ``bdDeadEnd``. Encoding: a block number per cell, pinned to the cells of a
symbol given once per block, else in order of first cells; borders where numbers differ;
``block`` cells a number; connected by :func:`~.kit.connect.rooted_levels`.
"""
from __future__ import annotations

import random
import zlib
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .contract import Glyph, JankoBlock
from .kit import KitGenre, Values, kit_formats
from .kit.layers import LETTERS
from .kit.division import CHAR_OF, SIDES, Walls, pieces, side, walls_of
from .kit.equal_blocks import EqualBlocks, FramedWalls, label
from .kit.model import Encoder, Layer, Lit, Rule

WALL_OF = {"1": "|", "2": "_", "3": "J"}  # Janko's lines section


def holds(cell: Cell, sym: str) -> tuple[str, int, int, str]:  # "cell shows sym" (its clue)
    return ("sym", cell[0], cell[1], sym)


def symbol(clue: Clue) -> str:
    return str(clue or "").rstrip("|_J")


def walls(clue: Clue) -> str:
    return SIDES[str(clue or "")[len(symbol(clue)):] or "."]


class SymbolOnce(Rule):
    """The cell shows its symbol, and no later cell showing it shares its block number."""

    code, message = "bkDupSym", "a block holds a symbol twice"

    def __init__(self, layer: Walls, size: int, cell: Cell, sym: str, others: list[Cell]):
        self.layer, self.size, self.cell, self.sym, self.others = layer, size, cell, sym, others

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        x, k = self.cell, self.size
        e.fix(holds(x, self.sym), True, guard)
        mine = [(j, lit) for j in range(self.layer.rows * self.layer.cols // k)
                if (lit := e.lits.get(label(x, j))) is not None]
        for r in range(x[0], min(self.layer.rows, x[0] + k)):
            for c in range(max(0, x[1] - k + 1), min(self.layer.cols, x[1] + k)):
                y = (r, c)
                if y <= x or abs(r - x[0]) + abs(c - x[1]) >= k:
                    continue
                pair = [-e[holds(x, self.sym)], -e[holds(y, self.sym)]]
                for j, lit in mine:
                    other = e.lits.get(label(y, j))
                    if other is not None:
                        e.clause(pair + [-lit, -other])

    def check(self, v: Values) -> list[Violation]:
        _, of = pieces(v, self.layer)
        twice = [y for y in self.others if of[y] == of[self.cell]]  # (the first reports)
        return [self.broken([self.cell, *twice])] if twice and min(twice) > self.cell else []


class GivenWall(Rule):
    code, message = "bdGiven", "a given border is missing"

    def __init__(self, cell: Cell, sides: str):
        self.cell, self.sides = cell, sides

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for d in self.sides:
            e.fix(side(self.cell, d), True, guard)

    def check(self, v: Values) -> list[Violation]:
        return [self.broken([self.cell])] if not all(v[side(self.cell, d)] for d in self.sides) else []


class Burokku(KitGenre):
    name = "burokku"
    aliases = ("block_division",)
    summary = "divide the grid into blocks of equal size, no symbol twice in a block"
    param_keys = ("block",)
    formats = kit_formats(janko_names=("burokku",), drawing=dict.fromkeys("|_J", "walls"),
                          answer_regions=True, blank=".")
    editor_candidates = (".", "A", "B", "C", "D", "E", "1", "2", "3", "4", "|", "_", "J")

    def block(self, puzzle: Puzzle) -> int:
        return puzzle.param("block") or puzzle.rows

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return FramedWalls(puzzle.rows, puzzle.cols)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        text = str(token)
        sym = text.rstrip("|_J")
        if not (isinstance(token, (str, int)) and len(sym) <= 1 and text[len(sym):] in ("", *SIDES)
                and (sym == "" or sym.isascii() and sym.isalnum())):
            raise InputError(f"unknown Burokku given {token!r} (expected a letter or digit, "
                             f"optionally followed by a border | _ or J, or .)", where)
        return text

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key == "block":
            k = read_number(value, where, "a number of cells", "'block' must be a number")
            if k < 1:
                raise InputError(f"'block' must be at least 1, got {k}", where)
            return k
        return super().parse_param(key, value, where)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        k = self.block(puzzle)
        if (puzzle.rows * puzzle.cols) % k:
            raise InputError(f"a {puzzle.rows}x{puzzle.cols} grid does not fall into blocks of "
                             f"{k} cells", where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        """Pinned to a symbol given once a block (``m`` times: the most it can be)."""
        m = puzzle.rows * puzzle.cols // self.block(puzzle)
        groups: dict[str, list[Cell]] = {}
        for x, v in sorted(puzzle.clues().items()):
            groups.setdefault(symbol(v), []).append(x)
        anchors = next((xs for s, xs in sorted(groups.items()) if s and len(xs) == m), None)
        return [EqualBlocks(Walls(puzzle.rows, puzzle.cols), self.block(puzzle), anchors)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        layer = Walls(puzzle.rows, puzzle.cols)
        own = "".join(d for d in walls(clue) if d in layer.sides(cell))
        out: list[Rule] = [GivenWall(cell, own)] if own else []
        if symbol(clue):
            others = [y for y, v in puzzle.clues().items() if y != cell and symbol(v) == symbol(clue)]
            out.append(SymbolOnce(layer, self.block(puzzle), cell, symbol(clue), others))
        return out

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """A symbol once a block, in an order drawn from the answer, and the cell's borders
        (letters alone rarely pin a random division down). Symbols the block is given
        already are passed over, so clues added to a puzzle (repair) never clash."""
        layer = Walls(puzzle.rows, puzzle.cols)
        found, of = pieces(v, layer)
        piece = found[of[cell]]
        taken = {symbol(puzzle[x]) for x in piece} - {""}
        free = [s for s in LETTERS if s not in taken]
        open_ = [x for x in piece if not symbol(puzzle[x])]
        order = list(range(len(open_)))
        random.Random(zlib.crc32(f"{v.rows}{piece[0]}".encode())).shuffle(order)
        own = "".join(d for d in layer.sides(cell) if v[side(cell, d)])
        if cell not in open_ or (i := order[open_.index(cell)]) >= len(free):
            return None
        return free[i] + (CHAR_OF[own] if own else "")

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return Glyph(text=symbol(clue)) if symbol(clue) else None

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        grid, lines = block.grid("problem"), block.grid("lines")
        if grid is None:
            raise InputError("no 'problem' section", block.where)
        rows = []
        for r, line in enumerate(grid):
            row = []
            for c, (tok, at) in enumerate(line):
                mark = lines[r][c][0] if lines is not None else "-"
                if mark not in WALL_OF and mark != "-":
                    raise InputError(f"unknown lines token {mark!r} (expected 1, 2, 3 or -)",
                                     f"{lines[r][c][1] if lines else at}: r{r + 1}c{c + 1}")
                text = ("" if tok == "-" else tok) + WALL_OF.get(mark, "")
                row.append(self.parse_clue(text or None, f"{at}: r{r + 1}c{c + 1}"))
            rows.append(tuple(row))
        depth = block.fields.get("depth")
        puzzle = Puzzle(self.name, block.rows, block.cols, tuple(rows))
        if depth is not None:
            puzzle = puzzle.with_params(block=self.parse_param("block", depth, f"{block.where}: depth"))
        self.check_puzzle(puzzle, block.where)
        sol = block.grid("solution")
        return puzzle, None if sol is None else self.parse_solution(
            puzzle, walls_of([[t for t, _ in line] for line in sol]), block.where)


BUROKKU = Burokku()
