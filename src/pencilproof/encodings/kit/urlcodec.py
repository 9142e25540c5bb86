"""puzz.link URL body codecs, as pzprjs's Encode.js defines them: pure functions on strings.

A URL body is one or more *parts* read one after another (Heyawake: region borders, then
one number per room). Each reader takes a :class:`Cursor` (the body, the place for
errors, the position reached) and moves it past its part; :meth:`Cursor.finish` checks
that nothing but a trailing ``/`` is left. Values are pzprjs's: ``None`` an empty cell,
an int, ``"?"`` its "qnum -2" (a ``?`` clue); what they mean is the genre's FormatSpec.

* ``number16`` (decodeNumber16): cells row by row: ``0``-``9``/``a``-``f`` a number 0-15,
  ``-`` + 2 hex digits 16-255, ``+`` + 3 hex digits 256-4095, ``=`` + 3 hex digits
  4096-8191, ``@`` (or ``%``) + 3 hex digits 8192-12239, ``*`` + 4 hex digits 12240-77775,
  ``$`` + 5 hex digits from 77776, ``.`` a ``?``, ``g``..``z`` a run of 1..20 empty cells;
* ``4cell`` (decode4Cell): ``0``-``4`` a number, ``5``-``9`` a number (ch-5) and one empty
  cell, ``a``-``e`` (ch-10) and two empty cells, ``.`` a ``?``, ``g``..``z`` 1..20 empty;
* ``circle`` (decodeCircle): three cells per base-27 digit (weights 9, 3, 1), each 0 (none),
  1 (white) or 2 (black);
* ``border`` (decodeBorder): the borders between horizontal neighbours (row by row, the
  right side of every cell but the last column), then between vertical neighbours (the
  lower side of every cell but the last row), five per base-32 digit (16, 8, 4, 2, 1);
  read here as the regions they enclose (an ``areas`` layout, regions numbered in reading
  order of their first cell, as pzprjs numbers its rooms);
* ``roomnumber16`` (decodeRoomNumber16): number16 values, one per region in region order,
  each in its region's *top cell* (pzprjs's getTopCell: the leftmost column, topmost there;
  the top-left cell of a rectangular room);
* ``hitori`` (hitori.js decodeHitori): one character per cell: ``0``-``9``/``a``-``z`` a
  number 0-35, ``-`` + 2 base-36 digits 36-1295, ``@`` (or ``%``) a ``?``, ``.`` empty;
* ``tapa`` (tapa.js decodeNumber_tapa): ``0``-``8`` one block, ``9`` the blocks 1,1,1,1,
  ``.`` a ``?``, two base-36 digits a list (360 + 6a + b: two blocks a, b up to 5; 396 +
  16a + 4b + c: three up to 3; 460 + 8a + 4b + 2c + d: four blocks of 1; a 0 is a ``?``),
  ``g``..``z`` a run of 1..20 empty cells; lists come back as tuples.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ...errors import InputError
from ...puzzle import Cell

Layout = tuple[tuple[int, ...], ...]
_HEX = re.compile(r"[0-9a-f]+")
#: number16's wide prefixes: (digits, offset); ``%`` is an old spelling of ``@``.
_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "@": (3, 8192), "%": (3, 8192),
         "*": (4, 12240), "$": (5, 77776)}
_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass
class Cursor:
    """A URL body being read: the text, the place for errors, the position reached."""

    body: str
    where: str
    pos: int = 0

    def rest(self) -> str:
        return self.body[self.pos:]

    def error(self, message: str, at: Optional[int] = None) -> InputError:
        return InputError(message if at is None else f"{message} at body position {at + 1}",
                          self.where)

    def finish(self, what: str = "the last cell") -> None:
        """Only a trailing ``/`` (or nothing) may follow the last part."""
        if self.rest().strip("/"):
            raise InputError(f"unexpected text {self.rest()!r} after {what}", self.where)


# -- number16 -------------------------------------------------------------------------------
def read_number16(cur: Cursor, n: int, unit: str = "cells") -> list[Any]:
    """``n`` number16 values (a run may not pass the last one)."""
    out: list[Any] = []
    body = cur.body
    while cur.pos < len(body) and len(out) < n:
        ch, i = body[cur.pos], cur.pos
        if ch in "0123456789abcdef":
            out.append(int(ch, 16))
            cur.pos += 1
        elif ch in _WIDE:
            width, offset = _WIDE[ch]
            digits = body[i + 1:i + 1 + width]
            if len(digits) != width or not _HEX.fullmatch(digits):
                raise cur.error(f"'{ch}' at body position {i + 1} needs {width} hex digits, "
                                f"got {digits!r}")
            out.append(int(digits, 16) + offset)
            cur.pos += 1 + width
        elif ch == ".":
            out.append("?")
            cur.pos += 1
        elif "g" <= ch <= "z":
            out.extend([None] * (ord(ch) - ord("f")))
            cur.pos += 1
        else:
            raise cur.error(f"unexpected character {ch!r}", i)
    if len(out) < n:
        raise cur.error(f"body describes {len(out)} {unit}, the grid has {n}")
    if len(out) > n:
        raise cur.error(f"body's last run overflows the grid ({len(out)} {unit} for {n})")
    return out


def number16_token(v: Any) -> str:
    """One value as pzprjs's writeNumber16 writes it."""
    if v == "?":
        return "."
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise InputError(f"given {v!r} cannot be written in a puzz.link URL")
    if v < 16:
        return format(v, "x")
    if v < 256:
        return "-" + format(v, "02x")
    if v < 4096:
        return "+" + format(v, "03x")
    for prefix, width, lo, hi in (("=", 3, 4096, 8192), ("@", 3, 8192, 12240),
                                  ("*", 4, 12240, 77776), ("$", 5, 77776, 77776 + 16 ** 5)):
        if lo <= v < hi:
            return prefix + format(v - lo, f"0{width}x")
    raise InputError(f"clue {v} is too large for a puzz.link URL (max {77775 + 16 ** 5})")


def write_number16(values: Sequence[Any]) -> str:
    """pzprjs's genericEncodeNumber16: empty cells as runs of at most 20."""
    out, run = [], 0
    for v in values:
        if v is None:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("f") + run))
            run = 0
        out.append(number16_token(v))
    if run:
        out.append(chr(ord("f") + run))
    return "".join(out)


def decode_number16(body: str, ncells: int, where: str) -> list[Any]:
    """A whole body of number16 cells."""
    cur = Cursor(body, where)
    cells = read_number16(cur, ncells)
    cur.finish()
    return cells


def encode_number16(cells: Sequence[Any]) -> str:
    return write_number16(cells)


# -- 4cell ------------------------------------------------------------------------------------
def read_4cell(cur: Cursor, n: int) -> list[Any]:
    """pzprjs's decode4Cell. A digit's implied empty cells may run past the last cell (the
    encoder writes ``a``-``e`` for a number in the last cell); a run may not."""
    cells: list[Any] = []
    body = cur.body
    while cur.pos < len(body) and len(cells) < n:
        ch, i = body[cur.pos], cur.pos
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
            if len(cells) + run > n:
                raise cur.error(f"body's run {ch!r} at position {i + 1} overflows the grid "
                                f"({len(cells) + run} cells for {n})")
            cells.extend([None] * run)
        else:
            raise cur.error(f"unexpected character {ch!r}", i)
        cur.pos += 1
    if len(cells) < n:
        raise cur.error(f"body describes {len(cells)} cells, the grid has {n}")
    return cells[:n]


def write_4cell(cells: Sequence[Any]) -> str:
    """pzprjs's encode4Cell: a number absorbs up to two following empty cells."""
    out, run, i, n = [], 0, 0, len(cells)
    while i < n:
        v, piece = cells[i], ""
        if v is None:
            run += 1
        elif v == "?":
            piece = "."
        elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 4:
            if i + 1 < n and cells[i + 1] is not None:
                piece = str(v)
            elif i + 2 < n and cells[i + 2] is not None:
                piece, i = str(v + 5), i + 1
            else:
                piece, i = "abcde"[v], i + 2
        else:
            raise InputError(f"number {v!r} cannot be written in a 4Cell URL (0..4)")
        if piece or run == 20:
            if run:
                out.append(chr(ord("f") + run))
                run = 0
            out.append(piece)
        i += 1
    if run:
        out.append(chr(ord("f") + run))
    return "".join(out)


def decode_4cell(body: str, ncells: int, where: str) -> list[Any]:
    """A whole body of 4Cell cells."""
    cur = Cursor(body, where)
    cells = read_4cell(cur, ncells)
    cur.finish()
    return cells


def encode_4cell(cells: Sequence[Any]) -> str:
    return write_4cell(cells)


# -- bit fields: circles (base 3) and borders (base 2) -----------------------------------------
def _digits(cur: Cursor, count: int, base: int, what: str) -> list[int]:
    """``count`` digits of ``base`` (0-9 then a-...), each checked."""
    allowed = _DIGITS36[:base]
    text = cur.body[cur.pos:cur.pos + count]
    for k, ch in enumerate(text):
        if ch not in allowed:
            raise cur.error(f"unexpected character {ch!r} in the {what} (expected "
                            f"0-9 or a-{allowed[-1]})", cur.pos + k)
    if len(text) < count:
        raise cur.error(f"the {what} needs {count} characters, the body has {len(text)}")
    cur.pos += count
    return [allowed.index(ch) for ch in text]


def read_circle(cur: Cursor, n: int) -> list[int]:
    """pzprjs's decodeCircle: 0 none, 1 white, 2 black per cell."""
    out = []
    for d in _digits(cur, (n + 2) // 3, 27, "circle part"):
        out += [d // 9 % 3, d // 3 % 3, d % 3]
    return out[:n]


def write_circle(values: Sequence[int]) -> str:
    out = []
    for k in range(0, len(values), 3):
        chunk = list(values[k:k + 3]) + [0] * (3 - len(values[k:k + 3]))
        out.append(_DIGITS36[chunk[0] * 9 + chunk[1] * 3 + chunk[2]])
    return "".join(out)


def _bits(cur: Cursor, n: int, what: str) -> list[bool]:
    out = []
    for d in _digits(cur, (n + 4) // 5, 32, what):
        out += [bool(d & w) for w in (16, 8, 4, 2, 1)]
    return out[:n]


def _write_bits(bits: Sequence[bool]) -> str:
    out = []
    for k in range(0, len(bits), 5):
        chunk = bits[k:k + 5]
        out.append(_DIGITS36[sum(w for w, b in zip((16, 8, 4, 2, 1), chunk) if b)])
    return "".join(out)


def read_border(cur: Cursor, rows: int, cols: int) -> tuple[list[bool], list[bool]]:
    """pzprjs's decodeBorder: (right, down) flags, row by row: ``right[r*(cols-1)+c]`` is
    the border right of r,c; ``down[r*cols+c]`` the border below it."""
    right = _bits(cur, (cols - 1) * rows, "border part")
    down = _bits(cur, cols * (rows - 1), "border part")
    return right, down


def write_border(rows: int, cols: int, right: Sequence[bool], down: Sequence[bool]) -> str:
    return _write_bits(right) + _write_bits(down)


def borders_to_areas(rows: int, cols: int, right: Sequence[bool], down: Sequence[bool]) -> Layout:
    """The regions a set of borders encloses, numbered in reading order of their first
    cell (a border with the same region on both sides encloses nothing and is dropped)."""
    label = [[-1] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if label[r][c] >= 0:
                continue
            label[r][c] = count
            todo = [(r, c)]
            while todo:
                y, x = todo.pop()
                steps = []
                if x + 1 < cols and not right[y * (cols - 1) + x]:
                    steps.append((y, x + 1))
                if x > 0 and not right[y * (cols - 1) + x - 1]:
                    steps.append((y, x - 1))
                if y + 1 < rows and not down[y * cols + x]:
                    steps.append((y + 1, x))
                if y > 0 and not down[(y - 1) * cols + x]:
                    steps.append((y - 1, x))
                for ny, nx in steps:
                    if label[ny][nx] < 0:
                        label[ny][nx] = count
                        todo.append((ny, nx))
            count += 1
    return tuple(tuple(row) for row in label)


def areas_to_borders(layout: Sequence[Sequence[int]]) -> tuple[list[bool], list[bool]]:
    """The borders between cells of different regions (the inverse of borders_to_areas)."""
    rows, cols = len(layout), len(layout[0])
    right = [layout[r][c] != layout[r][c + 1] for r in range(rows) for c in range(cols - 1)]
    down = [layout[r][c] != layout[r + 1][c] for r in range(rows - 1) for c in range(cols)]
    return right, down


def encode_areas(layout: Sequence[Sequence[int]]) -> str:
    """The border part of a region layout."""
    right, down = areas_to_borders(layout)
    return write_border(len(layout), len(layout[0]), right, down)


# -- room numbers -----------------------------------------------------------------------------
def region_cells(layout: Sequence[Sequence[int]]) -> list[list[Cell]]:
    """Each region's cells, regions in order of their first cell in reading order."""
    order: dict[int, list[Cell]] = {}
    for r, row in enumerate(layout):
        for c, k in enumerate(row):
            order.setdefault(k, []).append((r, c))
    return list(order.values())


def top_cell(cells: Sequence[Cell]) -> Cell:
    """pzprjs's getTopCell: the leftmost column first, the topmost cell in it."""
    return min(cells, key=lambda rc: (rc[1], rc[0]))


def read_roomnumber16(cur: Cursor, layout: Sequence[Sequence[int]]) -> dict[Cell, Any]:
    """pzprjs's decodeRoomNumber16: number16 values per region, placed in top cells."""
    rooms = region_cells(layout)
    values = read_number16(cur, len(rooms), "rooms")
    return {top_cell(cells): v for cells, v in zip(rooms, values) if v is not None}


def write_roomnumber16(layout: Sequence[Sequence[int]], given: dict[Cell, Any]) -> str:
    """One value per region: the given in any of its cells (at most one per region)."""
    values: list[Any] = []
    for k, cells in enumerate(region_cells(layout)):
        held = [(cell, given[cell]) for cell in cells if given.get(cell) is not None]
        if len(held) > 1:
            places = " and ".join(f"r{r + 1}c{c + 1}" for (r, c), _ in held[:2])
            raise InputError(f"region {k + 1} holds two numbers ({places}); a puzz.link URL "
                             f"carries one per region")
        values.append(held[0][1] if held else None)
    return write_number16(values)


# -- Hitori's cells and Tapa's lists of blocks ----------------------------------------------
def read_hitori(cur: Cursor, n: int) -> list[Any]:
    """pzprjs's decodeHitori: one character per cell."""
    out: list[Any] = []
    body = cur.body
    while cur.pos < len(body) and len(out) < n:
        ch, i = body[cur.pos], cur.pos
        if ch in _DIGITS36:
            out.append(_DIGITS36.index(ch))
        elif ch == "-":
            digits = body[i + 1:i + 3]
            if len(digits) != 2 or any(d not in _DIGITS36 for d in digits):
                raise cur.error(f"'-' at body position {i + 1} needs 2 base-36 digits, got {digits!r}")
            out.append(int(digits, 36))
            cur.pos += 2
        elif ch in "@%":
            out.append("?")
        elif ch == ".":
            out.append(None)
        else:
            raise cur.error(f"unexpected character {ch!r}", i)
        cur.pos += 1
    if len(out) < n:
        raise cur.error(f"body describes {len(out)} cells, the grid has {n}")
    return out


def write_hitori(values: Sequence[Any]) -> str:
    """pzprjs's encodeHitori."""
    out = []
    for v in values:
        if v is None:
            out.append(".")
        elif v == "?":
            out.append("@")
        elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 36 ** 2:
            out.append(_DIGITS36[v] if v < 36 else "-" + _DIGITS36[v // 36] + _DIGITS36[v % 36])
        else:
            raise InputError(f"given {v!r} cannot be written in a Hitori URL (0-1295)")
    return "".join(out)


#: Tapa's lists of blocks: (length, offset, radix) of the two-digit codes.
_TAPA = ((2, 360, 6), (3, 396, 4), (4, 460, 2))


def read_tapa(cur: Cursor, n: int) -> list[Any]:
    """pzprjs's decodeNumber_tapa: cells row by row, lists of blocks as tuples."""
    out: list[Any] = []
    body = cur.body
    while cur.pos < len(body) and len(out) < n:
        ch, i = body[cur.pos], cur.pos
        if "0" <= ch <= "8":
            out.append(int(ch))
        elif ch == "9":
            out.append((1, 1, 1, 1))
        elif ch == ".":
            out.append("?")
        elif "a" <= ch <= "f":
            pair = body[i:i + 2]
            code = int(pair, 36) if len(pair) == 2 and pair[1] in _DIGITS36 else -1
            for length, offset, radix in _TAPA:
                if offset <= code < offset + radix ** length:
                    digits = [(code - offset) // radix ** k % radix for k in range(length - 1, -1, -1)]
                    out.append(tuple(d or "?" for d in digits))
                    break
            else:
                raise cur.error(f"{pair!r} at body position {i + 1} is no list of blocks")
            cur.pos += 1
        elif "g" <= ch <= "z":
            out.extend([None] * (int(ch, 36) - 15))
        else:
            raise cur.error(f"unexpected character {ch!r}", i)
        cur.pos += 1
    if len(out) < n:
        raise cur.error(f"body describes {len(out)} cells, the grid has {n}")
    if len(out) > n:
        raise cur.error(f"body's last run overflows the grid ({len(out)} cells for {n})")
    return out


def tapa_token(v: Any) -> str:
    """One clue as pzprjs's encodeNumber_tapa writes it."""
    if v == "?":
        return "."
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 8:
        return str(v)
    if v == (1, 1, 1, 1):
        return "9"
    for length, offset, radix in _TAPA:
        if isinstance(v, tuple) and len(v) == length:
            digits = [0 if d == "?" else d for d in v]
            if all(isinstance(d, int) and 0 <= d < radix for d in digits):
                code = offset + sum(d * radix ** k for k, d in enumerate(reversed(digits)))
                return _DIGITS36[code // 36] + _DIGITS36[code % 36]
    raise InputError(f"clue {v!r} cannot be written in a Tapa URL")


def write_tapa(values: Sequence[Any]) -> str:
    """Cells as tapa_token, empty ones as runs of at most 20."""
    out, run = [], 0
    for v in values:
        if v is None:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(_DIGITS36[15 + run])
            run = 0
        out.append(tapa_token(v))
    if run:
        out.append(_DIGITS36[15 + run])
    return "".join(out)


__all__ = ["Cursor", "read_number16", "write_number16", "number16_token", "decode_number16",
           "encode_number16", "read_4cell", "write_4cell", "decode_4cell", "encode_4cell",
           "read_circle", "write_circle", "read_border", "write_border", "borders_to_areas",
           "areas_to_borders", "encode_areas", "region_cells", "top_cell",
           "read_roomnumber16", "write_roomnumber16", "read_hitori", "write_hitori", "read_tapa",
           "write_tapa", "tapa_token"]
