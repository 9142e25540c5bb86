"""Puzzles, answers and rule violations: plain frozen data shared by every genre.

A :class:`Puzzle` is a grid of givens. An answer is typed per genre: a
:class:`Shading` (Canal View, Smullyanic Dynasty), a :class:`LampSet` (Light Up), or
any other frozen type that satisfies :class:`Answer` (a move sequence has no grid).
Grid answers share :class:`Solution`: rows of characters, which is also their text
and JSON form, so two answers of one puzzle compare and differ cell by cell.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Protocol, TypeVar, Union, runtime_checkable

Cell = tuple[int, int]
#: A grid entry: None (empty), an int clue, "?" (clue of unknown value) or "#" (a wall).
Clue = Union[None, int, str]
S = TypeVar("S", bound="Solution")


@dataclass(frozen=True)
class Puzzle:
    """A rectangular puzzle: the genre name and the givens, row by row."""

    genre: str
    rows: int
    cols: int
    grid: tuple[tuple[Clue, ...], ...]
    #: Parameters beyond the grid, as sorted (key, value) pairs of JSON-able frozen values
    #: (Flood-It: ``limit``, ``pivot``); empty for genres that have none. Part of equality.
    params: tuple[tuple[str, Any], ...] = ()

    def param(self, key: str, default: Any = None) -> Any:
        """The value of one parameter (``default`` when the puzzle does not carry it)."""
        return next((v for k, v in self.params if k == key), default)

    def with_params(self, **values: Any) -> "Puzzle":
        """The same puzzle with these parameters set (a None value removes one)."""
        merged = dict(self.params)
        for k, v in values.items():
            if v is None:
                merged.pop(k, None)
            else:
                merged[k] = v
        return Puzzle(self.genre, self.rows, self.cols, self.grid, tuple(sorted(merged.items())))

    def __getitem__(self, cell: Cell) -> Clue:
        return self.grid[cell[0]][cell[1]]

    def cells(self) -> Iterator[Cell]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)

    def clues(self) -> dict[Cell, Clue]:
        """Every non-empty given, by cell."""
        return {(r, c): v for r, row in enumerate(self.grid) for c, v in enumerate(row)
                if v is not None}

    def with_clues(self, clues: dict[Cell, Clue]) -> "Puzzle":
        """The same size and genre with exactly these givens."""
        rows: list[list[Clue]] = [[None] * self.cols for _ in range(self.rows)]
        for (r, c), v in clues.items():
            if 0 <= r < self.rows and 0 <= c < self.cols:  # (cells outside are ignored)
                rows[r][c] = v
        grid = tuple(map(tuple, rows))
        return Puzzle(self.genre, self.rows, self.cols, grid, self.params)

    def to_doc(self) -> dict[str, Any]:
        """The JSON puzzle document: {"genre", "rows", "cols", "grid"}."""
        doc: dict[str, Any] = {"genre": self.genre, "rows": self.rows, "cols": self.cols,
                               "grid": [list(row) for row in self.grid]}
        for k, v in self.params:
            doc[k] = list(v) if isinstance(v, tuple) else v
        return doc


@runtime_checkable
class Answer(Protocol):
    """What the checker, the formats and the CLI need of any genre's answer."""

    def to_json(self) -> Any:
        """The answer as JSON (rows of characters for grid answers)."""
        ...

    def differ(self, other: Any) -> list[Cell]:
        """Cells where two answers of one puzzle disagree ([] for non-grid answers)."""
        ...


@dataclass(frozen=True, eq=False)
class Solution:
    """A grid answer as rows of characters (Canal View: ``#`` shaded, ``.`` unshaded).

    Equality and hashing go by the rows alone, so a typed answer (:class:`Shading`,
    :class:`LampSet`) equals the plain rows it stands for.
    """

    rows: tuple[str, ...]

    def __getitem__(self, cell: Cell) -> str:
        return self.rows[cell[0]][cell[1]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Solution) and self.rows == other.rows

    def __hash__(self) -> int:
        return hash(self.rows)

    def differ(self, other: "Solution") -> list[Cell]:
        """Cells, row-major and 0-based, where the two answers disagree."""
        return [(r, c) for r, (a, b) in enumerate(zip(self.rows, other.rows))
                for c, (x, y) in enumerate(zip(a, b)) if x != y]

    def to_json(self) -> list[str]:
        return list(self.rows)

    def cells_with(self, chars: str) -> frozenset[Cell]:
        """Cells holding one of these characters."""
        return frozenset((r, c) for r, row in enumerate(self.rows)
                         for c, ch in enumerate(row) if ch in chars)

    @classmethod
    def from_cells(cls: type[S], rows: int, cols: int, marked: "set[Cell] | frozenset[Cell]",
                   mark: str, blank: str = ".") -> S:
        return cls(tuple("".join(mark if (r, c) in marked else blank for c in range(cols))
                         for r in range(rows)))


@dataclass(frozen=True, eq=False)
class Shading(Solution):
    """A shading: ``#`` shaded, ``.`` unshaded, one character per cell."""

    @property
    def shaded(self) -> frozenset[Cell]:
        return self.cells_with("#")


@dataclass(frozen=True, eq=False)
class LampSet(Solution):
    """Light Up's answer: ``L`` a lamp, ``.`` a white cell, walls copied (``#`` or digit)."""

    @property
    def lamps(self) -> frozenset[Cell]:
        return self.cells_with("L")


@dataclass(frozen=True)
class Violation:
    """A broken rule: puzz.link's rule code where one exists, and the cells involved."""

    code: str
    message: str
    cells: tuple[Cell, ...] = field(default=())

    def describe(self) -> str:
        where = " ".join(f"r{r + 1}c{c + 1}" for r, c in self.cells)
        return f"{self.code}: {self.message}" + (f" at {where}" if where else "")
