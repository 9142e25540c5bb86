"""puzz.link URLs: ``https://puzz.link/p?PID/COLS/ROWS/BODY`` (columns before rows).

The Number16 body (Canal View) lists cells row by row: ``0``-``9``/``a``-``f`` one clue
0-15, ``-`` + 2 hex digits 16-255, ``+`` + 3 hex digits 256-4095, ``.`` a ``?`` clue,
``g``..``z`` a run of 1..20 empty cells. Any host is accepted (puzz.link, pzv.jp, ...).
"""
from __future__ import annotations

import re

from ..errors import InputError
from ..puzzle import Puzzle

URL_RE = re.compile(r"^(?:https?://)?[^?\s]*\?(?P<query>\S+)$")
MAX_SIDE = 1000


def is_url(text: str) -> bool:
    t = text.strip()
    return bool(URL_RE.match(t)) and ("/" in t.split("?", 1)[1]) and "\n" not in t


def decode_number16(body: str, ncells: int, where: str) -> list:
    cells: list = []
    i = 0
    while i < len(body) and len(cells) < ncells:
        ch = body[i]
        if ch in "0123456789abcdef":
            cells.append(int(ch, 16))
            i += 1
        elif ch in "-+":
            width = 2 if ch == "-" else 3
            digits = body[i + 1:i + 1 + width]
            if len(digits) != width or not re.fullmatch(r"[0-9a-f]+", digits):
                raise InputError(f"'{ch}' at body position {i + 1} needs {width} hex digits, "
                                 f"got {digits!r}", where)
            cells.append(int(digits, 16))
            i += 1 + width
        elif ch == ".":
            cells.append("?")
            i += 1
        elif "g" <= ch <= "z":
            cells.extend([None] * (ord(ch) - ord("f")))
            i += 1
        else:
            raise InputError(f"unexpected character {ch!r} at body position {i + 1}", where)
    if len(cells) < ncells:
        raise InputError(f"body describes {len(cells)} cells, the grid has {ncells}", where)
    if len(cells) > ncells:
        raise InputError(f"body's last run overflows the grid ({len(cells)} cells for {ncells})",
                         where)
    if body[i:].strip("/"):
        raise InputError(f"unexpected text {body[i:]!r} after the last cell", where)
    return cells


def encode_number16(cells: list) -> str:
    out, run = [], 0
    for v in cells:
        if v is None:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("f") + run))
            run = 0
        if v == "?":
            out.append(".")
        elif 0 <= v < 16:
            out.append(format(v, "x"))
        elif v < 256:
            out.append("-" + format(v, "02x"))
        elif v < 4096:
            out.append("+" + format(v, "03x"))
        else:
            raise InputError(f"clue {v} is too large for a puzz.link URL (max 4095)")
    if run:
        out.append(chr(ord("f") + run))
    return "".join(out)


CODECS = {"canal": (decode_number16, encode_number16)}


def parse_url(url: str, where: str | None = None) -> Puzzle:
    from ..encodings import get_genre
    where = where or url.strip()
    m = URL_RE.match(url.strip())
    if not m:
        raise InputError("not a puzz.link URL (expected https://puzz.link/p?GENRE/COLS/ROWS/BODY)",
                         where)
    parts = m.group("query").split("/")
    if len(parts) < 4:
        raise InputError("URL needs GENRE/COLS/ROWS/BODY after '?'", where)
    pid = parts[0]
    genre = get_genre(pid, where)
    try:
        cols, rows = int(parts[1]), int(parts[2])
    except ValueError:
        raise InputError(f"size {parts[1]!r}/{parts[2]!r} is not two integers (COLS/ROWS)",
                         where) from None
    check_size(rows, cols, where)
    body = "/".join(parts[3:])
    decode, _ = CODECS[genre.name]
    cells = decode(body, rows * cols, where)
    grid = []
    for r in range(rows):
        row = []
        for c in range(cols):
            row.append(genre.parse_clue(cells[r * cols + c], f"{where}: r{r + 1}c{c + 1}"))
        grid.append(tuple(row))
    return Puzzle(genre.name, rows, cols, tuple(grid))


def to_url(puzzle: Puzzle, host: str = "https://puzz.link/p?") -> str:
    from ..encodings import get_genre
    genre = get_genre(puzzle.genre)
    _, encode = CODECS[genre.name]
    body = encode([v for row in puzzle.grid for v in row])
    return f"{host}{genre.url_pids[0]}/{puzzle.cols}/{puzzle.rows}/{body}"


def check_size(rows: int, cols: int, where: str | None) -> None:
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise InputError(f"impossible size {rows}x{cols} (rows and columns must be 1..{MAX_SIDE})",
                         where)
