"""The plain text puzzle file: a header naming genre and size, then one line per row.

    canal 6x6
    3 . . . 3 .
    . 2 . . . .
    ...

Tokens are separated by spaces: ``.`` empty, ``?`` a clue of unknown value, an integer
a clue. The size is ROWSxCOLS (``canal 6 6`` is accepted too). A genre's parameters
(``Puzzle.params``: regions, edge clues) follow the rows, one ``NAME: JSON`` line each
(``areas: [[0,0,1],[0,1,1]]``). Errors name the place as ``FILE:LINE:COLUMN``.
"""
from __future__ import annotations

import json
import re

from ..encodings import get_genre
from ..errors import InputError
from ..puzzle import Clue, Puzzle
from .spec import split_lines
from .url import ascii_number, check_size


#: A parameter line after the rows: ``NAME: JSON``.
PARAM_RE = re.compile(r"^\s*[A-Za-z_][A-Za-z0-9_]*\s*:")


def parse_text(text: str, where: str) -> Puzzle:
    lines = split_lines(text)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or not any(line.strip() for line in lines):
        raise InputError("empty puzzle file", where)
    # Blank lines before the header are skipped; places keep the file's line numbers.
    skip = next(i for i, line in enumerate(lines) if line.strip())
    return _parse_lines(lines[skip:], where, skip)


def _parse_lines(lines: list[str], where: str, skip: int) -> Puzzle:
    """The puzzle whose header is ``lines[0]``, which is line ``skip + 1`` of the file."""
    header = lines[0].split()
    m = None
    if len(header) == 2:
        m = re.fullmatch(r"([0-9]+)[xX]([0-9]+)", header[1])
    elif len(header) == 3:
        m = re.fullmatch(r"([0-9]+) ([0-9]+)", f"{header[1]} {header[2]}")
    if not m:
        raise InputError(f"header {lines[0].strip()!r} should be 'GENRE ROWSxCOLS', "
                         f"e.g. 'canal 6x6'", f"{where}:{skip + 1}:1")
    genre = get_genre(header[0], f"{where}:{skip + 1}:{lines[0].index(header[0]) + 1}")
    size_at = f"{where}:{skip + 1}:{lines[0].index(header[1]) + 1}"
    rows, cols = ascii_number(m.group(1), size_at), ascii_number(m.group(2), size_at)
    assert rows is not None and cols is not None  # the pattern matched ASCII digits
    check_size(rows, cols, size_at)
    body = lines[1:]
    params: list[tuple[int, str]] = []
    while len(body) > rows and PARAM_RE.match(body[-1]):  # NAME: JSON lines after the rows
        params.insert(0, (skip + len(body), body.pop()))
    if len(body) != rows:
        raise InputError(f"header says {rows} rows, the file has {len(body)}",
                         f"{where}:{skip + len(lines) + (0 if len(body) > rows else 1)}:1")
    # Each distinct token is read once, and a place is spelled out only for an error:
    # a 1000x1000 file is a million tokens, nearly all '.'.
    seen: dict[str, Clue] = {}
    grid = []
    for r, line in enumerate(body):
        tokens = line.split()
        if len(tokens) != cols:
            starts = [m.start() + 1 for m in re.finditer(r"\S+", line)]
            col = starts[cols] if len(starts) > cols else len(line) + 1
            raise InputError(f"row {r + 1} has {len(tokens)} cells, expected {cols}",
                             f"{where}:{skip + r + 2}:{col}")
        row = []
        for c, tok in enumerate(tokens):
            if tok not in seen:
                try:
                    seen[tok] = genre.parse_clue(tok, "")
                except InputError as e:
                    col = [m.start() + 1 for m in re.finditer(r"\S+", line)][c]
                    raise InputError(e.message, f"{where}:{skip + r + 2}:{col}: "
                                                f"r{r + 1}c{c + 1}") from None
            row.append(seen[tok])
        grid.append(tuple(row))
    puzzle = Puzzle(genre.name, rows, cols, tuple(grid))
    for i, line in params:
        key, value = line.split(":", 1)
        at = f"{where}:{i + 1}:{len(key) + 2}: {key.strip()}"
        try:
            data = json.loads(value)
        except RecursionError:
            raise InputError("JSON nested too deeply", at) from None
        except ValueError as e:
            raise InputError(f"not JSON ({e.args[0].split(':')[0]})", at) from None
        puzzle = puzzle.with_params(**{key.strip(): genre.parse_param(key.strip(), data, at)})
    genre.check_puzzle(puzzle, where)
    return puzzle


def to_text(puzzle: Puzzle) -> str:
    token = get_genre(puzzle.genre).clue_token
    grid = [[token(v) for v in row] for row in puzzle.grid]
    width = max([len(t) for row in grid for t in row] + [1])
    lines = [f"{puzzle.genre} {puzzle.rows}x{puzzle.cols}"]
    for row in grid:
        lines.append(" ".join(t.rjust(width) for t in row).rstrip())
    lines += [f"{k}: {json.dumps(v, separators=(',', ':'))}" for k, v in puzzle.params]
    return "\n".join(lines) + "\n"
