"""Helpers the genres share: reading numbers, choosing an encoding, shading answers.

The contract itself is :mod:`.contract`; this module holds code that several genres
use to implement it.
"""
from __future__ import annotations

import re
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from ..errors import InputError
from ..puzzle import Cell, Puzzle, Shading, Solution
from .contract import FormatSpec, Lit

if TYPE_CHECKING:
    from ..checker.backends import Backend
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
    """

    def __init__(self, backend: "Backend", rows: int, cols: int, shade: dict[Cell, Lit],
                 fixed: dict[Cell, str], connectivity: "LazyConnectivity | None" = None,
                 prepare: Callable[[Puzzle], None] | None = None):
        self.b = backend
        self.rows, self.cols = rows, cols
        self.shade = shade
        self.fixed = fixed
        self.connectivity = connectivity
        self._prepare = prepare
        self._order = sorted(shade)

    def decode(self) -> Shading:
        vals = dict(zip(self._order, self.b.values(self.shade[c] for c in self._order)))
        return Shading(tuple(
            "".join(("#" if vals[(r, c)] else ".") if (r, c) in vals else self.fixed[(r, c)]
                    for c in range(self.cols)) for r in range(self.rows)))

    def region(self, solution: Solution) -> list[Cell]:
        """Cells whose literal is true in this solution (what connectivity is about)."""
        conn = self.connectivity
        assert conn is not None
        return [c for c, lit in conn.member.items()
                if (solution[c] == "#") == (lit == self.shade.get(c))]

    def cuts(self, solution: Solution) -> list[list[Lit]]:
        if self.connectivity is None:
            return []
        return self.connectivity.cuts(self.region(solution))

    def block(self, solution: Solution) -> list[Lit]:
        return [-lit if solution[c] == "#" else lit for c, lit in self.shade.items()]

    def prepare(self, puzzle: Puzzle) -> None:
        if self._prepare is not None:
            self._prepare(puzzle)

    def stats(self) -> dict[str, Any]:
        return {"cuts": self.connectivity.cuts_added if self.connectivity else 0}


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
