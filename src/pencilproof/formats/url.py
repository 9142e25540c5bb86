"""puzz.link URLs: ``https://puzz.link/p?PID/COLS/ROWS/BODY`` (columns before rows).

The Number16 body (Canal View, Smullyanic Dynasty) lists cells row by row: ``0``-``9``/
``a``-``f`` one clue 0-15, ``-`` + 2 hex digits 16-255, ``+`` + 3 hex digits 256-4095,
``.`` a ``?`` clue, ``g``..``z`` a run of 1..20 empty cells.

The 4Cell body (Light Up) lists cells row by row: ``0``-``4`` a numbered wall, ``5``-``9``
a numbered wall (ch-5) followed by one white cell, ``a``-``e`` (ch-10) followed by two
white cells, ``.`` an unnumbered wall, ``g``..``z`` a run of 1..20 white cells.

Codecs read and write pzprjs's cell values: ``None`` empty, an int, ``"?"`` for its
"qnum -2" (a ``?`` clue or a wall, as the genre's FormatSpec says). Which codec a genre
uses is data in its FormatSpec (``genre.formats``). Any host is accepted (puzz.link,
pzv.jp, ...); a ``p?pzprv3/...`` URL is a whole pzprv3 file with ``/`` for newlines, read
by formats/pzprv3.py (the callers dispatch; this module does not import it). Like
puzz.link, :func:`to_url` ends a URL whose body ends in neither a letter nor a digit with
``/`` (a body ending ``.`` gets ``./``); readers ignore a trailing ``/``.
"""
from __future__ import annotations

import re

from typing import Any, Callable

from ..encodings import Genre, get_genre
from ..errors import InputError
from ..puzzle import Puzzle

URL_RE = re.compile(r"^(?:https?://)?[^?\s]*\?(?P<query>\S+)$")
MAX_SIDE = 1000
_DIGITS = re.compile(r"[0-9]+")


def ascii_number(text: str, where: str | None = None) -> int | None:
    """``text`` as a number if it is ASCII digits only, else None (``str.isdigit`` passes
    '²', which ``int`` rejects, and ``int`` reads '٣' as 3). A numeral too long for ``int``
    (over 4300 digits) is an error."""
    if not _DIGITS.fullmatch(text):
        return None
    try:
        return int(text)
    except ValueError:
        raise InputError(f"number too large ({len(text)} digits)", where) from None


def is_url(text: str) -> bool:
    t = text.strip()
    return bool(URL_RE.match(t)) and ("/" in t.split("?", 1)[1]) and "\n" not in t


def decode_number16(body: str, ncells: int, where: str) -> list[Any]:
    cells: list[Any] = []
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


def encode_number16(cells: list[Any]) -> str:
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


def decode_4cell(body: str, ncells: int, where: str) -> list[Any]:
    """pzprjs's decode4Cell. A digit's implied white cells may run past the last cell
    (the encoder writes ``a``-``e`` for a wall in the last cell); a run may not."""
    cells: list[Any] = []
    i = 0
    while i < len(body) and len(cells) < ncells:
        ch = body[i]
        if "0" <= ch <= "4":
            cells.append(int(ch))
        elif "5" <= ch <= "9":
            cells.extend([int(ch) - 5, None])
        elif "a" <= ch <= "e":
            cells.extend([ord(ch) - ord("a"), None, None])
        elif ch == ".":
            cells.append("?")
        elif "g" <= ch <= "z":
            run = ord(ch) - ord("f")
            if len(cells) + run > ncells:
                raise InputError(f"body's run {ch!r} at position {i + 1} overflows the grid "
                                 f"({len(cells) + run} cells for {ncells})", where)
            cells.extend([None] * run)
        else:
            raise InputError(f"unexpected character {ch!r} at body position {i + 1}", where)
        i += 1
    if len(cells) < ncells:
        raise InputError(f"body describes {len(cells)} cells, the grid has {ncells}", where)
    if body[i:].strip("/"):
        raise InputError(f"unexpected text {body[i:]!r} after the last cell", where)
    return cells[:ncells]


def encode_4cell(cells: list[Any]) -> str:
    """pzprjs's encode4Cell: a numbered wall absorbs up to two following white cells."""
    out, run, i, n = [], 0, 0, len(cells)
    while i < n:
        v, piece = cells[i], ""
        if v is None:
            run += 1
        elif v == "?":
            piece = "."
        elif isinstance(v, int) and 0 <= v <= 4:
            if i + 1 < n and cells[i + 1] is not None:
                piece = str(v)
            elif i + 2 < n and cells[i + 2] is not None:
                piece, i = str(v + 5), i + 1
            else:
                piece, i = "abcde"[v], i + 2
        else:
            raise InputError(f"wall number {v!r} cannot be written in a 4Cell URL (0..4)")
        if piece or run == 20:
            if run:
                out.append(chr(ord("f") + run))
                run = 0
            out.append(piece)
        i += 1
    if run:
        out.append(chr(ord("f") + run))
    return "".join(out)


Decode = Callable[[str, int, str], list[Any]]
Encode = Callable[[list[Any]], str]
#: URL body codecs by name; a genre picks one in its FormatSpec (``url_codec``).
URL_CODECS: dict[str, tuple[Decode, Encode]] = {
    "number16": (decode_number16, encode_number16),
    "4cell": (decode_4cell, encode_4cell)}


def codec_for(genre: Genre, where: str | None = None) -> tuple[Decode, Encode]:
    """(decode, encode) for a genre's URL body, or a one-line error: it has no URL."""
    codec = genre.formats.url_codec
    if codec is None or not genre.url_pids:
        raise InputError(f"{genre.name} has no puzz.link URL format", where)
    return URL_CODECS[codec]


def parse_url(url: str, where: str | None = None) -> Puzzle:
    """A puzz.link URL (not a ``p?pzprv3/...`` one: formats/pzprv3.py reads those)."""
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
    cols, rows = ascii_number(parts[1], where), ascii_number(parts[2], where)
    if cols is None or rows is None:
        raise InputError(f"size {parts[1]!r}/{parts[2]!r} is not two integers (COLS/ROWS)",
                         where)
    check_size(rows, cols, where)
    body = "/".join(parts[3:])
    decode, _ = codec_for(genre, where)
    cells = decode(body, rows * cols, where)
    special = genre.formats.qnum_minus2
    grid = []
    for r in range(rows):
        row = []
        for c in range(cols):
            v = cells[r * cols + c]
            row.append(genre.parse_clue(special if v == "?" else v,
                                        f"{where}: r{r + 1}c{c + 1}"))
        grid.append(tuple(row))
    return Puzzle(genre.name, rows, cols, tuple(grid))


def to_url(puzzle: Puzzle, host: str = "https://puzz.link/p?") -> str:
    genre = get_genre(puzzle.genre)
    _, encode = codec_for(genre)
    special = genre.formats.qnum_minus2
    body = encode(["?" if v == special else v for row in puzzle.grid for v in row])
    qdata = f"{puzzle.cols}/{puzzle.rows}/{body}"
    # pzprjs (URLData.outputURLData) appends '/' when the data's last character is not
    # 0-9, a-z or A-Z, so that link shorteners keep it; written the same, URLs match.
    if not re.fullmatch(r"[0-9a-zA-Z]", qdata[-1:]):
        qdata += "/"
    return f"{host}{genre.url_pids[0]}/{qdata}"


def check_size(rows: int, cols: int, where: str | None) -> None:
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise InputError(f"impossible size {rows}x{cols} (rows and columns must be 1..{MAX_SIDE})",
                         where)
