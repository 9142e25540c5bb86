"""pzprjs's extra cells (*excells*) outside the grid in URL bodies, and the Magnets body.

pzprjs keeps the numbers outside a grid in excells; with two of them above each column
and two left of each row (Magnets: ``excellRows = excellCols = 2``) its order is, column
by column, the inner cell (next to the grid) then the outer one, then row by row the
same (Board.setposExCells), written as ``number16`` values (decodeNumber16ExCell: ``0``-``f``,
``-`` and two hex digits, ``.`` its qnum -2, ``g``..``z`` runs; read here by
:func:`~.urlcodec.read_number16`).

:class:`MagnetsUrl` is pzprjs's magnets.js body: the excells (inner: ``-`` counts, outer:
``+`` counts), the room borders, then (only when a cell has a given or is empty) the
given poles as ``circle`` values (1 ``+``, 2 ``-``) and the empty cells as bits, five per
base-32 digit (decodeEmpty). Rooms must be this project's: dominoes, and an empty cell
a room of its own (janko.at's ``@``); a ``?`` count is no count.
"""
from __future__ import annotations

from typing import Any

from ...errors import InputError
from ...puzzle import Puzzle
from ..contract import UrlBody
from .lattice import normalize_areas
from .urlcodec import (Cursor, borders_to_areas, encode_areas, read_border, read_circle,
                       read_number16, write_circle, write_number16)

_B32 = "0123456789abcdefghijklmnopqrstuv"


def read_bits(cur: Cursor, n: int, what: str) -> list[bool]:
    """pzprjs's genericDecodeBinary: ``n`` flags, five per base-32 digit."""
    out: list[bool] = []
    while len(out) < n:
        if cur.pos >= len(cur.body):
            raise cur.error(f"the {what} needs {(n + 4) // 5} characters")
        ch = cur.body[cur.pos]
        if ch not in _B32:
            raise cur.error(f"unexpected character {ch!r} in the {what}", cur.pos)
        out += [bool(_B32.index(ch) & w) for w in (16, 8, 4, 2, 1)]
        cur.pos += 1
    return out[:n]


def write_bits(flags: list[bool]) -> str:
    return "".join(_B32[sum(w for w, f in zip((16, 8, 4, 2, 1), flags[k:k + 5]) if f)]
                   for k in range(0, len(flags), 5))


class MagnetsUrl(UrlBody):
    """pzprjs's Magnets URL body (see the module docstring)."""

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        cur = Cursor(body, where)
        ex = [None if v == "?" else v for v in read_number16(cur, 2 * (cols + rows), "counts")]
        right, down = read_border(cur, rows, cols)
        poles, empty = [0] * (rows * cols), [False] * (rows * cols)
        if cur.rest().strip("/"):
            poles = read_circle(cur, rows * cols)
            if cur.rest().strip("/"):
                empty = read_bits(cur, rows * cols, "empty cells")
        cur.finish()
        rooms = borders_to_areas(rows, cols, right, down)
        cells: dict[int, list[tuple[int, int]]] = {}
        for r in range(rows):
            for c in range(cols):
                if not empty[r * cols + c]:
                    cells.setdefault(rooms[r][c], []).append((r, c))
        for room in cells.values():
            if len(room) > 2:
                raise InputError(f"the room at r{room[0][0] + 1}c{room[0][1] + 1} has {len(room)} "
                                 f"cells: pzprjs's wider Magnets (rooms of any size) is not "
                                 f"supported, only dominoes", where)
        layout = normalize_areas([[("@", r, c) if empty[r * cols + c] else rooms[r][c]
                                   for c in range(cols)] for r in range(rows)])
        grid = tuple(tuple({1: "+", 2: "-"}.get(poles[r * cols + c]) for c in range(cols))
                     for r in range(rows))
        labels = {(side, i): ex[2 * (i if side in ("top", "bottom") else cols + i) + outer]
                  for side, outer, n in (("top", 1, cols), ("bottom", 0, cols), ("left", 1, rows),
                                         ("right", 0, rows)) for i in range(n)}
        puzzle: Puzzle = genre.with_labels(Puzzle(genre.name, rows, cols, grid), labels)
        puzzle = puzzle.with_params(areas=layout)
        genre.check_puzzle(puzzle, where)
        return puzzle

    def write(self, puzzle: Puzzle) -> str:
        rows, cols = puzzle.rows, puzzle.cols
        side = {k: puzzle.param(k) or (None,) * (cols if k in ("top", "bottom") else rows)
                for k in ("top", "bottom", "left", "right")}
        ex = [v for c in range(cols) for v in (side["bottom"][c], side["top"][c])]
        ex += [v for r in range(rows) for v in (side["right"][r], side["left"][r])]
        layout = puzzle.param("areas")
        sizes: dict[int, int] = {}
        for row in layout:
            for k in row:
                sizes[k] = sizes.get(k, 0) + 1
        empty = [sizes[layout[r][c]] == 1 for r in range(rows) for c in range(cols)]
        poles = []
        for (r, c), v in ((x, puzzle[x]) for x in puzzle.cells()):
            if v == "x" and not empty[r * cols + c]:  # (an empty cell is neutral anyway)
                raise InputError(f"the neutral given at r{r + 1}c{c + 1} has no puzz.link form")
            poles.append({"+": 1, "-": 2}.get(v, 0))  # type: ignore[arg-type]
        out = write_number16(ex) + encode_areas(layout)
        if any(poles) or any(empty):
            out += write_circle(poles) + (write_bits(empty) if any(empty) else "")
        return out


__all__ = ["read_bits", "write_bits", "MagnetsUrl"]
