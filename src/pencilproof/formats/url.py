"""puzz.link URLs: ``https://puzz.link/p?PID/COLS/ROWS/BODY`` (columns before rows).

The body is read by the parts a genre declares in its FormatSpec (``url_parts``, or its
single ``url_codec``), pzprjs's Encode.js codecs (pure string functions in
:mod:`pencilproof.encodings.kit.urlcodec`):

* ``number16`` (Canal View, Sudoku, Nurikabe, Fillomino, Hashiwokakero): cells row by row,
  ``0``-``f`` a clue 0-15, ``-``/``+`` + 2/3 hex digits up to 4095 (and pzprjs's wider
  prefixes), ``.`` a ``?`` clue, ``g``..``z`` a run of 1..20 empty cells;
* ``4cell`` (Light Up, Slitherlink): ``0``-``4`` a number, ``5``-``9``/``a``-``e`` a number
  and one/two empty cells, ``.`` the special given, ``g``..``z`` runs;
* ``circle`` (Masyu): three cells per base-27 digit, 1 white, 2 black;
* ``border`` (Heyawake): region borders, read into the puzzle's ``areas``; ``border?`` the
  same when the body still has text (Fillomino writes borders only when it has some);
* ``roomnumber16``: a number16 value per region, in the region's top cell;
* ``arrow16`` (Yajilin): arrow clues, :mod:`pencilproof.encodings.kit.arrows`;
* ``hitori`` (Hitori: a character per cell), ``tapa`` (Tapa's lists of blocks as tuples).

A genre whose body is none of these reads and writes its own (``url_own``,
:class:`~pencilproof.encodings.contract.UrlBody`: Kakuro, Skyscrapers, Creek's points,
Star Battle, Tents, Battleships); its ``size`` may differ from the puzzle's (Creek's and
Gokigen's URLs count cells, the puzzles their grid points).

Codecs read and write pzprjs's cell values: ``None`` empty, an int, ``"?"`` for its
"qnum -2" (a ``?`` clue or a wall, as the genre's FormatSpec says: ``qnum_minus2``;
``pzpr_values`` names symbol givens such as Masyu's circles). Any host is accepted
(puzz.link, pzv.jp, ...); a ``p?pzprv3/...`` URL is a whole pzprv3 file with ``/`` for
newlines, read by formats/pzprv3.py (the callers dispatch; this module does not import
it). Like puzz.link, :func:`to_url` ends a URL whose body ends in neither a letter nor a
digit with ``/`` (a body ending ``.`` gets ``./``); readers ignore a trailing ``/``.
A URL option before the size (``slither/f/5/5/...``: a rule variant) is refused.
"""
from __future__ import annotations

import contextlib
import re
from contextvars import ContextVar

from typing import Any, Callable, Iterator, Optional

from ..encodings import FormatSpec, Genre, get_genre
from ..encodings.kit.arrows import read_arrow16, write_arrow16
from ..encodings.kit.urlcodec import (Cursor, borders_to_areas, decode_4cell, decode_number16,
                                      encode_4cell, encode_areas, encode_number16, read_4cell,
                                      read_border, read_circle, read_hitori, read_number16,
                                      read_roomnumber16, read_tapa, write_4cell, write_circle,
                                      write_hitori, write_number16, write_roomnumber16,
                                      write_tapa)
from ..errors import InputError
from ..numerals import ascii_number
from ..puzzle import Puzzle

URL_RE = re.compile(r"^(?:https?://)?[^?\s]*\?(?P<query>\S+)$")
MAX_SIDE = 1000

Layout = tuple[tuple[int, ...], ...]


def is_url(text: str) -> bool:
    t = text.strip()
    return bool(URL_RE.match(t)) and ("/" in t.split("?", 1)[1]) and "\n" not in t


Decode = Callable[[str, int, str], list[Any]]
Encode = Callable[[list[Any]], str]
#: Whole-body cell codecs by name (a genre's ``url_codec``).
URL_CODECS: dict[str, tuple[Decode, Encode]] = {
    "number16": (decode_number16, encode_number16),
    "4cell": (decode_4cell, encode_4cell)}
#: Every part a genre's ``url_parts`` may name.
URL_PARTS = ("number16", "4cell", "circle", "border", "border?", "roomnumber16", "arrow16",
             "hitori", "tapa", "own")
#: The parts that read every cell: (reader, writer) by name.
_CELL_PARTS: dict[str, tuple[Callable[[Cursor, int], list[Any]], Callable[[list[Any]], str]]] = {
    "number16": (read_number16, write_number16), "4cell": (read_4cell, write_4cell),
    "arrow16": (read_arrow16, write_arrow16), "hitori": (read_hitori, write_hitori),
    "tapa": (read_tapa, write_tapa)}


def codec_for(genre: Genre, where: str | None = None) -> tuple[str, ...]:
    """A genre's URL body parts, or a one-line error: it has no URL."""
    parts = genre.formats.url_body
    if not parts or not genre.url_pids:
        raise InputError(f"{genre.name} has no puzz.link URL format", where)
    return parts


def given_of(spec: FormatSpec, v: Any) -> Any:
    """A pzprjs cell value as the genre's given (before its parse_clue)."""
    if v == "?":
        return spec.qnum_minus2
    if isinstance(v, int) and v in spec.pzpr_values:
        return spec.pzpr_values[v]
    return v


def pzpr_of(spec: FormatSpec, v: Any) -> Any:
    """A given as pzprjs's cell value (None, an int or ``?``)."""
    if v is None:
        return None
    if v == spec.qnum_minus2:
        return "?"
    for number, value in spec.pzpr_values.items():
        if value == v:
            return number
    return v


def decode_body(parts: tuple[str, ...], body: str, rows: int, cols: int,
                where: str) -> tuple[list[Any], Optional[Layout]]:
    """pzprjs's cell values row by row and the regions (None: the body has none)."""
    cur = Cursor(body, where)
    n = rows * cols
    cells: list[Any] = [None] * n
    layout: Optional[Layout] = None
    for part in parts:
        if part in _CELL_PARTS:  # (Yajilin's arrow clues: encodings/kit/arrows.py)
            cells = _CELL_PARTS[part][0](cur, n)
        elif part == "circle":
            cells = [v or None for v in read_circle(cur, n)]
        elif part in ("border", "border?"):
            if part == "border?" and not cur.rest().strip("/"):
                continue
            right, down = read_border(cur, rows, cols)
            if part == "border" or any(right) or any(down):
                layout = borders_to_areas(rows, cols, right, down)
        elif part == "roomnumber16":
            if layout is None:
                raise InputError("room numbers need the regions first", where)
            for (r, c), v in read_roomnumber16(cur, layout).items():
                cells[r * cols + c] = v
        else:
            raise InputError(f"unknown URL part {part!r}", where)
    cur.finish()
    return cells, layout


def encode_body(parts: tuple[str, ...], puzzle: Puzzle, cells: list[Any]) -> str:
    """The body of a puzzle whose givens are ``cells`` (pzprjs values, row by row)."""
    layout = puzzle.param("areas")
    out = []
    for part in parts:
        if part in _CELL_PARTS:
            out.append(_CELL_PARTS[part][1](cells))
        elif part == "circle":
            for k, v in enumerate(cells):
                if v not in (None, 1, 2):
                    raise InputError(f"given {v!r} at r{k // puzzle.cols + 1}c{k % puzzle.cols + 1} "
                                     f"is not a circle")
            out.append(write_circle([v or 0 for v in cells]))
        elif part in ("border", "border?"):
            if layout is not None:
                out.append(encode_areas(layout))
            elif part == "border":
                out.append(encode_areas([[0] * puzzle.cols for _ in range(puzzle.rows)]))
        elif part == "roomnumber16":
            regions = layout or [[0] * puzzle.cols for _ in range(puzzle.rows)]
            given = {divmod(k, puzzle.cols): v for k, v in enumerate(cells) if v is not None}
            out.append(write_roomnumber16(regions, given))
    return "".join(out)


def _reject_option(parts: list[str], where: str) -> None:
    """pzprjs's ``[v:VARIANT/][FLAG/]COLS/ROWS`` options change a genre's rules."""
    if parts[1].startswith("v:"):
        raise InputError(f"the URL's variant {parts[1]!r} is not supported", where)
    if (ascii_number(parts[1], where) is None and len(parts) > 4
            and ascii_number(parts[2], where) is not None
            and ascii_number(parts[3], where) is not None):
        raise InputError(f"the URL's option {parts[1]!r} (a rule variant) is not supported", where)


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
    url_parts = codec_for(genre, where)
    _reject_option(parts, where)
    cols, rows = ascii_number(parts[1], where), ascii_number(parts[2], where)
    if cols is None or rows is None:
        raise InputError(f"size {parts[1]!r}/{parts[2]!r} is not two integers (COLS/ROWS)",
                         where)
    check_size(rows, cols, where)
    body = "/".join(parts[3:])
    own = genre.formats.url_own
    if own is not None:  # the genre's own body (Kakuro, Skyscrapers)
        puzzle = own.read(genre, body, rows, cols, where)
        genre.check_puzzle(puzzle, where)
        return puzzle
    cells, layout = decode_body(url_parts, body, rows, cols, where)
    spec = genre.formats
    grid = []
    for r in range(rows):
        row = []
        for c in range(cols):
            row.append(genre.parse_clue(given_of(spec, cells[r * cols + c]),
                                        f"{where}: r{r + 1}c{c + 1}"))
        grid.append(tuple(row))
    puzzle = Puzzle(genre.name, rows, cols, tuple(grid))
    if layout is not None:
        if "areas" not in genre.param_keys:
            raise InputError(f"{genre.name} puzzles have no regions: the URL's borders are not "
                             f"supported", where)
        puzzle = puzzle.with_params(areas=layout)
    genre.check_puzzle(puzzle, where)
    return puzzle


def pzpr_cells(puzzle: Puzzle, spec: FormatSpec) -> list[Any]:
    """The givens as pzprjs's cell values, row by row."""
    return [pzpr_of(spec, v) for row in puzzle.grid for v in row]


def carried_params(puzzle: Puzzle, regions: bool, what: str) -> None:
    """A one-line error for parameters the format cannot carry (regions only where the
    genre's format has them)."""
    for key, _ in puzzle.params:
        if key == "areas" and regions:
            continue
        extra = " (regions)" if key == "areas" else ""
        raise InputError(f"a {puzzle.genre} puzzle with {key!r}{extra} has no {what}")


def to_url(puzzle: Puzzle, host: str = "https://puzz.link/p?") -> str:
    genre = get_genre(puzzle.genre)
    parts = codec_for(genre)
    own = genre.formats.url_own
    if own is not None:
        body = own.write(puzzle)
    else:
        carried_params(puzzle, any(p.startswith("border") for p in parts), "puzz.link URL")
        body = encode_body(parts, puzzle, pzpr_cells(puzzle, genre.formats))
    rows, cols = own.size(puzzle) if own is not None else (puzzle.rows, puzzle.cols)
    qdata = f"{cols}/{rows}/{body}"
    # pzprjs (URLData.outputURLData) appends '/' when the data's last character is not
    # 0-9, a-z or A-Z, so that link shorteners keep it; written the same, URLs match.
    if not re.fullmatch(r"[0-9a-zA-Z]", qdata[-1:]):
        qdata += "/"
    return f"{host}{genre.url_pids[0]}/{qdata}"


#: A tighter cap on a grid's cells for the readings in its ``with`` block (see
#: :func:`cells_at_most`), or None.
_cell_cap: ContextVar[Optional[tuple[int, Callable[[int, int], str]]]] = ContextVar(
    "cell_cap", default=None)


@contextlib.contextmanager
def cells_at_most(cells: int, why: Callable[[int, int], str]) -> Iterator[None]:
    """Readings in this block refuse a grid of more than ``cells`` cells as soon as its size
    is known, with ``why(rows, cols)``: a command that will draw a puzzle refuses a
    million-cell grid before its clues and rooms are read (a second of work)."""
    token = _cell_cap.set((cells, why))
    try:
        yield
    finally:
        _cell_cap.reset(token)


def check_size(rows: int, cols: int, where: str | None) -> None:
    """Every reader calls this once a grid's size is known, before reading its clues."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise InputError(f"impossible size {rows}x{cols} (rows and columns must be 1..{MAX_SIDE})",
                         where)
    cap = _cell_cap.get()
    if cap is not None and rows * cols > cap[0]:
        raise InputError(cap[1](rows, cols), where)


__all__ = ["URL_CODECS", "URL_PARTS", "parse_url", "to_url", "is_url", "check_size",
           "ascii_number", "decode_number16", "encode_number16", "decode_4cell", "encode_4cell",
           "decode_body", "encode_body", "given_of", "pzpr_of", "pzpr_cells", "carried_params",
           "codec_for", "MAX_SIDE", "cells_at_most"]
