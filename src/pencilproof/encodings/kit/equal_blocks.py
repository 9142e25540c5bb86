"""Equal blocks, with both faces: a division of the grid into connected blocks of the same
number of cells (Burokku), answered as :class:`~.division.Walls`.

* :class:`FramedWalls`: Walls whose answers write the grid's frame too (an answer leaving
  a frame side out is refused at its cell, not read as the same answer);
* :class:`EqualBlocks`: every block has ``size`` cells (``bkSizeNe``; ``bdDeadEnd`` a border
  inside one). Encoded with a block number per cell (atom :func:`label`), a border exactly
  where two neighbours' numbers differ, ``size`` cells per number (a totalizer), each
  number connected by :func:`~.connect.rooted_levels` (at most size - 1 steps). Numbers
  are pinned so that a division has one numbering: to ``anchors`` when given (cells known
  to lie one in every block: block j is the j-th one's, a cell taking only the numbers of
  anchors less than ``size`` steps away), else in the order of the blocks' first cells
  (number j only after a cell of number j - 1; a block's root is its first cell).
"""
from __future__ import annotations

from typing import Optional, Sequence

from ...puzzle import Cell, Violation
from ..cnf import at_most_one_linear, exactly_count
from .connect import rooted_levels
from .division import CHAR_OF, SIDES, Walls, between, inner_borders, pieces
from .model import Encoder, Lit, Rule, Values, bad_char


def label(cell: Cell, j: int) -> tuple[str, int, int, int]:
    """The atom "this cell lies in block number j" (the encoding's, not the answer's)."""
    return ("blk", cell[0], cell[1], j)


class FramedWalls(Walls):
    """Walls whose answers write the frame too (left out: refused, not the same answer)."""

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        frame = "".join(d for d in "RD" if d not in self.sides(cell))
        if ch in SIDES and any(d not in SIDES[ch] for d in frame):
            want = CHAR_OF["".join(d for d in "RD" if d in frame + SIDES[ch])]
            raise bad_char(ch, cell, f"{want}: the grid's frame is a border", where)
        super().read(cell, ch, v, where)


class EqualBlocks(Rule):
    """Blocks of ``size`` cells, numbered as the module says."""

    code = "bkSizeNe"

    def __init__(self, layer: Walls, size: int, anchors: Optional[Sequence[Cell]] = None):
        self.layer, self.size, self.anchors = layer, size, anchors

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "the division is a rule of the genre"
        b, k, layer = e.b, self.size, self.layer
        cells = [(r, c) for r in range(layer.rows) for c in range(layer.cols)]
        m = len(cells) // k
        anchors = self.anchors
        lab: dict[Cell, dict[int, Lit]] = {}
        roots: dict[Cell, list[Lit]] = {}
        least: dict[Cell, int] = {}
        if anchors is not None:  # block j is the one of the j-th anchor: no renaming
            for x in cells:
                near = {j: abs(x[0] - a[0]) + abs(x[1] - a[1]) for j, a in enumerate(anchors)
                        if x not in anchors or x == a}
                lab[x] = {j: e[label(x, j)] for j, d in near.items() if d < k}
                least[x] = min(near.values())
            roots = {a: [b.true] for a in anchors}
        else:  # blocks numbered in the order of their first cells
            seen: dict[int, Lit] = {}  # j -> "a cell so far has number j"
            for i, x in enumerate(cells):
                lab[x] = {j: e[label(x, j)] for j in range(min(i + 1, m))}
                root = b.new_var()
                for j, lit in lab[x].items():
                    if j:
                        b.add_clause([-lit, seen[j - 1]])
                    if j in seen:
                        b.add_clause([-root, -lit, -seen[j]])
                        seen[j] = e.reify_or([seen[j], lit])
                    else:
                        seen[j] = lit
                roots[x] = [root]
        for x in cells:
            b.add_clause(list(lab[x].values()))
            at_most_one_linear(b, list(lab[x].values()))
        for x, y in layer.pairs():
            wall = e[between(x, y)]
            for j in set(lab[x]) | set(lab[y]):
                a, c = lab[x].get(j, -b.true), lab[y].get(j, -b.true)
                b.add_clause([-wall, -a, -c])
                b.add_clause([wall, -a, c])
                b.add_clause([wall, a, -c])
        for j in range(m):
            exactly_count(b, [lab[x][j] for x in cells if j in lab[x]], k)
        rooted_levels(e, cells, lambda x, y: -e[between(x, y)], roots, dict.fromkeys(cells, k - 1),
                      least or None)

    def check(self, v: Values) -> list[Violation]:
        found, of = pieces(v, self.layer)
        out = [self.broken(p, f"a block has {len(p)} cells, not {self.size}")
               for p in found if len(p) != self.size]
        return out + inner_borders(v, self.layer, of)


__all__ = ["EqualBlocks", "FramedWalls", "label"]
