"""Flood-It's own formats: Simon Tatham's game ID, the seed's digit grid, thesis boards.

* Tatham's game ID ``WxHcCmL:<grid>,<limit>`` (W columns, H rows, C colours, L the
  leniency his generator added; the grid one character per cell row by row, ``0``-``9``
  then ``A``-``Z``; the limit is the move limit). Read, and written by
  ``convert --to tatham`` (leniency 0, the board's limit).
* The seed's digit grid (color-flood-rs): one row per line, one digit per cell.
* A thesis board file (manteuffel723/flood-it-boards): ``#`` comment lines, then
  ``ROWS COLS COLOURS``, the cells row by row as 1..COLOURS, then the optimum (0: unknown),
  which becomes the board's limit.

Rows that differ in length, colours with a gap and one-colour boards are refused by the
genre's ``validate`` (every format) or here with the line and column.
"""
from __future__ import annotations

import re

from ...numerals import is_digits
from ...errors import InputError
from ...puzzle import Puzzle
from ..contract import CodeFormat, FileFormat
from .board import COLOUR_CHARS, MAX_COLOURS, Board, pivot_of

GENRE = "floodit"
_TATHAM = re.compile(r"(\d+)x(\d+)c(\d+)m(\d+):([0-9A-Za-z]*),(\d+)")
#: Width of the beam search that gives a Tatham ID its limit when a board has none.
WRITE_BEAM = 50
#: Bigger boards get the greedy sequence's count (a width-50 beam takes seconds there,
#: and the ID is written with every JSON result), and boards over MAX_TATHAM_CELLS no ID
#: at all (even the greedy count takes seconds; Tatham's game is played far smaller).
WRITE_BEAM_CELLS = 400
MAX_TATHAM_CELLS = 2500


def _board(rows: list[list[int]], limit: int | None) -> Puzzle:
    grid = tuple(tuple(r) for r in rows)
    p = Puzzle(GENRE, len(grid), len(grid[0]), grid)
    return p.with_params(limit=limit) if limit else p


class TathamID(CodeFormat):
    name = "tatham"
    description = "Simon Tatham's Flood game ID, e.g. 3x3c3m0:012120201,4"

    def recognizes(self, line: str) -> bool:
        return re.fullmatch(r"\d+x\d+c\d+m\d+:\S*", line) is not None

    def parse(self, line: str, where: str) -> Puzzle:
        m = _TATHAM.fullmatch(line.strip())
        if m is None:
            raise InputError("not a Tatham Flood game ID (expected WxHcCmL:GRID,LIMIT, "
                             "e.g. 3x3c3m0:012120201,4)", where)
        w, h, ncol, _, body, limit = m.groups()
        cols, rows, colours = int(w), int(h), int(ncol)
        if not (1 <= rows <= 1000 and 1 <= cols <= 1000) or rows * cols < 2:
            raise InputError(f"impossible size {w}x{h}", where)
        if not 2 <= colours <= MAX_COLOURS:
            raise InputError(f"{colours} colours (a board has 2..{MAX_COLOURS})", where)
        if len(body) != rows * cols:
            raise InputError(f"the grid has {len(body)} cells, {w}x{h} needs {rows * cols}",
                             where)
        cells = []
        for i, ch in enumerate(body.upper()):
            v = COLOUR_CHARS.find(ch)
            if not 0 <= v < colours:
                raise InputError(f"r{i // cols + 1}c{i % cols + 1}: colour {ch!r} is not one "
                                 f"of the {colours} colours", where)
            cells.append(v)
        return _board([cells[r * cols:(r + 1) * cols] for r in range(rows)],
                      int(limit) or None)

    def write(self, puzzle: Puzzle) -> str:
        if pivot_of(puzzle) != (0, 0):
            raise InputError("a Tatham game floods from the top-left cell; this board's "
                             "pivot is elsewhere")
        ncol = 1 + max(v for row in puzzle.grid for v in row if isinstance(v, int))
        if ncol > 10 + 26:
            raise InputError(f"{ncol} colours do not fit a Tatham game ID")
        if puzzle.rows * puzzle.cols > MAX_TATHAM_CELLS:
            raise InputError(f"a {puzzle.rows}x{puzzle.cols} board is too large for a Tatham "
                             f"game ID (at most {MAX_TATHAM_CELLS} cells)")
        limit = puzzle.param("limit")
        if limit is None:  # like Tatham's own limit: a heuristic count, not a proof
            width = WRITE_BEAM if puzzle.rows * puzzle.cols <= WRITE_BEAM_CELLS else 1
            limit = len(Board(puzzle).beam(width))
        body = "".join(COLOUR_CHARS[v] for row in puzzle.grid for v in row if isinstance(v, int))
        return f"{puzzle.cols}x{puzzle.rows}c{ncol}m0:{body},{limit}"


class DigitGrid(FileFormat):
    name = "digits"
    description = "the seed's digit grid: one row per line, one digit (colour) per cell"

    def recognizes(self, text: str) -> bool:
        lines = [ln.strip() for ln in text.strip().split("\n")]
        return bool(lines) and all(is_digits(ln) for ln in lines)

    def parse(self, text: str, where: str) -> list[Puzzle]:
        lines = text.split("\n")
        rows: list[list[int]] = []
        width = None
        for i, raw in enumerate(lines):
            ln = raw.strip()
            if not ln:
                if rows and any(x.strip() for x in lines[i:]):
                    raise InputError("blank line inside the grid", f"{where}:{i + 1}:1")
                continue
            if width is None:
                width = len(ln)
            elif len(ln) != width:
                raise InputError(f"row {len(rows) + 1} has {len(ln)} cells, expected {width}",
                                 f"{where}:{i + 1}:{min(len(ln), width) + 1}")
            rows.append([int(ch) for ch in ln])
        return [_board(rows, None)]


class ThesisBoard(FileFormat):
    name = "thesis"
    description = "a thesis board file: '# ...' lines, ROWS COLS COLOURS, the cells 1..COLOURS, the optimum"

    def _tokens(self, text: str) -> list[tuple[str, int, int]]:
        out = []
        for i, line in enumerate(text.split("\n")):
            if line.lstrip().startswith("#"):
                continue
            for m in re.finditer(r"\S+", line):
                out.append((m.group(), i + 1, m.start() + 1))
        return out

    def recognizes(self, text: str) -> bool:
        """A first line of three numbers (ROWS COLS COLOURS) makes it a thesis board, so
        that a bad cell later is reported as one (not as an unknown genre '12')."""
        lines = [ln for ln in text.strip().split("\n") if ln.strip()]
        body = [ln for ln in lines if not ln.lstrip().startswith("#")]
        return bool(body) and re.fullmatch(r"\s*[0-9]+\s+[0-9]+\s+[0-9]+\s*", body[0]) is not None

    def parse(self, text: str, where: str) -> list[Puzzle]:
        toks = self._tokens(text)
        rows, cols, ncol = (int(t[0]) for t in toks[:3])
        at = f"{where}:{toks[0][1]}:{toks[0][2]}"
        if not (1 <= rows <= 1000 and 1 <= cols <= 1000) or rows * cols < 2:
            raise InputError(f"impossible size {rows}x{cols}", at)
        if not 2 <= ncol <= MAX_COLOURS:
            raise InputError(f"{ncol} colours (a board has 2..{MAX_COLOURS})", at)
        cells = toks[3:3 + rows * cols]
        if len(cells) < rows * cols:
            last = toks[-1]
            raise InputError(f"{len(cells)} cells, {rows}x{cols} needs {rows * cols}",
                             f"{where}:{last[1]}:{last[2]}")
        values = []
        for tok, line, col in toks[3:]:
            if not is_digits(tok):
                raise InputError(f"'{tok}' is not a number", f"{where}:{line}:{col}")
        for tok, line, col in cells:
            v = int(tok)
            if not 1 <= v <= ncol:
                raise InputError(f"colour {v} is outside 1..{ncol}", f"{where}:{line}:{col}")
            values.append(v - 1)
        rest = toks[3 + rows * cols:]
        if len(rest) > 1:
            raise InputError("more numbers than the cells and the optimum",
                             f"{where}:{rest[1][1]}:{rest[1][2]}")
        limit = int(rest[0][0]) if rest else 0
        return [_board([values[r * cols:(r + 1) * cols] for r in range(rows)], limit or None)]
