"""Futoshiki: fill 1..N so that every row and column holds each number once, the given
numbers stay, and every inequality sign between two neighbouring cells holds.

The signs travel in the puzzle's ``relations`` parameter: a sorted tuple of strings
``"rAcB<rCcD"`` (the first cell holds the smaller number; input may also say
``"rCcD>rAcB"``), the two cells edge-adjacent. Janko's blocks write the problem as a
(2N-1)x(2N-1) grid: cells at even rows and columns (``?`` empty, a number given), ``«``
/ ``»`` between horizontal neighbours (the left one smaller / larger), ``A`` / ``V``
between vertical neighbours (the upper one smaller / larger: the sign's point is at the
smaller), ``.`` no sign, ``-`` the corners between. puzz.link has no Futoshiki: codes are
pzprjs's ``nmDupRow``, ``ceNoNum`` and this project's ``nmGiven`` (a given changed),
``nmIneqNe`` (a sign broken). Pictures show the numbers, not the signs.

Generation: the clues are the given numbers (key: the cell) and the signs (key: ``(r, c,
"R")`` for the sign between r,c and its right neighbour, ``"D"`` its lower one; clue ``<``
if r,c is smaller, else ``>``); both only remove answers.
"""
from __future__ import annotations

import re
from typing import Any, Mapping, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import ClueKey, JankoBlock
from .kit import KitGenre, Number, Values, kit_formats
from .kit.lattice import pairs
from .kit.model import Layer, Rule
from .kit.numbers import LayoutGeneration, Less, filled, given_number, latin_lines

RELATION = re.compile(r"r(\d+)c(\d+)\s*([<>])\s*r(\d+)c(\d+)")
JANKO_SIGNS = {"«": "<", "»": ">", "A": "<", "V": ">", "<": "<", ">": ">", "^": "<", "v": ">"}


def name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def pair(key: tuple[int, int, str]) -> tuple[Cell, Cell]:
    """The two cells of a sign's clue key."""
    r, c, d = key
    return (r, c), (r, c + 1) if d == "R" else (r + 1, c)


def relation(a: Cell, sign: str, b: Cell) -> str:
    """The canonical string of "a sign b" (smaller cell first)."""
    return f"{name(a)}<{name(b)}" if sign == "<" else f"{name(b)}<{name(a)}"


def parse_relation(text: str) -> tuple[Cell, Cell]:
    m = RELATION.fullmatch(text)
    assert m is not None
    a, b = (int(m.group(1)) - 1, int(m.group(2)) - 1), (int(m.group(4)) - 1, int(m.group(5)) - 1)
    return (a, b) if m.group(3) == "<" else (b, a)


class Futoshiki(KitGenre):
    name = "futoshiki"
    aliases = ("inequality", "unequal")
    summary = "fill 1-N once per row and column; signs between neighbours say which is smaller"
    param_keys = ("relations",)
    formats = kit_formats(janko_names=("futoshiki",), blank=".",
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    max_clue = 35
    editor_candidates = (".", *map(str, range(1, 10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = FutoshikiGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Number(1, puzzle.rows, blank=True)

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "relations":
            return super().parse_param(key, value, where)
        if not isinstance(value, (list, tuple)):
            raise InputError("'relations' must be a list of strings like \"r1c1<r1c2\"", where)
        out = []
        for item in value:
            m = RELATION.fullmatch(item.strip()) if isinstance(item, str) else None
            if m is None:
                raise InputError(f"relation {item!r} is not like \"r1c1<r1c2\"", where)
            a, b = parse_relation(item.strip())
            out.append(relation(a, "<", b))
        return tuple(sorted(set(out)))

    def relations(self, puzzle: Puzzle) -> list[tuple[Cell, Cell]]:
        return [parse_relation(text) for text in puzzle.param("relations", ())]

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        n = puzzle.rows
        if puzzle.cols != n or n > 35:
            raise InputError(f"a Futoshiki is square up to 35x35, not {puzzle.rows}x{puzzle.cols}", where)
        for (r, c), v in puzzle.clues().items():
            if not isinstance(v, int) or not 1 <= v <= n:
                raise InputError(f"given {v!r} at r{r + 1}c{c + 1} is not a number 1-{n}", where)
        for a, b in self.relations(puzzle):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 or max(*a, *b) >= n or min(*a, *b) < 0:
                raise InputError(f"relation {relation(a, '<', b)} is not between neighbouring "
                                 f"cells of the grid", where)

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """The (2N-1)x(2N-1) problem grid: numbers, signs between them (see the module)."""
        n, lines_ = block.rows, block.sections.get("problem")
        if lines_ is None or len(lines_) < 2 * n - 1 or any(len(t) != 2 * n - 1 for t in lines_[:2 * n - 1]):
            raise InputError(f"a Futoshiki problem is {2 * n - 1} rows of {2 * n - 1} tokens", block.where)
        grid: list[list[Clue]] = [[None] * n for _ in range(n)]
        rels = []
        for i, toks in enumerate(lines_[:2 * n - 1]):
            for j, (tok, at) in enumerate(toks):
                cell = (i // 2, j // 2)
                if i % 2 == 0 and j % 2 == 0:
                    grid[cell[0]][cell[1]] = None if tok in ("?", ".", "-") else self.janko_clue(tok, at)
                elif tok in JANKO_SIGNS and (i + j) % 2:
                    other = (cell[0] + i % 2, cell[1] + j % 2)
                    rels.append(relation(cell, JANKO_SIGNS[tok], other))
                elif tok not in (".", "-"):
                    raise InputError(f"unknown problem token {tok!r} (expected ?, a number, . « » A V)", at)
        puzzle = Puzzle(self.name, n, n, tuple(map(tuple, grid)))
        puzzle = puzzle.with_params(relations=tuple(sorted(rels)) or None)
        sol = block.grid("solution")
        if sol is None:
            return puzzle, None
        return puzzle, self.parse_solution(puzzle, [" ".join(t for t, _ in row) for row in sol], block.where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        n = puzzle.rows
        out = latin_lines(puzzle) + filled(puzzle.cells(), n, f"a cell has no number 1-{n}")
        return out + [self.sign(a, b) for a, b in self.relations(puzzle)]

    def sign(self, a: Cell, b: Cell) -> Rule:
        return Less(a, b, "nmIneqNe", f"{name(a)} is not smaller than {name(b)}")

    def clue_rules(self, puzzle: Puzzle, cell: Any, clue: Clue) -> list[Rule]:
        if len(cell) == 3:  # a sign (r, c, "R" | "D")
            a, b = pair(cell)
            return [self.sign(a, b) if clue == "<" else self.sign(b, a)]
        return [given_number(cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["number"][cell]


class FutoshikiGeneration(LayoutGeneration):
    """Given numbers and signs, both switchable (see the module)."""

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues: dict[ClueKey, Clue] = dict(puzzle.clues())
        for a, b in FUTOSHIKI.relations(puzzle):
            first = min(a, b)
            clues[(first[0], first[1], "R" if a[0] == b[0] else "D")] = "<" if first == a else ">"
        return puzzle.with_clues({}).with_params(relations=None), clues

    def with_clues(self, blank: Puzzle, clues: Mapping[ClueKey, Clue]) -> Puzzle:
        cells = {k: v for k, v in clues.items() if len(k) == 2}
        rels = [relation(pair(k)[0], str(v), pair(k)[1]) for k, v in clues.items() if len(k) == 3]
        rels += list(blank.param("relations", ()))
        return blank.with_clues({**blank.clues(), **cells}).with_params(relations=tuple(sorted(rels)) or None)

    def key_cell(self, key: ClueKey) -> Cell:
        return (key[0], key[1])

    def clue_place(self, key: ClueKey) -> str:
        if len(key) == 3:  # a sign between a cell and its neighbour right or below
            r, c, way = key
            r2, c2 = (r, c + 1) if way == "R" else (r + 1, c)
            return f"between r{r + 1}c{c + 1} and r{r2 + 1}c{c2 + 1}"
        return super().clue_place(key)

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        blank, v = self._values(answer)
        out = super().clue_candidates(answer)
        got = v.cell["number"]
        for a, b in pairs(blank):
            if got.get(a) is not None and got.get(b) is not None:
                out[(a[0], a[1], "R" if a[0] == b[0] else "D")] = "<" if got[a] < got[b] else ">"
        return out


FUTOSHIKI = Futoshiki()
