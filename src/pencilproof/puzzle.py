"""Puzzles, solutions and rule violations: plain frozen data shared by every genre."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Union

Cell = tuple[int, int]
#: A grid entry: None (empty), an int clue, "?" (clue of unknown value) or "#" (a wall).
Clue = Union[None, int, str]


@dataclass(frozen=True)
class Puzzle:
    """A rectangular puzzle: the genre name and the givens, row by row."""

    genre: str
    rows: int
    cols: int
    grid: tuple[tuple[Clue, ...], ...]

    def __getitem__(self, cell: Cell) -> Clue:
        return self.grid[cell[0]][cell[1]]

    def cells(self) -> Iterator[Cell]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)

    def clues(self) -> dict[Cell, Clue]:
        """Every non-empty given, by cell."""
        return {rc: v for rc in self.cells() if (v := self[rc]) is not None}

    def with_clues(self, clues: dict[Cell, Clue]) -> "Puzzle":
        """The same size and genre with exactly these givens."""
        grid = tuple(tuple(clues.get((r, c)) for c in range(self.cols)) for r in range(self.rows))
        return Puzzle(self.genre, self.rows, self.cols, grid)

    def to_doc(self) -> dict:
        """The JSON puzzle document: {"genre", "rows", "cols", "grid"}."""
        return {"genre": self.genre, "rows": self.rows, "cols": self.cols,
                "grid": [list(row) for row in self.grid]}


@dataclass(frozen=True)
class Solution:
    """One answer as rows of characters (Canal View: ``#`` shaded, ``.`` unshaded)."""

    rows: tuple[str, ...]

    def __getitem__(self, cell: Cell) -> str:
        return self.rows[cell[0]][cell[1]]

    def differ(self, other: "Solution") -> list[Cell]:
        """Cells, row-major and 0-based, where the two answers disagree."""
        return [(r, c) for r, (a, b) in enumerate(zip(self.rows, other.rows))
                for c, (x, y) in enumerate(zip(a, b)) if x != y]


@dataclass(frozen=True)
class Violation:
    """A broken rule: puzz.link's rule code where one exists, and the cells involved."""

    code: str
    message: str
    cells: tuple[Cell, ...] = field(default=())

    def describe(self) -> str:
        where = " ".join(f"r{r + 1}c{c + 1}" for r, c in self.cells)
        return f"{self.code}: {self.message}" + (f" at {where}" if where else "")
