"""Helpers the genres share: reading numbers, choosing an encoding, shading answers.

The contract itself is :mod:`.contract`; this module holds code that several genres
use to implement it.
"""
from __future__ import annotations

import re
from types import MappingProxyType
from typing import TYPE_CHECKING, AbstractSet, Any, Callable, Iterable, Sequence

from ..errors import InputError
from ..puzzle import Cell, Puzzle, Shading, Solution
from .contract import FormatSpec, Lit

if TYPE_CHECKING:
    from ..solvers.backends import Backend
    from .contract import Genre
    from .grid import LazyConnectivity


_NUMERAL = re.compile(r"-?[0-9]+")


def read_number(token: object, where: str, expected: str, wrong_type: str, hint: str = "") -> int:
    """The integer a given token stands for (an int from JSON, a numeral from text).

    ``expected`` completes "unknown token X (expected ...)" for a token that is not a
    numeral; ``wrong_type`` is the whole message for a JSON value of the wrong type.
    Range checks stay with the genre, which knows its own limits.
    """
    if isinstance(token, bool) or not isinstance(token, (int, str)):
        raise InputError(f"{wrong_type}, got {token!r}", where)
    if isinstance(token, int):
        return token
    if not _NUMERAL.fullmatch(token):  # ASCII only: int() also reads '٣', '1_0', ' 3'
        raise InputError(f"unknown token {token!r} (expected {expected}){hint}", where)
    if len(token) > 60:  # int() refuses over 4300 digits; no clue is anywhere near this
        raise InputError(f"number too large ({len(token)} digits)", where)
    return int(token, 10)


def choose_encoding(genre: "Genre", encoding: str | None) -> str:
    """The named encoding of a genre (its first one by default), or a one-line error."""
    encoding = encoding or genre.encodings[0]
    if encoding not in genre.encodings:
        raise InputError(f"unknown encoding {encoding!r} for {genre.name} "
                         f"(choose from {', '.join(genre.encodings)})")
    return encoding


class ShadingEncoded:
    """An encoding whose answer is one Boolean per cell (``#`` true, ``.`` false).

    ``shade`` holds a literal for every cell the solver decides; the other cells are
    fixed (``fixed`` maps them to their character).

    Decoding, blocking and the connectivity check work row by row on the answer's
    strings, so that they stay cheap on a 1000x1000 grid (a million cells).
    """

    def __init__(self, backend: "Backend", rows: int, cols: int, shade: dict[Cell, Lit],
                 fixed: dict[Cell, str], connectivity: "LazyConnectivity | None" = None,
                 prepare: Callable[[Puzzle], None] | None = None,
                 lit_rows: list[list[Lit]] | None = None):
        self.b = backend
        self.rows, self.cols = rows, cols
        self.shade = shade
        self.fixed = fixed
        self.connectivity = connectivity
        self._prepare = prepare
        #: The literal of each cell row by row, 0 where fixed (``shade`` laid out; a genre
        #: that has it at hand passes it), built on first use otherwise.
        self._lit_rows = lit_rows
        self._flat: list[Lit] | None = None
        self._region_char: str | None = None  # see _fast_region

    def _layout(self) -> list[list[Lit]]:
        if self._lit_rows is None:
            get = self.shade.get
            self._lit_rows = [[get((r, c), 0) for c in range(self.cols)]
                              for r in range(self.rows)]
        if self._flat is None:
            self._flat = [lit for row in self._lit_rows for lit in row if lit]
            self._region_char = self._fast_region()
        return self._lit_rows

    def _fast_region(self) -> str | None:
        """The answer character of exactly the region's cells, when there is one: the
        region is every decided cell's ``#`` (members are the shade literals and no
        fixed cell is ``#``) or every decided cell's ``.`` (members are their negations
        and no cell is fixed). None: read the region cell by cell."""
        conn = self.connectivity
        if conn is None or len(conn.member) != len(self.shade):
            return None
        shade, member = self.shade, conn.member
        if all(member.get(c) == lit for c, lit in shade.items()):
            return None if "#" in self.fixed.values() else "#"
        if not self.fixed and all(member.get(c) == -lit for c, lit in shade.items()):
            return "."
        return None

    def decode(self) -> Shading:
        lit_rows = self._layout()
        assert self._flat is not None
        vals = iter(self.b.values(self._flat))
        if not self.fixed:  # one string for the whole grid, cut into rows
            text = "".join(["#" if v else "." for v in vals])
            cols = self.cols
            return Shading(tuple(text[k:k + cols] for k in range(0, len(text), cols)))
        fixed = self.fixed
        out = []
        for r, lits in enumerate(lit_rows):
            out.append("".join([("#" if next(vals) else ".") if lit else fixed[(r, c)]
                                for c, lit in enumerate(lits)]))
        return Shading(tuple(out))

    def region(self, solution: Solution) -> list[Cell]:
        """Cells whose literal is true in this solution (what connectivity is about)."""
        conn = self.connectivity
        assert conn is not None
        self._layout()
        ch = self._region_char
        if ch is not None:
            return [(r, c) for r, row in enumerate(solution.rows)
                    for c, x in enumerate(row) if x == ch]
        return [c for c, lit in conn.member.items()
                if (solution[c] == "#") == (lit == self.shade.get(c))]

    def cuts(self, solution: Solution) -> list[list[Lit]]:
        if self.connectivity is None:
            return []
        self._layout()
        ch = self._region_char
        if ch is not None:  # straight from the answer's rows: no list of cells
            return self.connectivity.cuts_of_rows(solution.rows, ch)
        return self.connectivity.cuts(self.region(solution))

    def block(self, solution: Solution) -> list[Lit]:
        return [-lit if x == "#" else lit
                for row, lits in zip(solution.rows, self._layout())
                for x, lit in zip(row, lits) if lit]

    def agree(self, solution: Solution) -> dict[Cell, Lit]:
        return {c: lit if solution[c] == "#" else -lit for c, lit in self.shade.items()}

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        return [] if self.connectivity is None else self.connectivity.partial_cuts(true)

    def prepare(self, puzzle: Puzzle) -> None:
        if self._prepare is not None:
            self._prepare(puzzle)

    def stats(self) -> dict[str, Any]:
        return {"cuts": self.connectivity.cuts_added if self.connectivity else 0}


class NoAnswer:
    """The encoding of a puzzle found impossible before any clause was needed (a clue
    that can never be met): the solver holds one empty clause, so nothing is decoded."""

    def decode(self) -> Any:
        raise AssertionError("a puzzle without answers has no model to decode")

    def cuts(self, answer: Any) -> list[list[Lit]]:
        return []

    def block(self, answer: Any) -> list[Lit]:
        return []

    def agree(self, answer: Any) -> dict[Cell, Lit]:
        return {}

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        return []

    def prepare(self, puzzle: Puzzle) -> None:
        pass

    def stats(self) -> dict[str, Any]:
        return {"cuts": 0}


def parse_shading_rows(puzzle: Puzzle, rows: Sequence[str], where: str,
                       shaded: str = "#", unshaded: str = ".+x-_") -> Shading:
    """Rows of ``#``/``.`` (spaces between cells allowed) as a Solution; errors name the row."""
    clean = [r.replace(" ", "").replace("\t", "") for r in rows]
    clean = [r for r in clean if r]
    if len(clean) != puzzle.rows:
        raise InputError(f"answer has {len(clean)} rows, the puzzle has {puzzle.rows}", where)
    out = []
    for i, row in enumerate(clean):
        if len(row) != puzzle.cols:
            raise InputError(f"answer row {i + 1} has {len(row)} cells, the puzzle has {puzzle.cols}",
                             where)
        chars = []
        for j, ch in enumerate(row):
            if ch in shaded:
                chars.append("#")
            elif ch in unshaded:
                chars.append(".")
            else:
                raise InputError(f"unknown answer character {ch!r} at r{i + 1}c{j + 1} "
                                 f"(use # for shaded, . for unshaded)", where)
        out.append("".join(chars))
    return Shading(tuple(out))


_BITS = str.maketrans("#.", "10")


def shade_masks(rows: Sequence[str]) -> list[int]:
    """Each row as an integer with bit c set where column c is ``#`` (shaded): what
    verifiers of big grids compare whole rows with."""
    out = []
    for row in rows:
        if row.count("#") + row.count(".") == len(row):
            out.append(int(row[::-1].translate(_BITS), 2) if row else 0)
        else:
            out.append(sum(1 << c for c, ch in enumerate(row) if ch == "#"))
    return out


def mask_bits(m: int) -> Iterable[int]:
    """The set bits of ``m``, lowest first."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def shaded_cells(solution: Solution) -> Iterable[Cell]:
    for r, row in enumerate(solution.rows):
        for c, ch in enumerate(row):
            if ch == "#":
                yield (r, c)


def shading_formats(pzprv3_pid: str, janko_names: tuple[str, ...]) -> FormatSpec:
    """The formats of a shading genre with Number16 clues (Canal View, Smullyanic Dynasty):
    ``#`` shaded in answers, ``?`` for puzz.link's special given, Janko ``x`` shaded."""
    return FormatSpec(url_codec="number16", pzprv3_pid=pzprv3_pid, qnum_minus2="?",
                      janko_names=janko_names,
                      janko_problem=MappingProxyType({"-": None, "?": "?"}),
                      janko_marks=MappingProxyType({"x": "#"}))
