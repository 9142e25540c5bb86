"""pzprv3 files of kit genres whose sections are their own (pzprjs's ``FileIO`` of the
genre), as :class:`~..contract.Pzprv3Body` objects: what follows the size lines.

* :class:`StarRooms` (starbattle.js): the star count, the rooms (a count, then a room
  number per cell), the stars (``#``; ``+`` a marked empty cell);
* :class:`TentsGrid` (tents.js): one grid of the cells and the numbers above and left of
  them (``.`` none; pzprjs's ``c`` of a number ticked off is dropped); a cell holds ``1`` a
  tree, ``A`` a tent, ``-`` a marked empty cell; then the links drawn between a tent and
  its tree (two border grids), read and dropped, written empty;
* :class:`FleetGrid` (statuepark.js battleship): the fleet (a preset ``c`` ``d`` ``e`` or a
  count and a piece per line), one grid of the numbers above and left and the cells' parts
  (pzprjs's numbers 0-6), the ship cells (``#``; a given part of a ship counts as one,
  whatever its cell shows, as pzprjs counts it), then a line of the pieces' ticks (dropped);
* :class:`PointGrid` (creek.js): the (R + 1) x (C + 1) points' clues (``-`` a ``?``), then
  the R x C cells' shading; the size lines count the cells;
* :class:`KakuroGrid` (kakuro.js): our grid itself, pzprjs's board plus its outside cells:
  ``0`` in the corner, above a column its down sum, left of a row its right sum (``0``
  none), a black cell ``RIGHT,DOWN``, a white one ``.``; then the digits of pzprjs's cells;
* :class:`SightGrid` (skyscrapers.js): one grid with the numbers on all four sides; a cell
  ``qN`` a given height, ``N`` an answer, ``.`` empty (pzprjs's ``[...]`` pencil marks dropped).

Answers in progress read as they are (an unmarked cell is empty); a file whose answer
section marks nothing holds no answer. What pzprjs's file has no place for (a given star,
a ``?`` outside the grid) is a one-line error.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from ...numerals import is_digits
from ...errors import InputError
from ...puzzle import Cell, Puzzle
from ..contract import Pzprv3Body, Pzprv3File
from .bodies import FLEETS, SIDES, read_fleet, ship_piece, side_values, with_sides
from .layers import char_number, number_char
from .lattice import normalize_areas

Tokens = list[list[tuple[str, str]]]


def line(tokens: Iterable[object]) -> str:
    """A grid line as pzprjs writes it: every token followed by a space."""
    return "".join(f"{t} " for t in tokens)


def number(tok: str, place: str, what: str) -> int:
    if not is_digits(tok):
        raise InputError(f"{what} should be a number, got {tok!r}", place)
    return int(tok)


def carried(puzzle: Puzzle, keys: Sequence[str], givens: Callable[[Any], bool] = lambda v: False) -> None:
    """One-line errors for parameters and givens the file has no place for."""
    for key, _ in puzzle.params:
        if key not in keys:
            raise InputError(f"a {puzzle.genre} puzzle with {key!r} has no pzprv3 format")
    for (r, c), v in sorted(puzzle.clues().items()):
        if not givens(v):
            raise InputError(f"a {puzzle.genre} pzprv3 file carries no givens (the given {v!r} at "
                             f"r{r + 1}c{c + 1})")


def read_marks(file: Pzprv3File, rows: int, cols: int, read: Mapping[str, str]) -> Optional[list[str]]:
    """pzprjs's decodeCellAns as answer rows; None when the file has no answer (it ends,
    or every cell is undecided ``.``)."""
    if not file.more():
        return None
    out, blank = [], True
    for r, toks in enumerate(file.grid(rows, cols, "answer row")):
        for c, (tok, place) in enumerate(toks):
            if tok not in read:
                raise InputError(f"unknown answer token {tok!r} at r{r + 1}c{c + 1} (expected "
                                 f"{', '.join(sorted(read))})", place)
            blank &= tok == "."
        out.append("".join(read[tok] for tok, _ in toks))
    return None if blank else out


def mark_lines(rows: Sequence[str], write: Mapping[str, str]) -> list[str]:
    return [line(write.get(ch, ".") for ch in row) for row in rows]


def blank_rows(puzzle: Puzzle, solution: Optional[Any]) -> list[str]:
    return list(solution.rows) if solution is not None else ["." * puzzle.cols] * puzzle.rows


def edge_token(tok: str, place: str, what: str) -> Optional[int]:
    """A number outside the grid (``.`` none, pzprjs's ticked-off ``cN`` as ``N``)."""
    if tok == ".":
        return None
    if tok == "-":
        raise InputError(f"a '?' {what} is not supported", place)
    return number(tok[1:] if tok.startswith("c") else tok, place, what)


def _blank(genre: Any, rows: int, cols: int) -> Puzzle:
    return Puzzle(genre.name, rows, cols, tuple((None,) * cols for _ in range(rows)))


class StarRooms(Pzprv3Body):
    """Star Battle: the star count, the rooms, the stars (``marks``: answer character ->
    token written)."""

    def __init__(self, marks: Mapping[str, str]):
        self.marks = dict(marks)

    def read(self, genre: Any, file: Pzprv3File, rows: int, cols: int) -> tuple[Puzzle, Optional[list[str]]]:
        stars = genre.parse_param("stars", *file.line("the star count"))
        number(*file.line("the room count"), "the room count")
        ids = [[number(tok, place, "a room number") for tok, place in toks]
               for toks in file.grid(rows, cols, "room row")]
        puzzle = _blank(genre, rows, cols).with_params(areas=normalize_areas(ids), stars=stars)
        return puzzle, read_marks(file, rows, cols, genre.formats.pzprv3_read)

    def write(self, puzzle: Puzzle, solution: Optional[Any]) -> list[str]:
        carried(puzzle, ("areas", "stars"))
        layout = normalize_areas(puzzle.param("areas") or ((0,) * puzzle.cols,) * puzzle.rows)
        return [str(puzzle.param("stars", 1)), str(1 + max(max(row) for row in layout)),
                *(line(row) for row in layout),
                *mark_lines(blank_rows(puzzle, solution), self.marks)]


def _excells(file: Pzprv3File, rows: int, cols: int, what: str) -> tuple[list[Any], list[Any], Tokens]:
    """A grid of the cells with numbers above and left of them: (top, left, the cells)."""
    grid = file.grid(rows + 1, cols + 1, "row")
    top = [edge_token(tok, place, what) for tok, place in grid[0][1:]]
    left = [edge_token(*toks[0], what) for toks in grid[1:]]
    return top, left, [toks[1:] for toks in grid[1:]]


def _edge_lines(puzzle: Puzzle, cell: Callable[[Cell], str]) -> list[str]:
    top, left = (list(puzzle.param(side) or [None] * n) for side, n in
                 (("top", puzzle.cols), ("left", puzzle.rows)))
    edge = ["." if v is None else str(v) for v in top + left]
    out = [line([".", *edge[:puzzle.cols]])]
    for r in range(puzzle.rows):
        out.append(line([edge[puzzle.cols + r], *(cell((r, c)) for c in range(puzzle.cols))]))
    return out


class TentsGrid(Pzprv3Body):
    """Tents: the numbers and cells in one grid (trees, tents), then the links."""

    def read(self, genre: Any, file: Pzprv3File, rows: int, cols: int) -> tuple[Puzzle, Optional[list[str]]]:
        top, left, cells = _excells(file, rows, cols, "tent count")
        marks = {"A": "A", "-": ".", ".": "."}
        for r, toks in enumerate(cells):
            for c, (tok, place) in enumerate(toks):
                if tok not in marks and not (is_digits(tok) and int(tok) > 0):
                    raise InputError(f"unknown token {tok!r} at r{r + 1}c{c + 1} (expected 1 a tree, A a "
                                     f"tent, - or .)", place)
        grid = tuple(tuple(None if tok in marks else "T" for tok, _ in toks) for toks in cells)
        labels = {(side, i): genre.edge_label(v, f"{file.where}: {side} {i + 1}")
                  for side, values in (("top", top), ("left", left)) for i, v in enumerate(values)}
        puzzle = genre.with_labels(Puzzle(genre.name, rows, cols, grid), labels)
        answer = ["".join(marks.get(tok, "T") for tok, _ in toks) for toks in cells]
        if file.more():                         # the links: right of each cell, then below
            file.grid(rows, cols - 1, "link row")
            file.grid(rows - 1, cols, "link row")
        marked = any(tok in "A-" for toks in cells for tok, _ in toks)
        return puzzle, answer if marked else None

    def write(self, puzzle: Puzzle, solution: Optional[Any]) -> list[str]:
        carried(puzzle, ("top", "left"), lambda v: v == "T")
        rows = blank_rows(puzzle, solution)
        out = _edge_lines(puzzle, lambda x: "1" if puzzle[x] == "T" else "A" if rows[x[0]][x[1]] == "A"
                          else ".")
        return out + [line(["0"] * (puzzle.cols - 1))] * puzzle.rows + \
            [line(["0"] * puzzle.cols)] * (puzzle.rows - 1)


class FleetGrid(Pzprv3Body):
    """Battleships: the fleet, the numbers and parts in one grid, the ship cells, the
    ticks; ``meaning`` maps pzprjs's part numbers to our givens, ``water`` the one that
    is no ship cell."""

    def __init__(self, meaning: Mapping[int, str], water: str):
        self.meaning, self.water = dict(meaning), water
        self.value = {v: k for k, v in meaning.items()}

    def read(self, genre: Any, file: Pzprv3File, rows: int, cols: int) -> tuple[Puzzle, Optional[list[str]]]:
        head, place = file.line("the fleet")
        if is_digits(head):
            pieces = [file.line("a piece of the fleet")[0] for _ in range(int(head))]
            fleet = read_fleet("/".join([head, *pieces]), place)
        else:
            fleet = read_fleet("/" + head, place)
        top, left, cells = _excells(file, rows, cols, "ship count")
        grid = []
        for r, toks in enumerate(cells):
            row = []
            for c, (tok, at) in enumerate(toks):
                known = is_digits(tok) and int(tok) in self.meaning
                if tok != "." and not known:
                    raise InputError(f"unknown part {tok!r} at r{r + 1}c{c + 1} (expected . or "
                                     f"{min(self.meaning)}-{max(self.meaning)})", at)
                row.append(self.meaning[int(tok)] if known else None)
            grid.append(tuple(row))
        labels = {(side, i): genre.edge_label(v, f"{file.where}: {side} {i + 1}")
                  for side, values in (("top", top), ("left", left)) for i, v in enumerate(values)}
        puzzle = genre.with_labels(Puzzle(genre.name, rows, cols, tuple(grid)), labels)
        puzzle = puzzle.with_params(fleet=fleet)
        marks = read_marks(file, rows, cols, genre.formats.pzprv3_read)
        return puzzle, None if marks is None else [
            "".join("#" if v not in (None, self.water) else ch for v, ch in zip(given, row))
            for given, row in zip(grid, marks)]

    def write(self, puzzle: Puzzle, solution: Optional[Any]) -> list[str]:
        carried(puzzle, ("top", "left", "fleet"), lambda v: v in self.value)
        fleet = tuple(puzzle.param("fleet") or ())
        pieces = [ship_piece(k + 1) for k, n in enumerate(fleet) for _ in range(n)]
        preset = next((k for k, v in FLEETS.items() if v == fleet), None)
        bank = [preset] if preset is not None else [str(len(pieces)), *pieces]
        grid = _edge_lines(puzzle, lambda x: "." if puzzle[x] is None else str(self.value[str(puzzle[x])]))
        marks = mark_lines(blank_rows(puzzle, solution), {"#": "#"})
        return bank + grid + marks + [line(["0"] * len(pieces))]


class PointGrid(Pzprv3Body):
    """Creek: the points' clues, then the cells' shading (the size counts the cells)."""

    def read(self, genre: Any, file: Pzprv3File, rows: int, cols: int) -> tuple[Puzzle, Optional[list[str]]]:
        grid = []
        for r, toks in enumerate(file.grid(rows + 1, cols + 1, "point row")):
            grid.append(tuple(genre.parse_clue(None if tok == "." else "?" if tok == "-" else
                                               number(tok, place, "a clue"), f"{place}: r{r + 1}c{c + 1}")
                              for c, (tok, place) in enumerate(toks)))
        puzzle = Puzzle(genre.name, rows + 1, cols + 1, tuple(grid))
        return puzzle, read_marks(file, rows, cols, genre.formats.pzprv3_read)

    def write(self, puzzle: Puzzle, solution: Optional[Any]) -> list[str]:
        carried(puzzle, (), lambda v: True)
        points = [line("." if v is None else "-" if v == "?" else v for v in row) for row in puzzle.grid]
        rows = [row[:-1] for row in blank_rows(puzzle, solution)[:-1]]
        return points + mark_lines(rows, {"#": "#"})

    def size(self, puzzle: Puzzle) -> tuple[int, int]:
        return puzzle.rows - 1, puzzle.cols - 1


def _digit(tok: str, place: str) -> Optional[int]:
    """An answer number (pzprjs's ``[...]`` pencil marks and ``.`` are none)."""
    tok = tok.split("[", 1)[0]
    return None if tok in (".", "") else number(tok, place, "an answer number")


class KakuroGrid(Pzprv3Body):
    """Kakuro: our grid with its sums (pzprjs's board and outside cells), then the digits;
    ``sums``/``clue`` as for :class:`~.bodies.KakuroSums`."""

    def __init__(self, sums: Callable[[Any], Mapping[str, int]],
                 clue: Callable[[Optional[int], Optional[int]], Any]):
        self.sums, self.clue = sums, clue

    def read(self, genre: Any, file: Pzprv3File, rows: int, cols: int) -> tuple[Puzzle, Optional[list[str]]]:
        grid: list[list[Any]] = []
        for r, toks in enumerate(file.grid(rows + 1, cols + 1, "row")):
            row: list[Any] = []
            for c, (tok, place) in enumerate(toks):
                if r and c and tok == ".":
                    row.append(None)
                    continue
                parts = tok.split(",") if r and c else ["0", tok] if c else [tok, "0"]
                if len(parts) != 2:
                    raise InputError(f"r{r + 1}c{c + 1}: a black cell is RIGHT,DOWN, got {tok!r}", place)
                right, down = (number(p, place, "a sum") or None for p in parts)
                row.append(genre.parse_clue("#" if r + c == 0 else self.clue(down, right), place))
            grid.append(row)
        puzzle = Puzzle(genre.name, rows + 1, cols + 1, tuple(map(tuple, grid)))
        if not file.more():
            return puzzle, None
        digits = [[_digit(tok, place) for tok, place in toks] for toks in file.grid(rows, cols, "answer row")]
        answer = ["#" * (cols + 1)] + ["#" + "".join(
            "#" if grid[r + 1][c + 1] is not None else "." if d is None else number_char(d)
            for c, d in enumerate(row)) for r, row in enumerate(digits)]
        return puzzle, answer if any(d is not None for row in digits for d in row) else None

    def write(self, puzzle: Puzzle, solution: Optional[Any]) -> list[str]:
        carried(puzzle, (), lambda v: isinstance(v, str))
        edge = [(0, c) for c in range(puzzle.cols)] + [(r, 0) for r in range(puzzle.rows)]
        if any(puzzle[x] is None for x in edge):
            r, c = next(x for x in edge if puzzle[x] is None)
            raise InputError(f"a Kakuro pzprv3 file needs the top row and left column black "
                             f"(r{r + 1}c{c + 1} is white)")

        def token(x: Cell) -> str:
            got = self.sums(puzzle[x])
            down, right = got.get("D", 0), got.get("R", 0)
            return "0" if x == (0, 0) else str(down) if x[0] == 0 else str(right) if x[1] == 0 else \
                "." if puzzle[x] is None else f"{right},{down}"
        rows = blank_rows(puzzle, solution)
        return [line(token((r, c)) for c in range(puzzle.cols)) for r in range(puzzle.rows)] + [
            line("." if puzzle[(r, c)] is not None or rows[r][c] in ".#" else char_number(rows[r][c])
                 for c in range(1, puzzle.cols)) for r in range(1, puzzle.rows)]

    def size(self, puzzle: Puzzle) -> tuple[int, int]:
        return puzzle.rows - 1, puzzle.cols - 1


class SightGrid(Pzprv3Body):
    """Skyscrapers: one grid with the numbers on all four sides, given heights ``qN`` and
    the answer's heights in the cells."""

    def read(self, genre: Any, file: Pzprv3File, rows: int, cols: int) -> tuple[Puzzle, Optional[list[str]]]:
        grid = file.grid(rows + 2, cols + 2, "row")
        edges = [grid[0][1:-1], grid[-1][1:-1], [t[0] for t in grid[1:-1]], [t[-1] for t in grid[1:-1]]]
        values = [edge_token(tok, place, "number outside the grid") for side in edges for tok, place in side]
        givens, answer = [], []
        for r, toks in enumerate(grid[1:-1]):
            given = [int(tok[1:]) if tok[:1] == "q" and is_digits(tok[1:]) else None for tok, _ in toks[1:-1]]
            got = [g if g is not None else _digit(tok, place) for g, (tok, place) in zip(given, toks[1:-1])]
            givens.append(tuple(genre.parse_clue(g, f"{file.where}: r{r + 1}c{c + 1}")
                                for c, g in enumerate(given)))
            answer.append("".join("." if n is None else number_char(n) for n in got))
        puzzle = with_sides(genre, Puzzle(genre.name, rows, cols, tuple(givens)), values, file.where)
        decided = any(is_digits(tok[:1]) for toks in grid[1:-1] for tok, _ in toks[1:-1])
        return puzzle, answer if decided else None

    def write(self, puzzle: Puzzle, solution: Optional[Any]) -> list[str]:
        carried(puzzle, SIDES, lambda v: isinstance(v, int))
        values = ["." if v is None else str(v) for v in side_values(puzzle)]
        n, m = puzzle.cols, puzzle.rows
        top, bottom, left, right = values[:n], values[n:2 * n], values[2 * n:2 * n + m], values[2 * n + m:]
        rows = blank_rows(puzzle, solution)

        def cell(r: int, c: int) -> str:
            v, ch = puzzle[(r, c)], rows[r][c]
            return f"q{v}" if v is not None else "." if ch == "." else str(char_number(ch))
        return [line([".", *top, "."])] + [line([left[r], *(cell(r, c) for c in range(n)), right[r]])
                                           for r in range(m)] + [line([".", *bottom, "."])]


__all__ = ["StarRooms", "TentsGrid", "FleetGrid", "PointGrid", "KakuroGrid", "SightGrid", "read_marks",
           "mark_lines", "carried", "line"]
