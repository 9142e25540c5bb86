"""Labels beside the grid's corners, each standing for a diagonal (Abc Path's numbers at
the corners), on top of :class:`~.lines_of_cells.EdgeGenre`'s labels beside rows and
columns.

* the ``corners`` parameter: four labels or nulls, :data:`CORNERS` in order (top-left,
  top-right, bottom-left, bottom-right); top-left and bottom-right stand for the main
  diagonal, the others for the other one; square grids only;
* drawn through :meth:`Genre.margins`' ``corners`` texts;
* generation: each corner label a clue of its own behind a switch (key: the corner cell
  and the corner's name, ``(0, 0, "top-left")``), named "the top-left corner";
* :func:`janko_ring`: janko.at's problem grids of n + 2 rows whose outer ring holds the
  labels (its corners the diagonals') around the n x n givens.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from ...errors import InputError
from ...puzzle import Cell, Clue, Puzzle
from ..contract import ClueKey, JankoBlock
from .lines_of_cells import EdgeGeneration, EdgeGenre
from .model import Rule, Values

CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")
Token = tuple[str, str]


def diagonal(n: int, k: int) -> list[Cell]:
    """The cells of the diagonal corner ``k`` (of :data:`CORNERS`) stands for, nearest first."""
    out = [(i, i) if k in (0, 3) else (i, n - 1 - i) for i in range(n)]
    return out[::-1] if k > 1 else out


def corner_key(n: int, k: int) -> tuple[int, int, str]:
    """The clue key of corner ``k``'s label: its corner cell and the corner's name."""
    return (n - 1 if k > 1 else 0, n - 1 if k % 2 else 0, CORNERS[k])


def is_corner_key(key: ClueKey) -> bool:
    return isinstance(key, tuple) and len(key) == 3 and key[2] in CORNERS


class CornerGenre(EdgeGenre):
    """An :class:`EdgeGenre` with labels at the corners too: :meth:`corner_rules` is what
    one says, :meth:`corner_value` the label an answer shows (generation); labels are
    read by :meth:`edge_label` like the others."""

    def __init__(self) -> None:
        super().__init__()
        self.generator = CornerGeneration(self)

    def corner_rules(self, puzzle: Puzzle, k: int, label: Any) -> list[Rule]:
        return []

    def corner_value(self, puzzle: Puzzle, v: Values, k: int) -> Any:
        return None

    def corners(self, puzzle: Puzzle) -> dict[int, Any]:
        """The corner labels given: corner index -> label."""
        return {k: x for k, x in enumerate(puzzle.param("corners") or ()) if x is not None}

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "corners":
            return super().parse_param(key, value, where)
        if not isinstance(value, (list, tuple)) or len(value) != 4:
            raise InputError(f"'corners' must be 4 labels or nulls ({', '.join(CORNERS)})", where)
        got = tuple(self.edge_label(x, f"{where}[{i}]") for i, x in enumerate(value))
        return got if any(x is not None for x in got) else None

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        if self.corners(puzzle) and puzzle.rows != puzzle.cols:
            raise InputError(f"labels at the corners need a square grid, not "
                             f"{puzzle.rows}x{puzzle.cols}", where)

    def margins(self, puzzle: Puzzle) -> dict[str, tuple[str, ...]]:
        out = super().margins(puzzle)
        if self.corners(puzzle):
            out["corners"] = tuple("" if x is None else self.edge_text(x)
                                   for x in puzzle.param("corners"))
        return out

    def all_rules(self, puzzle: Puzzle) -> list[Rule]:
        out = super().all_rules(puzzle)
        for k, label in self.corners(puzzle).items():
            out += self.corner_rules(puzzle, k, label)
        return out


class CornerGeneration(EdgeGeneration):
    """:class:`EdgeGeneration` with the corner labels as clues too (square grids)."""

    def __init__(self, genre: CornerGenre) -> None:
        super().__init__(genre)
        self.corner = genre

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        blank, clues = super().split_givens(puzzle)
        clues.update({corner_key(puzzle.rows, k): x for k, x in self.corner.corners(puzzle).items()})
        return blank.with_params(corners=None), clues

    def with_clues(self, blank: Puzzle, clues: Mapping[ClueKey, Clue]) -> Puzzle:
        corners = list(blank.param("corners") or (None,) * 4)
        for k in range(4):
            corners[k] = clues.get(corner_key(blank.rows, k), corners[k])
        rest = {k: v for k, v in clues.items() if not is_corner_key(k)}
        return super().with_clues(blank, rest).with_params(
            corners=tuple(corners) if any(x is not None for x in corners) else None)

    def clue_place(self, key: ClueKey) -> str:
        return f"the {key[2]} corner" if is_corner_key(key) else super().clue_place(key)

    def _rules(self, blank: Puzzle, key: ClueKey, clue: Clue) -> list[Rule]:
        if is_corner_key(key):
            return self.corner.corner_rules(blank, CORNERS.index(key[2]), clue)
        return super()._rules(blank, key, clue)

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        out = super().clue_candidates(answer)
        blank, v = self._values(answer)
        if blank.rows == blank.cols:
            for k in range(4):
                label = self.corner.corner_value(blank, v, k)
                if label is not None:
                    out[corner_key(blank.rows, k)] = label
        return out


def janko_ring(block: JankoBlock, what: str) -> tuple[dict[tuple[str, int], Token],
                                                      tuple[Token, ...], list[Sequence[Token]]]:
    """A problem of n + 2 rows of n + 2 tokens read as (the labels beside rows and columns
    by (side, index), the four corner tokens, the n x n tokens within); ``what`` names the
    genre's puzzle line in the error."""
    n, m, ring = block.rows, block.cols, block.sections.get("problem", ())
    if len(ring) != n + 2 or any(len(toks) != m + 2 for toks in ring):
        raise InputError(f"{what} problem is {n + 2} lines of {m + 2} tokens (the labels "
                         f"around the {n}x{m} grid)", block.where)
    sides = {"top": ring[0][1:-1], "bottom": ring[-1][1:-1],
             "left": [line[0] for line in ring[1:-1]], "right": [line[-1] for line in ring[1:-1]]}
    labels = {(side, i): tok for side, toks in sides.items() for i, tok in enumerate(toks)}
    corners = (ring[0][0], ring[0][-1], ring[-1][0], ring[-1][-1])
    return labels, corners, [line[1:-1] for line in ring[1:-1]]


def ring_labels(genre: EdgeGenre, tokens: Mapping[Any, Token]) -> dict[Any, Optional[Any]]:
    """Ring tokens read by the genre's :meth:`~EdgeGenre.edge_label`."""
    return {key: genre.edge_label(*tok) for key, tok in tokens.items()}


__all__ = ["CORNERS", "diagonal", "corner_key", "is_corner_key", "CornerGenre",
           "CornerGeneration", "janko_ring", "ring_labels"]
