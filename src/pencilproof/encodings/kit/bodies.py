"""puzz.link URL bodies of kit genres (pzprjs's Encode.js), as genres' own bodies
(:class:`~..contract.UrlBody`): pure string work on the shared codecs of :mod:`.urlcodec`.

* :func:`read_excell16` / :func:`write_excell16` (decodeNumber16ExCell): the numbers
  outside the grid, the columns' above, then the rows' left, number16 values with runs
  of empty ones, read as the ``top`` and ``left`` parameters;
* :func:`read_1cell` / :func:`write_1cell` (decode1Cell): the cells holding one kind of
  given (Tents' trees): ``0``-``h`` a given then 0-17 empty cells, ``i``-``z`` 1-18 empty;
* :class:`CountBorders`: a count, ``/``, then region borders (Star Battle's stars), or
  the borders alone (Norinori, LITS);
* :class:`EdgeTrees`: outside numbers, then trees (Tents);
* :class:`EdgeCellsFleet`: outside numbers, number16 cells, then the fleet as pzprjs's
  piece bank (Battleships): a preset ``//c`` ``//d`` ``//e`` (the fleets 3 2 1, 4 3 2 1,
  5 4 3 2 1: ships per length from 1) or ``/N/piece/...``, each ship ``L1`` and its
  cells as base-32 bits (a ship of 3: ``31s``);
* :class:`PointCells`: the clues of the (R + 1) x (C + 1) grid points as ``4cell`` values
  (pzprjs's decode4Cross: Creek), the URL's size counting the R x C cells;
* :class:`KakuroSums` (kakuro.js decodeKakuro): pzprjs's board is ours without the black
  top row and left column; its cells row by row, a black cell ``.`` (no sums) or two
  characters (down sum, right sum: ``0``-``9`` ``a``-``j`` 0-19, ``A``-``Z`` 20-45, ``0``
  or ``-`` none), ``k``..``z`` 1..16 white cells; then the down sum above each column
  whose top cell is white, and the right sum left of each such row;
* :class:`SightNumbers` (skyscrapers.js): the numbers outside the grid (above, below, left,
  right: pzprjs's excell order) as number16 values, then the given cells' number16 part
  when there are any.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence

from ...numerals import is_digits
from ...errors import InputError
from ...puzzle import Clue, Puzzle
from ..contract import UrlBody
from .urlcodec import (Cursor, borders_to_areas, encode_areas, read_4cell, read_border, read_number16,
                       write_4cell, write_number16)

_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def read_excell16(cur: Cursor, rows: int, cols: int) -> tuple[list[Any], list[Any]]:
    """The numbers above the columns and left of the rows (None: no number)."""
    values = read_number16(cur, cols + rows, "numbers outside the grid")
    return values[:cols], values[cols:]


def write_excell16(top: Sequence[Any], left: Sequence[Any]) -> str:
    return write_number16(list(top) + list(left))


def read_1cell(cur: Cursor, n: int) -> list[bool]:
    """pzprjs's decode1Cell: which of n cells hold the given."""
    out: list[bool] = []
    while len(out) < n and cur.pos < len(cur.body):
        ch, at = cur.body[cur.pos], cur.pos
        if ch not in _B36:
            raise cur.error(f"unexpected character {ch!r}", at)
        v = _B36.index(ch)
        out += [True] + [False] * v if v < 18 else [False] * (v - 17)
        cur.pos += 1
    if len(out) < n:
        raise cur.error(f"body describes {len(out)} cells, the grid has {n}")
    if any(out[n:]):
        raise cur.error(f"body's last given lies past the grid's {n} cells")
    return out[:n]


def write_1cell(marks: Sequence[bool]) -> str:
    """pzprjs's encode1Cell (a given absorbs up to 17 empty cells after it)."""
    out, have, count = [], False, -1
    for mark in marks:
        if mark:
            if count >= 0:
                out.append(_B36[count if have else count + 18])
            have, count = True, 0
            continue
        count += 1
        if count == 17:
            out.append(_B36[count if have else count + 18])
            have, count = False, -1
    if count >= 0:
        out.append(_B36[count if have else count + 18])
    return "".join(out)


def _blank(genre: Any, rows: int, cols: int) -> Puzzle:
    return Puzzle(genre.name, rows, cols, tuple((None,) * cols for _ in range(rows)))


def _cells(genre: Any, values: Sequence[Any], rows: int, cols: int, where: str,
           meaning: Mapping[Any, Clue]) -> Puzzle:
    """A puzzle whose givens are pzprjs cell values as ``meaning`` reads them."""
    grid = []
    for r in range(rows):
        row = []
        for c in range(cols):
            v = values[r * cols + c]
            if v is not None and v not in meaning:
                raise InputError(f"given {v!r} at r{r + 1}c{c + 1} has no meaning here", where)
            row.append(genre.parse_clue(None if v is None else meaning[v], f"{where}: r{r + 1}c{c + 1}"))
        grid.append(tuple(row))
    return Puzzle(genre.name, rows, cols, tuple(grid))


def _no_givens(puzzle: Puzzle, what: str) -> None:
    if puzzle.clues():
        (r, c), v = next(iter(sorted(puzzle.clues().items())))
        raise InputError(f"a {puzzle.genre} URL carries no {what} (the given {v!r} at r{r + 1}c{c + 1})")


class CountBorders(UrlBody):
    """``COUNT/`` (the parameter ``key``: Star Battle's stars) then the region borders; with
    no ``key``, the borders alone (Norinori, LITS). Givens are refused: pzprjs has none."""

    def __init__(self, key: Optional[str] = None):
        self.key = key

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        params = {}
        if self.key is not None:
            head, _, body = body.partition("/")
            params[self.key] = genre.parse_param(self.key, head, f"{where}: {self.key}")
        cur = Cursor(body, where)
        layout = borders_to_areas(rows, cols, *read_border(cur, rows, cols))
        cur.finish()
        return _blank(genre, rows, cols).with_params(areas=layout, **params)

    def write(self, puzzle: Puzzle) -> str:
        _no_givens(puzzle, "givens")
        layout = puzzle.param("areas") or ((0,) * puzzle.cols,) * puzzle.rows
        borders = encode_areas(layout)
        return borders if self.key is None else f"{puzzle.param(self.key, 1)}/{borders}"


class EdgeTrees(UrlBody):
    """Numbers above and left of the grid, then the cells holding ``given`` (Tents' trees)."""

    def __init__(self, given: str):
        self.given = given

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        cur = Cursor(body, where)
        top, left = read_excell16(cur, rows, cols)
        marks = read_1cell(cur, rows * cols)
        cur.finish()
        puzzle = _cells(genre, [self.given if m else None for m in marks], rows, cols, where,
                        {self.given: self.given})
        labelled: Puzzle = genre.with_labels(puzzle, _labels(genre, top, left, where))
        return labelled

    def write(self, puzzle: Puzzle) -> str:
        top, left = _edges(puzzle)
        return write_excell16(top, left) + write_1cell([puzzle[x] == self.given for x in puzzle.cells()])


def _labels(genre: Any, top: Sequence[Any], left: Sequence[Any], where: str) -> dict[tuple[str, int], Any]:
    out = {}
    for side, values in (("top", top), ("left", left)):
        for i, v in enumerate(values):
            if v == "?":
                raise InputError(f"a '?' number outside the grid ({side} {i + 1}) is not supported",
                                 where)
            out[(side, i)] = genre.edge_label(v, f"{where}: {side}[{i}]")
    return out


def _edges(puzzle: Puzzle) -> tuple[list[Any], list[Any]]:
    for key, _ in puzzle.params:
        if key not in ("top", "left", "fleet"):
            raise InputError(f"a {puzzle.genre} puzzle with {key!r} has no puzz.link URL")
    return (list(puzzle.param("top") or [None] * puzzle.cols),
            list(puzzle.param("left") or [None] * puzzle.rows))


#: pzprjs's battleship bank presets: ships per length from 1.
FLEETS = {"c": (3, 2, 1), "d": (4, 3, 2, 1), "e": (5, 4, 3, 2, 1)}


def ship_piece(length: int) -> str:
    """pzprjs's serialized piece of a straight ship: width, height 1, its cells' bits."""
    bits = "1" * length + "0" * (-length % 5)
    return f"{length}1" + "".join(_B36[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))


def read_fleet(text: str, where: str) -> tuple[int, ...]:
    """A piece bank (after the body's cells): a preset ``/c`` or ``N/piece/...``."""
    if text[:1] == "/" and text[1:2] in FLEETS and not text[2:].strip("/"):
        return FLEETS[text[1]]
    count, *pieces = text.split("/")
    lengths = {ship_piece(n): n for n in range(1, 36)}
    if not is_digits(count) or int(count) != len(pieces) or any(p not in lengths for p in pieces):
        raise InputError(f"the piece bank {text!r} is not a fleet of straight ships", where)
    fleet = [0] * max([lengths[p] for p in pieces] + [1])
    for p in pieces:
        fleet[lengths[p] - 1] += 1
    return tuple(fleet)


def write_fleet(fleet: Sequence[int]) -> str:
    preset = next((k for k, v in FLEETS.items() if v == tuple(fleet)), None)
    if preset is not None:
        return "/" + preset
    pieces = [ship_piece(k + 1) for k, n in enumerate(fleet) for _ in range(n)]
    return "/".join([str(len(pieces)), *pieces])


class EdgeCellsFleet(UrlBody):
    """Numbers above and left of the grid, number16 cells (pzprjs values read by
    ``meaning``), ``/``, then the fleet (Battleships)."""

    def __init__(self, meaning: Mapping[int, str]):
        self.meaning = dict(meaning)
        self.value = {v: k for k, v in meaning.items()}

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        cur = Cursor(body, where)
        top: list[Any] = [None] * cols
        left: list[Any] = [None] * rows
        values: list[Any] = [None] * (rows * cols)
        if not body.startswith("/"):
            top, left = read_excell16(cur, rows, cols)
            values = read_number16(cur, rows * cols)
        rest = cur.rest()
        if not rest.startswith("/"):
            raise InputError("the body has no piece bank (the fleet) after its cells", where)
        puzzle = _cells(genre, values, rows, cols, where, self.meaning)
        labelled: Puzzle = genre.with_labels(puzzle, _labels(genre, top, left, where))
        return labelled.with_params(fleet=read_fleet(rest[1:], where))

    def write(self, puzzle: Puzzle) -> str:
        top, left = _edges(puzzle)
        cells = [None if v is None else self.value[str(v)] for row in puzzle.grid for v in row]
        return (write_excell16(top, left) + write_number16(cells) + "/"
                + write_fleet(puzzle.param("fleet") or ()))


def _only(puzzle: Puzzle, keys: Sequence[str], what: str) -> None:
    """A one-line error for a parameter the format cannot carry."""
    for key, _ in puzzle.params:
        if key not in keys:
            raise InputError(f"a {puzzle.genre} puzzle with {key!r} has no {what}")


class PointCells(UrlBody):
    """Clues on the grid points as ``4cell`` values (Creek: pzprjs's 4Cross; ``.`` its
    qnum -2, our ``?``); the puzzle is the points' grid, the URL's size its cells."""

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        cur = Cursor(body, where)
        values = read_4cell(cur, (rows + 1) * (cols + 1))
        cur.finish()
        return _cells(genre, values, rows + 1, cols + 1, where, {v: v for v in (0, 1, 2, 3, 4, "?")})

    def write(self, puzzle: Puzzle) -> str:
        _only(puzzle, (), "puzz.link URL")
        return write_4cell([v for row in puzzle.grid for v in row])

    def size(self, puzzle: Puzzle) -> tuple[int, int]:
        return puzzle.rows - 1, puzzle.cols - 1


_SUM = "0123456789abcdefghij"


def _sum_value(ch: str, where: str) -> Optional[int]:
    """pzprjs's decval (0 and ``-``: no sum)."""
    if ch in _SUM:
        return _SUM.index(ch) or None
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 20
    if ch == "-":
        return None
    raise InputError(f"unexpected sum character {ch!r}", where)


def _sum_char(v: Optional[int]) -> str:
    """pzprjs's encval (a missing sum: ``0``)."""
    n = v or 0
    return _SUM[n] if n < 20 else chr(ord("A") + n - 20)


class KakuroSums(UrlBody):
    """Kakuro's body (see the module); ``sums`` gives a black cell's sums by direction
    (``D``, ``R``), ``clue`` makes one from a down and a right sum."""

    def __init__(self, sums: Callable[[Any], Mapping[str, int]],
                 clue: Callable[[Optional[int], Optional[int]], Any]):
        self.sums, self.clue = sums, clue

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        grid: list[list[Any]] = [["#"] * (cols + 1)] + [["#"] + [None] * cols for _ in range(rows)]
        k, i = 0, 0
        while k < rows * cols:
            if i >= len(body):
                raise InputError(f"body describes {k} cells, the grid has {rows * cols}", where)
            ch = body[i]
            if "k" <= ch <= "z":
                k, i = k + int(ch, 36) - 19, i + 1
                continue
            if ch == ".":
                i += 1
            else:
                if i + 2 > len(body):
                    raise InputError(f"the black cell at body position {i + 1} needs two sums", where)
                grid[k // cols + 1][k % cols + 1] = self.clue(_sum_value(ch, where),
                                                             _sum_value(body[i + 1], where))
                i += 2
            grid[k // cols + 1][k % cols + 1] = grid[k // cols + 1][k % cols + 1] or "#"
            k += 1
        if k > rows * cols:
            raise InputError(f"body's last run overflows the grid ({k} cells for {rows * cols})", where)
        for r, c in [(0, c) for c in range(1, cols + 1)] + [(r, 0) for r in range(1, rows + 1)]:
            if grid[r + (r == 0)][c + (c == 0)] is None:
                if i >= len(body):
                    raise InputError("the body ends before the sums outside the grid", where)
                v = _sum_value(body[i], where)
                grid[r][c] = self.clue(v, None) if r == 0 else self.clue(None, v)
                i += 1
        Cursor(body[i:], where).finish()
        return Puzzle(genre.name, rows + 1, cols + 1, tuple(
            tuple(genre.parse_clue(v, f"{where}: r{r + 1}c{c + 1}") for c, v in enumerate(row))
            for r, row in enumerate(grid)))

    def write(self, puzzle: Puzzle) -> str:
        _only(puzzle, (), "puzz.link URL")
        black = {x for x, v in puzzle.clues().items() if isinstance(v, str)}
        for (r, c), v in sorted(puzzle.clues().items()):
            if (r, c) not in black:
                raise InputError(f"a Kakuro URL carries no given digits (the {v} at r{r + 1}c{c + 1})")
        edge = [(0, c) for c in range(puzzle.cols)] + [(r, 0) for r in range(puzzle.rows)]
        if any(x not in black for x in edge):
            r, c = next(x for x in edge if x not in black)
            raise InputError(f"a Kakuro URL needs the top row and left column black (r{r + 1}c{c + 1} "
                             f"is white)")
        values = [None if (r, c) not in black else puzzle[(r, c)]
                  for r in range(1, puzzle.rows) for c in range(1, puzzle.cols)]
        out, run = [], 0
        for v in values:
            if v is None:
                run += 1
                if run == 16:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(chr(ord("j") + run))
                run = 0
            got = self.sums(v)
            out.append("." if not got else _sum_char(got.get("D")) + _sum_char(got.get("R")))
        if run:
            out.append(chr(ord("j") + run))
        out += [_sum_char(self.sums(puzzle[(0, c)]).get("D"))
                for c in range(1, puzzle.cols) if (1, c) not in black]
        out += [_sum_char(self.sums(puzzle[(r, 0)]).get("R"))
                for r in range(1, puzzle.rows) if (r, 1) not in black]
        return "".join(out)

    def size(self, puzzle: Puzzle) -> tuple[int, int]:
        return puzzle.rows - 1, puzzle.cols - 1


SIDES = ("top", "bottom", "left", "right")


def side_values(puzzle: Puzzle) -> list[Any]:
    """The numbers outside the grid in pzprjs's excell order (above, below, left, right)."""
    out: list[Any] = []
    for side in SIDES:
        n = puzzle.cols if side in ("top", "bottom") else puzzle.rows
        out += list(puzzle.param(side) or [None] * n)
    return out


def with_sides(genre: Any, puzzle: Puzzle, values: Sequence[Any], where: str) -> Puzzle:
    """The puzzle with the numbers outside the grid (excell order) as its parameters."""
    params, at = {}, 0
    for side in SIDES:
        n = puzzle.cols if side in ("top", "bottom") else puzzle.rows
        got = list(values[at:at + n])
        at += n
        if "?" in got:
            raise InputError(f"a '?' number outside the grid ({side} {got.index('?') + 1}) is not "
                             f"supported", where)
        params[side] = genre.parse_param(side, got, f"{where}: {side}")
    return puzzle.with_params(**params)


class SightNumbers(UrlBody):
    """Skyscrapers' body: the numbers outside the grid, then the given cells if any."""

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        cur = Cursor(body, where)
        edges = read_number16(cur, 2 * (rows + cols), "numbers outside the grid")
        cells = read_number16(cur, rows * cols) if cur.rest().strip("/") else [None] * (rows * cols)
        cur.finish()
        puzzle = _cells(genre, cells, rows, cols, where, {v: v for v in cells if isinstance(v, int)})
        return with_sides(genre, puzzle, edges, where)

    def write(self, puzzle: Puzzle) -> str:
        _only(puzzle, SIDES, "puzz.link URL")
        cells = [v for row in puzzle.grid for v in row]
        return write_number16(side_values(puzzle)) + (write_number16(cells) if any(cells) else "")


__all__ = ["read_excell16", "write_excell16", "read_1cell", "write_1cell", "CountBorders", "EdgeTrees",
           "EdgeCellsFleet", "FLEETS", "ship_piece", "read_fleet", "write_fleet", "PointCells", "KakuroSums",
           "SightNumbers", "side_values", "with_sides", "SIDES"]
