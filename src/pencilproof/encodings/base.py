"""Helpers the genres share: reading numbers, choosing an encoding, shading answers.

The contract itself is :mod:`.contract`; this module holds code that several genres
use to implement it.
"""
from __future__ import annotations

import re
from types import MappingProxyType
from typing import TYPE_CHECKING, AbstractSet, Any, Iterable, Sequence

from ..errors import InputError
from ..puzzle import Cell, Puzzle, Shading, Solution
from .contract import FormatSpec, Lit

if TYPE_CHECKING:
    from ..solvers.backends import Backend
    from .contract import Genre


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
    """An encoding whose answer is one Boolean per cell (``#`` true, ``.`` false), with
    nothing lazy: ``shade`` holds a literal for every cell the solver decides, ``fixed``
    the character of every other cell. (The kit's grid genres have their own, row by row:
    :class:`~.kit.shading.GridEncoded`.)"""

    def __init__(self, backend: "Backend", rows: int, cols: int, shade: dict[Cell, Lit],
                 fixed: dict[Cell, str]):
        self.b, self.rows, self.cols, self.shade, self.fixed = backend, rows, cols, shade, fixed

    def decode(self) -> Shading:
        vals = dict(zip(self.shade, self.b.values(self.shade.values())))
        return Shading(tuple("".join(self.fixed.get((r, c)) or ("#" if vals[(r, c)] else ".")
                                     for c in range(self.cols)) for r in range(self.rows)))

    def cuts(self, solution: Solution) -> list[list[Lit]]:
        return []

    def block(self, solution: Solution) -> list[Lit]:
        return [-lit if solution[c] == "#" else lit for c, lit in self.shade.items()]

    def agree(self, solution: Solution) -> dict[Cell, Lit]:
        return {c: lit if solution[c] == "#" else -lit for c, lit in self.shade.items()}

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        return []

    def prepare(self, puzzle: Puzzle) -> None:
        pass

    def stats(self) -> dict[str, Any]:
        return {"cuts": 0}


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


def shading_formats(pzprv3_pid: str, janko_names: tuple[str, ...]) -> FormatSpec:
    """The formats of a shading genre with Number16 clues (Canal View, Smullyanic Dynasty):
    ``#`` shaded in answers, ``?`` for puzz.link's special given, Janko ``x`` shaded."""
    return FormatSpec(url_codec="number16", pzprv3_pid=pzprv3_pid, qnum_minus2="?",
                      janko_names=janko_names,
                      janko_problem=MappingProxyType({"-": None, "?": "?"}),
                      janko_marks=MappingProxyType({"x": "#"}))
