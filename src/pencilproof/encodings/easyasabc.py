"""Easy as ABC (janko.at "Abc-End-View"): write the letters A.. (as many as the puzzle's
``letters``) into the grid so that every row and every column holds each letter exactly
once, the other cells staying empty; a letter outside the grid is the first letter seen
from that side along its row or column.

Parameters: ``letters`` (how many, A up to that letter), and the labels ``top``,
``bottom`` (one per column), ``left``, ``right`` (one per row), each a letter or null.
Without ``letters``, one fewer than the shorter side. Cells may hold given letters (as
puzz.link's editor allows). Answers write ``A``.. and ``.`` for an empty cell.

``diagonals`` (janko.at's ``abcendview, diagonals``): both main diagonals of a square
grid also hold each letter once (``nmDupDiag`` a repeat there; puzz.link has no such
variant, so its URL refuses it).

Janko pages: ``depth`` is the number of letters, the first ``clabels`` line the labels
above the columns and the second those below, the first ``rlabels`` line the labels left
of the rows and the second those right of them (lowercase letters, or numbers standing
for them, ``1`` = A; ``-`` none); an optional ``problem`` of given letters (the same
tokens); the ``solution`` writes ``-`` for an empty cell. Failcodes are pzprjs's
(easyasabc.js), in its order: ``nmDupRow`` (a letter twice in a row or column),
``nmSightNe`` (the first letter seen is not the label's), ``nmMissRow`` (a letter missing
from a row, column or diagonal); a changed given is ``nmGiven``.
"""
from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping, Optional

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import JankoBlock, UrlBody
from .kit import AllDifferent, Count, Values, kit_formats
from .kit.lattice import lines
from .kit.layers import LETTERS, Letters
from .kit.lines_of_cells import EdgeGenre, EdgesOnly, FirstSeen, edge_cells
from .kit.model import N, Layer, Rule
from .kit.numbers import given_number
from .kit.urlcodec import Cursor, read_number16, write_number16

class AbcUrl(UrlBody):
    """pzprjs's easyasabc URL body: the number of letters and ``/``, then the letters
    outside the grid as number16 values 1.. (above the columns, below them, left of the
    rows, right of them), then, if any cell holds a given letter, the cells' letters."""

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        count, _, rest = body.partition("/")
        cur = Cursor(rest, where)
        edges = read_number16(cur, 2 * (rows + cols), "letters outside the grid")
        cells = read_number16(cur, rows * cols) if cur.rest().strip("/") else []
        cur.finish()
        bad = [v for v in edges + cells if v is not None and not (isinstance(v, int) and 1 <= v <= 26)]
        if bad:
            raise InputError(f"{bad[0]!r} is not the number of a letter", where)

        def letter(i: int, values: list[Any]) -> Optional[str]:
            return LETTERS[values[i] - 1] if i < len(values) and values[i] is not None else None

        grid = tuple(tuple(letter(r * cols + c, cells) for c in range(cols)) for r in range(rows))
        places = [(side, i) for side, n in (("top", cols), ("bottom", cols), ("left", rows),
                                            ("right", rows)) for i in range(n)]
        k = genre.parse_param("letters", count, f"{where}: the number of letters")
        puzzle = Puzzle(genre.name, rows, cols, grid).with_params(letters=k)
        return genre.with_labels(puzzle, {key: letter(j, edges) for j, key in enumerate(places)})

    def write(self, puzzle: Puzzle) -> str:
        if puzzle.param("diagonals"):
            raise InputError("a easyasabc puzzle with 'diagonals' has no puzz.link URL")
        edges = [None if x is None else LETTERS.index(x) + 1
                 for side, n in (("top", puzzle.cols), ("bottom", puzzle.cols), ("left", puzzle.rows),
                                 ("right", puzzle.rows))
                 for x in (puzzle.param(side) or (None,) * n)]
        cells = [None if v is None else LETTERS.index(str(v)) + 1 for row in puzzle.grid for v in row]
        k = EASYASABC.letters(puzzle)
        return f"{k}/" + write_number16(edges) + (write_number16(cells) if any(cells) else "")


class EasyAsAbc(EdgeGenre):
    name = "easyasabc"
    aliases = ("easy_as_abc", "abcendview", "abc_end_view", "abc-end-view")
    summary = "place letters A.. once per row and column; edge letters are the first seen from there"
    param_keys = ("letters", "top", "bottom", "left", "right", "diagonals")
    janko_variants = ("diagonals",)
    url_pids = ("easyasabc",)
    formats = kit_formats(url_own=AbcUrl(), janko_names=("abcendview",), blank=".",
                          drawing=dict.fromkeys(LETTERS, "letter"))
    editor_candidates = (".", "A", "B", "C", "D", "E")

    def __init__(self) -> None:
        super().__init__()
        self.generator = AbcGeneration(self)

    def letters(self, puzzle: Puzzle) -> int:
        k = puzzle.param("letters")
        return k if k is not None else max(1, min(puzzle.rows, puzzle.cols) - 1)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Letters(self.letters(puzzle))

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if not (isinstance(token, str) and len(token) == 1 and token.isascii() and token.isalpha()):
            raise InputError(f"unknown token {token!r} (expected '.' or a letter)", where)
        return token.upper()

    def edge_label(self, token: object, where: str) -> Optional[str]:
        return None if token is None else str(self.parse_clue(token, where) or "") or None

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key == "diagonals":
            if not isinstance(value, bool):
                raise InputError("'diagonals' must be true or false", where)
            return value or None
        if key == "letters":
            k = read_number(value, where, "a number of letters", "'letters' must be a number")
            if not 1 <= k <= 26:
                raise InputError(f"'letters' must be 1-26, got {k}", where)
            return k
        return super().parse_param(key, value, where)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        k = self.letters(puzzle)
        if k > len(LETTERS):  # the default, one fewer than the side, on a grid over 27
            raise InputError(f"{k} letters are more than A-Z: a {puzzle.rows}x{puzzle.cols} "
                             "grid needs its 'letters' (at most 26)", where)
        if k > min(puzzle.rows, puzzle.cols):
            raise InputError(f"{k} letters do not fit in a {puzzle.rows}x{puzzle.cols} grid", where)
        if puzzle.param("diagonals") and puzzle.rows != puzzle.cols:
            raise InputError(f"diagonals need a square grid, not {puzzle.rows}x{puzzle.cols}", where)
        used = [(f"r{r + 1}c{c + 1}", x) for (r, c), x in puzzle.clues().items()]
        used += [(f"'{side}' {i + 1}", x) for (side, i), x in self.labels(puzzle).items()]
        for place, x in used:
            if LETTERS.index(str(x)) >= k:
                raise InputError(f"letter {x} at {place} is not one of A-{LETTERS[k - 1]}", where)

    def houses(self, puzzle: Puzzle) -> list[tuple[str, list[Cell], str]]:
        """Rows and columns (and, with ``diagonals``, both main diagonals): each holds
        every letter once."""
        out = [(name, cells, "nmDupRow") for name, cells in lines(puzzle)]
        if puzzle.param("diagonals"):
            n = puzzle.rows
            out += [(f"the {d} diagonal", cells, "nmDupDiag") for d, cells in (
                ("main", [(i, i) for i in range(n)]), ("anti", [(i, n - 1 - i) for i in range(n)]))]
        return out

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        values = range(1, self.letters(puzzle) + 1)
        houses = self.houses(puzzle)
        out: list[Rule] = [AllDifferent(cells, values, code, f"a letter repeats in {name}")
                           for name, cells, code in houses]
        return out + [Count([N(x, v) for x in cells], 1, cells, "nmMissRow",
                            f"{name} has no {LETTERS[v - 1]}", ">=")
                      for name, cells, _ in houses for v in values]

    def all_rules(self, puzzle: Puzzle) -> list[Rule]:
        """pzprjs's order: repeats, edge labels, then missing letters."""
        out = super().all_rules(puzzle)
        return [r for r in out if r.code != "nmMissRow"] + [r for r in out if r.code == "nmMissRow"]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        v = LETTERS.index(str(clue)) + 1
        return [given_number(cell, clue, v)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        n = v.cell["number"].get(cell)
        return None if n is None else LETTERS[n - 1]

    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        cells = edge_cells(puzzle, side, i)
        return [FirstSeen(cells, range(1, self.letters(puzzle) + 1), LETTERS.index(label) + 1,
                          "nmSightNe", f"the first letter seen from the {side} is not {label}")]

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        numbers = v.cell["number"]
        return next((LETTERS[numbers[x] - 1] for x in edge_cells(puzzle, side, i)
                     if numbers.get(x) is not None), None)

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """One letter fewer than the shorter side (one empty cell per line, at least), at
        most A-Z (a board wider than 27 asked for letters past Z: an IndexError)."""
        k = min(len(LETTERS), max(1, min(rows, cols) - 1))
        return super().random_layout(rows, cols, rng).with_params(letters=k)

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        depth = block.fields.get("depth")
        if depth is None:
            raise InputError("no 'depth' line (the number of letters)", block.where)
        if not is_digits(depth):
            raise InputError(f"'depth' should be a number (the number of letters), got {depth!r}",
                             block.where)
        labels: dict[tuple[str, int], Any] = {}
        for section, sides, n in (("clabels", ("top", "bottom"), block.cols),
                                  ("rlabels", ("left", "right"), block.rows)):
            lines_ = block.sections.get(section, ())
            if len(lines_) < 2 or any(len(line) != n for line in lines_[:2]):
                raise InputError(f"'{section}' must be two lines of {n} letters or '-'", block.where)
            for side, line in zip(sides, lines_):
                for i, (tok, at) in enumerate(line):
                    labels[(side, i)] = self.edge_label(janko_letter(tok, at), at)
        problem = block.grid("problem")
        givens = tuple((None,) * block.cols for _ in range(block.rows)) if problem is None else tuple(
            tuple(self.parse_clue(janko_letter(tok, at), at) for tok, at in line) for line in problem)
        blank = Puzzle(self.name, block.rows, block.cols, givens)
        diagonals = "diagonals" in block.fields.get("puzzle", "").lower() or None
        puzzle = self.with_labels(blank.with_params(letters=int(depth), diagonals=diagonals), labels)
        self.check_puzzle(puzzle, block.where)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        rows = ["".join("." if tok == "-" else tok.upper() for tok, _ in line) for line in grid]
        return puzzle, self.parse_solution(puzzle, rows, block.where)


def janko_letter(token: str, where: str) -> str:
    """A Janko label: a letter, ``-``, or a number standing for the letter of that place
    (``1`` = A: Abc-End-View 185 and others write their labels so)."""
    if is_digits(token):
        k = int(token)
        if not 1 <= k <= len(LETTERS):
            raise InputError(f"label {token} is no letter's number (1-26)", where)
        return LETTERS[k - 1]
    return token


class AbcGeneration(EdgesOnly):
    """Edge letters and letters in cells are clues; ``--edges only`` keeps to the edges
    (the classic form, which leaves fewer answers unique: 2 in 20 random 6x6 ones with
    five letters, against every one with cell letters too)."""

    options: ClassVar[Mapping[str, str]] = {
        "edges": "easyasabc: 'only' makes the letters outside the grid the only clues (the "
                 "classic form; default: letters in cells may be clues too)"}



EASYASABC = EasyAsAbc()
