"""pzprv3 files, puzz.link's save format: a setter's puzzle *and* answer.

    pzprv3
    canal            <- the genre's pzprv3 pid
    6                <- ROWS (rows first here, unlike URLs)
    6                <- COLS
    3 . . . 3 .      <- puzzle section: one line per row, tokens each followed by a space
    ...
    . # # # . +      <- answer section: # shaded, + marked unshaded, . undecided
    ...

Puzzle tokens: ``.`` empty, a number a clue, ``-`` pzprjs's special given (a ``?`` clue, or
an unnumbered wall: the genre's FormatSpec says which). Light Up files have a single
section in which digits and ``-`` are walls and ``#`` is a lamp. Lines after the
sections (pzprjs's completion marks, ``TrialData``, ``info:``/``history:`` JSON) are
ignored. In a URL (``p?pzprv3/...``) and in the shared data records, ``/`` stands for a
newline. Errors name the line and column of the offending token.
"""
from __future__ import annotations

import re
from typing import Optional
from urllib.parse import unquote

from ..encodings import FormatSpec, get_genre
from ..errors import InputError
from ..puzzle import Puzzle, Solution
from .spec import Document, split_lines
from .url import ascii_number, check_size

HEADER_RE = re.compile(r"^pzprv3(\.\d+)?$")
#: ``https://puzz.link/p?pzprv3/...`` (spaces maybe %20-encoded) or a bare ``pzprv3/...``.
PZPRV3_URL_RE = re.compile(r"^(?:(?:https?://)?[^?\s]*\?)?(?P<body>pzprv3(?:\.\d+)?/)")


class _Lines:
    """The file's lines and how to name a place in them (file lines, or '/'-fields)."""

    def __init__(self, text: str, where: str):
        self.where = where
        text = text.lstrip("\ufeff")
        self.slashed = "\n" not in text.strip()
        if self.slashed:
            self.offset = 0
            self.lines = text.strip().split("/")
        else:
            self.lines = split_lines(text)
            self.offset = 0
            while self.lines and not self.lines[0].strip():  # leading blank lines
                self.lines.pop(0)
                self.offset += 1

    def at(self, index: int, col: int = 1) -> str:
        if self.slashed:
            return f"{self.where}: line {index + 1} (lines are '/'-separated), column {col}"
        return f"{self.where}:{index + 1 + self.offset}:{col}"

    def get(self, index: int, what: str) -> str:
        if index >= len(self.lines):
            raise InputError(f"file ends before {what}", self.at(len(self.lines)))
        return self.lines[index]

    def tokens(self, index: int, cols: int, what: str) -> list[tuple[str, int]]:
        """(token, column) pairs of one grid line, which must hold exactly ``cols`` tokens."""
        line = self.get(index, what)
        toks = [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)]
        if len(toks) != cols:
            col = toks[cols][1] if len(toks) > cols else len(line) + 1
            raise InputError(f"{what} has {len(toks)} tokens, expected {cols}",
                             self.at(index, col))
        return toks


def _int_line(lines: _Lines, index: int, what: str) -> int:
    text = lines.get(index, what).strip()
    number = ascii_number(text, lines.at(index))
    if number is None:
        raise InputError(f"{what} should be a number, got {text!r}", lines.at(index))
    return number


def _given(spec: FormatSpec, tok: str) -> object:
    """A puzzle-section token as a grid value, or raise ValueError."""
    if tok == ".":
        return None
    if tok == "-":
        return spec.qnum_minus2
    number = ascii_number(tok)      # may raise InputError (a ValueError): too many digits
    if number is not None:
        return number
    raise ValueError(tok)


def pzprv3_text(source: str) -> str | None:
    """The file inside a ``p?pzprv3/...`` URL or a bare ``pzprv3/...`` string, else None."""
    s = source.strip()
    m = PZPRV3_URL_RE.match(s)
    if not m:
        return None
    return unquote(s[m.start("body"):])


def parse_pzprv3(text: str, where: str) -> Document:
    """A pzprv3 file (or its '/'-separated form) as a Document with the file's answer."""
    lines = _Lines(text, where)
    head = lines.get(0, "the 'pzprv3' header").strip()
    if not HEADER_RE.match(head):
        raise InputError(f"not a pzprv3 file: the first line is {head[:20]!r}, expected 'pzprv3'",
                         lines.at(0))
    pid = lines.get(1, "the genre line").strip()
    genre = get_genre(pid, lines.at(1))
    spec = genre.formats
    rows = _int_line(lines, 2, "ROWS")
    cols = _int_line(lines, 3, "COLS")
    check_size(rows, cols, lines.at(2))
    grid, marks = [], {}
    expected = ("'.', '-', a number or " + "/".join(sorted(spec.pzprv3_read))
                if spec.pzprv3_combined else "'.', '-' or a number")
    for r in range(rows):
        row = []
        for c, (tok, col) in enumerate(lines.tokens(4 + r, cols, f"puzzle row {r + 1}")):
            place = lines.at(4 + r, col)
            try:
                value = _given(spec, tok)
            except InputError as e:
                raise InputError(e.message, f"{place}: r{r + 1}c{c + 1}") from None
            except ValueError:
                if spec.pzprv3_combined and tok in spec.pzprv3_read:
                    value = None
                    marks[(r, c)] = spec.pzprv3_read[tok]
                else:
                    raise InputError(f"unknown token {tok!r} at r{r + 1}c{c + 1} "
                                     f"(expected {expected})", place) from None
            row.append(genre.parse_clue(value, f"{place}: r{r + 1}c{c + 1}"))
        grid.append(tuple(row))
    puzzle = Puzzle(genre.name, rows, cols, tuple(grid))
    has_answer = spec.pzprv3_combined
    if not spec.pzprv3_combined and len(lines.lines) > 4 + rows and any(
            ln.strip() for ln in lines.lines[4 + rows:4 + 2 * rows]):
        has_answer = True
        for r in range(rows):
            index = 4 + rows + r
            for c, (tok, col) in enumerate(lines.tokens(index, cols, f"answer row {r + 1}")):
                if tok not in spec.pzprv3_read:
                    raise InputError(f"unknown answer token {tok!r} at r{r + 1}c{c + 1} (expected "
                                     f"{', '.join(sorted(spec.pzprv3_read))})",
                                     lines.at(index, col))
                marks[(r, c)] = spec.pzprv3_read[tok]
    solution: Optional[Solution] = None
    if has_answer:
        solution = genre.parse_solution(puzzle, spec.answer_rows(puzzle, marks), where)
    return Document(puzzle, solution, "pzprv3")


def _given_token(spec: FormatSpec, value: object) -> str:
    if value is None:
        return "."
    if value == spec.qnum_minus2:
        return "-"
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return str(value)
    raise InputError(f"given {value!r} has no pzprv3 token")


def pzprv3_lines(puzzle: Puzzle, solution: Solution | None = None) -> list[str]:
    """The file's lines, exactly as puzz.link writes them (each grid line ends in a space)."""
    spec = get_genre(puzzle.genre).formats
    marks = spec.marks_of(puzzle, solution) if solution is not None else {}

    def answer(cell: tuple[int, int]) -> str:
        ch = marks.get(cell, spec.blank)
        if ch not in spec.pzprv3_write:
            raise InputError(f"answer character {ch!r} at r{cell[0] + 1}c{cell[1] + 1} has "
                             f"no pzprv3 token")
        return spec.pzprv3_write[ch]

    if spec.pzprv3_pid is None:
        raise InputError(f"{puzzle.genre} has no pzprv3 format")
    out = ["pzprv3", spec.pzprv3_pid, str(puzzle.rows), str(puzzle.cols)]
    for r, row in enumerate(puzzle.grid):
        toks = []
        for c, v in enumerate(row):
            if spec.pzprv3_combined and v is None:
                toks.append(answer((r, c)))
            else:
                toks.append(_given_token(spec, v))
        out.append("".join(t + " " for t in toks))
    if not spec.pzprv3_combined:
        for r in range(puzzle.rows):
            out.append("".join(answer((r, c)) + " " for c in range(puzzle.cols)))
    return out


def to_pzprv3(puzzle: Puzzle, solution: Solution | None = None, slashes: bool = False) -> str:
    """A pzprv3 file; ``slashes=True`` gives the one-line form used after ``p?`` in URLs."""
    lines = pzprv3_lines(puzzle, solution)
    if slashes:
        return "/".join(lines) + "/"
    return "\n".join(lines) + "\n"
