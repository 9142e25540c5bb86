"""The genre protocol: what every genre module provides, and the encoded-model seam.

A genre knows its givens (which clue values are legal), how to encode a puzzle as
clauses on any :mod:`~pencilproof.checker.backends` backend, how to read a solution back
from a model, and how to *verify* a solution in plain Python, independently of any
solver. The checker only ever talks to these two small interfaces.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Protocol, Sequence

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Solution, Violation

Lit = int


class Encoded(Protocol):
    """A puzzle encoded on one live solver."""

    def decode(self) -> Solution:
        """The solution in the solver's current model."""
    def cuts(self, solution: Solution) -> list[list[Lit]]:
        """Lazily added constraints this model violates ([] when it is a real solution)."""
    def block(self, solution: Solution) -> list[Lit]:
        """A clause satisfied by every solution except this one."""
    def stats(self) -> dict:
        """Encoding-specific counters (cuts added, ...)."""


class Genre(Protocol):
    name: str                      # canonical name in text headers and JSON documents
    aliases: tuple[str, ...]       # other names accepted on input
    url_pids: tuple[str, ...]      # puzz.link genre ids, the first one is written
    encodings: tuple[str, ...]     # selectable encodings, the first is the default
    solution_chars: str            # characters of a solution row, e.g. "#."

    def parse_clue(self, token: str | int | None, where: str) -> Clue: ...
    def encode(self, puzzle: Puzzle, backend, encoding: str | None = None) -> Encoded: ...
    def verify(self, puzzle: Puzzle, solution: Solution) -> list[Violation]: ...
    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Solution: ...


def read_number(token, where: str, expected: str, wrong_type: str, hint: str = "") -> int:
    """The integer a given token stands for (an int from JSON, a numeral from text).

    ``expected`` completes "unknown token X (expected ...)" for a token that is not a
    numeral; ``wrong_type`` is the whole message for a JSON value of the wrong type.
    Range checks stay with the genre, which knows its own limits.
    """
    if isinstance(token, bool) or not isinstance(token, (int, str)):
        raise InputError(f"{wrong_type}, got {token!r}", where)
    if isinstance(token, int):
        return token
    try:
        return int(token, 10)
    except ValueError:
        raise InputError(f"unknown token {token!r} (expected {expected}){hint}", where) from None


def choose_encoding(genre, encoding: str | None) -> str:
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

    def __init__(self, backend, rows: int, cols: int, shade: dict[Cell, Lit],
                 fixed: dict[Cell, str], connectivity=None):
        self.b = backend
        self.rows, self.cols = rows, cols
        self.shade = shade
        self.fixed = fixed
        self.connectivity = connectivity
        self._order = sorted(shade)

    def decode(self) -> Solution:
        vals = dict(zip(self._order, self.b.values(self.shade[c] for c in self._order)))
        return Solution(tuple(
            "".join(("#" if vals[(r, c)] else ".") if (r, c) in vals else self.fixed[(r, c)]
                    for c in range(self.cols)) for r in range(self.rows)))

    def region(self, solution: Solution) -> list[Cell]:
        """Cells whose literal is true in this solution (what connectivity is about)."""
        conn = self.connectivity
        return [c for c, lit in conn.member.items()
                if (solution[c] == "#") == (lit == self.shade.get(c))]

    def cuts(self, solution: Solution) -> list[list[Lit]]:
        if self.connectivity is None:
            return []
        return self.connectivity.cuts(self.region(solution))

    def block(self, solution: Solution) -> list[Lit]:
        return [-lit if solution[c] == "#" else lit for c, lit in self.shade.items()]

    def stats(self) -> dict:
        return {"cuts": self.connectivity.cuts_added if self.connectivity else 0}


def parse_shading_rows(puzzle: Puzzle, rows: Sequence[str], where: str,
                       shaded: str = "#", unshaded: str = ".+x-_") -> Solution:
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
    return Solution(tuple(out))


def shaded_cells(solution: Solution) -> Iterable[Cell]:
    for r, row in enumerate(solution.rows):
        for c, ch in enumerate(row):
            if ch == "#":
                yield (r, c)


@dataclass(frozen=True)
class Switchable:
    """A grid encoded with clues behind switch literals, for minimizing and generating.

    ``switches[cell]`` on means the clue holds with its value; ``weak[cell]`` (where the
    genre has a weaker form of a clue, e.g. Canal View's ``?``) means only that weaker
    form holds. A switch implies its weak literal. A switch that is left free (neither
    assumed nor fixed) behaves as "clue absent": turning a clue on only removes
    solutions, so the solver can always choose it off.
    """

    encoded: Encoded
    switches: dict[Cell, Lit]
    weak: dict[Cell, Lit]
    #: Called with the puzzle of the current switch state before each solve, so that
    #: lazy constraints can be shaped by what that state forces (None: no hints).
    hint: Callable[[Puzzle], None] | None = None
